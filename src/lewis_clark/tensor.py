"""The observation tensor: one fixed layout of numbers for a seat's view of a game, and its fast fill.

The one layout every learner reads (``lewis_clark.rl.observation`` wraps it with numpy for
PettingZoo, OpenSpiel and the batch API). It is ``SIZE`` values; ``LAYOUT`` names every segment.
Seats are relative: block ``player0`` is always the observer, ``player1`` the next seat in turn
order, and so on; missing seats (fewer than five players) are zeros.

Every value is a whole *count* over a positive *scale*, in [0, 1]: ``fill`` writes the counts as
little-endian 16-bit integers into a ``bytearray`` (this module is compiled with the engine and
imports no numpy), and ``scales(route)`` gives the divisors, which depend on the route only. Counts
saturate at their scale where a value could grow without bound (the turn number, a frame's
``remaining``, the stack depth, camp Time), so nothing is clipped anywhere else.

``fill`` reads only what ``lewis_clark.view(state, seat)`` shows: the draw deck as a set of cards
(never its order), never the seed or the generator; so it takes the full state or a view alike and
gives the same numbers, without the view's copy.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from librt.strings import BytesWriter
from mypy_extensions import i64

from lewis_clark.actions import Action
from lewis_clark.cards import CARDS
from lewis_clark.expedition import MOST_RESOURCES, TILES_PER_STACK
from lewis_clark.journal import SLOTS
from lewis_clark.queries import camp_time, capacity
from lewis_clark.route import MOUNTAIN, MOUNTAIN_RIVER, RIVER, Route
from lewis_clark.rules import legal_actions
from lewis_clark.state import FRAME_KINDS, FRAME_NOTES, MOST_PLAYERS, AfterTake, Decision, Frame, Player, State
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES

MAX_PLAYERS: Final = MOST_PLAYERS
NUM_CARDS: Final = len(CARDS) - 1  # ids 1-84
MAX_RESOURCES: Final = MOST_RESOURCES  # R6, R8: boats with every resource tile
MAX_INDIANS: Final = max(INDIANS_BY_PLAYERS.values())  # the most Indians in play (five players)
# The decision kinds a frame can hold, in the engine's order (the turn and game over are no frames).
FRAME_KIND_LIST: Final[tuple[Decision, ...]] = tuple(d for d in Decision if d not in (Decision.TURN, Decision.NONE))
COPIED_NOTE: Final = "copy"  # the saved note of a copied card's perform frame (Frame.to_json)
# None first, then the copy note, then what may follow a take: the layout's order since the start.
FRAME_NOTE_LIST: Final[tuple[str, ...]] = (AfterTake.NOTHING, COPIED_NOTE,
                                           *(a for a in AfterTake if a != AfterTake.NOTHING))
assert set(FRAME_KIND_LIST) == FRAME_KINDS and set(FRAME_NOTE_LIST) == FRAME_NOTES
FRAMES_SHOWN: Final = 3  # the top of the decision stack: what is decided now and the two decisions it sits in
AHEAD: Final = 8  # terrain of the spaces in front of each Scout
TURN_SCALE: Final = 400
REMAINING_SCALE: Final = 10
CAMP_TIME_SCALE: Final = 20
ROUTE_SCALE: Final = -1  # in the scale table: the route's last space (Scout, Camp, Mackenzie)
FORT_SCALE: Final = -2  # in the scale table: Fort Clatsop's index


class Segment(NamedTuple):
    """A named run of the observation: where it starts, how many values, what they mean, and the
    scale its counts are divided by (``ROUTE_SCALE`` / ``FORT_SCALE``: the route's)."""

    name: str
    start: int
    size: int
    meaning: str
    scale: int = 1


def _frame_segments(prefix: str) -> list[tuple[str, int, str, int]]:
    return [
        (f"{prefix}.kind", len(FRAME_KIND_LIST), "one-hot decision kind: " + ", ".join(FRAME_KIND_LIST)
         + " (the whole frame is zeros when the stack is shallower)", 1),
        (f"{prefix}.card", 1 + NUM_CARDS, "one-hot card id (0 = none): the card played, recruited or copied", 1),
        (f"{prefix}.place", 1 + len(PLACES), "one-hot Village place (0 = none) acting in a perform decision", 1),
        (f"{prefix}.remaining", 1, f"performances / discards / returns / spaces left, /{REMAINING_SCALE}, saturating",
         REMAINING_SCALE),
        (f"{prefix}.after", len(FRAME_NOTE_LIST),
         "one-hot note on the frame: " + ", ".join(n or "none" for n in FRAME_NOTE_LIST), 1),
    ]


def _player_segments(k: int) -> list[tuple[str, int, str, int]]:
    p = f"player{k}"
    return [
        (f"{p}.present", 1, "1 if this seat is in the game", 1),
        (f"{p}.hand", NUM_CARDS, "multi-hot card ids 1-84 in hand", 1),
        (f"{p}.face_up", NUM_CARDS, "multi-hot card ids face-up in the Playing Area", 1),
        (f"{p}.face_down", NUM_CARDS, "multi-hot card ids face-down (giving Strength)", 1),
        (f"{p}.resources", 6, f"wood fur food equipment canoe horse, /{MAX_RESOURCES}", MAX_RESOURCES),
        (f"{p}.capacity", 1, f"resources the boats hold, /{MAX_RESOURCES}", MAX_RESOURCES),
        (f"{p}.indians", 2, f"Indians on the boats, on cards, /{MAX_INDIANS}", MAX_INDIANS),
        (f"{p}.tiles", 4, f"boat tiles by face (small/large resource, small/large Indian), /{TILES_PER_STACK}",
         TILES_PER_STACK),
        (f"{p}.scout_camp", 2, "Scout and Camp space, / last route space", ROUTE_SCALE),
        (f"{p}.to_fort", 1, "spaces from Camp to Fort Clatsop, / Fort Clatsop's index", FORT_SCALE),
        (f"{p}.camp_time", 1, f"Time a Camp would cost now, /{CAMP_TIME_SCALE}, saturating", CAMP_TIME_SCALE),
        (f"{p}.ahead", 2 * AHEAD, f"next {AHEAD} spaces after the Scout: admits river, admits mountain (0 past the end)",
         1),
    ]


def _build_layout() -> tuple[Segment, ...]:
    parts: list[tuple[str, int, str, int]] = [
        ("players", MAX_PLAYERS, "one-hot number of players (1-5)", 1),
        ("to_decide", MAX_PLAYERS, "one-hot relative seat whose decision it is (0 = the observer); zeros once over", 1),
        ("over", 1, "1 once the game is over", 1),
        ("won", 1, "1 if the observer has won", 1),
        ("turn", 1, f"turn number /{TURN_SCALE}, saturating", TURN_SCALE),
        ("turn_flags", 5, "acted, recruited, camped, must camp (R17), Scout moved this action", 1),
        ("boosts", 2, "Jarrot used, Cut Nose used this action (R19)", 1),
        ("spendable", 6, f"what may still pay this action (R3): six resources /{MAX_RESOURCES}", MAX_RESOURCES),
        ("spendable_indians", 1, f"Indians that may still pay this action (R3), /{MAX_INDIANS}", MAX_INDIANS),
        ("village", len(PLACES), f"Indians on each place ({', '.join(p.name for p in PLACES)}), /{MAX_INDIANS}",
         MAX_INDIANS),
        ("indian_pools", 3, f"Powwow, Newcomer, Indian stock, /{MAX_INDIANS}", MAX_INDIANS),
        ("tile_stacks", 2, f"boat tiles left in the small and large stack, /{TILES_PER_STACK}", TILES_PER_STACK),
        ("journal", SLOTS * (1 + NUM_CARDS), f"per slot 1-{SLOTS}: one-hot card id (0 = empty)", 1),
        ("deck", NUM_CARDS, "multi-hot cards in the draw deck (its order is hidden)", 1),
        ("discard", NUM_CARDS, "multi-hot cards in the discard deck", 1),
        ("deck_sizes", 2, f"draw deck and discard deck sizes, /{NUM_CARDS}", NUM_CARDS),
        ("mackenzie", 1, "solo: 1 if Mackenzie plays", 1),
        ("mackenzie_space", 1, "solo: Mackenzie's space / last route space", ROUTE_SCALE),
        ("stack_depth", 1, f"pending decisions on the stack, /{REMAINING_SCALE}, saturating", REMAINING_SCALE),
    ]
    for k in range(FRAMES_SHOWN):
        parts.extend(_frame_segments(f"frame{k}"))
    for k in range(MAX_PLAYERS):
        parts.extend(_player_segments(k))
    out: list[Segment] = []
    start = 0
    for name, size, meaning, scale in parts:
        out.append(Segment(name, start, size, meaning, scale))
        start += size
    return tuple(out)


LAYOUT: Final[tuple[Segment, ...]] = _build_layout()
OFFSET: Final[dict[str, int]] = {s.name: s.start for s in LAYOUT}
SIZE: Final = LAYOUT[-1].start + LAYOUT[-1].size
BYTES: Final = 2 * SIZE  # one little-endian 16-bit count a value
_ZEROS: Final = bytes(BYTES)

# Byte offsets, read once here: the fill below does no lookups by name.
_PLAYERS: Final = 2 * OFFSET["players"]
_TO_DECIDE: Final = 2 * OFFSET["to_decide"]
_OVER: Final = 2 * OFFSET["over"]
_WON: Final = 2 * OFFSET["won"]
_TURN: Final = 2 * OFFSET["turn"]
_FLAGS: Final = 2 * OFFSET["turn_flags"]
_BOOSTS: Final = 2 * OFFSET["boosts"]
_SPENDABLE: Final = 2 * OFFSET["spendable"]
_VILLAGE: Final = 2 * OFFSET["village"]
_POOLS: Final = 2 * OFFSET["indian_pools"]
_STACKS: Final = 2 * OFFSET["tile_stacks"]
_JOURNAL: Final = 2 * OFFSET["journal"]
_DECK: Final = 2 * (OFFSET["deck"] - 1)  # card ids start at 1
_DISCARD: Final = 2 * (OFFSET["discard"] - 1)
_DECK_SIZES: Final = 2 * OFFSET["deck_sizes"]
_MACKENZIE: Final = 2 * OFFSET["mackenzie"]
_DEPTH: Final = 2 * OFFSET["stack_depth"]
_FRAME: Final = 2 * OFFSET["frame0.kind"]
_FRAME_STRIDE: Final = 2 * (OFFSET["frame1.kind"] - OFFSET["frame0.kind"])
_F_CARD: Final = 2 * (OFFSET["frame0.card"] - OFFSET["frame0.kind"])
_F_PLACE: Final = 2 * (OFFSET["frame0.place"] - OFFSET["frame0.kind"]) + 2  # place -1 is slot 0
_F_REMAINING: Final = 2 * (OFFSET["frame0.remaining"] - OFFSET["frame0.kind"])
_F_AFTER: Final = 2 * (OFFSET["frame0.after"] - OFFSET["frame0.kind"])
_PLAYER: Final = 2 * OFFSET["player0.present"]
_PLAYER_STRIDE: Final = 2 * (OFFSET["player1.present"] - OFFSET["player0.present"])
_P_HAND: Final = 2 * (OFFSET["player0.hand"] - 1 - OFFSET["player0.present"])
_P_UP: Final = 2 * (OFFSET["player0.face_up"] - 1 - OFFSET["player0.present"])
_P_DOWN: Final = 2 * (OFFSET["player0.face_down"] - 1 - OFFSET["player0.present"])
_P_RESOURCES: Final = 2 * (OFFSET["player0.resources"] - OFFSET["player0.present"])
_P_CAPACITY: Final = 2 * (OFFSET["player0.capacity"] - OFFSET["player0.present"])
_P_INDIANS: Final = 2 * (OFFSET["player0.indians"] - OFFSET["player0.present"])
_P_TILES: Final = 2 * (OFFSET["player0.tiles"] - OFFSET["player0.present"])
_P_SCOUT: Final = 2 * (OFFSET["player0.scout_camp"] - OFFSET["player0.present"])
_P_FORT: Final = 2 * (OFFSET["player0.to_fort"] - OFFSET["player0.present"])
_P_TIME: Final = 2 * (OFFSET["player0.camp_time"] - OFFSET["player0.present"])
_P_AHEAD: Final = 2 * (OFFSET["player0.ahead"] - OFFSET["player0.present"])
_KIND_INDEX: Final[dict[str, int]] = {str(k): i for i, k in enumerate(FRAME_KIND_LIST)}
_NOTE_INDEX: Final[dict[str, int]] = {str(n): i for i, n in enumerate(FRAME_NOTE_LIST)}
_COPIED: Final = _NOTE_INDEX[COPIED_NOTE]


def scales(route: Route) -> list[int]:
    """The divisor of every value (``SIZE`` of them, each at least 1) for games on ``route``."""
    last = max(1, route.last)
    fort = max(1, route.fort_clatsop)
    out: list[int] = []
    for s in LAYOUT:
        scale = last if s.scale == ROUTE_SCALE else fort if s.scale == FORT_SCALE else s.scale
        out.extend([scale] * s.size)
    return out


def _put(buf: BytesWriter, at: i64, count: int) -> None:
    """Write ``count`` (0-65535) as the little-endian 16-bit value at byte ``at``."""
    if count < 256:
        buf[at] = count
    else:
        buf[at] = count & 255
        buf[at + 1] = count >> 8


def fill(buf: BytesWriter, state: State, seat: int) -> None:
    """Append ``seat``'s observation of ``state`` (``BYTES`` bytes: the counts, see ``scales``) to ``buf``.
    ``state`` may be the full state or ``view(state, seat)``: only what the seat may know is read."""
    n = len(state.players)
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    at: i64 = len(buf)
    buf.write(_ZEROS)  # then only the non-zero counts are written, each a C store when compiled
    route = state.options.route
    buf[at + _PLAYERS + 2 * (n - 1)] = 1
    over = state.over
    if over:
        buf[at + _OVER] = 1
        if state.winner == seat:
            buf[at + _WON] = 1
    else:
        buf[at + _TO_DECIDE + 2 * ((state.current - seat) % n)] = 1
    _put(buf, at + _TURN, min(state.turn, TURN_SCALE))
    if state.acted:
        buf[at + _FLAGS] = 1
    if state.recruited:
        buf[at + _FLAGS + 2] = 1
    if state.camped:
        buf[at + _FLAGS + 4] = 1
    if state.must_camp:
        buf[at + _FLAGS + 6] = 1
    if state.moved:
        buf[at + _FLAGS + 8] = 1
    boosts = state.boosts
    buf[at + _BOOSTS] = boosts & 1
    buf[at + _BOOSTS + 2] = (boosts >> 1) & 1
    i = at + _SPENDABLE
    for count in state.spendable:  # six resources, then the Indians (their own segment, next)
        buf[i] = count
        i += 2
    i = at + _VILLAGE
    for count in state.village:
        buf[i] = count
        i += 2
    buf[at + _POOLS] = state.powwow
    buf[at + _POOLS + 2] = state.newcomer
    buf[at + _POOLS + 4] = state.indian_stock
    buf[at + _STACKS] = state.tile_stacks[0]
    buf[at + _STACKS + 2] = state.tile_stacks[1]
    i = at + _JOURNAL
    for card in state.journal:
        buf[i + 2 * card] = 1
        i += 2 * (1 + NUM_CARDS)
    deck = state.deck
    for card in deck:  # a set of cards: the order is never read
        buf[at + _DECK + 2 * card] = 1
    for card in state.discard:
        buf[at + _DISCARD + 2 * card] = 1
    buf[at + _DECK_SIZES] = len(deck)
    buf[at + _DECK_SIZES + 2] = len(state.discard)
    if state.mackenzie >= 0:
        buf[at + _MACKENZIE] = 1
        _put(buf, at + _MACKENZIE + 2, state.mackenzie)
    stack = state.stack
    depth = len(stack)
    buf[at + _DEPTH] = min(depth, REMAINING_SCALE)
    i = at + _FRAME
    for k in range(min(depth, FRAMES_SHOWN)):
        _fill_frame(buf, i, stack[depth - 1 - k])
        i += _FRAME_STRIDE
    i = at + _PLAYER
    for k in range(n):
        _fill_player(buf, i, state.players[(seat + k) % n], route)
        i += _PLAYER_STRIDE


def _fill_frame(buf: BytesWriter, at: i64, frame: Frame) -> None:
    buf[at + 2 * _KIND_INDEX[frame.kind]] = 1
    buf[at + _F_CARD + 2 * frame.card] = 1
    buf[at + _F_PLACE + 2 * frame.place] = 1
    count = frame.performances + frame.strength + frame.returns + frame.discards + frame.spaces  # one per kind
    buf[at + _F_REMAINING] = min(count, REMAINING_SCALE)
    note = _COPIED if frame.copied else _NOTE_INDEX[frame.then]
    buf[at + _F_AFTER + 2 * note] = 1


def _fill_player(buf: BytesWriter, at: i64, p: Player, route: Route) -> None:
    buf[at] = 1
    for card in p.hand:
        buf[at + _P_HAND + 2 * card] = 1
    for card in p.face_up:
        buf[at + _P_UP + 2 * card] = 1
    for card in p.face_down:
        buf[at + _P_DOWN + 2 * card] = 1
    i = at + _P_RESOURCES
    for count in p.resources:
        buf[i] = count
        i += 2
    buf[at + _P_CAPACITY] = capacity(p)
    buf[at + _P_INDIANS] = p.indians
    buf[at + _P_INDIANS + 2] = p.on_cards
    i = at + _P_TILES
    for count in p.tiles:
        buf[i] = count
        i += 2
    _put(buf, at + _P_SCOUT, p.scout)
    _put(buf, at + _P_SCOUT + 2, p.camp)
    _put(buf, at + _P_FORT, max(0, route.fort_clatsop - p.camp))
    buf[at + _P_TIME] = min(camp_time(p), CAMP_TIME_SCALE)
    terrains = route.terrains
    last = len(terrains) - 1
    i = at + _P_AHEAD
    space = p.scout + 1
    for _ in range(AHEAD):
        if space > last:
            break
        t = terrains[space]
        if t == RIVER or t == MOUNTAIN_RIVER:  # route.admits(space, RIVER), without its call
            buf[i] = 1
        if t == MOUNTAIN or t == MOUNTAIN_RIVER:
            buf[i + 2] = 1
        i += 4
        space += 1


def fill_many(buf: BytesWriter, states: list[State], seats: list[int]) -> None:
    """``fill`` for each state in turn: the ``k``-th observation follows the ``k - 1`` before it."""
    if len(seats) != len(states):
        raise ValueError(f"{len(states)} states but {len(seats)} seats")
    for k in range(len(states)):
        fill(buf, states[k], seats[k])


class MaskFiller:
    """Legal actions as 1s at their indices in a byte mask, given the action space's ``index`` (the RL
    adapters' ``actions_index.INDEX``; it lives outside the engine). The engine builds its actions
    once in tables, so each is looked up by value once and then known by identity."""

    def __init__(self, index: dict[Action, int]) -> None:
        self.index = index
        self.size = len(index)
        self.known: dict[int, tuple[Action, int]] = {}  # id(action): (the action, kept alive; its index)
        self.zeros = bytes(self.size)  # made once: every fill starts from it

    def fill(self, buf: bytearray, at: int, state: State) -> int:
        """Zero ``buf[at:at + size]`` and put 1 at every legal action's index; returns how many."""
        buf[at: at + self.size] = self.zeros
        known = self.known
        count = 0
        for action in legal_actions(state):
            entry = known.get(id(action))
            i = entry[1] if entry is not None and entry[0] is action else self._learn(action)
            buf[at + i] = 1
            count += 1
        return count

    def indices(self, state: State) -> list[int]:
        """The indices of the legal actions, ascending."""
        known = self.known
        out: list[int] = []
        for action in legal_actions(state):
            entry = known.get(id(action))
            out.append(entry[1] if entry is not None and entry[0] is action else self._learn(action))
        out.sort()
        return out

    def _learn(self, action: Action) -> int:
        i = self.index[action]
        if len(self.known) > 200_000:  # actions made on the fly: do not keep them all
            self.known.clear()
        self.known[id(action)] = (action, i)
        return i

    def fill_many(self, buf: bytearray, states: list[State]) -> None:
        """``fill`` for each state, at ``k * size`` for the ``k``-th."""
        at = 0
        for state in states:
            self.fill(buf, at, state)
            at += self.size
