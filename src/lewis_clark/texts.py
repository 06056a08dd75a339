"""The project's own wording of cards and Village places, shared by every front end.

Texts are composed from the effect data (``effects_spec``), so they cannot disagree with what the
engine does; only the permanent cards and a few unique powers get a written sentence. Nothing here
is the rulebook's wording (tests/test_texts.py checks that no run of eight of its words appears).
Two forms: full sentences (``card_text``, ``place_text``) and compact reminders for tables
(``card_summary``, ``place_summary``).
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.cards import BOLEY, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE, Card
from lewis_clark.effects_spec import Alternative
from lewis_clark.resources import KINDS, NONE, Bundle, bundle_text
from lewis_clark.village import Place


def plural(n: int, word: str) -> str:
    """ "1 Indian", "2 Indians"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_COUNTABLE = {"canoe": "canoe", "horse": "horse", "indian": "Indian"}  # wood, fur, food and equipment take no -s


def bundle_words(b: Bundle) -> str:
    """A bundle for people: "2 wood + 1 fur", "2 canoes", or "nothing" (the notation says "none")."""
    parts = [plural(n, _COUNTABLE[kind]) if kind in _COUNTABLE else f"{n} {kind}" for kind, n in zip(KINDS, b, strict=True) if n]
    return " + ".join(parts) if parts else "nothing"


# What a counted movement counts, after "one space per" (keys: effects_spec.COUNTERS).
COUNTERS: dict[str, str] = {
    "food-badges": "Food badge you can see (your area and your neighbours')",
    "equipment-badges": "Equipment badge you can see (your area and your neighbours')",
    "scouts-ahead": "Scout on or beyond your Camp (yours and Mackenzie's count)",
    "indians-on-boats": "Indian on your boats",
    "indians-in-village": "Indian in the Village (places, Powwow and Newcomer)",
    "resource-pairs": "two resources on your boats",
    "resource-triples": "three resources on your boats",
    "face-up": "face-up card in your own area",
}
SHORT_COUNTERS: dict[str, str] = {
    "food-badges": "food badges", "equipment-badges": "equip. badges", "scouts-ahead": "scouts ahead",
    "indians-on-boats": "your indians", "indians-in-village": "village indians", "resource-pairs": "res./2",
    "resource-triples": "res./3", "face-up": "face-up cards",
}

PERMANENT_TEXT: dict[int, str] = {
    LAROCQUE: "While face-up in your area: your Scout moves past spaces held by other Scouts without "
              "counting them.",
    GRAVELINES: "While face-up in your area: recruiting costs 2 Fur less (never below nothing).",
    BOLEY: "While face-up in your area: your Camps cost 1 Time less.",
    JARROT: "While face-up in your area: once per action, one River movement goes 2 spaces further "
            "(choose 'boost' when you perform it).",
    CUT_NOSE: "While face-up in your area: once per action, one Mountain movement goes 1 space further "
              "(choose 'boost' when you perform it).",
}
PERMANENT_SHORT: dict[int, str] = {
    LAROCQUE: "permanent: skip other scouts", GRAVELINES: "permanent: recruit -2 fur", BOLEY: "permanent: camp -1 time",
    JARROT: "permanent: river +2 once", CUT_NOSE: "permanent: mountain +1 once",
}
ONCE_ONLY_NOTE = "Strength above 1 adds nothing to this card."
# Unique points the effect data cannot say (card ids).
NOTES: dict[int, str] = {14: "After all its picks the Journal slides down and is refilled once."}


def _where(alt: Alternative) -> str:
    return "on the River" if alt.result == "river" else "in the Mountains"


def _move(alt: Alternative) -> str:
    if alt.counter:
        return f"move your Scout {_where(alt)}, one space per {COUNTERS[alt.counter]}"
    return f"move your Scout {plural(alt.count, 'space')} {_where(alt)}"


def _face_up(alt: Alternative) -> str:
    if alt.resource < 0:
        return ("take different resources among wood, fur, food and equipment, one per face-up card in your own area "
                "(at most 4)")
    return f"take 1 {KINDS[alt.resource]} per face-up card in your own area"


def _village(alt: Alternative) -> str:
    which = "a Village place that holds an Indian" if alt.occupied_only else "any Village place"
    return f"use the action of {which} once (no Indian moves)"


