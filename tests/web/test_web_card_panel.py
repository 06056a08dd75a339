"""A click, tap or Enter on a card or a Village place shows it and never acts (its panel: its text, what
it would do now, those actions as buttons), and a choice that pays for nothing is asked about first, in
Debian's chromium at 1280x800 and 390x844. Screenshots of the panel and the question go to
tests/artifacts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_restart import Server

from conftest import needs_chromium, single

pytestmark = needs_chromium

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
DEVICES = pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])


def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves || -1"))


def press(page: Any, locator: Any, touch: bool) -> None:
    """A tap on a touch screen, a click with a mouse."""
    if touch:
        locator.tap()
    else:
        locator.click()


def pressed_and_moved(page: Any, locator: Any, touch: bool) -> None:
    before = moves(page)
    press(page, locator, touch)
    page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}", timeout=10_000)


class Game:
    """A solo game (seed 5) open on its seat's page in a fresh context."""

    def __init__(self, server: Server, browser: Any, device: dict[str, Any]) -> None:
        status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}], "mackenzie": 7, "seed": 5})
        assert status == 201, g
        self.server, self.id = server, g["id"]
        self.touch = bool(device.get("has_touch"))
        self.context = browser.new_context(**device, bypass_csp=True)  # lets the test evaluate its checks
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.goto(server.base + g["seats"][0]["link"])
        self.page.wait_for_selector("#actions button")
        _, self.meta = server.call("GET", "/api/meta")

    def view(self) -> dict[str, Any]:
        _, v = self.server.call("GET", f"/api/games/{self.id}")
        return v

    def close(self) -> None:
        self.context.close()
        assert self.errors == []


@DEVICES
def test_a_hand_card_click_shows_its_panel_and_only_its_button_plays_it(server: Server, browser: Any,
                                                                        device: dict[str, Any]) -> None:
    game = Game(server, browser, device)
    page = game.page
    before = game.view()
    card = page.locator("#board g.can[data-target^='card:']").first
    slug = card.get_attribute("data-card")
    press(page, card, game.touch)
    page.wait_for_selector("#info[open]")
    # Shown, not played: the game is as it was.
    page.wait_for_timeout(300)
    after = game.view()
    assert (after["version"], after["moves"], after["state"]) == (before["version"], before["moves"], before["state"])
    assert moves(page) == before["moves"]
    assert page.inner_text("#info-title") == game.meta["cards"][slug]["title"]
    assert page.inner_text("#info-text") == game.meta["cards"][slug]["text"]
    assert page.inner_text("#info-now") == game.meta["words"]["info_now"]
    # What it would do now: the whole actions that start with it, and the single choice, as buttons.
    plans = [p for p in before["plans"] if p["target"] == f"card:{slug}"]
    buttons = page.locator("#info-actions button")
    assert buttons.count() == len(plans) + 1 and plans
    assert buttons.first.inner_text() == plans[0]["label"]
    assert page.locator(f"#info-actions button[data-action='play {slug}']").count() == 1
    assert page.locator("#info").is_visible()
    page.screenshot(path=str(ARTIFACTS / f"card-panel-{'phone' if game.touch else 'desktop'}.png"))
    # Escape closes it, and still nothing happened.
    page.keyboard.press("Escape")
    page.wait_for_selector("#info:not([open])", state="attached")
    assert game.view()["moves"] == before["moves"]
    # Opened again, its single choice plays the card.
    press(page, page.locator(f"#board g[data-card='{slug}']").first, game.touch)
    page.wait_for_selector("#info[open]")
    pressed_and_moved(page, page.locator(f"#info-actions button[data-action='play {slug}']"), game.touch)
    assert game.view()["moves"] == before["moves"] + 1
    assert not page.locator("#info[open]").count()
    game.close()


