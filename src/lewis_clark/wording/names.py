"""Names of the game's things for people: players, resource kinds, bundles, Village places, boat faces.

Card names are proper names and stay as data (``Card.name``); everything else goes through the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from lewis_clark.cards import BY_SLUG, CARDS, Card
from lewis_clark.resources import CANOE, EQUIPMENT, FOOD, FUR, HORSE, INDIAN, KIND_INDEX, WOOD, Bundle
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES, Place
from lewis_clark.wording.catalogue import t, tn

# Expedition colours (cards.COLOURS) as people read them.
COLOUR_NAMES: dict[str, Callable[[], str]] = {
    "orange": lambda: t("Orange"), "blue": lambda: t("Blue"), "yellow": lambda: t("Yellow"),
    "green": lambda: t("Green"), "purple": lambda: t("Purple"),
}

# Bot levels (bots.LEVELS, and "random") as the home page offers them.
LEVEL_NAMES: dict[str, Callable[[], str]] = {
    "random": lambda: t("random"), "easy": lambda: t("easy"), "medium": lambda: t("medium"),
    "hard": lambda: t("hard"), "expert": lambda: t("expert"),
}

# Resource kinds by index (resources.KINDS): a bare name, and a counted one.
KIND_NAMES: dict[int, Callable[[], str]] = {
    WOOD: lambda: t("wood"), FUR: lambda: t("fur"), FOOD: lambda: t("food"), EQUIPMENT: lambda: t("equipment"),
    CANOE: lambda: t("canoe"), HORSE: lambda: t("horse"), INDIAN: lambda: t("Indian"),
}
KIND_COUNTS: dict[int, Callable[[int], str]] = {
    WOOD: lambda n: tn("{n} wood", "{n} wood", n), FUR: lambda n: tn("{n} fur", "{n} fur", n),
    FOOD: lambda n: tn("{n} food", "{n} food", n), EQUIPMENT: lambda n: tn("{n} equipment", "{n} equipment", n),
    CANOE: lambda n: tn("{n} canoe", "{n} canoes", n), HORSE: lambda n: tn("{n} horse", "{n} horses", n),
    INDIAN: lambda n: tn("{n} Indian", "{n} Indians", n),
}

# Village places by notation word (village.PLACES).
PLACE_TITLES: dict[str, Callable[[], str]] = {
    "hunting": lambda: t("Hunting"), "crafts": lambda: t("Craftsmanship"), "gift": lambda: t("Gift"),
    "farewell": lambda: t("Farewell"), "shamanism": lambda: t("Shamanism"), "upgrade": lambda: t("Expedition Upgrade"),
    "canoe": lambda: t("Canoe Manufacturing"), "horse": lambda: t("Horse Trade"),
}

# Boat tile faces (expedition.TILE_FACES).
BOAT_FACES: dict[str, Callable[[], str]] = {
    "small-resource": lambda: t("small resource boat"), "large-resource": lambda: t("large resource boat"),
    "small-indian": lambda: t("small Indian boat"), "large-indian": lambda: t("large Indian boat"),
}

# Starting roles (cards.ROLES).
ROLE_NAMES: dict[str, Callable[[], str]] = {
    "commander": lambda: t("Commander"), "interpreter": lambda: t("Interpreter"), "lumberjack": lambda: t("Lumberjack"),
    "hunter": lambda: t("Hunter"), "blacksmith": lambda: t("Blacksmith"), "fur-trader": lambda: t("Fur Trader"),
}


# The names people typed for their seats, for the sentences worded in this context ("" keeps the colour).
_TYPED: ContextVar[tuple[str, ...]] = ContextVar("lewis_clark_seat_names", default=())


@contextmanager
def seat_names(names: Sequence[str]) -> Iterator[None]:
    """Inside the block, players are called by ``names`` (one per seat; "" for a seat's colour)."""
    token = _TYPED.set(tuple(names))
    try:
        yield
    finally:
        _TYPED.reset(token)


def player_name(state: State, seat: int) -> str:
    """An expedition's name: the name its player typed (see ``seat_names``), else its colour, e.g. "Blue"."""
    typed = _TYPED.get()
    if 0 <= seat < len(typed) and typed[seat]:
        return typed[seat]
    colour = state.players[seat].colour
    return COLOUR_NAMES[colour]() if colour in COLOUR_NAMES else colour.capitalize()


def seat_name(state: State, seat: int, seats: Sequence[str] = ()) -> str:
    """A player's name with who sits there, e.g. "Blue (you)" or "Orange (hard)"."""
    name = player_name(state, seat)
    if not seats or seat >= len(seats):
        return name
    if seats[seat] == "human":
        return t("{name} (you)", name=name) if seats.count("human") == 1 else t("{name} (human)", name=name)
    return t("{name} ({level})", name=name, level=level_name(seats[seat]))


def level_name(level: str) -> str:
    """A bot's level as the home page offers it, e.g. "medium" in the page's language; any other bot
    (a plug-in's name, ``ppo:PATH``) as it was given."""
    return LEVEL_NAMES[level]() if level in LEVEL_NAMES else level


def kind_name(kind: int) -> str:
    """A resource kind, e.g. "wood"."""
    return KIND_NAMES[kind]()


def kind_count(kind: int, n: int) -> str:
    """A count of one kind, e.g. "2 canoes"."""
    return KIND_COUNTS[kind](n)


def bundle_words(b: Bundle) -> str:
    """A bundle for people: "2 wood + 1 fur", "2 canoes", or "nothing"."""
    parts = [kind_count(kind, n) for kind, n in enumerate(b) if n]
    return " + ".join(parts) if parts else t("nothing")


def place_title(place: Place) -> str:
    """A Village place's title, e.g. "Canoe Manufacturing"."""
    return PLACE_TITLES[place.name]() if place.name in PLACE_TITLES else place.title


def place_token(place: Place) -> str:
    """A Village place's solo badge token, for the Village table, e.g. "food token" (R4, R24)."""
    return t("{badge} token", badge=kind_name(place.solo_badge))


BOAT_COUNTS: dict[str, Callable[[int], str]] = {
    "small-resource": lambda n: tn("{n} small resource boat", "{n} small resource boats", n),
    "large-resource": lambda n: tn("{n} large resource boat", "{n} large resource boats", n),
    "small-indian": lambda n: tn("{n} small Indian boat", "{n} small Indian boats", n),
    "large-indian": lambda n: tn("{n} large Indian boat", "{n} large Indian boats", n),
}


def boat_count(face: str, n: int) -> str:
    """A count of boat tiles of one face, e.g. "2 small resource boats"."""
    return BOAT_COUNTS[face](n)


def boat_face(face: str) -> str:
    """A boat tile face, e.g. "small resource boat"."""
    return BOAT_FACES[face]() if face in BOAT_FACES else face.replace("-", " ")


def role_name(role: str) -> str:
    """A starting role, e.g. "Hunter"."""
    return ROLE_NAMES[role]() if role in ROLE_NAMES else role.replace("-", " ").title()


def card_tag(card: Card) -> str:
    """What tells a card apart besides its name: its role for a starting Character (which has no
    printed number), else its number, e.g. "Hunter" or "#39"."""
    return role_name(card.role) if card.role else f"#{card.number}"


def card_title(card: Card) -> str:
    """A card's name with its role or number, e.g. "Seaman (Hunter)" or "Black Cat (#39)"."""
    if card.role:
        return t("{name} ({role})", name=card.name, role=role_name(card.role))
    return t("{name} (#{number})", name=card.name, number=card.number)


# A movement's choice by what pays for it (the Commander's: R13): never the Village place of that name.
MOVE_CHOICES: dict[tuple[str, str], Callable[[], str]] = {
    ("river", "canoe"): lambda: t("river by canoe"), ("river", "food"): lambda: t("river with food"),
    ("mountain", "horse"): lambda: t("mountains by horse"), ("mountain", "food"): lambda: t("mountains with food"),
}
TERRAIN_CHOICES: dict[str, Callable[[], str]] = {"river": lambda: t("river"), "mountain": lambda: t("mountains")}


def choice_name(subject: str, result: str | None = None) -> str:
    """A perform choice in words: the alternative it names (a resource, a terrain, a movement by what
    pays for it), else the place or card chosen. ``result`` (see ``choice_result``) tells a label from a
    place of the same word ("canoe": the Commander's river by canoe, or Canoe Manufacturing reached by
    a copy); None: a label whenever the word is one."""
    if result in ("river", "mountain") and (result, subject) in MOVE_CHOICES:
        return MOVE_CHOICES[(result, subject)]()
    if result != "village" and (result or result is None):
        if subject in TERRAIN_CHOICES:
            return TERRAIN_CHOICES[subject]()
        if subject in KIND_INDEX:
            return kind_name(KIND_INDEX[subject])
    if subject in PLACE_INDEX:
        return place_title(PLACES[PLACE_INDEX[subject]])
    return BY_SLUG[subject].name if subject in BY_SLUG else subject.replace("-", " ")


def source_name(card: int, place: int) -> str:
    """What is performing: a Village place's title, or a card's title."""
    return place_title(PLACES[place]) if place >= 0 else card_title(CARDS[card])
