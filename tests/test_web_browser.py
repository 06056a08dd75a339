"""The page in real headless Chromium: a whole solo game played by clicking, and two seats' pages
following each other's moves."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_web_restart import Server, serving

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium (.ci/run installs it)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3", bot_delay=0.0) as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves || -1"))


def click_and_wait(page: Any, selector: str) -> None:
    before = moves(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}", timeout=10_000)


PREFERENCE = ("end", "stop", "under ", "play ", "discard none", "take ", "camp")


def test_solo_game_played_to_the_end_by_clicking(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000}, bypass_csp=True)  # lets the test evaluate its checks
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.select_option("#count", "1")
    page.locator(".seat[data-seat='0'] .kind").select_option("human")
    page.select_option("#mackenzie", "7")
    page.fill("#seed", "5")
    page.click("#create")
    page.locator("[data-seat-link='0']").click()
    page.wait_for_selector("#actions button")
    assert "You play Orange" in page.inner_text("#who")
    # First, act on the table itself: click a card of the hand (play it), then another (under it).
    click_and_wait(page, "#board g.can[data-target^='card:']")
    assert page.locator("#board g.can[data-target^='card:']").count() > 0
    click_and_wait(page, "#board g.can[data-target^='card:']")
    # Then play on from the list of choices, preferring short turns: Mackenzie (level 7) arrives within 32 turns.
    for _ in range(600):
        if page.locator("#end").is_visible():
            break
        texts = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.action)")
        if not texts:
            page.wait_for_timeout(50)
            continue
        pick = next((t for p in PREFERENCE for t in texts if t.startswith(p) or t == p.strip()), texts[0])
        click_and_wait(page, f"#actions button[data-action='{pick}']")
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
        page.wait_for_selector("#log")
        page.wait_for_function("document.body.dataset.moves !== undefined")
        pages.append(page)
    # Let the bot finish if it starts; then whoever is to play clicks.
    for page in pages:
        page.wait_for_function("document.querySelectorAll('#actions button').length > 0 || "
                               "document.getElementById('actions').textContent.includes('Waiting')")
    _, view = server.call("GET", f"/api/games/{g['id']}")
    mover = pages[view["current"]]
    watcher = pages[1 - view["current"]]
    mover.wait_for_selector("#actions button")
    assert watcher.locator("#actions button").count() == 0
    before = moves(watcher)
    label = mover.locator("#actions button").first.inner_text()
    click_and_wait(mover, "#actions button")
    watcher.wait_for_function(f"(document.body.dataset.moves|0) > {before}", timeout=5_000)
    assert moves(watcher) == moves(mover)
    assert watcher.inner_text("#log").strip().splitlines()[-1] == mover.inner_text("#log").strip().splitlines()[-1]
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
    # The single choices are still there below the plans, and the board still answers clicks.
    assert page.locator("#actions button").count() == len(after["legal"])
    page.close()
    assert errors == []
