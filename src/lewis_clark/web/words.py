"""Words for the web page: card and Village texts, and a label and a click target for each action.

Texts are the project's own short wording, generated from the cards' effect data (never the
rulebook's sentences), so a card's tooltip always says what the engine does.
"""

from __future__ import annotations

from typing import Any

from lewis_clark.actions import Action
from lewis_clark.cards import BOLEY, BY_SLUG, CARDS, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE, Card
from lewis_clark.describe import source_name
from lewis_clark.effects_spec import Alternative
from lewis_clark.journal import fur_cost
from lewis_clark.resources import KINDS, NONE, Bundle, bundle_text
from lewis_clark.rules import camp, camp_time, recruit_fur
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES, Place

PERMANENT_TEXT = {
    LAROCQUE: "While face up: your Scout skips over spaces held by other Scouts without counting them.",
    GRAVELINES: "While face up: recruiting costs you 2 Fur less.",
    BOLEY: "While face up: each Camp costs you 1 Time less.",
    JARROT: "While face up: once per action, a river move may go 2 spaces further (boost).",
    CUT_NOSE: "While face up: once per action, a mountain move may go 1 space further (boost).",
}
COUNTED = {
    "food-badges": "one space per Food badge you can count",
    "equipment-badges": "one space per Equipment badge you can count",
    "scouts-ahead": "one space per Scout level with or ahead of your Camp (yours too)",
    "indians-on-boats": "one space per Indian on your boats",
    "indians-in-village": "one space per Indian in the Village (Powwow and Newcomer too)",
    "resource-pairs": "one space per 2 resources you carry",
    "resource-triples": "one space per 3 resources you carry",
    "face-up": "one space per face-up card in your area",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def nice_bundle(b: Bundle) -> str:
    return bundle_text(b).replace("indian", "Indian") if b != NONE else "nothing"


def alternative_text(alt: Alternative) -> str:
    """One way of performing, e.g. "pay 1 Food: move 2 spaces up the river"."""
    costs = []
    if alt.powwow:
        costs.append(f"send {plural(alt.powwow, 'Indian')} from your boats to the Powwow")
    if alt.pay != NONE:
        costs.append(f"pay {nice_bundle(alt.pay)}")
    if alt.pay_any:
        costs.append(f"pay {plural(alt.pay_any, 'resource')} of any kind")
    if alt.pay_different:
        costs.append(f"pay {alt.pay_different} different basic resources")
    r = alt.result
    if r == "take":
        gain = f"get {nice_bundle(alt.take)}"
    elif r == "choose":
        gain = f"get {alt.count} basic resources of your choice"
    elif r == "collect":
        gain = f"get 1 {KINDS[alt.resource]} per {KINDS[alt.resource]} badge in your area and your neighbours'"
    elif r in ("river", "mountain"):
        where = "on the river" if r == "river" else "over the mountains"
        gain = f"move {plural(alt.count, 'space')} {where}" if alt.count else f"move {where}, {COUNTED[alt.counter]}"
    elif r == "face-up":
        gain = ("get different basic resources, one per face-up card in your area (4 at most)" if alt.resource < 0
                else f"get 1 {KINDS[alt.resource]} per face-up card in your area")
    elif r == "interpreter":
        gain = ("call every Indian of the Village and the Newcomer to the Powwow and take as many as you like; "
                "then the first Journal card is discarded and a new Indian arrives")
    elif r == "pick":
        gain = "take a card of the Journal into your hand for nothing"
    elif r == "village":
        gain = "do the action of a Village place" + (" that holds an Indian" if alt.occupied_only else "")
    elif r == "copy":
        gain = "do once the action of a face-up card in any area"
    elif r == "boat":
        gain = "add a boat tile to your expedition"
    elif r == "farewell":
        gain = "discard up to 3 cards from your hand, then the whole Journal is replaced"
    else:
        gain = "nothing"
    text = (", ".join(costs) + ": " if costs else "") + gain
    return (f"({alt.label}) " if alt.label else "") + text[0].upper() + text[1:]


def card_text(card: Card) -> str:
    if card.permanent:
        return PERMANENT_TEXT[card.id]
    lines = [alternative_text(a) for a in card.alternatives]
    text = " — or — ".join(lines) if len(lines) > 1 else lines[0]
    if card.once_only:
        text += " (once per play, whatever its Strength)"
    return text + "."


def place_text(place: Place) -> str:
    spots = "any number of Indians (1-3 at a time)" if place.semicircle else plural(place.spots, "spot")
    lines = [alternative_text(a) for a in place.alternatives]
    return f"{' — or — '.join(lines)}. Holds {spots}; each Indian sent performs once."


def card_json(card: Card) -> dict[str, Any]:
    return {"id": card.id, "slug": card.slug, "name": card.name, "title": card.title, "strength": card.strength,
            "badge": KINDS[card.badge], "text": card_text(card), "colour": card.colour, "role": card.role,
            "number": card.number, "permanent": card.permanent}


def meta_json() -> dict[str, Any]:
    """Static game data for the page: cards, places, resource kinds."""
    return {
        "cards": {c.slug: card_json(c) for c in CARDS[1:]},
        "places": [{"name": p.name, "title": p.title, "spots": p.spots if not p.semicircle else 0,
                    "text": place_text(p), "solo_badge": KINDS[p.solo_badge]} for p in PLACES],
        "kinds": list(KINDS),
        "fur_costs": [fur_cost(i) for i in range(5)],
    }


def camp_preview(state: State, seat: int) -> dict[str, int]:
    """What a Camp would do for ``seat`` now: its Time and where Scout and Camp would stand (R16)."""
    trial = state.copy()
    trial.current = seat
    before = trial.players[seat]
    time = camp_time(before)
    camp(trial)
    after = trial.players[seat]
    return {"time": time, "scout": after.scout, "camp": after.camp}


def action_json(state: State, action: Action) -> dict[str, str]:
    """A legal action for the page: its text, a label in words and the thing it acts on."""
    return {"text": str(action), "label": label(state, action), "target": target(state, action), "verb": action.verb}


def target(state: State, a: Action) -> str:
    v = a.verb
    if v in ("play", "under", "discard") and a.subject != "none":
        return f"card:{a.subject}"
    if v == "recruit":
        return f"journal:{a.subject}"
    if v == "village":
        return f"village:{a.subject}"
    if v == "perform" and a.subject:
        if a.subject in PLACE_INDEX:
            return f"village:{a.subject}"
        card = BY_SLUG.get(a.subject)
        if card is not None:
            return f"journal:{a.subject}" if card.id in state.journal else f"card:{a.subject}"
    if v == "boat":
        return f"boat:{a.subject}"
    return ""


def label(state: State, a: Action) -> str:
    v = a.verb
    p = state.players[state.current]
    if v == "play":
        return f"Play {BY_SLUG[a.subject].title}"
    if v == "under":
        if a.subject == "none":
            return "Give Strength with Indians only"
        c = BY_SLUG[a.subject]
        return f"Put {c.name} under it (Strength {c.strength})"
    if v == "indians":
        return f"Add {plural(a.amount, 'Indian')}"
    if v == "village":
        return f"Send {plural(a.amount, 'Indian')} to {PLACES[PLACE_INDEX[a.subject]].title}"
    if v == "recruit":
        c = BY_SLUG[a.subject]
        slot = state.journal.index(c.id)
        return f"Recruit {c.title} ({recruit_fur(state, p, slot)} fur, Equipment by Strength {c.strength})"
    if v == "discard":
        return "Discard nothing" if a.subject == "none" else f"Discard {BY_SLUG[a.subject].name}"
    if v == "camp":
        preview = camp_preview(state, state.current)
        return f"Camp (Time {preview['time']}: Scout to {preview['scout']}, Camp at {preview['camp']})"
    if v == "end":
        return "End the turn"
    if v == "stop":
        return "Stop performing"
    if v == "perform":
        f = state.stack[-1]
        text = f"Perform {source_name(state, f.card, f.place)}"
        if a.subject:
            sub = a.subject
            if sub in PLACE_INDEX:
                sub = PLACES[PLACE_INDEX[sub]].title
            elif sub in BY_SLUG:
                sub = BY_SLUG[sub].name
            text += f": {sub}"
        if a.amount:
            text += " (boosted)"
        if a.bundle != NONE:
            text += f", paying {nice_bundle(a.bundle)}"
        return text
    if v == "take":
        return f"Take {nice_bundle(a.bundle)}"
    if v == "return":
        return f"Return 1 {a.subject}"
    if v == "boat":
        return f"Add a {a.subject.replace('-', ' ')} boat"
    return str(a)
