"""Words for people: what the game waits for, and one log line per action.

Card and rule texts here are the project's own short wording, not the rulebook's.
"""

from __future__ import annotations

from lewis_clark.actions import Action
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.queries import camp_time
from lewis_clark.resources import bundle_text
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES


def who(state: State, seat: int) -> str:
    return state.players[seat].colour.capitalize()


def source_name(state: State, card: int, place: int) -> str:
    return PLACES[place].title if place >= 0 else CARDS[card].title


def prompt(state: State) -> str:
    """What must be decided next and by whom, e.g. "Blue: choose the Strength card for York (Hunter)"."""
    if state.over:
        return "the game is over"
    name = who(state, state.current)
    if not state.stack:
        if state.must_camp and not state.camped:
            return f"{name} must Camp before acting (no Indian on the boats and fewer than two cards)"
        phase = "the rest of the turn" if state.acted else "the turn's action"
        return f"{name} to choose {phase}"
    f = state.stack[-1]
    kind = f.kind
    if kind == "under":
        return f"{name}: choose a card to give Strength to {CARDS[f.card].title}, or none"
    if kind == "indians":
        return f"{name}: choose how many Indians add Strength to {CARDS[f.card].title}"
    if kind == "perform":
        return (f"{name}: perform {source_name(state, f.card, f.place)} "
                f"({f.performances} more time{'s' if f.performances != 1 else ''} at most) or stop")
    if kind == "take":
        return f"{name}: choose what to keep"
    if kind == "overflow":
        return f"{name}: the boats are full; return {f.returns} resource{'s' if f.returns != 1 else ''}"
    if kind == "recruit":
        return f"{name}: recruiting {CARDS[f.card].title}; choose a card to discard for a discount, or none"
    if kind == "farewell":
        return f"{name}: discard up to {f.discards} more card{'s' if f.discards != 1 else ''}, or none"
    if kind == "boat":
        return f"{name}: choose the face of the new boat tile"
    return f"{name}: {kind}"


def describe(before: State, action: Action, after: State) -> str:
    """One readable log line for ``action`` taken in ``before`` and giving ``after``."""
    seat = before.current
    name = who(before, seat)
    p0, p1 = before.players[seat], after.players[seat]
    v = action.verb
    if v == "play":
        line = f"{name} plays {BY_SLUG[action.subject].title}"
    elif v == "under":
        line = (f"{name} gives it Strength {BY_SLUG[action.subject].strength} from {BY_SLUG[action.subject].name}"
                if action.subject != "none" else f"{name} gives it Strength with Indians only")
    elif v == "indians":
        n = action.indians
        line = f"{name} adds {n} Indian{'s' if n != 1 else ''}" if n else f"{name} adds no Indians"
    elif v == "village":
        place = PLACES[PLACE_INDEX[action.subject]]
        line = f"{name} sends {action.indians} Indian{'s' if action.indians != 1 else ''} to {place.title}"
    elif v == "recruit":
        line = f"{name} recruits {BY_SLUG[action.subject].title}"
    elif v == "discard":
        line = f"{name} discards {BY_SLUG[action.subject].name}" if action.subject != "none" else f"{name} discards nothing"
    elif v == "camp":
        line = (f"{name} camps: Time {camp_time(p0)}, Scout to space {p1.scout}, Camp at {p1.camp}")
    elif v == "end":
        line = f"{name} ends the turn"
    elif v == "stop":
        line = f"{name} stops"
    elif v == "perform":
        f = before.stack[-1]
        line = f"{name} performs {source_name(before, f.card, f.place)}"
        if action.subject:
            line += f": {action.subject.replace('-', ' ')}"
        if action.boost:
            line += " (boosted)"
        if any(action.bundle):
            line += f", paying {bundle_text(action.bundle)}"
    elif v == "take":
        line = f"{name} takes {bundle_text(action.bundle)}"
    elif v == "return":
        line = f"{name} returns 1 {action.subject}"
    elif v == "boat":
        line = f"{name} adds a {action.subject.replace('-', ' ')} boat"
    else:
        line = f"{name}: {action}"
    if p1.scout != p0.scout and v not in ("camp",):
        line += f"; Scout {p0.scout} -> {p1.scout}"
    if after.over and not before.over:
        line += f". {who(after, after.winner)} wins!" if after.winner >= 0 else ". Mackenzie reaches Fort Clatsop first."
    return line

