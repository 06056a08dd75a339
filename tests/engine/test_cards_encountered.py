"""Each of the 54 encountered Characters does exactly what its card says (rulebook list, R1-R22).

One test (at least) per card, named ``test_<number>_<slug>``. Seat 0 is orange and acts; seat 1 is
blue. Strength comes from an orange starting card laid face-down: York (Strength 1, Food badge),
Joseph Whitehouse (1, Equipment), François Labiche (2, Wood).
"""

from __future__ import annotations

import sys

import pytest

from builders import (
    activate,
    area,
    at,
    do,
    game,
    hand,
    held,
    indians,
    journal,
    legal,
    load,
    occupy,
    performs,
    played,
    powwow,
    remaining,
    top_of_deck,
)
from lewis_clark import State, camp_time
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.village import PLACE_INDEX

# --- helpers -------------------------------------------------------------------------------------

def start(*cards: str, players: int = 2, **resources: int) -> State:
    """A game with seat 0 to play, holding exactly ``cards`` and ``resources``."""
    s = game(players)
    hand(s, 0, *cards)
    load(s, 0, **resources)
    return s


def move_once(slug: str, space: int, perform: str = "perform", **resources: int) -> State:
    """Seat 0 on ``space`` plays ``slug`` at Strength 1 and performs it once."""
    s = at(start(slug, "york", **resources), 0, space)
    return do(activate(s, slug), perform)


def cannot_perform(slug: str, under: str = "york", **resources: int) -> None:
    """With only ``resources``, ``slug`` offers no performance (the action closes at once)."""
    s = activate(start(slug, under, **resources), slug, under)
    assert not s.stack and performs(s) == []


def copy_labels(s: State) -> set[str]:
    return {a.split()[1] for a in performs(s)}


# --- 1-18: Strength 1 ----------------------------------------------------------------------------

def test_1_hay() -> None:
    """Different primaries up to the face-up Characters of your own area, Hay included; face-down
    cards are not counted (R5); once only whatever the Strength."""
    s = start("hay", "francois-labiche")
    area(s, 0, "william-clark", "john-b-thompson")
    area(s, 0, "joseph-whitehouse", face_up=False)
    area(s, 1, "seaman", "hugh-mcneal")  # an opponent's face-up cards never count
    s = activate(s, "hay", "francois-labiche")
    assert remaining(s) == 1  # Strength 2 gives one performance only
    s = do(s, "perform")
    offers = legal(s)
    assert "take 1 wood + 1 fur + 1 food" in offers  # 3 face-up: Clark, Thompson, Hay
    assert "take 1 wood + 1 fur + 1 food + 1 equipment" not in offers
    assert "take 2 wood" not in offers and "take 1 fur + 1 canoe" not in offers
    s = do(s, "take 1 fur + 1 food + 1 equipment")
    assert held(s) == {"fur": 1, "food": 1, "equipment": 1}
    assert not s.stack


def test_1_hay_takes_at_most_four() -> None:
    s = start("hay", "york")
    area(s, 0, "william-clark", "john-b-thompson", "joseph-whitehouse", "joseph-and-ruben-field")
    s = do(activate(s, "hay"), "perform")
    assert legal(s)[0] == "take 1 wood + 1 fur + 1 food + 1 equipment"
    assert max(len(a.split("+")) for a in legal(s)) == 4


def test_2_little_raven() -> None:
    """One primary resource, as many as face-up Characters in your own area (R5); once only."""
    s = start("little-raven", "francois-labiche")
    area(s, 0, "william-clark", "york")
    area(s, 0, "joseph-whitehouse", face_up=False)
    s = activate(s, "little-raven", "francois-labiche")
    assert remaining(s) == 1
    assert set(performs(s)) == {"perform wood", "perform fur", "perform food", "perform equipment"}
    s = do(s, "perform fur")
    assert "take 3 fur" in legal(s) and "take 4 fur" not in legal(s)
    s = do(s, "take 3 fur")
    assert held(s) == {"fur": 3} and not s.stack


def test_3_buffalo_medicine() -> None:
    s = move_once("buffalo-medicine", 5, food=1)
    assert legal(s)[0] == "take 1 canoe" and "take 2 canoe" not in legal(s)
    assert held(do(s, "take 1 canoe")) == {"canoe": 1}
    cannot_perform("buffalo-medicine", wood=3)


def test_4_ebenezer_tuttle() -> None:
    s = do(move_once("ebenezer-tuttle", 5, wood=1, fur=1), "take 1 canoe")
    assert held(s) == {"fur": 1, "canoe": 1}
    cannot_perform("ebenezer-tuttle", fur=3)


