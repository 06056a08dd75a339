"""The rulebook's worked examples, replayed on the engine.

Karine's Camp and Lumberjack, Cédrick's recruitment of Black Cat and his solo Hunter, the three
ways to give Strength, and the Scout movement rules (R18).
"""

from __future__ import annotations

from builders import activate, area, at, do, game, hand, held, indians, journal, legal, load, occupy, top_of_deck
from lewis_clark import camp_time
from lewis_clark.cards import BY_SLUG


def test_karine_camp_time_is_five() -> None:
    """1 card in hand + 8 resources (3 free, 3 on boat 2 = 1, 2 on boat 3 = 2) + 2 Indians back
    from her cards (boat 4 free, boat 5 = 1): Time 5, the Scout goes back 5 and the Camp follows."""
    s = game(2, colours=("blue", "orange"))
    hand(s, 0, "seaman")
    area(s, 0, "meriwether-lewis", "hugh-mcneal")
    area(s, 0, "pierre-cruzatte", face_up=False)
    load(s, 0, wood=2, fur=2, food=2, equipment=2)
    indians(s, 0, 0)
    s.players[0].on_cards, s.indian_stock = 2, s.indian_stock - 2
    s.players[0].scout, s.players[0].camp = 20, 8
    assert camp_time(s.players[0]) == 5
    s = do(s, "camp")
    p = s.players[0]
    assert (p.scout, p.camp, p.indians, p.on_cards) == (15, 15, 2, 0)
    assert sorted(p.hand) == sorted(BY_SLUG[x].id for x in ("seaman", "meriwether-lewis", "hugh-mcneal", "pierre-cruzatte"))
    assert p.face_up == [] and p.face_down == []


def test_karine_lumberjack_takes_ten_keeps_seven() -> None:
    """Strength 2 with 5 Wood badges in her area and her two neighbours' (not the fourth player's):
    2 x 5 = 10 Wood offered; she keeps 7, the rest goes back (R7)."""
    s = game(4, first=1)  # Karine is Blue, seat 1: neighbours seats 0 and 2
    hand(s, 1, "hugh-mcneal", "pierre-cruzatte")  # Lumberjack + Interpreter (Strength 2): 2 Wood
    area(s, 0, "john-b-thompson")
    area(s, 2, "thomas-p-howard")
    area(s, 2, "black-cat", face_up=False)
    area(s, 3, "patrick-gass", "hay")  # seat 3 is not Karine's neighbour
    load(s, 1, fur=1, food=1, equipment=2)  # 4 held: room for 7 more
    s = activate(s, "hugh-mcneal", "pierre-cruzatte")
    assert s.stack[-1].performances == 2
    s = do(s, "perform")
    assert legal(s)[0] == "take 5 wood"
    s = do(s, "take 5 wood", "perform")
    assert legal(s)[0] == "take 5 wood"
    s = do(s, "take 5 wood")
    assert s.stack[-1].kind == "overflow" and s.stack[-1].returns == 3
    s = do(s, "return wood", "return wood", "return wood")
    assert held(s, 1) == {"wood": 7, "fur": 1, "food": 1, "equipment": 2}


def test_cedrick_recruits_black_cat() -> None:
    """Black Cat in slot 4 costs 4 Fur and 3 Equipment; discarding Hugh McNeal (Strength 1) saves
    1 Equipment: he pays 4 Fur + 2 Equipment (R15)."""
    s = game(2, colours=("blue", "orange"))
    hand(s, 0, "meriwether-lewis", "hugh-mcneal", "seaman")
    journal(s, "hay", "john-dame", "weuche", "black-cat", "sacagawea")
    top_of_deck(s, "coboway")
    load(s, 0, fur=4, equipment=3, food=1)
    s = do(s, "recruit black-cat")
    assert "discard hugh-mcneal" in legal(s) and "discard none" in legal(s)
    s = do(s, "discard hugh-mcneal")
    p = s.players[0]
    assert held(s) == {"equipment": 1, "food": 1}
    assert BY_SLUG["black-cat"].id in p.hand and BY_SLUG["hugh-mcneal"].id not in p.hand
    assert s.discard[-1] == BY_SLUG["hugh-mcneal"].id
    assert s.journal == [BY_SLUG[x].id for x in ("hay", "john-dame", "weuche", "sacagawea", "coboway")]
    assert not s.acted  # recruiting is not the turn's action


