"""The game state: plain data, cheap to copy, lossless to and from JSON.

Everything a game is lives here: each expedition, the Village, the Journal and decks, the route,
whose decision it is and the stack of decisions pending inside an action. Nothing lives in a call
stack, so a game can be saved, copied, searched and resumed at any point.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Final, NamedTuple

from lewis_clark import canonical
from lewis_clark.cards import COLOURS
from lewis_clark.errors import CorruptState
from lewis_clark.rng import GENERATORS, KEY_BYTES, KEYED, SEED_LIMIT, SPLITMIX64, key_for
from lewis_clark.route import PRINTED_ROUTE, Route

STATE_FORMAT: Final = 1
MOST_PLAYERS: Final = len(COLOURS)  # one expedition per colour
MOST_LEVEL: Final = 7  # R24: Mackenzie's head start above St Louis, 0-7
__all__ = ["FRAME_KINDS", "FRAME_NOTES", "STATE_FORMAT", "AfterTake", "CorruptState", "Decision", "Ending", "Frame",
           "Options", "Outcome", "Player", "State", "view"]


@dataclass(frozen=True, slots=True)
class Options:
    """How a game is set up. Every field has the printed game's default."""

    players: int = 2
    seed: int = 0
    colours: tuple[str, ...] = ()  # by seat; default the first ``players`` of COLOURS
    mackenzie: int = 0  # solo level: Mackenzie's head start above St Louis, 0-7 (R24)
    random_start: bool = False  # R25 variant: random starting resources
    route: Route = PRINTED_ROUTE  # R25 variant: any terrain list
    # The deck's generator (rng.py): new games the keyed hash; JSON without the field means the old
    # SplitMix64, so records made before the keyed generator replay exactly.
    generator: str = KEYED
    chosen_seed: bool = False  # someone typed the seed, so they know every draw: every seat is told
    # R2: after a movement the Scout may stop short (a "move" decision). JSON without the field means a
    # record from before the keyed generator, whose movements were always whole, so that it replays exactly.
    move_choice: bool = True

    def __post_init__(self) -> None:
        if self.generator not in GENERATORS:
            raise ValueError(f"options: unknown generator {self.generator!r} "
                             f"(choose from {', '.join(GENERATORS)})")
        if self.generator == KEYED and not 0 <= self.seed < SEED_LIMIT:
            raise ValueError("options: the seed must be an integer from 0 to 2^256 - 1")
        if not 1 <= self.players <= MOST_PLAYERS:
            raise ValueError(f"options: players must be 1-{MOST_PLAYERS}, got {self.players}")
        if self.colours:
            if len(self.colours) != self.players:
                raise ValueError(f"options: {len(self.colours)} colours for {self.players} players")
            unknown = [c for c in self.colours if c not in COLOURS]
            if unknown:
                raise ValueError(f"options: unknown colour {unknown[0]!r} (choose from {', '.join(COLOURS)})")
            if len(set(self.colours)) != len(self.colours):
                raise ValueError("options: each seat needs its own colour")
        if not 0 <= self.mackenzie <= MOST_LEVEL:
            raise ValueError(f"options: mackenzie level must be 0-{MOST_LEVEL}, got {self.mackenzie}")
        # Spell the default colours out, so that equal games have equal options.
        object.__setattr__(self, "colours", tuple(self.colours) or COLOURS[: self.players])

    def __reduce__(self) -> tuple[type[Options], tuple[Any, ...]]:
        # Pickled and copied through the constructor, like Route (compiled, frozen refuses setattr).
        return (Options, tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def seat_colours(self) -> tuple[str, ...]:
        return self.colours or COLOURS[: self.players]

    def to_json(self) -> dict[str, Any]:
        data = {"players": self.players, "seed": self.seed, "colours": list(self.seat_colours),
                "mackenzie": self.mackenzie, "random_start": self.random_start, "route": self.route.to_json()}
        # Written only when they differ from what their absence means, so that older games keep
        # their JSON, and with it their state hashes, byte for byte.
        if self.generator != SPLITMIX64:
            data["generator"] = self.generator
        if self.chosen_seed:
            data["chosen_seed"] = True
        if self.move_choice:
            data["move_choice"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Options:  # Any: refused below, not by a compiled type check
        if not isinstance(data, dict):
            raise ValueError("options must be a JSON object")
        for field_name in data:
            if field_name not in _OPTION_FIELDS:
                unknown = sorted(set(data) - _OPTION_FIELDS)
                raise ValueError(f"options: unknown field {unknown[0]!r}")
        route = Route.from_json(data["route"]) if "route" in data else PRINTED_ROUTE
        colours = data.get("colours", [])
        if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
            raise ValueError(f"options: colours must be a list of colour names, got {colours!r}")
        random_start = data.get("random_start", False)
        if not isinstance(random_start, bool):
            raise ValueError(f"options: random_start must be true or false, got {random_start!r}")
        chosen = data.get("chosen_seed", False)
        if type(chosen) is not bool:
            raise ValueError(f"options: chosen_seed must be true or false, got {type(chosen).__name__}")
        move_choice = data.get("move_choice", False)
        if type(move_choice) is not bool:
            raise ValueError(f"options: move_choice must be true or false, got {type(move_choice).__name__}")
        name = data.get("generator", SPLITMIX64)
        if not isinstance(name, str):
            raise ValueError(f"options: generator must be text, got {type(name).__name__}")
        values = (_whole(data, "players", 2), _whole(data, "seed", 0), tuple(colours), _whole(data, "mackenzie", 0),
                  random_start, route, name, chosen, move_choice)
        # Every state of a saved game has the same options: the last ones loaded are kept, compared by
        # values whose types are checked above (so 1 never stands for true).
        global _last_loaded
        last = _last_loaded
        if last is not None and last[0] == values:
            return last[1]
        options = cls(*values)
        _last_loaded = (values, options)
        return options


_OPTION_FIELDS: Final = frozenset({"players", "seed", "colours", "mackenzie", "random_start", "route", "generator",
                            "chosen_seed", "move_choice"})
_last_loaded: tuple[tuple[Any, ...], Options] | None = None


def _whole(data: dict[str, Any], key: str, default: int) -> int:
    """An integer option; a float, a flag or text is refused (``int()`` would round 1.5, read true as 1
    and fail on 1e400 with an OverflowError)."""
    value = data.get(key, default)
    if type(value) is not int:
        raise ValueError(f"options: {key} must be a whole number, got {value!r}")
    return value


class Decision(StrEnum):
    """What must be decided next (``State.decision``). The value is the saved text."""

    TURN = "turn"  # the turn's action, a recruitment, a Camp or the end of the turn (R15, R16)
    UNDER = "under"  # which card gives Strength to the card played, or none (R1)
    INDIANS = "indians"  # how many Indians add Strength (R1)
    PERFORM = "perform"  # perform once more (which way, paying what) or stop (R2, R3)
    TAKE = "take"  # how much of a gain to keep (R2)
    MOVE = "move"  # where a movement stops: after all its spaces or fewer (R2)
    OVERFLOW = "overflow"  # which resource goes back when the boats overflow (R7)
    RECRUIT = "recruit"  # which card, if any, to discard for the Equipment discount (R15)
    FAREWELL = "farewell"  # which cards to discard before the Journal is replaced (R12)
    BOAT = "boat"  # which face of a boat tile to add
    NONE = ""  # the game is over


class Ending(StrEnum):
    """Why a game is over, or that it is not (``Outcome.ending``)."""

    PLAYING = ""  # not over
    FORT = "fort"  # a Camp reached Fort Clatsop: its player won (R23)
    MACKENZIE = "mackenzie"  # Mackenzie reached Fort Clatsop first: the solo player lost (R24)


class Outcome(NamedTuple):
    """How a game stands: the winning seat (None: nobody, or Mackenzie) and why it ended. Derived from
    the state (``State.outcome``), so saved states and their hashes are unchanged."""

    winner: int | None
    ending: Ending

    @property
    def over(self) -> bool:
        return self.ending != Ending.PLAYING


class AfterTake(StrEnum):
    """What follows a "take" decision once the player has chosen."""

    NOTHING = ""
    INTERPRETER = "interpreter"  # R10: discard Journal slot 1, refill, a stock Indian to the Newcomer
    STOCK = "stock"  # the Indian kept came from the stock (boat tile), not the Powwow


# A class of its own rather than a NamedTuple: compiled, a NamedTuple is built through an interpreted
# __new__ (and _replace), a native class through its compiled __init__. Never changed once made:
# State.copy shares frames between states (build a new one with _replace).
class Frame:
    """One pending decision inside an action. Each field means one thing; a kind uses only some:

    ``card``          under, indians, perform, recruit: the card played, performed, copied or recruited
    ``place``         perform: the Village place acting, or -1
    ``performances``  perform: performances left
    ``copied``        perform: the card is copied (R22) and acts as if in the copier's area
    ``strength``      indians: the Strength the card under it already gives
    ``bundles``       take: the bundles on offer
    ``then``          take: what follows the choice
    ``returns``       overflow: resources still to send back
    ``discards``      farewell: cards that may still be discarded
    ``spaces``        move: spaces the movement carried the Scout (it may stop after fewer, R2)
    """

    __slots__ = ("kind", "card", "place", "performances", "copied", "strength", "bundles", "then", "returns",
                 "discards", "spaces")

    kind: Decision
    card: int
    place: int
    performances: int
    copied: bool
    strength: int
    bundles: tuple[tuple[int, ...], ...]
    then: AfterTake
    returns: int
    discards: int
    spaces: int

    def __init__(self, kind: Decision, card: int = 0, place: int = -1, performances: int = 0, copied: bool = False,
                 strength: int = 0, bundles: tuple[tuple[int, ...], ...] = (), then: AfterTake = AfterTake.NOTHING,
                 returns: int = 0, discards: int = 0, spaces: int = 0) -> None:
        self.kind = kind
        self.card = card
        self.place = place
        self.performances = performances
        self.copied = copied
        self.strength = strength
        self.bundles = bundles
        self.then = then
        self.returns = returns
        self.discards = discards
        self.spaces = spaces

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.card, self.place, self.performances, self.copied, self.strength, self.bundles,
                self.then, self.returns, self.discards, self.spaces)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frame) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Frame(" + ", ".join(f"{n}={v!r}" for n, v in zip(_FRAME_FIELDS, self._fields(), strict=True)) + ")"

    def __reduce__(self) -> tuple[type[Frame], tuple[Any, ...]]:
        return (Frame, self._fields())  # pickled through __init__, as State is

    def _replace(self, *, kind: Decision | None = None, card: int | None = None, place: int | None = None,
                 performances: int | None = None, copied: bool | None = None, strength: int | None = None,
                 bundles: tuple[tuple[int, ...], ...] | None = None, then: AfterTake | None = None,
                 returns: int | None = None, discards: int | None = None, spaces: int | None = None) -> Frame:
        """A copy with the fields named changed (as a NamedTuple's ``_replace``)."""
        return Frame(self.kind if kind is None else kind, self.card if card is None else card,
                     self.place if place is None else place,
                     self.performances if performances is None else performances,
                     self.copied if copied is None else copied, self.strength if strength is None else strength,
                     self.bundles if bundles is None else bundles, self.then if then is None else then,
                     self.returns if returns is None else returns, self.discards if discards is None else discards,
                     self.spaces if spaces is None else spaces)

    def to_json(self) -> dict[str, Any]:
        """The saved form (docs/state-format.md): one ``remaining`` count and one ``after`` note."""
        return {"kind": str(self.kind), "card": self.card, "place": self.place,
                "remaining": self.performances + self.strength + self.returns + self.discards + self.spaces,
                "options": [list(o) for o in self.bundles], "after": "copy" if self.copied else str(self.then)}

    @classmethod
    def from_saved(cls, kind: Decision, card: int, place: int, remaining: int, bundles: tuple[tuple[int, ...], ...],
                   after: str) -> Frame:
        """A frame from its saved fields; ``remaining`` goes to the count this kind uses."""
        copied = after == "copy"
        then = AfterTake.NOTHING if copied else AfterTake(after)
        return cls(kind, card, place, remaining if kind == Decision.PERFORM else 0, copied,
                   remaining if kind == Decision.INDIANS else 0, bundles, then,
                   remaining if kind == Decision.OVERFLOW else 0, remaining if kind == Decision.FAREWELL else 0,
                   remaining if kind == Decision.MOVE else 0)