def test_5_rene_jessaume() -> None:
    s = do(move_once("rene-jessaume", 5, fur=4), "take 1 horse")
    assert held(s) == {"fur": 1, "horse": 1}
    cannot_perform("rene-jessaume", fur=2)


def test_6_big_horse() -> None:
    """Two Indians from the boats go to the Powwow (R11), then take 1 Horse."""
    s = indians(start("big-horse", "york"), 0, 2)
    powwow = s.powwow
    s = do(activate(s, "big-horse", n=0), "perform")
    assert s.powwow == powwow + 2 and s.players[0].indians == 0
    assert held(do(s, "take 1 horse")) == {"horse": 1}
    s = indians(start("big-horse", "york"), 0, 1)
    assert performs(activate(s, "big-horse")) == []


def test_7_moses_b_reed() -> None:
    s = move_once("moses-b-reed", 5, wood=3)
    assert s.players[0].scout == 7 and held(s) == {"wood": 1}
    cannot_perform("moses-b-reed", wood=1)


def test_8_john_robertson() -> None:
    s = move_once("john-robertson", 5, equipment=2)
    assert s.players[0].scout == 8 and held(s) == {}
    cannot_perform("john-robertson", equipment=1)


def test_9_joseph_barter() -> None:
    s = move_once("joseph-barter", 5, canoe=1, horse=1)
    assert s.players[0].scout == 10 and held(s) == {"horse": 1}
    cannot_perform("joseph-barter", horse=1)


def test_10_j_baptiste_deschamps() -> None:
    s = move_once("j-baptiste-deschamps", 5, food=1, canoe=1)
    assert s.players[0].scout == 11 and held(s) == {}
    cannot_perform("j-baptiste-deschamps", canoe=2)


def test_11_john_newman() -> None:
    """One space on the River or in the Mountains, for 1 Food."""
    s = move_once("john-newman", 5, "perform river", food=1)
    assert s.players[0].scout == 6 and held(s) == {}
    s = move_once("john-newman", 23, "perform mountain", food=1)
    assert s.players[0].scout == 24
    s = move_once("john-newman", 10, "perform mountain", food=1)  # a River space ahead: no step (R18)
    assert s.players[0].scout == 10


def test_12_charles_mackenzie() -> None:
    s = move_once("charles-mackenzie", 23, fur=1, horse=1, food=1)
    assert s.players[0].scout == 26 and held(s) == {"food": 1}
    cannot_perform("charles-mackenzie", fur=3)


def test_13_john_dame() -> None:
    s = move_once("john-dame", 23, wood=2)
    assert s.players[0].scout == 24 and held(s) == {}
    cannot_perform("john-dame", wood=1)


def test_14_cuscalar() -> None:
    """Per Strength: pay 1 Horse, take a Journal card into hand; the Journal is refilled once, after
    the action, in draw order (N7)."""
    s = start("cuscalar", "francois-labiche", horse=2)
    journal(s, "hay", "john-dame", "weuche", "coboway", "sacagawea")
    top_of_deck(s, "black-cat", "yellept")
    s = activate(s, "cuscalar", "francois-labiche")
    assert set(performs(s)) == {f"perform {c}" for c in ("hay", "john-dame", "weuche", "coboway", "sacagawea")}
    s = do(s, "perform weuche")
    assert BY_SLUG["weuche"].id in s.players[0].hand
    # No refill between the two picks: only the four cards left are offered.
    assert set(performs(s)) == {f"perform {c}" for c in ("hay", "john-dame", "coboway", "sacagawea")}
    s = do(s, "perform hay")
    assert held(s) == {}
    ids = [BY_SLUG[c].id for c in ("john-dame", "coboway", "sacagawea", "black-cat", "yellept")]
    assert s.journal == ids
    assert {BY_SLUG["hay"].id, BY_SLUG["weuche"].id} <= set(s.players[0].hand)


def test_14_cuscalar_one_horse_one_card() -> None:
    s = start("cuscalar", "francois-labiche", horse=1)
    journal(s, "hay", "john-dame", "weuche", "coboway", "sacagawea")
    top_of_deck(s, "black-cat")
    s = do(activate(s, "cuscalar", "francois-labiche"), "perform coboway")
    assert not s.stack  # Strength 2 but no Horse left
    assert s.journal == [BY_SLUG[c].id for c in ("hay", "john-dame", "weuche", "sacagawea", "black-cat")]


