"""The Indian Village: its eight places, how Indians are placed there (R9) and what each action does,
plus the Powwow, the Newcomer (R10, R11) and the cards that act through Village places (R12)."""

from __future__ import annotations

import pytest

from builders import area, card, do, game, hand, indians, journal, legal, load, occupy, performs, powwow, slugs, top_of_deck
from lewis_clark import IllegalAction, State, apply, camp_time
from lewis_clark.expedition import TILE_FACES, TILE_STACK
from lewis_clark.queries import capacity
from lewis_clark.resources import CANOE, FOOD, FUR, HORSE, WOOD
from lewis_clark.village import PLACE_INDEX, PLACES

CIRCLES = ["hunting", "crafts", "gift", "farewell", "shamanism"]
SEMICIRCLES = ["canoe", "horse"]


def ready(n_indians: int = 3, players: int = 2, **resources: int) -> State:
    """Seat 0 to play with ``n_indians`` on its boats and exactly ``resources``."""
    s = game(players=players)
    indians(s, 0, n_indians)
    load(s, 0, **resources)
    return s


# --- placing Indians (R9) ------------------------------------------------------------------------

@pytest.mark.parametrize("place", CIRCLES)
def test_circle_takes_one_indian_only_while_empty(place: str) -> None:
    """R9: a circle takes exactly one Indian, and only while nobody is on it."""
    s = ready(3)
    assert f"village {place} 1" in legal(s)
    assert f"village {place} 2" not in legal(s)
    with pytest.raises(IllegalAction):
        apply(s, f"village {place} 2")
    occupy(s, place, 1)
    assert not [a for a in legal(s) if a.startswith(f"village {place} ")]
    with pytest.raises(IllegalAction):
        apply(s, f"village {place} 1")


def test_upgrade_has_two_circles() -> None:
    """R9: Expedition Upgrade takes a second Indian while one circle is free, one per placement."""
    s = ready(3, wood=6)
    assert "village upgrade 1" in legal(s) and "village upgrade 2" not in legal(s)
    occupy(s, "upgrade", 1)
    assert "village upgrade 1" in legal(s)
    occupy(s, "upgrade", 1)
    assert not [a for a in legal(s) if a.startswith("village upgrade")]


@pytest.mark.parametrize("place", SEMICIRCLES)
def test_semicircle_takes_one_to_three_whatever_is_there(place: str) -> None:
    """R9: a semicircle takes 1-3 Indians per placement, occupied or not."""
    s = ready(5)
    for already in (0, 2):  # 9 Indians with 2 players: 5 on seat 0's boats, 1 on seat 1's, 1 on the Newcomer
        t = occupy(s.copy(), place, already)
        assert [a for a in legal(t) if a.startswith(f"village {place} ")] == [f"village {place} {n}" for n in (1, 2, 3)]
        with pytest.raises(IllegalAction):
            apply(t, f"village {place} 4")


def test_semicircle_placement_limited_by_indians_on_boats() -> None:
    s = ready(2)
    assert [a for a in legal(s) if a.startswith("village canoe ")] == ["village canoe 1", "village canoe 2"]


def test_no_village_action_without_an_indian() -> None:
    s = ready(0)
    assert not [a for a in legal(s) if a.startswith("village ")]


@pytest.mark.parametrize("place", SEMICIRCLES)
def test_placed_indians_leave_the_player_for_good(place: str) -> None:
    """R9: Indians placed in the Village are not the player's any more, even after a Camp."""
    s = ready(3)
    s = do(s, f"village {place} 2")
    p = s.players[0]
    assert p.indians == 1 and p.on_cards == 0
    assert s.village[PLACE_INDEX[place]] == 2
    s = do(s, "camp")
    assert s.players[0].indians == 1
    assert s.village[PLACE_INDEX[place]] == 2


def test_performances_equal_indians_placed() -> None:
    """Each Indian placed gives one performance: 3 Indians at the Canoe place, 6 Wood -> 3 Canoes."""
    s = ready(3, wood=6)
    s = do(s, "village canoe 3", "perform", "take 1 canoe", "perform", "take 1 canoe", "perform", "take 1 canoe")
    assert s.players[0].resources[WOOD] == 0 and s.players[0].resources[CANOE] == 3
    assert not s.stack


def test_village_action_may_be_performed_fewer_times() -> None:
    """R2: 3 Indians at the Canoe place, Wood for 3 Canoes, yet the player stops after one."""
    s = ready(3, wood=6)
    s = do(s, "village canoe 3", "perform", "take 1 canoe")
    assert "stop" in legal(s)
    s = do(s, "stop")
    assert not s.stack
    assert s.players[0].resources[WOOD] == 4 and s.players[0].resources[CANOE] == 1


