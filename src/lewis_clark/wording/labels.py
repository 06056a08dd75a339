"""Each action in words: a label for its button or menu line, and a short hint of what it does.

Keyed by ``actions.Verb`` (a test checks every verb has both). ``str(action)`` stays the notation.
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import futile, matching_alternative, reached_frame
from lewis_clark.plans import wasted
from lewis_clark.queries import capacity, recruit_fur
from lewis_clark.resources import KIND_INDEX, RESOURCES
from lewis_clark.rules import apply
from lewis_clark.state import Decision, State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.cards import card_summary, place_summary
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.counts import count_words
from lewis_clark.wording.names import (
    boat_face,
    bundle_words,
    card_title,
    choice_name,
    kind_count,
    place_title,
    source_name,
)
from lewis_clark.wording.table import camp_effect

Words = Callable[[State, Action], str]


def _under(state: State, a: Action) -> str:
    if a.subject == "none":
        return t("Give Strength with Indians only")
    c = BY_SLUG[a.subject]
    return t("Put {card} under it (Strength {strength})", card=c.name, strength=c.strength)


def _recruit(state: State, a: Action) -> str:
    c = BY_SLUG[a.subject]
    fur = recruit_fur(state, state.players[state.current], state.journal.index(c.id))
    return t("Recruit {card} ({fur} fur, Equipment by Strength {strength})", card=card_title(c), fur=fur,
             strength=c.strength)


def _discard(state: State, a: Action) -> str:
    return t("Discard nothing") if a.subject == "none" else t("Discard {card}", card=BY_SLUG[a.subject].name)


def discard_warning(state: State, a: Action) -> str:
    """For a discard that pays a recruitment's discount (R15) with your Commander or another card that
    moves your Scout, the question to ask before it is sent, e.g. "William Clark is your Commander...
    Discard it anyway?"; "" for any other action. The web page asks it in a confirm; the terminal may too."""
    if a.verb != Verb.DISCARD or a.subject == "none" or not state.stack or state.stack[-1].kind != Decision.RECRUIT:
        return ""
    card = BY_SLUG[a.subject]
    if card.role == "commander":
        return t("{card} is your Commander, who moves your Scout by River and Mountains: discarded for the discount, "
                 "it leaves your expedition. Discard it anyway?", card=card.name)
    terrains = {alt.result for alt in card.alternatives if alt.is_move}
    if not terrains:
        return ""
    where = (t("by River and Mountains") if len(terrains) == 2 else t("by River") if "river" in terrains
             else t("in the Mountains"))
    return t("{card} moves your Scout {where}: discarded for the discount, it leaves your expedition. Discard it "
             "anyway?", card=card_title(card), where=where)


def choice_result(card: int, place: int, subject: str) -> str:
    """The result of the alternative a perform choice names on a card or a Village place ("river",
    "take", "village" ...), "" when the subject is no alternative's label (a card or place chosen)."""
    alts = PLACES[place].alternatives if place >= 0 else CARDS[card].alternatives
    return next((alt.result for alt in alts if alt.label == subject), "")


def _perform(state: State, a: Action) -> str:
    f = state.stack[-1]
    source = source_name(f.card, f.place)
    text = t("Perform {source}: {choice}", source=source,
             choice=choice_name(a.subject, choice_result(f.card, f.place, a.subject))) if a.subject \
        else t("Perform {source}", source=source)
    if a.boost:
        text = t("{action} (boosted)", action=text)
    if any(a.bundle):
        text = t("{action}, paying {what}", action=text, what=bundle_words(a.bundle))
    note = futile_note(state, a)
    return t("{action} ({note})", action=text, note=note) if note else text


def futile_words() -> str:
    """The mark of a choice that pays for nothing, in every front end."""
    return t("pays for nothing")


def futile_mark(state: State, a: Action) -> str:
    """``futile_words`` for a legal choice that pays for nothing (``plans.wasted``), else ""."""
    return futile_words() if wasted(state, a) else ""


def futile_note(state: State, a: Action) -> str:
    """For a performance that would pay for nothing (``decisions.futile``), what is lost and why, e.g.
    "pays 1 wood for nothing: Shamanism could do nothing now"; "" for any other action."""
    if not futile(state, a):
        return ""
    f = state.stack[-1]
    alt = matching_alternative(f, a)
    reached = reached_frame(f, a)
    assert reached is not None
    why = t("{source} could do nothing now", source=source_name(reached.card, reached.place))
    paid = tuple(x + y for x, y in zip(alt.pay, a.bundle, strict=True))
    if any(paid):
        return t("pays {what} for nothing: {why}", what=bundle_words(paid), why=why)
    return t("spends a performance for nothing: {why}", why=why)


def _stop_space(state: State, a: Action) -> int:
    """Where a "move" action leaves the Scout: the movement's end less the spaces given up (R2)."""
    return state.players[state.current].scout - (state.stack[-1].spaces - a.spaces)


