"""What would the expert do? The expert's choice at a seat's decision, and the plan it belongs to.

``expert_hint(view)`` asks a fresh expert (``LEVELS["expert"]``, its seed taken from the view, so
the same table gives the same hint) for its choice from the seat's view and says why in typed parts
(``Why``), worded by ``wording.advice``. It never reveals a hidden card: the expert sees only the
view (it deals the unseen deck itself), and a ``Why`` holds counts and spaces, never a card.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import NamedTuple

from lewis_clark.actions import Action
from lewis_clark.bots import LEVELS, make_bot, sensible
from lewis_clark.bots.race import RaceBot
from lewis_clark.rules import legal_actions
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
    """The expert's choice and why."""

    action: Action
    why: Why


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
        return Hint(legal[0], Why(Reason.ONLY))
    bot = make_bot(spec or LEVELS["expert"], hint_seed(view))
    action = bot.choose(view, legal)
    if view.stack or not isinstance(bot, RaceBot):
        return Hint(action, Why(Reason.ACTION))
    outlook = bot.outlook()
    if outlook is None:
        return Hint(action, Why(Reason.ACTION))
    if outlook.win_in:
        return Hint(action, Why(Reason.WIN, outlook.win_in))
    if outlook.camp_in:
        return Hint(action, Why(Reason.CAMP, outlook.camp_in, outlook.camp_at, outlook.camp_time))
    return Hint(action, Why(Reason.ACTION))


__all__ = ["Hint", "Reason", "Why", "expert_hint", "hint_seed"]
