"""Playing a simulated game forward: one owner for the loops every search runs on its deals.

A search deals the unseen deck (``Bot.deal``) and then has to move the game on: finish the action
under way by some bot's rules, play the seat's whole turn, let the other seats play, or let them
pass. Each loop stops at the end of the game and after ``limit`` decisions (a bug guard: a turn
never takes that many), and leaves the bot with no plan left over for the next caller.
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.state import State
from lewis_clark.turn import CAMP, END

GUARD = 80  # decisions one simulated turn may take before it is cut short (a bug guard)


def drive(state: State, bot: Bot, going: Callable[[State], bool], limit: int = GUARD) -> tuple[Action, ...]:
    """``bot`` decides (in place) while the game is on and ``going(state)`` holds, at most ``limit``
    times; the decisions taken. A forced decision is taken without asking the bot."""
    steps: list[Action] = []
    bot.forget_plan()
    playing = state.current
    while not state.over and going(state) and len(steps) < limit:
        if state.current != playing:  # another seat's plan is not this one's
            bot.forget_plan()
            playing = state.current
        legal = legal_actions(state)
        a = legal[0] if len(legal) == 1 else bot.choose(state, legal)
        apply_legal(state, a)
        steps.append(a)
    bot.forget_plan()
    return tuple(steps)


def finish_action(state: State, bot: Bot, seat: int) -> tuple[Action, ...]:
    """The action under way (its pending decisions) finished by ``bot``; the steps taken."""
    return drive(state, bot, lambda s: bool(s.stack) and s.current == seat)


def play_turn(state: State, bot: Bot, seat: int) -> tuple[Action, ...]:
    """The rest of ``seat``'s turn played by ``bot``; the steps taken."""
    start = state.turn
    return drive(state, bot, lambda s: s.current == seat and s.turn == start)


def play_others(state: State, bot: Bot, seat: int) -> State:
    """Every other seat plays by ``bot``'s rules until ``seat`` is to play; ``state`` itself."""
    drive(state, bot, lambda s: s.current != seat, GUARD * len(state.players))
    return state


def pass_others(state: State, seat: int) -> State:
    """Every other seat passes (ends its turn, Camps if it must; else takes its first option) until
    ``seat`` is to play; ``state`` itself. The cheapest stand-in for the other seats."""
    guard = 0
    while not state.over and state.current != seat and guard < GUARD * len(state.players):
        legal = legal_actions(state)
        a = END if END in legal else CAMP if CAMP in legal and not state.camped else legal[0]
        apply_legal(state, a)
        guard += 1
    return state


__all__ = ["GUARD", "drive", "finish_action", "pass_others", "play_others", "play_turn"]
