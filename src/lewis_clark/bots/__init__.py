"""Bots: players that choose among the legal actions from their seat's view.

    >>> from lewis_clark.bots import make_bot
    >>> bot = make_bot("random", seed=1)

New bots subclass ``Bot`` (bots/base.py) and add themselves to ``BOTS`` under a short name.
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.bots.base import Bot
from lewis_clark.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    """The names ``make_bot`` knows, sorted."""
    return sorted(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A new bot by name with its own seeded generator; raises ValueError for an unknown name."""
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    return factory(seed)


__all__ = ["BOTS", "Bot", "RandomBot", "bot_names", "make_bot"]
