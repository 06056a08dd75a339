"""What would the expert do? The expert's choice at a seat's decision, and the plan it belongs to.

``expert_hint(view)`` asks a fresh expert (``LEVELS["expert"]``, its seed taken from the view, so
the same table gives the same hint) for its choice from the seat's view and says why in typed parts
(``Why``), worded by ``wording.advice``. It never reveals a hidden card: the expert sees only the
view (it deals the unseen deck itself), and a ``Why`` holds counts and spaces, never a card.

The hint is the whole action, not only its first step: ``steps`` are the expert's planned choices up
to the end of the action it starts (the card played, what goes under it, the Indians, the
performances; the Village place and its Indians; the recruit and its discount), and ``plan`` the
longest whole option (``plans.plans``) those steps begin with, which the pages offer as one choice.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import NamedTuple

from lewis_clark.actions import Action
from lewis_clark.bots import LEVELS, make_bot, sensible
from lewis_clark.bots.race import RaceBot
from lewis_clark.plans import Plan, plans
from lewis_clark.rules import apply, legal_actions
from lewis_clark.state import State


class Reason(StrEnum):
    """What the choice is part of."""

    WIN = "win"  # a line that Camps at Fort Clatsop (before Mackenzie, solo) in ``turns`` turns
    CAMP = "camp"  # a line whose next Camp comes in ``turns`` turns at ``space`` with ``time`` Time
    ACTION = "action"  # inside an action: how the expert finishes it
    ONLY = "only"  # the one legal choice


class Why(NamedTuple):
    """The reason for a hint, in parts for the wording layer."""

    reason: Reason
    turns: int = 0
    space: int = 0
    time: int = 0


class Hint(NamedTuple):
    """The expert's choice and why; ``steps`` the whole action it starts (``action`` first), ``plan``
    the whole option those steps begin with (None: none does, the choice stands alone)."""

    action: Action
    why: Why
    steps: tuple[Action, ...] = ()
    plan: Plan | None = None


def whole_action(seen: State, action: Action, planned: tuple[Action, ...]) -> tuple[Action, ...]:
    """``action`` and the planned steps after it that finish the action it starts (a turn-level choice
    leaves the decision stack empty once done), each legal on the seat's view when it comes; the line
    stops where the view cannot follow (a card drawn from the hidden deck)."""
    steps = [action]
    try:
        s = apply(seen, action)
        for step in planned:
            if not s.stack or s.over or step not in legal_actions(s):
                break
            s = apply(s, step)
            steps.append(step)
    except ValueError:  # the view's deck is hidden: what a draw brings is not known
        pass
    return tuple(steps)


def matching_plan(seen: State, steps: tuple[Action, ...]) -> Plan | None:
    """The longest whole option at ``seen`` whose steps ``steps`` begin with."""
    found = [p for p in plans(seen) if p.steps and steps[:len(p.steps)] == p.steps]
    return max(found, key=lambda p: len(p.steps), default=None)


def _hint(seen: State, action: Action, why: Why, planned: tuple[Action, ...] = ()) -> Hint:
    steps = whole_action(seen, action, planned)
    return Hint(action, why, steps, matching_plan(seen, steps))


def hint_seed(view: State) -> int:
    """The expert's seed for this table: from what the seat sees, so a hint asked twice is the same."""
    return int.from_bytes(hashlib.blake2b(view.to_text().encode(), digest_size=8).digest(), "big")


def expert_hint(view: State, legal: list[Action] | None = None, spec: str = "") -> Hint:
    """The expert's choice at ``view``'s decision (a seat's view: the deck's order hidden) and why.
    ``spec`` names another bot for it (tests use small budgets)."""
    if view.over:
        raise ValueError("the game is over: there is no decision to hint")
    # offered as the driver offers a bot its choices: never a futile action while another is left
    legal = sensible(view, legal_actions(view) if legal is None else legal)
    if len(legal) == 1:
        return _hint(view, legal[0], Why(Reason.ONLY))
    bot = make_bot(spec or LEVELS["expert"], hint_seed(view))
    action = bot.choose(view, legal)
    planned = tuple(bot.plan)  # what it has chosen already for after this step (a planner: its turn)
    if view.stack or not isinstance(bot, RaceBot):
        return _hint(view, action, Why(Reason.ACTION), planned)
    outlook = bot.outlook()
    if outlook is None:
        return _hint(view, action, Why(Reason.ACTION), planned)
    if outlook.win_in:
        return _hint(view, action, Why(Reason.WIN, outlook.win_in), planned)
    if outlook.camp_in:
        return _hint(view, action, Why(Reason.CAMP, outlook.camp_in, outlook.camp_at, outlook.camp_time), planned)
    return _hint(view, action, Why(Reason.ACTION), planned)


__all__ = ["Hint", "Reason", "Why", "expert_hint", "hint_seed", "matching_plan", "whole_action"]
