"""A PettingZoo AEC environment: 1-5 agents, each seeing only its own view.

    >>> from lewis_clark.rl.pettingzoo_env import env
    >>> e = env(players=3)
    >>> e.reset(seed=7)                       # the same deal as lewis_clark.new_game(players=3, seed=7)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)

Agents are ``player_0`` .. ``player_<n-1>`` by seat. An agent's observation is a dict:
``observation`` (float32, ``observation.SIZE`` values in [0, 1], from ``lewis_clark.view``) and
``action_mask`` (int8, ``NUM_ACTIONS`` values: 1 where the action of that index is legal; all zeros
for an agent not deciding). Actions are indices into ``actions_index.ACTIONS``. One agent often takes
several decisions in a row (an action is a chain of decisions, rules.py). Rewards come at the end:
1 for the winner, 0 for everyone else; a game stopped at ``max_turns`` is truncated with no winner.
An illegal index raises ``IllegalAction``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from librt.strings import BytesWriter
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from lewis_clark import tensor
from lewis_clark.actions import Action, IllegalAction
from lewis_clark.record import Record
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import ACTIONS, MASKS, NUM_ACTIONS
from lewis_clark.route import PRINTED_ROUTE, Route
from lewis_clark.rules import apply_in_place, apply_legal
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.wording import prompt

ENV_NAME = "lewis_clark_v0"
DEFAULT_MAX_TURNS = 400

Observation = dict[str, npt.NDArray[Any]]
_COUNT = np.dtype("<u2")  # the fill's 16-bit counts (lewis_clark.tensor), made once: not parsed every step


class LewisClarkEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """The raw environment (no wrappers); ``env()`` adds PettingZoo's order-enforcing wrapper."""

    metadata: dict[str, Any] = {"name": ENV_NAME, "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, players: int = 2, max_turns: int = DEFAULT_MAX_TURNS, mackenzie: int = 0,
                 random_start: bool = False, route: Route = PRINTED_ROUTE, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        Options(players=players, mackenzie=mackenzie)  # validates the numbers now, not at reset
        self.players = players
        self.max_turns = max_turns
        self.mackenzie = mackenzie
        self.random_start = random_start
        self.route = route
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, (observation.SIZE,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._next_seed = random.SystemRandom().getrandbits(31)  # until reset(seed=...) fixes the sequence
        # The game itself, moved in place by ``step`` alone; no ``Match``: its record of each decision
        # (the action's text, a ``Step``) was a tenth of a step, and the env keeps the actions instead.
        self._state = new_game(self._options(0))
        self.actions: list[Action] = []
        self.agents: list[str] = []
        self._last: tuple[str, Action] | None = None  # the last decision, worded only when rendered
        # What the compiled fills write into (lewis_clark.tensor), made once instead of every step: the
        # observation's counts, and the deciding seat's mask, kept here as the legal actions of the state
        # while ``actions`` has ``_offered_at`` entries (then ``step`` need not work them out again).
        self._counts = BytesWriter()
        self._offered = bytearray(NUM_ACTIONS)
        self._offered_view = np.frombuffer(self._offered, np.int8)
        self._offered_at = -1

    def _options(self, seed: int) -> Options:
        return Options(players=self.players, seed=seed, mackenzie=self.mackenzie, random_start=self.random_start,
                       route=self.route)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State:
        """The engine state of the game under way (read it; ``step`` is the only way to move it)."""
        return self._state

    def record(self) -> Record:
        """The game so far as a record (options, seed, actions, final hash): it replays to this state."""
        return Record(self._state.options, [str(a) for a in self.actions], self._state.hash())

    def seat(self, agent: str) -> int:
        """The seat of an agent name."""
        return self._seat[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game. ``seed`` is the engine's game seed; later resets without one take seed+1, seed+2..."""
        if seed is not None:
            self._next_seed = seed
        self._state = new_game(self._options(self._next_seed))
        self.actions = []
        self._next_seed += 1
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current]
        self._last = None
        self._offered_at = -1
        self._scales = observation.scales(self.route)  # the divisors of every observation of this game

    @property
    def last_action(self) -> str:
        """The last decision as text ("player_0: camp"); empty before the first."""
        return "" if self._last is None else f"{self._last[0]}: {self._last[1]}"

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``, the same answer without its generic steps (it runs every step)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        state = self._state
        if not state.over and state.current == seat:
            MASKS.fill(self._offered, 0, state)
            self._offered_at = len(self.actions)
            # The agent's own copy (it may keep or change it); the env keeps the original for ``step``.
            mask = self._offered_view.copy()
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        # The compiled fill reads only what the seat's view shows (lewis_clark.tensor): no view copied.
        counts = self._counts
        counts.truncate(0)
        tensor.fill(counts, state, seat)
        # 16-bit counts over float32 scales: numpy divides in float32, a new array the agent owns.
        seen = np.frombuffer(counts.getvalue(), _COUNT) / self._scales
        return {"observation": seen, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(action, f"{agent} must choose an action index")
        index = int(action)
        if not 0 <= index < NUM_ACTIONS:
            raise IllegalAction(index, f"action index out of range 0-{NUM_ACTIONS - 1}")
        chosen = ACTIONS[index]
        state = self._state
        if self._offered_at == len(self.actions) and self._offered[index]:
            apply_legal(state, chosen)  # legal: the mask just observed says so, and nothing moved since
        else:
            apply_in_place(state, chosen, self._seat[agent])  # checked: IllegalAction changes nothing
        self.actions.append(chosen)
        self._offered_at = -1
        self._last = (agent, chosen)
        # Rewards and their sums are zero until the game ends (AECEnv._clear_rewards and
        # _accumulate_rewards would write the same zeros every step), so only the last step sets them.
        if state.over:
            rewards = self.rewards
            cumulative = self._cumulative_rewards
            for a in self.agents:
                rewards[a] = cumulative[a] = 1.0 if self._seat[a] == state.winner else 0.0
                self.terminations[a] = True
        elif state.turn > self.max_turns:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self.possible_agents[state.current]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Text of the table: the last decision, each expedition and what is asked now."""
        lines = [f"turn {self.state.turn}" + (f", last: {self.last_action}" if self.last_action else "")]
        for seat, p in enumerate(self.state.players):
            lines.append(f"  {self.possible_agents[seat]} ({p.colour}): scout {p.scout}, camp {p.camp}, "
                         f"hand {len(p.hand)}, resources {p.resources}, indians {p.indians}")
        lines.append("  " + (f"over, winner seat {self.state.winner}" if self.state.over else prompt(self.state)))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, the same checks, with the calls of every step going straight
    to the environment once it is reset: the base class reaches ``agents``, ``agent_selection``, the
    rewards, terminations, truncations and infos through ``__getattr__``, eight lookups a step. Before
    ``reset`` every call takes the base class's way, with its errors."""

    @property
    def agents(self) -> list[str]:
        if self._has_reset:
            return self.env.agents  # type: ignore[no-any-return]
        raise AttributeError  # falls back to __getattr__, which names what is wrong

    @property
    def agent_selection(self) -> str:
        if self._has_reset:
            return self.env.agent_selection  # type: ignore[no-any-return]
        raise AttributeError

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if self._has_reset:
            return self.env.last(observe)  # type: ignore[no-any-return]
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if self._has_reset:
            return _Agents(self, max_iter)
        return super().agent_iter(max_iter)


class _Agents:
    """``agent_iter`` once reset: PettingZoo's order-enforcing iterator (the agent to act until none is
    left or ``max_iter`` are done; a ``step`` or ``reset`` between two), reading the environment
    directly instead of through four calls (the iterator's base class, the wrapper's properties)."""

    def __init__(self, wrapper: OrderEnforcing, max_iter: int) -> None:
        self.wrapper = wrapper
        self.env: LewisClarkEnv = wrapper.env
        self.left = max_iter

    def __iter__(self) -> _Agents:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        wrapper = self.wrapper
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return env.agent_selection


def raw_env(**kwargs: Any) -> LewisClarkEnv:
    """The environment without wrappers."""
    return LewisClarkEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment inside PettingZoo's OrderEnforcingWrapper (the usual way to make one; its subclass
    ``OrderEnforcing``, which skips ``__getattr__`` on every step)."""
    wrapped: AECEnv[str, Observation, int] = OrderEnforcing(LewisClarkEnv(**kwargs))
    return wrapped
