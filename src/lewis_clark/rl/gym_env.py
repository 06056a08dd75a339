"""A Gymnasium single-agent environment: one seat learns, the other seats are bots (or Mackenzie).

    >>> import gymnasium, lewis_clark.rl.gym_env        # registers the ids below
    >>> env = gymnasium.make("LewisClark-Vs-v0", opponents=("easy",))
    >>> obs, info = env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

Registered ids (``register_envs``; also ``gymnasium.make("lewis_clark.rl.gym_env:LewisClark-Solo-v0")``):

- ``LewisClark-Solo-v0``: the solo game against Mackenzie (``mackenzie`` = his level 0-7, R24).
- ``LewisClark-Vs-v0``: one seat against named bot specs for the other seats (``opponents``, default
  ``("easy",)``: a two-player game).

The observation is ``observation.observe(state, seat)`` (float32, ``observation.SIZE`` values in [0, 1]);
the action space is ``Discrete(NUM_ACTIONS)``, the fixed action index (actions_index). The legal ones
are in ``info["action_mask"]`` (int8) and ``action_masks()`` (bool, the sb3-contrib convention).

Between two steps the bots play their seats, so a step is one decision of the learner. The reward is
1 when the learner wins and 0 otherwise, at the end, plus the optional shaped reward (``shaping``,
see ``potential``). A game still running after ``max_turns`` turns is truncated.

**An illegal action** (not in the mask) changes nothing: the state and the observation stay, the
reward is ``illegal_penalty`` (default -0.01, plus the shaping term of staying put), ``info["illegal"]``
is True, and after ``max_illegal`` illegal actions in a row the episode is truncated. Unmasked random
actions (Stable-Baselines3's ``check_env``, an agent without masking) thus get a signal, not an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from lewis_clark.bots import parse_spec
from lewis_clark.match import HUMAN, Match
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import ACTIONS, INDEX, NUM_ACTIONS
from lewis_clark.route import PRINTED_ROUTE, Route
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options, State

SOLO_ID = "LewisClark-Solo-v0"
VS_ID = "LewisClark-Vs-v0"
DEFAULT_MAX_TURNS = 400
ILLEGAL_PENALTY = -0.01
MAX_ILLEGAL = 100
# Weights of the potential: the Camp's progress, and its lead over the rival (both in route lengths).
PROGRESS_WEIGHT = 1.0
GAP_WEIGHT = 1.0

Vector = npt.NDArray[np.float32]


def _route(route: Route | str) -> Route:
    return Route.parse(route) if isinstance(route, str) else route


def potential(state: State, seat: int, progress_weight: float = PROGRESS_WEIGHT, gap_weight: float = GAP_WEIGHT) -> float:
    """phi(s): ``progress_weight * (camp - St Louis) / L + gap_weight * (camp - rival) / L``, where
    ``camp`` is the seat's Camp space, L the route's length from St Louis to Fort Clatsop, and
    ``rival`` Mackenzie's space in solo, else the Camp furthest on among the other seats. 0 once the
    game is over (a terminal state has no future: the shaping then leaves the optimal policies alone)."""
    if state.over:
        return 0.0
    route = state.options.route
    length = float(route.fort_clatsop - route.st_louis)
    camp = state.players[seat].camp
    if len(state.players) == 1:
        rival = state.mackenzie
    else:
        rival = max(p.camp for i, p in enumerate(state.players) if i != seat)
    return progress_weight * (camp - route.st_louis) / length + gap_weight * (camp - rival) / length


class LewisClarkGymEnv(gymnasium.Env[Vector, np.int64]):
    """One learning seat against bots (``opponents``) or, with none, Mackenzie (solo).

    ``seat``: the learner's seat, or None for a seat drawn at each reset from the env's generator.
    ``route``: a Route or its text (``"S R R R F R"``, R25) and ``mackenzie`` (0-7): the curriculum
    levers, a short route ending games sooner. ``shaping``: add F = gamma*phi(s') - phi(s) to each
    step's reward (``potential``; off by default), ``gamma`` the learner's discount."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, opponents: Sequence[str] = ("easy",), seat: int | None = None, mackenzie: int = 0,
                 route: Route | str = PRINTED_ROUTE, max_turns: int = DEFAULT_MAX_TURNS, random_start: bool = False,
                 shaping: bool = False, gamma: float = 0.99, progress_weight: float = PROGRESS_WEIGHT,
                 gap_weight: float = GAP_WEIGHT, illegal_penalty: float = ILLEGAL_PENALTY,
                 max_illegal: int = MAX_ILLEGAL, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if isinstance(opponents, str):
            raise ValueError(f"opponents must be a sequence of bot specs, got the string {opponents!r}")
        for spec in opponents:
            parse_spec(spec)  # a bad spec fails here, not at reset
        players = len(opponents) + 1
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        if max_illegal < 1:
            raise ValueError(f"max_illegal must be at least 1, got {max_illegal}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1} for {players} players, got {seat}")
        if not 0.0 < gamma <= 1.0:
            raise ValueError(f"gamma must be in (0, 1], got {gamma}")
        self.route = _route(route)
        Options(players=players, mackenzie=mackenzie, route=self.route)  # validates now, not at reset
        self.opponents = tuple(opponents)
        self.players = players
        self.fixed_seat = seat
        self.mackenzie = mackenzie
        self.max_turns = max_turns
        self.random_start = random_start
        self.shaping = shaping
        self.gamma = gamma
        self.progress_weight = progress_weight
        self.gap_weight = gap_weight
        self.illegal_penalty = illegal_penalty
        self.max_illegal = max_illegal
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (observation.SIZE,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.seat = seat if seat is not None else 0
        self.match: Match | None = None
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        self._obs = np.zeros(observation.SIZE, np.float32)
        self._illegal_run = 0
        self._phi = 0.0

    # --- what the learner sees -------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The engine state of the game under way (raises before the first reset)."""
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self.match.state

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, one bool per action index (what sb3-contrib's MaskablePPO asks for)."""
        return self._mask.astype(bool)

    def _see(self) -> None:
        state = self.state
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        if not state.over and state.current == self.seat:
            for action in legal_actions(state):
                self._mask[INDEX[action]] = 1
        self._obs = observation.observe(state, self.seat)

    def _phi_now(self) -> float:
        return potential(self.state, self.seat, self.progress_weight, self.gap_weight) if self.shaping else 0.0

    def _info(self, illegal: bool) -> dict[str, Any]:
        state = self.state
        return {"action_mask": self._mask.copy(), "illegal": illegal, "turn": state.turn, "seat": self.seat,
                "winner": state.winner if state.over else None}

    def _run_bots(self) -> None:
        """The other seats play until the learner decides, the game ends or the turn cap passes."""
        match = self.match
        assert match is not None
        while not match.state.over and match.state.current != self.seat and match.state.turn <= self.max_turns:
            match.step_bot()

    # --- the Gymnasium API -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """A new game. ``seed`` seeds the env's generator, which deals the game (its engine seed) and,
        unless ``seat`` was fixed, the learner's seat; the same seed gives the same game."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(0, self.players))
        seats = [HUMAN if s == self.seat else self.opponents[s - (s > self.seat)] for s in range(self.players)]
        self.match = Match(Options(players=self.players, seed=game_seed, mackenzie=self.mackenzie,
                                   random_start=self.random_start, route=self.route), seats, keep_log=False)
        self._run_bots()
        self._illegal_run = 0
        self._see()
        self._phi = self._phi_now()
        return self._obs.copy(), self._info(False)

    def step(self, action: int | np.integer[Any]) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        match = self.match
        if match is None:
            raise RuntimeError("call reset() first")
        if match.state.over or match.state.turn > self.max_turns:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not (0 <= index < NUM_ACTIONS and self._mask[index]):
            self._illegal_run += 1
            reward = self.illegal_penalty + (self.gamma - 1.0) * self._phi  # s' = s: F = (gamma - 1) phi(s)
            truncated = self._illegal_run >= self.max_illegal
            return self._obs.copy(), reward, False, truncated, self._info(True)
        self._illegal_run = 0
        match.apply(ACTIONS[index], self.seat)
        self._run_bots()
        self._see()
        state = match.state
        terminated = state.over
        truncated = not terminated and state.turn > self.max_turns
        reward = 1.0 if terminated and state.winner == self.seat else 0.0
        if self.shaping:
            phi = self._phi_now()
            reward += self.gamma * phi - self._phi
            self._phi = phi
        return self._obs.copy(), reward, terminated, truncated, self._info(False)

    def render(self) -> str | None:
        """Text of the table (render_mode "ansi")."""
        if self.render_mode is None:
            return None
        state = self.state
        lines = [f"turn {state.turn}, learner seat {self.seat}"]
        for seat, p in enumerate(state.players):
            lines.append(f"  seat {seat} ({p.colour}): scout {p.scout}, camp {p.camp}, hand {len(p.hand)}")
        if len(state.players) == 1:
            lines.append(f"  Mackenzie: {state.mackenzie}")
        lines.append("  " + (f"over, winner seat {state.winner}" if state.over else f"seat {state.current} decides"))
        return "\n".join(lines)


def solo_env(mackenzie: int = 0, **kwargs: Any) -> LewisClarkGymEnv:
    """The solo game against Mackenzie at ``mackenzie`` (0-7)."""
    return LewisClarkGymEnv(opponents=(), mackenzie=mackenzie, **kwargs)


def vs_env(opponents: Sequence[str] = ("easy",), **kwargs: Any) -> LewisClarkGymEnv:
    """One seat against ``opponents`` (bot specs, one per other seat)."""
    return LewisClarkGymEnv(opponents=opponents, **kwargs)


def register_envs() -> None:
    """Register ``LewisClark-Solo-v0`` and ``LewisClark-Vs-v0`` with Gymnasium (again is harmless)."""
    registry = gymnasium.envs.registration.registry
    if SOLO_ID not in registry:
        gymnasium.register(SOLO_ID, entry_point="lewis_clark.rl.gym_env:solo_env", disable_env_checker=True)
    if VS_ID not in registry:
        gymnasium.register(VS_ID, entry_point="lewis_clark.rl.gym_env:vs_env", disable_env_checker=True)


register_envs()
