"""One test (or a few) per ruling R1-R25 of /work/shared/rules/rulings.md, each asserting what the
ruling states, on hand-built positions."""

from __future__ import annotations

from functools import cache

import pytest

from builders import (
    area,
    at,
    card,
    do,
    game,
    hand,
    indians,
    journal,
    legal,
    load,
    occupy,
    performs,
    played,
    powwow,
    slugs,
    top_of_deck,
)
from lewis_clark import IllegalAction, State, apply, camp_time, legal_actions, new_game
from lewis_clark.cards import CARDS
from lewis_clark.expedition import boat_time
from lewis_clark.resources import CANOE, EQUIPMENT, FUR, HORSE, PRIMARY, WOOD
from lewis_clark.route import MOUNTAIN, MOUNTAIN_RIVER, PRINTED_FORT_CLATSOP, RIVER, Route
from lewis_clark.turn import mackenzie_arrival
from lewis_clark.village import PLACE_INDEX

ST_LOUIS = 5
FORT = PRINTED_FORT_CLATSOP


def mover(players: int = 2, scout: int = ST_LOUIS, **resources: int) -> State:
    """Seat 0 with William Clark (Commander), Strength cards of 1, 2 and 3, no Indian, at ``scout``."""
    s = game(players=players)
    weak = "hugh-mcneal" if players > 1 else "john-b-thompson"  # Hugh McNeal is blue: not in a solo game
    hand(s, 0, "william-clark", weak, "francois-labiche", "black-cat")
    indians(s, 0, 0)
    load(s, 0, **resources)
    at(s, 0, scout)
    for seat in range(1, players):  # other Scouts far behind, out of the way unless a test moves them
        at(s, seat, ST_LOUIS)
    return s


# --- R1 Strength sources -------------------------------------------------------------------------

def test_r1a_card_under_gives_its_strength_not_the_played_cards() -> None:
    """Black Cat (Strength 3) given Hugh McNeal (1) underneath is performed once, not 3 or 4 times."""
    s = game()
    hand(s, 0, "black-cat", "hugh-mcneal")
    indians(s, 0, 0)
    s = do(s, "play black-cat", "under hugh-mcneal")
    assert s.stack[-1].kind == "perform" and s.stack[-1].performances == 1
    assert s.players[0].face_down == [card("hugh-mcneal")] and s.players[0].face_up == [card("black-cat")]
    s = do(s, "perform", "take 2 wood")
    assert not s.stack


def test_r1b_indians_alone_give_one_to_three() -> None:
    s = game()
    hand(s, 0, "york", "hugh-mcneal")
    indians(s, 0, 4)
    s = do(s, "play york", "under none")
    assert legal(s) == ["indians 1", "indians 2", "indians 3"]
    s = do(s, "indians 3")
    assert s.stack[-1].performances == 3


def test_r1b_no_indian_means_a_strength_card_is_required() -> None:
    s = game()
    hand(s, 0, "york", "hugh-mcneal")
    indians(s, 0, 0)
    s = do(s, "play york")
    assert legal(s) == ["under hugh-mcneal"]


@pytest.mark.parametrize("under, extra", [("hugh-mcneal", [0, 1, 2]), ("francois-labiche", [0, 1]), ("black-cat", [])])
def test_r1c_card_plus_one_or_two_indians_at_most_three(under: str, extra: list[int]) -> None:
    s = game()
    hand(s, 0, "york", under)
    indians(s, 0, 3)
    s = do(s, "play york", f"under {under}")
    if extra:  # a Strength-3 card leaves no room for an Indian: no question is asked
        assert legal(s) == [f"indians {n}" for n in extra]
        s = do(s, f"indians {extra[-1]}")
    assert s.stack[-1].kind == "perform" and s.stack[-1].performances == 3
    assert s.players[0].on_cards == (extra[-1] if extra else 0)


def test_r1_one_card_without_strength_cannot_be_played() -> None:
    s = game()
    hand(s, 0, "york")
    indians(s, 0, 0)
    assert not [a for a in legal(s) if a.startswith("play ")]


def test_r1_indians_on_a_card_stay_the_players_until_camp() -> None:
    s = game()
    hand(s, 0, "york", "hugh-mcneal")
    indians(s, 0, 3)
    load(s, 0)
    s = do(s, "play york", "under none", "indians 2")
    p = s.players[0]
    assert p.indians == 1 and p.on_cards == 2
    s = do(s, "perform", "take 1 food", "perform", "take 1 food", "camp")
    assert s.players[0].indians == 3 and s.players[0].on_cards == 0


# --- R2, R3 activations --------------------------------------------------------------------------

def test_r2_action_may_be_performed_zero_to_n_times() -> None:
    """R2: a card given Strength 3 may stop at once, or after one performance."""
    s = game()
    hand(s, 0, "york", "black-cat")
    indians(s, 0, 0)
    s = do(s, "play york", "under black-cat")
    assert "stop" in legal(s)
    zero = do(s, "stop")
    assert not zero.stack and zero.players[0].resources == s.players[0].resources
    once = do(s, "perform", "take 1 food")
    assert "stop" in legal(once)
    once = do(once, "stop")
    assert not once.stack


def test_r2_any_part_of_a_benefit_may_be_declined() -> None:
    s = game()
    hand(s, 0, "black-cat", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0)
    s = do(s, "play black-cat", "under hugh-mcneal", "perform")
    options = legal(s)
    assert {"take 2 fur", "take 1 fur", "take 1 wood + 1 food", "take none"} <= set(options)
    s = do(s, "take none")
    assert s.players[0].resources == [0] * 6


