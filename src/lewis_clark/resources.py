"""Resources and Indians: their names, and bundles of them with a readable text form.

A bundle is a 7-tuple of counts in the order of ``KINDS``: the six resources, then Indians.
Bundles describe what is paid or taken in one go ("1 wood + 2 furs" is written "1 wood + 2 fur").
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Final

WOOD: Final = 0
FUR: Final = 1
FOOD: Final = 2
EQUIPMENT: Final = 3
CANOE: Final = 4
HORSE: Final = 5
INDIAN: Final = 6
KINDS: Final[tuple[str, ...]] = ("wood", "fur", "food", "equipment", "canoe", "horse", "indian")
RESOURCES: Final[tuple[int, ...]] = (WOOD, FUR, FOOD, EQUIPMENT, CANOE, HORSE)
PRIMARY: Final[tuple[int, ...]] = (WOOD, FUR, FOOD, EQUIPMENT)
KIND_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(KINDS)}
# Plurals are accepted when parsing so that people may write "2 canoes" or "3 indians".
KIND_INDEX.update({"canoes": CANOE, "horses": HORSE, "indians": INDIAN})

Bundle = tuple[int, ...]
NONE: Final[Bundle] = (0,) * 7


def bundle(**counts: int) -> Bundle:
    """Build a bundle from keyword counts, e.g. ``bundle(wood=2, fur=1)``."""
    out = [0] * 7
    for name, n in counts.items():
        out[KIND_INDEX[name]] = n
    return tuple(out)


def single(kind: int, n: int) -> Bundle:
    """A bundle of ``n`` of one kind (made once for the counts a game meets: this runs at every
    collection)."""
    if 0 <= kind < 7 and 0 <= n < _SINGLES_UP_TO:
        return _SINGLES[kind][n]
    return _single(kind, n)


def _single(kind: int, n: int) -> Bundle:
    out = [0] * 7
    out[kind] = n
    return tuple(out)


_SINGLES_UP_TO: Final = 32  # beyond every count of one kind a player can hold or be offered
_SINGLES: Final[list[list[Bundle]]] = [[_single(k, n) for n in range(_SINGLES_UP_TO)] for k in range(7)]


def bundle_text(b: Bundle) -> str:
    """Canonical text: ``"2 wood + 1 fur"``, or ``"none"`` for an empty bundle."""
    parts = [f"{n} {KINDS[i]}" for i, n in enumerate(b) if n]
    return " + ".join(parts) if parts else "none"


def parse_bundle(text: str) -> Bundle:
    """Parse the text of ``bundle_text``; raises ValueError naming the bad part."""
    text = text.strip()
    if text == "none":
        return NONE
    out = [0] * 7
    for part in text.split("+"):
        words = part.split()
        if len(words) != 2 or not words[0].isdigit() or words[1] not in KIND_INDEX:
            raise ValueError(f"bad bundle part {part.strip()!r} (expected e.g. '2 wood')")
        kind = KIND_INDEX[words[1]]
        if out[kind]:
            raise ValueError(f"{KINDS[kind]} named twice in {text!r}")
        out[kind] = int(words[0])
    return tuple(out)


def total(b: Bundle) -> int:
    """Number of resources in a bundle (Indians excluded)."""
    return b[0] + b[1] + b[2] + b[3] + b[4] + b[5]


def any_payments(count: int, kinds: tuple[int, ...] = RESOURCES) -> list[Bundle]:
    """Every way to pay ``count`` resources of any kind (a multiset of kinds)."""
    return [_from_kinds(c) for c in combinations_with_replacement(kinds, count)]


def different_payments(count: int, kinds: tuple[int, ...] = RESOURCES) -> list[Bundle]:
    """Every way to pay ``count`` resources that are all different."""
    return [_from_kinds(c) for c in combinations(kinds, count)]


def up_to_choices(count: int, kinds: tuple[int, ...] = PRIMARY, distinct: bool = False) -> list[Bundle]:
    """Every bundle of at most ``count`` items from ``kinds`` (all different if ``distinct``)."""
    out: list[Bundle] = []
    pick = combinations if distinct else combinations_with_replacement
    for n in range(count, -1, -1):
        out.extend(_from_kinds(c) for c in pick(kinds, n))
    return out


def sub_bundles(b: Bundle) -> list[Bundle]:
    """Every bundle that keeps part of ``b`` (R2: any part of a benefit may be declined), largest first."""
    out: list[Bundle] = [()]
    for n in b:
        out = [prefix + (k,) for prefix in out for k in range(n, -1, -1)]
    return out


def _from_kinds(kinds: tuple[int, ...]) -> Bundle:
    out = [0] * 7
    for k in kinds:
        out[k] += 1
    return tuple(out)