def _move(state: State, a: Action) -> str:
    if a.spaces == state.stack[-1].spaces:
        return t("Go the whole way, to space {space}", space=_stop_space(state, a))
    return tn("Stop after {n} space, on space {space}", "Stop after {n} spaces, on space {space}", a.spaces,
              space=_stop_space(state, a))


def _place(a: Action) -> str:
    return place_title(PLACES[PLACE_INDEX[a.subject]])


# The button (and log) wording of each verb.
LABELS: dict[Verb, Words] = {
    Verb.PLAY: lambda s, a: t("Play {card}", card=card_title(BY_SLUG[a.subject])),
    Verb.UNDER: _under,
    Verb.INDIANS: lambda s, a: tn("Add {n} Indian", "Add {n} Indians", a.indians),
    Verb.VILLAGE: lambda s, a: tn("Send {n} Indian to {place}", "Send {n} Indians to {place}", a.indians, place=_place(a)),
    Verb.RECRUIT: _recruit,
    Verb.DISCARD: _discard,
    Verb.CAMP: lambda s, a: t("Camp ({effect})", effect=camp_effect(s, s.current)),
    Verb.END: lambda s, a: t("End the turn"),
    Verb.STOP: lambda s, a: t("Stop performing"),
    Verb.PERFORM: _perform,
    Verb.TAKE: lambda s, a: t("Take {what}", what=bundle_words(a.bundle)) if any(a.bundle) else t("Take nothing"),
    Verb.MOVE: _move,
    Verb.RETURN: lambda s, a: t("Return {what}", what=kind_count(KIND_INDEX[a.subject], 1)),
    Verb.BOAT: lambda s, a: t("Add a {face}", face=boat_face(a.subject)),
}


def label(state: State, action: Action) -> str:
    """An action in words for its button, e.g. "Send 2 Indians to Hunting"."""
    return LABELS[action.verb](state, action)


def _play_hint(state: State, a: Action) -> str:
    card = BY_SLUG[a.subject]
    return t("{card}: {summary}", card=card.name, summary=card_summary(card))


def _under_hint(state: State, a: Action) -> str:
    if a.subject == "none":
        return t("Strength from Indians")
    return t("Strength {strength}", strength=BY_SLUG[a.subject].strength)


def _recruit_hint(state: State, a: Action) -> str:
    card = BY_SLUG[a.subject]
    fur = recruit_fur(state, state.players[state.current], state.journal.index(card.id))
    return t("{card}: {fur} fur + {strength} equip. (less a discard)", card=card.name, fur=fur, strength=card.strength)


def _discard_hint(state: State, a: Action) -> str:
    if a.subject == "none":
        return t("keep every card")
    if state.stack and state.stack[-1].kind == Decision.RECRUIT:
        return t("discount {strength}", strength=BY_SLUG[a.subject].strength)
    return t("to the discard deck")


def _take_hint(state: State, a: Action) -> str:
    if not any(a.bundle):
        return t("leave it all")
    p = state.players[state.current]
    if sum(p.resources) + sum(a.bundle[r] for r in RESOURCES) > capacity(p):
        return t("too much for your boats: then choose what goes back")
    return ""  # the notation already says what is kept


def _perform_hint(state: State, a: Action) -> str:
    note = futile_note(state, a)
    if note:
        return note
    p = state.players[state.current]
    f = state.stack[-1]
    counts = count_words(state, f, matching_alternative(f, a))
    q = apply(state, a).players[state.current]
    if q.scout != p.scout:
        move = t("Scout {start} -> {end}", start=p.scout, end=q.scout)
        return t("{move} ({counts})", move=move, counts=counts) if counts else move
    return counts


# A few words on what a menu choice does (shown beside the notation in the terminal's menu); "" when the
# notation says it all.
HINTS: dict[Verb, Words] = {
    Verb.PLAY: _play_hint,
    Verb.UNDER: _under_hint,
    Verb.INDIANS: lambda s, a: tn("{n} Strength", "{n} Strength", a.indians) if a.indians else t("no Indians"),
    Verb.VILLAGE: lambda s, a: place_summary(PLACES[PLACE_INDEX[a.subject]]),
    Verb.RECRUIT: _recruit_hint,
    Verb.DISCARD: _discard_hint,
    Verb.CAMP: lambda s, a: camp_effect(s, s.current),
    Verb.END: lambda s, a: t("end your turn"),
    Verb.STOP: lambda s, a: t("perform no more"),
    Verb.PERFORM: _perform_hint,
    Verb.TAKE: _take_hint,
    Verb.MOVE: lambda s, a: t("the whole movement") if a.spaces == s.stack[-1].spaces else t("stop early"),
    Verb.RETURN: lambda s, a: "",
    Verb.BOAT: lambda s, a: "",
}


def hint(state: State, action: Action) -> str:
    """A few words on what ``action`` does, for a menu line."""
    return HINTS[action.verb](state, action)
