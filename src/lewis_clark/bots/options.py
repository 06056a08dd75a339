"""Each bot's options: one typed dataclass a bot, which the ``name:key=value`` spec parser fills.

A field is a whole number, a number, a yes/no (``1``/``0`` in a spec) or a choice among named kinds
(an ``IntEnum``, written in a spec by its number, so saved specs keep their meaning). What values a
field allows is the class's table in ``SPECS``, checked when the options are made, from a spec or in code:

    >>> RaceOptions(nodes=600, finish=1, purse=True).nodes
    600
    >>> RaceOptions(nodes=0)
    Traceback (most recent call last):
    ...
    ValueError: nodes must be a whole number at least 1, got 0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from lewis_clark.bots.heuristic import MOVER_GAIN
from lewis_clark.bots.knowledge import INDIAN_SOURCE, RECRUIT_STRENGTH, RECRUIT_WORTH


class Opt(NamedTuple):
    """What one option may be: its kind (int, float, bool or an IntEnum) and, for numbers, a range."""

    kind: type
    low: float = 0.0
    high: float = math.inf
    low_open: bool = False  # the low end itself is excluded (seconds must be positive)

    def describe(self) -> str:
        if self.kind is bool:
            return "0 or 1"
        if issubclass(self.kind, IntEnum):
            return " or ".join(f"{m.value} ({m.name.lower()})" for m in self.kind)
        what = "a whole number" if self.kind is int else "a number"
        low = f"above {self.low:g}" if self.low_open else f"at least {self.low:g}"
        return f"{what} {low}" + (f" and at most {self.high:g}" if self.high < math.inf else "")

    def read(self, text: str) -> Any:
        """The value ``text`` stands for, or None when this option does not allow it."""
        if self.kind is bool or issubclass(self.kind, IntEnum):
            try:
                code = int(text)
            except ValueError:
                return None
            if self.kind is bool:
                return bool(code) if code in (0, 1) else None
            return next((m for m in self.kind if m.value == code), None)
        if self.kind is int:  # kept a whole number (a float-typed name would make it one, compiled)
            try:
                whole = int(text)
            except ValueError:
                return None
            return whole if self.allows(whole) else None
        try:
            number = float(text)
        except ValueError:
            return None
        return number if self.allows(number) else None

    def allows(self, value: object) -> bool:
        """Whether ``value`` (of this option's kind) is in range."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.kind is int and not isinstance(value, int):
            return False
        return (math.isfinite(value) and self.low <= value <= self.high
                and not (self.low_open and value == self.low))

    def check(self, key: str, value: object) -> None:
        """Raise ValueError naming ``key`` when ``value`` is not one this option allows (None: unset)."""
        if value is None:
            return
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif issubclass(self.kind, IntEnum):
            ok = isinstance(value, self.kind)
        else:
            ok = self.allows(value)
        if not ok:
            raise ValueError(f"{key} must be {self.describe()}, got {value!r}")


class Options:
    """What every bot's options class shares: its table in ``SPECS``, checked when made."""

    def __post_init__(self) -> None:
        for key, opt in SPECS[type(self)].items():
            opt.check(key, getattr(self, key))

    def __reduce__(self) -> tuple[type[Options], tuple[object, ...]]:
        # Sent to the web's bot workers inside a bot: rebuilt through __init__ from its fields (in the
        # table's order, the fields' own), never by setting them one by one on a frozen instance.
        return type(self), tuple(getattr(self, key) for key in SPECS[type(self)])


class Finisher(IntEnum):
    """Who plays the race planner's lines out to the end (``finisher``)."""

    HEURISTIC = 0
    ROLLOUT = 1  # medium's rollout (camping)
    BOTH = 2  # each, every play-out counted


class Valuation(IntEnum):
    """How the race planner ranks Camps (``value``)."""

    HAND = 0  # by the hand-written ``planning.camped`` (every level)
    LEARNED = 1  # by the learned turns to the Fort (bots/experimental/value.py), within a turn and across
    ACROSS = 2  # within a turn by ``camped``, across turns (no win known) by the learned value


class CampJudge(IntEnum):
    """How expert iteration's learned value takes part in ordering a bucket's Camps (``learned_camps``)."""

    HAND = 0  # not at all: the hand-written ``planning.camped`` alone (every level)
    VALUE = 1  # the value alone orders them (replacing ``camped``)
    BLEND = 2  # by the sum of each Camp's two places, by ``camped`` and by the value (ties: ``camped``'s order)


class NoWin(IntEnum):
    """Solo, which line the race planner follows on a deal where no line it grew wins (``no_win``)."""

    PLAY_OUT = 0  # the line whose heuristic play-out to the end got furthest soonest (``finished_score``)
    VALUE = 1  # the Camp expert iteration's value rates best (its predicted margin at the end of the game)


class Network(IntEnum):
    """Which shipped fit of expert iteration's network the learned options read (``network``): the
    generation it was fitted in (bots/learned.py ``MODEL_FILES``; docs/research/learned-value.md)."""

    GEN3 = 3  # fitted on games without a model (expert: its value in the blend)
    GEN4 = 4  # fitted on games by hard reading generation 3 (hard: its value in the blend and its prior)
    GEN6 = 6  # fitted on games by the expert reading generation 3 (expert: its value in the blend)


@dataclass(frozen=True)
class RaceOptions(Options):
    """The race planner (bots/race.py)."""

    samples: int = 2  # deals of the unseen deck searched
    keep: int = 4  # best Camps of a turn grown
    beam: int = 12  # lines the inner beam keeps
    nodes: int = 120  # lines grown on each deal a turn
    # lines a turn's first search grows on each deal at a table of several seats, where each line also plays
    # the rivals' turns and so costs about twice a solo one (0: nodes)
    table: int = 0
    # lines all the searches of one turn grow together at a table of several seats, the first search's and its
    # replans' (a card drawn) on every deal: each search grows what is left of it if that is less than its own
    # budget, and at least one bucket, so a turn's thinking is bounded as a whole (0: each search its own budget)
    table_turn: int = 0
    replan: int = 0  # lines grown on each deal when a card drawn inside a turn replans its rest (0: nodes)
    later: int = 0  # lines grown on each deal by the third and later searches of one turn (0: as ``replan``)
    # False: ``replan`` bounds only a table of several seats (where each line also plays the rivals' turns);
    # solo a replan grows ``nodes`` like the turn's first search
    replan_solo: bool = True
    actions: int = 6  # actions kept a turn before recruitments and Camps are tried
    recruits: int = 3  # recruitments tried after each action
    # the same two at a table of several seats (0: ``actions`` and ``recruits``): there each line also plays the
    # rivals' turns, so a wider turn costs more than solo, where the longest turn has room to spare
    table_actions: int = 0
    table_recruits: int = 0
    value: Valuation = Valuation.HAND
    finish: int = 0  # best Camps of each turn grown that are played out to the end
    finisher: Finisher = Finisher.HEURISTIC
    bound: bool = True  # at several seats a play-out's win is the win to beat (else only a finished line)
    # at several seats each rival is reckoned to reach the Fort at a racer's pace (planning.RIVAL_PACE), as Mackenzie
    # does solo: a line of the seat's that would arrive later is lost
    racing: bool = False
    discounts: bool = False  # each recruitment also tried paid with the Interpreter
    purse: bool = False  # the scores credit the Fur and Equipment held towards a mover (planning.purse)
    jumps: bool = False  # solo: Mackenzie's jumps over the Scout are charged (planning.mackenzie_jumps)
    # expert iteration's network (bots/learned.py, numpy), handed in by the registry (hard, expert: learned_camps=2)
    learned_camps: CampJudge = CampJudge.HAND  # how its value orders a bucket's Camps (which ``keep`` are grown)
    learned_beam: bool = False  # its value keeps the inner beam's ``beam`` of the 3 * ``beam`` best by ``underway``
    learned_prior: bool = False  # its prior picks half the actions a turn grows (WholeTurns)
    network: Network = Network.GEN3  # which shipped fit the options reading the network read
    # solo, the line followed on a deal where nothing grown wins: the best play-out, or the Camp the network's
    # value rates best (one play-out a line is a noisy judge where nothing wins; the value is fitted on many)
    no_win: NoWin = NoWin.PLAY_OUT
    # 1: when the deals pick different first turns, each deal's line is also played on every other deal and
    # the line that does best on average is followed (else each deal's own, judged on its own cards); K > 1:
    # always, with the lines of each deal's K best first turns besides
    cross: int = 0
    # the search grows and follows only first turns whose steps the driver offers (``bots.base.refused``):
    # else a pick that pays for nothing is refused and the turn is played by the heuristic's rules of thumb
    offered: bool = False
    # a deal that no longer matches the table (a card drawn, a rival who played otherwise than reckoned) hands
    # its Camps to the fresh deal, whose search replays them when it reaches their turn (``Search.stale``):
    # at a table most deals are dealt anew each turn, and each fresh search started again from the root
    revive: bool = False
    # a turn whose search has nothing left earlier than its win, and lines to spare, grows the Camps that ``keep``
    # passed over, the next N best of the earliest turn first (``Search.reserve``): the lines a quiet turn leaves
    # unspent widen the search instead (0: never)
    widen: int = 0
    # at a table of several seats, the rivals' turns a line plays by the heuristic's rules; on its later turns they
    # pass, so such a turn costs about what a solo one does (0: every turn). Their pace still bounds the lines
    # (``racing``), and the turn followed is checked against the real table each turn
    rivals: int = 0

    @property
    def learned(self) -> bool:
        """Whether any option asks for expert iteration's network."""
        return (self.learned_camps != CampJudge.HAND or self.learned_beam or self.learned_prior
                or self.no_win != NoWin.PLAY_OUT)


@dataclass(frozen=True)
class RolloutOptions(Options):
    """The heuristic with its turns played out to the next Camp (bots/rollout.py)."""

    width: int = 4  # openings played out besides the heuristic's own
    depth: int = 8  # own turns a rollout may take to reach its Camp
    recruits: int = 0  # recruitments tried as openings (the most wanted first)
    camps: int = 1  # Camps a rollout plays to
    charge: float = 0.0  # a further charge a turn on top of planning's PACE
    obvious: bool = False  # no rollouts when the heuristic moves the Commander at full Strength
    camping: bool = False  # after the action, Camp or end the turn by playing both out
    deals: int = 1  # deals each opening is played out on (scores summed)
    policy: int = 0  # options of the distilled policy (bots/policy.py) played out besides the others


@dataclass(frozen=True)
class PlannerOptions(Options):
    """The beam planner over Camp-to-Camp cycles (bots/experimental/planner.py)."""

    width: int = 4
    horizon: int = 4
    actions: int = 5
    recruits: int = 2
    seconds: float | None = None  # a time budget a search (the horizon stops growing when spent)
    discounts: bool = False
    purse: bool = False


@dataclass(frozen=True)
class PaceOptions(Options):
    """The heuristic with its race weights as options (bots/experimental/pace.py)."""

    strength: float = RECRUIT_STRENGTH
    worth: float = RECRUIT_WORTH
    mountain: float = 0.0
    indian: float = INDIAN_SOURCE
    free: float = INDIAN_SOURCE
    mover: int = MOVER_GAIN  # spaces a mover other than the Commander must gain to be played first
    reserve: float = 0.0


@dataclass(frozen=True)
class MCTSOptions(Options):
    """Monte Carlo tree search over turn plans (bots/experimental/mcts.py)."""

    iterations: int | None = None  # 200 when neither this nor ``seconds`` is given
    seconds: float | None = None
    depth: int = 4
    exploration: float = 0.5


# What each options class's fields may be: a table beside the classes, not a class attribute (the
# compiled build would take one for a dataclass field).
SPECS: dict[type[Options], dict[str, Opt]] = {
    RaceOptions: {
        "samples": Opt(int, 1), "keep": Opt(int, 1), "beam": Opt(int, 1), "nodes": Opt(int, 1),
        "table": Opt(int, 0), "table_turn": Opt(int, 0), "replan": Opt(int, 0), "later": Opt(int, 0), "replan_solo": Opt(bool),
        "actions": Opt(int, 1), "recruits": Opt(int, 0), "table_actions": Opt(int, 0), "table_recruits": Opt(int, 0),
        "value": Opt(Valuation), "finish": Opt(int, 0, 8),
        "finisher": Opt(Finisher), "bound": Opt(bool), "racing": Opt(bool), "discounts": Opt(bool), "purse": Opt(bool),
        "jumps": Opt(bool), "learned_camps": Opt(CampJudge), "learned_beam": Opt(bool), "learned_prior": Opt(bool),
        "network": Opt(Network), "no_win": Opt(NoWin), "cross": Opt(int, 0, 8), "offered": Opt(bool), "revive": Opt(bool),
        "widen": Opt(int, 0), "rivals": Opt(int, 0)},
    RolloutOptions: {
        "width": Opt(int, 1), "depth": Opt(int, 1), "recruits": Opt(int, 0), "camps": Opt(int, 1),
        "charge": Opt(float, -0.8), "obvious": Opt(bool), "camping": Opt(bool), "deals": Opt(int, 1),
        "policy": Opt(int, 0)},
    PlannerOptions: {
        "width": Opt(int, 1), "horizon": Opt(int, 1), "actions": Opt(int, 1), "recruits": Opt(int, 0),
        "seconds": Opt(float, 0, low_open=True), "discounts": Opt(bool), "purse": Opt(bool)},
    PaceOptions: {
        "strength": Opt(float, 0), "worth": Opt(float, 0), "mountain": Opt(float, 0), "indian": Opt(float, 0),
        "free": Opt(float, 0), "mover": Opt(int, 1), "reserve": Opt(float, 0)},
    MCTSOptions: {
        "iterations": Opt(int, 1), "seconds": Opt(float, 0, low_open=True), "depth": Opt(int, 0),
        "exploration": Opt(float, 0)},
}
NOISE = Opt(float, 0, 1)  # every bot's ``noise`` (see bots.NoisyBot)

__all__ = ["NOISE", "CampJudge", "Finisher", "MCTSOptions", "Network", "NoWin", "Opt", "Options", "PaceOptions", "PlannerOptions",
           "RaceOptions", "RolloutOptions", "SPECS", "Valuation"]
