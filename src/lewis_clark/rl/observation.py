"""A fixed-size numeric observation of a game, built from one seat's view only.

``observe(state, seat)`` takes ``lewis_clark.view(state, seat)`` (the deck order and the generator
withheld) and encodes it as a float32 vector of ``SIZE`` values, every one in [0, 1]. Seats are
relative: block ``player 0`` is always the observer, ``player 1`` the next seat in turn order, and so
on; missing seats (fewer than five players) are zeros. Counts are divided by the most they can ever
be, so nothing is clipped, except the turn number, Frame ``remaining`` and camp Time which saturate
at 1. ``LAYOUT`` names every segment; docs/rl.md prints the table.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from lewis_clark.cards import CARDS
from lewis_clark.expedition import TILES_PER_STACK
from lewis_clark.journal import SLOTS
from lewis_clark.queries import camp_time, capacity
from lewis_clark.rl.actions_index import MAX_INDIANS, MAX_RESOURCES
from lewis_clark.state import FRAME_KINDS, FRAME_NOTES, MOST_PLAYERS, AfterTake, Decision, Frame, State, view
from lewis_clark.village import PLACES

MAX_PLAYERS = MOST_PLAYERS
NUM_CARDS = len(CARDS) - 1  # ids 1-84
# The decision kinds a frame can hold, in the engine's order (the turn and game over are no frames).
FRAME_KIND_LIST: tuple[Decision, ...] = tuple(d for d in Decision if d not in (Decision.TURN, Decision.NONE))
COPIED_NOTE = "copy"  # the saved note of a copied card's perform frame (Frame.to_json)
# None first, then the copy note, then what may follow a take: the layout's order since the start.
FRAME_NOTE_LIST: tuple[str, ...] = (AfterTake.NOTHING, COPIED_NOTE, *(a for a in AfterTake if a != AfterTake.NOTHING))
assert set(FRAME_KIND_LIST) == FRAME_KINDS and set(FRAME_NOTE_LIST) == FRAME_NOTES
FRAMES_SHOWN = 3  # the top of the decision stack: what is decided now and the two decisions it sits in
AHEAD = 8  # terrain of the spaces in front of each Scout
TURN_SCALE = 400.0
REMAINING_SCALE = 10.0
CAMP_TIME_SCALE = 20.0

Vector = npt.NDArray[np.float32]


class Segment(NamedTuple):
    """A named run of the observation vector."""

    name: str
    start: int
    size: int
    meaning: str


def _frame_segments(prefix: str) -> list[tuple[str, int, str]]:
    return [
        (f"{prefix}.kind", len(FRAME_KIND_LIST), "one-hot decision kind: " + ", ".join(FRAME_KIND_LIST)
         + " (the whole frame is zeros when the stack is shallower)"),
        (f"{prefix}.card", 1 + NUM_CARDS, "one-hot card id (0 = none): the card played, recruited or copied"),
        (f"{prefix}.place", 1 + len(PLACES), "one-hot Village place (0 = none) acting in a perform decision"),
        (f"{prefix}.remaining", 1, f"performances / discards / returns / spaces left, /{REMAINING_SCALE:g}, saturating"),
        (f"{prefix}.after", len(FRAME_NOTE_LIST),
         "one-hot note on the frame: " + ", ".join(n or "none" for n in FRAME_NOTE_LIST)),
    ]


def _player_segments(k: int) -> list[tuple[str, int, str]]:
    p = f"player{k}"
    return [
        (f"{p}.present", 1, "1 if this seat is in the game"),
        (f"{p}.hand", NUM_CARDS, "multi-hot card ids 1-84 in hand"),
        (f"{p}.face_up", NUM_CARDS, "multi-hot card ids face-up in the Playing Area"),
        (f"{p}.face_down", NUM_CARDS, "multi-hot card ids face-down (giving Strength)"),
        (f"{p}.resources", 6, f"wood fur food equipment canoe horse, /{MAX_RESOURCES}"),
        (f"{p}.capacity", 1, f"resources the boats hold, /{MAX_RESOURCES}"),
        (f"{p}.indians", 2, f"Indians on the boats, on cards, /{MAX_INDIANS}"),
        (f"{p}.tiles", 4, f"boat tiles by face (small/large resource, small/large Indian), /{TILES_PER_STACK}"),
        (f"{p}.scout_camp", 2, "Scout and Camp space, / last route space"),
        (f"{p}.to_fort", 1, "spaces from Camp to Fort Clatsop, / Fort Clatsop's index"),
        (f"{p}.camp_time", 1, f"Time a Camp would cost now, /{CAMP_TIME_SCALE:g}, saturating"),
        (f"{p}.ahead", 2 * AHEAD, f"next {AHEAD} spaces after the Scout: admits river, admits mountain (0 past the end)"),
    ]


def _build_layout() -> tuple[Segment, ...]:
    parts: list[tuple[str, int, str]] = [
        ("players", MAX_PLAYERS, "one-hot number of players (1-5)"),
        ("to_decide", MAX_PLAYERS, "one-hot relative seat whose decision it is (0 = the observer); zeros once over"),
        ("over", 1, "1 once the game is over"),
        ("won", 1, "1 if the observer has won"),
        ("turn", 1, f"turn number /{TURN_SCALE:g}, saturating"),
        ("turn_flags", 5, "acted, recruited, camped, must camp (R17), Scout moved this action"),
        ("boosts", 2, "Jarrot used, Cut Nose used this action (R19)"),
        ("spendable", 7, f"what may still pay this action (R3): six resources /{MAX_RESOURCES}, Indians /{MAX_INDIANS}"),
        ("village", len(PLACES), f"Indians on each place ({', '.join(p.name for p in PLACES)}), /{MAX_INDIANS}"),
        ("indian_pools", 3, f"Powwow, Newcomer, Indian stock, /{MAX_INDIANS}"),
        ("tile_stacks", 2, f"boat tiles left in the small and large stack, /{TILES_PER_STACK}"),
        ("journal", SLOTS * (1 + NUM_CARDS), f"per slot 1-{SLOTS}: one-hot card id (0 = empty)"),
        ("deck", NUM_CARDS, "multi-hot cards in the draw deck (its order is hidden)"),
        ("discard", NUM_CARDS, "multi-hot cards in the discard deck"),
        ("deck_sizes", 2, f"draw deck and discard deck sizes, /{NUM_CARDS}"),
        ("mackenzie", 2, "solo: 1 if Mackenzie plays, his space / last route space"),
        ("stack_depth", 1, f"pending decisions on the stack, /{REMAINING_SCALE:g}, saturating"),
    ]
    for k in range(FRAMES_SHOWN):
        parts.extend(_frame_segments(f"frame{k}"))
    for k in range(MAX_PLAYERS):
        parts.extend(_player_segments(k))
    out: list[Segment] = []
    start = 0
    for name, size, meaning in parts:
        out.append(Segment(name, start, size, meaning))
        start += size
    return tuple(out)


LAYOUT: tuple[Segment, ...] = _build_layout()
OFFSET: dict[str, int] = {s.name: s.start for s in LAYOUT}
SIZE = LAYOUT[-1].start + LAYOUT[-1].size
_KIND_INDEX = {k: i for i, k in enumerate(FRAME_KIND_LIST)}
_NOTE_INDEX = {n: i for i, n in enumerate(FRAME_NOTE_LIST)}


def observe(state: State, seat: int) -> Vector:
    """The observation of ``seat``: ``encode(view(state, seat), seat)``."""
    return encode(view(state, seat), seat)


def encode(seen: State, seat: int, out: Vector | None = None) -> Vector:
    """Encode a view (``seen.hidden`` must be set: only what ``seat`` may know) into ``out`` or a new vector."""
    if not seen.hidden:
        raise ValueError("encode takes a player's view: call lewis_clark.view(state, seat) first")
    x = np.zeros(SIZE, np.float32) if out is None else out
    if out is not None:
        x.fill(0.0)
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
    x[sp + 6] = seen.spendable[6] / MAX_INDIANS
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
        x[o["mackenzie"]: o["mackenzie"] + 2] = (1.0, seen.mackenzie / last)
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
