"""Boats: capacity and the Time they cost at a Camp.

Boats hold counts, not positions: a player may rearrange at any time, so loads are always taken in
the arrangement that costs least Time (R6). Numbers from components.md.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

# Boat tile faces, in the order tiles are counted on a player: (name, holds, capacity, time rule).
SMALL_RESOURCE: Final = 0
LARGE_RESOURCE: Final = 1
SMALL_INDIAN: Final = 2
LARGE_INDIAN: Final = 3
TILE_FACES: Final[tuple[str, ...]] = ("small-resource", "large-resource", "small-indian", "large-indian")
TILE_STACK: Final = (0, 1, 0, 1)  # stack 0: small/small tiles, stack 1: large/large tiles (assumed pairing)
TILES_PER_STACK: Final = 6

FREE_BOAT_CAPACITY: Final = 3  # boat 1: free
FLAT_BOAT_CAPACITY: Final = 3  # boat 2: 1 Time once used
PER_RESOURCE_BOAT_CAPACITY: Final = 5  # boat 3: 1 Time per resource
BASE_RESOURCE_CAPACITY: Final = FREE_BOAT_CAPACITY + FLAT_BOAT_CAPACITY + PER_RESOURCE_BOAT_CAPACITY  # boats 1-3: 11
FREE_INDIANS: Final = 1  # boat 4 carries one Indian free; boat 5 any number at 1 Time each
SMALL_RESOURCE_CAPACITY: Final = 2
LARGE_RESOURCE_CAPACITY: Final = 5
LARGE_INDIAN_CAPACITY: Final = 3


def resource_capacity(tiles: list[int]) -> int:
    """Resources a player can hold with these tiles."""
    return BASE_RESOURCE_CAPACITY + SMALL_RESOURCE_CAPACITY * tiles[0] + LARGE_RESOURCE_CAPACITY * tiles[1]


# The most resources a player can ever hold: boats 1-3 plus every resource face of both tile stacks (R6, R8).
MOST_RESOURCES: Final = resource_capacity([TILES_PER_STACK, TILES_PER_STACK, 0, 0])


def boat_time(resources: int, indians: int, tiles: list[int]) -> int:
    """Least Time the boats cost at a Camp for these loads (R6)."""
    return _time_of(_RESOURCE_TIMES, resources, tiles[0], tiles[1]) + _time_of(_INDIAN_TIMES, indians, tiles[2], tiles[3])


# Each answer of resource_time and indian_time, kept at first use in a flat list by (count, small, large):
# compiled, a list read is a few instructions where a call through lru_cache hashes a tuple of the three.
_MOST_LOAD: Final = 64
_SIDE: Final = TILES_PER_STACK + 1
_RESOURCE_TIMES: Final[list[int]] = [-1] * (_MOST_LOAD * _SIDE * _SIDE)
_INDIAN_TIMES: Final[list[int]] = [-1] * (_MOST_LOAD * _SIDE * _SIDE)


def _time_of(table: list[int], count: int, small: int, large: int) -> int:
    if not (0 <= count < _MOST_LOAD and 0 <= small < _SIDE and 0 <= large < _SIDE):
        return resource_time(count, small, large) if table is _RESOURCE_TIMES else indian_time(count, small, large)
    cell = (count * _SIDE + small) * _SIDE + large
    known = table[cell]
    if known < 0:
        known = table[cell] = (resource_time if table is _RESOURCE_TIMES else indian_time)(count, small, large)
    return known


@lru_cache(maxsize=4096)
def resource_time(count: int, small: int, large: int) -> int:
    """Boat 1 and small tiles are free; boat 2 (3) and large tiles (5) cost 1 if used; boat 3 costs
    1 per resource (up to 5). Try every number of flat-cost boats, biggest first."""
    rest = count - FREE_BOAT_CAPACITY - SMALL_RESOURCE_CAPACITY * small
    if rest <= 0:
        return 0
    flat = [LARGE_RESOURCE_CAPACITY] * large + [FLAT_BOAT_CAPACITY]
    best = rest if rest <= PER_RESOURCE_BOAT_CAPACITY else 10**6
    used = 0
    for k, cap in enumerate(flat, start=1):
        used += cap
        left = max(0, rest - used)
        if left <= PER_RESOURCE_BOAT_CAPACITY:
            best = min(best, k + left)
    return best


@lru_cache(maxsize=4096)
def indian_time(count: int, small: int, large: int) -> int:
    """Boat 4 and small Indian tiles hold one each for free; large Indian tiles hold 3 for 1 Time;
    boat 5 holds any number at 1 Time each."""
    rest = count - FREE_INDIANS - small
    if rest <= 0:
        return 0
    best = rest
    for k in range(1, large + 1):
        best = min(best, k + max(0, rest - LARGE_INDIAN_CAPACITY * k))
    return best