def test_15_toussaint_charbonneau() -> None:
    """Pay 1 resource, perform the action of an occupied Village place; no Indian moves (R12);
    what the first performance gains cannot pay for the second (R3)."""
    s = start("toussaint-charbonneau", "francois-labiche", wood=1, equipment=1)
    occupy(s, "hunting", 1)
    occupy(s, "canoe", 2)
    before = (s.village[:], s.powwow, s.newcomer, s.players[0].indians)
    s = activate(s, "toussaint-charbonneau", "francois-labiche")
    assert {a.split()[1] for a in performs(s)} == {"hunting", "canoe"}  # occupied places only
    assert "perform hunting pay 1 wood" in performs(s) and "perform gift pay 1 wood" not in performs(s)
    s = do(s, "perform hunting pay 1 wood", "perform", "take 1 fur + 1 food")
    assert held(s) == {"fur": 1, "food": 1, "equipment": 1}
    # Only the Equipment held when the action began may pay, not the new Fur or Food.
    assert set(performs(s)) == {"perform hunting pay 1 equipment", "perform canoe pay 1 equipment"}
    s = do(s, "perform hunting pay 1 equipment", "perform", "take 1 fur + 1 food")
    assert held(s) == {"fur": 2, "food": 2}
    assert (s.village, s.powwow, s.newcomer, s.players[0].indians) == before


def test_15_toussaint_charbonneau_empty_village() -> None:
    s = start("toussaint-charbonneau", "york", wood=3)
    assert s.newcomer  # the Newcomer spot is not a Village place: its Indian makes no place occupied
    assert performs(activate(s, "toussaint-charbonneau")) == []


def test_16_f_antoine_larocque() -> None:
    """Face-up, a movement does not count spaces held by other Scouts (R19)."""
    def commander(larocque: bool | None) -> int:
        s = start("william-clark", "york", players=3, food=1)
        if larocque:
            area(s, 0, "f-antoine-larocque")
        elif larocque is not None:
            played(s, 0, "john-b-thompson", under="f-antoine-larocque")
        at(s, 1, 6)
        at(s, 2, 7)
        return do(activate(s, "william-clark"), "perform food").players[0].scout

    assert commander(True) == 9  # 6 and 7 jumped: 2 spaces counted are 8 and 9
    assert commander(None) == 8  # ends on 7, held: on to 8 (R18)
    assert commander(False) == 8  # face-down: no effect


def test_16_f_antoine_larocque_has_no_action() -> None:
    s = activate(start("f-antoine-larocque", "york"), "f-antoine-larocque")
    assert not s.stack and s.acted and performs(s) == []


def test_17_joseph_gravelines() -> None:
    """Face-up, recruiting costs 2 Fur less (never below 0) (R15)."""
    s = start("york", fur=1, equipment=1)
    journal(s, "hay", "john-dame", "coboway", "weuche", "sacagawea")
    assert "recruit john-dame" not in legal(s)  # slot 2: 2 Fur
    area(s, 0, "joseph-gravelines")
    assert "recruit coboway" not in legal(s)  # slot 3: 1 Fur + 3 Equipment
    s = do(s, "recruit john-dame", "discard none")  # slot 2: 0 Fur + 1 Equipment
    assert held(s) == {"fur": 1} and BY_SLUG["john-dame"].id in s.players[0].hand


def test_17_joseph_gravelines_slot_three() -> None:
    s = start("york", fur=1, equipment=1)
    journal(s, "hay", "john-dame", "cuscalar", "weuche", "sacagawea")
    area(s, 0, "joseph-gravelines")
    s = do(s, "recruit cuscalar", "discard none")  # 3 - 2 = 1 Fur
    assert held(s) == {}
    assert performs(activate(start("joseph-gravelines", "york"), "joseph-gravelines")) == []


def test_18_john_boley() -> None:
    """Face-up, Camp Time is 1 less, never below 0 (R16)."""
    s = at(start("york", "william-clark"), 0, 12)
    assert camp_time(s.players[0]) == 2
    area(s, 0, "john-boley")
    assert camp_time(s.players[0]) == 1
    s = do(s, "camp")
    assert s.players[0].scout == 11 and s.players[0].camp == 11
    s = at(start(), 0, 12)
    area(s, 0, "john-boley")
    assert camp_time(s.players[0]) == 0
    assert do(s, "camp").players[0].scout == 12
    s = at(start("york"), 0, 12)
    played(s, 0, "john-b-thompson", under="john-boley")  # Thompson taken from the discard: the hand stays one card
    assert camp_time(s.players[0]) == 1


# --- 19-36: Strength 2 ---------------------------------------------------------------------------

