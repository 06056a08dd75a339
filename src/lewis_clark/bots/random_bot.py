"""A bot that picks uniformly among the legal actions: the baseline, and the benchmark's player."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot
from lewis_clark.state import State


@mypyc_attr(allow_interpreted_subclasses=True)  # the baseline that tests and new bots extend
class RandomBot(Bot):
    """Uniform choice among the legal actions."""

    name = "random"

    def choose(self, view: State, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("random bot: no legal action to choose from")
        return self.rng.choice(legal)
