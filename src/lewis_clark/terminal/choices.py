"""The menu's choices at one decision: lettered plans (lewis_clark.plans) first, then the numbered legal actions.

Every plan of the decision gets a letter (a-z, then aa, ab, ...) that stays the same while the decision
is shown: the menu's handful first, so that it reads a, b, c ..., then the rest, which ``plans`` lists.
The handful: for each card or Village place (inside an action: each Strength card, each count of
Indians, each performance) its most useful plan, the highest Strength with every gain kept, and at
most one other: a different performance choice, or "once, then stop" where that is a real difference
(going on would lose gains, or the decision is whether to perform again).
Plans that are one legal action, recruitments, Camp and the turn's end are left to the numbered list.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from lewis_clark.actions import Action, Verb
from lewis_clark.plans import Plan, plans
from lewis_clark.rules import legal_actions
from lewis_clark.state import Decision, State

__all__ = ["Choices", "choices", "code", "handful"]

# Turn-level actions that are already one line of the numbered list: their plans add nothing to read.
SINGLE_VERBS = frozenset({Verb.RECRUIT, Verb.CAMP, Verb.END})
PER_GROUP = 2


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


def choices(state: State) -> Choices:
    """The menu of ``state``'s decision: every plan lettered, the handful first; the legal actions."""
    legal = legal_actions(state)
    every = plans(state)
    shown = handful(state, every)
    rest = [p for p in every if p not in shown]
    return Choices(list(legal), shown + rest, len(shown))


def looks_like_code(text: str) -> bool:
    """Whether typed text is a plan letter rather than a command, a number or an action."""
    return 1 <= len(text) <= 2 and text.isalpha() and text.isascii()


def handful(state: State, every: Sequence[Plan]) -> list[Plan]:
    """The few plans worth a line of the menu, in ``every``'s order (see the module's docstring)."""
    groups: dict[Hashable, list[Plan]] = {}
    for plan in every:
        if plan.verb in SINGLE_VERBS or len(plan.steps) <= 1:  # one step is one of the numbered actions
            continue
        groups.setdefault(_group(state, plan), []).append(plan)
    picked: set[int] = set()
    for members in groups.values():
        best = max(members, key=_usefulness)  # max keeps the first of equals: the plans' own order
        picked.add(id(best))
        other = _second(state, best, members)
        if other is not None:
            picked.add(id(other))
    return [p for p in every if id(p) in picked]


def _group(state: State, plan: Plan) -> Hashable:
    """What a menu line stands for: the card or place at a turn, else the choice made at this decision."""
    if state.decision == Decision.TURN:
        return plan.verb, plan.card, plan.place
    return plan.steps[0]


def _usefulness(plan: Plan) -> tuple[bool, int, int, bool]:
    """Every gain kept first, then the most Strength, the most performances, going on to the end."""
    return plan.keep_all, plan.strength, plan.times, not plan.stops


def _second(state: State, best: Plan, members: Sequence[Plan]) -> Plan | None:
    """The one other plan of a group worth a line: the best of another performance choice (Gift's fur
    or wood), else "once, then stop" when going on would lose gains, or at a performance (where that
    is the question asked)."""
    others = [p for p in members if (p.choice, p.boost) != (best.choice, best.boost) and p.times]
    if others:
        return max(others, key=_usefulness)
    if best.times < 2:
        return None
    stop = next((p for p in members if p.stops and p.steps[:len(p.steps) - 1] == _head(best, p)), None)
    if stop is not None and (not best.keep_all or state.decision == Decision.PERFORM):
        return stop
    return None


def _head(best: Plan, stop: Plan) -> tuple[Action, ...]:
    """The steps ``best`` shares with a once-then-stop plan before its stop."""
    return best.steps[:len(stop.steps) - 1]
