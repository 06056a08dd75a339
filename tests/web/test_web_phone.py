"""The game page on a phone (390x844, touch) and a desktop (1280x800) in Debian's chromium: a whole solo
game played by tapping, the decision always in view, no horizontal scrolling, no request leaving the
server, the tap panel, undo's double tap, blocked localStorage and a lost connection."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from test_web_restart import Server

from conftest import needs_chromium, play_to_the_end, single

pytestmark = needs_chromium

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}




class Watched:
    """A page with its errors and every URL it asked for."""

    def __init__(self, browser: Any, server: Server, device: dict[str, Any], **extra: Any) -> None:
        self.context = browser.new_context(**device, **extra, bypass_csp=True)  # lets the test evaluate its checks
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.urls: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.urls.append(r.url))
        self.server = server

    def outside(self) -> list[str]:
        here = urlsplit(self.server.base).netloc
        return [u for u in self.urls if urlsplit(u).netloc != here and not u.startswith(("data:", "blob:"))]

    def close(self) -> None:
        self.context.close()


def moves(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.moves || -1"))


def overflow(page: Any) -> int:
    """How far the page reaches beyond the screen's width (0: no horizontal scrolling)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is on screen now, without scrolling."""
    return bool(page.evaluate(f"""(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1
            && r.left >= 0 && r.right <= window.innerWidth + 1; }})()"""))


def tap_and_wait(page: Any, locator: Any) -> None:
    before = moves(page)
    locator.tap()
    page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}", timeout=10_000)


def new_game(server: Server, **spec: Any) -> dict[str, Any]:
    status, g = server.call("POST", "/api/games", spec)
    assert status == 201, g
    return g


