"""The page in real headless Chromium: a whole solo game played by clicking, and two seats' pages
following each other's moves."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from test_web_restart import Server

from conftest import needs_chromium, play_to_the_end, single

pytestmark = needs_chromium




def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves || -1"))


def click_and_wait(page: Any, selector: str) -> None:
    before = moves(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}", timeout=10_000)


def test_solo_game_played_to_the_end_by_clicking(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)  # lets the test evaluate its checks
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.select_option("#count", "1")
    page.locator(".seat[data-seat='0'] .kind").select_option("human")
    page.select_option("#mackenzie", "7")
    page.click("#advanced summary")
    page.fill("#seed", "5")
    page.click("#create")  # one person: the game opens on their seat
    page.wait_for_selector("#actions button")
    assert "You play Orange" in page.inner_text("#who")
    # First, act on the table itself: click a card of the hand (its panel), its "play" button; then another
    # card (under it) and its button.
    page.locator("#board g.can[data-target^='card:']").first.click()
    click_and_wait(page, "#info-actions button[data-action^='play ']")
    assert page.locator("#board g.can[data-target^='card:']").count() > 0
    page.locator("#board g.can[data-target^='card:']").first.click()
    click_and_wait(page, "#info-actions button[data-action^='under ']")
    # Then play on from the list of choices, preferring short turns: Mackenzie (level 7) arrives within 32 turns.
    play_to_the_end(page, lambda pick: click_and_wait(page, f"#actions button[data-action='{pick}']"))
    assert page.locator("#end").is_visible()
    assert "Mackenzie" in page.inner_text("#end-text") or "wins" in page.inner_text("#end-text")
    assert page.locator("#actions button").count() == 0
    page.click("#replay-link")
    page.wait_for_function("document.getElementById('counter').textContent.startsWith('0 /')")
    page.click("#last")
    page.wait_for_function("!document.getElementById('counter').textContent.startsWith('0 /')")
    assert page.locator("#board .panel-route svg").count() == 1  # the table's panels: route, Village, Journal,
    assert page.locator("#board .panel-expedition svg").count() == 1  # and the one expedition
    assert errors == []
    page.close()


def test_two_seats_see_each_others_moves(server: Server, browser: Any) -> None:
    # Seed 1: the bot (seat 2) starts, so the log already holds its moves when the pages open.
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"},
                                                           {"kind": "bot", "level": "random"}], "seed": 1})
    assert status == 201
    pages = []
    for seat in (0, 1):
        context = browser.new_context(bypass_csp=True)
        page = context.new_page()
        page.goto(server.base + g["seats"][seat]["link"])
        # the log is in the page, though folded away when the decision needs the side column's room
        page.wait_for_selector("#log", state="attached")
        page.wait_for_function("document.body.dataset.moves !== undefined")
        pages.append(page)
    # Let the bot finish if it starts; then whoever is to play clicks.
    for page in pages:
        page.wait_for_function("document.querySelectorAll('#actions button').length > 0 || "
                               "document.getElementById('actions').textContent.includes('Waiting')")
    _, view = server.call("GET", f"/api/games/{g['id']}")
    end = time.monotonic() + 60
    while view["current"] not in (0, 1):  # "Waiting" is shown while the bot still plays: wait for a person
        assert time.monotonic() < end, "the bot seat never handed the turn on"
        time.sleep(0.1)
        _, view = server.call("GET", f"/api/games/{g['id']}")
    mover = pages[view["current"]]
    watcher = pages[1 - view["current"]]
    mover.wait_for_selector("#actions button")
    assert watcher.locator("#actions button").count() == 0
    before = moves(watcher)
    first = "#actions button[data-action]:not(.camp)"  # a choice inside the turn, behind "more" when plans are offered
    label = single(mover, first).first.inner_text()
    click_and_wait(mover, first)
    watcher.wait_for_function(f"(document.body.dataset.moves|0) > {before}", timeout=15_000)
    assert moves(watcher) == moves(mover)
    last = "document.querySelector('#log li:last-child').textContent"
    assert watcher.evaluate(last) == mover.evaluate(last)
    assert label.split()[0] in ("Play", "Send", "Recruit", "Camp")
    for page in pages:
        page.context.close()


def test_spectator_page_offers_no_choices(server: Server, browser: Any, tmp_path: Path) -> None:
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1})
    page = browser.new_page(bypass_csp=True)
    page.goto(server.base + g["spectator"])
    page.wait_for_function("document.body.dataset.moves === '0'")
    assert "watching" in page.inner_text("#who")
    assert page.locator("#actions button").count() == 0
    assert page.locator("#board g.can").count() == 0
    page.close()


def test_a_plan_button_plays_the_whole_action(server: Server, browser: Any) -> None:
    # Seed 6: Blue starts, and Seaman is among the plans.
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 6})
    assert status == 201
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#plans button.plan")
    _, view = server.call("GET", f"/api/games/{g['id']}")
    plan = next(p for p in view["plans"] if p["target"] == "card:seaman")
    assert page.inner_text("#hint") == view["hint"]
    button = page.locator(f"#plans button[data-plan='{'; '.join(plan['steps'])}']")
    assert button.inner_text() == plan["label"]
    button.hover()  # the card it plays glows on the table
    assert page.locator("#board g.lit[data-target='card:seaman']").count() == 1
    button.click()
    page.wait_for_function(f"document.body.dataset.moves === '{len(plan['steps'])}'", timeout=10_000)
    _, after = server.call("GET", f"/api/games/{g['id']}")
    assert after["moves"] == len(plan["steps"]) and page.inner_text("#error") == ""
    assert "Seaman" in page.inner_text("#log")
    # The single choices are still there below the plans, folded behind "more" (the turn's closers in view).
    assert page.locator("#actions button[data-action]").count() == len(after["legal"])
    if after["plans"]:
        assert page.locator("#more").is_visible() and page.locator("#more-list").is_hidden()
    page.close()
    assert errors == []


def test_one_click_undo_takes_back_a_whole_plan_and_restart_the_turn(server: Server, browser: Any) -> None:
    """Seaman played by a single choice, then a plan for his Strength and performances: one Undo takes
    back the whole plan (back to the single choice), Restart turn goes back to the turn's start."""
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 6})
    assert status == 201
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#plans button.plan")
    single(page, "#actions button[data-action='play seaman']").click()
    page.wait_for_function("document.body.dataset.moves === '1'", timeout=10_000)
    assert page.locator("#restart").is_hidden()  # one choice so far: Undo is all
    _, view = server.call("GET", f"/api/games/{g['id']}")
    plan = next(p for p in view["plans"] if len(p["steps"]) > 3)
    n = 1 + len(plan["steps"])
    button = f"#plans button[data-plan='{'; '.join(plan['steps'])}']"
    page.click(button)
    page.wait_for_function(f"document.body.dataset.moves === '{n}'", timeout=10_000)
    _, done = server.call("GET", f"/api/games/{g['id']}")
    assert (done["undo_steps"], done["restart_steps"]) == (len(plan["steps"]), n)
    page.click("#undo")  # one click: the whole plan
    page.wait_for_function("document.body.dataset.moves === '1'", timeout=10_000)
    _, back = server.call("GET", f"/api/games/{g['id']}")
    assert back["state"]["stack"] and back["legal"] == view["legal"]
    page.click(button)
    page.wait_for_function(f"document.body.dataset.moves === '{n}'", timeout=10_000)
    assert page.locator("#restart").is_visible()
    page.click("#restart")
    page.wait_for_function("document.body.dataset.moves === '0'", timeout=10_000)
    _, start = server.call("GET", f"/api/games/{g['id']}")
    assert start["moves"] == 0 and start["undo"] == -1 and page.locator("#undo").is_hidden()
    assert page.inner_text("#error") == ""
    page.close()
    assert errors == []


def test_the_creator_deletes_a_game_from_the_home_page(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900}, bypass_csp=True)  # lets the test evaluate its checks
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.select_option("#count", "2")
    page.click("#create")  # one person and a bot: the game opens on the person's seat
    page.wait_for_url("**/play/**")
    gid = page.url.split("/play/")[1].split("#")[0]
    page.goto(server.base + "/")
    page.wait_for_function(f"document.querySelector(\"#mine-list span.turn[data-game='{gid}']\")?.textContent")
    assert page.inner_text(f"#mine-list span.turn[data-game='{gid}']").endswith(" to play")
    button = page.locator(f"#mine-list button.delete[data-game='{gid}']")
    assert button.count() == 1
    page.once("dialog", lambda d: d.accept())
    button.click()
    page.wait_for_function(f"!document.querySelector(\"#mine-list button[data-game='{gid}']\")", timeout=10_000)
    assert server.call("GET", f"/api/games/{gid}")[0] == 404
    page.reload()
    assert page.locator(f"#mine-list a[href='/play/{gid}']").count() == 0  # forgotten by the browser too
    assert not errors
    page.close()