def choose_and_collect(slug: str, offered: dict[str, int]) -> None:
    """``slug`` at Strength 2 offers exactly the resources of ``offered``, each collected up to the
    given count (badges of both areas, R4). Seat 1 shows 2 Wood, 2 Fur, 1 Food and 1 Equipment
    badge; seat 0 shows the card's badge and Labiche's Wood (face-down)."""
    s = start(slug, "francois-labiche")
    area(s, 1, "hugh-mcneal", "meriwether-lewis", "richard-windsor", "seaman", "alexander-h-willard")
    area(s, 1, "pierre-cruzatte", face_up=False)
    s = activate(s, slug, "francois-labiche")
    assert remaining(s) == 2
    assert set(performs(s)) == {f"perform {k}" for k in offered}
    for kind, n in offered.items():
        t = do(s, f"perform {kind}")
        assert f"take {n} {kind}" in legal(t) and f"take {n + 1} {kind}" not in legal(t)
    first, second = list(offered)[:2]
    s = do(s, f"perform {first}", f"take 1 {first}", f"perform {second}", f"take 1 {second}")
    assert held(s) == ({first: 1, second: 1} if first != second else {first: 2})


def test_19_john_hay() -> None:
    choose_and_collect("john-hay", {"fur": 3, "wood": 3})


def test_19_john_hay_same_choice_twice() -> None:
    s = activate(start("john-hay", "francois-labiche"), "john-hay", "francois-labiche")
    s = do(s, "perform fur", "take 1 fur", "perform fur", "take 1 fur")
    assert held(s) == {"fur": 2}


def test_20_big_white() -> None:
    choose_and_collect("big-white", {"equipment": 2, "wood": 3})


def test_21_dickson_and_hancock() -> None:
    choose_and_collect("dickson-and-hancock", {"food": 2, "fur": 2})


def test_22_black_moccasin() -> None:
    choose_and_collect("black-moccasin", {"equipment": 1, "food": 1})


def test_23_yellept() -> None:
    """Pay 1 resource of any kind, take 2 primaries; the gain cannot pay the next time (R3)."""
    s = activate(start("yellept", "francois-labiche", canoe=1), "yellept", "francois-labiche")
    assert performs(s) == ["perform pay 1 canoe"]
    s = do(s, "perform pay 1 canoe")
    assert "take 2 fur" in legal(s) and "take 1 food + 1 equipment" in legal(s)
    assert not any("canoe" in a or "horse" in a or a.startswith("take 3") for a in legal(s))
    s = do(s, "take 2 fur")
    assert held(s) == {"fur": 2} and not s.stack


def test_24_p_antoine_tabeau() -> None:
    s = do(move_once("p-antoine-tabeau", 5, wood=1, food=1), "take 2 canoe")
    assert held(s) == {"canoe": 2}
    cannot_perform("p-antoine-tabeau", wood=2)


def test_25_three_eagles() -> None:
    s = do(move_once("three-eagles", 5, equipment=2), "take 1 horse")
    assert held(s) == {"horse": 1}
    cannot_perform("three-eagles", equipment=1)


def test_26_hawks_feather() -> None:
    s = move_once("hawks-feather", 5, food=1)
    assert s.players[0].scout == 8 and held(s) == {}
    cannot_perform("hawks-feather", wood=3)


def test_27_man_crow() -> None:
    s = move_once("man-crow", 5, wood=3)
    assert s.players[0].scout == 9 and held(s) == {}
    cannot_perform("man-crow", wood=2)


def test_28_cutssahnem() -> None:
    """Three different resources (any kinds, N3), River 5."""
    s = at(start("cutssahnem", "york", wood=2, fur=1, food=1), 0, 5)
    s = activate(s, "cutssahnem")
    assert set(performs(s)) == {"perform pay 1 wood + 1 fur + 1 food"}
    s = do(s, "perform pay 1 wood + 1 fur + 1 food")
    assert s.players[0].scout == 10 and held(s) == {"wood": 1}
    cannot_perform("cutssahnem", wood=2, fur=2)


def test_29_black_buffalo() -> None:
    """River spaces = Food badges in your area and your two neighbours' (R4), face-down included."""
    s = game(4)
    hand(s, 0, "black-buffalo", "york")  # York: a Food badge, face-down once played
    load(s, 0, food=1)
    area(s, 1, "seaman")  # neighbour
    played(s, 3, "patrick-gass", under="john-colter")  # other neighbour: Gass's Wood, Colter's Food face-down
    area(s, 2, "silas-goodrich", "hugh-heney")  # not a neighbour
    s = do(activate(s, "black-buffalo"), "perform")
    assert s.players[0].scout == 5 + 3 and held(s) == {}