_FRAME_FIELDS: Final = ("kind", "card", "place", "performances", "copied", "strength", "bundles", "then", "returns",
                 "discards", "spaces")  # Frame's, in order (its __slots__)

# init=False and an __init__ of our own: compiled, a dataclass's generated __init__ stays interpreted
# Python, and copy() runs it for every expedition of every state a bot searches. The fields below
# still say what each is; __init__ must keep their order and defaults.
@dataclass(slots=True, init=False)
class Player:
    """One expedition: cards, boats, Scout and Camp."""

    colour: str
    hand: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)  # active Characters in the Playing Area
    face_down: list[int] = field(default_factory=list)  # Strength cards under them
    resources: list[int] = field(default_factory=lambda: [0] * 6)
    indians: int = 0  # on the boats
    on_cards: int = 0  # Indians giving Strength, back to the boats at Camp (R1)
    tiles: list[int] = field(default_factory=lambda: [0] * 4)  # by TILE_FACES
    scout: int = 0
    camp: int = 0

    def __init__(self, colour: str, hand: list[int] | None = None, face_up: list[int] | None = None,
                 face_down: list[int] | None = None, resources: list[int] | None = None, indians: int = 0,
                 on_cards: int = 0, tiles: list[int] | None = None, scout: int = 0, camp: int = 0) -> None:
        self.colour = colour
        self.hand = [] if hand is None else hand
        self.face_up = [] if face_up is None else face_up
        self.face_down = [] if face_down is None else face_down
        self.resources = [0] * 6 if resources is None else resources
        self.indians = indians
        self.on_cards = on_cards
        self.tiles = [0] * 4 if tiles is None else tiles
        self.scout = scout
        self.camp = camp

    def __reduce__(self) -> tuple[type[Player], tuple[Any, ...]]:
        # Pickled (bots in worker processes) and deep-copied through __init__, whose parameters are
        # the fields in order: compiled, the class has no other way to be made empty and filled.
        return (Player, tuple(getattr(self, f.name) for f in fields(self)))

    def copy(self) -> Player:
        return Player(self.colour, self.hand[:], self.face_up[:], self.face_down[:], self.resources[:],
                      self.indians, self.on_cards, self.tiles[:], self.scout, self.camp)

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "hand": self.hand[:], "face_up": self.face_up[:], "face_down": self.face_down[:],
                "resources": self.resources[:], "indians": self.indians, "on_cards": self.on_cards,
                "tiles": self.tiles[:], "scout": self.scout, "camp": self.camp}


