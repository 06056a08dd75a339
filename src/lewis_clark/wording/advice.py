"""The expert's hint in words: why it would make the choice (``bots.hint.Why``)."""

from __future__ import annotations

from lewis_clark.bots.hint import Hint, Reason, Why
from lewis_clark.state import State
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.labels import label


def advice_why(why: Why) -> str:
    """One line: the plan the expert's choice is part of (``Why.turns`` counts this turn as the first)."""
    if why.reason == Reason.WIN:
        if why.turns <= 1:
            return t("Camp at Fort Clatsop this turn")
        return tn("Camp at Fort Clatsop next turn", "Camp at Fort Clatsop in {n} turns", why.turns - 1)
    if why.reason == Reason.CAMP:
        if why.turns <= 1:
            return t("Camp this turn at {space} with Time {time}", space=why.space, time=why.time)
        return tn("Camp next turn at {space} with Time {time}", "Camp in {n} turns at {space} with Time {time}",
                  why.turns - 1, space=why.space, time=why.time)
    if why.reason == Reason.ONLY:
        return t("The only choice here")
    return t("How the expert finishes this action")


def hint_line(seen: State, hint: Hint) -> str:
    """The hint as one line: the choice in words, then why."""
    return t("Expert: {choice} ({why})", choice=label(seen, hint.action), why=advice_why(hint.why))


def no_hint() -> str:
    return t("No decision of yours to hint at")


__all__ = ["advice_why", "hint_line", "no_hint"]