def test_29_black_buffalo_solo_counts_village_tokens() -> None:
    """Solo: the Food tokens of occupied Village places count too (R4)."""
    s = at(start("black-buffalo", "york", players=1, food=1), 0, 5)
    occupy(s, "hunting", 1)
    occupy(s, "gift", 1)  # a Fur token
    s = do(activate(s, "black-buffalo"), "perform")
    assert s.players[0].scout == 5 + 2  # York's badge + the Hunting token


def test_30_half_man() -> None:
    """River spaces = Scouts on or ahead of your Camp, your own included (R21)."""
    s = start("half-man", "york", players=3, wood=1)
    at(s, 0, 12, camp=10)
    at(s, 1, 10)  # on the Camp's space: counts
    at(s, 2, 9)  # behind: does not
    s = activate(s, "half-man")
    assert "perform pay 1 wood" in performs(s)
    s = do(s, "perform pay 1 wood")
    assert s.players[0].scout == 14 and held(s) == {}


def test_30_half_man_counts_mackenzie_in_solo() -> None:
    s = start("half-man", "york", players=1, fur=1)
    at(s, 0, 8, camp=6)
    s.mackenzie = 12
    s = do(activate(s, "half-man"), "perform pay 1 fur")
    assert s.players[0].scout == 10


def test_31_richard_warfington() -> None:
    """River spaces = Indians on your boats, not those on your cards."""
    s = indians(start("richard-warfington", "york", wood=1, horse=1), 0, 4)
    s = activate(s, "richard-warfington", "none", n=1)  # 1 Indian on the card, 3 on the boats
    assert remaining(s) == 1 and s.players[0].on_cards == 1
    s = do(s, "perform pay 1 wood + 1 horse")
    assert s.players[0].scout == 5 + 3 and held(s) == {}


def test_32_james_mackay() -> None:
    """Each performance chooses River or Mountains for its 3 spaces (R20)."""
    s = at(start("james-mackay", "francois-labiche", horse=2), 0, 20)
    s = activate(s, "james-mackay", "francois-labiche")
    s = do(s, "perform river")
    assert s.players[0].scout == 23  # 21, 22, 23 (Mountain-River)
    s = do(s, "perform mountain")
    assert s.players[0].scout == 26 and held(s) == {}


def test_32_james_mackay_one_terrain_per_performance() -> None:
    s = do(move_once("james-mackay", 21, "perform river", horse=1))
    assert s.players[0].scout == 23  # the third space is a Mountain: the River move stops (R18)


def test_33_weuche() -> None:
    """Mountain spaces = Equipment badges in your area and your neighbour's (R4)."""
    s = at(start("weuche", "joseph-whitehouse", equipment=2), 0, 23)
    area(s, 1, "alexander-h-willard")
    area(s, 1, "big-white", face_up=False)
    s = do(activate(s, "weuche", "joseph-whitehouse"), "perform")
    assert s.players[0].scout == 26 and held(s) == {}


def test_34_pierre_dorion() -> None:
    s = move_once("pierre-dorion", 23, fur=3)
    assert s.players[0].scout == 25 and held(s) == {}
    cannot_perform("pierre-dorion", fur=2)


def test_35_the_partisan() -> None:
    """Pay 1 Food, perform once a face-up, non-permanent Character of any area, never itself (R22)."""
    s = start("the-partisan", "york", food=1)
    area(s, 1, "black-cat", "nicholas-jarrot")
    area(s, 1, "hugh-heney", face_up=False)
    area(s, 0, "william-clark")
    s = activate(s, "the-partisan")
    assert copy_labels(s) == {"black-cat", "william-clark"}
    s = do(s, "perform black-cat")
    assert held(s) == {}  # the Food is paid
    s = do(s, "perform", "take 1 wood + 1 equipment")
    assert held(s) == {"wood": 1, "equipment": 1} and not s.stack


def test_35_the_partisan_once_per_food() -> None:
    """What a copy gains cannot pay for the next copy (R3)."""
    s = start("the-partisan", "francois-labiche", food=1)
    area(s, 1, "black-cat")
    s = activate(s, "the-partisan", "francois-labiche")
    s = do(s, "perform black-cat", "perform", "take 2 food")
    assert held(s) == {"food": 2} and not s.stack
    s = start("the-partisan", "francois-labiche", food=2)
    area(s, 1, "black-cat")
    s = activate(s, "the-partisan", "francois-labiche")
    s = do(s, "perform black-cat", "perform", "take 2 wood", "perform black-cat", "perform", "take 2 fur")
    assert held(s) == {"wood": 2, "fur": 2}