def test_a_whole_solo_game_played_by_tapping_on_a_phone(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human", "name": "Anna"}], mackenzie=7, seed=5)
    w = Watched(browser, server, PHONE)
    page = w.page
    page.goto(server.base + g["seats"][0]["link"])
    page.wait_for_selector("#actions button")
    assert "Anna" in page.inner_text("#who")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-solo-start.png"))
    assert overflow(page) == 0
    # The decision is docked on screen, even with the page scrolled to the table's far end.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert in_view(page, "#prompt") and in_view(page, "#decision")
    # Tapping a card of the hand opens its panel (touch has no hover): its full text, then its action.
    card = page.locator("#board g.can[data-target^='card:']").first
    slug = card.get_attribute("data-card")
    card.tap()
    page.wait_for_selector("#info[open]")
    _, meta = server.call("GET", "/api/meta")
    assert page.inner_text("#info-text") == meta["cards"][slug]["text"]
    assert page.inner_text("#info-title") == meta["cards"][slug]["title"]
    tap_and_wait(page, page.locator("#info-actions button").first)
    assert not page.locator("#info[open]").count()
    # Then play on from the docked list of choices until the game ends.
    def tap(pick: str) -> None:  # play_to_the_end has opened "more"
        button = page.locator(f"#actions button[data-action='{pick}']")
        try:
            button.scroll_into_view_if_needed(timeout=2_000)
            assert in_view(page, f"#actions button[data-action='{pick}']")
            tap_and_wait(page, button)
        except PlaywrightError:  # a newer view redrew the choices meanwhile: look again
            return
        assert overflow(page) == 0

    play_to_the_end(page, tap)
    assert page.locator("#end").is_visible()
    page.screenshot(path=str(ARTIFACTS / "phone-solo-end.png"))
    assert w.errors == [] and w.outside() == []
    w.close()


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_page_scrolls_sideways_or_asks_another_server(server: Server, browser: Any, device: dict[str, Any]) -> None:
    g = new_game(server, seats=[{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 4], seed=2)
    w = Watched(browser, server, device)
    name = "phone" if device is PHONE else "desktop"
    for path in ("/", g["seats"][0]["link"], g["spectator"], "/docs"):
        w.page.goto(server.base + path)
        w.page.wait_for_load_state("networkidle")
        assert overflow(w.page) == 0 or path == "/docs", path  # Swagger UI is not ours to fit
    w.page.goto(server.base + g["seats"][0]["link"])
    w.page.wait_for_selector("#board svg")
    w.page.screenshot(path=str(ARTIFACTS / f"{name}-five-players.png"), full_page=True)
    assert w.errors == [] and w.outside() == [], (w.errors, w.outside())
    w.close()


def test_double_tapped_undo_takes_back_one_action(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=0)
    w = Watched(browser, server, DESKTOP)
    page = w.page
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#actions button")
    _, view = server.call("GET", f"/api/games/{g['id']}")
    plays = [a["text"] for a in view["legal"] if a["text"].startswith("play ")]
    before = moves(page)
    single(page, f"#actions button[data-action='{plays[0]}']").click()
    page.wait_for_function(f"(document.body.dataset.moves|0) > {before}")
    single(page, "#actions button[data-action^='under ']").first.click()
    page.wait_for_function(f"(document.body.dataset.moves|0) > {before + 1}")
    page.wait_for_selector("#undo:not([hidden])")
    page.locator("#undo").dblclick()
    page.wait_for_function(f"(document.body.dataset.moves|0) === {before + 1}")
    page.wait_for_timeout(300)
    _, after = server.call("GET", f"/api/games/{g['id']}")
    assert after["moves"] == before + 1
    assert w.errors == []
    w.close()


def test_blocked_local_storage_still_lets_people_watch_and_play(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=4)
    w = Watched(browser, server, DESKTOP)
    w.context.add_init_script("Object.defineProperty(window, 'localStorage', "
                              "{ get() { throw new DOMException('blocked', 'SecurityError'); } });")
    page = w.page
    page.goto(server.base + g["spectator"])
    assert page.evaluate("(() => { try { localStorage.length; return 'open'; } catch { return 'blocked'; } })()") == "blocked"
    page.wait_for_function("document.body.dataset.moves !== undefined")
    assert page.locator("#board svg").count() >= 1
    page.close()
    page = w.page = w.context.new_page()  # a new page: the seat's link differs from the spectator's only after "#"
    page.on("pageerror", lambda e: w.errors.append(str(e)))
    page.goto(server.base + g["seats"][0]["link"])
    page.wait_for_selector("#actions button")
    before = moves(page)
    single(page).first.click()
    page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}")
    page.goto(server.base + "/")
    page.wait_for_selector("#seats .seat")
    assert w.errors == []
    w.close()


def test_a_lost_connection_is_worded_and_cleared_once_back(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=1)
    w = Watched(browser, server, DESKTOP)
    w.context.add_init_script("""window.__sockets = []; const Real = window.WebSocket;
        window.WebSocket = function (...a) { const ws = new Real(...a); window.__sockets.push(ws); return ws; };""")
    page = w.page
    page.goto(server.base + g["hotseat"])
    page.wait_for_selector("#actions button")
    _, meta = server.call("GET", "/api/meta")
    actions = re.compile(r"/api/games/[^/]+/actions(\?|$)")
    page.route(actions, lambda route: route.abort())
    single(page).first.click()
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert page.inner_text("#error") == meta["words"]["connection_lost"]
    assert "fetch" not in page.inner_text("#error").lower()
    page.unroute(actions)
    # The page's WebSocket drops and comes back: the stale message goes with it.
    page.evaluate("window.__sockets.forEach((ws) => ws.close())")
    page.wait_for_function("document.getElementById('error').textContent === ''", timeout=10_000)
    assert page.locator("#actions button[data-action]").count() > 0
    w.close()


def test_the_tab_title_says_when_it_is_your_turn(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    _, view = server.call("GET", f"/api/games/{g['id']}")
    _, meta = server.call("GET", "/api/meta")
    words = meta["words"]
    pages = {}
    for seat in (0, 1):
        w = Watched(browser, server, DESKTOP)
        w.page.goto(server.base + g["seats"][seat]["link"])
        w.page.wait_for_function("document.body.dataset.moves !== undefined")
        pages[seat] = w
    mover, other = view["current"], 1 - view["current"]
    assert pages[mover].page.title() == words["title_your_turn"]
    assert pages[other].page.title() == words["title_game"]
    # Play the mover's turn to its end: the other page's title turns.
    page = pages[mover].page
    for _ in range(40):
        _, v = server.call("GET", f"/api/games/{g['id']}")
        if v["current"] != mover:
            break
        ends = [a["text"] for a in v["legal"] if a["verb"] in ("end", "stop")]
        pick = ends[0] if ends else v["legal"][0]["text"]
        before = moves(page)
        single(page, f"#actions button[data-action='{pick}']").click()
        page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}")
    pages[other].page.wait_for_function(f"document.title === {words['title_your_turn']!r}", timeout=5_000)
    assert pages[mover].page.title() == words["title_game"]
    for w in pages.values():
        w.close()


def test_phones_show_the_compact_plan_labels(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    _, view = server.call("GET", f"/api/games/{g['id']}")
    for device, key in ((PHONE, "short"), (DESKTOP, "label")):
        w = Watched(browser, server, device)
        w.page.goto(server.base + g["hotseat"])
        w.page.wait_for_selector("#plans button.plan")
        shown = w.page.eval_on_selector_all("#plans button.plan", "bs => bs.map(b => b.textContent)")
        assert shown == [p[key] for p in view["plans"]]
        assert all(len(p["short"]) < len(p["label"]) for p in view["plans"])
        w.close()