@dataclass(slots=True, init=False, eq=False)  # our own __init__ and ==, as Player's (copy() is the hot path)
class State:
    """A whole game at one moment. Copy with ``copy()``; never share lists between states."""

    # The fields, in order: __init__, copy(), to_json, from_json and _values() (``==``, pickling) spell
    # them out. Compiled, a table driving them reads each field by name: measured slower (docs/speed.md).
    options: Options
    players: list[Player]
    village: list[int]  # Indians on each place, by PLACES index
    powwow: int
    newcomer: int
    indian_stock: int
    tile_stacks: list[int]  # tiles left in the small and the large stack
    journal: list[int]  # card id per slot, slot 1 first; 0 = empty
    deck: list[int]  # draw deck, top card last
    discard: list[int]  # discard deck, top card last
    rng: int  # the generator's position: the keyed hash's counter, or SplitMix64's state (rng.py)
    rng_key: bytes = b""  # the keyed hash's secret key; b"" under SplitMix64 (old games)
    current: int = 0  # seat whose turn it is
    turn: int = 1
    acted: bool = False
    recruited: bool = False
    camped: bool = False
    must_camp: bool = False
    moved: bool = False  # the Scout moved during this action (R18: collisions at its end)
    boosts: int = 0  # bit 1: Nicholas Jarrot used this action, bit 2: Cut Nose used (R19)
    spendable: list[int] = field(default_factory=lambda: [0] * 7)  # R3: what may still pay
    stack: list[Frame] = field(default_factory=list)
    mackenzie: int = -1  # solo opponent's space, -1 when not solo
    winner: int = -1  # seat of the winner; -1 none yet (or Mackenzie won)
    over: bool = False
    hidden: bool = False  # a player's view: deck order and generator withheld

    def __init__(self, options: Options, players: list[Player], village: list[int], powwow: int, newcomer: int,
                 indian_stock: int, tile_stacks: list[int], journal: list[int], deck: list[int], discard: list[int],
                 rng: int, rng_key: bytes = b"", current: int = 0, turn: int = 1, acted: bool = False,
                 recruited: bool = False, camped: bool = False, must_camp: bool = False, moved: bool = False,
                 boosts: int = 0, spendable: list[int] | None = None, stack: list[Frame] | None = None,
                 mackenzie: int = -1, winner: int = -1, over: bool = False, hidden: bool = False) -> None:
        self.options = options
        self.players = players
        self.village = village
        self.powwow = powwow
        self.newcomer = newcomer
        self.indian_stock = indian_stock
        self.tile_stacks = tile_stacks
        self.journal = journal
        self.deck = deck
        self.discard = discard
        self.rng = rng
        self.rng_key = rng_key
        self.current = current
        self.turn = turn
        self.acted = acted
        self.recruited = recruited
        self.camped = camped
        self.must_camp = must_camp
        self.moved = moved
        self.boosts = boosts
        self.spendable = [0] * 7 if spendable is None else spendable
        self.stack = [] if stack is None else stack
        self.mackenzie = mackenzie
        self.winner = winner
        self.over = over
        self.hidden = hidden

    @property
    def to_play(self) -> int:
        """Seat that must decide next; -1 once the game is over."""
        return -1 if self.over else self.current

    @property
    def decision(self) -> Decision:
        """What must be decided next: TURN (the turn's action, recruitment, Camp or end), the top
        frame's kind inside an action, or NONE ("") once the game is over."""
        if self.over:
            return Decision.NONE
        return self.stack[-1].kind if self.stack else Decision.TURN

    @property
    def outcome(self) -> Outcome:
        """The typed result: ``winner`` is a seat or None, never the -1 that means both "not over" and
        "Mackenzie won"."""
        if not self.over:
            return Outcome(None, Ending.PLAYING)
        if self.winner >= 0:
            return Outcome(self.winner, Ending.FORT)
        return Outcome(None, Ending.MACKENZIE)

    def _values(self) -> tuple[Any, ...]:
        """Every field, in the declarations' order (tests/engine/test_state_json.py checks it): ``==`` and
        pickling. Compiled, a tuple of native reads; the dataclass's generated ``==`` stayed interpreted."""
        return (self.options, self.players, self.village, self.powwow, self.newcomer, self.indian_stock,
                self.tile_stacks, self.journal, self.deck, self.discard, self.rng, self.rng_key, self.current,
                self.turn, self.acted, self.recruited, self.camped, self.must_camp, self.moved, self.boosts,
                self.spendable, self.stack, self.mackenzie, self.winner, self.over, self.hidden)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._values() == other._values()

    def __reduce__(self) -> tuple[type[State], tuple[Any, ...]]:
        return (State, self._values())  # through __init__, as Player's

    def copy(self) -> State:
        """An independent copy (lists copied, immutable values shared)."""
        return State(self.options, [p.copy() for p in self.players], self.village[:], self.powwow, self.newcomer,
                     self.indian_stock, self.tile_stacks[:], self.journal[:], self.deck[:], self.discard[:],
                     self.rng, self.rng_key, self.current, self.turn, self.acted, self.recruited, self.camped, self.must_camp,
                     self.moved, self.boosts, self.spendable[:], self.stack[:], self.mackenzie, self.winner,
                     self.over, self.hidden)

    # --- serialisation -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as plain JSON data (docs/state-format.md)."""
        data = {
            "format": STATE_FORMAT,
            "options": self.options.to_json(),
            "players": [p.to_json() for p in self.players],
            "village": self.village[:], "powwow": self.powwow, "newcomer": self.newcomer,
            "indian_stock": self.indian_stock, "tile_stacks": self.tile_stacks[:],
            "journal": self.journal[:], "deck": self.deck[:], "discard": self.discard[:], "rng": self.rng,
            "current": self.current, "turn": self.turn, "acted": self.acted, "recruited": self.recruited,
            "camped": self.camped, "must_camp": self.must_camp, "moved": self.moved, "boosts": self.boosts,
            "spendable": self.spendable[:],
            "stack": [f.to_json() for f in self.stack],
            "mackenzie": self.mackenzie, "winner": self.winner, "over": self.over, "hidden": self.hidden,
        }
        if self.rng_key:  # absent under SplitMix64: older states keep their JSON and hashes
            data["rng_key"] = self.rng_key.hex()
        return data

    def to_text(self) -> str:
        """Canonical JSON text: sorted keys, no spaces. Equal states give equal text."""
        return canonical.dumps(self.to_json())

    def hash(self) -> str:
        """A stable hash of the whole state (SHA-256 of the canonical JSON), 16 hex digits."""
        return hashlib.sha256(self.to_text().encode()).hexdigest()[:16]

    @classmethod
    def from_json(cls, data: Any, *, view: bool = False) -> State:  # Any: refused below, not by a compiled type check
        """Rebuild a state from ``to_json`` data, its shape only (``invariants.load_state`` also checks
        that play could have made it); raises CorruptState naming what is wrong. A player's view
        (``hidden``: no deck order, no generator) loads only with ``view=True``: played on as a full
        state it would draw from the sorted deck."""
        if not isinstance(data, dict):
            raise CorruptState("state JSON must be an object")
        if data.get("format") != STATE_FORMAT:
            raise CorruptState(f"unsupported state format {data.get('format')!r} (expected {STATE_FORMAT})")
        r = _Reader(data)
        try:
            options = Options.from_json(r.get("options", dict))
        except (ValueError, TypeError) as exc:
            raise CorruptState(f"options: {exc}") from exc
        raw_players = r.get("players", list)
        if len(raw_players) != options.players:
            raise CorruptState(f"players: {len(raw_players)} expeditions for {options.players} players")
        players = []
        for i, raw in enumerate(raw_players):
            if not isinstance(raw, dict):
                raise CorruptState(f"players.{i} must be an object")
            q = _Reader(raw, f"players.{i}.")
            colour = q.get("colour", str)
            if colour != options.seat_colours[i]:
                raise CorruptState(f"players.{i}.colour is {colour!r}, the options say {options.seat_colours[i]!r}")
            players.append(Player(colour, q.cards("hand"), q.cards("face_up"), q.cards("face_down"),
                                  q.ints("resources", 6), q.integer("indians"), q.integer("on_cards"), q.ints("tiles", 4),
                                  q.integer("scout"), q.integer("camp")))
        stack = []
        for i, raw in enumerate(r.get("stack", list)):
            if not isinstance(raw, dict):
                raise CorruptState(f"stack.{i} must be an object")
            f = _Reader(raw, f"stack.{i}.")
            kind = f.get("kind", str)
            if kind not in FRAME_KINDS:
                raise CorruptState(f"stack.{i}.kind: unknown decision kind {kind!r}")
            kind = Decision(kind)
            options_raw = f.get("options", list)
            bundles = []
            for j, b in enumerate(options_raw):
                if not isinstance(b, list) or len(b) != 7 or not all(type(x) is int and x >= 0 for x in b):
                    raise CorruptState(f"stack.{i}.options.{j} must be seven counts")
                bundles.append(tuple(b))
            after = f.get("after", str)
            if after not in FRAME_NOTES:
                raise CorruptState(f"stack.{i}.after: unknown note {after!r}")
            card, place = f.integer("card"), f.integer("place")
            if not 0 <= card <= 84 or not -1 <= place < 8:
                raise CorruptState(f"stack.{i}: card or place out of range")
            if after == "copy" and kind != Decision.PERFORM or after in ("interpreter", "stock") and kind != Decision.TAKE:
                raise CorruptState(f"stack.{i}.after: {after!r} does not go with a {kind} decision")
            remaining = f.integer("remaining")
            if remaining and kind not in COUNTED_KINDS:  # from_saved would drop it: the save must not change
                raise CorruptState(f"stack.{i}.remaining: a {kind} decision counts nothing, got {remaining}")
            stack.append(Frame.from_saved(kind, card, place, remaining, tuple(bundles), after))
        state = cls(
            options=options, players=players, village=r.ints("village", 8), powwow=r.integer("powwow"),
            newcomer=r.integer("newcomer"), indian_stock=r.integer("indian_stock"), tile_stacks=r.ints("tile_stacks", 2),
            journal=r.cards("journal", 5, empty_ok=True), deck=r.cards("deck"), discard=r.cards("discard"),
            rng=r.integer("rng"), current=r.integer("current"), turn=r.integer("turn"), acted=r.flag("acted"),
            recruited=r.flag("recruited"), camped=r.flag("camped"), must_camp=r.flag("must_camp"),
            moved=r.flag("moved"), boosts=r.integer("boosts"), spendable=r.ints("spendable", 7), stack=stack,
            mackenzie=r.integer("mackenzie"), winner=r.integer("winner"), over=r.flag("over"), hidden=r.flag("hidden"),
        )
        if not 0 <= state.rng < 1 << 64:
            raise CorruptState("rng must be a 64-bit generator state")
        if state.hidden and not view:
            raise CorruptState("hidden: this is a player's view (deck order and generator withheld), "
                               "not a full state")
        state.rng_key = _rng_key(data, state)
        return state