def test_canoe_place_without_wood_is_legal_dumping() -> None:
    """R2, R9: Indians may be put on Canoe Manufacturing with no Wood, only to be rid of them."""
    s = ready(3)
    assert "village canoe 3" in legal(s)
    s = do(s, "village canoe 3")
    assert not s.stack and s.acted
    assert s.players[0].indians == 0 and s.village[PLACE_INDEX["canoe"]] == 3
    assert s.players[0].resources == [0] * 6
    # The Indians cost no Time at the next Camp any more.
    assert camp_time(s.players[0]) == len(s.players[0].hand)


# --- each place's action -------------------------------------------------------------------------

def test_hunting_gives_one_fur_and_one_food() -> None:
    s = ready(1, wood=1)
    s = do(s, "village hunting 1", "perform")
    assert sorted(legal(s)) == sorted(["take 1 fur + 1 food", "take 1 fur", "take 1 food", "take none"])
    s = do(s, "take 1 fur + 1 food")
    assert s.players[0].resources == [1, 1, 1, 0, 0, 0]


def test_crafts_gives_one_wood_and_one_equipment() -> None:
    s = ready(1)
    s = do(s, "village crafts 1", "perform")
    assert sorted(legal(s)) == sorted(["take 1 wood + 1 equipment", "take 1 wood", "take 1 equipment", "take none"])
    s = do(s, "take 1 wood + 1 equipment")
    assert s.players[0].resources == [1, 0, 0, 1, 0, 0]


@pytest.mark.parametrize("choice, kind", [("fur", FUR), ("wood", WOOD)])
def test_gift_gives_two_fur_or_two_wood(choice: str, kind: int) -> None:
    """Gift: two of one kind, Fur or Wood, never one of each."""
    s = ready(1)
    s = do(s, "village gift 1")
    assert sorted(performs(s)) == ["perform fur", "perform wood"]
    s = do(s, f"perform {choice}")
    assert legal(s) == [f"take 2 {choice}", f"take 1 {choice}", "take none"]
    s = do(s, f"take 2 {choice}")
    expected = [0] * 6
    expected[kind] = 2
    assert s.players[0].resources == expected


def test_canoe_place_pays_two_wood_per_canoe() -> None:
    s = ready(3, wood=5, fur=1)
    s = do(s, "village canoe 3", "perform", "take 1 canoe", "perform", "take 1 canoe")
    # One Wood left: the third performance cannot be paid, so the action is over.
    assert not s.stack
    assert s.players[0].resources == [1, 1, 0, 0, 2, 0]


def test_horse_trade_needs_three_different_resources() -> None:
    s = ready(1, wood=3, fur=3)
    s = do(s, "village horse 1")
    assert not s.stack  # only two kinds held: nothing to perform
    assert s.players[0].resources[HORSE] == 0


def test_horse_trade_offers_every_set_of_three_different_held_resources() -> None:
    s = ready(1, wood=2, fur=1, food=1, equipment=1)
    s = do(s, "village horse 1")
    assert sorted(performs(s)) == sorted([
        "perform pay 1 wood + 1 fur + 1 food", "perform pay 1 wood + 1 fur + 1 equipment",
        "perform pay 1 wood + 1 food + 1 equipment", "perform pay 1 fur + 1 food + 1 equipment",
    ])
    with pytest.raises(IllegalAction):
        apply(s, "perform pay 2 wood + 1 fur")
    s = do(s, "perform pay 1 wood + 1 food + 1 equipment", "take 1 horse")
    assert s.players[0].resources == [1, 1, 0, 0, 0, 1]


def test_farewell_discards_up_to_three_then_replaces_journal_in_draw_order() -> None:
    """R12, R13: discard 0-3 cards, then five new cards fill slots 1-5 in draw order, unsorted."""
    s = ready(1)
    hand(s, 0, "york", "hugh-mcneal", "seaman", "john-b-thompson", "william-clark")
    new = ["black-cat", "hay", "james-mackay", "john-newman", "sacagawea"]  # Strengths 3, 1, 2, 1, 3
    top_of_deck(s, *new)
    old = [c for c in s.journal if c]  # after: a card put on the deck may have left its slot empty
    s = do(s, "village farewell 1", "perform", "discard york", "discard seaman")
    assert "discard york" not in legal(s) and "discard none" in legal(s)
    assert slugs(s.journal) != new  # nothing replaced before the discards are over
    s = do(s, "discard hugh-mcneal")
    # Three discards: no fourth is offered, the Journal is replaced at once.
    assert slugs(s.journal) == new
    assert not s.stack
    assert sorted(slugs(s.players[0].hand)) == ["john-b-thompson", "william-clark"]
    assert set(old) | {card("york"), card("seaman"), card("hugh-mcneal")} <= set(s.discard)


