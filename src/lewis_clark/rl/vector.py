"""A batch of games stepped together, in Gymnasium's vector form (``gymnasium.vector.VectorEnv``).

    >>> import numpy as np
    >>> from lewis_clark.rl import VectorEnv
    >>> envs = VectorEnv(4, players=2, opponents="random")
    >>> obs, infos = envs.reset(seed=1)        # game k deals from seed 1 + k
    >>> obs.shape, infos["action_mask"].shape
    ((4, 2392), (4, 914))
    >>> rng = np.random.default_rng(0)
    >>> actions = [rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]]
    >>> obs, rewards, terminations, truncations, infos = envs.step(actions)

One *learner* per game decides every step; its observation (``observation.observe``: its seat's
view, seats relative to it) and legal-action mask come back for every game as fixed-shape numpy
arrays, ``(num_envs, SIZE)`` float32 and ``(num_envs, NUM_ACTIONS)`` int8 (``infos["action_mask"]``
and ``action_masks()``). The other seats:

- ``players=1``: solo against Mackenzie at level ``mackenzie`` (the engine moves him);
- ``opponents="random"`` (any bot spec: ``"easy"``, ``"medium"``, ``"heuristic"``...): every other
  seat is that bot, seeded from the game seed and its seat as ``lewis-clark`` seeds bots
  (``match.bot_seed``), playing from its own view between the learner's decisions and offered what
  the driver offers it (``Match.bot_turn``: the legal actions less the futile ones, ``bots.sensible``),
  so it plays as it does in ``lewis-clark sim``;
- ``opponents=None``: self-play; the learner decides for whichever seat is to play, and
  ``infos["seat"]`` says which (the observation is that seat's).

The learner sits at ``seat`` (default 0), or, with ``seat=None``, at ``game seed % players``.
Rewards come at the end: 1.0 when the learner (in self-play, the seat that just acted) has won,
else 0.0. A game still running after ``max_turns`` turns is *truncated*.

Autoreset is Gymnasium's ``SAME_STEP`` mode (``metadata["autoreset_mode"]``): a step that ends a
game returns the first observation of that lane's next game, with the ending observation in
``infos["final_obs"]`` (and ``infos["_final_obs"]`` marking the lanes), so every observation
returned is a decision with at least one legal action. Seeds: ``reset(seed=s)`` deals game ``k``
from ``s + k`` (or ``reset(seed=[s0, s1, ...])``, one per game); a lane's next games take its seed
plus ``num_envs``, plus twice that, and so on, so lanes never share a deal and a run replays.

A wrong action (wrong shape, an index out of range, an action not legal in its game) raises
``ValueError`` (``IllegalAction`` for the last) naming the game and the action, before any game moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from librt.strings import BytesWriter

from lewis_clark.actions import IllegalAction
from lewis_clark.bots import Bot, make_bot, parse_spec, sensible
from lewis_clark.match import bot_seed
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import ACTIONS, MASKS, NUM_ACTIONS
from lewis_clark.route import PRINTED_ROUTE, Route
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import MOST_PLAYERS, Options, State, view

DEFAULT_MAX_TURNS = 400
SEED_LIMIT = 2**63  # seeds drawn when none is given stay well inside the engine's range


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of Lewis & Clark, one learner each; see the module's docstring."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int, players: int = 2, opponents: str | None = "random", *, seat: int | None = 0,
                 mackenzie: int = 0, max_turns: int = DEFAULT_MAX_TURNS, random_start: bool = False,
                 route: Route = PRINTED_ROUTE) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, got {num_envs!r}")
        if not 1 <= players <= MOST_PLAYERS:
            raise ValueError(f"players must be 1-{MOST_PLAYERS}, got {players!r}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1} (or None: seed % players), got {seat!r}")
        if max_turns < players:  # a turn is one seat's: the learner must reach a turn of its own
            raise ValueError(f"max_turns must be at least the number of players ({players}), got {max_turns}")
        if opponents is not None:
            parse_spec(opponents)  # a bad spec fails now, naming the bot (BotSpecError, a ValueError)
        Options(players=players, mackenzie=mackenzie, random_start=random_start, route=route)  # checks them now
        self.num_envs = num_envs
        self.players = players
        self.opponents = opponents if players > 1 else None
        self.seat = seat
        self.mackenzie = mackenzie
        self.max_turns = max_turns
        self.random_start = random_start
        self.route = route
        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (observation.SIZE,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (num_envs, observation.SIZE), np.float32)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, NUM_ACTIONS, np.int64))
        self.render_mode = None
        self.closed = False
        self._counts = BytesWriter()  # the observation counts' buffer, reused every step (observe_many)
        self.states: list[State] = []  # the games under way, by lane
        self.seeds: list[int] = []  # each lane's game seed
        self.learners: list[int] = []  # the learner's seat in each lane
        self._bots: list[dict[int, Bot]] = []
        self._masks = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._mask_bytes = bytearray(num_envs * NUM_ACTIONS)

    # --- the batch's games ---------------------------------------------------------------------

    def _start(self, lane: int, seed: int) -> None:
        """Deal lane ``lane``'s game from ``seed`` and let the bots play up to the learner's decision."""
        state = new_game(Options(players=self.players, seed=seed, mackenzie=self.mackenzie,
                                 random_start=self.random_start, route=self.route))
        learner = self.seat if self.seat is not None else seed % self.players
        bots: dict[int, Bot] = {}
        if self.opponents is not None:
            bots = {s: make_bot(self.opponents, bot_seed(seed, s)) for s in range(self.players) if s != learner}
        if lane == len(self.states):
            self.states.append(state)
            self.seeds.append(seed)
            self.learners.append(learner)
            self._bots.append(bots)
        else:
            self.states[lane], self.seeds[lane], self.learners[lane], self._bots[lane] = state, seed, learner, bots
        self._run_bots(lane)

    def _run_bots(self, lane: int) -> None:
        """Bots decide until the learner must, or the game ends or runs out of turns."""
        bots = self._bots[lane]
        if not bots:
            return
        state = self.states[lane]
        limit = self.max_turns
        while not state.over and state.turn <= limit:
            seat = state.current
            bot = bots.get(seat)
            if bot is None:
                return
            seen = view(state, seat)  # what Match.bot_turn gives a bot: its view, the futile actions left out
            apply_legal(state, bot.choose(seen, sensible(seen, legal_actions(state))))

    def _seen_by(self) -> list[int]:
        """The seat each lane's observation is for: the learner, or in self-play the seat to play."""
        if self.opponents is None and self.players > 1:
            return [s.current for s in self.states]
        return self.learners

    def _outputs(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        seats = self._seen_by()
        obs = observation.observe_many(self.states, seats, scratch=self._counts)
        buf = bytearray(self.num_envs * NUM_ACTIONS)
        MASKS.fill_many(buf, self.states)
        self._mask_bytes = buf
        self._masks = np.frombuffer(buf, np.int8).reshape(self.num_envs, NUM_ACTIONS)
        return obs, self._masks

    def _infos(self, masks: npt.NDArray[np.int8]) -> dict[str, Any]:
        ones = np.ones(self.num_envs, np.bool_)
        return {"action_mask": masks, "_action_mask": ones,
                "seat": np.asarray(self._seen_by(), np.int64), "_seat": ones}

    # --- Gymnasium's interface -------------------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a game in every lane; ``seed`` an int (lane k plays ``seed + k``) or one seed per lane."""
        if options:
            raise ValueError(f"reset takes no options, got {sorted(options)}")
        if seed is None:
            first = random.SystemRandom().randrange(SEED_LIMIT)
            seeds = [first + k for k in range(self.num_envs)]
        elif isinstance(seed, Sequence):
            seeds = [int(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset needs one seed per game: {self.num_envs}, got {len(seeds)}")
        else:
            seeds = [int(seed) + k for k in range(self.num_envs)]
        if any(s < 0 for s in seeds):
            raise ValueError("seeds must not be negative")
        self.states, self.seeds, self.learners, self._bots = [], [], [], []
        for lane, s in enumerate(seeds):
            self._start(lane, s)
        obs, masks = self._outputs()
        return obs, self._infos(masks)

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float64], npt.NDArray[np.bool_],
                                          npt.NDArray[np.bool_], dict[str, Any]]:
        """Apply one action index per game; see the module's docstring for what comes back."""
        if not self.states:
            raise ValueError("call reset() before step()")
        chosen = self._checked(actions)
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        terminations = np.zeros(n, np.bool_)
        truncations = np.zeros(n, np.bool_)
        ended: list[int] = []
        selfplay = self.opponents is None
        for lane in range(n):
            state = self.states[lane]
            actor = state.current
            apply_legal(state, ACTIONS[chosen[lane]])
            if not selfplay:
                self._run_bots(lane)
            if state.over:
                terminations[lane] = True
                won = state.winner == (actor if selfplay else self.learners[lane])
                rewards[lane] = 1.0 if won else 0.0
                ended.append(lane)
            elif state.turn > self.max_turns:
                truncations[lane] = True
                ended.append(lane)
        infos: dict[str, Any] = {}
        if ended:
            final_obs = np.full(n, None, object)
            done = np.zeros(n, np.bool_)
            winners = np.full(n, -1, np.int64)
            seen = self._seen_by()
            for lane in ended:
                final_obs[lane] = observation.observe(self.states[lane], seen[lane] if selfplay else self.learners[lane])
                done[lane] = True
                winners[lane] = self.states[lane].winner
                self._start(lane, self.seeds[lane] + n)
            infos.update({"final_obs": final_obs, "_final_obs": done,
                          "final_info": {"winner": winners, "_winner": done}, "_final_info": done})
        obs, masks = self._outputs()
        infos.update(self._infos(masks))
        return obs, rewards, terminations, truncations, infos

    def _checked(self, actions: Any) -> list[int]:
        """The action indices, one per game, each legal in its game; raises before anything moves."""
        try:
            array = np.asarray(actions)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"actions must be {self.num_envs} action indices: {exc}") from None
        if array.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), one index per game, got {array.shape}")
        if array.dtype.kind not in "iu":
            if array.dtype.kind == "f" and bool(np.all(array == np.floor(array))):
                array = array.astype(np.int64)
            else:
                raise ValueError(f"actions must be whole action indices, got dtype {array.dtype}")
        out = [int(a) for a in array]
        buf = self._mask_bytes
        for lane, index in enumerate(out):
            if not 0 <= index < NUM_ACTIONS:
                raise ValueError(f"game {lane}: action index {index} out of range 0-{NUM_ACTIONS - 1}")
            if not buf[lane * NUM_ACTIONS + index]:
                state = self.states[lane]
                raise IllegalAction(ACTIONS[index], f"not legal in game {lane} (a {state.decision} decision for seat "
                                                     f"{state.current}; {int(self._masks[lane].sum())} legal actions)")
        return out

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal-action masks of the observations last returned, (num_envs, NUM_ACTIONS) int8."""
        return self._masks

    def close_extras(self, **kwargs: Any) -> None:
        self.states = []

    def __repr__(self) -> str:
        who = "solo" if self.players == 1 else "self-play" if self.opponents is None else f"vs {self.opponents}"
        return f"VectorEnv({self.num_envs} games, {self.players} players, {who})"
