"""The wording layer: every verb and decision worded, every sentence through the catalogue (a pseudo-locale
shows any English glued on outside it), the template up to date, Hungarian loaded with its plurals."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from builders import game
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import make_bot
from lewis_clark.cards import CARDS
from lewis_clark.rules import apply, legal_actions
from lewis_clark.selfplay import play_game
from lewis_clark.setup import new_game
from lewis_clark.state import Decision, Options, State
from lewis_clark.village import PLACES
from lewis_clark.wording import (
    camp_preview,
    card_text,
    decision_hint,
    event_line,
    hint,
    label,
    language,
    log_lines,
    outcome,
    place_text,
    player_name,
    prompt,
    resources_line,
    t,
    tn,
    village_room,
)
from lewis_clark.wording import catalogue as cat
from lewis_clark.wording.decisions import HINTS as DECISION_HINTS
from lewis_clark.wording.decisions import PROMPTS
from lewis_clark.wording.labels import HINTS, LABELS
from lewis_clark.wording.log import ACTED

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "src" / "lewis_clark" / "wording" / "locale" / "messages.pot"


# --- complete ------------------------------------------------------------------------------------

def test_every_verb_and_decision_is_worded() -> None:
    assert set(LABELS) == set(HINTS) == set(ACTED) == set(Verb)
    assert set(PROMPTS) == set(DECISION_HINTS) == set(Decision)


def test_every_decision_met_in_play_has_a_prompt_and_a_hint() -> None:
    """Seeded heuristic games reach every kind of decision; each has its prompt and teaching hint."""
    seen: set[Decision] = set()
    for seed in range(4):
        s = new_game(Options(players=3, seed=seed))
        bots = [make_bot("heuristic", seed=seed + i) for i in range(3)]
        for _ in range(3000):
            seen.add(s.decision)
            assert prompt(s) and decision_hint(s), s.decision
            if s.over:
                break
            s = apply(s, bots[s.current].choose(s, legal_actions(s)))
    assert {Decision.TURN, Decision.UNDER, Decision.INDIANS, Decision.PERFORM, Decision.NONE} <= seen


def test_teaching_hint_names_the_card() -> None:
    s = game(2, seed=2)
    york = next(c for c in s.players[s.current].hand)
    s = apply(s, Action(Verb.PLAY, CARDS[york].slug))
    assert decision_hint(s) == f"Give {CARDS[york].name} Strength: each point lets {CARDS[york].name} act once"


def test_camp_preview_in_plain_words() -> None:
    """R16: the Scout goes back the Camp's Time; the Camp moves up to it when it is ahead."""
    s = game(2, seed=1)
    p = s.players[0]
    p.scout, p.camp, p.hand = 20, 5, p.hand[:2]
    assert camp_preview(s, 0) == "Camp now: lose 2 spaces, Camp moves to 18"
    p.camp = 19
    assert camp_preview(s, 0) == "Camp now: lose 2 spaces, Scout back to 18, Camp stays at 19"
    p.hand = p.hand[:1]
    p.camp = 5
    assert camp_preview(s, 0) == "Camp now: lose 1 space, Camp moves to 19"


def test_resources_and_village_room() -> None:
    s = game(2, seed=1)
    p = s.players[0]
    p.resources = [2, 0, 0, 0, 1, 0]
    assert resources_line(s, 0) == "2 wood, 1 canoe (3/11 aboard)"
    p.resources = [0] * 6
    assert resources_line(s, 0) == "no resources (0/11 aboard)"
    hunting, upgrade, canoe = PLACES[0], PLACES[5], PLACES[6]
    assert village_room(s, hunting) == "1 circle" and village_room(s, upgrade) == "2 circles"
    assert village_room(s, canoe) == "1-3 any time"
    s.village[0] = 1
    assert village_room(s, hunting) == "full"


