"""The 30 starting Characters: Strength, badge and role, and what each of the six roles does.

Commander (rulebook "Move Forward on the Route", R18), Interpreter (R10), and the four collectors
(Lumberjack, Hunter, Blacksmith, Fur trader: badges of your area and your neighbours', R4).
The expected numbers are copied from components.md, not from the engine's card table.
"""

from __future__ import annotations

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
    top_of_deck,
)
from lewis_clark import State
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.resources import KINDS

# components.md, "Starting Characters": role -> (Strength, badge), and the crews by colour.
ROLE_DATA = {
    "commander": (1, "fur"), "interpreter": (2, "wood"), "lumberjack": (1, "wood"),
    "hunter": (1, "food"), "blacksmith": (1, "equipment"), "fur-trader": (1, "fur"),
}
CREWS = {
    "orange": ("William Clark", "François Labiche", "John B. Thompson", "York", "Joseph Whitehouse",
               "Joseph & Ruben Field"),
    "blue": ("Meriwether Lewis", "Pierre Cruzatte", "Hugh McNeal", "Seaman", "Alexander H. Willard",
             "Richard Windsor"),
    "yellow": ("John Ordway", "Robert Frazer", "Thomas P. Howard", "Silas Goodrich", "John Shields",
               "George Shannon"),
    "green": ("Nathaniel Pryor", "George Gibson", "Patrick Gass", "John Colter", "William Bratton", "Peter Weiser"),
    "purple": ("Charles Floyd", "J. Baptiste Lepage", "Hugh Hall", "William Werner", "John Potts", "John Collins"),
}
ROLES = tuple(ROLE_DATA)
COLLECTS = {"lumberjack": "wood", "hunter": "food", "blacksmith": "equipment", "fur-trader": "fur"}
STARTING = [(colour, role, name) for colour, names in CREWS.items() for role, name in zip(ROLES, names, strict=True)]
BY_NAME = {c.name: c for c in CARDS[1:]}


# --- helpers -------------------------------------------------------------------------------------

def slug_of(colour: str, role: str) -> str:
    return BY_NAME[CREWS[colour][ROLES.index(role)]].slug


def commander(space: int, strength: int = 1, **resources: int) -> State:
    """Orange's William Clark ready to perform, the Scout on ``space``, the opponent at St Louis."""
    s = game(2)
    hand(s, 0, "william-clark", "york" if strength == 1 else "francois-labiche")
    load(s, 0, **resources)
    at(s, 0, space)
    return activate(s, "william-clark", "york" if strength == 1 else "francois-labiche")


def ids(*slugs: str) -> list[int]:
    return [BY_SLUG[x].id for x in slugs]


# --- all 30 cards --------------------------------------------------------------------------------

def test_thirty_starting_cards() -> None:
    starting = [c for c in CARDS[1:] if c.colour]
    assert len(starting) == 30
    assert sorted(c.name for c in starting) == sorted(name for _, _, name in STARTING)


@pytest.mark.parametrize(("colour", "role", "name"), STARTING)
def test_starting_card(colour: str, role: str, name: str) -> None:
    """Strength and badge as printed, and the role's behaviour when played at Strength 1."""
    c = BY_NAME[name]
    strength, badge = ROLE_DATA[role]
    assert (c.colour, c.role, c.strength, KINDS[c.badge]) == (colour, role, strength, badge)
    other = "orange" if colour != "orange" else "blue"
    s = game(2, colours=(colour, other))
    under_role = "hunter" if role == "blacksmith" else "blacksmith"
    under = slug_of(colour, under_role)
    hand(s, 0, c.slug, under)
    load(s, 0, food=1)
    if role in COLLECTS:
        res = COLLECTS[role]
        area(s, 1, slug_of(other, role))  # the opponent's same role shows the same badge
        n = 2 + (ROLE_DATA[under_role][1] == res)
        s = do(activate(s, c.slug, under), "perform")
        assert f"take {n} {res}" in legal(s) and f"take {n + 1} {res}" not in legal(s)
        s = do(s, f"take {n} {res}")
        assert s.players[0].resources[KINDS.index(res)] == n + (res == "food")
    elif role == "commander":
        s = do(activate(s, c.slug, under), "perform food")
        assert s.players[0].scout == 7 and held(s) == {}
    else:  # interpreter: the Newcomer and a Hunting Indian join the expedition
        occupy(s, "hunting", 1)
        s = do(activate(s, c.slug, under), "perform")
        assert legal(s)[0] == "take 2 indian"
        s = do(s, "take 2 indian")
        assert s.players[0].indians == 3 and s.village == [0] * 8


