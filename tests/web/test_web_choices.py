"""The decision panel in Debian's chromium at 1280x800 and 390x844: the plans in view and the
single choices folded behind a keyboard-accessible "more", open for the rest of the turn once opened;
a discount paid with the Commander asked about first in the page's language; numbers and dates in
the page's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_web_phone import DESKTOP, PHONE, Watched, in_view, moves, new_game
from test_web_restart import Server

from conftest import needs_chromium, single

pytestmark = needs_chromium
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DEVICES = pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
CLOSERS = ("camp", "end", "stop")


def _visible(page: Any, selector: str) -> list[str]:
    """The data-action of every button matching ``selector`` that is shown (not inside a hidden box)."""
    return page.eval_on_selector_all(selector, "bs => bs.filter(b => b.offsetParent !== null).map(b => b.dataset.action)")


def _view(server: Server, game: dict[str, Any]) -> dict[str, Any]:
    return server.call("GET", f"/api/games/{game['id']}")[1]


@DEVICES
def test_single_choices_wait_behind_more_which_stays_open_for_the_turn(server: Server, browser: Any,
                                                                      device: dict[str, Any]) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=6)  # Blue starts, with plans
    w = Watched(browser, server, device)
    page = w.page
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#plans button.plan")
    view = _view(server, g)
    folded = [a["text"] for a in view["legal"] if a["verb"] not in CLOSERS]
    assert 1 <= page.locator("#plans button.plan").count() == len(view["plans"]) <= 6
    # In view: the plans and what closes the turn (Camp); the single choices wait behind "more".
    assert _visible(page, "#actions button[data-action]") == [a["text"] for a in view["legal"] if a["verb"] in CLOSERS]
    more = page.locator("#more")
    assert more.get_attribute("aria-expanded") == "false" and more.get_attribute("aria-controls") == "more-list"
    assert more.inner_text().startswith(f"More choices ({len(folded)})")
    assert page.locator("#more-list").is_hidden()
    name = "desktop" if device is DESKTOP else "phone"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-choices-folded.png"))
    # The keyboard opens and closes it (a real button: Enter and Space).
    more.focus()
    page.keyboard.press("Enter")
    assert more.get_attribute("aria-expanded") == "true" and page.locator("#more-list").is_visible()
    assert sorted(_visible(page, "#more-list button")) == sorted(folded)
    page.keyboard.press("Space")
    assert more.get_attribute("aria-expanded") == "false" and page.locator("#more-list").is_hidden()
    page.keyboard.press("Enter")
    page.screenshot(path=str(ARTIFACTS / f"{name}-choices-more.png"))
    # A single choice: the next decision of the same turn keeps "more" open.
    before = moves(page)
    page.locator("#more-list button[data-action='play seaman']").click()
    page.wait_for_function(f"(document.body.dataset.moves|0) > {before}")
    view = _view(server, g)
    assert view["plans"] and page.locator("#more").get_attribute("aria-expanded") == "true"
    assert page.locator("#more-list").is_visible()
    # The turn played to its end: the next turn starts folded again.
    seat = view["current"]
    for _ in range(30):
        view = _view(server, g)
        if view["current"] != seat:
            break
        page.wait_for_function(f"(document.body.dataset.moves|0) === {view['moves']}")
        ends = [a["text"] for a in view["legal"] if a["verb"] in ("end", "stop")]
        pick = ends[0] if ends else view["legal"][0]["text"]
        before = moves(page)
        single(page, f"#actions button[data-action='{pick}']").click()
        page.wait_for_function(f"(document.body.dataset.moves|0) > {before}")
    view = _view(server, g)
    assert view["current"] != seat
    page.wait_for_function(f"(document.body.dataset.moves|0) === {view['moves']}")
    if view["plans"]:
        assert page.locator("#more").get_attribute("aria-expanded") == "false"
        assert page.locator("#more-list").is_hidden()
    assert w.errors == []
    w.close()


def test_without_plans_every_single_choice_is_in_view(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    w = Watched(browser, server, DESKTOP)
    page = w.page
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#actions button")
    single(page, "#actions button[data-action='recruit joseph-gravelines']").click()
    page.wait_for_selector("#actions button[data-action='discard none']")
    view = _view(server, g)
    assert not view["plans"] and page.locator("#more").count() == 0
    assert _visible(page, "#actions button[data-action]") == [a["text"] for a in view["legal"]]
    w.close()


@DEVICES
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_discarding_the_commander_for_a_discount_asks_first(server: Server, browser: Any, device: dict[str, Any],
                                                            lang: str) -> None:
    """Seed 1: Orange may recruit Joseph Gravelines at once; William Clark, the Commander, could pay
    the discount. The page asks in its own language; "Keep it" and Escape send nothing."""
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    _, meta = server.call("GET", f"/api/meta?lang={lang}")
    words = meta["words"]
    w = Watched(browser, server, device)
    page = w.page
    path, fragment = g["hotseat"].split("#")
    page.goto(f"{server.base}{path}?lang={lang}#{fragment}")
    page.wait_for_selector("#actions button")
    single(page, "#actions button[data-action='recruit joseph-gravelines']").click()
    page.wait_for_selector("#actions button[data-action='discard william-clark']")
    _, view = server.call("GET", f"/api/games/{g['id']}?lang={lang}")
    warn = {a["text"]: a["warn"] for a in view["legal"]}
    assert warn["discard william-clark"] and not warn["discard york"] and not warn["discard none"]
    shown = moves(page)
    clark = page.locator("#actions button[data-action='discard william-clark']")
    clark.click()
    page.wait_for_selector("#warn[open]")
    assert page.inner_text("#warn-text") == warn["discard william-clark"]
    assert page.inner_text("#warn-title") == words["warn_title"]
    assert page.inner_text("#warn-keep") == words["warn_keep"] and page.inner_text("#warn-go") == words["warn_go"]
    assert page.evaluate("document.activeElement.id") == "warn-keep"  # the safe answer has the focus
    assert in_view(page, "#warn-text") and in_view(page, "#warn-go")
    if lang == "hu":
        assert "Parancsnok" in warn["discard william-clark"] and "(z)" not in warn["discard william-clark"]
    name = "desktop" if device is DESKTOP else "phone"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-discard-warning-{lang}.png"))
    page.click("#warn-keep")
    assert page.locator("#warn[open]").count() == 0
    clark.click()
    page.wait_for_selector("#warn[open]")
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    assert moves(page) == shown and _view(server, g)["moves"] == shown  # nothing sent
    clark.click()
    page.wait_for_selector("#warn[open]")
    page.click("#warn-go")
    page.wait_for_function(f"(document.body.dataset.moves|0) > {shown}")
    hand = _view(server, g)["state"]["players"][0]["hand"]
    assert meta["cards"]["william-clark"]["id"] not in hand and meta["cards"]["joseph-gravelines"]["id"] in hand
    assert w.errors == []
    w.close()


@pytest.mark.parametrize(("lang", "number", "date"), [("en", "12,345", r"^[A-Z][a-z]{2} \d{1,2}, \d{4}"),
                                                      ("hu", "12\u00a0345", r"^\d{4}\. [a-zé]+\.? \d{1,2}\.")])
def test_numbers_and_dates_follow_the_page_language(server: Server, browser: Any, lang: str, number: str,
                                                    date: str) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=2)
    w = Watched(browser, server, DESKTOP)
    page = w.page
    path, fragment = g["seats"][0]["link"].split("#")
    page.goto(f"{server.base}{path}?lang={lang}#{fragment}")  # the game page remembers the game
    page.wait_for_selector("#actions button")
    assert page.evaluate("import('/static/api.js').then((m) => m.fmt('{n}', { n: 12345 }))") == number
    page.goto(f"{server.base}/?lang={lang}")
    page.wait_for_selector("#mine-list li")
    when = page.inner_text("#mine-list li .muted")
    assert re.match(date, when), when
    assert w.errors == []
    w.close()


def test_a_move_is_logged_once_in_each_language(server: Server, browser: Any) -> None:
    """Seed 6: Blue's plan "Meriwether Lewis river with food" plays, performs and chooses the stop (R2):
    the log says the move once, on an English and on a Hungarian page of the same game."""
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=6)
    view = _view(server, g)
    plan = next(p for p in view["plans"] if p["target"] == "card:meriwether-lewis")
    assert any(step.startswith("move ") for step in plan["steps"])
    pages = {}
    for lang in ("en", "hu"):
        w = Watched(browser, server, DESKTOP)
        path, fragment = g["hotseat"].split("#")
        w.page.goto(f"{server.base}{path}?lang={lang}#{fragment}")
        w.page.wait_for_selector("#plans button.plan")
        pages[lang] = w
    pages["en"].page.click(f"#plans button[data-plan='{'; '.join(plan['steps'])}']")
    for w in pages.values():
        w.page.wait_for_function(f"(document.body.dataset.moves|0) === {len(plan['steps'])}")
    en = [line for line in pages["en"].page.inner_text("#log").splitlines() if "Scout" in line]
    hu = [line for line in pages["hu"].page.inner_text("#log").splitlines() if "Felderítő" in line]
    assert en == ["Blue's Scout moves 2 spaces, from 5 to 7"], en
    assert hu == ["Kék Felderítője 2 mezőt lép: 5 -> 7"], hu
    for w in pages.values():
        assert w.errors == []
        w.close()
