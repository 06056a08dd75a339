"""The Indian Village: its eight places, their spots, actions and solo badge tokens.

Circles take one Indian while empty (Expedition Upgrade has two); the two semicircles take 1-3
Indians per placement whatever is there (R9). Solo badge tokens: Hunting and Shamanism are
confirmed, the rest assumed (components.md), kept here as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from lewis_clark.effects_spec import Alternative, parse_effect
from lewis_clark.resources import KIND_INDEX

UNLIMITED: Final = 99


@dataclass(frozen=True, slots=True)
class Place:
    """A Village place."""

    index: int
    name: str  # the notation's word, e.g. "canoe"
    title: str  # shown to people, e.g. "Canoe Manufacturing"
    spots: int  # circles; UNLIMITED for a semicircle
    solo_badge: int
    alternatives: tuple[Alternative, ...]

    @property
    def semicircle(self) -> bool:
        return self.spots == UNLIMITED


_PLACES: Final = (
    ("hunting", "Hunting", 1, "food", "take 1 fur + 1 food"),
    ("crafts", "Craftsmanship", 1, "equipment", "take 1 wood + 1 equipment"),
    ("gift", "Gift", 1, "fur", "fur: take 2 fur | wood: take 2 wood"),
    ("farewell", "Farewell", 1, "fur", "farewell"),
    ("shamanism", "Shamanism", 1, "food", "pay 1 food; copy"),
    ("upgrade", "Expedition Upgrade", 2, "wood", "pay 3 wood; boat"),
    ("canoe", "Canoe Manufacturing", UNLIMITED, "wood", "pay 2 wood; take 1 canoe"),
    ("horse", "Horse Trade", UNLIMITED, "equipment", "pay different 3; take 1 horse"),
)


def _alternatives(action: str) -> tuple[Alternative, ...]:
    # Farewell is a single special performance; it has no costs in the effect language.
    return (Alternative(result="farewell"),) if action == "farewell" else parse_effect(action)


PLACES: Final[tuple[Place, ...]] = tuple(
    Place(i, name, title, spots, KIND_INDEX[badge], _alternatives(action))
    for i, (name, title, spots, badge, action) in enumerate(_PLACES)
)
PLACE_INDEX: Final[dict[str, int]] = {p.name: p.index for p in PLACES}
HUNTING: Final = 0
CRAFTS: Final = 1
GIFT: Final = 2
FAREWELL: Final = 3
SHAMANISM: Final = 4
UPGRADE: Final = 5
CANOE_PLACE: Final = 6
HORSE_PLACE: Final = 7

# Indians in play by player count (rulebook set-up table).
INDIANS_BY_PLAYERS: Final = {1: 6, 2: 9, 3: 12, 4: 15, 5: 18}
