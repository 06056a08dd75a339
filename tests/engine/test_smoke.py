"""A first check that the builders and a simple action work."""

from builders import area, do, game, hand, legal, load
from lewis_clark import camp_time


def test_blue_hunter_collects_with_neighbour_badges() -> None:
    s = game(players=2, colours=("blue", "orange"))
    hand(s, 0, "seaman", "hugh-mcneal")
    area(s, 1, "york")  # opponent's Hunter: one Food badge
    load(s, 0)
    s = do(s, "play seaman", "under hugh-mcneal", "indians 0", "perform")
    # Seaman's own Food badge + York's: 2 per performance, Strength 1 -> up to 2 Food.
    assert "take 2 food" in legal(s)
    assert "take 3 food" not in legal(s)
    s = do(s, "take 2 food")
    assert s.players[0].resources[2] == 2
    # Nothing in hand, 2 Food on boat 1 and the one Indian on boat 4: a Camp would cost no Time.
    assert camp_time(s.players[0]) == 0


def test_the_state_says_who_decides_what() -> None:
    s = game(players=2, first=1)
    assert (s.to_play, s.decision) == (1, "turn")
    hand(s, 1, "seaman", "hugh-mcneal")
    s = do(s, "play seaman")
    assert (s.to_play, s.decision) == (1, "under")
    s.over = True
    assert (s.to_play, s.decision) == (-1, "")
