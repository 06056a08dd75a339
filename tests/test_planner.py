"""The planner's outlook terms: what the hand can reach, what the movers owned save."""

from builders import area, at, game, hand, load
from lewis_clark.bots.planning import hand_reach, turns_to_go


def test_a_mover_with_nothing_under_it_does_not_move() -> None:
    s = game(players=1)
    at(s, 0, 10, camp=10)
    load(s, 0, food=3)
    s.players[0].indians = 0
    hand(s, 0, "william-clark")
    assert hand_reach(s, 0) == 0
    hand(s, 0, "william-clark", "york")  # York gives Strength 1: one performance, 2 spaces on the River
    assert hand_reach(s, 0) == 2


def test_a_card_given_as_strength_is_used_up() -> None:
    s = game(players=1)
    at(s, 0, 10, camp=10)
    load(s, 0, food=3)
    s.players[0].indians = 0
    # Clark under York moves; Hawk's Feather (River 3, 1 Food) is left with nothing to go under it
    hand(s, 0, "william-clark", "york", "hawks-feather")
    one = hand_reach(s, 0)
    hand(s, 0, "william-clark", "york", "hawks-feather", "joseph-whitehouse")
    assert hand_reach(s, 0) > one


def test_turns_to_go_fall_with_progress_and_with_movers() -> None:
    s = game(players=1)
    at(s, 0, 15, camp=15)
    before = turns_to_go(s, 0)
    at(s, 0, 18, camp=18)
    after = turns_to_go(s, 0)
    assert after < before
    area(s, 0, "george-drouillard")
    assert turns_to_go(s, 0) < after
