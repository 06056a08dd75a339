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
    Gathered,
    JournalDiscarded,
    JournalDrawn,
    MackenzieMoved,
    NewcomerArrived,
    Recruited,
    Reshuffled,
    ScoutMoved,
    TurnEnded,
    TurnPassed,
    events,
)
from lewis_clark.resources import EQUIPMENT, FUR, KIND_INDEX
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.labels import choice_result
from lewis_clark.wording.names import (
    boat_face,
    bundle_words,
    card_title,
    choice_name,
    kind_count,
    place_title,
    player_name,
    source_name,
)


def _perform(name: str, a: Action, e: Acted) -> str:
    source = source_name(e.card, e.place)
    choice = choice_name(a.subject, choice_result(e.card, e.place, a.subject)) if a.subject else ""
    line = t("{name} performs {source}: {choice}", name=name, source=source, choice=choice) if a.subject \
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


def _discard(name: str, a: Action, e: Acted) -> str:
    if e.card:  # the discount of a recruitment (R15)
        if a.subject == "none":
            return t("{name} discards no card for the discount", name=name)
        return t("{name} discards {card} for the discount", name=name, card=BY_SLUG[a.subject].name)
    if a.subject == "none":
        return t("{name} discards nothing", name=name)
    return t("{name} discards {card}", name=name, card=BY_SLUG[a.subject].name)


# What each verb looks like in the log (the action itself; its consequences are other events).
ACTED: dict[Verb, Callable[[str, Action, Acted], str]] = {
    Verb.PLAY: lambda name, a, e: t("{name} plays {card}", name=name, card=card_title(BY_SLUG[a.subject])),
    Verb.UNDER: _under,
    Verb.INDIANS: lambda name, a, e: (tn("{name} adds {n} Indian", "{name} adds {n} Indians", a.indians, name=name)
                                      if a.indians else t("{name} adds no Indians", name=name)),
    Verb.VILLAGE: lambda name, a, e: tn("{name} sends {n} Indian to {place}", "{name} sends {n} Indians to {place}",
                                        a.indians, name=name, place=place_title(PLACES[PLACE_INDEX[a.subject]])),
    Verb.RECRUIT: lambda name, a, e: t("{name} recruits {card}", name=name, card=card_title(BY_SLUG[a.subject])),
    Verb.DISCARD: _discard,
    Verb.CAMP: lambda name, a, e: t("{name} camps", name=name),
    Verb.END: lambda name, a, e: t("{name} ends the turn", name=name),
    Verb.STOP: lambda name, a, e: t("{name} stops", name=name),
    Verb.PERFORM: _perform,
    Verb.TAKE: lambda name, a, e: t("{name} takes {what}", name=name, what=bundle_words(a.bundle)),
    # The stop chosen is told once, by the movement's ScoutMoved (R2); only a Scout left where it was is said here.
    Verb.MOVE: lambda name, a, e: "" if a.spaces else t("{name}'s Scout stays where it was", name=name),
    Verb.RETURN: lambda name, a, e: t("{name} returns {what}", name=name, what=kind_count(KIND_INDEX[a.subject], 1)),
    Verb.BOAT: lambda name, a, e: t("{name} adds a {face}", name=name, face=boat_face(a.subject)),
}


def _slotted(ids: tuple[int, ...], slots: tuple[int, ...]) -> str:
    """Cards with their Journal slots, e.g. "Black Cat (slot 5)"; names alone when slots are unknown."""
    if len(slots) != len(ids):
        return ", ".join(CARDS[c].name for c in ids)
    return ", ".join(t("{card} (slot {slot})", card=CARDS[c].name, slot=n) for c, n in zip(ids, slots, strict=True))


def spaces_list(spaces: tuple[int, ...]) -> str:
    """Route spaces named in a sentence, e.g. "6, 7"."""
    return ", ".join(str(sp) for sp in spaces)


def _scout_moved(state: State, e: ScoutMoved) -> str:
    """A Scout's movement in one line, with the spaces held by other Scouts it jumped (R19) or the one it
    stopped on and left for the nearest free space (R18). Solo the only other pawn is Mackenzie's (R24)."""
    name = player_name(state, e.seat)
    solo = state.mackenzie >= 0
    stop = e.bumped if e.bumped >= 0 else e.end
    if stop == e.start:  # it only left a space another Scout holds
        if solo:
            return t("{name}'s Scout may not stay on space {stop} with Mackenzie: it goes to {end}, the nearest "
                     "free space", name=name, stop=stop, end=e.end)
        return t("{name}'s Scout may not stay on space {stop} with another Scout: it goes to {end}, the nearest "
                 "free space", name=name, stop=stop, end=e.end)
    if e.jumped and solo:
        line = t("{name}'s Scout moves from {start} to {end}, jumping Mackenzie on {spaces} without counting him "
                 "(F. Antoine Larocque)", name=name, start=e.start, end=stop, spaces=spaces_list(e.jumped))
    elif e.jumped:
        line = tn("{name}'s Scout moves from {start} to {end}, jumping the other Scout on {spaces} without "
                  "counting it (F. Antoine Larocque)", "{name}'s Scout moves from {start} to {end}, jumping the "
                  "other Scouts on {spaces} without counting them (F. Antoine Larocque)", len(e.jumped), name=name,
                  start=e.start, end=stop, spaces=spaces_list(e.jumped))
    elif stop >= e.start:
        line = tn("{name}'s Scout moves {n} space, from {start} to {end}",
                  "{name}'s Scout moves {n} spaces, from {start} to {end}", stop - e.start, name=name, start=e.start,
                  end=stop)
    else:
        line = tn("{name}'s Scout goes back {n} space, from {start} to {end}",
                  "{name}'s Scout goes back {n} spaces, from {start} to {end}", e.start - stop, name=name,
                  start=e.start, end=stop)
    if e.bumped >= 0 and solo:
        return t("{move}; Mackenzie holds {stop}, so it goes on to {end}, the nearest free space", move=line,
                 stop=stop, end=e.end)
    if e.bumped >= 0:
        return t("{move}; another Scout holds {stop}, so it goes on to {end}, the nearest free space", move=line,
                 stop=stop, end=e.end)
    return line


