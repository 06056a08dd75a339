"""Bots playing a game for the bot tests: every choice checked to be legal, the choices returned."""

from __future__ import annotations

from collections.abc import Sequence

from lewis_clark import apply_in_place, legal_actions, view
from lewis_clark.bots.base import Bot
from lewis_clark.state import State


def play(state: State, bots: Sequence[Bot], turns: int) -> list[str]:
    """Play ``state`` on (in place) until the game ends or ``turns`` turns, each seat's bot choosing
    from its own view; every choice is checked to be legal. The choices, as text."""
    chosen: list[str] = []
    while not state.over and state.turn <= turns:
        seat = state.current
        legal = legal_actions(state)
        action = bots[seat].choose(view(state, seat), legal)
        assert action in legal, f"{action} is not legal"
        chosen.append(str(action))
        apply_in_place(state, action, seat)
    return chosen
