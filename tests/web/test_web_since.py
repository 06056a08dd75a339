"""What happened since your turn, in Debian's chromium at 1280x800 and 390x844: after a bot moves, its turn is summed up in view
without scrolling, with the hand and the decision; the Camp button draws its tent; the expert's hint
button shows the server's answer (and hides on 404); /docs lists the operations; one click starts a
first game on your seat; the end screen draws each expedition's story."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_web_phone import DESKTOP, PHONE, Watched, in_view, new_game
from test_web_restart import Server

from conftest import PREFERENCE, needs_chromium, open_more

pytestmark = [needs_chromium, pytest.mark.browser]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DEVICES = pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])


def play_until_the_bot_moved(server: Server, page: Any, game: dict[str, Any]) -> dict[str, Any]:
    """Click the person's choices (ending the turn when it can) until the bot has played a whole turn."""
    for _ in range(60):
        _, v = server.call("GET", f"/api/games/{game['id']}")
        if v["current"] == 0 and any(r["seat"] == 1 and r["done"] for r in v["recap"]):
            page.wait_for_function(f"(document.body.dataset.moves|0) === {v['moves']}")
            return v
        if v["current"] != 0:
            page.wait_for_timeout(100)
            continue
        texts = [a["text"] for a in v["legal"]]
        pick = next((t for p in PREFERENCE for t in texts if t.startswith(p) or t == p.strip()), texts[0])
        before = v["moves"]
        page.wait_for_function(f"(document.body.dataset.moves|0) === {before}")  # the page shows this view
        open_more(page)
        page.wait_for_selector(f"#actions button[data-action='{pick}']")
        page.evaluate("(t) => document.querySelector(`#actions button[data-action='${t}']`).click()", pick)
        page.wait_for_function(f"(document.body.dataset.moves|0) !== {before}", timeout=10_000)
    raise AssertionError("the bot never finished a turn")


@DEVICES
def test_a_bots_turn_is_summed_up_beside_the_hand_and_the_decision(server: Server, browser: Any,
                                                                    device: dict[str, Any]) -> None:
    g = new_game(server, seats=[{"kind": "human", "name": "Anna"}, {"kind": "bot", "level": "easy", "name": "Bo"}],
                 seed=7)
    w = Watched(browser, server, device)
    page = w.page
    page.goto(server.base + g["seats"][0]["link"])
    page.wait_for_selector("#actions button")
    view = play_until_the_bot_moved(server, page, g)
    page.wait_for_selector("#recap:not([hidden])")
    page.evaluate("window.scrollTo(0, 0)")
    summary = page.inner_text("#recap-list")
    (bot,) = [r for r in view["recap"] if r["seat"] == 1]
    assert "Bo" in summary and bot["parts"][0] in summary
    assert in_view(page, "#recap") and in_view(page, "#prompt")
    hand = page.locator(".panel-expedition.seat-0 g.hand g.card").first
    assert hand.count() and in_view(page, ".panel-expedition.seat-0 g.hand g.card")
    if device is DESKTOP:  # the route too, and the log beside the choices
        assert in_view(page, ".panel-route svg") and in_view(page, "#log-panel h2")
    else:  # the log is one tap away
        assert not in_view(page, "#log-panel h2")
        page.locator("#show-log").tap()
        assert in_view(page, "#log-panel h2")
        page.locator("#show-log").tap()
    # What the bot's turn touched glows; its markers are at least 16 px.
    touched = page.eval_on_selector_all(".touched", "els => els.length")
    assert touched >= len(bot["cards"]) > 0 or touched >= 1
    sizes = page.eval_on_selector_all(".marker", "els => els.map(e => { const r = e.getBoundingClientRect(); "
                                      "return Math.max(r.width, r.height); })")
    assert sizes and min(sizes) >= 15.5, sizes
    name = "desktop" if device is DESKTOP else "phone"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-since-your-turn.png"))
    assert w.errors == [], w.errors
    w.close()


def test_markers_slide_unless_motion_is_reduced(server: Server, browser: Any) -> None:
    # seed 11: the bot's first turn moves its Scout two spaces, a marker that slides
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], seed=11)
    for motion, animated in (("reduce", False), ("no-preference", True)):
        w = Watched(browser, server, DESKTOP, reduced_motion=motion)
        w.context.add_init_script("""window.__slides = 0; const real = Element.prototype.animate;
            Element.prototype.animate = function (...a) { window.__slides++; return real.apply(this, a); };""")
        page = w.page
        page.goto(server.base + g["seats"][0]["link"])
        page.wait_for_selector("#actions button")
        play_until_the_bot_moved(server, page, g)  # the second page finds the bot's turn already played
        page.wait_for_selector("#recap:not([hidden])")
        slides = page.evaluate("window.__slides")
        assert (slides > 0) == animated, (motion, slides)
        w.close()


