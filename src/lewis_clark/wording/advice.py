"""The expert's hint in words: the whole action it would take (``bots.hint.Hint``) and why (``Why``).

The choice is named whole: the card played with what gives it Strength and its performances, the
Village place with its Indians, the recruit with its discount, Camp or the end of the turn, as the pages
name that whole option (``plan_label``), else step by step. The reason says what the expert's plan
leads to, as an estimate in the seat's own turns ("reaches Fort Clatsop in about 5 of your turns").
"""

from __future__ import annotations

from lewis_clark.actions import Action
from lewis_clark.bots.hint import Hint, Reason, Why
from lewis_clark.rules import apply
from lewis_clark.state import State
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.labels import label
from lewis_clark.wording.plans import plan_label


def _estimate(text: str) -> str:
    """A reason that looks beyond this turn says that it is a guess."""
    return t("{reason}; an estimate, the cards still hidden may change it", reason=text)


def advice_why(why: Why) -> str:
    """One line: what the plan the expert's choice belongs to leads to. ``Why.turns`` counts the seat's
    turns with this one as the first: 1 this turn, 2 next turn, more "in about N of your turns"."""
    if why.reason == Reason.WIN:
        if why.turns <= 1:
            return t("this turn it reaches Fort Clatsop and wins")
        if why.turns == 2:
            return _estimate(t("it reaches Fort Clatsop and wins next turn"))
        return _estimate(t("it reaches Fort Clatsop and wins in about {n} of your turns, counting this one",
                           n=why.turns))
    if why.reason == Reason.CAMP:
        lost = tn("losing {n} space of Time", "losing {n} spaces of Time", why.time) if why.time \
            else t("losing no Time")
        if why.turns <= 1:
            return t("it Camps this turn at space {space}, {lost}", space=why.space, lost=lost)
        if why.turns == 2:
            return _estimate(t("its next Camp comes next turn, at space {space}, {lost}", space=why.space, lost=lost))
        return _estimate(t("its next Camp comes in about {n} of your turns, counting this one, at space "
                           "{space}, {lost}", n=why.turns, space=why.space, lost=lost))
    if why.reason == Reason.ONLY:
        return t("the only choice here")
    return t("how the expert would finish this action")


def steps_words(seen: State, steps: tuple[Action, ...]) -> str:
    """Choices one after another, each worded at the table it is made at: "Recruit York, then Discard
    Labiche for the discount"."""
    words, s = "", seen
    for a in steps:
        step = label(s, a)
        words = t("{done}, then {next}", done=words, next=step) if words else step
        try:
            s = apply(s, a)
        except ValueError:  # a card drawn from the hidden deck: the steps stop being wordable here
            break
    return words


def hint_choice(seen: State, hint: Hint) -> str:
    """The expert's whole action in words: the whole option it is (as the pages offer it), else its steps."""
    if hint.plan is not None:
        return plan_label(seen, hint.plan)
    return steps_words(seen, hint.steps or (hint.action,))


def hint_line(seen: State, hint: Hint, code: str = "") -> str:
    """The hint as one line: the choice in words, then why; with ``code``, what to type for it in the menu."""
    line = t("Expert: {choice} ({why})", choice=hint_choice(seen, hint), why=advice_why(hint.why))
    return t("{hint}; in the menu: {code}", hint=line, code=code) if code else line


def no_hint() -> str:
    return t("No decision of yours to hint at")


__all__ = ["advice_why", "hint_choice", "hint_line", "no_hint", "steps_words"]
