"""A plain numpy encoder of the observation, value by value from the layout's names: the reference the
compiled fill (lewis_clark.tensor) must equal to the bit. Slow and obvious on purpose."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from lewis_clark.expedition import TILES_PER_STACK
from lewis_clark.queries import camp_time, capacity
from lewis_clark.rl.observation import (
    AHEAD,
    CAMP_TIME_SCALE,
    COPIED_NOTE,
    FRAME_KIND_LIST,
    FRAME_NOTE_LIST,
    FRAMES_SHOWN,
    NUM_CARDS,
    OFFSET,
    REMAINING_SCALE,
    SIZE,
    TURN_SCALE,
)
from lewis_clark.state import Frame, State
from lewis_clark.tensor import MAX_INDIANS, MAX_RESOURCES
from lewis_clark.village import PLACES

Vector = npt.NDArray[np.float32]
_KIND_INDEX = {k: i for i, k in enumerate(FRAME_KIND_LIST)}
_NOTE_INDEX = {n: i for i, n in enumerate(FRAME_NOTE_LIST)}


def encode(seen: State, seat: int) -> Vector:
    """Encode a view (``seen.hidden`` must be set: only what ``seat`` may know) into ``out`` or a new vector."""
    if not seen.hidden:
        raise ValueError("encode takes a player's view: call lewis_clark.view(state, seat) first")
    x = np.zeros(SIZE, np.float32)
    n = len(seen.players)
    route = seen.options.route
    last = max(1, route.last)
    o = OFFSET
    x[o["players"] + n - 1] = 1
    decider = seen.to_play
    if decider >= 0:
        x[o["to_decide"] + (decider - seat) % n] = 1
    x[o["over"]] = seen.over
    x[o["won"]] = seen.over and seen.winner == seat
    x[o["turn"]] = min(1.0, seen.turn / TURN_SCALE)
    x[o["turn_flags"]: o["turn_flags"] + 5] = (seen.acted, seen.recruited, seen.camped, seen.must_camp, seen.moved)
    x[o["boosts"]: o["boosts"] + 2] = (seen.boosts & 1, (seen.boosts >> 1) & 1)
    sp = o["spendable"]
    x[sp: sp + 6] = np.asarray(seen.spendable[:6], np.float32) / MAX_RESOURCES
    x[o["spendable_indians"]] = seen.spendable[6] / MAX_INDIANS
    x[o["village"]: o["village"] + len(PLACES)] = np.asarray(seen.village, np.float32) / MAX_INDIANS
    x[o["indian_pools"]: o["indian_pools"] + 3] = (seen.powwow / MAX_INDIANS, seen.newcomer / MAX_INDIANS,
                                                    seen.indian_stock / MAX_INDIANS)
    x[o["tile_stacks"]: o["tile_stacks"] + 2] = np.asarray(seen.tile_stacks, np.float32) / TILES_PER_STACK
    for slot, card in enumerate(seen.journal):
        x[o["journal"] + slot * (1 + NUM_CARDS) + card] = 1
    for card in seen.deck:
        x[o["deck"] + card - 1] = 1
    for card in seen.discard:
        x[o["discard"] + card - 1] = 1
    x[o["deck_sizes"]: o["deck_sizes"] + 2] = (len(seen.deck) / NUM_CARDS, len(seen.discard) / NUM_CARDS)
    if seen.mackenzie >= 0:
        x[o["mackenzie"]], x[o["mackenzie_space"]] = 1.0, seen.mackenzie / last
    x[o["stack_depth"]] = min(1.0, len(seen.stack) / REMAINING_SCALE)
    for k, frame in enumerate(reversed(seen.stack[-FRAMES_SHOWN:])):
        _encode_frame(x, f"frame{k}", frame)
    for k in range(n):
        _encode_player(x, seen, (seat + k) % n, f"player{k}", last)
    return x


def _encode_frame(x: Vector, prefix: str, frame: Frame) -> None:
    x[OFFSET[f"{prefix}.kind"] + _KIND_INDEX[frame.kind]] = 1
    x[OFFSET[f"{prefix}.card"] + frame.card] = 1
    x[OFFSET[f"{prefix}.place"] + frame.place + 1] = 1
    count = frame.performances + frame.strength + frame.returns + frame.discards + frame.spaces  # one per kind
    x[OFFSET[f"{prefix}.remaining"]] = min(1.0, count / REMAINING_SCALE)
    x[OFFSET[f"{prefix}.after"] + _NOTE_INDEX[COPIED_NOTE if frame.copied else frame.then]] = 1


def _encode_player(x: Vector, seen: State, seat: int, prefix: str, last: int) -> None:
    p = seen.players[seat]
    route = seen.options.route
    o = OFFSET
    x[o[f"{prefix}.present"]] = 1
    for name, cards in (("hand", p.hand), ("face_up", p.face_up), ("face_down", p.face_down)):
        base = o[f"{prefix}.{name}"] - 1
        for card in cards:
            x[base + card] = 1
    r = o[f"{prefix}.resources"]
    x[r: r + 6] = np.asarray(p.resources, np.float32) / MAX_RESOURCES
    x[o[f"{prefix}.capacity"]] = capacity(p) / MAX_RESOURCES
    x[o[f"{prefix}.indians"]: o[f"{prefix}.indians"] + 2] = (p.indians / MAX_INDIANS, p.on_cards / MAX_INDIANS)
    x[o[f"{prefix}.tiles"]: o[f"{prefix}.tiles"] + 4] = np.asarray(p.tiles, np.float32) / TILES_PER_STACK
    x[o[f"{prefix}.scout_camp"]: o[f"{prefix}.scout_camp"] + 2] = (p.scout / last, p.camp / last)
    x[o[f"{prefix}.to_fort"]] = max(0, route.fort_clatsop - p.camp) / max(1, route.fort_clatsop)
    x[o[f"{prefix}.camp_time"]] = min(1.0, camp_time(p) / CAMP_TIME_SCALE)
    a = o[f"{prefix}.ahead"]
    for k in range(AHEAD):
        space = p.scout + 1 + k
        if space > route.last:
            break
        x[a + 2 * k] = route.admits(space, "R")
        x[a + 2 * k + 1] = route.admits(space, "M")
