"""The one interface every bot shares.

A bot sees only ``lewis_clark.view(state, seat)`` (the draw deck's order and the generator withheld),
never the real state, and chooses one of the legal actions it is given. Its randomness comes from its
own ``random.Random(seed)``, so a bot with the same seed facing the same views makes the same choices.
"""

from __future__ import annotations

import gc
import random
import threading
from abc import ABC, abstractmethod
from types import TracebackType

from mypy_extensions import mypyc_attr

from lewis_clark.actions import Action
from lewis_clark.plans import wasted
from lewis_clark.rules import legal_actions
from lewis_clark.state import State


def sensible(view: State, legal: list[Action]) -> list[Action]:
    """The choices a bot is offered: ``legal`` less those that pay for nothing (``plans.wasted``: a
    mover with nothing to pay, a card at Strength 0 doing nothing, a Village place that cannot pay
    out), unless nothing else is left. The one driver (``Match.bot_turn``) and the hint offer these,
    so no level plays a futile action, and ``easy``'s noise chooses among reasonable actions."""
    if len(legal) < 2:
        return legal
    kept = [a for a in legal if not wasted(view, a)]
    return kept or legal


def refused(state: State, action: Action) -> bool:
    """Whether the driver would not offer the legal ``action`` at ``state`` (``sensible``): it pays for
    nothing while another choice does not. A search that plans its own turns asks this of its first turn,
    or the turn it picks is refused and the bot falls back on rules of thumb."""
    if not wasted(state, action):
        return False
    return any(a != action and not wasted(state, a) for a in legal_actions(state))


# Allocations between passes of the cyclic collector over its youngest objects while a bot searches
# (CPython's default: 700). A search makes and drops millions of states that hold no reference cycles, so
# at the default the collector took a fifth of an expert's CPU finding nothing to free (py-spy --native on
# 40 expert decisions: gc_collect_main 19% of the samples; docs/speed.md).
SEARCH_COLLECTION = 100_000


_COLLECTING_LOCK = threading.Lock()
_SEARCHING: list[int] = [0]  # searches inside FewerCollections now, in every thread
_THRESHOLD_BEFORE: list[tuple[int, ...]] = [gc.get_threshold()]  # the threshold before the first of them


class FewerCollections:
    """``with FewerCollections():`` runs a search with the collector's youngest threshold at
    ``SEARCH_COLLECTION``; when the last search running in the process ends (searches may nest or run
    in threads: the web's hints), the threshold is put back as it was before the first. It changes no
    choice (the collector frees only unreachable objects) and no memory to speak of (a search makes no
    cycles)."""

    def __enter__(self) -> None:
        with _COLLECTING_LOCK:
            if _SEARCHING[0] == 0:
                before = gc.get_threshold()
                _THRESHOLD_BEFORE[0] = before
                gc.set_threshold(max(SEARCH_COLLECTION, before[0]), *before[1:])
            _SEARCHING[0] += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        with _COLLECTING_LOCK:
            _SEARCHING[0] -= 1
            if _SEARCHING[0] == 0:
                gc.set_threshold(*_THRESHOLD_BEFORE[0])


class FutileTally:
    """A count of a bot's choices against ``plans.wasted``: ``offered``, the decisions at which a futile
    action was legal beside a sensible one; ``chosen``, how many of those the bot answered with a
    futile one (what the levels' target holds at 0: scripts/held_out.py, tests/bots)."""

    def __init__(self) -> None:
        self.offered = 0
        self.chosen = 0

    def note(self, view: State, legal: list[Action], action: Action) -> None:
        """Count the choice of ``action`` among every ``legal`` action (not only the sensible ones)."""
        futile = [a for a in legal if wasted(view, a)]
        if futile and len(futile) < len(legal):
            self.offered += 1
            self.chosen += action in futile


# New bots, compiled or not, subclass it (in the compiled build an interpreted class may only
# subclass a compiled one that allows it).
@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """A player that picks one of ``legal`` given what its seat can see."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)  # its own generator: never the global one
        self.plan: list[Action] = []  # decisions already chosen for the action under way

    def follow_plan(self, legal: list[Action]) -> Action | None:
        """The next planned decision if it is legal now; steps that no longer apply are dropped."""
        while self.plan:
            step = self.plan.pop(0)
            if step in legal:
                return step
        return None

    def given(self, legal: list[Action]) -> Action | None:
        """The decision with nothing to weigh: the only legal one, else the next planned step; None
        when the bot must think."""
        if len(legal) == 1:
            return legal[0]
        return self.follow_plan(legal)

    def forget_plan(self) -> None:
        self.plan = []

    def deal(self, view: State) -> State:
        """One deal of what the seat cannot see, from the bot's own generator: the draw deck's order
        (the view gives its cards sorted) and the game's generator. For searches that play ahead."""
        state = view.copy()
        self.rng.shuffle(state.deck)
        state.rng = self.rng.getrandbits(64)
        if state.rng_key:  # the keyed generator's key is withheld too (zeros in the view)
            state.rng_key = self.rng.randbytes(len(state.rng_key))
        state.hidden = False
        return state

    @abstractmethod
    def choose(self, view: State, legal: list[Action]) -> Action:
        """One of ``legal`` (never empty). ``view`` is the seat's view of the game, not the real state."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