@DEVICES
def test_a_journal_card_click_shows_it_and_its_button_recruits(server: Server, browser: Any,
                                                              device: dict[str, Any]) -> None:
    game = Game(server, browser, device)
    page = game.page
    before = game.view()
    recruit = next(a for a in before["legal"] if a["verb"] == "recruit")
    slug = recruit["text"].split()[1]
    card = page.locator(f"#board g[data-target='journal:{slug}']")
    card.scroll_into_view_if_needed()
    press(page, card, game.touch)
    page.wait_for_selector("#info[open]")
    page.wait_for_timeout(300)
    assert game.view()["moves"] == before["moves"] and moves(page) == before["moves"]
    assert page.inner_text("#info-title") == game.meta["cards"][slug]["title"]
    button = page.locator(f"#info-actions button[data-action='recruit {slug}']")
    assert button.inner_text() == recruit["label"]
    pressed_and_moved(page, button, game.touch)
    assert game.view()["moves"] == before["moves"] + 1
    game.close()


def test_enter_on_a_focused_card_opens_its_panel_and_acts_on_nothing(server: Server, browser: Any) -> None:
    game = Game(server, browser, DESKTOP)
    page = game.page
    before = game.view()
    card = page.locator("#board g.can[data-target^='card:']").first
    assert card.get_attribute("tabindex") == "0" and card.get_attribute("role") == "button"
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#info[open]")
    page.keyboard.press("Enter")  # the focus is on Close: a second Enter plays nothing
    page.wait_for_selector("#info:not([open])", state="attached")
    # A card of the Playing Area or a Village place shows its panel too (a place: its text and its choices).
    page.locator("#board g[data-place='hunting']").first.focus()
    page.keyboard.press(" ")
    page.wait_for_selector("#info[open]")
    hunting = next(p for p in game.meta["places"] if p["name"] == "hunting")
    assert page.inner_text("#info-title") == hunting["title"] and page.inner_text("#info-text") == hunting["text"]
    assert page.locator("#info-actions button[data-action='village hunting 1']").count() == 1
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    assert game.view()["moves"] == before["moves"]
    game.close()


@DEVICES
def test_a_choice_that_pays_for_nothing_is_asked_about_first(server: Server, browser: Any,
                                                            device: dict[str, Any]) -> None:
    """One Indian to Expedition Upgrade with no Wood to pay: marked, and sent only once confirmed."""
    game = Game(server, browser, device)
    page = game.page
    before = game.view()
    futile = {a["text"]: a for a in before["legal"] if a["futile"]}
    assert "village upgrade 1" in futile and not any(a["futile"] for a in before["legal"] if a["verb"] == "play")
    button = single(page, "#actions button[data-action='village upgrade 1']")
    assert "futile" in (button.get_attribute("class") or "")
    button.scroll_into_view_if_needed()
    press(page, button, game.touch)
    page.wait_for_selector("#warn[open]")
    words = game.meta["words"]
    assert page.inner_text("#warn-title") == words["futile_title"]
    assert futile["village upgrade 1"]["label"] in page.inner_text("#warn-text")
    page.screenshot(path=str(ARTIFACTS / f"futile-confirm-{'phone' if game.touch else 'desktop'}.png"))
    press(page, page.locator("#warn-keep"), game.touch)  # "Choose again": nothing sent
    page.wait_for_selector("#warn:not([open])", state="attached")
    page.wait_for_timeout(300)
    assert game.view()["moves"] == before["moves"]
    # From the Village place's panel the same choice is asked about too; "Do it anyway" sends it.
    place = page.locator("#board g[data-place='upgrade']")
    place.scroll_into_view_if_needed()
    press(page, place, game.touch)
    page.wait_for_selector("#info[open]")
    press(page, page.locator("#info-actions button[data-action='village upgrade 1']"), game.touch)
    page.wait_for_selector("#warn[open]")
    pressed_and_moved(page, page.locator("#warn-go"), game.touch)
    assert game.view()["moves"] == before["moves"] + 1
    game.close()
