"""A learned value and move prior for the race planner (expert iteration), read with numpy only.

The network reads the shared observation (``lewis_clark.tensor``: ``SIZE`` counts over their
scales, the seat's view only) and gives, for a seat's position, a **value** (the logit that the
seat wins and its margin in spaces: how far the Camp is past the rival's, or short of the Fort, at
the end) and a **prior** over ``MOVES``, the turn-level moves: each card played, each Village place,
each card recruited. ``scripts/expert_iteration.py`` fits it (PyTorch) on positions from the bots'
own games labelled by the race planner's search (and by the outcomes of its play-outs) and saves it
as an ``.npz`` beside this module (``MODEL_FILES``, one a shipped generation). The registry hands
``shipped(generation)``'s ``values`` and ``pick`` to the race bot when its options ``learned_camps``
(the levels ``hard`` and ``expert``), ``learned_beam`` or ``learned_prior`` are on (bots/__init__.py),
so the race planner never imports it. numpy is imported only when a model is loaded (a dependency
of play since the levels read it).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from importlib import resources
from typing import Any

from librt.strings import BytesWriter

from lewis_clark import tensor
from lewis_clark.actions import Action, Verb
from lewis_clark.bots.options import Network
from lewis_clark.cards import CARDS
from lewis_clark.route import Route
from lewis_clark.state import State
from lewis_clark.village import PLACES


def model_file(generation: int) -> str:
    """The name of ``generation``'s shipped fit beside this module (``scripts/expert_iteration.py --ship``)."""
    return f"learned-gen{generation}.npz"


# The shipped fits, one for each ``Network`` (a race bot's ``network`` option picks one): the same inputs
# and shapes. A fit that changes what the network reads needs a new ``Learner``.
MODEL_FILES: dict[int, str] = {n.value: model_file(n.value) for n in Network}

ACTING_VERBS = (Verb.PLAY, Verb.VILLAGE)
# The prior's moves: play a card, take a Village place, recruit a card (from the card and place data).
MOVES: tuple[tuple[Verb, str], ...] = (
    tuple((Verb.PLAY, c.slug) for c in CARDS[1:]) + tuple((Verb.VILLAGE, p.name) for p in PLACES)
    + tuple((Verb.RECRUIT, c.slug) for c in CARDS[1:]))
MOVE_INDEX: dict[tuple[Verb, str], int] = {m: i for i, m in enumerate(MOVES)}
ACTING_MOVES = len(CARDS) - 1 + len(PLACES)  # the first block: the turn's action; the rest: recruitments
MARGIN_SCALE = 10.0  # the margin head is trained on spaces / this
LAYERS = ("w0", "b0", "w1", "b1", "value_w", "value_b", "prior_w", "prior_b")


class ModelError(ValueError):
    """A model file that is missing an array or whose shapes do not fit the observation and MOVES."""


def acting_move(steps: Sequence[Action]) -> int:
    """The index in ``MOVES`` of a turn's action (the card played or the place taken); -1 if none."""
    for a in steps:
        if a.verb in ACTING_VERBS:
            return MOVE_INDEX.get((a.verb, a.subject), -1)
    return -1


def recruit_move(steps: Sequence[Action]) -> int:
    """The index in ``MOVES`` of a turn's recruitment; -1 if none."""
    for a in steps:
        if a.verb == Verb.RECRUIT:
            return MOVE_INDEX.get((a.verb, a.subject), -1)
    return -1


def counts(states: Sequence[State], seat: int) -> bytes:
    """The observation counts of ``seat`` in each state (little-endian 16-bit, ``tensor.BYTES`` each)."""
    buf = BytesWriter()
    for s in states:
        tensor.fill(buf, s, seat)
    return buf.getvalue()


