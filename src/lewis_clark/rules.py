"""The rules' front door: which actions are legal, and what applying one does.

``legal_actions(state)`` is the single source of what may be done. ``apply(state, action)`` returns
a new state and never touches the one given; ``apply_in_place`` is the fast path for searches that
own their copy. The turn's decision lives in turn.py, the decisions inside an action in
decisions.py, what a performance does in effects.py, and read-only questions in queries.py.
"""

from __future__ import annotations

from typing import Final

from lewis_clark.actions import Action, IllegalAction
from lewis_clark.decisions import (
    STOP,
    apply_frame,
    can_perform,
    close_perform,
    offers_performance,
    offers_take,
    options_of,
)
from lewis_clark.effects import settle_scout
from lewis_clark.queries import camp_time, can_act, recruitable
from lewis_clark.state import Decision, State
from lewis_clark.turn import camp, end_turn, handle
from lewis_clark.turn import options as turn_options

__all__ = ["apply", "apply_in_place", "apply_legal", "camp", "camp_time", "check", "legal_actions"]
_PERFORM: Final = Decision.PERFORM  # bound once: an enum member lookup is slow on Python 3.11 and this runs every step
_TAKE: Final = Decision.TAKE


def legal_actions(state: State) -> list[Action]:
    """Every action the rules allow now, in a stable order; empty once the game is over."""
    if state.over:
        return []
    if not state.stack:
        return turn_options(state)
    return options_of(state, state.stack[-1])


def apply(state: State, action: Action | str, player: int | None = None) -> State:
    """A new state with ``action`` applied; ``state`` is left unchanged. Raises IllegalAction
    (a ValueError) naming the action and the reason; ``player`` checks whose decision it is."""
    new = state.copy()
    apply_in_place(new, action, player)
    return new


def apply_in_place(state: State, action: Action | str, player: int | None = None) -> None:
    """Apply ``action`` to ``state`` itself. On an illegal action nothing is changed."""
    if isinstance(action, str):
        action = Action.parse(action)
    check(state, action, player)
    apply_legal(state, action)


def apply_legal(state: State, action: Action) -> None:
    """Apply ``action``, just taken from ``legal_actions(state)``, without checking it again: the
    searches' fast path (the check recomputes ``legal_actions``, a sixth of a planner's time).
    An action that is not legal here leaves the state undefined: use ``apply_in_place`` for any other."""
    if state.stack:
        apply_frame(state, state.stack[-1], action)
    else:
        handle(state, action)
    _settle(state)


def check(state: State, action: Action, player: int | None = None) -> None:
    """Raise IllegalAction unless ``action`` is legal now (for ``player``, if given)."""
    if state.over:
        raise IllegalAction(action, "the game is over")
    if player is not None and player != state.current:
        raise IllegalAction(action, f"it is {state.players[state.current].colour}'s decision, "
                                    f"not seat {player}'s")
    # Only the action's own verb at the turn level (the others cannot equal it); the engine's actions
    # are made once in its tables, so identity first, then equality for one made elsewhere (parsed text,
    # the RL index).
    stack = state.stack
    kind = stack[-1].kind if stack else None
    legal: list[Action] = []  # when a test below finds the action not offered: the message lists what is
    if kind is _PERFORM:
        # R2: the performances left may always be declined (decisions._perform_or_stop); a performance
        # is tested alone against the frame's alternatives, not against the whole list.
        if action == STOP or offers_performance(state, stack[-1], action):
            return
    elif kind is _TAKE:
        if offers_take(stack[-1], action):
            return
    else:
        legal = turn_options(state, action.verb) if not stack else legal_actions(state)
    for offered in legal:
        if offered is action:
            return
    if action in legal:
        return
    legal = legal_actions(state)  # every verb, for the message
    waiting = f"{state.players[state.current].colour} has a {state.decision} decision to make"
    same_verb = [str(a) for a in legal if a.verb == action.verb]
    if same_verb:
        shown = ", ".join(same_verb[:8]) + (" ..." if len(same_verb) > 8 else "")
        raise IllegalAction(action, f"not a legal choice now; {waiting}; legal {action.verb} actions: {shown}")
    verbs = sorted({str(a.verb) for a in legal})
    raise IllegalAction(action, f"'{action.verb}' is not possible now; {waiting} (legal verbs: {', '.join(verbs)})")


def _settle(state: State) -> None:
    """Close what is finished: performance frames with nothing left to perform, then the action
    itself (Scout collisions, R18); end the turn when nothing is left to choose in it."""
    stack = state.stack
    while stack and stack[-1].kind == _PERFORM and not can_perform(state, stack[-1]):
        close_perform(state)
    if stack or state.over:
        return
    if state.moved:
        settle_scout(state)
    p = state.players[state.current]
    done = state.acted or not can_act(p)  # R17: no action possible after the Camp ends the turn
    if done and state.camped and (state.recruited or not recruitable(state, p)):
        end_turn(state)
