"""What cards and Village places do, in the project's own words, shared by every front end.

Texts are composed from the effect data (``effects_spec``), so they cannot disagree with what the
engine does; only the permanent cards and a few unique powers get a written sentence. Nothing here
is the rulebook's wording (tests/wording/test_texts.py checks that no run of eight of its words appears).
Two forms: full sentences (``card_text``, ``place_text``) and compact reminders for tables
(``card_summary``, ``place_summary``).
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.cards import BOLEY, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE, Card
from lewis_clark.effects import CUT_NOSE_BONUS, FAREWELL_DISCARDS, JARROT_BONUS, MOST_DIFFERENT
from lewis_clark.effects_spec import Alternative
from lewis_clark.queries import BOLEY_DISCOUNT, GRAVELINES_DISCOUNT
from lewis_clark.resources import NONE
from lewis_clark.turn import MOST_PER_PLACEMENT
from lewis_clark.village import Place
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import bundle_words, choice_name, kind_count, kind_name

# What a counted movement counts, after "one space per" (keys: effects_spec.COUNTERS).
COUNTERS: dict[str, Callable[[], str]] = {
    "food-badges": lambda: t("Food badge you can see (your area and your neighbours')"),
    "equipment-badges": lambda: t("Equipment badge you can see (your area and your neighbours')"),
    "scouts-ahead": lambda: t("Scout on or beyond your Camp (yours and Mackenzie's count)"),
    "indians-on-boats": lambda: t("Indian on your boats"),
    "indians-in-village": lambda: t("Indian in the Village (places, Powwow and Newcomer)"),
    "resource-pairs": lambda: t("two resources on your boats"),
    "resource-triples": lambda: t("three resources on your boats"),
    "face-up": lambda: t("face-up card in your own area"),
}
SHORT_COUNTERS: dict[str, Callable[[], str]] = {
    "food-badges": lambda: t("food badges"), "equipment-badges": lambda: t("equip. badges"),
    "scouts-ahead": lambda: t("scouts ahead"), "indians-on-boats": lambda: t("your indians"),
    "indians-in-village": lambda: t("village indians"), "resource-pairs": lambda: t("res./2"),
    "resource-triples": lambda: t("res./3"), "face-up": lambda: t("face-up cards"),
}

PERMANENT_TEXT: dict[int, Callable[[], str]] = {
    LAROCQUE: lambda: t("While face-up in your area: your Scout moves past spaces held by other Scouts without "
                        "counting them."),
    GRAVELINES: lambda: t("While face-up in your area: recruiting costs {fur} Fur less (never below nothing).",
                          fur=GRAVELINES_DISCOUNT),
    BOLEY: lambda: t("While face-up in your area: your Camps cost {time} Time less.", time=BOLEY_DISCOUNT),
    JARROT: lambda: tn("While face-up in your area: once per action, one River movement goes {n} space further "
                       "(choose 'boost' when you perform it).",
                       "While face-up in your area: once per action, one River movement goes {n} spaces further "
                       "(choose 'boost' when you perform it).", JARROT_BONUS),
    CUT_NOSE: lambda: tn("While face-up in your area: once per action, one Mountain movement goes {n} space further "
                         "(choose 'boost' when you perform it).",
                         "While face-up in your area: once per action, one Mountain movement goes {n} spaces further "
                         "(choose 'boost' when you perform it).", CUT_NOSE_BONUS),
}
PERMANENT_SHORT: dict[int, Callable[[], str]] = {
    LAROCQUE: lambda: t("permanent: skip other scouts"),
    GRAVELINES: lambda: t("permanent: recruit -{fur} fur", fur=GRAVELINES_DISCOUNT),
    BOLEY: lambda: t("permanent: camp -{time} time", time=BOLEY_DISCOUNT),
    JARROT: lambda: t("permanent: river +{n} once", n=JARROT_BONUS),
    CUT_NOSE: lambda: t("permanent: mountain +{n} once", n=CUT_NOSE_BONUS),
}
# Unique points the effect data cannot say (card ids).
NOTES: dict[int, Callable[[], str]] = {14: lambda: t("After all its picks the Journal slides down and is refilled once.")}


def spaces(n: int) -> str:
    """A distance, e.g. "2 spaces"."""
    return tn("{n} space", "{n} spaces", n)


def _move(alt: Alternative) -> str:
    river = alt.result == "river"
    if alt.counter:
        what = COUNTERS[alt.counter]()
        return (t("move your Scout on the River, one space per {what}", what=what) if river
                else t("move your Scout in the Mountains, one space per {what}", what=what))
    return (tn("move your Scout {n} space on the River", "move your Scout {n} spaces on the River", alt.count) if river
            else tn("move your Scout {n} space in the Mountains", "move your Scout {n} spaces in the Mountains", alt.count))


def _face_up(alt: Alternative) -> str:
    if alt.resource < 0:
        return t("take different resources among wood, fur, food and equipment, one per face-up card in your own area "
                 "(at most {most})", most=MOST_DIFFERENT)
    return t("take 1 {kind} per face-up card in your own area", kind=kind_name(alt.resource))


def _village(alt: Alternative) -> str:
    if alt.occupied_only:
        return t("use the action of a Village place that holds an Indian once (no Indian moves)")
    return t("use the action of any Village place once (no Indian moves)")


# What one performance gives, by effects_spec result.
_RESULTS: dict[str, Callable[[Alternative], str]] = {
    "take": lambda a: t("take {what}", what=bundle_words(a.take)),
    "choose": lambda a: tn("take {n} resource of your choice among wood, fur, food and equipment",
                           "take {n} resources of your choice among wood, fur, food and equipment (a kind may repeat)",
                           a.count),
    "collect": lambda a: t("take 1 {kind} per {kind} badge in your area and your neighbours' areas",
                           kind=kind_name(a.resource)),
    "river": _move,
    "mountain": _move,
    "face-up": _face_up,
    "interpreter": lambda a: t("bring every Indian of the Village and the Newcomer to the Powwow and take as many of "
                               "them as you like onto your boats; then the first Journal card is discarded, the "
                               "Journal refilled, and a new Indian from the stock becomes the Newcomer"),
    "pick": lambda a: t("take a card of your choice from the Journal into your hand, free"),
    "village": _village,
    "copy": lambda a: t("copy once, at Strength 1, the action of a face-up card in any area (not a permanent one)"),
    "boat": lambda a: t("add a boat tile to your expedition (choose its face)"),
    "farewell": lambda a: tn("discard up to {n} card from your hand, then the whole Journal is replaced by new cards",
                             "discard up to {n} cards from your hand, then the whole Journal is replaced by new cards",
                             FAREWELL_DISCARDS),
}


def _short_move(a: Alternative) -> str:
    by = SHORT_COUNTERS[a.counter]() if a.counter else str(a.count)
    return t("river {by}", by=by) if a.result == "river" else t("mountain {by}", by=by)


def _short_take(a: Alternative) -> str:
    return t("+{what}", what=" + ".join(_short_count(kind, n) for kind, n in enumerate(a.take) if n))


_SHORT_RESULTS: dict[str, Callable[[Alternative], str]] = {
    "take": _short_take,
    "choose": lambda a: t("+{n} any", n=a.count),
    "collect": lambda a: t("collect {kind}", kind=kind_name(a.resource)),
    "river": _short_move,
    "mountain": _short_move,
    "face-up": lambda a: (t("+1 per face-up (different)") if a.resource < 0
                          else t("+1 per face-up {kind}", kind=kind_name(a.resource))),
    "interpreter": lambda a: t("take powwow indians"),
    "pick": lambda a: t("take a Journal card"),
    "village": lambda a: t("use a village place"),
    "copy": lambda a: t("copy a card"),
    "boat": lambda a: t("new boat"),
    "farewell": lambda a: t("discard, new Journal"),
}


def _short_count(kind: int, n: int) -> str:
    return t("{n} equip.", n=n) if kind == 3 else kind_count(kind, n)


def cost_words(alt: Alternative) -> list[str]:
    """What one performance costs, e.g. ["send 1 Indian from your boats to the Powwow", "pay 1 food"]."""
    costs = [tn("send {n} Indian from your boats to the Powwow", "send {n} Indians from your boats to the Powwow",
                alt.powwow)] if alt.powwow else []
    costs += [t("pay {what}", what=bundle_words(alt.pay))] if alt.pay != NONE else []
    costs += [tn("pay any {n} resource", "pay any {n} resources", alt.pay_any)] if alt.pay_any else []
    costs += [tn("pay {n} different resource", "pay {n} different resources", alt.pay_different)] if alt.pay_different else []
    return costs


def result_words(alt: Alternative) -> str:
    """What one performance gives, e.g. "move your Scout 2 spaces on the River"."""
    return _RESULTS[alt.result](alt) if alt.result in _RESULTS else t("nothing")


def alternative_text(alt: Alternative) -> str:
    """One way of performing, e.g. "pay 1 food, then move your Scout 2 spaces on the River"."""
    costs = cost_words(alt)
    if not costs:
        return result_words(alt)
    return t("{costs}, then {result}", costs=", ".join(costs), result=result_words(alt))


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def action_text(alternatives: tuple[Alternative, ...]) -> str:
    """Everything an action can do, as a sentence; each alternative named as its choice's button names it
    ("river with food"), never by its notation label, which is English whatever the language."""
    if len(alternatives) == 1:
        return t("{text}.", text=_sentence(alternative_text(alternatives[0])))
    parts = [t("'{label}': {text}", label=choice_name(a.label, a.result), text=alternative_text(a))
             for a in alternatives]
    return t("Each time, choose one: {choices}.", choices="; ".join(parts))


def card_text(card: Card) -> str:
    """What a card does: its action (or permanent power) and any note, in sentences."""
    if card.permanent:
        return t("{power} It has no action to perform and cannot be copied.", power=PERMANENT_TEXT[card.id]())
    notes = [t("Strength above 1 adds nothing to this card.")] if card.once_only else []
    notes += [NOTES[card.id]()] if card.id in NOTES else []
    return " ".join([action_text(card.alternatives), *notes])


def place_room(place: Place) -> str:
    """How many Indians a Village place takes and what they give."""
    if place.semicircle:
        return t("Any number of Indians may be here; send 1 to {most} at a time, each gives 1 Strength.",
                 most=MOST_PER_PLACEMENT)
    if place.spots == 2:
        return t("It has two circles: send 1 Indian to an empty circle for Strength 1.")
    return t("It has one circle: send 1 Indian to an empty circle for Strength 1.")


def place_text(place: Place) -> str:
    """What a Village place does and how many Indians it takes."""
    return f"{action_text(place.alternatives)} {place_room(place)}"


def alternative_short(alt: Alternative) -> str:
    """One way of performing in a few characters, e.g. "1 food > river 2"."""
    costs = [t("{n} ind.>powwow", n=alt.powwow)] if alt.powwow else []
    costs += [" + ".join(_short_count(kind, n) for kind, n in enumerate(alt.pay) if n)] if alt.pay != NONE else []
    costs += [t("any {n}", n=alt.pay_any)] if alt.pay_any else []
    costs += [t("{n} different", n=alt.pay_different)] if alt.pay_different else []
    result = _SHORT_RESULTS[alt.result](alt) if alt.result in _SHORT_RESULTS else "-"
    return t("{costs} > {result}", costs=" + ".join(costs), result=result) if costs else result


def card_summary(card: Card) -> str:
    """A compact one-line reminder of a card's action, e.g. "1 food > river 2 | 1 canoe > river 4"."""
    if card.permanent:
        return PERMANENT_SHORT[card.id]()
    return " | ".join(alternative_short(a) for a in card.alternatives)


def place_summary(place: Place) -> str:
    """A compact one-line reminder of a Village place's action."""
    return " | ".join(alternative_short(a) for a in place.alternatives)