def test_farewell_with_no_discard_still_replaces_the_journal() -> None:
    s = ready(1)
    before = list(s.players[0].hand)
    new = ["cut-nose", "hay", "black-cat", "john-hay", "comcomly"]
    top_of_deck(s, *new)
    s = do(s, "village farewell 1", "perform", "discard none")
    assert slugs(s.journal) == new
    assert s.players[0].hand == before


def test_shamanism_copies_a_face_up_card_once_for_one_food() -> None:
    """R22: any area's face-up, non-permanent Character; face-down and permanent cards are not offered."""
    s = ready(1, food=2)
    area(s, 1, "black-cat")
    area(s, 1, "nicholas-jarrot")  # permanent
    area(s, 1, "hay", face_up=False)
    area(s, 0, "john-b-thompson")
    s = do(s, "village shamanism 1")
    assert sorted(performs(s)) == ["perform black-cat", "perform john-b-thompson"]
    s = do(s, "perform black-cat")
    assert s.players[0].resources[FOOD] == 1  # paid 1 Food
    assert performs(s) == ["perform"]  # the copy, performed once
    s = do(s, "perform", "take 1 wood + 1 equipment")
    assert not s.stack
    assert s.players[0].resources == [1, 0, 1, 1, 0, 0]


def test_shamanism_without_food_does_nothing() -> None:
    s = ready(1, wood=3)
    area(s, 1, "black-cat")
    s = do(s, "village shamanism 1")
    assert not s.stack
    assert s.players[0].resources == [3, 0, 0, 0, 0, 0]


# --- Expedition Upgrade --------------------------------------------------------------------------

@pytest.mark.parametrize("face", TILE_FACES)
def test_upgrade_pays_three_wood_and_takes_a_tile_from_the_right_stack(face: str) -> None:
    """Small faces come from stack 0, large faces from stack 1 (components.md)."""
    s = ready(1, wood=4)
    s = do(s, "village upgrade 1", "perform")
    assert s.players[0].resources[WOOD] == 1
    assert sorted(legal(s)) == sorted(f"boat {f}" for f in TILE_FACES)
    s = do(s, f"boat {face}")
    i = TILE_FACES.index(face)
    assert s.players[0].tiles == [1 if k == i else 0 for k in range(4)]
    expected_stacks = [6, 6]
    expected_stacks[TILE_STACK[i]] -= 1
    assert s.tile_stacks == expected_stacks
    assert TILE_STACK[i] == (0 if face.startswith("small") else 1)


@pytest.mark.parametrize("face, added", [("small-resource", 2), ("large-resource", 5)])
def test_resource_tile_capacity_and_two_primaries_of_choice(face: str, added: int) -> None:
    s = ready(1, wood=3)
    s = do(s, "village upgrade 1", "perform", f"boat {face}")
    options = legal(s)
    assert {"take 2 wood", "take 1 fur + 1 food", "take 2 equipment", "take 1 wood", "take none"} <= set(options)
    assert not [o for o in options if "canoe" in o or "horse" in o or "indian" in o]
    assert all(sum(int(w) for w in o.split() if w.isdigit()) <= 2 for o in options)
    s = do(s, "take 1 fur + 1 food")
    p = s.players[0]
    assert p.resources == [0, 1, 1, 0, 0, 0]
    assert capacity(p) == 11 + added


def test_small_resource_tile_costs_no_time() -> None:
    """3 on boat 1 and 2 on the tile: no Time, where boat 2 alone would cost 1."""
    s = ready(1, wood=3)
    s = do(s, "village upgrade 1", "perform", "boat small-resource", "take none")
    p = s.players[0]
    load(s, 0, fur=5)
    assert camp_time(p) == len(p.hand)
    p.tiles = [0] * 4
    assert camp_time(p) == len(p.hand) + 1