def test_35_the_partisan_copy_counts_in_copiers_area() -> None:
    """A copied collector counts as if it lay in the copier's area (R22): Hugh Heney's Food badge
    from a player who is not a neighbour is added."""
    s = game(4)
    hand(s, 0, "the-partisan", "joseph-whitehouse")
    load(s, 0, food=1)
    area(s, 2, "hugh-heney")  # seat 2 is not a neighbour of seat 0 with 4 players
    s = activate(s, "the-partisan", "joseph-whitehouse")
    s = do(s, "perform hugh-heney", "perform food")
    # The Partisan's Food badge + Hugh Heney's = 2 (Whitehouse shows Equipment).
    assert "take 2 food" in legal(s) and "take 3 food" not in legal(s)


def test_35_the_partisan_copies_movement_for_the_copier() -> None:
    s = at(start("the-partisan", "york", food=2), 0, 5)
    area(s, 1, "hawks-feather")
    s = do(activate(s, "the-partisan"), "perform hawks-feather", "perform")
    assert s.players[0].scout == 8 and s.players[1].scout == 5 and held(s) == {}


def test_36_nicholas_jarrot() -> None:
    """Face-up, +2 to one River movement of an action (R19, N5)."""
    s = at(start("william-clark", "francois-labiche", food=2, horse=1), 0, 5)
    area(s, 0, "nicholas-jarrot")
    s = activate(s, "william-clark", "francois-labiche")
    assert "perform food boost" in performs(s) and "perform horse boost" not in performs(s)
    s = do(s, "perform food boost")
    assert s.players[0].scout == 9
    assert "perform food boost" not in performs(s)  # one movement only
    s = do(s, "perform food")
    assert s.players[0].scout == 11


def test_36_nicholas_jarrot_boosts_a_copied_move() -> None:
    """The bonus also applies to a movement made by a copy (R19)."""
    s = at(start("the-partisan", "york", food=2), 0, 5)
    area(s, 0, "nicholas-jarrot")
    area(s, 1, "hawks-feather")
    s = do(activate(s, "the-partisan"), "perform hawks-feather", "perform boost")
    assert s.players[0].scout == 5 + 3 + 2 and held(s) == {}


def test_36_nicholas_jarrot_needs_face_up() -> None:
    s = start("william-clark", "york", food=1)
    played(s, 0, "john-b-thompson", under="nicholas-jarrot")
    assert "perform food boost" not in performs(activate(s, "william-clark"))
    assert performs(activate(start("nicholas-jarrot", "york"), "nicholas-jarrot")) == []


# --- 37-54: Strength 3 ---------------------------------------------------------------------------

def test_37_regis_loisel() -> None:
    """Per Strength: collect Equipment, Food or Wood (not Fur)."""
    s = indians(start("regis-loisel", "francois-labiche"), 0, 1)
    area(s, 1, "alexander-h-willard", "seaman", "hugh-mcneal", "richard-windsor")
    s = activate(s, "regis-loisel", "francois-labiche", n=1)
    assert remaining(s) == 3
    assert set(performs(s)) == {"perform equipment", "perform food", "perform wood"}
    # Equipment: Loisel + Willard = 2; Food: Seaman = 1; Wood: Labiche + McNeal = 2.
    s = do(s, "perform equipment")
    assert "take 2 equipment" in legal(s) and "take 3 equipment" not in legal(s)
    s = do(s, "take 2 equipment", "perform food", "take 1 food", "perform wood", "take 2 wood")
    assert held(s) == {"equipment": 2, "food": 1, "wood": 2} and not s.stack


def test_38_hugh_heney() -> None:
    """Per Strength: collect Fur, Food or Wood (not Equipment)."""
    s = start("hugh-heney", "york")
    area(s, 1, "richard-windsor", "meriwether-lewis")
    s = activate(s, "hugh-heney")
    assert set(performs(s)) == {"perform fur", "perform food", "perform wood"}
    t = do(s, "perform fur")
    assert "take 2 fur" in legal(t) and "take 3 fur" not in legal(t)
    t = do(s, "perform food")  # Heney + York
    assert "take 2 food" in legal(t) and "take 3 food" not in legal(t)
    assert held(do(t, "take 2 food")) == {"food": 2}