def test_cedrick_cannot_recruit_black_cat_with_three_fur() -> None:
    s = game(2, colours=("blue", "orange"))
    hand(s, 0, "meriwether-lewis", "hugh-mcneal")
    journal(s, "hay", "john-dame", "weuche", "black-cat", "sacagawea")
    load(s, 0, fur=3, equipment=3)
    assert "recruit black-cat" not in legal(s) and "recruit weuche" in legal(s)


def test_solo_hunter_strength_three_takes_nine_food() -> None:
    """Solo: Hunter at Strength 3 with Hunting and Shamanism occupied: (1 badge + 2 tokens) x 3 = 9."""
    s = game(1)
    hand(s, 0, "york", "black-cat")  # Black Cat (Strength 3) shows Wood
    load(s, 0)
    occupy(s, "hunting", 1)
    occupy(s, "shamanism", 1)
    s = activate(s, "york", "black-cat")
    assert s.stack[-1].performances == 3
    for _ in range(3):
        s = do(s, "perform")
        assert legal(s)[0] == "take 3 food"
        s = do(s, "take 3 food")
    assert held(s) == {"food": 9} and not s.stack


def test_strength_examples_a_b_c() -> None:
    """A: a Strength-1 card, once; B: 2 Indians, twice; C: a Strength-1 card + 2 Indians, 3 times."""
    for under, n, times in (("york", 0, 1), ("none", 2, 2), ("york", 2, 3)):
        s = game(2)
        hand(s, 0, "william-clark", "york")
        indians(s, 0, 2)
        s = activate(s, "william-clark", under, n)
        assert s.stack[-1].performances == times
        assert s.players[0].on_cards == n and s.players[0].indians == 2 - n


def test_scout_collision_moves_on_to_next_free_space() -> None:
    """A movement ending on a Scout goes on to the next free space (R18)."""
    s = game(3)
    hand(s, 0, "william-clark", "york")
    load(s, 0, food=1)
    at(s, 1, 7)
    at(s, 2, 8)
    s = do(activate(s, "william-clark", "york"), "perform food")
    assert s.players[0].scout == 9


def test_scout_collision_may_end_on_another_terrain() -> None:
    """A River-only card can end on a Mountain space when it is pushed on by a Scout (R18)."""
    s = game(2)
    hand(s, 0, "william-clark", "york")
    load(s, 0, food=1)
    at(s, 0, 21)
    at(s, 1, 23)
    s = do(activate(s, "william-clark", "york"), "perform food")
    assert s.players[0].scout == 24


def test_scout_collision_only_at_the_end_of_the_action() -> None:
    """Several moves in one action: only the final space is checked (R18)."""
    s = game(3)
    hand(s, 0, "william-clark", "francois-labiche")
    load(s, 0, food=2)
    at(s, 1, 7)
    at(s, 2, 10)
    s = activate(s, "william-clark", "francois-labiche")
    s = do(s, "perform food")
    assert s.players[0].scout == 7  # passing through: nothing happens yet
    s = do(s, "perform food")
    assert s.players[0].scout == 9  # from 7, not from 8


def test_st_louis_is_shared() -> None:
    s = game(2)
    hand(s, 0, "john-newman", "york")
    load(s, 0, food=1)
    at(s, 0, 4)
    at(s, 1, 5)
    s = do(activate(s, "john-newman", "york"), "perform river")
    assert s.players[0].scout == 5 == s.players[1].scout


def test_horse_move_stops_after_mountain_river_when_river_follows() -> None:
    """Rulebook: after moving through a Mountain-River space with a Horse, the move stops if a
    River space comes next (31 is Mountain-River, 32 River)."""
    s = game(2)
    hand(s, 0, "william-clark", "york")
    load(s, 0, horse=1)
    at(s, 0, 30)
    s = do(activate(s, "william-clark", "york"), "perform horse")
    assert s.players[0].scout == 31 and held(s) == {}
