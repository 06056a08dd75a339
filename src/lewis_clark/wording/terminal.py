"""The terminal's own sentences about plans: a plan as a menu line at any decision, the help on
lettered plans, and what the prompt says when a plan is chosen, listed or stopped.

    "York (Hunter) at Strength 2 (William Clark under it + 1 Indian): perform 2 times, keep all"
    "William Clark under it + 1 Indian (Strength 2): perform 2 times, keep all"   (at York's Strength card)
    "1 Indian, then perform 2 times, keep all"        (a plan offered at the choice of Indians)
    "From here: perform once, then stop"               (a plan offered at a performance)
"""

from __future__ import annotations

from lewis_clark.actions import Action
from lewis_clark.wording.catalogue import t, tn


def plans_help() -> str:
    """How lettered plans work at the terminal's prompt (shown after the commands)."""
    return t("""\
Plans (lettered a, b, c ... and listed first) do a whole common option in one choice, e.g. a card
with its Strength and all its performances; the single choices (numbered 1, 2, 3 ...) follow.
  a letter          the plan with that letter; it is played one decision at a time, as if typed
  plans  (or more)  list every plan for this decision; their letters work in the menu too
Undo takes back your last choice, a whole plan at once; restart takes the turn back to its start
(or to the last card drawn).""")


def plans_heading(shown: int, total: int) -> str:
    """The line above the menu's plans: how many of all the plans are shown."""
    if shown < total:
        return tn("Plans ({n} of {total}; 'plans' lists all):", "Plans ({n} of {total}; 'plans' lists all):", shown,
                  total=total)
    return t("Plans:")


def all_plans_heading(total: int) -> str:
    """The line above the full list of plans."""
    return tn("{n} plan for this decision (type its letter):", "{n} plans for this decision (type a letter):", total)


def single_choices_heading() -> str:
    """The line above the numbered legal actions when plans are shown too."""
    return t("Single choices:")


def no_plans() -> str:
    """The answer to ``plans`` at a decision without any."""
    return t("No plans at this decision: choose a single action from the menu.")


def no_plan(code: str, last: str) -> str:
    """The answer to a letter that names no plan now."""
    if not last:
        return t("There is no plan {code}: this decision has none.", code=repr(code))
    return t("There is no plan {code}: the plans are a-{last} ('plans' lists them).", code=repr(code), last=last)


def plan_chosen(label: str) -> str:
    """Said when a plan begins."""
    return t("Plan: {plan}", plan=label)


def plan_stopped(step: Action) -> str:
    """Said when a plan's next step is not possible: the person chooses from the menu again."""
    return t("The plan stopped before '{step}', which is not possible now; choose from the menu.", step=str(step))


def nothing_to_undo() -> str:
    """The answer to undo or restart when nothing may be taken back."""
    return t("Nothing to undo: undo goes back only within your turn, and not past a card drawn.")


def card_drawn_barrier() -> str:
    """Said when a decision drew a card: undo stops there from now on."""
    return t("(a card was drawn: undo cannot go back past this point)")


def undone_words(undone: list[str], whole_turn: bool) -> str:
    """What undo or restart took back, e.g. "Undone: play york; under seaman; indians 1"."""
    steps = "; ".join(undone)
    if whole_turn:
        return tn("Turn restarted ({n} decision taken back): {steps}",
                  "Turn restarted ({n} decisions taken back): {steps}", len(undone), steps=steps)
    return t("Undone: {steps}", steps=steps)
