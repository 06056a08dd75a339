"""Turn plans in words, from their typed fields (plans.Plan): never by parsing their steps.

    "York at Strength 3 (Hugh McNeal under it + 1 Indian): perform 3 times, keep all"
    "2 Indians to Hunting: perform twice, keep all"

and in a compact form for narrow screens (the terminal's menu), one short line each:

    "York ×3 (McNeal under +1 Indian), keep all"
    "Hunting ×2 (2 Indians), keep all"
"""

from __future__ import annotations

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG
from lewis_clark.plans import Plan, follow, sheds
from lewis_clark.queries import camp_landing
from lewis_clark.state import Decision, State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.labels import choice_result, label
from lewis_clark.wording.names import card_title, choice_name, place_title


def strength_source(plan: Plan) -> str:
    """Where the Strength comes from: "Hugh McNeal under it + 1 Indian", "2 Indians"."""
    if plan.under in ("", "none"):
        return tn("{n} Indian", "{n} Indians", plan.indians)
    card = BY_SLUG[plan.under].name
    if plan.indians:
        return tn("{card} under it + {n} Indian", "{card} under it + {n} Indians", plan.indians, card=card)
    return t("{card} under it", card=card)


def plan_choice(plan: Plan) -> str:
    """The perform choice a plan repeats, in words: always an alternative's label (a plan never picks a
    card or a place, whose choice is a real one), named by its card's or place's result."""
    if plan.card:
        card = BY_SLUG[plan.card]
        return choice_name(plan.choice, choice_result(card.id, -1, plan.choice) or None)
    if plan.place:
        return choice_name(plan.choice, choice_result(0, PLACE_INDEX[plan.place], plan.choice) or None)
    return choice_name(plan.choice)


def camp_after_burial(state: State, plan: Plan) -> int | None:
    """The space a Camp would land on after ``plan`` when it performs nothing but empties the hand enough
    for a Camp to land further (``plans.sheds``, R16: why such a plan is offered at all), else None."""
    if plan.times or state.over:
        return None
    seat = state.current
    after = follow(state, plan).state
    return camp_landing(after, seat).camp if sheds(state, after, seat) else None


def performances_words(plan: Plan, camp: int | None = None) -> str:
    """What the plan performs: "perform food 3 times, keep all", "perform once, then stop"; for a plan
    that only empties the hand before a Camp (``camp_after_burial``), where that Camp would land."""
    if camp is not None:
        return t("performs nothing, but empties the hand: a Camp would land on {space}", space=camp)
    if not plan.times:
        return t("then choose")
    what = t("perform {choice}", choice=plan_choice(plan)) if plan.choice else t("perform")
    text = tn("{what} once", "{what} {n} times", plan.times, what=what)
    if plan.boost:
        text = t("{action} (boosted)", action=text)
    if plan.stops:
        text = t("{what}, then stop", what=text)
    elif plan.keep_all:
        text = t("{what}, keep all", what=text)
    else:
        text = t("{what}, keep what fits", what=text)
    return text if plan.complete else t("{what}, then choose", what=text)


def plan_label(state: State, plan: Plan) -> str:
    """A plan as one menu line or button."""
    if plan.verb == Verb.PLAY and plan.under:
        return t("{card} at Strength {strength} ({source}): {performances}", card=card_title(BY_SLUG[plan.card]),
                 strength=plan.strength, source=strength_source(plan),
                 performances=performances_words(plan, camp_after_burial(state, plan)))
    if plan.verb == Verb.VILLAGE:
        place = place_title(PLACES[PLACE_INDEX[plan.place]])
        return tn("{n} Indian to {place}: {performances}", "{n} Indians to {place}: {performances}", plan.indians,
                  place=place, performances=performances_words(plan))
    if plan.verb == Verb.RECRUIT and plan.discount not in ("", "none"):
        return t("Recruit {card}, discarding {discard} for the discount", card=card_title(BY_SLUG[plan.card]),
                 discard=BY_SLUG[plan.discount].name)
    return label(state, plan.steps[0] if plan.steps else Action(plan.verb))


def choice_label(state: State, plan: Plan) -> str:
    """A plan as a menu line or button: ``plan_label`` at a turn or a Strength card's choice; inside an action,
    from the decision it starts at (the Indians added, the performances left)."""
    if state.decision == Decision.UNDER and plan.verb == Verb.PLAY and plan.under:
        # the prompt names the card played: the line names only where its Strength comes from
        return t("{source} (Strength {strength}): {performances}", source=strength_source(plan), strength=plan.strength,
                 performances=performances_words(plan, camp_after_burial(state, plan)))
    if state.decision == Decision.INDIANS and plan.verb == Verb.PLAY:
        return tn("{n} Indian, then {performances}", "{n} Indians, then {performances}", plan.indians,
                  performances=performances_words(plan))
    if state.decision == Decision.PERFORM and plan.verb == Verb.PERFORM:
        return t("From here: {performances}", performances=performances_words(plan))
    return plan_label(state, plan)