def test_large_resource_tile_costs_one_time_when_used() -> None:
    s = ready(1, wood=3)
    s = do(s, "village upgrade 1", "perform", "boat large-resource", "take none")
    p = s.players[0]
    base = len(p.hand)
    load(s, 0, fur=3)
    assert camp_time(p) == base
    load(s, 0, fur=11)  # boat 1 (3), boat 2 (3, Time 1), tile (5, Time 1): 2 rather than 3 + 2
    assert camp_time(p) == base + 2
    load(s, 0, fur=16)  # everything full: 1 + 5 + 1
    assert camp_time(p) == base + 7


@pytest.mark.parametrize("face, free, for_one", [("small-indian", 2, None), ("large-indian", 1, 4)])
def test_indian_tile_brings_an_indian_from_the_stock(face: str, free: int, for_one: int | None) -> None:
    """Small Indian tile: one more free seat; large: three seats for 1 Time."""
    s = ready(1, wood=3)
    stock = s.indian_stock
    s = do(s, "village upgrade 1", "perform", f"boat {face}")
    assert legal(s) == ["take 1 indian", "take none"]
    s = do(s, "take 1 indian")
    p = s.players[0]
    assert p.indians == 1 and s.indian_stock == stock - 1
    base = len(p.hand)
    p.indians = free
    assert camp_time(p) == base
    p.indians = free + 1
    assert camp_time(p) == base + 1
    if for_one is not None:  # boat 4 holds 1, the large tile 3 for 1 Time
        p.indians = for_one
        assert camp_time(p) == base + 1
        p.indians = for_one + 1
        assert camp_time(p) == base + 2


def test_indian_tile_brings_none_when_the_stock_is_empty() -> None:
    s = ready(1, wood=3)
    indians(s, 1, s.players[1].indians + s.indian_stock)
    assert s.indian_stock == 0
    s = do(s, "village upgrade 1", "perform", "boat small-indian")
    assert not s.stack
    assert s.players[0].indians == 0 and s.players[0].tiles == [0, 0, 1, 0]


def test_upgrade_faces_of_an_empty_stack_are_not_offered() -> None:
    s = ready(1, wood=3)
    s.tile_stacks = [6, 0]
    s.players[1].tiles = [0, 6, 0, 0]
    s = do(s, "village upgrade 1", "perform")
    assert sorted(legal(s)) == ["boat small-indian", "boat small-resource"]


def test_upgrade_with_no_tile_left_cannot_be_performed() -> None:
    s = ready(1, wood=3)
    s.tile_stacks = [0, 0]
    s.players[1].tiles = [6, 6, 0, 0]
    s = do(s, "village upgrade 1")
    assert not s.stack
    assert s.players[0].resources[WOOD] == 3


def test_upgrade_without_three_wood_gives_nothing() -> None:
    s = ready(1, wood=2)
    s = do(s, "village upgrade 1")
    assert not s.stack
    assert s.players[0].tiles == [0] * 4 and s.tile_stacks == [6, 6]
    assert s.players[0].resources[WOOD] == 2


# --- Powwow and Newcomer (R10, R11) --------------------------------------------------------------

def interpreter_ready() -> State:
    """Seat 0 holds its Interpreter and a Strength-1 card; Indians wait on places and in the Powwow."""
    s = ready(0)
    hand(s, 0, "francois-labiche", "york")
    occupy(s, "canoe", 2)
    occupy(s, "hunting", 1)
    powwow(s, 1)
    return s


def test_interpreter_gathers_village_and_newcomer_into_the_powwow() -> None:
    """R10: every Village and Newcomer Indian joins the Powwow; the player takes any number of them."""
    s = interpreter_ready()
    s = do(s, "play francois-labiche", "under york")
    assert performs(s) == ["perform"]
    s = do(s, "perform")
    assert s.village == [0] * len(PLACES) and s.newcomer == 0 and s.powwow == 5
    assert legal(s) == [f"take {n} indian" if n else "take none" for n in range(5, -1, -1)]
    s = do(s, "take 3 indian")
    assert s.players[0].indians == 3 and s.powwow == 2  # the rest wait for the next Interpreter


def test_interpreter_discards_slot_one_refills_and_feeds_the_newcomer() -> None:
    """R10: after the Indians, the slot-1 card is discarded, the Journal slides down and refills, and
    a stock Indian goes on the Newcomer."""
    s = interpreter_ready()
    journal(s, "hay", "john-newman", "john-hay", "black-cat", "sacagawea")
    top_of_deck(s, "cut-nose")
    stock = s.indian_stock
    s = do(s, "play francois-labiche", "under york", "perform", "take 1 indian")
    assert slugs(s.journal) == ["john-newman", "john-hay", "black-cat", "sacagawea", "cut-nose"]
    assert s.discard[-1] == card("hay")
    assert s.newcomer == 1 and s.indian_stock == stock - 1


