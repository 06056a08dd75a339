"""Every word of every page in the page's language, in headless Chromium.

The sweep renders the home page, the How to play guide, a game page at every kind of decision of seeded
games played through (a solo game to its end screen, a game of three), a card's panel and the replay,
and reads every text on them (text nodes, shown or not, and the title, aria-label, placeholder and alt
attributes):

- in the wording layer's pseudo-locale (``?lang=qps``, ``wording.catalogue.pseudo``) no plain ASCII
  word may show, card names aside: every sentence came through the catalogue;
- in Hungarian no word that only English uses, and in English no word that only Hungarian uses (the two
  vocabularies are read off the catalogue);
- in Hungarian no word is broken by the table's layout ("jelvényenk-ént") except where the catalogue
  marks that it may break (a soft hyphen).

/docs is Swagger UI's own page (English, for programmers): not swept.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from test_web_restart import Server

from conftest import needs_chromium
from lewis_clark.cards import CARDS
from lewis_clark.wording.catalogue import PSEUDO, TEMPLATE, catalogue_path, unmarked

pytestmark = needs_chromium

LANGS = (PSEUDO, "hu", "en")
CLOSERS = ("end", "stop")
# Every text on the page, shown or not (a hidden dialog or panel shows later), the language switch's
# codes (EN | HU) aside, and in the pseudo-locale the dates (<time>: the browser's Intl writes them in
# the page's language, and has no pseudo-locale).
TEXTS = """(pseudo) => {
  const skip = (el) => !el || el.closest("script, style, noscript, nav.lang-switch") || (pseudo && el.closest("time"));
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!skip(n.parentElement) && n.textContent.trim()) out.push(n.textContent);
  }
  for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (skip(el)) continue;
    for (const a of ["title", "aria-label", "placeholder", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""
# The pieces of words the table's layout broke: a text ending "letter-" and the text drawn after it.
BROKEN = """() => {
  const out = [];
  const texts = [...document.querySelectorAll("svg text, svg tspan")].filter((t) => !t.querySelector("tspan"));
  texts.forEach((t, i) => {
    if (/[^\\W\\d_]-$/u.test(t.textContent) && texts[i + 1]) out.push([t.textContent, texts[i + 1].textContent]);
  });
  return out;
}"""


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def _vocabularies() -> tuple[set[str], set[str], set[str]]:
    """The words of the English messages, of their Hungarian translations, and the card names' words."""
    english: set[str] = set()
    hungarian: set[str] = set()
    with TEMPLATE.open("rb") as f:
        for m in read_po(f):
            for form in m.id if isinstance(m.id, tuple | list) else (m.id,):
                english |= _words(re.sub(r"\{[^{}]*\}", " ", form))
    with catalogue_path("hu").open("rb") as f:
        for m in read_po(f, locale="hu"):
            for said in m.string if isinstance(m.string, tuple | list) else (m.string,):
                hungarian |= _words(re.sub(r"\{[^{}]*\}", " ", said or "").replace("\u00ad", ""))
    names = set().union(*(_words(c.name) for c in CARDS[1:]))
    return english, hungarian, names


ENGLISH, HUNGARIAN, NAMES = _vocabularies()
SOFT = "\u00ad"


def _soft_breaks() -> list[tuple[str, set[int]]]:
    """The Hungarian words the catalogue lets break (soft hyphens): each without them, and where they were."""
    out: list[tuple[str, set[int]]] = []
    with catalogue_path("hu").open("rb") as f:
        for m in read_po(f, locale="hu"):
            for form in m.string if isinstance(m.string, tuple | list) else (m.string,):
                for word in (form or "").split():
                    if SOFT in word:
                        pieces = word.split(SOFT)
                        at = {sum(len(p) for p in pieces[:i]) for i in range(1, len(pieces))}
                        out.append(("".join(pieces), at))
    return out


SOFT_BREAKS = _soft_breaks()


def _breaks_softly(head: str, tail: str) -> bool:
    """``head`` + ``tail`` is a word the catalogue lets break, broken where it lets it."""
    joined = head + tail
    return any(k + len(head) in at for word, at in SOFT_BREAKS
               for k in range(len(word)) if word.startswith(joined, k))
NAME_WORDS = {w for c in CARDS[1:] for w in re.findall(r"[A-Za-z]{2,}", c.name)}


def leaks(lang: str, texts: list[str]) -> set[str]:
    """The words of ``texts`` that are not in ``lang``."""
    found: set[str] = set()
    for text in texts:
        if lang == PSEUDO:
            # a card name's word, or a piece of one the layout broke ("Charbonn-" "eau")
            found |= {w for w in unmarked(text) if not any(w in name for name in NAME_WORDS)}
        elif lang == "hu":
            found |= (_words(text) & ENGLISH) - HUNGARIAN - NAMES
        else:
            found |= (_words(text) & HUNGARIAN) - ENGLISH - NAMES
    return found


class Sweep:
    """The words found out of place on one language's pages, with where each was first seen."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: dict[str, str] = {}
        self.broken: set[str] = set()

    def look(self, page: Any, where: str) -> None:
        for text in page.evaluate(TEXTS, self.lang == PSEUDO):
            for word in sorted(leaks(self.lang, [text])):
                self.found.setdefault(word, f"{where}: {text[:120]!r}")
        if self.lang == "hu":
            for head, tail in page.evaluate(BROKEN):
                first, second = head[:-1].split()[-1], (tail.split() or [""])[0]
                if not (_words(first + second) <= NAMES or _breaks_softly(first, second)):
                    self.broken.add(f"{head}|{tail} ({where})")


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", bypass_csp=True)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert errors == []


def _worded(page: Any, lang: str) -> None:
    """Wait until the page has its words (the language switch is drawn once /api/meta answered)."""
    page.wait_for_function(f"document.documentElement.lang === {lang!r} && document.querySelector('nav.lang-switch a')")


def _pick(rng: random.Random, legal: list[dict[str, Any]], used: Counter[str]) -> str:
    """A legal action that makes many kinds of decision come: the verb chosen least so far, the turn
    ended now and then."""
    closers = [a for a in legal if a["verb"] in CLOSERS]
    if closers and rng.random() < 0.25:
        return str(rng.choice(closers)["text"])
    others = [a for a in legal if a["verb"] not in CLOSERS] or legal
    least = min(used[a["verb"]] for a in others)
    chosen = rng.choice([a for a in others if used[a["verb"]] == least])
    used[chosen["verb"]] += 1
    return str(chosen["text"])


def _play_through(server: Server, page: Any, sweep: Sweep, spec: dict[str, Any], steps: int
                  ) -> tuple[dict[str, Any], set[str]]:
    """Create a game of people only, open its hotseat page and play it by the API (seeded choices), the
    page following; the page is swept at the first few decisions of each kind, and every tenth step.
    The game as created and the decision kinds met."""
    status, g = server.call("POST", "/api/games", spec)
    assert status == 201, g
    tokens = {s["seat"]: s["token"] for s in g["seats"] if s["token"]}
    path, fragment = g["hotseat"].split("#")
    page.goto(f"{server.base}{path}?lang={sweep.lang}#{fragment}")
    _worded(page, sweep.lang)
    rng, used, seen = random.Random(spec["seed"]), Counter[str](), Counter[str]()
    opened = False
    for step in range(steps):
        status, v = server.call("GET", f"/api/games/{g['id']}")
        assert status == 200
        page.wait_for_function(f"(document.body.dataset.moves|0) >= {v['moves']}", timeout=15_000)
        if v["over"]:
            page.wait_for_selector("#end", state="visible")
            sweep.look(page, f"the end screen of game {g['id']}")
            break
        if v["current"] not in tokens:  # the bot's turn: it plays on its own
            page.wait_for_timeout(100)
            continue
        stack = v["state"]["stack"]
        kind = stack[-1]["kind"] if stack else "turn"
        seen[kind] += 1
        if seen[kind] <= 3 or step % 10 == 0:
            page.wait_for_selector("#actions button")
            sweep.look(page, f"step {step} of game {g['id']} ({kind})")
        if not opened and page.locator("#board g.can[data-target^='card:']").count():
            page.locator("#board g.can[data-target^='card:']").first.click()  # a card's panel: its whole text
            page.wait_for_selector("#info-actions button")
            sweep.look(page, f"a card's panel in game {g['id']}")
            page.keyboard.press("Escape")
            opened = True
        action = _pick(rng, v["legal"], used)
        status, after = server.call("POST", f"/api/games/{g['id']}/actions", {"action": action}, tokens[v["current"]])
        assert status == 200, (action, after)
    return g, set(seen)


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_every_page_is_in_the_pages_language(server: Server, page: Any, lang: str) -> None:
    sweep = Sweep(lang)
    page.goto(f"{server.base}/?lang={lang}")
    _worded(page, lang)
    page.wait_for_selector("#create")
    page.click("#advanced summary")
    page.select_option("#count", "3")
    sweep.look(page, "the home page")
    page.goto(f"{server.base}/how-to-play?lang={lang}")
    page.wait_for_selector("main.guide h2")
    sweep.look(page, "the guide")
    # A solo game (Mackenzie's head start 7) to its end screen: every kind of turn and decision but the
    # rarest; then its replay. Then three people (waiting for others, their recaps, the Village fuller).
    solo, kinds = _play_through(server, page, sweep, {"seats": [{"kind": "human"}], "mackenzie": 7, "seed": 2}, 400)
    assert page.locator("#end").is_visible()
    page.goto(f"{server.base}/replay/{solo['id']}?lang={lang}")
    _worded(page, lang)
    page.wait_for_function("document.getElementById('counter').textContent.length > 0")
    page.click("#last")
    page.wait_for_function("!document.getElementById('counter').textContent.startsWith('0 /')")
    sweep.look(page, "the replay")
    three, more = _play_through(server, page, sweep, {"seats": [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "random"}],
                                                  "seed": 1}, 60)
    kinds |= more
    # The home page lists the games this browser knows, one of them opened in the other language: it
    # says what the browser is to each in this page's language ("playing Orange" remembered in English
    # once showed on the Hungarian page).
    other = "hu" if lang == "en" else "en"
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "bot", "level": "medium"}],
                                                   "seed": 3})
    path, fragment = g["seats"][0]["link"].split("#")
    page.goto(f"{server.base}{path}?lang={other}#{fragment}")
    page.wait_for_function("document.body.dataset.moves !== undefined")
    page.goto(f"{server.base}/?lang={lang}")
    _worded(page, lang)
    page.wait_for_function(f"document.querySelector(\"#mine-list span.turn[data-game='{g['id']}']\")?.textContent")
    page.wait_for_function("![...document.querySelectorAll('#mine-list a')].some((a) => a.textContent === '…')")
    sweep.look(page, "the home page's list of games")
    # A phone's narrow table: card faces wrap (and break long words) differently.
    page.set_viewport_size({"width": 390, "height": 844})
    path, fragment = three["hotseat"].split("#")
    page.goto(f"{server.base}{path}?lang={lang}#{fragment}")
    _worded(page, lang)
    page.wait_for_selector("#board svg")
    sweep.look(page, "the game page on a phone")
    assert {"turn", "under", "indians", "perform", "take", "recruit", "move", "farewell"} <= kinds, kinds
    assert not sweep.found, f"words not in {lang}: {sweep.found}"
    assert not sweep.broken, f"words broken by the layout: {sorted(sweep.broken)}"
