"""Words for the web page: card and Village texts, and a label and a click target for each action.

Card and place texts come from ``lewis_clark.texts`` (the project's own wording, generated from the
effect data and shared with the terminal), so a tooltip always says what the engine does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lewis_clark.actions import Action
from lewis_clark.cards import BY_SLUG, CARDS, Card
from lewis_clark.describe import source_name
from lewis_clark.journal import fur_cost
from lewis_clark.queries import camp_time, recruit_fur
from lewis_clark.resources import KINDS
from lewis_clark.rules import camp
from lewis_clark.state import State
from lewis_clark.texts import bundle_words, card_text, place_text, plural
from lewis_clark.village import PLACE_INDEX, PLACES


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


def _under_label(state: State, a: Action) -> str:
    if a.subject == "none":
        return "Give Strength with Indians only"
    c = BY_SLUG[a.subject]
    return f"Put {c.name} under it (Strength {c.strength})"


def _recruit_label(state: State, a: Action) -> str:
    c = BY_SLUG[a.subject]
    fur = recruit_fur(state, state.players[state.current], state.journal.index(c.id))
    return f"Recruit {c.title} ({fur} fur, Equipment by Strength {c.strength})"


def _camp_label(state: State, a: Action) -> str:
    preview = camp_preview(state, state.current)
    return f"Camp (Time {preview['time']}: Scout to {preview['scout']}, Camp at {preview['camp']})"


def _choice_name(subject: str) -> str:
    """A perform choice in words: a place's title, a card's name, or the label itself."""
    if subject in PLACE_INDEX:
        return PLACES[PLACE_INDEX[subject]].title
    return BY_SLUG[subject].name if subject in BY_SLUG else subject


def _perform_label(state: State, a: Action) -> str:
    f = state.stack[-1]
    text = f"Perform {source_name(state, f.card, f.place)}" + (f": {_choice_name(a.subject)}" if a.subject else "")
    return text + (" (boosted)" if a.boost else "") + (f", paying {bundle_words(a.bundle)}" if any(a.bundle) else "")


# The button text of each verb (the notation's verbs, actions.VERBS).
_LABELS: dict[str, Callable[[State, Action], str]] = {
    "play": lambda s, a: f"Play {BY_SLUG[a.subject].title}",
    "under": _under_label,
    "indians": lambda s, a: f"Add {plural(a.indians, 'Indian')}",
    "village": lambda s, a: f"Send {plural(a.indians, 'Indian')} to {PLACES[PLACE_INDEX[a.subject]].title}",
    "recruit": _recruit_label,
    "discard": lambda s, a: "Discard nothing" if a.subject == "none" else f"Discard {BY_SLUG[a.subject].name}",
    "camp": _camp_label,
    "end": lambda s, a: "End the turn",
    "stop": lambda s, a: "Stop performing",
    "perform": _perform_label,
    "take": lambda s, a: f"Take {bundle_words(a.bundle)}",
    "return": lambda s, a: f"Return 1 {a.subject}",
    "boat": lambda s, a: f"Add a {a.subject.replace('-', ' ')} boat",
}


def label(state: State, a: Action) -> str:
    """An action in words for its button, e.g. "Send 2 Indians to Hunting"."""
    return _LABELS[a.verb](state, a) if a.verb in _LABELS else str(a)