def test_the_camp_button_draws_its_tent_without_an_emoji(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    w = Watched(browser, server, DESKTOP)
    w.page.goto(server.base + g["hotseat"])
    w.page.wait_for_selector("#actions button.camp")
    before = w.page.evaluate("""(() => { const s = getComputedStyle(document.querySelector('#actions button.camp'), '::before');
        return [s.content, s.backgroundImage, s.width]; })()""")
    assert before[0] in ('""', "none", "normal") and before[1].startswith('url("data:image/svg+xml') and before[2] == "18px"
    assert "⛺" not in w.page.inner_text("#actions")
    w.close()


def test_the_expert_button_shows_the_answer_and_hides_on_404(server: Server, browser: Any) -> None:
    g = new_game(server, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    answer = {"action": "end", "label": "End the turn", "why": "nothing better is left"}
    for status, shown in ((200, True), (404, False)):
        w = Watched(browser, server, DESKTOP)
        asked: list[str] = []

        def answering(status: int, asked: list[str]) -> Any:
            def hint(route: Any) -> None:  # the answer and the 404 of a server without hints, stubbed
                asked.append(route.request.headers.get("x-token", ""))
                route.fulfill(status=status, content_type="application/json",
                              body=json.dumps(answer if status == 200 else {"detail": "Not Found"}))
            return hint

        w.page.route(re.compile(r"/api/games/[^/]+/hint"), answering(status, asked))
        w.page.goto(server.base + g["hotseat"])
        w.page.wait_for_selector("#expert:not([hidden])")
        w.page.locator("#expert").click()
        if shown:
            w.page.wait_for_selector("#expert-answer:not([hidden])")
            assert "End the turn" in w.page.inner_text("#expert-answer")
            assert "nothing better is left" in w.page.inner_text("#expert-answer")
        else:
            w.page.wait_for_selector("#expert", state="hidden")
            assert w.page.locator("#expert-answer").is_hidden()
        assert asked and asked[0] in {s["token"] for s in g["seats"]}
        w.close()


@DEVICES
def test_the_expert_button_asks_the_real_expert(server: Server, browser: Any, device: dict[str, Any]) -> None:
    """Unstubbed: a solo game's first decision, the expert's choice and its reason in view, the same
    words the hint endpoint gives (the same table gives the same hint)."""
    g = new_game(server, seats=[{"kind": "human", "name": "Anna"}], mackenzie=0, seed=5)
    w = Watched(browser, server, device)
    page = w.page
    page.goto(server.base + g["seats"][0]["link"])
    page.wait_for_selector("#expert:not([hidden])")
    page.locator("#expert").click()
    page.wait_for_selector("#expert-answer:not([hidden])", timeout=60_000)
    shown = page.inner_text("#expert-answer")
    status, hint = server.call("GET", f"/api/games/{g['id']}/hint", token=g["seats"][0]["token"])
    assert status == 200 and hint["why"], hint
    assert shown == f"The expert would: {hint['label']} ({hint['why']})"
    _, v = server.call("GET", f"/api/games/{g['id']}")
    assert hint["action"] in {a["text"] for a in v["legal"]}  # a move the person can make now
    ARTIFACTS.mkdir(exist_ok=True)
    name = "phone" if device is PHONE else "desktop"
    page.screenshot(path=str(ARTIFACTS / f"{name}-expert-hint.png"))
    assert in_view(page, "#expert-answer")
    w.close()


def test_docs_lists_the_operations(server: Server, browser: Any) -> None:
    w = Watched(browser, server, DESKTOP)
    w.page.goto(server.base + "/docs")
    w.page.wait_for_selector(".opblock-summary-path", timeout=15_000)
    paths = w.page.eval_on_selector_all(".opblock-summary-path", "els => els.map(e => e.textContent.trim())")
    assert "/api/games" in [p.replace("\u200b", "") for p in paths]
    assert not w.page.locator("text=Unable to render this definition").count()
    assert w.outside() == []
    w.close()


@DEVICES
def test_one_click_starts_a_first_game_on_your_seat(server: Server, browser: Any, device: dict[str, Any]) -> None:
    for button, seats in (("#play-solo", 1), ("#play-bot", 2)):
        w = Watched(browser, server, device)
        w.page.goto(server.base + "/")
        w.page.locator(button).click()
        w.page.wait_for_url("**/play/**")
        w.page.wait_for_function("document.body.dataset.moves !== undefined")
        gid = w.page.url.split("/play/")[1].split("#")[0]
        _, view = server.call("GET", f"/api/games/{gid}")
        assert len(view["seats"]) == seats and view["seats"][0]["kind"] == "human"
        assert "You play" in w.page.inner_text("#who")  # the page holds the seat's token
        w.page.goto(server.base + "/")  # the games list says whose turn it is, not an id
        w.page.wait_for_function(f"document.querySelector(\"#mine-list span.turn[data-game='{gid}']\")?.textContent")
        assert gid not in w.page.inner_text("#mine-list")
        assert w.errors == [], w.errors
        w.close()


def test_a_click_before_the_page_has_its_words_still_starts_the_game(server: Server, browser: Any) -> None:
    """A quick player clicks "Play solo" while /api/meta is still on its way: the click waits for the
    words instead of being lost (the buttons had no handler until the words arrived)."""
    w = Watched(browser, server, PHONE)
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    w.page.route("**/api/meta*", hold)
    w.page.goto(server.base + "/", wait_until="domcontentloaded")
    w.page.wait_for_function("true")  # the module has run its first statements
    w.page.locator("#play-solo").click()
    assert "/play/" not in w.page.url and held, "the words were still on their way when the button was clicked"
    released = True
    for route in held:
        route.continue_()
    w.page.wait_for_url("**/play/**", timeout=15_000)
    assert w.errors == [], w.errors
    w.close()


@DEVICES
def test_the_end_screen_tells_the_story_with_a_chart(server: Server, browser: Any, device: dict[str, Any]) -> None:
    g = new_game(server, seats=[{"kind": "human", "name": "Anna"}], mackenzie=7, seed=5)
    token = g["seats"][0]["token"]
    for _ in range(800):  # played through the API: short turns, Mackenzie arrives first
        _, v = server.call("GET", f"/api/games/{g['id']}")
        if v["over"]:
            break
        texts = [a["text"] for a in v["legal"]]
        pick = next((t for p in PREFERENCE for t in texts if t.startswith(p) or t == p.strip()), texts[0])
        status, _ = server.call("POST", f"/api/games/{g['id']}/actions", {"action": pick}, token=token)
        assert status == 200
    assert v["over"] and v["story"]["seats"][0]["rounds"]
    w = Watched(browser, server, device)
    w.page.goto(server.base + g["seats"][0]["link"])
    w.page.wait_for_selector("#end:not([hidden]) #story-chart svg")
    assert w.page.locator("#story-chart polyline").count() >= 3  # Scout, Camp and Mackenzie
    assert "Anna" in w.page.inner_text("#story-seats")
    assert in_view(w.page, "#story-chart svg") and in_view(w.page, "#replay-link")
    name = "desktop" if device is DESKTOP else "phone"
    w.page.screenshot(path=str(ARTIFACTS / f"{name}-end-story.png"))
    assert w.errors == [], w.errors
    w.close()


# Every card face drawn in the page at the narrowest and widest sizes the table uses: each text stays
# inside its card, none is cut with "…", and every icon is at least 14 px.
FACES = r"""async () => {
  const { meta } = await import('/static/api.js');
  const { card, cardHeight } = await import('/static/cards.js');
  const m = await meta();
  const out = [];
  for (const w of [66, 70, 74, 86, 96]) {
    const slugs = Object.keys(m.cards);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const hs = slugs.map((s) => cardHeight(m, s, w));
    svg.setAttribute('width', String(w + 10)); svg.setAttribute('height', String(hs.reduce((a, b) => a + b + 4, 0)));
    let y = 0, html = '';
    slugs.forEach((s, i) => { html += card(m, s, 0, y, w, hs[i], new Set()); y += hs[i] + 4; });
    svg.innerHTML = html;
    document.body.appendChild(svg);
    for (const g of svg.querySelectorAll('g.card')) {
      const box = g.querySelector('rect.hit').getBoundingClientRect();
      for (const t of g.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (t.textContent.includes('…') || r.right > box.right + 0.5 || r.left < box.left - 0.5 || r.bottom > box.bottom + 0.5)
          out.push([w, g.dataset.card, t.textContent]);
      }
      for (const i of g.querySelectorAll('.icon')) {
        const size = 20 * parseFloat(/scale\(([\d.]+)\)/.exec(i.getAttribute('transform'))[1]); // icons.js: a 20 px box
        if (size < 14) out.push([w, g.dataset.card, 'icon ' + i.getAttribute('class'), size]);
      }
    }
    svg.remove();
  }
  return out;
}"""


def test_no_card_face_is_cut_and_icons_are_14_px(server: Server, browser: Any) -> None:
    w = Watched(browser, server, DESKTOP)
    w.page.goto(server.base + "/")
    w.page.wait_for_selector("#play-solo")
    cut = w.page.evaluate(FACES)
    assert cut == [], (len(cut), cut[:12])
    w.close()


def test_how_to_play_pictures_use_the_boards_icons(server: Server, browser: Any) -> None:
    w = Watched(browser, server, PHONE)
    w.page.goto(server.base + "/how-to-play?lang=en")
    w.page.wait_for_selector("section#resources svg.picture[data-icons='board']")
    kinds = w.page.eval_on_selector_all("section#resources svg.picture .icon",
                                        "els => els.map(e => e.getAttribute('class'))")
    assert [k.split()[-1] for k in kinds] == ["icon-wood", "icon-fur", "icon-food", "icon-equipment", "icon-canoe",
                                              "icon-horse"]
    assert w.page.locator("section#moving svg.picture .icon-river").count() == 2
    w.page.locator("section#resources").screenshot(path=str(ARTIFACTS / "guide-resources.png"))
    assert w.errors == [], w.errors
    w.close()