def test_39_black_cat() -> None:
    """Two primary resources of your choice, the same or different."""
    s = do(activate(start("black-cat", "york"), "black-cat"), "perform")
    offers = legal(s)
    assert {"take 2 wood", "take 1 fur + 1 equipment", "take 2 food"} <= set(offers)
    assert not any(a.startswith("take 3") or "canoe" in a or "horse" in a for a in offers)
    assert held(do(s, "take 1 wood + 1 equipment")) == {"wood": 1, "equipment": 1}


def test_40_twisted_hair() -> None:
    """Pay 1 Canoe, take 2; a Canoe gained cannot pay the next time (R3): Strength 2 with 1 Canoe
    performs once."""
    s = activate(start("twisted-hair", "francois-labiche", canoe=1), "twisted-hair", "francois-labiche")
    s = do(s, "perform", "take 2 canoe")
    assert held(s) == {"canoe": 2} and not s.stack
    s = activate(start("twisted-hair", "francois-labiche", canoe=2), "twisted-hair", "francois-labiche")
    s = do(s, "perform", "take 2 canoe", "perform", "take 2 canoe")
    assert held(s) == {"canoe": 4}


def test_41_cameahwait() -> None:
    """Canoe -> Horse or Horse -> Canoe; a Horse gained cannot be traded back at once (R3)."""
    s = activate(start("cameahwait", "francois-labiche", canoe=1), "cameahwait", "francois-labiche")
    assert performs(s) == ["perform horse"]
    s = do(s, "perform horse", "take 1 horse")
    assert held(s) == {"horse": 1} and not s.stack
    s = do(move_once("cameahwait", 5, "perform canoe", horse=1), "take 1 canoe")
    assert held(s) == {"canoe": 1}


def test_42_broken_arm() -> None:
    s = do(move_once("broken-arm", 5, equipment=1), "take 1 horse")
    assert held(s) == {"horse": 1}
    cannot_perform("broken-arm", fur=3)


def test_43_comcomly() -> None:
    s = move_once("comcomly", 5, wood=1, fur=1, food=1, equipment=1, canoe=1)
    assert s.players[0].scout == 12 and held(s) == {"canoe": 1}
    cannot_perform("comcomly", wood=2, fur=1, food=1)


def test_44_little_thief() -> None:
    """1 Indian to the Powwow (R11); River 1 per pair of resources held, none paid (R21)."""
    s = indians(start("little-thief", "york", wood=3, fur=2, canoe=2), 0, 1)
    powwow = s.powwow
    s = do(activate(s, "little-thief", n=0), "perform")
    assert s.players[0].scout == 5 + 3 and held(s) == {"wood": 3, "fur": 2, "canoe": 2}
    assert s.powwow == powwow + 1 and s.players[0].indians == 0
    s = indians(start("little-thief", "york", wood=4), 0, 0)  # no Indian to send
    assert performs(activate(s, "little-thief")) == []


def test_45_watkuweis() -> None:
    """Pay 1 resource; River spaces = face-up Characters in your own area, Watkuweis included (R5)."""
    s = start("watkuweis", "joseph-whitehouse", horse=1)
    area(s, 0, "william-clark", "york")
    area(s, 0, "john-b-thompson", face_up=False)
    area(s, 1, "seaman")
    s = do(activate(s, "watkuweis", "joseph-whitehouse"), "perform pay 1 horse")
    assert s.players[0].scout == 5 + 3 and held(s) == {}


def test_46_daniel_boone() -> None:
    """Pay 2; River spaces = Indians in the Village: places, Powwow and Newcomer (R11)."""
    s = start("daniel-boone", "york", fur=1, food=1)
    occupy(s, "hunting", 1)
    occupy(s, "canoe", 2)
    powwow(s, 1)
    assert s.newcomer == 1
    indians(s, 1, 2)  # Indians of an expedition are not in the Village
    s = do(activate(s, "daniel-boone"), "perform pay 1 fur + 1 food")
    assert s.players[0].scout == 5 + 5 and held(s) == {}


def test_47_old_toby() -> None:
    s = move_once("old-toby", 5, "perform river", canoe=1, horse=1)
    assert s.players[0].scout == 11 and held(s) == {}
    s = move_once("old-toby", 23, "perform mountain", canoe=1, horse=1)
    assert s.players[0].scout == 29
    cannot_perform("old-toby", canoe=2)


def test_48_coboway() -> None:
    s = move_once("coboway", 23, wood=1, fur=1, food=1, equipment=2)
    assert s.players[0].scout == 27 and held(s) == {"equipment": 1}
    cannot_perform("coboway", wood=1, fur=1, food=1, canoe=1)