def test_r2_a_movement_may_stop_early() -> None:
    """The Scout stands at the movement's end; "move <n>" (all first) says where it stops."""
    s = mover(scout=10, food=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform food", whole_moves=False)
    assert s.players[0].scout == 12 and legal(s) == ["move 2", "move 1", "move 0"]
    one = do(s, "move 1", whole_moves=False)
    assert one.players[0].scout == 11 and not one.stack
    none = do(s, "move 0", whole_moves=False)
    assert none.players[0].scout == 10 and not none.stack


def test_r2_a_shortened_movement_still_settles_collisions_r18() -> None:
    """Stopping on a space another Scout holds: the Scout moves on to the next free space at the action's end."""
    s = mover(scout=10, food=1)
    at(s, 1, 11)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform food", "move 1", whole_moves=False)
    assert s.players[0].scout == 12


def test_r2_a_movement_that_goes_nowhere_asks_nothing() -> None:
    s = mover(scout=24, canoe=1)  # River 3 from the Mountains goes nowhere (R18)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe", whole_moves=False)
    assert s.players[0].scout == 24 and not s.stack


def test_r3_gains_of_one_performance_never_pay_for_the_next() -> None:
    """Twisted Hair with Strength 3 and one Canoe: the two Canoes gained cannot pay again."""
    s = game()
    hand(s, 0, "twisted-hair", "black-cat")
    indians(s, 0, 0)
    load(s, 0, canoe=1)
    s = do(s, "play twisted-hair", "under black-cat", "perform", "take 2 canoe")
    assert not s.stack
    assert s.players[0].resources[CANOE] == 2


def test_r3_held_resources_pay_every_performance() -> None:
    s = game()
    hand(s, 0, "twisted-hair", "black-cat")
    indians(s, 0, 0)
    load(s, 0, canoe=2)
    s = do(s, "play twisted-hair", "under black-cat", "perform", "take 2 canoe", "perform", "take 2 canoe")
    assert not s.stack
    assert s.players[0].resources[CANOE] == 4


def _copier(hand_card: str, scout: int = ST_LOUIS, on_boats: int = 1, **resources: int) -> State:
    """Seat 0 holds ``hand_card`` and Francois Labiche (Strength 2) and ``on_boats`` Indians."""
    s = game()
    hand(s, 0, hand_card, "francois-labiche")
    indians(s, 0, on_boats)
    load(s, 0, **resources)
    at(s, 0, scout)
    return s


def test_r3_partisan_black_cat_then_little_thief_counts_only_pairs_held_at_the_start() -> None:
    """The issue's example: Partisan at Strength 2, Black Cat then Little Thief ends on 7, not 8."""
    s = _copier("the-partisan", food=2, wood=4)
    area(s, 1, "black-cat", "little-thief")
    s = do(s, "play the-partisan", "under francois-labiche", "indians 0", "perform black-cat", "perform", "take 2 wood",
           "perform little-thief", "perform")
    assert s.players[0].scout == 7  # 4 Wood held from the start: 2 pairs (the 2 Wood gained do not count)
    assert s.players[0].resources[WOOD] == 6


def test_r3_partisan_black_cat_then_tetoharsky_counts_only_triples_held_at_the_start() -> None:
    s = _copier("the-partisan", scout=22, food=2, wood=5)
    area(s, 1, "black-cat", "tetoharsky")
    s = do(s, "play the-partisan", "under francois-labiche", "indians 0", "perform black-cat", "perform", "take 2 wood",
           "perform tetoharsky", "perform")
    assert s.players[0].scout == 23  # 5 Wood from the start: one triple (7 with the gain would be two)


def test_r3_partisan_interpreter_then_warfington_counts_only_indians_held_at_the_start() -> None:
    s = _copier("the-partisan", food=2, wood=2)
    area(s, 1, "pierre-cruzatte", "richard-warfington")
    powwow(s, 2)
    s = do(s, "play the-partisan", "under francois-labiche", "indians 0", "perform pierre-cruzatte", "perform",
           "take 2 indian", "perform richard-warfington", "perform pay 2 wood")
    assert s.players[0].indians == 3
    assert s.players[0].scout == 6  # the one Indian held from the start, not the two gathered


def test_r3_sacagawea_hunting_then_little_thief_counts_only_pairs_held_at_the_start() -> None:
    s = _copier("sacagawea", food=1, wood=2)
    area(s, 1, "little-thief")
    s = do(s, "play sacagawea", "under francois-labiche", "indians 0", "perform hunting", "perform", "take 1 fur + 1 food",
           "perform shamanism", "perform little-thief", "perform")
    assert s.players[0].scout == 6  # 2 Wood from the start; the Fur and Food of Hunting do not count


def test_r3_charbonneau_hunting_then_little_thief_counts_only_pairs_held_at_the_start() -> None:
    s = _copier("toussaint-charbonneau", food=1, wood=4)
    area(s, 1, "little-thief")
    occupy(s, "hunting", 1)
    occupy(s, "shamanism", 1)
    s = do(s, "play toussaint-charbonneau", "under francois-labiche", "indians 0", "perform hunting pay 1 wood", "perform",
           "take 1 fur + 1 food", "perform shamanism pay 1 wood", "perform little-thief", "perform")
    assert s.players[0].scout == 6  # 2 Wood left of those held at the start; Hunting's gains do not count


# --- R4, R5 badges and face-up counts ------------------------------------------------------------

def collect_food_limit(s: State) -> int:
    """Largest Food amount offered by the pending collection."""
    return max(int(a.split()[1]) for a in legal(s) if a.startswith("take ") and a != "take none")


def test_r4_face_down_cards_count_their_badge() -> None:
    s = game()
    hand(s, 0, "york", "dickson-and-hancock")
    indians(s, 0, 0)
    load(s, 0)
    s = do(s, "play york", "under dickson-and-hancock", "perform")
    assert collect_food_limit(s) == 2  # York's own Food badge + the face-down Dickson & Hancock


def test_r4_both_neighbours_count_but_not_the_opposite_seat() -> None:
    s = game(players=4)
    hand(s, 0, "york", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0)
    area(s, 1, "dickson-and-hancock")
    played(s, 3, "patrick-gass", under="hugh-heney")  # Gass: a Wood badge; Heney's Food face-down
    area(s, 2, "broken-arm", "one-eye")  # opposite: not counted
    s = do(s, "play york", "under hugh-mcneal", "perform")
    assert collect_food_limit(s) == 3


def test_r4_two_players_count_the_opponent_once() -> None:
    s = game(players=2)
    hand(s, 0, "york", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0)
    area(s, 1, "dickson-and-hancock", "broken-arm")
    s = do(s, "play york", "under hugh-mcneal", "perform")
    assert collect_food_limit(s) == 3


def test_r4_solo_counts_badge_tokens_of_occupied_places() -> None:
    """Hunting and Shamanism hold Food tokens; Crafts (Equipment) adds nothing to Food."""
    s = game(players=1)
    hand(s, 0, "york", "john-b-thompson")
    indians(s, 0, 0)
    load(s, 0)
    occupy(s, "hunting", 1)
    occupy(s, "shamanism", 1)
    occupy(s, "crafts", 1)
    s = do(s, "play york", "under john-b-thompson", "perform")
    assert collect_food_limit(s) == 3


def test_r5_watkuweis_counts_own_face_up_cards_only() -> None:
    """Watkuweis + York face-up count; the face-down Strength card and the opponent's cards do not."""
    s = mover(wood=1)
    hand(s, 0, "watkuweis", "hugh-mcneal")
    area(s, 0, "york")
    area(s, 0, "hay", face_up=False)
    area(s, 1, "seaman", "black-cat")
    s = do(s, "play watkuweis", "under hugh-mcneal", "perform pay 1 wood")
    assert s.players[0].scout == ST_LOUIS + 2


def test_r5_hay_takes_different_resources_up_to_face_up_count() -> None:
    s = game()
    hand(s, 0, "hay", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0)
    area(s, 0, "york")
    area(s, 1, "black-cat", "seaman")
    s = do(s, "play hay", "under hugh-mcneal", "perform")
    takes = [a for a in legal(s) if a != "take none"]
    assert "take 1 wood + 1 fur" in takes
    assert all(a.count("+") <= 1 for a in takes)  # 2 face-up cards: at most 2 resources
    assert not [a for a in takes if " 2 " in a]  # all different


# --- R6 boat Time --------------------------------------------------------------------------------

def brute_time(resources: int, indians_: int, tiles: tuple[int, int, int, int]) -> int:
    """Least Time over every arrangement, boat by boat (components.md)."""
    small_r, large_r, small_i, large_i = tiles
    # (capacity, rule): "free" costs 0, "flat" 1 if used, "each" 1 per item.
    rboats = [(3, "free"), (3, "flat"), (5, "each")] + [(2, "free")] * small_r + [(5, "flat")] * large_r
    iboats = [(1, "free"), (99, "each")] + [(1, "free")] * small_i + [(3, "flat")] * large_i
    return _best(resources, tuple(rboats)) + _best(indians_, tuple(iboats))


@cache
def _best(count: int, boats: tuple[tuple[int, str], ...]) -> int:
    if count == 0:
        return 0
    if not boats:
        return 10**6
    (cap, rule), rest = boats[0], boats[1:]
    best = 10**6
    for k in range(min(cap, count) + 1):
        cost = 0 if rule == "free" else (1 if k and rule == "flat" else (k if rule == "each" else 0))
        best = min(best, cost + _best(count - k, rest))
    return best


@pytest.mark.parametrize("tiles", [(0, 0, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0), (2, 1, 0, 0), (0, 2, 0, 0),
                                   (1, 2, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1), (0, 0, 2, 2), (3, 3, 3, 3)])
def test_r6_boat_time_is_the_least_over_every_arrangement(tiles: tuple[int, int, int, int]) -> None:
    small_r, large_r = tiles[0], tiles[1]
    most = 11 + 2 * small_r + 5 * large_r
    for r in range(most + 1):
        for i in range(0, 12):
            assert boat_time(r, i, list(tiles)) == brute_time(r, i, tiles), (r, i, tiles)


@pytest.mark.parametrize("resources, indians_, tiles, time", [
    (3, 1, (0, 0, 0, 0), 0),  # boat 1 and boat 4 are free
    (4, 1, (0, 0, 0, 0), 1),  # one on boat 2 (or boat 3): 1
    (6, 0, (0, 0, 0, 0), 1),  # boat 2 full: 1
    (7, 0, (0, 0, 0, 0), 2),
    (8, 0, (0, 0, 0, 0), 3),  # rulebook example: 3 on boat 2 (1) + 2 on boat 3 (2)
    (11, 0, (0, 0, 0, 0), 6),
    (5, 0, (1, 0, 0, 0), 0),  # small resource tile is free
    (11, 0, (0, 1, 0, 0), 2),  # boat 2 + large tile rather than boat 3
    (0, 3, (0, 0, 0, 0), 2),  # boat 5: 1 per Indian beyond the first
    (0, 4, (0, 0, 0, 1), 1),  # large Indian tile holds 3 for 1
    (0, 2, (0, 0, 1, 0), 0),
    (0, 6, (0, 0, 0, 1), 3),
])
def test_r6_boat_time_examples(resources: int, indians_: int, tiles: tuple[int, int, int, int], time: int) -> None:
    assert boat_time(resources, indians_, list(tiles)) == time


def test_r6_indian_capacity_is_unlimited() -> None:
    s = game()
    indians(s, 0, 7)
    hand(s, 0)
    load(s, 0)
    assert camp_time(s.players[0]) == 6


# --- R7 overflow ---------------------------------------------------------------------------------

def test_r7_overflow_player_chooses_what_goes_back() -> None:
    s = game()
    hand(s, 0, "black-cat", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0, fur=5, canoe=5)  # 10 of 11
    s = do(s, "play black-cat", "under hugh-mcneal", "perform", "take 2 food")
    assert s.stack and s.stack[-1].kind == "overflow"
    assert sorted(legal(s)) == ["return canoe", "return food", "return fur"]  # held or new
    s = do(s, "return canoe")
    assert not s.stack
    assert s.players[0].resources == [0, 5, 2, 0, 4, 0]


def test_r7_held_resources_cannot_be_discarded_otherwise() -> None:
    s = game()
    load(s, 0, wood=3)
    assert not [a for a in legal(s) if a.startswith("return ")]
    with pytest.raises(IllegalAction):
        apply(s, "return wood")


# --- R8 stocks -----------------------------------------------------------------------------------

def test_r8_resources_unlimited() -> None:
    """Four players hold 44 Wood between them (more than the 20 printed hexagons); a fifth still collects."""
    s = game(players=5)
    for seat in range(1, 5):
        load(s, seat, wood=11)
    hand(s, 0, "john-b-thompson", "black-cat")
    indians(s, 0, 0)
    load(s, 0)
    s = do(s, "play john-b-thompson", "under black-cat", "perform")
    assert "take 1 wood" in legal(s)


def test_r8_indians_limited_by_the_stock() -> None:
    s = game(players=1)
    indians(s, 0, s.indian_stock + 1)
    assert s.indian_stock == 0
    load(s, 0, wood=3)
    held = s.players[0].indians
    s = do(s, "village upgrade 1", "perform", "boat large-indian")
    assert not s.stack  # no Indian to offer
    assert s.players[0].indians == held - 1 and s.indian_stock == 0 and s.players[0].tiles == [0, 0, 0, 1]


def test_r8_boat_tiles_limited_to_twelve() -> None:
    s = game()
    s.tile_stacks = [0, 0]
    s.players[1].tiles = [3, 3, 3, 3]
    indians(s, 0, 1)
    load(s, 0, wood=3)
    s = do(s, "village upgrade 1")
    assert s.players[0].tiles == [0, 0, 0, 0] and s.players[0].resources[WOOD] == 3


# --- R9-R12 Village -----------------------------------------------------------------------------

def test_r9_circle_once_semicircle_always() -> None:
    s = game()
    indians(s, 0, 3)
    occupy(s, "hunting", 1)
    occupy(s, "horse", 3)
    options = legal(s)
    assert "village hunting 1" not in options
    assert {"village horse 1", "village horse 2", "village horse 3"} <= set(options)


def test_r9_placed_indians_stay_until_an_interpreter_gathers_them() -> None:
    s = game()
    indians(s, 0, 2)
    s = do(s, "village hunting 1", "perform", "take none", "camp")
    assert s.village[PLACE_INDEX["hunting"]] == 1 and s.players[0].indians == 1


def test_r10_interpreter_steps_per_performance() -> None:
    """One performance: gather, take, discard slot 1, slide down and refill, a stock Indian to the Newcomer."""
    s = game()
    hand(s, 0, "francois-labiche", "william-clark", "john-b-thompson")
    indians(s, 0, 0)
    occupy(s, "gift", 1)
    journal(s, "hay", "john-newman", "john-hay", "black-cat", "sacagawea")
    top_of_deck(s, "cut-nose", "comcomly")
    stock = s.indian_stock
    s = do(s, "play francois-labiche", "under william-clark", "perform")
    assert s.powwow == 2 and s.newcomer == 0 and s.village[PLACE_INDEX["gift"]] == 0
    s = do(s, "take 1 indian")
    assert s.powwow == 1
    assert slugs(s.journal) == ["john-newman", "john-hay", "black-cat", "sacagawea", "cut-nose"]
    assert s.discard[-1] == card("hay")
    assert s.newcomer == 1 and s.indian_stock == stock - 1
    assert not s.stack  # William Clark gave Strength 1: one performance only


def test_r10_interpreter_twice_gathers_the_new_newcomer() -> None:
    """The second performance finds the Indian the first put on the Newcomer, and discards slot 1 again."""
    s = game()
    hand(s, 0, "francois-labiche", "black-cat")
    indians(s, 0, 0)
    journal(s, "hay", "john-newman", "john-hay", "cut-nose", "sacagawea")
    top_of_deck(s, "comcomly", "coboway")
    s = do(s, "play francois-labiche", "under black-cat", "perform", "take 1 indian", "perform")
    assert s.powwow == 1 and s.newcomer == 0  # the second Newcomer Indian gathered
    s = do(s, "take 1 indian")
    assert s.players[0].indians == 2
    assert slugs(s.journal) == ["john-hay", "cut-nose", "sacagawea", "comcomly", "coboway"]
    assert s.discard[-2:] == [card("hay"), card("john-newman")]


def test_r11_cards_send_indians_to_the_powwow() -> None:
    """George Drouillard sends one Indian from the boats to the Powwow (not to the stock)."""
    s = mover(scout=28, wood=1)
    hand(s, 0, "george-drouillard", "hugh-mcneal")
    indians(s, 0, 1)
    stock = s.indian_stock
    s = do(s, "play george-drouillard", "under hugh-mcneal", "indians 0", "perform pay 1 wood")
    assert s.powwow == 1 and s.players[0].indians == 0 and s.indian_stock == stock
    assert s.players[0].scout == 30


def test_r11_daniel_boone_counts_places_powwow_and_newcomer() -> None:
    s = mover(wood=2)
    hand(s, 0, "daniel-boone", "hugh-mcneal")
    occupy(s, "canoe", 2)
    occupy(s, "farewell", 1)
    powwow(s, 1)
    # 2 + 1 on places, 1 in the Powwow, 1 on the Newcomer
    s = do(s, "play daniel-boone", "under hugh-mcneal", "perform pay 2 wood")
    assert s.players[0].scout == ST_LOUIS + 5


def test_r12_charbonneau_only_occupied_places() -> None:
    s = game()
    hand(s, 0, "toussaint-charbonneau", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0, fur=1)
    occupy(s, "crafts", 1)
    s = do(s, "play toussaint-charbonneau", "under hugh-mcneal")
    assert performs(s) == ["perform crafts pay 1 fur"]
    s = do(s, "perform crafts pay 1 fur", "perform", "take 1 wood + 1 equipment")
    assert s.players[0].resources == [1, 0, 0, 1, 0, 0] and s.village[PLACE_INDEX["crafts"]] == 1


def test_r12_sacagawea_any_place() -> None:
    s = game()
    hand(s, 0, "sacagawea", "hugh-mcneal")
    indians(s, 0, 0)
    occupy(s, "hunting", 1)
    s = do(s, "play sacagawea", "under hugh-mcneal")
    assert len(performs(s)) == 8
    s = do(s, "perform hunting", "perform", "take 1 fur")
    assert s.players[0].resources[FUR] == 2 and s.village[PLACE_INDEX["hunting"]] == 1


def test_r12_farewell_discards_at_most_three_then_replaces_whole_journal() -> None:
    s = game()
    indians(s, 0, 1)
    new = ["comcomly", "hay", "black-cat", "john-hay", "cut-nose"]
    top_of_deck(s, *new)
    s = do(s, "village farewell 1", "perform", "discard york", "discard william-clark")
    s = do(s, "discard joseph-whitehouse")
    assert slugs(s.journal) == new and not s.stack
    assert len(s.players[0].hand) == 3


# --- R13, R14 Journal and deck -------------------------------------------------------------------

def test_r13_setup_sorted_farewell_unsorted() -> None:
    for seed in range(10):
        strengths = [CARDS[c].strength for c in new_game(players=2, seed=seed).journal]
        assert strengths == sorted(strengths)
    s = game()
    indians(s, 0, 1)
    unsorted = ["black-cat", "hay", "john-hay", "cut-nose", "cuscalar"]  # 3 1 2 3 1
    top_of_deck(s, *unsorted)
    s = do(s, "village farewell 1", "perform", "discard none")
    assert slugs(s.journal) == unsorted


def test_r13_recruit_refill_slides_down_and_enters_at_slot_five() -> None:
    s = game()
    load(s, 0, fur=3, equipment=3)
    journal(s, "hay", "john-newman", "black-cat", "john-hay", "cuscalar")
    top_of_deck(s, "big-horse")
    s = do(s, "recruit black-cat", "discard none")
    assert slugs(s.journal) == ["hay", "john-newman", "john-hay", "cuscalar", "big-horse"]


def empty_deck(s: State) -> State:
    """Move every draw-deck card into seat 1's hand (so that every card stays somewhere)."""
    s.players[1].hand.extend(s.deck)
    s.deck = []
    return s


def test_r14_empty_deck_reshuffles_the_discard() -> None:
    s = game()
    load(s, 0, fur=1, equipment=1)
    journal(s, "hay", "john-newman", "black-cat", "john-hay", "cuscalar")
    empty_deck(s)
    discards = [card("big-horse"), card("comcomly"), card("sacagawea")]
    s.players[1].hand = [c for c in s.players[1].hand if c not in discards]
    s.discard = list(discards)
    s = do(s, "recruit hay", "discard none")
    assert s.journal[:4] == [card(x) for x in ("john-newman", "black-cat", "john-hay", "cuscalar")]
    assert s.journal[4] in discards
    assert s.discard == [] and sorted(s.deck + [s.journal[4]]) == sorted(discards)


def test_r14_slot_stays_empty_when_both_decks_are_empty() -> None:
    s = game()
    load(s, 0, fur=1, equipment=1)
    journal(s, "hay", "john-newman", "black-cat", "john-hay", "cuscalar")
    empty_deck(s)
    s.players[1].hand.extend(s.discard)
    s.discard = []
    s = do(s, "recruit hay", "discard none")
    assert s.journal == [card(x) for x in ("john-newman", "black-cat", "john-hay", "cuscalar")] + [0]
    assert [a for a in legal_actions(s) if a.verb == "recruit"] == []  # already recruited this turn


# --- R15 recruitment -----------------------------------------------------------------------------

def recruiter(fur: int, equipment: int, *hand_cards: str) -> State:
    s = game()
    hand(s, 0, *hand_cards)
    load(s, 0, fur=fur, equipment=equipment)
    journal(s, "hay", "john-newman", "john-hay", "black-cat", "comcomly")  # Strengths 1 1 2 3 3
    return s


def test_r15_cost_fur_by_slot_equipment_by_strength() -> None:
    s = recruiter(3, 2)
    assert "recruit john-hay" in legal(s)  # slot 3, Strength 2
    assert "recruit black-cat" not in legal(s)  # slot 4 Fur short
    s = do(s, "recruit john-hay")
    assert legal(s) == ["discard none"]
    s = do(s, "discard none")
    assert s.players[0].resources[FUR] == 0 and s.players[0].resources[EQUIPMENT] == 0
    assert card("john-hay") in s.players[0].hand and card("john-hay") not in s.journal


def test_r15_not_affordable_is_refused() -> None:
    s = recruiter(2, 2)
    assert "recruit john-hay" not in legal(s)
    with pytest.raises(IllegalAction):
        apply(s, "recruit john-hay")
    s = recruiter(3, 1)
    assert "recruit john-hay" not in legal(s)


def test_r15_discard_discount() -> None:
    """A Strength-1 discard saves 1 Equipment; one card only."""
    s = recruiter(3, 1, "hugh-mcneal", "york")
    s = do(s, "recruit john-hay")
    assert sorted(legal(s)) == ["discard hugh-mcneal", "discard york"]  # no 'none': 1 Equipment is short
    s = do(s, "discard york")
    p = s.players[0]
    assert p.resources[EQUIPMENT] == 0 and p.resources[FUR] == 0
    assert sorted(slugs(p.hand)) == ["hugh-mcneal", "john-hay"]
    assert s.discard[-1] == card("york")
    assert not s.stack


def test_r15_excess_discount_is_lost() -> None:
    s = recruiter(1, 2, "sacagawea")
    s = do(s, "recruit hay", "discard sacagawea")  # Strength 3 for a Strength-1 card
    assert s.players[0].resources[EQUIPMENT] == 2 and s.players[0].resources[FUR] == 0


def test_r15_gravelines_saves_two_fur_never_below_zero() -> None:
    s = recruiter(1, 3)
    area(s, 0, "joseph-gravelines")
    assert {"recruit hay", "recruit john-newman", "recruit john-hay"} <= set(legal(s))
    assert "recruit black-cat" not in legal(s)  # slot 4: 2 Fur
    s = do(s, "recruit john-hay", "discard none")  # slot 3: 1 Fur
    assert s.players[0].resources[FUR] == 0
    t = recruiter(0, 1)
    area(t, 0, "joseph-gravelines")
    t = do(t, "recruit hay", "discard none")  # slot 1: 1 - 2 -> 0
    assert t.players[0].resources == [0, 0, 0, 0, 0, 0]


def test_r15_gravelines_face_down_gives_no_saving() -> None:
    s = recruiter(1, 3)
    played(s, 0, "john-b-thompson", under="joseph-gravelines")
    assert "recruit john-newman" not in legal(s)


# --- R16, R17 Encampment -------------------------------------------------------------------------

def camper(players: int = 3) -> State:
    """Seat 0: two cards in hand, 3 starting resources (no Time), one Indian on boat 4."""
    s = game(players=players)
    hand(s, 0, "york", "hugh-mcneal")
    for seat in range(1, players):
        at(s, seat, seat)  # behind St Louis, each on its own space
    return s


def test_r16_indians_back_time_and_cards_to_hand() -> None:
    s = camper()
    area(s, 0, "william-clark")
    area(s, 0, "john-b-thompson", face_up=False)
    s.players[0].on_cards = 2
    s.indian_stock -= 2
    at(s, 0, 20, 10)
    # Time: 2 cards + 2 Indians on boat 5 (one fits boat 4 for free) = 4
    assert camp_time(s.players[0]) == 4
    s = do(s, "camp")
    p = s.players[0]
    assert p.scout == 16 and p.camp == 16
    assert p.indians == 3 and p.on_cards == 0
    assert sorted(slugs(p.hand)) == sorted(["york", "hugh-mcneal", "william-clark", "john-b-thompson"])
    assert p.face_up == [] and p.face_down == []


def test_r16_boley_face_up_saves_one_never_below_zero() -> None:
    s = camper()
    at(s, 0, 20, 10)
    area(s, 0, "john-boley")
    assert camp_time(s.players[0]) == 1
    hand(s, 0)
    assert camp_time(s.players[0]) == 0
    t = camper()
    played(t, 0, "john-b-thompson", under="john-boley")  # Thompson from the discard: the hand stays two cards
    assert camp_time(t.players[0]) == 2


def test_r16_scout_passes_over_other_scouts_backwards() -> None:
    s = camper()
    at(s, 0, 20, 10)
    at(s, 1, 18)
    at(s, 2, 17)
    s = do(s, "camp")  # Time 2: 18 is held, so is 17: 16
    assert s.players[0].scout == 16 and s.players[0].camp == 16


def test_r16_st_louis_and_index_zero_are_shared() -> None:
    s = camper()
    at(s, 0, 7, ST_LOUIS)
    at(s, 1, ST_LOUIS)
    s = do(s, "camp")
    assert s.players[0].scout == ST_LOUIS
    t = camper()
    hand(t, 0, "york", "hugh-mcneal", "seaman", "joseph-whitehouse")
    at(t, 0, 3, ST_LOUIS)
    at(t, 1, 0)
    t = do(t, "camp")
    assert t.players[0].scout == 0  # never below index 0, shared


def test_r16_camp_never_moves_back() -> None:
    s = camper()
    at(s, 0, 20, 19)
    s = do(s, "camp")
    assert s.players[0].scout == 18 and s.players[0].camp == 19


def test_r17_must_camp_before_acting() -> None:
    s = camper(players=2)
    at(s, 1, 20, 10)
    hand(s, 1, "seaman")
    area(s, 1, "hugh-mcneal", "meriwether-lewis")
    indians(s, 1, 0)
    indians(s, 0, 1)
    s = do(s, "village canoe 1", "end")
    assert s.current == 1 and s.must_camp
    options = legal(s)
    assert "camp" in options
    assert not [a for a in options if a.startswith(("play ", "village ", "end"))]
    s = do(s, "camp")
    assert "play seaman" in legal(s)


def test_r17_no_action_even_after_camp_ends_the_turn() -> None:
    s = camper(players=2)
    hand(s, 1, "seaman")
    indians(s, 1, 0)
    indians(s, 0, 1)
    s = do(s, "village canoe 1", "end", "camp")
    assert not [a for a in legal(s) if a.startswith(("play ", "village "))]
    assert "end" in legal(s)


def test_r17_turn_ends_by_itself_when_nothing_is_possible_after_the_camp() -> None:
    """R17: no action after the forced Camp and no recruitment affordable: the turn ends."""
    s = camper(players=2)
    hand(s, 1, "seaman")
    indians(s, 1, 0)
    load(s, 1)
    indians(s, 0, 1)
    s = do(s, "village canoe 1", "end", "camp")
    assert s.current == 0


# --- R18-R20 movement ----------------------------------------------------------------------------

def test_r18_river_movement_stops_where_the_river_ends() -> None:
    s = mover(scout=20, canoe=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe")  # river 4: 21 22 23(MR), 24 is M
    assert s.players[0].scout == 23


def test_r18_mountain_movement_enters_mountain_river_then_mountain() -> None:
    s = mover(scout=22, horse=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform horse")
    assert s.players[0].scout == 24


def test_r18_mountain_movement_on_the_river_goes_nowhere() -> None:
    s = mover(scout=10, horse=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform horse")
    assert s.players[0].scout == 10


def test_r18_movement_stops_at_the_last_space() -> None:
    s = mover(scout=52, canoe=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe")
    assert s.players[0].scout == 54


def test_r18_only_the_final_space_matters() -> None:
    """Passed Scouts are ignored; on a held final space the Scout goes on to the next free one."""
    s = mover(scout=10, food=1)
    at(s, 1, 11)
    t = do(s, "play william-clark", "under hugh-mcneal", "perform food")
    assert t.players[0].scout == 12
    at(s, 1, 12)
    t = do(s, "play william-clark", "under hugh-mcneal", "perform food")
    assert t.players[0].scout == 13


def test_r18_bump_goes_on_whatever_the_terrain() -> None:
    s = mover(players=3, scout=21, canoe=1)
    at(s, 1, 23)
    at(s, 2, 24)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe")  # ends on 23 (held), 24 held: 25 (M)
    assert s.players[0].scout == 25


def test_r18_collision_resolved_only_at_the_end_of_the_action() -> None:
    """Commander twice: the first performance ends on a held space, the second carries on."""
    s = mover(scout=10, food=2)
    at(s, 1, 12)
    s = do(s, "play william-clark", "under francois-labiche", "perform food")
    assert s.players[0].scout == 12  # mid-action: not bumped yet
    s = do(s, "perform food")
    assert s.players[0].scout == 14


def test_r19_jarrot_adds_two_to_one_river_movement_per_action() -> None:
    s = mover(scout=10, food=2)
    area(s, 0, "nicholas-jarrot")
    s = do(s, "play william-clark", "under francois-labiche")
    assert "perform food boost" in legal(s)
    s = do(s, "perform food boost")
    assert s.players[0].scout == 14
    assert "perform food boost" not in legal(s) and "perform food" in legal(s)
    s = do(s, "perform food")
    assert s.players[0].scout == 16


def test_r19_jarrot_face_down_gives_nothing() -> None:
    s = mover(scout=10, food=1)
    played(s, 0, "john-b-thompson", under="nicholas-jarrot")
    s = do(s, "play william-clark", "under hugh-mcneal")
    assert performs(s) == ["perform food"]


def test_r19_cut_nose_adds_one_to_a_mountain_movement() -> None:
    s = mover(scout=24, horse=1, food=1)
    area(s, 0, "cut-nose")
    s = do(s, "play william-clark", "under hugh-mcneal")
    assert "perform horse boost" in legal(s) and "perform food boost" not in legal(s)
    s = do(s, "perform horse boost")
    assert s.players[0].scout == 27


def test_r19_larocque_skips_spaces_held_by_other_scouts() -> None:
    s = mover(players=3, scout=10, food=1)
    area(s, 0, "f-antoine-larocque")
    at(s, 1, 11)
    at(s, 2, 12)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform food")
    assert s.players[0].scout == 14


def test_r19_larocque_jumps_st_louis_when_another_scout_is_there() -> None:
    """The card jumps "the spaces where other Scouts are": St Louis, where Scouts may stand together,
    is one of them when another Scout stands there (it used to be counted)."""
    s = mover(players=2, scout=ST_LOUIS - 2, food=1)
    area(s, 0, "f-antoine-larocque")
    at(s, 1, ST_LOUIS)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform food")
    assert s.players[0].scout == ST_LOUIS + 1  # ST_LOUIS - 1 counts one, St Louis is jumped, ST_LOUIS + 1 two


def test_r19_without_larocque_st_louis_counts() -> None:
    s = mover(players=2, scout=ST_LOUIS - 2, food=1)
    at(s, 1, ST_LOUIS)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform food")
    assert s.players[0].scout == ST_LOUIS  # shared: the two Scouts stand together (R18)


def test_r19_boost_applies_to_a_copied_movement() -> None:
    s = mover(scout=10, food=2)
    indians(s, 0, 1)
    area(s, 0, "nicholas-jarrot")
    area(s, 1, "meriwether-lewis")
    s = do(s, "village shamanism 1", "perform meriwether-lewis")
    assert "perform food boost" in legal(s)
    s = do(s, "perform food boost")
    assert s.players[0].scout == 14


def test_r20_old_toby_chooses_river_or_mountain_per_performance() -> None:
    s = mover(scout=22, canoe=1, horse=1)
    hand(s, 0, "old-toby", "hugh-mcneal")
    s = do(s, "play old-toby", "under hugh-mcneal")
    assert sorted(performs(s)) == ["perform mountain", "perform river"]
    mountain = do(s, "perform mountain")
    assert mountain.players[0].scout == 28
    river = do(s, "perform river")
    assert river.players[0].scout == 23


def test_r20_mackay_river_or_mountain() -> None:
    s = mover(scout=30, horse=1)
    hand(s, 0, "james-mackay", "hugh-mcneal")
    river = do(s, "play james-mackay", "under hugh-mcneal", "perform river")
    assert river.players[0].scout == 33  # 31 is MR, then river 32, 33
    mountain = do(s, "play james-mackay", "under hugh-mcneal", "perform mountain")
    assert mountain.players[0].scout == 31


# --- R21 counted movements -----------------------------------------------------------------------

def test_r21_half_man_counts_scouts_on_or_ahead_of_your_camp() -> None:
    s = mover(players=4, scout=10, wood=1)
    hand(s, 0, "half-man", "hugh-mcneal")
    s.players[0].camp = 8
    at(s, 1, 8)  # on the Camp's space: counts
    at(s, 2, 7)  # behind: does not
    at(s, 3, 30)
    s = do(s, "play half-man", "under hugh-mcneal", "perform pay 1 wood")
    assert s.players[0].scout == 13  # 3 Scouts, yours included


def test_r21_one_eye_counts_mackenzie_in_solo() -> None:
    s = mover(players=1, scout=24, wood=2)
    hand(s, 0, "one-eye", "john-b-thompson")
    s.mackenzie = 20
    s = do(s, "play one-eye", "under john-b-thompson", "perform pay 2 wood")
    assert s.players[0].scout == 26  # yours + Mackenzie


def test_r21_little_thief_counts_resource_pairs_not_indians() -> None:
    s = mover(scout=10, wood=3, fur=2)
    hand(s, 0, "little-thief", "hugh-mcneal")
    indians(s, 0, 3)
    s = do(s, "play little-thief", "under hugh-mcneal", "indians 0", "perform")
    assert s.players[0].scout == 12 and s.powwow == 1 and s.players[0].resources == [3, 2, 0, 0, 0, 0]


# --- R22 copying ---------------------------------------------------------------------------------

def test_r22_partisan_copies_once_per_food_never_itself() -> None:
    s = game()
    hand(s, 0, "the-partisan", "francois-labiche")
    indians(s, 0, 0)
    load(s, 0, food=2)
    area(s, 1, "black-cat")
    area(s, 0, "york")
    s = do(s, "play the-partisan", "under francois-labiche")
    assert sorted(performs(s)) == ["perform black-cat", "perform york"]
    s = do(s, "perform black-cat", "perform", "take 2 wood")
    s = do(s, "perform black-cat", "perform", "take 2 equipment")
    assert not s.stack
    assert s.players[0].resources == [2, 0, 0, 2, 0, 0]


def test_r22_copied_collector_counts_its_badge_as_if_in_your_area() -> None:
    """4 players: Silas Goodrich sits opposite, so only the copy puts his Food badge in reach."""
    s = game(players=4)
    indians(s, 0, 1)
    hand(s, 0, "william-clark")
    load(s, 0, food=1)
    area(s, 2, "silas-goodrich")
    s = do(s, "village shamanism 1", "perform silas-goodrich", "perform")
    assert collect_food_limit(s) == 1


def test_r22_copied_neighbour_card_is_not_counted_twice() -> None:
    s = game(players=2)
    indians(s, 0, 1)
    load(s, 0, food=1)
    area(s, 1, "seaman")
    s = do(s, "village shamanism 1", "perform seaman", "perform")
    assert collect_food_limit(s) == 1


def test_r22_copy_at_strength_one() -> None:
    """A copied Interpreter acts once, whatever Strength the original had."""
    s = game()
    indians(s, 0, 1)
    load(s, 0, food=1)
    area(s, 1, "pierre-cruzatte")
    s = do(s, "village shamanism 1", "perform pierre-cruzatte", "perform", "take 1 indian")
    assert not s.stack


# --- R23 game end --------------------------------------------------------------------------------

def test_r23_camp_on_fort_clatsop_wins_at_once() -> None:
    s = game(players=3)
    hand(s, 0, "york")
    at(s, 0, FORT + 2, 40)
    s = do(s, "camp")  # Time 1: Scout and Camp on FORT + 1
    assert s.over and s.winner == 0
    assert legal_actions(s) == []
    with pytest.raises(IllegalAction):
        apply(s, "end")


def test_r23_camp_short_of_fort_clatsop_goes_on() -> None:
    s = game(players=3)
    hand(s, 0, "york", "hugh-mcneal")
    at(s, 0, FORT + 1, 40)
    s = do(s, "camp")
    assert s.players[0].camp == FORT - 1 and not s.over and s.winner == -1


def test_r23_scout_on_fort_clatsop_is_not_enough() -> None:
    s = mover(scout=40, canoe=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe")
    assert s.players[0].scout == FORT and not s.over


# --- R24 solo ------------------------------------------------------------------------------------

def test_r24_mackenzie_starts_at_level() -> None:
    for level in range(8):
        assert new_game(players=1, mackenzie=level).mackenzie == ST_LOUIS + level


def test_r24_mackenzie_moves_one_after_each_turn() -> None:
    s = game(players=1)
    indians(s, 0, 2)
    start = s.mackenzie
    s = do(s, "village canoe 1", "end")
    assert s.mackenzie == start + 1 and s.current == 0 and s.turn == 2
    s = do(s, "village canoe 1", "end")
    assert s.mackenzie == start + 2 and s.players[0].scout == ST_LOUIS


def test_r24_mackenzie_skips_your_scout() -> None:
    s = game(players=1, mackenzie=3)
    at(s, 0, ST_LOUIS + 4)
    s = do(s, "village canoe 1", "end")
    assert s.mackenzie == ST_LOUIS + 5


def test_r24_you_lose_when_mackenzie_reaches_fort_clatsop_first() -> None:
    s = game(players=1)
    s.mackenzie = FORT - 1
    s = do(s, "village canoe 1", "end")
    assert s.over and s.winner == -1 and legal_actions(s) == []


def test_r24_you_win_by_camping_on_fort_clatsop_first() -> None:
    s = game(players=1)
    s.mackenzie = FORT - 1
    hand(s, 0)
    at(s, 0, FORT, 40)
    s = do(s, "camp")
    assert s.over and s.winner == 0


def test_r24_mackenzie_arrival_counts_his_steps_and_his_jump() -> None:
    s = game(players=1, mackenzie=3)
    assert mackenzie_arrival(s) == FORT - (ST_LOUIS + 3)  # one space a turn; your Scout behind him
    at(s, 0, ST_LOUIS + 6)
    assert mackenzie_arrival(s) == FORT - (ST_LOUIS + 3) - 1  # the space your Scout holds is skipped
    before = s.copy()
    mackenzie_arrival(s)
    assert s.to_json() == before.to_json()  # counted on a copy
    assert mackenzie_arrival(game(players=2)) == 0


# --- R25 options ---------------------------------------------------------------------------------

def test_r25_random_start_resources() -> None:
    seen = set()
    for seed in range(12):
        s = new_game(players=5, seed=seed, random_start=True)
        totals = [0] * 6
        for p in s.players:
            assert sum(p.resources) == 3 and p.resources[CANOE] == p.resources[HORSE] == 0
            totals = [a + b for a, b in zip(totals, p.resources, strict=True)]
        assert all(totals[r] <= 4 for r in PRIMARY)
        seen.add(tuple(tuple(p.resources) for p in s.players))
        again = new_game(players=5, seed=seed, random_start=True)
        assert [p.resources for p in again.players] == [p.resources for p in s.players]
    assert len(seen) > 1


def test_r25_custom_route() -> None:
    route = Route.parse("R R S R MR M M R F R")
    assert route.st_louis == 2 and route.fort_clatsop == 8 and route.last == 9
    assert route.terrains[4] == MOUNTAIN_RIVER and route.terrains[5] == MOUNTAIN and route.terrains[2] == RIVER
    s = new_game(players=2, route=route)
    assert all(p.scout == 2 and p.camp == 2 for p in s.players)
    s.current = 0
    hand(s, 0, "william-clark", "hugh-mcneal")
    indians(s, 0, 0)
    load(s, 0, canoe=1)
    s = do(s, "play william-clark", "under hugh-mcneal", "perform canoe")  # river 4: 3, 4 (MR), 5 is M
    assert s.players[0].scout == 4
    at(s, 0, 9, 2)
    hand(s, 0)
    s = do(s, "camp")  # Time 0: Camp 9, beyond this route's Fort Clatsop
    assert s.over and s.winner == 0


def test_r25_routes_are_equal_and_hash_alike_by_their_spaces_alone() -> None:
    """A route keeps its hash from construction (bots key caches by route); equal spaces, equal hash,
    however it was made (parsed, loaded, pickled); any other space or St Louis or Fort, another route."""
    import pickle

    route = Route.parse("R R S R MR M M R F R")
    same = Route.from_json(route.to_json())
    assert same == route and hash(same) == hash(route) and {route: 1}[same] == 1
    assert pickle.loads(pickle.dumps(route)) == route and hash(pickle.loads(pickle.dumps(route))) == hash(route)
    assert Route() == Route.from_json(Route().to_json()) and hash(Route()) == hash(Route.from_json(Route().to_json()))
    others = [Route.parse("R R S R MR M M M F R"), Route.parse("R S R R MR M M R F R"), Route.parse("R R S R MR M M F R R")]
    assert all(o != route for o in others) and len({route, *others}) == 4
    assert "_hash" not in repr(route) and "_hash" not in route.to_json()


@pytest.mark.parametrize("text", ["R R R", "R S R", "R F S R", "R S X F"])
def test_r25_bad_routes_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Route.parse(text)
