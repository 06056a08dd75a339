"""The menu's choices at one decision: lettered plans (lewis_clark.plans) first, then the numbered legal actions.

Every plan of the decision gets a letter (a-z, then aa, ab, ...) that stays the same while the decision
is shown: the menu's handful first, so that it reads a, b, c ..., then the rest, which ``plans`` lists.
The handful is ``plans.offered`` ranked by the bots' evaluation (the same few the web page offers as
buttons); the rest are the honest plans only (``plans.cheapest``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lewis_clark.actions import Action
from lewis_clark.bots.evaluation import evaluate
from lewis_clark.plans import ALL, Plan, cheapest, offered, plans
from lewis_clark.rules import legal_actions
from lewis_clark.state import State

__all__ = ["Choices", "choices", "code", "menu_code"]



def code(i: int) -> str:
    """The letter of the ``i``-th plan: a-z, then aa, ab, ... (never a command word or a number)."""
    letters = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        letters = chr(ord("a") + r) + letters
    return letters


@dataclass
class Choices:
    """What may be chosen at one decision: ``plans`` in letter order (the first ``shown`` are in the
    menu, the rest are listed on request) and the legal ``actions`` in number order."""

    actions: list[Action]
    plans: list[Plan] = field(default_factory=list)
    shown: int = 0

    def plan(self, text: str) -> Plan | None:
        """The plan a typed letter names, if any."""
        for i, plan in enumerate(self.plans):
            if code(i) == text:
                return plan
        return None

    @property
    def last_code(self) -> str:
        return code(len(self.plans) - 1) if self.plans else ""


def menu_code(menu: Choices, steps: tuple[Action, ...]) -> str:
    """What to type for the choice a hint names (``steps``: its whole action): the letter of the longest
    plan the steps begin with, else the number of its first step ("" when the menu has neither)."""
    found = [(i, p) for i, p in enumerate(menu.plans) if p.steps and steps[:len(p.steps)] == p.steps]
    if found:
        return code(max(found, key=lambda ip: len(ip[1].steps))[0])
    return str(menu.actions.index(steps[0]) + 1) if steps and steps[0] in menu.actions else ""


def choices(state: State) -> Choices:
    """The menu of ``state``'s decision: every plan lettered, the handful first; the legal actions."""
    legal = legal_actions(state)
    every = cheapest(state, plans(state, limit=ALL))  # only honest plans, each by its cheapest source
    shown = offered(state, every, score=evaluate)
    rest = [p for p in every if p not in shown]
    return Choices(list(legal), shown + rest, len(shown))


def looks_like_code(text: str) -> bool:
    """Whether typed text is a plan letter rather than a command, a number or an action."""
    return 1 <= len(text) <= 2 and text.isalpha() and text.isascii()
