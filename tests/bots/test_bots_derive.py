"""Bots and adapters derive from the card data and the engine (STYLE.md practice 14): change the data
or the engine's movement rules and the bots follow without a second copy to edit."""

from __future__ import annotations

import dataclasses

import pytest

from builders import area, card, game, hand, indians, load
from lewis_clark import Action, State, apply, legal_actions, view
from lewis_clark.actions import Verb
from lewis_clark.bots import evaluation, heuristic
from lewis_clark.bots.evaluation import COMMANDER_FUEL, commander_of, commander_reach, fuel_table, reach
from lewis_clark.bots.heuristic import HeuristicBot, village_knowledge
from lewis_clark.cards import CARDS
from lewis_clark.decisions import Subject, subject_of
from lewis_clark.effects import MOVE_TERRAIN, RESULTS
from lewis_clark.effects_spec import parse_effect
from lewis_clark.resources import CANOE, EQUIPMENT, FOOD, FUR, HORSE, WOOD
from lewis_clark.rl import observation
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import Decision
from lewis_clark.village import PLACE_INDEX, PLACES
from pure_build import rerun_pure

RIVER_START = 8  # printed route: spaces 6-22 are River


def _commander_slug(s: State, seat: int = 0) -> str:
    return CARDS[commander_of(s.players[seat])].slug


def _engine_best(s: State, seat: int) -> int:
    """The furthest the Scout gets within the action, over every sequence of legal performances."""
    best = s.players[seat].scout
    if not s.stack or s.current != seat:
        return best
    for a in legal_actions(s):
        if a.verb in (Verb.PERFORM, Verb.TAKE, Verb.RETURN, Verb.MOVE):
            best = max(best, _engine_best(apply(s, a), seat))
    return best


def _performing(s: State, slug: str, strength: int) -> State:
    """``slug`` played for ``strength`` performances, Indians giving the Strength."""
    indians(s, 0, strength)
    s = apply(s, Action(Verb.PLAY, slug))
    s = apply(s, Action(Verb.UNDER, "none"))
    if s.stack[-1].kind == Decision.INDIANS:
        s = apply(s, Action(Verb.INDIANS, "", strength))
    assert s.stack[-1].kind == Decision.PERFORM and s.stack[-1].performances == strength
    return s


def test_fuel_table_is_read_from_the_commanders_data() -> None:
    assert sorted(COMMANDER_FUEL) == sorted([(FOOD, RIVER, 2), (CANOE, RIVER, 4), (HORSE, MOUNTAIN, 2)])


@pytest.mark.parametrize("larocque", [False, True])
def test_reach_counts_past_other_scouts_with_larocque(larocque: bool) -> None:
    """R19 through the engine's step_forward: with F. Antoine Larocque face-up a Scout held by another
    expedition is passed without counting, so one Canoe carries the Scout five spaces instead of four."""
    s = game(players=2)
    s.players[0].scout, s.players[1].scout = RIVER_START, RIVER_START + 2
    load(s, 0, canoe=1)
    if larocque:
        area(s, 0, "f-antoine-larocque")
    assert commander_reach(s, 0, 1) == (5 if larocque else 4)


@pytest.mark.parametrize(
    ("resources", "strength", "scout"),
    [
        ({"canoe": 1, "food": 1, "horse": 1}, 3, RIVER_START),  # River: Canoe and Food, the Horse waits
        ({"canoe": 2, "food": 2}, 2, RIVER_START),
        ({"horse": 3, "canoe": 1}, 3, 21),  # Mountain-River at 23, Mountains after: terrain stops (R18)
        ({"food": 3}, 3, 19),
    ],
)
def test_reach_is_what_the_engine_allows(resources: dict[str, int], strength: int, scout: int) -> None:
    s = game(players=2)
    s.players[0].scout = scout
    load(s, 0, **resources)
    expected = reach(s, 0, card(_commander_slug(s)), strength)
    playing = _performing(hand(s, 0, _commander_slug(s)), _commander_slug(s), strength)
    assert _engine_best(playing, 0) - scout == expected > 0


def test_reach_of_a_counted_movement_uses_the_engines_count() -> None:
    """Black Buffalo moves one River space per Food badge in sight (R4, R21): badges laid down raise its reach."""
    s = game(players=2)
    s.players[0].scout = RIVER_START
    load(s, 0, food=1)
    before = reach(s, 0, card("black-buffalo"), 1)
    area(s, 0, "hawks-feather", "john-boley")  # Hawk's Feather has a Fur badge, John Boley a Food badge
    assert reach(s, 0, card("black-buffalo"), 1) == before + 1
    playing = _performing(hand(s, 0, "black-buffalo"), "black-buffalo", 1)
    assert _engine_best(playing, 0) - RIVER_START == before + 1


