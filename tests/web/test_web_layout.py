"""What a person sees of a turn without scrolling, in Debian's chromium: at 1280x800 and 1366x768 the
route, your hand, the Journal with its costs, each opponent in brief and every whole action with Camp,
the decision never scrolling inside itself; on a 390x844 phone the decision, the hand and a strip of the
route around your Scout; in a solo game Mackenzie named on the route and his panel (level, space, pace,
arrival), in English and Hungarian."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_web_phone import PHONE, Watched, new_game
from test_web_restart import Server

from conftest import needs_chromium
from lewis_clark.events import MackenzieMoved
from lewis_clark.match import Match
from lewis_clark.state import Options

pytestmark = needs_chromium

DESKTOPS = pytest.mark.parametrize("size", [(1280, 800), (1366, 768)], ids=["1280x800", "1366x768"])
# Seed 4: the person (seat 0) plays after four bots, with six plans offered: the most a turn shows.
CROWDED = {"seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 4, "seed": 4}
TWO = {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 6}  # Blue starts, with plans


def view_of(server: Server, game: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    return server.call("GET", f"/api/games/{game['id']}?lang={lang}")[1]


def open_turn(server: Server, browser: Any, spec: dict[str, Any], device: dict[str, Any],
              lang: str = "en") -> tuple[Watched, dict[str, Any]]:
    """A game made from ``spec`` opened on every person's seat (in ``lang``), once the bots have played to them."""
    g = new_game(server, **spec)
    tokens = ",".join(s["token"] for s in g["seats"] if s["kind"] == "human")
    w = Watched(browser, server, device)
    w.page.goto(f"{server.base}/play/{g['id']}?lang={lang}#t={tokens}")
    w.page.wait_for_selector("#plans button.plan")
    view = view_of(server, g, lang)
    w.page.wait_for_function(f"document.body.dataset.moves === '{view['moves']}'")
    return w, view


