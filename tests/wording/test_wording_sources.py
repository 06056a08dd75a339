"""Collect prompts say where the count comes from: here, next door, the solo Village badge
tokens, a copied card; counted movements name what they count. The parts come from the engine's own
queries and sum to what the engine gives (R4, R5, R11, R21, R22, R24)."""

from __future__ import annotations

import pytest

from builders import activate, area, at, do, game, hand, indians, load, occupy, played, powwow
from lewis_clark.bots import make_bot
from lewis_clark.cards import CARDS
from lewis_clark.effects import count
from lewis_clark.effects_spec import COUNTERS
from lewis_clark.queries import badge_count, badge_sources, counter_parts
from lewis_clark.resources import FOOD, KINDS, PRIMARY
from lewis_clark.rules import apply, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Decision, Options, State
from lewis_clark.wording import decision_hint, hint, label, language
from lewis_clark.wording.counts import movement_words

COPYABLE = [c.id for c in CARDS[1:] if not c.permanent]


def _positions(players: int, seed: int, steps: int = 400) -> list[State]:
    s = new_game(Options(players=players, seed=seed))
    bots = [make_bot("heuristic", seed=seed + i) for i in range(players)]
    out = []
    for _ in range(steps):
        if s.over:
            break
        out.append(s)
        s = apply(s, bots[s.current].choose(s, legal_actions(s)))
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_parts_sum_to_what_the_engine_counts(players: int) -> None:
    """Every counter and every badge kind, every seat, with and without a copied card, in seeded games."""
    checked = 0
    for i, s in enumerate(_positions(players, seed=players)):
        copied = COPYABLE[i % len(COPYABLE)] if i % 2 else 0
        for seat, p in enumerate(s.players):
            for counter in COUNTERS:
                assert sum(counter_parts(s, seat, p, counter, copied).values()) == count(s, seat, p, counter, copied)
                checked += 1
            for kind in PRIMARY:
                assert sum(badge_sources(s, seat, kind, copied).values()) == badge_count(s, seat, kind, copied)
    assert checked > 100


def _hunter_with_neighbours() -> State:
    """Orange plays York (a Hunter, Food badge) with Blue and Yellow each showing one Food badge."""
    s = game(3)
    hand(s, 0, "york", "william-clark", "hugh-mcneal")
    played(s, 1, "meriwether-lewis", under="seaman")  # Lewis: a Fur badge; Seaman face down still counts (R4)
    area(s, 2, "silas-goodrich")
    return activate(s, "york", under="william-clark")


def test_collect_hint_says_here_and_next_door() -> None:
    s = _hunter_with_neighbours()
    assert s.decision == Decision.PERFORM
    words = "food badges: 1 here + 1 next door (yellow) + 1 next door (blue): up to 3 food"
    assert words in decision_hint(s).lower()
    perform = next(a for a in legal_actions(s) if a.verb == "perform")
    assert hint(s, perform).lower() == words
    s = apply(s, perform)
    assert s.decision == Decision.TAKE
    assert words in decision_hint(s).lower()
    assert "Take 3 food" in [label(s, a) for a in legal_actions(s)]  # what the words promise is on offer


def test_collect_hint_in_hungarian_has_no_english_left() -> None:
    s = _hunter_with_neighbours()
    with language("hu"):
        text = decision_hint(s)
    assert "badges" not in text and "next door" not in text and "Kék" in text


def test_solo_names_the_village_badge_tokens() -> None:
    s = game(1)
    hand(s, 0, "york", "william-clark")
    occupy(s, "hunting", 1)
    occupy(s, "shamanism", 1)
    occupy(s, "canoe", 1)  # a wood token: not counted for food
    s = activate(s, "york", under="william-clark")
    assert "food badges: 1 here + 2 village tokens (hunting, shamanism): up to 3 food" in decision_hint(s).lower()


def test_a_copied_card_counts_as_if_it_were_yours() -> None:
    """R22: The Partisan copies a Hunter from an area that is not counted (across a 4-player table): the copied
    card's badge counts as if it lay in the copier's area."""
    s = game(4)
    hand(s, 0, "the-partisan", "william-clark")
    area(s, 2, "silas-goodrich")  # Yellow sits across the table: not next door to Orange
    load(s, 0, food=2)
    s = activate(s, "the-partisan", under="william-clark")
    s = do(s, "perform silas-goodrich")
    assert s.decision == Decision.PERFORM and s.stack[-1].copied
    assert "food badges: 1 here + 1 on the copied card: up to 2 food" in decision_hint(s).lower()


def test_counted_movements_name_what_they_count() -> None:
    s = game(2)
    hand(s, 0, "daniel-boone", "william-clark")
    occupy(s, "hunting", 1)
    powwow(s, 2)
    load(s, 0, wood=2)
    s = activate(s, "daniel-boone", under="william-clark")
    text = decision_hint(s)
    assert s.newcomer == 1
    assert "Indians in the Village: 1 on places + 2 at the Powwow + 1 Newcomer: 4 spaces" in text, text
    move = next(a for a in legal_actions(s) if a.verb == "perform")
    assert hint(s, move).endswith("(Indians in the Village: 1 on places + 2 at the Powwow + 1 Newcomer: 4 spaces)")


def test_scouts_ahead_and_badge_moves_in_words() -> None:
    s = game(2)
    at(s, 0, 6, camp=4)
    at(s, 1, 9, camp=2)
    alt = CARDS[30].alternatives[0]  # Half Man
    assert movement_words(s, 0, alt) == "Scouts on or ahead of your Camp: Orange, Blue: 2 spaces"
    area(s, 0, "york")
    area(s, 1, "seaman")
    buffalo = CARDS[29].alternatives[0]
    assert movement_words(s, 0, buffalo) == "food badges: 1 here + 1 next door (Blue): 2 spaces"
    indians(s, 0, 1)
    assert movement_words(s, 0, CARDS[31].alternatives[0]) == "1 Indian on your boats: 1 space"
    assert KINDS[FOOD] == "food"


def test_a_take_names_the_kind_chosen_among_several() -> None:
    """Little Raven takes one kind per face-up card (R5): the take's hint counts for the kind chosen."""
    s = game(2)
    hand(s, 0, "little-raven", "william-clark")
    area(s, 0, "york")
    s = activate(s, "little-raven", under="william-clark")
    s = do(s, "perform fur")
    assert s.decision == Decision.TAKE
    assert decision_hint(s).endswith("Face-up cards: 2 here: up to 2 fur")
