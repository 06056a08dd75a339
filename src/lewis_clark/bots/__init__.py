"""Bots: players that choose among the legal actions from their seat's view.

    >>> from lewis_clark.bots import make_bot
    >>> bot = make_bot("random", seed=1)
    >>> bot = make_bot("mcts:seconds=0.5:depth=16", seed=1)   # options after the name

New bots subclass ``Bot`` (bots/base.py) and add themselves to ``BOTS`` under a short name.
Difficulty levels for people (``LEVELS``) are names for a bot with a budget.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import Any, NamedTuple

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot, sensible
from lewis_clark.bots.random_bot import RandomBot
from lewis_clark.state import State


def _mcts(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.mcts import MCTSBot  # local: keeps `import lewis_clark.bots` light

    return MCTSBot(seed, **options)


def _heuristic(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.heuristic import HeuristicBot

    return HeuristicBot(seed, **options)


def _pace(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.pace import PaceBot

    return PaceBot(seed, **options)


def _planner(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.planner import PlannerBot

    return PlannerBot(seed, **options)


def _rollout(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.rollout import RolloutBot

    return RolloutBot(seed, **options)


def _policy(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.policy import PolicyBot

    return PolicyBot(seed, **options)


PLUGINS = "lewis_clark.bots"  # the entry-point group of bots that live above this package


def plugin(name: str) -> Callable[..., Bot]:
    """The bot maker another package (or a layer above this one) installs as the entry point ``name`` of
    the group ``lewis_clark.bots``; BotSpecError when none is installed."""
    from importlib.metadata import entry_points

    for point in entry_points(group=PLUGINS, name=name):
        made: Callable[..., Bot] = point.load()
        return made
    raise BotSpecError(f"bot {name!r} is not installed (no entry point {name!r} in the group {PLUGINS!r})")


def _ppo(seed: int, **options: Any) -> Bot:
    # rl/ppo_bot.py reads the policy with numpy, interpreted, in the layer of the adapters above the bots:
    # found through this package's own entry point (pyproject.toml), never imported from here.
    return plugin("ppo")(seed, **options)


def _race(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.race import RaceBot

    return RaceBot(seed, **options)


BOTS: dict[str, Callable[..., Bot]] = {
    "pace": _pace,
    "planner": _planner,
    "policy": _policy,
    "ppo": _ppo,
    "race": _race,
    "rollout": _rollout,
    "random": RandomBot,
    "heuristic": _heuristic,
    "mcts": _mcts,
}

# Difficulty levels offered to players: a bot name with its options.
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.3",
    # the heuristic, its turns and Camps chosen by playing the cycle out, with the 3 options the
    # distilled policy (bots/policy.py) ranks best among those played out
    "medium": "rollout:camping=1:policy=3",
    # The race planner's budgets are in lines grown, not seconds, so a level replays from its seed.
    "hard": "race:samples=2:keep=4:beam=15:nodes=300:actions=8:recruits=4:finish=1:discounts=1:purse=1:jumps=1",
    "expert": "race:samples=2:keep=4:beam=15:nodes=600:actions=8:recruits=4:finish=1:discounts=1:purse=1:jumps=1",
}


# The held-out evaluation set: the game seeds every strength figure of the levels is reported on
# (scripts/held_out.py, scripts/elo.py --held-out). No option, weight or model is ever chosen on them:
# tuning looks at TUNING_SEEDS (and any others) only, so the held-out figures stay honest.
HELD_OUT_SEEDS: range = range(1_000_001, 1_000_201)
TUNING_SEEDS: range = range(1, 101)  # the seeds the levels were tuned on, reported beside as "tuning set"


def bot_names() -> list[str]:
    """The names ``make_bot`` knows (bots and difficulty levels), sorted."""
    return sorted(BOTS) + sorted(LEVELS)


class BotSpecError(ValueError):
    """A bot spec that names no bot, or an option the bot does not take or a value out of its range."""


class SpecOption(NamedTuple):
    """One ``key=value`` option a bot takes: its kind and the values allowed."""

    kind: type  # int or float (an int is accepted for a float)
    low: float
    high: float = math.inf
    low_open: bool = False  # the low end itself is excluded (seconds must be positive)

    def describe(self) -> str:
        what = "a whole number" if self.kind is int else "a number"
        low = f"above {self.low:g}" if self.low_open else f"at least {self.low:g}"
        return f"{what} {low}" + (f" and at most {self.high:g}" if self.high < math.inf else "")

    def read(self, text: str) -> int | float | None:
        """The value of ``text``, or None when it is not one this option allows."""
        try:
            value: int | float = int(text) if self.kind is int else float(text)
        except ValueError:
            return None
        if not math.isfinite(value) or value > self.high or value < self.low or (self.low_open and value == self.low):
            return None
        return value


# What each bot's ``name:key=value`` options may be (every bot also takes ``noise``, see NoisyBot).
SPEC_OPTIONS: dict[str, dict[str, SpecOption]] = {
    "planner": {"width": SpecOption(int, 1), "horizon": SpecOption(int, 1), "actions": SpecOption(int, 1),
                "recruits": SpecOption(int, 0), "seconds": SpecOption(float, 0, low_open=True),
                "discounts": SpecOption(int, 0, 1), "purse": SpecOption(int, 0, 1)},
    "race": {"samples": SpecOption(int, 1), "keep": SpecOption(int, 1), "beam": SpecOption(int, 1),
             "nodes": SpecOption(int, 1), "actions": SpecOption(int, 1), "recruits": SpecOption(int, 0),
             "value": SpecOption(int, 0, 2), "finish": SpecOption(int, 0, 8),
             "finisher": SpecOption(int, 0, 2), "bound": SpecOption(int, 0, 1), "discounts": SpecOption(int, 0, 1),
             "purse": SpecOption(int, 0, 1), "jumps": SpecOption(int, 0, 1)},
    "random": {},
    "rollout": {"width": SpecOption(int, 1), "depth": SpecOption(int, 1), "recruits": SpecOption(int, 0),
                "camps": SpecOption(int, 1), "charge": SpecOption(float, -0.8), "obvious": SpecOption(int, 0, 1),
                "camping": SpecOption(int, 0, 1), "deals": SpecOption(int, 1), "policy": SpecOption(int, 0)},
    "policy": {},
    "ppo": {},  # ``ppo:PATH``: the rest of the spec is a policy file, see parse_spec
    "heuristic": {},
    "pace": {"strength": SpecOption(float, 0), "worth": SpecOption(float, 0), "mountain": SpecOption(float, 0),
             "indian": SpecOption(float, 0), "free": SpecOption(float, 0), "mover": SpecOption(int, 1),
             "reserve": SpecOption(float, 0)},
    "mcts": {"iterations": SpecOption(int, 1), "seconds": SpecOption(float, 0, low_open=True),
             "depth": SpecOption(int, 0), "exploration": SpecOption(float, 0)},
}
NOISE = SpecOption(float, 0, 1)
PPO_PREFIX = "ppo:"  # a trained policy network: "ppo:PATH" (rl/ppo_bot.py); "ppo" alone is the shipped one


def normal_spec(text: str) -> str:
    """A spec as typed, made canonical: lower case and trimmed, except the file path of ``ppo:PATH``."""
    text = text.strip()
    if text.lower().startswith(PPO_PREFIX):
        return PPO_PREFIX + text[len(PPO_PREFIX):]
    return text.lower()


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:seconds=0.5:depth=16"`` into a name and typed options; raises BotSpecError (a
    ValueError) naming the bot and the option for an unknown name or option, or a value out of range."""
    spec = normal_spec(spec)
    if spec.startswith(PPO_PREFIX):  # the rest is a path, which may hold ':' or '='
        path = spec[len(PPO_PREFIX):]
        if not os.path.isfile(path):
            raise BotSpecError(f"bot 'ppo': no policy file {path!r}")
        return "ppo", {"path": path}
    spec = LEVELS.get(spec, spec)
    name, *pairs = spec.split(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    allowed = {**SPEC_OPTIONS.get(name, {}), "noise": NOISE}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise BotSpecError(f"bad bot option {pair!r} in {spec!r} (expected key=value)")
        if key not in allowed:
            raise BotSpecError(f"bot {name!r} has no option {key!r} (options: {', '.join(sorted(allowed))})")
        if key in options:
            raise BotSpecError(f"bot {name!r}: option {key!r} given twice")
        value = allowed[key].read(text)
        if value is None:
            raise BotSpecError(f"bot {name!r}: {key} must be {allowed[key].describe()}, got {text!r}")
        options[key] = value
    return name, options


class NoisyBot(Bot):
    """Another bot that, with probability ``noise``, plays a uniformly random legal action instead:
    the "easy" level is a heuristic that now and then blunders."""

    def __init__(self, seed: int, inner: Bot, noise: float) -> None:
        super().__init__(seed)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, got {noise}")
        self.inner = inner
        self.noise = noise
        self.name = f"{inner.name}+noise"

    def __reduce__(self) -> tuple[type[NoisyBot], tuple[int, Bot, float], object]:
        # Sent to worker processes: rebuilt through __init__ (its arguments have no defaults, which a
        # compiled class needs to be made empty), then given its state (the generator's included).
        return (NoisyBot, (self.seed, self.inner, self.noise), self.__getstate__())

    def choose(self, view: State, legal: list[Action]) -> Action:
        if self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(view, legal)


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot from a name, a difficulty level or ``name:key=value...``, with its own seed; raises
    BotSpecError (a ValueError) for an unknown name or option. ``noise=p`` works with every bot (see NoisyBot)."""
    name, options = parse_spec(spec)
    noise = options.pop("noise", None)
    try:
        bot = BOTS[name](seed, **options)
    except TypeError as exc:  # a bot added to BOTS without its SPEC_OPTIONS
        raise BotSpecError(f"bad options for bot {name!r}: {exc}") from None
    if noise is not None:
        bot = NoisyBot(seed ^ 0x5EED, bot, float(noise))
    return bot


__all__ = ["BOTS", "HELD_OUT_SEEDS", "LEVELS", "SPEC_OPTIONS", "TUNING_SEEDS", "Bot", "BotSpecError", "NoisyBot",
           "RandomBot", "SpecOption", "bot_names", "make_bot", "normal_spec", "parse_spec", "plugin", "sensible"]
