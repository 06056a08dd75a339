"""The table drawn in real headless Chromium at phone and desktop widths: nothing scrolls sideways, card
names are readable, markers never cover St Louis or Fort Clatsop, the seat title and the hand's label
stay apart, face-down names stay inside their cards. Screenshots land in tests/artifacts/ to look at."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_web_restart import Server

from conftest import needs_chromium

pytestmark = needs_chromium

ARTIFACTS = Path(__file__).parents[1] / "artifacts"
VIEWPORTS = [(360, 740), (390, 844), (1280, 800)]
GAMES = {  # name: (game options, actions played before looking)
    "solo": ({"seats": [{"kind": "human"}], "mackenzie": 3, "seed": 5}, 24),
    "two": ({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}, 30),
    "five-start": ({"seats": [{"kind": "human"}] * 5, "seed": 7}, 0),  # five Scouts and Camps on St Louis
    "five": ({"seats": [{"kind": "human"}] * 5, "seed": 8}, 60),
    "short": ({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 9, "route": "R R S R M MR R F R"}, 20),
}

# Everything the test measures, in the page: boxes are client rectangles.
MEASURE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const px = (el) => parseFloat(getComputedStyle(el).fontSize) * el.closest('svg').getScreenCTM().a;
  return {
    scroll: document.documentElement.scrollWidth, inner: innerWidth,
    handNames: [...document.querySelectorAll('#board .hand text.card-name')].map(px),
    smallest: Math.min(...[...document.querySelectorAll('#board svg text')].filter((t) => t.textContent).map(px)),
    names: [...document.querySelectorAll('#board .place-name')].map(box),
    markers: [...document.querySelectorAll('#board .marker')].map(box),
    seats: [...document.querySelectorAll('#board .panel-expedition')].map((p) => ({
      title: box(p.querySelector('.seat-title')), hand: box(p.querySelector('.hand-label')) })),
    faceDown: [...document.querySelectorAll('#board .face-down')].map((g) => ({
      card: box(g.querySelector('.card-box')), texts: [...g.querySelectorAll('text')].map(box) })),
    cards: document.querySelectorAll('#board [data-card]').length,
    places: document.querySelectorAll('#board [data-place]').length,
    labels: [...document.querySelectorAll('#board svg')].map((s) => s.getAttribute('aria-label')),
    // Text running out of its panel, and text or icons running out of their card.
    outOfPanel: [...document.querySelectorAll('#board svg text')].filter((t) => t.textContent).filter((t) => {
      const a = box(t), b = box(t.closest('svg')); return a[0] < b[0] - 0.5 || a[2] > b[2] + 0.5; })
      .map((t) => t.textContent),
    outOfCard: [...document.querySelectorAll('#board g.card')].flatMap((g) => {
      const frame = box(g.querySelector('rect'));
      return [...g.querySelectorAll('text, .icon')].filter((e) => e.textContent || e.classList.contains('icon'))
        .filter((e) => { const a = box(e); return a[0] < frame[0] - 0.5 || a[2] > frame[2] + 0.5
          || a[1] < frame[1] - 0.5 || a[3] > frame[3] + 0.5; })
        .map((e) => `${g.dataset.card}: ${e.textContent.trim() || e.getAttribute('class')}`);
    }),
  };
}"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    return a[0] >= b[0] - slack and a[1] >= b[1] - slack and a[2] <= b[2] + slack and a[3] <= b[3] + slack




@pytest.fixture(scope="module")
def links(server: Server) -> dict[str, str]:
    """Each game of GAMES created and played on a little at random: its link holding every seat."""
    out = {}
    for name, (options, actions) in GAMES.items():
        status, game = server.call("POST", "/api/games", options)
        assert status == 201, game
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        rng = random.Random(name)
        for _ in range(actions):
            _, v = server.call("GET", f"/api/games/{game['id']}")
            if v["over"]:
                break
            # Playing cards and putting them under fills the Playing Area and the face-down cards.
            legal = [a for a in v["legal"] if a["verb"] in ("play", "under")] or v["legal"]
            a = rng.choice(legal)
            server.call("POST", f"/api/games/{game['id']}/actions", {"action": a["text"]}, tokens[v["current"]])
        out[name] = f"/play/{game['id']}#t={','.join(tokens.values())}"
    return out


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("size", VIEWPORTS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_reads_at_every_width(server: Server, browser: Any, links: dict[str, str], game: str,
                                    size: tuple[int, int]) -> None:
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + links[game])
    page.wait_for_selector("#board .panel-expedition svg")
    page.wait_for_timeout(200)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-{width}.png"), full_page=True)
    m = page.evaluate(MEASURE)
    page.close()
    assert not errors
    assert m["scroll"] <= m["inner"], "the page scrolls sideways"
    assert m["handNames"] and min(m["handNames"]) >= 11 - 0.01, m["handNames"]
    assert m["smallest"] >= 10 - 0.01
    assert len(m["names"]) == 2 and m["markers"]
    for name in m["names"]:
        for marker in m["markers"]:
            assert not overlap(name, marker), (name, marker)
    assert len(m["seats"]) == len(GAMES[game][0]["seats"])
    for seat in m["seats"]:
        assert not overlap(seat["title"], seat["hand"])
    for card in m["faceDown"]:
        for box in card["texts"]:
            assert inside(box, card["card"]), (box, card["card"])
    assert m["places"] == 8 and m["cards"] >= 5
    assert all(m["labels"])
    assert not m["outOfPanel"], m["outOfPanel"]
    assert not m["outOfCard"], m["outOfCard"]
    if game in ("two", "five"):
        assert m["faceDown"], "the game played put cards under"


ALL_CARDS = """async (widths) => {
  const { card, cardHeight } = await import('/static/cards.js');
  const meta = await (await fetch('/api/meta')).json();
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const bad = [];
  for (const w of widths) {
    const slugs = Object.keys(meta.cards);
    const h = Math.max(...slugs.map((s) => cardHeight(meta, s, w)));
    const div = document.createElement('div');
    div.className = 'lc-panel';
    div.innerHTML = `<svg width="${w * 12}" height="${(h + 4) * 8}">` + slugs.map((s, i) =>
      card(meta, s, (i % 12) * w, Math.floor(i / 12) * (h + 4), w, h, new Set())).join('') + '</svg>';
    document.body.appendChild(div);
    for (const g of div.querySelectorAll('g.card')) {
      const frame = box(g.querySelector('rect'));
      for (const e of g.querySelectorAll('text, .icon')) {
        const a = box(e);
        if ((e.textContent.trim() || e.classList.contains('icon')) && (a[0] < frame[0] - 0.5 || a[2] > frame[2] + 0.5
            || a[1] < frame[1] - 0.5 || a[3] > frame[3] + 0.5)) bad.push(`${w}: ${g.dataset.card}`);
      }
      const names = [...g.querySelectorAll('text.card-name')];
      if (names.some((t) => parseFloat(getComputedStyle(t).fontSize) < 11)) bad.push(`${w}: ${g.dataset.card} small name`);
      if (names.map((t) => t.textContent).join(' ').includes('…')) bad.push(`${w}: ${g.dataset.card} name cut`);
    }
    div.remove();
  }
  return bad;
}"""


def test_every_card_face_fits_its_card(server: Server, browser: Any, links: dict[str, str]) -> None:
    """All 84 faces at a narrow Journal's, a phone hand's and a desktop's card width: nothing spills out,
    names whole at 11 px."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page.goto(server.base + links["two"])
    page.wait_for_selector("#board svg")
    bad = page.evaluate(ALL_CARDS, [56, 71, 96])
    page.close()
    assert not bad, bad
