"""A fixed-size numeric observation of a game, built from one seat's view only.

``observe(state, seat)`` encodes what ``lewis_clark.view(state, seat)`` shows (the deck order and
the generator withheld) as a float32 vector of ``SIZE`` values, every one in [0, 1]. The layout is
the engine's (``lewis_clark.tensor``, compiled with it): seats relative to the observer, counts
over fixed scales; ``LAYOUT`` names every segment and docs/rl.md prints the table. This module adds
numpy: the compiled fill writes 16-bit counts into a ``librt.strings.BytesWriter`` (a byte buffer
compiled code stores into directly), whose bytes numpy reads in place and divides by the scales,
for one state (``observe``) or a batch (``observe_many``, ``legal_masks``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from librt.strings import BytesWriter

from lewis_clark import tensor
from lewis_clark.rl.actions_index import MASKS
from lewis_clark.route import Route
from lewis_clark.state import State
from lewis_clark.tensor import (
    AHEAD,
    CAMP_TIME_SCALE,
    COPIED_NOTE,
    FRAME_KIND_LIST,
    FRAME_NOTE_LIST,
    FRAMES_SHOWN,
    LAYOUT,
    MAX_PLAYERS,
    NUM_CARDS,
    OFFSET,
    REMAINING_SCALE,
    SIZE,
    TURN_SCALE,
    Segment,
)

__all__ = ["AHEAD", "CAMP_TIME_SCALE", "COPIED_NOTE", "FRAMES_SHOWN", "FRAME_KIND_LIST", "FRAME_NOTE_LIST", "LAYOUT",
           "MAX_PLAYERS", "NUM_CARDS", "OFFSET", "REMAINING_SCALE", "SIZE", "TURN_SCALE", "Segment", "Vector", "encode",
           "layout_table", "legal_mask", "legal_masks", "observe", "observe_many", "scales"]

Vector = npt.NDArray[np.float32]
_scales: dict[Route, Vector] = {}
_last: list[tuple[Route, Vector]] = []  # the last route asked: a game asks for the same one every step


def scales(route: Route) -> Vector:
    """The divisor of every value on ``route`` (float32, ``SIZE``; kept per route, read-only)."""
    if _last and _last[0][0] is route:
        return _last[0][1]
    found = _scales.get(route)  # hashing a route reads its every space: once per new route object
    if found is None:
        found = np.asarray(tensor.scales(route), np.float32)
        found.flags.writeable = False
        _scales[route] = found
    _last[:] = [(route, found)]
    return found


def observe(state: State, seat: int, out: Vector | None = None) -> Vector:
    """The observation of ``seat`` (equal to ``encode(view(state, seat), seat)``, without the copy)."""
    buf = BytesWriter()
    tensor.fill(buf, state, seat)
    counts = np.frombuffer(buf.getvalue(), "<u2")
    if out is None:
        return np.divide(counts, scales(state.options.route), dtype=np.float32)  # type: ignore[no-any-return]
    np.divide(counts, scales(state.options.route), out=out, dtype=np.float32)
    return out


def encode(seen: State, seat: int, out: Vector | None = None) -> Vector:
    """Encode a view (``seen.hidden`` must be set: only what ``seat`` may know) into ``out`` or a new vector."""
    if not seen.hidden:
        raise ValueError("encode takes a player's view: call lewis_clark.view(state, seat) first")
    return observe(seen, seat, out)


def observe_many(states: Sequence[State], seats: Sequence[int], out: Vector | None = None,
                 scratch: BytesWriter | None = None) -> Vector:
    """The observations of ``seats[k]`` in ``states[k]``, as one float32 array (N, SIZE), into ``out``
    if given. ``scratch``: a writer for the counts to reuse from call to call (its contents are replaced;
    one per thread), so that a batch does not grow a new one each time."""
    n = len(states)
    if len(seats) != n:
        raise ValueError(f"{n} states but {len(seats)} seats")
    if out is not None and out.shape != (n, SIZE):
        raise ValueError(f"out must have shape ({n}, {SIZE}), has {out.shape}")
    buf = BytesWriter() if scratch is None else scratch
    buf.truncate(0)
    tensor.fill_many(buf, list(states), [int(s) for s in seats])
    counts = np.frombuffer(buf.getvalue(), "<u2").reshape(n, SIZE)
    routes = {id(s.options.route): s.options.route for s in states}
    if len(routes) <= 1:
        divisor = scales(states[0].options.route) if n else np.ones(SIZE, np.float32)
    else:  # games on different routes: each row its own scales
        divisor = np.stack([scales(s.options.route) for s in states])
    if out is None:
        return np.divide(counts, divisor, dtype=np.float32)  # type: ignore[no-any-return]
    np.divide(counts, divisor, out=out, dtype=np.float32)
    return out


def legal_mask(state: State) -> npt.NDArray[np.int8]:
    """1 at the index of every legal action (int8, ``NUM_ACTIONS``); all zeros once the game is over."""
    buf = bytearray(MASKS.size)
    MASKS.fill(buf, 0, state)
    return np.frombuffer(buf, np.int8)


def legal_masks(states: Sequence[State], out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
    """``legal_mask`` of each state as one int8 array (N, NUM_ACTIONS), into ``out`` if given."""
    buf = bytearray(len(states) * MASKS.size)
    MASKS.fill_many(buf, list(states))
    masks = np.frombuffer(buf, np.int8).reshape(len(states), MASKS.size)
    if out is None:
        return masks
    out[...] = masks
    return out


def layout_table() -> str:
    """The layout as a markdown table (docs/rl.md)."""
    rows = ["| offset | size | segment | meaning |", "|---:|---:|---|---|"]
    for s in LAYOUT:
        if s.name[-1:].isdigit() or ("." in s.name and s.name.split(".")[0][-1] != "0"):
            continue
        name = s.name.replace("player0.", "player<k>.").replace("frame0.", "frame<k>.")
        rows.append(f"| {s.start} | {s.size} | `{name}` | {s.meaning} |")
    frame = OFFSET["frame1.kind"] - OFFSET["frame0.kind"]
    player = OFFSET["player1.present"] - OFFSET["player0.present"]
    rows.append("")
    rows.append(f"`frame<k>` (k = 0-{FRAMES_SHOWN - 1}, 0 = the decision now) repeats every {frame} values; "
                f"`player<k>` (k = 0-{MAX_PLAYERS - 1}, 0 = the observer, then turn order) every {player} values. "
                f"Total size {SIZE}.")
    return "\n".join(rows)