FRAME_KINDS: Final = frozenset(str(d) for d in Decision if d not in (Decision.TURN, Decision.NONE))
FRAME_NOTES: Final = frozenset({"", "copy", "interpreter", "stock"})
# The kinds whose saved ``remaining`` is a count (Frame.from_saved).
COUNTED_KINDS: Final = frozenset({Decision.PERFORM, Decision.INDIANS, Decision.OVERFLOW, Decision.FAREWELL, Decision.MOVE})


class _Reader:
    """Typed field access on loaded JSON, each error naming the field's path. One dict lookup and one
    exact type test a field: the loader reads some 60 of them (the JSON round trip's speed target)."""

    def __init__(self, data: dict[str, Any], prefix: str = "") -> None:
        self.data = data
        self.prefix = prefix

    def _value(self, key: str) -> Any:
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            raise CorruptState(f"missing field {self.prefix}{key}")
        return value

    def _wrong(self, key: str, kind: type, value: object) -> CorruptState:
        return CorruptState(f"{self.prefix}{key} must be {kind.__name__}, got {type(value).__name__}")

    def get(self, key: str, kind: type) -> Any:
        value = self._value(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self._wrong(key, kind, value)
        return value

    def integer(self, key: str) -> int:
        value = self._value(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._wrong(key, int, value)
        out: int = value
        return out

    def flag(self, key: str) -> bool:
        value = self._value(key)
        if not isinstance(value, bool):
            raise self._wrong(key, bool, value)
        out: bool = value
        return out

    def ints(self, key: str, length: int = -1) -> list[int]:
        value = self._value(key)
        if not isinstance(value, list):
            raise self._wrong(key, list, value)
        if length >= 0 and len(value) != length:
            raise CorruptState(f"{self.prefix}{key} must have {length} entries, has {len(value)}")
        out: list[int] = []
        for x in value:
            if type(x) is not int:
                raise CorruptState(f"{self.prefix}{key} must hold integers only")
            out.append(x)
        return out

    def cards(self, key: str, length: int = -1, empty_ok: bool = False) -> list[int]:
        value = self.ints(key, length)
        low = 0 if empty_ok else 1
        for c in value:
            if not low <= c <= 84:
                raise CorruptState(f"{self.prefix}{key}: no card has id {c}")
        return value


_MISSING = object()  # a field absent from the JSON (None would be a field written null)


def _rng_key(data: dict[str, Any], state: State) -> bytes:
    """The keyed generator's key from saved JSON: there exactly when the options name that generator,
    64 hex digits, and the key the seed gives (zeros in a player's view, which withholds both)."""
    raw = data.get("rng_key")
    if state.options.generator == SPLITMIX64:
        if raw is not None:
            raise CorruptState("rng_key: a game on the splitmix64 generator has no key")
        return b""
    if not isinstance(raw, str) or len(raw) != 2 * KEY_BYTES:
        raise CorruptState(f"rng_key must be {2 * KEY_BYTES} hex digits")
    try:
        key = bytes.fromhex(raw)
    except ValueError as exc:
        raise CorruptState(f"rng_key must be {2 * KEY_BYTES} hex digits") from exc
    if state.hidden:
        if key != bytes(KEY_BYTES) or state.options.seed or state.rng:
            raise CorruptState("a player's view withholds the seed and the generator (seed, rng and rng_key zero)")
    elif key != _key_for(state.options.seed):
        raise CorruptState("rng_key is not the key of the seed")
    return key


_last_key: tuple[int, bytes] = (-1, b"")


def _key_for(seed: int) -> bytes:
    """``rng.key_for``, the last answer kept: every state of a game loaded has the same seed."""
    global _last_key
    if _last_key[0] != seed:
        _last_key = (seed, key_for(seed))
    return _last_key[1]


_last_unseeded: tuple[Options, Options] | None = None


def _unseeded(options: Options) -> Options:
    """``options`` with the seed withheld. Every state of a game shares one Options object, and bots
    take a view at every decision, so the last answer is kept."""
    global _last_unseeded
    last = _last_unseeded
    if last is not None and last[0] is options:
        return last[1]
    unseeded = replace(options, seed=0)
    _last_unseeded = (options, unseeded)
    return unseeded


def view(state: State, seat: int) -> State:
    """What ``seat`` can know: the whole table but the draw deck's order (given sorted), the seed and
    the generator (which would foretell every draw, rng.py). Hands, the discard deck and the Journal
    are public; so is ``options.chosen_seed``, the warning that someone knows the draws."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat} in a {len(state.players)}-player game")
    seen = state.copy()
    seen.deck.sort()
    seen.rng = 0
    if seen.rng_key:
        seen.rng_key = bytes(len(seen.rng_key))
    if seen.options.seed:
        seen.options = _unseeded(seen.options)
    seen.hidden = True
    return seen
