"""Bots: players that choose among the legal actions from their seat's view.

    >>> from lewis_clark.bots import make_bot
    >>> bot = make_bot("random", seed=1)
    >>> bot = make_bot("mcts:seconds=0.5:depth=16", seed=1)   # options after the name

New bots subclass ``Bot`` (bots/base.py) and add themselves to ``BOTS`` under a short name.
Difficulty levels for people (``LEVELS``) are names for a bot with a budget.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot
from lewis_clark.bots.random_bot import RandomBot
from lewis_clark.state import State


def _mcts(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.mcts import MCTSBot  # local: keeps `import lewis_clark.bots` light

    return MCTSBot(seed, **options)


def _heuristic(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.heuristic import HeuristicBot

    return HeuristicBot(seed, **options)


def _planner(seed: int, **options: Any) -> Bot:
    from lewis_clark.bots.planner import PlannerBot

    return PlannerBot(seed, **options)


BOTS: dict[str, Callable[..., Bot]] = {
    "planner": _planner,
    "random": RandomBot,
    "heuristic": _heuristic,
    "mcts": _mcts,
}

# Difficulty levels offered to players: a bot name with its options.
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.3",
    "medium": "heuristic",
    # The planner's budgets are in lines and cycles, not seconds, so a level replays from its seed.
    "hard": "planner",
    "expert": "planner:width=6",
}


def bot_names() -> list[str]:
    """The names ``make_bot`` knows (bots and difficulty levels), sorted."""
    return sorted(BOTS) + sorted(LEVELS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"mcts:seconds=0.5:depth=16"`` into a name and typed options; raises ValueError."""
    spec = LEVELS.get(spec.strip().lower(), spec.strip().lower())
    name, *pairs = spec.split(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bad bot option {pair!r} in {spec!r} (expected key=value)")
        options[key] = _number(value)
    return name, options


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


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

    def choose(self, view: State, legal: list[Action]) -> Action:
        if self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(view, legal)


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot from a name, a difficulty level or ``name:key=value...``, with its own seed; raises
    ValueError for an unknown name or option. ``noise=p`` works with every bot (see NoisyBot)."""
    name, options = parse_spec(spec)
    noise = options.pop("noise", None)
    try:
        bot = BOTS[name](seed, **options)
    except TypeError as exc:
        raise ValueError(f"bad options for bot {name!r}: {exc}") from None
    if noise is not None:
        if not isinstance(noise, (int, float)):
            raise ValueError(f"noise must be a number, got {noise!r}")
        bot = NoisyBot(seed ^ 0x5EED, bot, float(noise))
    return bot


__all__ = ["BOTS", "LEVELS", "Bot", "NoisyBot", "RandomBot", "bot_names", "make_bot", "parse_spec"]
