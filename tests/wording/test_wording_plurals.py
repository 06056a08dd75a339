"""No "1 Indians" anywhere: every count a person reads goes through ``tn``. Seeded games are
played with their whole log, and at every decision the prompt, the hint, every choice's label and hint,
the offered plans and the table's sentences are read; help texts are read once."""

from __future__ import annotations

import re

import pytest

from lewis_clark.cards import CARDS
from lewis_clark.match import Match
from lewis_clark.plans import offered
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options, State
from lewis_clark.terminal.texts import help_text
from lewis_clark.village import PLACES
from lewis_clark.wording import (
    RULE_TOPICS,
    camp_preview,
    choice_label,
    decision_hint,
    hint,
    label,
    language,
    prompt,
    resources_line,
    village_room,
)
from lewis_clark.wording.guide import guide_sections
from lewis_clark.wording.plans import plan_label
from lewis_clark.wording.table import unfinished

WRONG = re.compile(r"\b1 (Indians|cards|spaces|resources|rounds|turns|actions|canoes|horses|times|badges|tokens|"
                   r"Newcomers|circles|boats|plans|more times)\b")


def _texts(state: State) -> list[str]:
    out = [prompt(state), decision_hint(state)]
    for a in legal_actions(state):
        out += [label(state, a), hint(state, a)]
    for plan in offered(state):
        out += [choice_label(state, plan), plan_label(state, plan)]
    for seat in range(len(state.players)):
        out += [camp_preview(state, seat), resources_line(state, seat)]
    out += [village_room(state, p) for p in PLACES]
    return out


def test_the_pattern_catches_what_was_reported() -> None:
    assert WRONG.search("Blue adds 1 Indians") and not WRONG.search("Blue adds 1 Indian")
    assert WRONG.search("lose 1 spaces") and not WRONG.search("lose 11 spaces")


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3), (5, 5)])
def test_no_singular_count_reads_as_a_plural(players: int, seed: int) -> None:
    match = Match(Options(players=players, seed=seed), ["heuristic"] * players)
    read = 0
    while not match.state.over and match.state.turn <= 60 * players:
        for text in _texts(match.state):
            assert not WRONG.search(text), text
            read += 1
        match.step_bot()
    for line in match.log_lines():
        assert not WRONG.search(line), line
    assert read > 1000 and match.log_lines()
    assert not WRONG.search(unfinished(match.state, 1))


def test_help_texts_have_no_singular_plurals() -> None:
    for section in guide_sections():
        for text in (section.title, *section.paragraphs, *section.items):
            assert not WRONG.search(text), text
    topics = [*RULE_TOPICS, "", "john", "joseph", *(p.name for p in PLACES), *(c.slug for c in CARDS[1:])]
    for lang in ("en", "hu"):
        with language(lang):
            for topic in topics:
                text = help_text(topic)
                assert not WRONG.search(text), (topic, text)
