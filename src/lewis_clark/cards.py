"""The 84 Character cards as data: number, name, Strength, badge and action.

Ids: encountered Characters keep their printed number (1-54); the 30 starting Characters take
ids 55-84, six per colour in ``ROLES`` order. Numbers come from components.md; each action is
written in the effect language of ``effects_spec``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from lewis_clark.effects_spec import Alternative, parse_effect
from lewis_clark.resources import KIND_INDEX, PRIMARY

COLOURS: Final[tuple[str, ...]] = ("orange", "blue", "yellow", "green", "purple")
ROLES: Final[tuple[str, ...]] = ("commander", "interpreter", "lumberjack", "hunter", "blacksmith", "fur-trader")

# role: (Strength, badge, action)
_ROLE_DATA: Final[dict[str, tuple[int, str, str]]] = {
    "commander": (1, "fur", "food: pay 1 food; river 2 | canoe: pay 1 canoe; river 4 | horse: pay 1 horse; mountain 2"),
    "interpreter": (2, "wood", "interpreter"),
    "lumberjack": (1, "wood", "collect wood"),
    "hunter": (1, "food", "collect food"),
    "blacksmith": (1, "equipment", "collect equipment"),
    "fur-trader": (1, "fur", "collect fur"),
}
_CREWS: Final[dict[str, tuple[str, ...]]] = {  # names in ROLES order
    "orange": ("William Clark", "François Labiche", "John B. Thompson", "York", "Joseph Whitehouse", "Joseph & Ruben Field"),
    "blue": ("Meriwether Lewis", "Pierre Cruzatte", "Hugh McNeal", "Seaman", "Alexander H. Willard", "Richard Windsor"),
    "yellow": ("John Ordway", "Robert Frazer", "Thomas P. Howard", "Silas Goodrich", "John Shields", "George Shannon"),
    "green": ("Nathaniel Pryor", "George Gibson", "Patrick Gass", "John Colter", "William Bratton", "Peter Weiser"),
    "purple": ("Charles Floyd", "J. Baptiste Lepage", "Hugh Hall", "William Werner", "John Potts", "John Collins"),
}

# (number, name, badge, action); Strength is 1 for #1-18, 2 for #19-36, 3 for #37-54.
_ENCOUNTERED: Final[tuple[tuple[int, str, str, str], ...]] = (
    (1, "Hay", "wood", "face-up distinct"),
    (2, "Little Raven", "wood", "wood: face-up wood | fur: face-up fur | food: face-up food | equipment: face-up equipment"),
    (3, "Buffalo Medicine", "equipment", "pay 1 food; take 1 canoe"),
    (4, "Ebenezer Tuttle", "fur", "pay 1 wood; take 1 canoe"),
    (5, "René Jessaume", "fur", "pay 3 fur; take 1 horse"),
    (6, "Big Horse", "fur", "powwow 2; take 1 horse"),
    (7, "Moses B. Reed", "fur", "pay 2 wood; river 2"),
    (8, "John Robertson", "wood", "pay 2 equipment; river 3"),
    (9, "Joseph Barter", "fur", "pay 1 canoe; river 5"),
    (10, "J. Baptiste Deschamps", "food", "pay 1 food + 1 canoe; river 6"),
    (11, "John Newman", "wood", "river: pay 1 food; river 1 | mountain: pay 1 food; mountain 1"),
    (12, "Charles Mackenzie", "equipment", "pay 1 fur + 1 horse; mountain 3"),
    (13, "John Dame", "equipment", "pay 2 wood; mountain 1"),
    (14, "Cuscalar", "fur", "pay 1 horse; pick"),
    (15, "Toussaint Charbonneau", "wood", "pay any 1; village occupied"),
    (16, "F. Antoine Larocque", "food", ""),
    (17, "Joseph Gravelines", "wood", ""),
    (18, "John Boley", "food", ""),
    (19, "John Hay", "fur", "fur: collect fur | wood: collect wood"),
    (20, "Big White", "equipment", "equipment: collect equipment | wood: collect wood"),
    (21, "Dickson & Hancock", "food", "food: collect food | fur: collect fur"),
    (22, "Black Moccasin", "fur", "equipment: collect equipment | food: collect food"),
    (23, "Yellept", "wood", "pay any 1; choose 2"),
    (24, "P. Antoine Tabeau", "fur", "pay 1 wood + 1 food; take 2 canoe"),
    (25, "Three Eagles", "wood", "pay 2 equipment; take 1 horse"),
    (26, "Hawk's Feather", "fur", "pay 1 food; river 3"),
    (27, "Man Crow", "wood", "pay 3 wood; river 4"),
    (28, "Cutssahnem", "wood", "pay different 3; river 5"),
    (29, "Black Buffalo", "wood", "pay 1 food; river food-badges"),
    (30, "Half Man", "equipment", "pay any 1; river scouts-ahead"),
    (31, "Richard Warfington", "fur", "pay any 2; river indians-on-boats"),
    (32, "James Mackay", "food", "river: pay 1 horse; river 3 | mountain: pay 1 horse; mountain 3"),
    (33, "Weuche", "fur", "pay 2 equipment; mountain equipment-badges"),
    (34, "Pierre Dorion", "equipment", "pay 3 fur; mountain 2"),
    (35, "The Partisan", "food", "pay 1 food; copy"),
    (36, "Nicholas Jarrot", "food", ""),
    (37, "Régis Loisel", "equipment", "equipment: collect equipment | food: collect food | wood: collect wood"),
    (38, "Hugh Heney", "food", "fur: collect fur | food: collect food | wood: collect wood"),
    (39, "Black Cat", "wood", "choose 2"),
    (40, "Twisted Hair", "wood", "pay 1 canoe; take 2 canoe"),
    (41, "Cameahwait", "fur", "horse: pay 1 canoe; take 1 horse | canoe: pay 1 horse; take 1 canoe"),
    (42, "Broken Arm", "food", "pay 1 equipment; take 1 horse"),
    (43, "Comcomly", "equipment", "pay 1 wood + 1 fur + 1 food + 1 equipment; river 7"),
    (44, "Little Thief", "equipment", "powwow 1; river resource-pairs"),
    (45, "Watkuweis", "fur", "pay any 1; river face-up"),
    (46, "Daniel Boone", "wood", "pay any 2; river indians-in-village"),
    (47, "Old Toby", "fur", "river: pay 1 canoe + 1 horse; river 6 | mountain: pay 1 canoe + 1 horse; mountain 6"),
    (48, "Coboway", "fur", "pay 1 wood + 1 fur + 1 food + 1 equipment; mountain 4"),
    (49, "Crow at Rest", "equipment", "pay 2 fur + 2 equipment; mountain 3"),
    (50, "George Drouillard", "wood", "powwow 1; pay any 1; mountain 2"),
    (51, "Tetoharsky", "wood", "powwow 1; mountain resource-triples"),
    (52, "One Eye", "food", "pay any 2; mountain scouts-ahead"),
    (53, "Sacagawea", "wood", "village"),
    (54, "Cut Nose", "fur", ""),
)
ONCE_ONLY: Final = frozenset({1, 2})  # Hay, Little Raven: Strength above 1 adds nothing
PERMANENT: Final = frozenset({16, 17, 18, 36, 54})  # work while face-up; cannot be copied
LAROCQUE: Final = 16
GRAVELINES: Final = 17
BOLEY: Final = 18
JARROT: Final = 36
CUT_NOSE: Final = 54
CHARBONNEAU: Final = 15
PARTISAN: Final = 35
SACAGAWEA: Final = 53
# R3: their later activations may neither use nor take into account what earlier ones gained.
GAINS_IGNORED: Final = frozenset({CHARBONNEAU, PARTISAN, SACAGAWEA})
FIRST_STARTING_ID: Final = 55


@dataclass(frozen=True, slots=True)
class Card:
    """One Character card."""

    id: int
    name: str
    slug: str
    strength: int
    badge: int  # resource index
    alternatives: tuple[Alternative, ...]
    number: int = 0  # printed number of an encountered Character, 0 for starting ones
    colour: str = ""  # owner colour of a starting Character
    role: str = ""  # starting role, e.g. "hunter"

    @property
    def permanent(self) -> bool:
        return self.id in PERMANENT

    @property
    def once_only(self) -> bool:
        return self.id in ONCE_ONLY

    @property
    def title(self) -> str:
        """Name with role or number, e.g. "Hugh McNeal (Lumberjack)" or "Black Cat (#39)"."""
        tag = self.role.replace("-", " ").title() if self.role else f"#{self.number}"
        return f"{self.name} ({tag})"


def slugify(name: str) -> str:
    """Stable ASCII id for a name: "René Jessaume" -> "rene-jessaume"."""
    plain = name.lower().translate(str.maketrans("éèàç", "eeac"))
    plain = plain.replace("&", "and").replace("'", "")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _build() -> tuple[Card, ...]:
    cards: list[Card] = [Card(0, "", "", 0, 0, ())]  # id 0 unused so that ids equal numbers
    for number, name, badge, action in _ENCOUNTERED:
        strength = 1 + (number - 1) // 18
        cards.append(Card(number, name, slugify(name), strength, KIND_INDEX[badge], parse_effect(action), number=number))
    for colour in COLOURS:
        for role, name in zip(ROLES, _CREWS[colour], strict=True):
            strength, badge, action = _ROLE_DATA[role]
            cards.append(Card(len(cards), name, slugify(name), strength, KIND_INDEX[badge], parse_effect(action),
                              colour=colour, role=role))
    _validate(cards)
    return tuple(cards)


def _validate(cards: list[Card]) -> None:
    assert [c.id for c in cards] == list(range(85)), "card ids must run 0-84"
    slugs = [c.slug for c in cards[1:]]
    assert len(set(slugs)) == 84, "card slugs must be unique"
    encountered = cards[1:FIRST_STARTING_ID]
    badges = [sum(1 for c in encountered if c.badge == r) for r in PRIMARY]
    assert badges == [17, 17, 10, 10], f"encountered badge totals {badges} (components.md: 17/17/10/10)"
    for c in cards[1:]:
        assert 1 <= c.strength <= 3 and c.badge in PRIMARY
        assert bool(c.alternatives) != c.permanent, f"{c.name}: only permanent cards lack an action"


CARDS: Final[tuple[Card, ...]] = _build()
BY_SLUG: Final[dict[str, Card]] = {c.slug: c for c in CARDS[1:]}
ENCOUNTERED_IDS: Final[tuple[int, ...]] = tuple(range(1, FIRST_STARTING_ID))


def crew(colour: str) -> tuple[int, ...]:
    """The six starting card ids of a colour."""
    start = FIRST_STARTING_ID + 6 * COLOURS.index(colour)
    return tuple(range(start, start + 6))