def test_interpreter_leaves_the_newcomer_empty_when_the_stock_is_empty() -> None:
    s = interpreter_ready()
    indians(s, 1, s.players[1].indians + s.indian_stock)
    s = do(s, "play francois-labiche", "under york", "perform", "take none")
    assert s.newcomer == 0 and s.indian_stock == 0 and s.powwow == 5


def test_indians_sent_to_the_powwow_wait_for_the_next_interpreter() -> None:
    """R11: Big Horse sends 2 Indians from the boats to the Powwow; the next Interpreter gathers them."""
    s = ready(3)
    hand(s, 0, "big-horse", "york", "francois-labiche", "hugh-mcneal")
    s = do(s, "play big-horse", "under york", "indians 0", "perform", "take 1 horse")
    assert s.powwow == 2 and s.players[0].indians == 1 and s.players[0].resources[HORSE] == 1
    assert s.village == [0] * len(PLACES)
    s = do(s, "end")
    s.current = 0  # seat 0 again, to use the Interpreter
    s.acted = False
    s = do(s, "play francois-labiche", "under hugh-mcneal", "indians 0", "perform")
    assert s.powwow == 3  # 2 from Big Horse + 1 from the Newcomer


# --- cards acting through Village places (R12) ---------------------------------------------------

def test_charbonneau_pays_one_resource_and_acts_at_an_occupied_place() -> None:
    """R12: only places holding an Indian are offered; no Indian moves."""
    s = ready(1, wood=1, equipment=1)
    hand(s, 0, "toussaint-charbonneau", "york")
    occupy(s, "hunting", 1)
    occupy(s, "canoe", 2)
    village = list(s.village)
    s = do(s, "play toussaint-charbonneau", "under york", "indians 0")
    offered = performs(s)
    assert {p.split()[1] for p in offered} == {"hunting", "canoe"}
    assert sorted(offered) == sorted(f"perform {place} pay 1 {r}" for place in ("hunting", "canoe")
                                      for r in ("wood", "equipment"))
    s = do(s, "perform hunting pay 1 equipment", "perform", "take 1 fur + 1 food")
    assert s.players[0].resources == [1, 1, 1, 0, 0, 0]
    assert s.village == village and s.players[0].indians == 1
    assert not s.stack


def test_charbonneau_with_nothing_to_pay_cannot_act() -> None:
    s = ready(1)
    hand(s, 0, "toussaint-charbonneau", "york")
    occupy(s, "hunting", 1)
    s = do(s, "play toussaint-charbonneau", "under york", "indians 0")
    assert not s.stack


def test_sacagawea_acts_at_any_place_occupied_or_not_without_moving_indians() -> None:
    """R12: Sacagawea needs no Indian on the place, not even a free circle."""
    s = ready(1, wood=3)
    hand(s, 0, "sacagawea", "york")
    occupy(s, "upgrade", 2)  # both circles full
    s = do(s, "play sacagawea", "under york", "indians 0")
    assert sorted(performs(s)) == sorted(f"perform {p.name}" for p in PLACES)
    s = do(s, "perform upgrade", "perform", "boat small-resource", "take 2 food")
    p = s.players[0]
    assert p.tiles == [1, 0, 0, 0] and p.resources == [0, 0, 2, 0, 0, 0]
    assert s.village[PLACE_INDEX["upgrade"]] == 2 and sum(s.village) == 2 and p.indians == 1


def test_sacagawea_farewell_replaces_the_journal() -> None:
    s = ready(0)
    hand(s, 0, "sacagawea", "york", "seaman")
    new = ["hay", "cut-nose", "john-hay", "black-cat", "comcomly"]
    top_of_deck(s, *new)
    s = do(s, "play sacagawea", "under york", "perform farewell", "perform", "discard seaman", "discard none")
    assert slugs(s.journal) == new
    assert card("seaman") in s.discard


def test_sacagawea_performs_a_place_once_per_strength() -> None:
    """R12, R3: twice Sacagawea at Gift (Strength 2): two separate performances."""
    s = ready(1)
    hand(s, 0, "sacagawea", "william-clark")
    s = do(s, "play sacagawea", "under william-clark", "indians 1")
    s = do(s, "perform gift", "perform fur", "take 2 fur", "perform gift", "perform wood", "take 2 wood")
    assert s.players[0].resources == [2, 2, 0, 0, 0, 0]
    assert not s.stack