# --- Commander -----------------------------------------------------------------------------------

def test_commander_food_moves_two_river_spaces() -> None:
    s = commander(5, food=1, canoe=1, horse=1)
    assert set(performs(s)) == {"perform food", "perform canoe", "perform horse"}
    s = do(s, "perform food")
    assert s.players[0].scout == 7 and held(s) == {"canoe": 1, "horse": 1}


def test_commander_canoe_moves_four_river_spaces() -> None:
    s = do(commander(5, food=1, canoe=1), "perform canoe")
    assert s.players[0].scout == 9 and held(s) == {"food": 1}


def test_commander_horse_moves_two_mountain_spaces() -> None:
    s = do(commander(23, horse=1, food=1), "perform horse")
    assert s.players[0].scout == 25 and held(s) == {"food": 1}


def test_commander_options_need_their_payment() -> None:
    assert performs(commander(5, food=1)) == ["perform food"]
    assert performs(commander(5, canoe=1)) == ["perform canoe"]
    assert performs(commander(5, wood=3, fur=3, equipment=3)) == []


# Printed route: 0-22 River, 23 Mountain-River, 24-30 Mountain, 31 Mountain-River, 32-36 River,
# 37-39 Mountain, 40-44 River. A movement stops before a space its terrain cannot enter (R18).
TERRAIN_STOPS = [
    (21, "food", 23),  # River into the Mountain-River space
    (22, "food", 23),  # 24 is a Mountain: the second space is lost
    (20, "canoe", 23),  # 21, 22, 23, then a Mountain
    (21, "horse", 21),  # a Horse cannot enter the River space 22
    (22, "horse", 24),  # the Mountain-River space admits a Horse, then the Rockies
    (23, "horse", 25),  # from the Mountain-River space into the Rockies
    (23, "canoe", 23),  # from the Mountain-River space the River move meets a Mountain
    (29, "horse", 31),  # 30, then the Mountain-River space 31
    (30, "horse", 31),  # 31 is Mountain-River, 32 is River: the Horse stops
    (29, "food", 29),  # a River move cannot enter the Mountain space 30
    (30, "food", 32),  # 31 (Mountain-River) then 32 (River)
    (31, "canoe", 35),
    (35, "canoe", 36),  # 37 is a Mountain
    (36, "horse", 38),
    (39, "horse", 39),  # 40 is River
    (39, "canoe", 43),
]


@pytest.mark.parametrize(("space", "option", "end"), TERRAIN_STOPS)
def test_commander_terrain_stops(space: int, option: str, end: int) -> None:
    s = do(commander(space, food=1, canoe=1, horse=1), f"perform {option}")
    assert s.players[0].scout == end
    assert s.players[0].resources[KINDS.index(option)] == 0  # paid even when spaces are lost


def test_mountain_river_spaces_are_23_and_31() -> None:
    from lewis_clark.route import PRINTED_ROUTE
    t = PRINTED_ROUTE.terrains
    assert [i for i, x in enumerate(t) if x == "MR"] == [23, 31]
    assert set(t[24:31]) == {"M"} and set(t[37:40]) == {"M"} and PRINTED_ROUTE.fort_clatsop == 44


def test_commander_each_strength_chooses_its_option() -> None:
    s = commander(21, strength=2, food=1, horse=1)
    s = do(s, "perform food")
    assert s.players[0].scout == 23
    s = do(s, "perform horse")
    assert s.players[0].scout == 25 and held(s) == {} and not s.stack


def test_commander_pays_only_with_what_was_held_r3() -> None:
    s = do(commander(5, strength=2, food=1), "perform food")
    assert not s.stack and s.players[0].scout == 7


def test_commander_may_stop_early_r2() -> None:
    """An action given Strength 2 may be performed once only (R2)."""
    s = do(commander(5, strength=2, food=2), "perform food")
    assert "stop" in legal(s)
    s = do(s, "stop")
    assert not s.stack and s.players[0].scout == 7 and held(s) == {"food": 1}


# --- Interpreter ---------------------------------------------------------------------------------