def test_outcome() -> None:
    s = game(2, seed=1)
    assert outcome(s) == ""
    s.over, s.winner = True, 1
    assert outcome(s) == "Blue sets up Camp at Fort Clatsop and wins!"
    s.winner = -1
    assert outcome(s) == "Mackenzie reaches Fort Clatsop first: the expedition loses."


def test_log_words_every_event_of_a_game() -> None:
    """A whole game's log: each step's first line is the action, and the end is told."""
    result = play_game(Options(players=2, seed=3), ["heuristic", "heuristic"], seed=3, keep_log=False)
    s = new_game(Options(players=2, seed=3))
    lines: list[str] = []
    for text in result.record.actions:
        action = Action.parse(text)
        step = log_lines(s, action, apply(s, action))
        assert step and step[0].startswith(player_name(s, s.current))
        lines += step
        s = apply(s, action)
    joined = "\n".join(lines)
    assert "sets up Camp at Fort Clatsop and wins!" in joined
    for words in ("plays", "Scout moves ", "New in the Journal", "Round 2: ", "(slot 5)"):
        assert words in joined, words


# --- through the catalogue -----------------------------------------------------------------------

def _pseudo() -> gettext.NullTranslations:
    """The wording layer's pseudo-locale (``catalogue.pseudo``): every message's letters marked, wrapped in « »."""
    return cat.translations(cat.PSEUDO)


@pytest.fixture
def pseudo() -> Iterator[None]:
    cat.install("qps", _pseudo())
    with language("qps"):
        yield
    cat._LOADED.pop("qps", None)


def _outside(text: str) -> str:
    """What a text holds outside its outermost « » pairs."""
    out, depth = [], 0
    for ch in text:
        if ch == "«":
            depth += 1
        elif ch == "»":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    assert depth == 0, text
    return "".join(out)


def wrapped(text: str) -> bool:
    """Made by the catalogue: it starts with «, and no letter stands outside every « »."""
    return text.startswith("«") and not re.search(r"[^\W\d_]", _outside(text))


def test_pseudo_locale_wraps_every_sentence_of_seeded_games(pseudo: None) -> None:
    assert t("End the turn") == "«Ḗƞḋ ŧħḗ ŧūřƞ»" and tn("{n} canoe", "{n} canoes", 2) == "«2 ċȧƞǿḗş»"
    for c in CARDS[1:]:
        assert wrapped(card_text(c)), card_text(c)
    for p in PLACES:
        assert wrapped(place_text(p)), place_text(p)
    for seed in range(3):
        options = Options(players=3 if seed else 1, seed=seed)
        result = play_game(options, ["heuristic"] * options.players, seed=seed, max_turns=60, keep_log=False)
        s: State = new_game(options)
        for text in result.record.actions:
            assert wrapped(prompt(s)) and wrapped(decision_hint(s)), prompt(s)
            for seat in range(len(s.players)):
                assert wrapped(camp_preview(s, seat)) and wrapped(resources_line(s, seat))
            for a in legal_actions(s):
                assert wrapped(label(s, a)), (str(a), label(s, a))
                words = hint(s, a)
                assert not words or wrapped(words), (str(a), words)
            action = Action.parse(text)
            after = apply(s, action)
            for line in log_lines(s, action, after):
                assert wrapped(line), line
            s = after
        if s.over:
            assert wrapped(outcome(s))


