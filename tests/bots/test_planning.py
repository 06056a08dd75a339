"""The planner's evaluation terms (bots/planning.py): each can fail if its idea is wrong."""

from __future__ import annotations

from builders import at, game, hand, load
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import planning
from lewis_clark.bots.knowledge import terrain_left
from lewis_clark.bots.planning import camped, hand_reach, recruit_order, terrain_mostly_ahead, turns_to_go, underway
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.rules import legal_actions


def test_hand_reach_needs_fuel_and_a_mover() -> None:
    s = game(players=1)
    hand(s, 0, "william-clark", "york", "john-b-thompson")
    load(s, 0)
    s.players[0].indians = 0
    assert hand_reach(s, 0) == 0  # the Commander has no Food, Canoe or Horse to spend
    load(s, 0, food=3)
    assert hand_reach(s, 0) > 0


def test_hand_reach_chains_movers_on_shared_fuel() -> None:
    """A mover paying with Food reaches no further than the Food allows (here the Interpreter gives
    the Commander Strength 2: two performances if there is Food for both)."""
    s = game(players=1)
    at(s, 0, 5, camp=5)
    hand(s, 0, "william-clark", "francois-labiche")
    load(s, 0, food=1)
    one = hand_reach(s, 0)
    load(s, 0, food=3)
    three = hand_reach(s, 0)
    assert 0 < one < three


def test_terrain_left_counts_from_the_further_of_scout_and_camp() -> None:
    """A Scout sent back behind its Camp has not gained terrain to cross (the planner must not
    reward a Camp that loses ground)."""
    s = game(players=1)
    at(s, 0, 20, camp=20)
    ahead = terrain_left(s, 0)
    at(s, 0, 15, camp=20)
    assert terrain_left(s, 0) == ahead
    at(s, 0, 25, camp=20)
    river, mountain = terrain_left(s, 0)
    assert river + mountain < sum(ahead) + 1 and mountain < ahead[1]


def test_a_mountain_mover_saves_turns_while_mountains_are_ahead() -> None:
    s = game(players=1)
    at(s, 0, 20, camp=20)
    hand(s, 0, "william-clark", "york")
    before = turns_to_go(s, 0)
    hand(s, 0, "william-clark", "york", "george-drouillard")
    saved_before = before - turns_to_go(s, 0)
    assert saved_before > 0
    at(s, 0, 40, camp=40)  # past the Mountains: the same mover saves nothing more there
    with_mover = turns_to_go(s, 0)
    hand(s, 0, "william-clark", "york")
    assert turns_to_go(s, 0) - with_mover < saved_before


def test_camped_charges_turns_and_rewards_ground() -> None:
    s = game(players=1)
    at(s, 0, 12, camp=12)
    base = camped(s, 0, turns=4)
    assert camped(s, 0, turns=5) < base  # a turn more for the same ground
    at(s, 0, 14, camp=14)
    assert camped(s, 0, turns=4) > base


def test_underway_counts_what_the_hand_could_still_move() -> None:
    s = game(players=1)
    at(s, 0, 10, camp=8)
    hand(s, 0, "william-clark", "york")
    load(s, 0)
    dry = underway(s, 0, turns=2)
    load(s, 0, food=2)
    assert hand_reach(s, 0) > 0
    assert underway(s, 0, turns=2) > dry  # fuel the Commander in hand can burn (the free boat holds it)
    hand(s, 0, "york")
    assert underway(s, 0, turns=2) < dry + planning.REACH_WEIGHT * 4  # without a mover, fuel is only cargo


def test_terrain_mostly_ahead_reads_the_route() -> None:
    s = game(players=1)
    at(s, 0, 6, camp=6)
    assert terrain_mostly_ahead(s, 0) == RIVER
    at(s, 0, 23, camp=23)
    assert terrain_mostly_ahead(s, 0) == MOUNTAIN


def test_recruit_order_lists_only_recruitments_movers_for_the_terrain_first() -> None:
    s = game(players=1)
    legal = legal_actions(s)
    order = recruit_order(s, 0, legal + [Action(Verb.CAMP)])
    assert set(order) == {a.subject for a in legal if a.verb == Verb.RECRUIT}


def test_distinct_keeps_the_best_line_of_each_position_up_to_the_width() -> None:
    """Lines reaching the same position have the same future: only the first (best) of them is kept,
    and a different hand, boats or Scout is a different position."""
    s = game(players=2)
    same = s.copy()
    other = s.copy()
    load(other, 0, food=2)
    further = s.copy()
    at(further, 0, 4, camp=0)
    lines = [("best", s), ("twin", same), ("fed", other), ("on", further)]
    assert planning.position(s, 0) == planning.position(same, 0) != planning.position(other, 0)
    kept = planning.distinct(lines, 5, lambda line: line[1], 0)
    assert [name for name, _ in kept] == ["best", "fed", "on"]
    assert [name for name, _ in planning.distinct(lines, 2, lambda line: line[1], 0)] == ["best", "fed"]
    # seat -1: the seat to move in each line's state; seat 1's position is the same in every line
    for _, state in lines:
        state.current = 1
    assert [name for name, _ in planning.distinct(lines, 5, lambda line: line[1], -1)] == ["best"]