# --- compact: one short line per plan (the terminal table's menu) -------------------------------------


def short_card_name(slug: str) -> str:
    """A card named in few letters: a starting Character (all people with a surname) by its last word
    ("Labiche", "Field"), any other card whole (Indian names such as "Black Buffalo" have no surname)."""
    card = BY_SLUG[slug]
    return card.name.split()[-1] if card.role else card.name


def compact_source(plan: Plan) -> str:
    """Where the Strength comes from, briefly: "McNeal under +1 Indian", "McNeal under", "2 Indians"."""
    if plan.under in ("", "none"):
        return tn("{n} Indian", "{n} Indians", plan.indians)
    card = short_card_name(plan.under)
    if plan.indians:
        return tn("{card} under +{n} Indian", "{card} under +{n} Indians", plan.indians, card=card)
    return t("{card} under", card=card)


def compact_times(plan: Plan) -> str:
    """What the plan performs, briefly: "×3", "food ×1", "×2 boosted" (empty when it performs nothing)."""
    if not plan.times:
        return ""
    text = t("×{n}", n=plan.times)
    if plan.choice:
        text = t("{choice} {times}", choice=plan_choice(plan), times=text)
    return t("{times} boosted", times=text) if plan.boost else text


def compact_ending(plan: Plan, camp: int | None = None) -> str:
    """How the plan ends, briefly: ", keep all", ", keep what fits", ", then stop", and ", then choose"
    when it leaves a decision open; ", empties the hand: Camp on 28" for a plan that only does that."""
    if camp is not None:
        return t(", empties the hand: Camp on {space}", space=camp)
    if not plan.times:
        return t(", then choose")
    end = t(", then stop") if plan.stops else t(", keep all") if plan.keep_all else t(", keep what fits")
    return end if plan.complete else end + t(", then choose")


def compact_label(state: State, plan: Plan) -> str:
    """``plan_label`` in one short line: "York ×3 (McNeal under +1 Indian), keep all",
    "Hunting ×2 (2 Indians), keep all", "Recruit York, discard Labiche"."""
    times = compact_times(plan)
    if plan.verb == Verb.PLAY and plan.under:
        head = t("{card} {times}", card=BY_SLUG[plan.card].name, times=times) if times else BY_SLUG[plan.card].name
        return t("{what} ({source}){ending}", what=head, source=compact_source(plan),
                 ending=compact_ending(plan, camp_after_burial(state, plan)))
    if plan.verb == Verb.VILLAGE:
        place = place_title(PLACES[PLACE_INDEX[plan.place]])
        head = t("{card} {times}", card=place, times=times) if times else place
        return t("{what} ({source}){ending}", what=head, source=compact_source(plan), ending=compact_ending(plan))
    if plan.verb == Verb.RECRUIT and plan.discount not in ("", "none"):
        return t("Recruit {card}, discard {discard}", card=BY_SLUG[plan.card].name,
                 discard=short_card_name(plan.discount))
    return plan_label(state, plan)


def compact_choice_label(state: State, plan: Plan) -> str:
    """``choice_label`` in one short line: at a turn ``compact_label``; inside an action from the decision
    it starts at ("McNeal under +1 Indian: ×3, keep all", "+1 Indian: ×3, keep all", "×2, keep all")."""
    times = compact_times(plan)
    if state.decision == Decision.UNDER and plan.verb == Verb.PLAY and plan.under:
        return t("{source}: {times}{ending}", source=compact_source(plan), times=times,
                 ending=compact_ending(plan, camp_after_burial(state, plan)))
    if state.decision == Decision.INDIANS and plan.verb == Verb.PLAY:
        if not plan.indians:
            return t("No Indians: {times}{ending}", times=times, ending=compact_ending(plan))
        return tn("+{n} Indian: {times}{ending}", "+{n} Indians: {times}{ending}", plan.indians, times=times,
                  ending=compact_ending(plan))
    if state.decision == Decision.PERFORM and plan.verb == Verb.PERFORM:
        return t("From here: {times}{ending}", times=times, ending=compact_ending(plan))
    return compact_label(state, plan)