class Learner:
    """The network's arrays and its forward pass: a trunk of two ReLU layers, then the value head
    (win logit, margin / ``MARGIN_SCALE``) and the prior head (a logit per move of ``MOVES``)."""

    def __init__(self, arrays: dict[str, Any]) -> None:
        np = _numpy()

        missing = [k for k in LAYERS if k not in arrays]
        if missing:
            raise ModelError(f"model has no array {', '.join(missing)}")
        self.np: Any = np
        self.w: dict[str, Any] = {k: np.asarray(arrays[k], np.float32) for k in LAYERS}
        w = self.w
        hidden = w["w0"].shape[1]
        shapes = {"w0": (tensor.SIZE, hidden), "b0": (hidden,), "w1": (hidden, w["w1"].shape[1]),
                  "value_w": (w["w1"].shape[1], 2), "value_b": (2,), "prior_w": (w["w1"].shape[1], len(MOVES)),
                  "prior_b": (len(MOVES),)}
        shapes["b1"] = (w["w1"].shape[1],)
        for key, shape in shapes.items():
            if w[key].shape != shape:
                raise ModelError(f"model array {key} has shape {w[key].shape}, expected {shape} "
                                 f"(observation SIZE {tensor.SIZE}, {len(MOVES)} moves)")
        self._scales: dict[int, Any] = {}

    def __reduce__(self) -> tuple[type[Learner], tuple[dict[str, Any]]]:
        # Sent to worker processes inside a bot (the web's): rebuilt from its arrays, not from the numpy
        # module it holds.
        return Learner, (self.w,)

    def scales(self, route: Route) -> Any:
        """The divisors of the counts on ``route`` (kept per route object)."""
        found = self._scales.get(id(route))
        if found is None:
            found = self.np.asarray(tensor.scales(route), self.np.float32)
            self._scales = {id(route): found}  # one route a game: keep only the last
        return found

    def observe(self, states: Sequence[State], seat: int) -> Any:
        """The observations of ``seat`` in ``states`` (float32, N x SIZE)."""
        np = self.np
        raw = np.frombuffer(counts(states, seat), "<u2").reshape(len(states), tensor.SIZE)
        return raw.astype(np.float32) / self.scales(states[0].options.route)

    def trunk(self, x: Any) -> Any:
        """The last hidden layer (N x width) of observations, which both heads read."""
        np = self.np
        w = self.w
        cols = np.flatnonzero(x.any(0))  # the observation is sparse: only the rows of w0 that count
        h = np.maximum(x[:, cols] @ w["w0"][cols] + w["b0"], 0.0)
        return np.maximum(h @ w["w1"] + w["b1"], 0.0)

    def forward(self, x: Any) -> tuple[Any, Any]:
        """The value (N x 2: win logit, margin / MARGIN_SCALE) and prior logits (N x moves) of observations."""
        w = self.w
        h = self.trunk(x)
        return h @ w["value_w"] + w["value_b"], h @ w["prior_w"] + w["prior_b"]

    def values(self, states: Sequence[State], seat: int) -> list[float]:
        """How good each state is for ``seat``: the predicted margin in spaces (higher is better)."""
        if not states:
            return []
        w = self.w
        # both columns, as forward multiplies them, so that the margins round as forward's do; tolist makes
        # the Python floats in one call (the same numbers as float() of each)
        value = self.trunk(self.observe(states, seat)) @ w["value_w"] + w["value_b"]
        return [v * MARGIN_SCALE for v in value[:, 1].tolist()]

    def win_chance(self, state: State, seat: int) -> float:
        """The predicted chance that ``seat`` wins from ``state``."""
        value, _ = self.forward(self.observe([state], seat))
        return 1.0 / (1.0 + math.exp(-float(value[0, 0])))

    def prior(self, state: State, seat: int) -> list[float]:
        """The prior's logit for each move of ``MOVES`` at ``state`` (a turn decision of ``seat``)."""
        w = self.w
        # only the prior's head (the search asks for it at every turn it grows, so it is kept lean)
        logits = self.trunk(self.observe([state], seat)) @ w["prior_w"] + w["prior_b"]
        return logits[0].tolist()  # type: ignore[no-any-return]

    def pick(self, state: State, seat: int, pool: list[tuple[tuple[Action, ...], State]],
             wanted: int) -> list[tuple[tuple[Action, ...], State]]:
        """``wanted`` of ``pool`` (the planner's actions, best first): the first half as the planner
        ranks them, the rest the ones the prior likes best among the others, one per move first."""
        if len(pool) <= wanted:
            return pool
        logits = self.prior(state, seat)
        kept = pool[: (wanted + 1) // 2]
        seen = {acting_move(steps) for steps, _ in kept}
        ranked = sorted(pool[len(kept):], key=lambda e: -_logit(logits, acting_move(e[0])))  # stable
        fresh: list[tuple[tuple[Action, ...], State]] = []
        again: list[tuple[tuple[Action, ...], State]] = []
        for entry in ranked:  # one entry per move first: the prior widens the search rather than repeats it
            move = acting_move(entry[0])
            (again if move in seen else fresh).append(entry)
            seen.add(move)
        return kept + (fresh + again)[: wanted - len(kept)]


def _logit(logits: list[float], move: int) -> float:
    return logits[move] if move >= 0 else -math.inf


def _numpy() -> Any:
    """numpy, its BLAS kept to one thread unless told otherwise before numpy was first imported: the
    search multiplies many small matrices, where threads only spin (and the machine may be shared)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    try:
        import numpy
    except ImportError as missing:
        raise ImportError("the race bot's learned_camps, learned_beam and learned_prior options read expert "
                          "iteration's network with numpy, which is not installed (pip install numpy)") from missing
    return numpy


def load(path: str) -> Learner:
    """The model saved at ``path`` (an ``.npz`` of the arrays ``LAYERS``); ModelError if it does not fit."""
    np = _numpy()

    with np.load(path) as data:
        return Learner({k: data[k] for k in data.files})


_shipped: dict[int, Learner] = {}
_used: list[Learner] = []  # a model read in place of every shipped one (``use``)


def shipped(generation: int = Network.GEN3) -> Learner:
    """The model of ``generation`` shipped beside this module (``MODEL_FILES``), loaded once."""
    if _used:
        return _used[0]
    if generation not in MODEL_FILES:
        raise ModelError(f"no shipped model of generation {generation}: shipped are {sorted(MODEL_FILES)}")
    if generation not in _shipped:
        with resources.as_file(resources.files("lewis_clark.bots") / MODEL_FILES[generation]) as path:
            _shipped[generation] = load(str(path))
    return _shipped[generation]


def use(path: str) -> Learner:
    """Read the model at ``path`` in place of every shipped one for this process (expert iteration's
    next generation plays with the model just fitted, ``--measure --model`` with a fit not shipped)."""
    model = load(path)
    _used[:] = [model]
    return model


__all__ = ["ACTING_MOVES", "MARGIN_SCALE", "MODEL_FILES", "MOVES", "MOVE_INDEX", "Learner", "ModelError", "acting_move",
           "counts", "load", "model_file", "recruit_move", "shipped", "use"]