# What one performance gives, by effects_spec result.
_RESULTS: dict[str, Callable[[Alternative], str]] = {
    "take": lambda a: f"take {bundle_words(a.take)}",
    "choose": lambda a: f"take {a.count} resources of your choice among wood, fur, food and equipment (a kind may repeat)",
    "collect": lambda a: (f"take 1 {KINDS[a.resource]} per {KINDS[a.resource]} badge in your area "
                          "and your neighbours' areas"),
    "river": _move,
    "mountain": _move,
    "face-up": _face_up,
    "interpreter": lambda a: ("bring every Indian of the Village and the Newcomer to the Powwow and take as many of "
                              "them as you like onto your boats; then the first Journal card is discarded, the "
                              "Journal refilled, and a new Indian from the stock becomes the Newcomer"),
    "pick": lambda a: "take a card of your choice from the Journal into your hand, free",
    "village": _village,
    "copy": lambda a: "copy once, at Strength 1, the action of a face-up card in any area (not a permanent one)",
    "boat": lambda a: "add a boat tile to your expedition (choose its face)",
    "farewell": lambda a: "discard up to 3 cards from your hand, then the whole Journal is replaced by new cards",
}
_SHORT_RESULTS: dict[str, Callable[[Alternative], str]] = {
    "take": lambda a: "+" + bundle_text(a.take),
    "choose": lambda a: f"+{a.count} any",
    "collect": lambda a: f"collect {KINDS[a.resource]}",
    "river": lambda a: f"river {SHORT_COUNTERS[a.counter] if a.counter else a.count}",
    "mountain": lambda a: f"mountain {SHORT_COUNTERS[a.counter] if a.counter else a.count}",
    "face-up": lambda a: "+1 per face-up" + (" (different)" if a.resource < 0 else f" {KINDS[a.resource]}"),
    "interpreter": lambda a: "take powwow indians",
    "pick": lambda a: "take a Journal card",
    "village": lambda a: "use a village place",
    "copy": lambda a: "copy a card",
    "boat": lambda a: "new boat",
    "farewell": lambda a: "discard, new Journal",
}


def cost_words(alt: Alternative) -> list[str]:
    """What one performance costs, e.g. ["send 1 Indian from your boats to the Powwow", "pay 1 food"]."""
    costs = [f"send {plural(alt.powwow, 'Indian')} from your boats to the Powwow"] if alt.powwow else []
    costs += [f"pay {bundle_words(alt.pay)}"] if alt.pay != NONE else []
    costs += [f"pay any {plural(alt.pay_any, 'resource')}"] if alt.pay_any else []
    costs += [f"pay {alt.pay_different} different resources"] if alt.pay_different else []
    return costs


def result_words(alt: Alternative) -> str:
    """What one performance gives, e.g. "move your Scout 2 spaces on the River"."""
    return _RESULTS[alt.result](alt) if alt.result in _RESULTS else "nothing"


def alternative_text(alt: Alternative) -> str:
    """One way of performing, e.g. "pay 1 food, then move your Scout 2 spaces on the River"."""
    costs = cost_words(alt)
    return ", ".join(costs) + ", then " + result_words(alt) if costs else result_words(alt)


def action_text(alternatives: tuple[Alternative, ...]) -> str:
    """Everything an action can do, as a sentence; alternatives are named by their notation label."""
    if len(alternatives) == 1:
        text = alternative_text(alternatives[0])
        return text[0].upper() + text[1:] + "."
    parts = [f"'{a.label}': {alternative_text(a)}" for a in alternatives]
    return "Each time, choose one: " + "; ".join(parts) + "."


def card_text(card: Card) -> str:
    """What a card does: its action (or permanent power) and any note, in sentences."""
    if card.permanent:
        return PERMANENT_TEXT[card.id] + " It has no action to perform and cannot be copied."
    notes = [ONCE_ONLY_NOTE] if card.once_only else []
    notes += [NOTES[card.id]] if card.id in NOTES else []
    return " ".join([action_text(card.alternatives), *notes])


def place_room(place: Place) -> str:
    """How many Indians a Village place takes and what they give."""
    if place.semicircle:
        return "Any number of Indians may be here; send 1 to 3 at a time, each gives 1 Strength."
    spots = "two circles" if place.spots == 2 else "one circle"
    return f"It has {spots}: send 1 Indian to an empty circle for Strength 1."


def place_text(place: Place) -> str:
    """What a Village place does and how many Indians it takes."""
    return f"{action_text(place.alternatives)} {place_room(place)}"


def alternative_short(alt: Alternative) -> str:
    """One way of performing in a few characters, e.g. "1 food > river 2"."""
    costs = [f"{alt.powwow} ind.>powwow"] if alt.powwow else []
    costs += [bundle_text(alt.pay).replace("equipment", "equip.")] if alt.pay != NONE else []
    costs += [f"any {alt.pay_any}"] if alt.pay_any else []
    costs += [f"{alt.pay_different} different"] if alt.pay_different else []
    result = _SHORT_RESULTS[alt.result](alt) if alt.result in _SHORT_RESULTS else "-"
    return " + ".join(costs) + " > " + result if costs else result


def card_summary(card: Card) -> str:
    """A compact one-line reminder of a card's action, e.g. "1 food > river 2 | 1 canoe > river 4"."""
    if card.permanent:
        return PERMANENT_SHORT[card.id]
    return " | ".join(alternative_short(a) for a in card.alternatives)


def place_summary(place: Place) -> str:
    """A compact one-line reminder of a Village place's action."""
    return " | ".join(alternative_short(a) for a in place.alternatives)
