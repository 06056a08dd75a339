"""The Route: a list of terrains from the first river space to the Pacific.

Index 0 is the first river space (any number of Scouts may share it, nobody goes below it);
St Louis is the start, Fort Clatsop the goal (components.md). Any route may be given as data (R25).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

RIVER: Final = "R"
MOUNTAIN: Final = "M"
MOUNTAIN_RIVER: Final = "MR"
TERRAINS: Final = (RIVER, MOUNTAIN, MOUNTAIN_RIVER)

# The printed route (components.md): 0-4 river below St Louis, 5 St Louis, 6-22 Missouri, 23 MR,
# 24-30 Rockies, 31 MR, 32-36 Clearwater, 37-39 coast range, 40-43 Columbia, 44 Fort Clatsop,
# 45-54 Pacific coast (assumed count).
PRINTED: Final[tuple[str, ...]] = (
    (RIVER,) * 23 + (MOUNTAIN_RIVER,) + (MOUNTAIN,) * 7 + (MOUNTAIN_RIVER,) + (RIVER,) * 5
    + (MOUNTAIN,) * 3 + (RIVER,) * 5 + (RIVER,) * 10
)
PRINTED_ST_LOUIS: Final = 5
_FIELDS: Final = frozenset({"terrains", "st_louis", "fort_clatsop"})  # of a saved route
PRINTED_FORT_CLATSOP: Final = 44


@dataclass(frozen=True, slots=True)
class Route:
    """Terrains by index plus the two named spaces."""

    terrains: tuple[str, ...] = PRINTED
    st_louis: int = PRINTED_ST_LOUIS
    fort_clatsop: int = PRINTED_FORT_CLATSOP
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bad = [t for t in self.terrains if t not in TERRAINS]
        if bad:
            raise ValueError(f"route: unknown terrain {bad[0]!r} (use R, M or MR)")
        if not 0 <= self.st_louis < self.fort_clatsop < len(self.terrains):
            raise ValueError(
                f"route: need 0 <= st_louis ({self.st_louis}) < fort_clatsop ({self.fort_clatsop})"
                f" < length ({len(self.terrains)})"
            )
        object.__setattr__(self, "_hash", hash((self.terrains, self.st_louis, self.fort_clatsop)))

    def __hash__(self) -> int:
        # Kept from the start: the bots key caches by route (knowledge.terrain_left, evaluation), and
        # the dataclass's generated __hash__ hashed the 55 terrains again each time, interpreted under
        # mypyc (py-spy: 3% of an expert's search).
        return self._hash

    def __reduce__(self) -> tuple[type[Route], tuple[tuple[str, ...], int, int]]:
        # Pickled and copied through the constructor: compiled, a frozen class refuses the setattr
        # that pickle's default rebuild would use (bots in worker processes, OpenSpiel's clone).
        return (Route, (self.terrains, self.st_louis, self.fort_clatsop))

    @property
    def last(self) -> int:
        return len(self.terrains) - 1

    def admits(self, index: int, terrain: str) -> bool:
        """Whether a movement of ``terrain`` ("R" or "M") may enter space ``index`` (MR admits both)."""
        t = self.terrains[index]
        return t == terrain or t == MOUNTAIN_RIVER

    def shared(self, index: int) -> bool:
        """Spaces where Scouts may stand together: the first river space and St Louis (R16, R18)."""
        return index == 0 or index == self.st_louis

    def to_json(self) -> dict[str, object]:
        return {"terrains": list(self.terrains), "st_louis": self.st_louis, "fort_clatsop": self.fort_clatsop}

    @classmethod
    def from_json(cls, data: object) -> Route:
        if not isinstance(data, dict):
            raise ValueError("route must be a JSON object with terrains, st_louis and fort_clatsop")
        for field_name in data:
            if field_name not in _FIELDS:
                raise ValueError(f"route: unknown field {sorted(set(data) - _FIELDS)[0]!r}")
        terrains = data.get("terrains", PRINTED)
        if not isinstance(terrains, (list, tuple)):
            raise ValueError("route: terrains must be a list")
        spaces = [data.get("st_louis", PRINTED_ST_LOUIS), data.get("fort_clatsop", PRINTED_FORT_CLATSOP)]
        if not all(type(x) is int for x in spaces):
            raise ValueError(f"route: st_louis and fort_clatsop must be whole numbers, got {spaces}")
        if terrains == _PRINTED_LIST and spaces == _PRINTED_SPACES:
            return PRINTED_ROUTE  # nearly every saved game: shared, not rebuilt and checked again
        return cls(tuple(str(t) for t in terrains), spaces[0], spaces[1])

    @classmethod
    def parse(cls, text: str) -> Route:
        """A route from text: terrains separated by spaces or commas, ``S`` marking St Louis
        (a river space) and ``F`` Fort Clatsop (a river space), e.g. ``"R R S R M MR R F R"``."""
        terrains: list[str] = []
        st_louis = fort = -1
        for word in text.replace(",", " ").split():
            word = word.upper()
            if word == "S":
                st_louis, word = len(terrains), RIVER
            elif word == "F":
                fort, word = len(terrains), RIVER
            terrains.append(word)
        if st_louis < 0 or fort < 0:
            raise ValueError("route: mark St Louis with S and Fort Clatsop with F")
        return cls(tuple(terrains), st_louis, fort)


PRINTED_ROUTE: Final = Route()
_PRINTED_LIST: Final = list(PRINTED)
_PRINTED_SPACES: Final = [PRINTED_ST_LOUIS, PRINTED_FORT_CLATSOP]