def outside(page: Any, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not wholly on screen at scroll 0 (none must match: [])."""
    return page.evaluate(f"""(() => {{
        const els = [...document.querySelectorAll({selector!r})];
        if (!els.length) return ['nothing matches'];
        return els.filter((el) => {{ const r = el.getBoundingClientRect();
            return !(r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5
                     && r.left >= 0 && r.right <= innerWidth + 0.5); }})
          .map((el) => el.outerHTML.slice(0, 80)); }})()""")


def decision_scrolls(page: Any) -> bool:
    return bool(page.evaluate("(() => { const d = document.getElementById('decision'); "
                              "return d.scrollHeight > d.clientHeight; })()"))


@DESKTOPS
@pytest.mark.parametrize(("spec", "lang"), [(CROWDED, "en"), (CROWDED, "hu"), (TWO, "en")],
                         ids=["five-players", "five-players-hu", "two-players"])
def test_everything_a_turn_needs_is_in_view_on_a_desktop(server: Server, browser: Any, size: tuple[int, int],
                                                         spec: dict[str, Any], lang: str) -> None:
    w, view = open_turn(server, browser, spec, {"viewport": {"width": size[0], "height": size[1]}}, lang)
    page = w.page
    me = view["current"]
    assert page.evaluate("scrollY") == 0
    wanted = [".panel-route svg", f".panel-expedition.seat-{me} g.hand", ".panel-journal svg",
              ".panel-journal [data-cost]", "#decision", "#prompt", "#plans button.plan", "#actions button.camp", "#more"]
    others = [s for s in range(len(view["seats"])) if s != me]
    wanted += [f".panel-others g.other[data-seat='{s}']" for s in others]
    for selector in wanted:
        assert outside(page, selector) == [], selector
    # Every whole action and what closes the turn, with no scrollbar inside the decision.
    assert page.locator("#plans button.plan").count() == len(view["plans"]) == (6 if spec is CROWDED else len(view["plans"]))
    closers = [a["text"] for a in view["legal"] if a["verb"] in ("camp", "end", "stop")]
    assert closers
    for text in closers:
        assert outside(page, f"#actions button[data-action='{text}']") == [], text
    assert not decision_scrolls(page)
    # Each opponent in brief: Scout, Camp, hand size and boats, as the view has them.
    words = server.call("GET", f"/api/meta?lang={lang}")[1]["words"]
    for s in others:
        p, table = view["state"]["players"][s], view["table"]["seats"][s]
        facts = page.locator(f".panel-others g.other[data-seat='{s}'] .other-facts").text_content()
        assert words["scout_camp"].format(scout=p["scout"], camp=p["camp"]) in facts
        assert words["hand"].format(n=len(p["hand"])) in facts and table["boats"] in facts
    assert w.errors == []
    w.close()


def test_the_decision_the_hand_and_the_route_around_the_scout_share_a_phone(server: Server, browser: Any) -> None:
    w, view = open_turn(server, browser, TWO, PHONE)
    page = w.page
    me = view["current"]
    scout = view["state"]["players"][me]["scout"]
    for selector in ("#decision", "#prompt", f".panel-expedition.seat-{me} g.hand", ".panel-strip svg",
                     f".panel-strip [data-space='{scout}']", f".panel-strip [data-marker='scout-{me}']"):
        assert outside(page, selector) == [], selector
    # Not under the docked decision either: the hand and the strip end above it.
    top = page.evaluate("document.getElementById('decision').getBoundingClientRect().top")
    for selector in (f".panel-expedition.seat-{me} g.hand", ".panel-strip svg"):
        assert page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().bottom") <= top + 0.5, selector
    # The docked decision leaves most of the screen to the table.
    assert page.evaluate("document.getElementById('decision').getBoundingClientRect().height / innerHeight") <= 0.37
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    assert w.errors == []
    w.close()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_solo_game_names_mackenzie_and_says_when_he_arrives(server: Server, browser: Any, lang: str) -> None:
    g = new_game(server, seats=[{"kind": "human"}], mackenzie=3, seed=5)
    view = view_of(server, g, lang)
    solo = view["solo"]
    assert (solo["level"], solo["space"], solo["fort_clatsop"]) == (3, 8, 44) and solo["turns"] == 36  # R24
    meta = server.call("GET", f"/api/meta?lang={lang}")[1]
    w = Watched(browser, server, {"viewport": {"width": 1280, "height": 800}})
    page = w.page
    page.goto(f"{server.base}/play/{g['id']}?lang={lang}#t={g['seats'][0]['token']}")
    page.wait_for_selector("#board .panel-rival")
    # Named on the route, above his diamond, and in the route's legend.
    label = page.locator("#board .panel-route .mackenzie-label")
    assert label.text_content() == meta["words"]["mackenzie"] == "Mackenzie"
    marker = page.locator("#board .panel-route [data-marker='mackenzie']")
    # laid out once visible: on a loaded machine the board's first frame may come after the rival's panel
    marker.wait_for(state="visible")
    label.wait_for(state="visible")
    diamond, box = marker.bounding_box(), label.bounding_box()
    assert diamond is not None and box is not None
    middle = diamond["x"] + diamond["width"] / 2
    assert box["y"] + box["height"] / 2 < diamond["y"] and box["x"] <= middle <= box["x"] + box["width"]  # above it
    assert meta["words"]["mackenzie_legend"] in page.locator("#board .panel-route .legend").text_content()
    # His panel: level, space, pace and arrival, in the page's language, on screen.
    panel = {key: page.locator(f"#board .panel-rival [data-mackenzie='{key}']").text_content()
             for key in ("title", "level", "space", "pace", "arrives")}
    words = solo["words"]
    for key, text in panel.items():
        assert text.replace(" ", "") == words[key].replace(" ", ""), key  # wrapped lines join without their space
    assert "3" in panel["level"] and "8" in panel["space"] and "36" in panel["arrives"]
    if lang == "en":
        assert panel["arrives"] == "Arrives in about 36 turns" and panel["title"] == "Mackenzie, your rival"
    else:
        assert panel["arrives"] == "Nagyjából 36 kör múlva ér oda" and panel["title"] == "Mackenzie, a riválisod"
    for selector in (".panel-route .mackenzie-label", ".panel-rival [data-mackenzie='arrives']"):
        assert outside(page, f"#board {selector}") == [], selector
    # The Village's names whole beside their solo badges.
    titles = page.eval_on_selector_all("#board .place-title", "ts => ts.map((t) => t.textContent)")
    assert len(titles) >= 8 and not [t for t in titles if t.endswith("…")], titles
    assert w.errors == []
    w.close()


def test_his_jump_over_your_scout_is_explained(server: Server, browser: Any) -> None:
    """Mackenzie reaching the space your Scout holds goes on to the next (R24): the panel says why. The
    turns that lead there are the easy bot's, found with the engine and played through the API."""
    m = Match(Options(players=1, seed=13, mackenzie=0), ["easy"])
    actions: list[str] = []
    while not m.over and len(actions) < 100:
        step = m.step_bot()
        actions.append(str(step.action))
        if any(isinstance(e, MackenzieMoved) and e.past >= 0 for e in step.events):
            break
    assert not m.over and len(actions) < 100, "the easy bot's game had no jump"
    g = new_game(server, seats=[{"kind": "human"}], mackenzie=0, seed=13)
    for action in actions:
        status, answer = server.call("POST", f"/api/games/{g['id']}/actions", {"action": action}, g["seats"][0]["token"])
        assert status == 200, (action, answer)
    for lang in ("en", "hu"):
        solo = view_of(server, g, lang)["solo"]
        assert solo["jumped"] == m.state.mackenzie - 1 and solo["space"] == m.state.mackenzie
        jump = solo["words"]["jump"]
        assert re.search(rf"\b{solo['jumped']}\b", jump) and re.search(rf"\b{solo['space']}\b", jump)
        w = Watched(browser, server, {"viewport": {"width": 1280, "height": 800}})
        w.page.goto(f"{server.base}/play/{g['id']}?lang={lang}#t={g['seats'][0]['token']}")
        w.page.wait_for_selector("#board .panel-rival [data-mackenzie='jump']")
        shown = w.page.locator("#board .panel-rival [data-mackenzie='jump']").text_content()
        assert shown.replace(" ", "") == jump.replace(" ", "")
        assert outside(w.page, "#board .panel-rival [data-mackenzie='jump']") == []
        assert w.errors == []
        w.close()