def test_event_line_words_each_event_type(pseudo: None) -> None:
    from lewis_clark import events as ev
    s = game(2, seed=1)
    samples: list[ev.Event] = [
        ev.Acted(0, Action(Verb.END)), ev.ScoutMoved(0, 3, 5), ev.Recruited(0, 39, 3, 1, 55), ev.Recruited(1, 39, 1, 3),
        ev.Camped(0, 2, 5, 6), ev.Camped(1, 0, 3, 3, 4, 2), ev.Gathered(3), ev.NewcomerArrived(),
        ev.JournalDiscarded((1, 2)), ev.JournalDiscarded((1,), (1,), 56), ev.JournalDiscarded((1, 2), (1, 2), place=3),
        ev.JournalDrawn((3,)), ev.JournalDrawn((3, 4), (4, 5)), ev.Reshuffled(12), ev.MackenzieMoved(7),
        ev.MackenzieMoved(9, 7, 8), ev.MackenzieMoved(8, 7), ev.TurnEnded(0), ev.TurnPassed(0, 1, 2, 1), ev.GameOver(0),
        ev.GameOver(-1)]
    assert {type(e) for e in samples} == set(ev.Event.__args__)  # type: ignore[attr-defined]
    for e in samples:
        assert wrapped(event_line(s, e)), e


# --- the catalogue files -------------------------------------------------------------------------

def test_template_is_up_to_date_with_the_sources() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogue.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr


def test_hungarian_loads_and_translates_with_plurals() -> None:
    s = game(2, seed=1)
    with language("hu"):
        assert t("End the turn") == "Kör befejezése"
        assert tn("{n} canoe", "{n} canoes", 1) == "1 kenu" and tn("{n} canoe", "{n} canoes", 3) == "3 kenu"
        assert tn("{n} space", "{n} spaces", 2) == "2 mező"
        assert player_name(s, 1) == "Kék"
        assert t("a message that was never written") == "a message that was never written"  # falls back to English
    assert t("End the turn") == "End the turn" and player_name(s, 1) == "Blue"


def test_language_is_per_context() -> None:
    """The language is a ContextVar: one context's choice does not leak into another."""
    import contextvars
    ctx = contextvars.copy_context()
    ctx.run(cat.use_language, "hu")
    assert ctx.run(t, "End the turn") == "Kör befejezése"
    assert t("End the turn") == "End the turn"


def test_every_hungarian_message_is_translated_with_its_placeholders() -> None:
    """No empty or fuzzy msgstr (an empty one would show English in a Hungarian page), and each keeps the
    English message's {placeholders}: a missing one would drop a number, an unknown one would crash."""
    with cat.catalogue_path("hu").open("rb") as f:
        catalogue = read_po(f, locale="hu")
    untranslated, broken = [], []
    for m in catalogue:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strings = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        if m.fuzzy or not all(strings):
            untranslated.append(ids[0])
            continue
        for k, s in enumerate(strings):
            # a plural form keeps its own English form's placeholders (Click's differ between the two)
            wanted = set(re.findall(r"\{\w+\}", ids[min(k, len(ids) - 1)])) - {"{n}"}
            if not wanted <= set(re.findall(r"\{\w+\}", s)) or set(re.findall(r"\{\w+\}", s)) - wanted - {"{n}"}:
                broken.append((ids[0], s))
    assert not untranslated, untranslated[:5]
    assert not broken, broken[:5]


def test_hints_name_their_subject_in_plain_words() -> None:
    """Indians, performing, taking and the Camp preview each say what they are about."""
    s = game(2, seed=2)
    card = CARDS[s.players[s.current].hand[0]]
    s.players[s.current].indians = 3
    s = apply(s, Action(Verb.PLAY, card.slug))
    s = apply(s, Action(Verb.UNDER, "none"))
    assert s.decision == Decision.INDIANS and card.name in decision_hint(s) and "Camp" in decision_hint(s)
    s = apply(s, next(a for a in legal_actions(s) if a.indians))
    assert s.decision == Decision.PERFORM
    assert decision_hint(s).startswith(card.name) and "1 Strength" in decision_hint(s)
    p = s.players[s.current]
    p.scout = p.camp = 20
    p.hand, p.resources, p.indians = [], [0] * len(p.resources), 0
    assert camp_preview(s, s.current) == "Camp now: costs nothing: Scout stays, Camp stays at 20"
    with language("hu"):
        assert "Tábor" in camp_preview(s, s.current) and card.name in decision_hint(s)