def _recruited(state: State, e: Recruited) -> str:
    paid = [0] * 7
    paid[FUR], paid[EQUIPMENT] = e.fur, e.equipment
    name, card = player_name(state, e.seat), CARDS[e.card].name
    if e.discarded:
        return t("{name} pays {what} for {card} (discarding {discarded} for the discount)", name=name,
                 what=bundle_words(tuple(paid)), card=card, discarded=CARDS[e.discarded].name)
    return t("{name} pays {what} for {card}", name=name, what=bundle_words(tuple(paid)), card=card)


def _camped(state: State, e: Camped) -> str:
    if e.crowded >= 0 and state.mackenzie >= 0:  # R16, R24: solo the space was Mackenzie's
        line = tn("{name}'s Camp: Time {n} space, Scout back to {scout} (Mackenzie holds {space}), Camp at {camp}",
                  "{name}'s Camp: Time {n} spaces, Scout back to {scout} (Mackenzie holds {space}), Camp at {camp}",
                  e.time, name=player_name(state, e.seat), scout=e.scout, space=e.crowded, camp=e.camp)
    elif e.crowded >= 0:  # R16: it went on back past a held space
        line = tn("{name}'s Camp: Time {n} space, Scout back to {scout} (another Scout holds {space}), Camp at {camp}",
                  "{name}'s Camp: Time {n} spaces, Scout back to {scout} (another Scout holds {space}), Camp at {camp}",
                  e.time, name=player_name(state, e.seat), scout=e.scout, space=e.crowded, camp=e.camp)
    else:
        line = tn("{name}'s Camp: Time {n} space, Scout back to {scout}, Camp at {camp}",
                  "{name}'s Camp: Time {n} spaces, Scout back to {scout}, Camp at {camp}", e.time,
                  name=player_name(state, e.seat), scout=e.scout, camp=e.camp)
    back = ([tn("{n} card to the hand", "{n} cards to the hand", e.cards)] if e.cards else []) \
        + ([tn("{n} Indian to the boats", "{n} Indians to the boats", e.indians)] if e.indians else [])
    return t("{camp}; back: {what}", camp=line, what=", ".join(back)) if back else line


def _journal_discarded(state: State, e: JournalDiscarded) -> str:
    cards = _slotted(e.cards, e.slots)
    if e.card or e.place >= 0:
        return t("{source} discards {cards} from the Journal", source=source_name(e.card, e.place), cards=cards)
    return t("Discarded from the Journal: {cards}", cards=cards)


def _mackenzie(state: State, e: MackenzieMoved) -> str:
    if e.start < 0:
        return t("Mackenzie moves to space {space}", space=e.space)
    if e.past >= 0:
        return t("Mackenzie moves from space {start} to {space}, jumping over {name}'s Scout on {past}", start=e.start,
                 space=e.space, name=player_name(state, 0), past=e.past)
    return t("Mackenzie moves from space {start} to {space}", start=e.start, space=e.space)


def _game_over(state: State, e: GameOver) -> str:
    if e.winner >= 0:
        return t("{name} sets up Camp at Fort Clatsop and wins!", name=player_name(state, e.winner))
    return t("Mackenzie reaches Fort Clatsop first: the expedition loses.")


EVENT_LINES: dict[type[Any], Callable[[State, Any], str]] = {
    Acted: lambda s, e: ACTED[e.action.verb](player_name(s, e.seat), e.action, e),
    ScoutMoved: _scout_moved,
    Recruited: _recruited,
    Camped: _camped,
    Gathered: lambda s, e: tn("{n} Indian from the Village and the Newcomer gathers at the Powwow",
                              "{n} Indians from the Village and the Newcomer gather at the Powwow", e.indians),
    NewcomerArrived: lambda s, e: tn("{n} Indian comes from the stock to the Newcomer",
                                     "{n} Indians come from the stock to the Newcomer", e.indians),
    JournalDiscarded: _journal_discarded,
    JournalDrawn: lambda s, e: t("New in the Journal: {cards}", cards=_slotted(e.cards, e.slots)),
    Reshuffled: lambda s, e: tn("The discard deck is shuffled into a new draw deck of {n} card",
                                "The discard deck is shuffled into a new draw deck of {n} cards", e.cards),
    MackenzieMoved: _mackenzie,
    TurnEnded: lambda s, e: t("{name}'s turn ends: nothing is left to do", name=player_name(s, e.seat)),
    TurnPassed: lambda s, e: t("Round {round}: {name} to play", round=e.round, name=player_name(s, e.to)),
    GameOver: _game_over,
}


def event_line(state: State, event: Event) -> str:
    """One event in words; ``state`` names the players (either side of the step will do)."""
    return EVENT_LINES[type(event)](state, event)


def log_lines(before: State, action: Action, after: State) -> list[str]:
    """Every event of one step in words, the action's own line first (an event told by another, e.g. a
    movement's chosen stop, has no line of its own)."""
    return [line for e in events(before, action, after) if (line := event_line(after, e))]
