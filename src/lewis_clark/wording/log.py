"""Log lines: each event of ``lewis_clark.events`` worded for people, one line each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.events import (
    Acted,
    Camped,
    Event,
    GameOver,
    JournalDiscarded,
    JournalDrawn,
    MackenzieMoved,
    Recruited,
    Reshuffled,
    ScoutMoved,
    TurnPassed,
    events,
)
from lewis_clark.resources import EQUIPMENT, FUR, KIND_INDEX
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.labels import choice_name
from lewis_clark.wording.names import boat_face, bundle_words, card_title, kind_count, place_title, player_name, source_name


def _perform(name: str, a: Action, e: Acted) -> str:
    source = source_name(e.card, e.place)
    line = t("{name} performs {source}: {choice}", name=name, source=source, choice=choice_name(a.subject)) if a.subject \
        else t("{name} performs {source}", name=name, source=source)
    if a.boost:
        line = t("{action} (boosted)", action=line)
    if any(a.bundle):
        line = t("{action}, paying {what}", action=line, what=bundle_words(a.bundle))
    return line


def _under(name: str, a: Action, e: Acted) -> str:
    if a.subject == "none":
        return t("{name} gives it Strength with Indians only", name=name)
    c = BY_SLUG[a.subject]
    return t("{name} gives it Strength {strength} from {card}", name=name, strength=c.strength, card=c.name)


# What each verb looks like in the log (the action itself; its consequences are other events).
ACTED: dict[Verb, Callable[[str, Action, Acted], str]] = {
    Verb.PLAY: lambda name, a, e: t("{name} plays {card}", name=name, card=card_title(BY_SLUG[a.subject])),
    Verb.UNDER: _under,
    Verb.INDIANS: lambda name, a, e: (tn("{name} adds {n} Indian", "{name} adds {n} Indians", a.indians, name=name)
                                      if a.indians else t("{name} adds no Indians", name=name)),
    Verb.VILLAGE: lambda name, a, e: tn("{name} sends {n} Indian to {place}", "{name} sends {n} Indians to {place}",
                                        a.indians, name=name, place=place_title(PLACES[PLACE_INDEX[a.subject]])),
    Verb.RECRUIT: lambda name, a, e: t("{name} recruits {card}", name=name, card=card_title(BY_SLUG[a.subject])),
    Verb.DISCARD: lambda name, a, e: (t("{name} discards nothing", name=name) if a.subject == "none"
                                      else t("{name} discards {card}", name=name, card=BY_SLUG[a.subject].name)),
    Verb.CAMP: lambda name, a, e: t("{name} camps", name=name),
    Verb.END: lambda name, a, e: t("{name} ends the turn", name=name),
    Verb.STOP: lambda name, a, e: t("{name} stops", name=name),
    Verb.PERFORM: _perform,
    Verb.TAKE: lambda name, a, e: t("{name} takes {what}", name=name, what=bundle_words(a.bundle)),
    Verb.RETURN: lambda name, a, e: t("{name} returns {what}", name=name, what=kind_count(KIND_INDEX[a.subject], 1)),
    Verb.BOAT: lambda name, a, e: t("{name} adds a {face}", name=name, face=boat_face(a.subject)),
}


def _cards(ids: tuple[int, ...]) -> str:
    return ", ".join(CARDS[c].name for c in ids)


def _recruited(state: State, e: Recruited) -> str:
    paid = [0] * 7
    paid[FUR], paid[EQUIPMENT] = e.fur, e.equipment
    name, card = player_name(state, e.seat), CARDS[e.card].name
    if e.discarded:
        return t("{name} pays {what} for {card} (discarding {discarded} for the discount)", name=name,
                 what=bundle_words(tuple(paid)), card=card, discarded=CARDS[e.discarded].name)
    return t("{name} pays {what} for {card}", name=name, what=bundle_words(tuple(paid)), card=card)


def _camped(state: State, e: Camped) -> str:
    return tn("{name}'s Camp costs {n} space: Scout to {scout}, Camp at {camp}",
              "{name}'s Camp costs {n} spaces: Scout to {scout}, Camp at {camp}", e.time,
              name=player_name(state, e.seat), scout=e.scout, camp=e.camp)


def _game_over(state: State, e: GameOver) -> str:
    if e.winner >= 0:
        return t("{name} sets up Camp at Fort Clatsop and wins!", name=player_name(state, e.winner))
    return t("Mackenzie reaches Fort Clatsop first: the expedition loses.")


EVENT_LINES: dict[type[Any], Callable[[State, Any], str]] = {
    Acted: lambda s, e: ACTED[e.action.verb](player_name(s, e.seat), e.action, e),
    ScoutMoved: lambda s, e: t("{name}'s Scout moves from {start} to {end}", name=player_name(s, e.seat), start=e.start,
                               end=e.end),
    Recruited: _recruited,
    Camped: _camped,
    JournalDiscarded: lambda s, e: t("Discarded from the Journal: {cards}", cards=_cards(e.cards)),
    JournalDrawn: lambda s, e: t("New in the Journal: {cards}", cards=_cards(e.cards)),
    Reshuffled: lambda s, e: tn("The discard deck is shuffled into a new draw deck of {n} card",
                                "The discard deck is shuffled into a new draw deck of {n} cards", e.cards),
    MackenzieMoved: lambda s, e: t("Mackenzie moves to space {space}", space=e.space),
    TurnPassed: lambda s, e: t("Turn {turn}: {name} to play", turn=e.turn, name=player_name(s, e.to)),
    GameOver: _game_over,
}


def event_line(state: State, event: Event) -> str:
    """One event in words; ``state`` names the players (either side of the step will do)."""
    return EVENT_LINES[type(event)](state, event)


def log_lines(before: State, action: Action, after: State) -> list[str]:
    """Every event of one step in words, the action's own line first."""
    return [event_line(after, e) for e in events(before, action, after)]