def test_interpreter_r10_order_repeated_per_strength() -> None:
    """Per performance: gather Village + Newcomer into the Powwow, take any number, discard Journal
    slot 1, refill, a stock Indian on the Newcomer (none once the stock is empty)."""
    s = game(2)
    hand(s, 0, "francois-labiche", "york")
    journal(s, "hay", "john-dame", "weuche", "coboway", "sacagawea")
    top_of_deck(s, "black-cat", "yellept")
    occupy(s, "hunting", 1)
    occupy(s, "canoe", 2)
    s.powwow, s.indian_stock = 1, s.indian_stock - 1
    indians(s, 0, 2)
    assert s.indian_stock == 1 and s.newcomer == 1
    s = activate(s, "francois-labiche", "york", n=1)  # Strength 2: York + 1 Indian
    assert s.stack[-1].performances == 2 and s.players[0].indians == 1
    s = do(s, "perform")
    assert s.powwow == 5 and s.village == [0] * 8 and s.newcomer == 0  # 1 + 1 + 2 + Newcomer
    assert [a for a in legal(s)] == [f"take {n} indian" if n else "take none" for n in range(5, -1, -1)]
    s = do(s, "take 2 indian")
    assert s.players[0].indians == 3 and s.powwow == 3
    assert s.journal == ids("john-dame", "weuche", "coboway", "sacagawea", "black-cat")
    assert s.discard[-1] == BY_SLUG["hay"].id
    assert s.newcomer == 1 and s.indian_stock == 0
    s = do(s, "perform")  # second performance: gathers the new Newcomer
    assert s.powwow == 4 and s.newcomer == 0
    s = do(s, "take 4 indian")
    assert s.players[0].indians == 7 and s.powwow == 0
    assert s.journal == ids("weuche", "coboway", "sacagawea", "black-cat", "yellept")
    assert s.discard[-1] == BY_SLUG["john-dame"].id
    assert s.newcomer == 0 and not s.stack  # the stock is empty: no Newcomer


def test_interpreter_may_take_none() -> None:
    s = game(2)
    hand(s, 0, "francois-labiche", "york")
    journal(s, "hay", "john-dame", "weuche", "coboway", "sacagawea")
    s = do(activate(s, "francois-labiche", "york"), "perform", "take none")
    assert s.powwow == 1 and s.players[0].indians == 1  # the Newcomer waits in the Powwow
    assert BY_SLUG["hay"].id not in s.journal and s.newcomer == 1


# --- collectors ----------------------------------------------------------------------------------

@pytest.mark.parametrize("role", list(COLLECTS))
def test_collector_counts_own_and_both_neighbours_areas(role: str) -> None:
    """Five players: seat 0 counts seats 4 and 1, not 2 and 3; face-down cards count (R4)."""
    res = COLLECTS[role]
    s = game(5)
    me = slug_of("orange", role)
    under = slug_of("orange", "commander")  # Fur badge
    hand(s, 0, me, under)
    load(s, 0)
    area(s, 1, slug_of("blue", role))
    other = slug_of("purple", "commander" if res == "wood" else "interpreter")  # a Fur or Wood badge, not ``res``
    played(s, 4, other, under=slug_of("purple", role))
    area(s, 2, slug_of("yellow", role))  # not a neighbour
    area(s, 3, slug_of("green", role))  # not a neighbour
    n = 3 + (res == "fur")
    s = do(activate(s, me, under), "perform")
    assert f"take {n} {res}" in legal(s) and f"take {n + 1} {res}" not in legal(s)
    assert held(do(s, f"take {n} {res}")) == {res: n}


@pytest.mark.parametrize("role", list(COLLECTS))
def test_collector_strength_multiplies(role: str) -> None:
    """Strength 2: two collections of the badge count each (rulebook: badges x Strength)."""
    res = COLLECTS[role]
    s = game(2)
    me = slug_of("orange", role)
    hand(s, 0, me, "francois-labiche")  # Strength 2, Wood badge
    load(s, 0)
    area(s, 1, slug_of("blue", role))
    n = 2 + (res == "wood")
    s = activate(s, me, "francois-labiche")
    s = do(s, "perform", f"take {n} {res}", "perform")
    assert f"take {n} {res}" in legal(s) and f"take {n + 1} {res}" not in legal(s)
    assert held(do(s, f"take {n} {res}")) == {res: 2 * n}


def test_collector_solo_counts_occupied_village_badges() -> None:
    """Solo: badge tokens of occupied places count (Hunting and Shamanism show Food, R4)."""
    s = game(1)
    hand(s, 0, "york", "william-clark")
    load(s, 0)
    occupy(s, "hunting", 1)
    occupy(s, "crafts", 1)  # an Equipment token: not counted for Food
    s = do(activate(s, "york", "william-clark"), "perform")
    assert "take 2 food" in legal(s) and "take 3 food" not in legal(s)
