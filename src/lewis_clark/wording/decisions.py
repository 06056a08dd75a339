"""What must be decided and by whom (``prompt``), and a one-line teaching hint per kind of decision.

Keyed by ``state.Decision`` (a test checks every kind has both).
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.actions import Verb
from lewis_clark.cards import CARDS
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.queries import FEWEST_CARDS_TO_ACT, capacity
from lewis_clark.rules import legal_actions
from lewis_clark.state import AfterTake, Decision, Frame, State
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.counts import perform_counts, take_counts
from lewis_clark.wording.names import card_title, player_name, source_name


def _turn(state: State, name: str, f: Frame | None) -> str:
    if state.must_camp and not state.camped:
        return t("{name} must Camp before acting (no Indian on the boats and fewer than {n} cards)", name=name,
                 n=FEWEST_CARDS_TO_ACT)
    if state.acted:
        return t("{name} to choose the rest of the turn", name=name)
    return t("{name} to choose the turn's action", name=name)


def _title(f: Frame | None) -> str:
    return card_title(CARDS[f.card]) if f is not None else ""


def _perform(state: State, name: str, f: Frame | None) -> str:
    assert f is not None
    return tn("{name}: perform {source} ({n} more time at most) or stop",
              "{name}: perform {source} ({n} more times at most) or stop", f.performances, name=name,
              source=source_name(f.card, f.place))


Prompt = Callable[[State, str, Frame | None], str]

PROMPTS: dict[Decision, Prompt] = {
    Decision.TURN: _turn,
    Decision.UNDER: lambda s, name, f: t("{name}: choose a card to give Strength to {card}, or none", name=name,
                                         card=_title(f)),
    Decision.INDIANS: lambda s, name, f: t("{name}: choose how many Indians add Strength to {card}", name=name,
                                           card=_title(f)),
    Decision.PERFORM: _perform,
    Decision.TAKE: lambda s, name, f: t("{name}: choose what to keep", name=name),
    Decision.MOVE: lambda s, name, f: tn("{name}: the Scout moved {n} space; keep it there or stop it earlier",
                                         "{name}: the Scout moved {n} spaces; keep it there or stop it earlier",
                                         f.spaces if f else 0, name=name),
    Decision.OVERFLOW: lambda s, name, f: tn("{name}: the boats are full; return {n} resource",
                                             "{name}: the boats are full; return {n} resources",
                                             f.returns if f else 0, name=name),
    Decision.RECRUIT: lambda s, name, f: t("{name}: recruiting {card}; choose a card to discard for a discount, or none",
                                           name=name, card=_title(f)),
    Decision.FAREWELL: lambda s, name, f: tn("{name}: discard up to {n} more card, or none",
                                             "{name}: discard up to {n} more cards, or none", f.discards if f else 0,
                                             name=name),
    Decision.BOAT: lambda s, name, f: t("{name}: choose the face of the new boat tile", name=name),
    Decision.NONE: lambda s, name, f: t("The game is over"),
}


def prompt(state: State) -> str:
    """What must be decided next and by whom, e.g. "Blue: choose how many Indians add Strength to York (Hunter)"."""
    kind = state.decision
    frame = state.stack[-1] if state.stack and not state.over else None
    return PROMPTS[kind](state, player_name(state, state.current), frame)


def _card_name(f: Frame | None) -> str:
    return CARDS[f.card].name if f is not None else ""


def _source(state: State) -> str:
    """The card or Village place whose performance is under way, named (the frame below a take)."""
    f = next((f for f in reversed(state.stack) if f.kind == Decision.PERFORM), None)
    return source_name(f.card, f.place) if f is not None else ""


def _indians(s: State, f: Frame | None) -> str:
    card, given = _card_name(f), f.strength if f is not None else 0
    if given:
        return tn("Each Indian gives {card} 1 more Strength (it has {n} from the card under it, {most} at most); "
                  "they come back when you Camp", "Each Indian gives {card} 1 more Strength (it has {n} from the card "
                  "under it, {most} at most); they come back when you Camp", given, card=card, most=MOST_STRENGTH)
    return t("Each Indian gives {card} 1 Strength ({most} at most); they come back to your boats when you Camp",
             card=card, most=MOST_STRENGTH)


def _with_counts(text: str, counts: list[str]) -> str:
    """A hint followed by where the numbers of its collections or counted moves come from."""
    return ". ".join([text, *(c[:1].upper() + c[1:] for c in counts)])


def _perform_hint(s: State, f: Frame | None) -> str:
    assert f is not None
    return _with_counts(tn("{source} can act {n} more time: each use spends 1 Strength; stop when you like",
              "{source} can act {n} more times: each use spends 1 Strength; stop when you like", f.performances,
              source=source_name(f.card, f.place)), perform_counts(s, f))


def _take_hint(s: State, f: Frame | None) -> str:
    then = f.then if f is not None else AfterTake.NOTHING
    if then == AfterTake.INTERPRETER:
        return t("Take Powwow Indians onto your boats; those you leave wait for the next Interpreter")
    if then == AfterTake.STOCK:
        return t("Take the Indian onto your boats, or leave it in the stock")
    source = _source(s)
    if source:
        counts = take_counts(s)
        return _with_counts(t("Keep all, some or none of what {source} gives; what you leave stays in the stock",
                              source=source), [counts] if counts else [])
    return t("Keep all, some or none of it; what you leave stays in the stock")


def _overflow_hint(s: State, f: Frame | None) -> str:
    p = s.players[s.current]
    return tn("Your boats hold {capacity} resources: send back {n} more, old or new, any kind",
              "Your boats hold {capacity} resources: send back {n} more, old or new, any kind",
              f.returns if f else 0, capacity=capacity(p))


def _recruit_hint(s: State, f: Frame | None) -> str:
    card = CARDS[f.card] if f is not None else CARDS[0]
    return tn("{card} costs {n} equipment: a card discarded now takes its own Strength off that",
              "{card} costs {n} equipment: a card discarded now takes its own Strength off that", card.strength,
              card=card.name)


def _turn_hint(s: State) -> str:
    """What the turn allows now, said from the legal actions themselves, so that it never offers what
    is not possible (the must-Camp of R17, a Camp or a recruitment already made, no action left)."""
    verbs = {a.verb for a in legal_actions(s)}
    recruit, camp = Verb.RECRUIT in verbs, Verb.CAMP in verbs
    if s.must_camp and not s.camped:  # R17: nothing can be played before the Camp
        return t("Camp first: with no Indian on your boats and fewer than two cards you cannot act before it; "
                 "you may recruit before or after") if recruit else \
            t("Camp first: with no Indian on your boats and fewer than two cards you cannot act before it")
    if not s.acted and (Verb.PLAY in verbs or Verb.VILLAGE in verbs):
        act = (t("Act once: play a card or send Indians to the Village") if Verb.PLAY in verbs and Verb.VILLAGE in verbs
               else t("Act once: play a card") if Verb.PLAY in verbs else t("Act once: send Indians to the Village"))
        more = (t("recruit and Camp at most once each, before or after") if recruit and camp
                else t("you may recruit once, before or after") if recruit
                else t("you may Camp once, before or after") if camp else "")
        return t("{act}; {more}", act=act, more=more) if more else act
    done = t("Your action is done") if s.acted else t("No action is possible now")
    then = (t("recruit or Camp if you like, then end the turn") if recruit and camp
            else t("recruit if you like, then end the turn") if recruit
            else t("Camp if you like, then end the turn") if camp else t("end the turn"))
    return t("{done}: {then}", done=done, then=then)


# One line that teaches what the decision is about, naming its card or place (R-numbers:
# shared/rules/rulings.md).
HINTS: dict[Decision, Callable[[State, Frame | None], str]] = {
    Decision.TURN: lambda s, f: _turn_hint(s),
    Decision.UNDER: lambda s, f: t("Give {card} Strength: each point lets {card} act once", card=_card_name(f)),
    Decision.INDIANS: _indians,
    Decision.PERFORM: _perform_hint,
    Decision.TAKE: _take_hint,
    Decision.MOVE: lambda s, f: t("A movement may stop on any space it passed; going the whole way is listed first"),
    Decision.OVERFLOW: _overflow_hint,
    Decision.RECRUIT: _recruit_hint,
    Decision.FAREWELL: lambda s, f: tn("Discard up to {n} more card you do not want; then the whole Journal is "
                                       "replaced", "Discard up to {n} more cards you do not want; then the whole "
                                       "Journal is replaced", f.discards if f else 0),
    Decision.BOAT: lambda s, f: t("A resource boat gives room for more resources; an Indian boat carries Indians "
                                  "for less Time at a Camp"),
    Decision.NONE: lambda s, f: t("The game is over"),
}


def decision_hint(state: State) -> str:
    """One line teaching what the current decision is about, e.g. "Give York Strength: each point lets York act once"."""
    frame = state.stack[-1] if state.stack and not state.over else None
    return HINTS[state.decision](state, frame)