def test_reach_follows_a_change_to_the_commanders_data(monkeypatch: pytest.MonkeyPatch,
                                                       request: pytest.FixtureRequest) -> None:
    if rerun_pure(request):  # the card data is patched: compiled code reads the Final CARDS, bound when compiled
        return
    s = game(players=2)
    s.players[0].scout = RIVER_START
    load(s, 0, canoe=1)
    assert commander_reach(s, 0, 1) == 4
    commander = commander_of(s.players[0])
    faster = dataclasses.replace(CARDS[commander], alternatives=parse_effect(
        "food: pay 1 food; river 2 | canoe: pay 1 canoe; river 6 | horse: pay 1 horse; mountain 2"))
    patched = tuple(faster if c.id == commander else c for c in CARDS)
    monkeypatch.setattr(evaluation, "CARDS", patched)
    assert commander_reach(s, 0, 1) == 6
    assert (CANOE, RIVER, 6) in fuel_table(commander)


def test_heuristic_village_knowledge_follows_the_places_data() -> None:
    known = village_knowledge(PLACES, COMMANDER_FUEL)
    assert dict(known.free) == {"hunting": {FUR, FOOD}, "crafts": {WOOD, EQUIPMENT}, "gift": {FUR, WOOD}}
    assert known.makers[CANOE].place == "canoe" and known.makers[CANOE].alt.pay[WOOD] == 2
    assert known.makers[HORSE].place == "horse" and known.makers[HORSE].alt.pay_different == 3
    # Swap what Craftsmanship and Canoe Manufacturing do: the knowledge swaps with them.
    swapped = tuple(
        dataclasses.replace(p, alternatives=parse_effect("pay 3 fur; take 1 canoe")) if p.name == "crafts"
        else dataclasses.replace(p, alternatives=parse_effect("take 1 wood + 1 equipment")) if p.name == "canoe"
        else p
        for p in PLACES
    )
    changed = village_knowledge(swapped, COMMANDER_FUEL)
    assert changed.makers[CANOE].place == "crafts" and changed.makers[CANOE].alt.pay[FUR] == 3
    assert not changed.makers[CANOE].semicircle
    assert ("canoe", {WOOD, EQUIPMENT}) in changed.free


def _river_turn() -> State:
    """Seat 0 on the River with Wood and one Indian, no mover in hand and nothing to recruit; its
    Interpreter played this cycle, so the last Indian may go (``knowledge.cut_off``)."""
    s = game(players=2)
    s.players[0].scout = RIVER_START
    hand(s, 0, "hugh-mcneal", "thomas-p-howard")
    area(s, 0, "francois-labiche")
    load(s, 0, wood=3)
    indians(s, 0, 1)
    return s


def test_heuristic_makes_canoes_where_the_village_data_says(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _river_turn()
    bot = HeuristicBot(0)
    assert bot.choose(view(s, 0), legal_actions(s)) == Action(Verb.VILLAGE, "canoe", 1)
    # Were Craftsmanship the place that turns Wood into Canoes, the bot would go there.
    moved = tuple(
        dataclasses.replace(p, alternatives=PLACES[PLACE_INDEX["canoe"]].alternatives) if p.name == "crafts" else
        dataclasses.replace(p, alternatives=parse_effect("take 1 fur")) if p.name == "canoe" else p
        for p in PLACES
    )
    monkeypatch.setattr(heuristic, "VILLAGE", village_knowledge(moved, COMMANDER_FUEL))
    assert HeuristicBot(0).choose(view(s, 0), legal_actions(s)) == Action(Verb.VILLAGE, "crafts", 1)


def test_every_result_names_a_kind_of_subject_the_action_index_enumerates() -> None:
    kinds = {word: subject_of(word) for word in RESULTS}
    assert kinds["pick"] == Subject.JOURNAL_CARD and kinds["village"] == Subject.PLACE
    assert kinds["copy"] == Subject.CARD_TO_COPY and kinds["river"] == Subject.LABEL
    assert set(MOVE_TERRAIN) == {w for w in RESULTS if w in ("river", "mountain")}


def test_observation_decision_kinds_follow_the_engines_enum() -> None:
    assert list(observation.FRAME_KIND_LIST) == [d for d in Decision if d not in (Decision.TURN, Decision.NONE)]
