"""The JSON shapes the web page reads, built from the wording layer: cards, places, actions and the table.

Every sentence comes from ``lewis_clark.wording`` (in the language of the calling context), so the page
composes no English and re-derives no rule: boat capacity, the Camp preview and room in the Village
arrive here as numbers and words.
"""

from __future__ import annotations

from typing import Any

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS, Card
from lewis_clark.journal import fur_cost
from lewis_clark.plans import Plan
from lewis_clark.queries import capacity
from lewis_clark.resources import KINDS, RESOURCES
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.web.faces import card_face
from lewis_clark.wording import (
    camp_preview as camp_words,
)
from lewis_clark.wording import (
    card_text,
    card_title,
    discard_warning,
    kind_name,
    label,
    place_room,
    place_text,
    place_title,
    resources_line,
    t,
    village_room,
)
from lewis_clark.wording.names import COLOUR_NAMES, LEVEL_NAMES
from lewis_clark.wording.page import page_words
from lewis_clark.wording.plans import choice_label, compact_choice_label

__all__ = ["action_json", "card_json", "label", "meta_json", "plan_json", "table_json", "target"]


def card_json(card: Card) -> dict[str, Any]:
    """A card for the page: its data, and its title and text in words."""
    return {"id": card.id, "slug": card.slug, "name": card.name, "title": card_title(card), "strength": card.strength,
            "badge": KINDS[card.badge], "badge_name": kind_name(card.badge), "text": card_text(card),
            "colour": card.colour, "role": card.role, "number": card.number, "permanent": card.permanent,
            "face": card_face(card),
            "tip": t("{title} - Strength {strength}, {badge} badge. {text}", title=card_title(card), strength=card.strength,
                     badge=kind_name(card.badge), text=card_text(card))}


def meta_json() -> dict[str, Any]:
    """Static game data for the page: cards, places, resource kinds, and the pages' own words (``page_words``)."""
    return {
        "cards": {c.slug: card_json(c) for c in CARDS[1:]},
        "places": [{"name": p.name, "title": place_title(p), "spots": p.spots if not p.semicircle else 0,
                    "text": place_text(p), "room": place_room(p), "solo_badge": KINDS[p.solo_badge]} for p in PLACES],
        "kinds": list(KINDS),
        "kind_names": [kind_name(k) for k in range(len(KINDS))],
        "fur_costs": [fur_cost(i) for i in range(5)],
        "colour_names": {c: name() for c, name in COLOUR_NAMES.items()},
        "level_names": {level: name() for level, name in LEVEL_NAMES.items()},
        "words": page_words(),
    }


def table_json(state: State) -> dict[str, Any]:
    """Per-seat numbers and words the page shows as they are (``queries`` answers the rules)."""
    seats = []
    for seat, p in enumerate(state.players):
        held = sum(p.resources[r] for r in RESOURCES)
        seats.append({
            "held": held, "capacity": capacity(p),
            "boats": t("Boats: {held}/{capacity} resources", held=held, capacity=capacity(p)),
            "resources": resources_line(state, seat),
            "camp": camp_words(state, seat) if not state.over else "",
        })
    return {"seats": seats, "village": [village_room(state, place) for place in PLACES]}


def action_json(state: State, action: Action) -> dict[str, str]:
    """A legal action for the page: its text, a label in words, the thing it acts on, and the question
    to ask before sending it ("" for most; ``discard_warning``)."""
    return {"text": str(action), "label": label(state, action), "target": target(state, action), "verb": action.verb,
            "warn": discard_warning(state, action)}


def plan_json(state: State, plan: Plan) -> dict[str, Any]:
    """A plan for the page: its label (and a compact one for phones), its steps in the notation, what its
    first step acts on, and whether it finishes its action (else single choices follow)."""
    return {"label": choice_label(state, plan), "short": compact_choice_label(state, plan),
            "steps": [str(a) for a in plan.steps],
            "target": target(state, plan.steps[0]), "complete": plan.complete}


def target(state: State, a: Action) -> str:
    """What a click on the table means for ``a``: "card:york", "journal:hay", "village:hunting", "boat:..."."""
    v = a.verb
    if v in (Verb.PLAY, Verb.UNDER, Verb.DISCARD) and a.subject != "none":
        return f"card:{a.subject}"
    if v == Verb.RECRUIT:
        return f"journal:{a.subject}"
    if v == Verb.VILLAGE:
        return f"village:{a.subject}"
    if v == Verb.PERFORM and a.subject:
        if a.subject in PLACE_INDEX:
            return f"village:{a.subject}"
        card = BY_SLUG.get(a.subject)
        if card is not None:
            return f"journal:{a.subject}" if card.id in state.journal else f"card:{a.subject}"
    if v == Verb.BOAT:
        return f"boat:{a.subject}"
    return ""