def test_49_crow_at_rest() -> None:
    s = move_once("crow-at-rest", 23, fur=2, equipment=2)
    assert s.players[0].scout == 26 and held(s) == {}
    cannot_perform("crow-at-rest", fur=2, equipment=1)


def test_50_george_drouillard() -> None:
    """1 Indian to the Powwow (R11) and 1 resource paid, then Mountains 2."""
    s = at(indians(start("george-drouillard", "york", food=1), 0, 1), 0, 23)
    powwow = s.powwow
    s = activate(s, "george-drouillard", n=0)
    assert performs(s) == ["perform pay 1 food"]
    s = do(s, "perform pay 1 food")
    assert s.players[0].scout == 25 and held(s) == {}
    assert s.powwow == powwow + 1 and s.players[0].indians == 0


def test_51_tetoharsky() -> None:
    """1 Indian to the Powwow (R11); Mountains 1 per three resources held, none paid (R21)."""
    s = at(indians(start("tetoharsky", "york", wood=5, horse=3), 0, 1), 0, 23)
    powwow = s.powwow
    s = do(activate(s, "tetoharsky", n=0), "perform")
    assert s.players[0].scout == 25 and held(s) == {"wood": 5, "horse": 3}
    assert s.powwow == powwow + 1 and s.players[0].indians == 0


def test_52_one_eye() -> None:
    """Pay 2; Mountain spaces = Scouts on or ahead of your Camp, yours included (R21)."""
    s = start("one-eye", "york", players=3, wood=2)
    at(s, 0, 23, camp=20)
    at(s, 1, 20)
    at(s, 2, 19)
    s = do(activate(s, "one-eye"), "perform pay 2 wood")
    assert s.players[0].scout == 25 and held(s) == {}


def test_53_sacagawea() -> None:
    """Perform any Village place's action, occupied or not; gains do not pay for the next (R12, R3)."""
    s = start("sacagawea", "francois-labiche")
    before = (s.village[:], s.powwow, s.newcomer)
    s = activate(s, "sacagawea", "francois-labiche")
    assert copy_labels(s) == set(PLACE_INDEX)
    s = do(s, "perform crafts", "perform", "take 1 wood + 1 equipment")
    assert held(s) == {"wood": 1, "equipment": 1}
    s = do(s, "perform canoe")  # 2 Wood needed, none held when the action began
    assert not s.stack and held(s) == {"wood": 1, "equipment": 1}
    assert (s.village, s.powwow, s.newcomer) == before


def test_53_sacagawea_gift() -> None:
    s = do(activate(start("sacagawea", "york"), "sacagawea"), "perform gift", "perform wood", "take 2 wood")
    assert held(s) == {"wood": 2}


def test_54_cut_nose() -> None:
    """Face-up, +1 to one Mountain movement of an action (R19)."""
    s = at(start("william-clark", "francois-labiche", horse=2, food=1), 0, 23)
    area(s, 0, "cut-nose")
    s = activate(s, "william-clark", "francois-labiche")
    assert "perform horse boost" in performs(s) and "perform food boost" not in performs(s)
    s = do(s, "perform horse boost")
    assert s.players[0].scout == 26
    assert "perform horse boost" not in performs(s)
    s = do(s, "perform horse")
    assert s.players[0].scout == 28
    assert performs(activate(start("cut-nose", "york"), "cut-nose")) == []


# --- across cards --------------------------------------------------------------------------------

PERMANENT = ("f-antoine-larocque", "joseph-gravelines", "john-boley", "nicholas-jarrot", "cut-nose")


def test_permanent_cards_cannot_be_copied() -> None:
    """Neither The Partisan nor Shamanism may copy the five permanent cards (R22)."""
    s = start("the-partisan", "york", food=2)
    area(s, 1, *PERMANENT)
    area(s, 1, "black-cat")
    assert copy_labels(activate(s, "the-partisan")) == {"black-cat"}
    s = start("york", food=1)
    area(s, 1, *PERMANENT)
    area(s, 1, "black-cat")
    s = do(s, "village shamanism 1")
    assert copy_labels(s) == {"black-cat"}


@pytest.mark.parametrize("slug", PERMANENT)
def test_permanent_cards_have_no_performance(slug: str) -> None:
    s = activate(start(slug, "york"), slug)
    assert not s.stack and BY_SLUG[slug].id in s.players[0].face_up and "end" in legal(s)


def test_every_encountered_character_has_a_test() -> None:
    module = sys.modules[__name__]
    for c in CARDS[1:55]:
        name = f"test_{c.number}_{c.slug.replace('-', '_')}"
        assert callable(getattr(module, name, None)), f"missing {name}"
