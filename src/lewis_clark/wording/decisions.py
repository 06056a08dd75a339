"""What must be decided and by whom (``prompt``), and a one-line teaching hint per kind of decision.

Keyed by ``state.Decision`` (a test checks every kind has both).
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.cards import CARDS
from lewis_clark.state import Decision, Frame, State
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import card_title, player_name, source_name


def _turn(state: State, name: str, f: Frame | None) -> str:
    if state.must_camp and not state.camped:
        return t("{name} must Camp before acting (no Indian on the boats and fewer than two cards)", name=name)
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


# One line that teaches what the decision is about (R-numbers: shared/rules/rulings.md).
HINTS: dict[Decision, Callable[[State, Frame | None], str]] = {
    Decision.TURN: lambda s, f: (t("Your action is done: recruit or Camp if you like, then end the turn") if s.acted
                                 else t("Act once: play a card or send Indians to the Village; recruit and Camp at "
                                        "most once each, before or after")),
    Decision.UNDER: lambda s, f: t("Give {card} Strength: each point lets {card} act once", card=_card_name(f)),
    Decision.INDIANS: lambda s, f: t("Each Indian adds 1 Strength (3 at most in all); they come back when you Camp"),
    Decision.PERFORM: lambda s, f: t("Each performance uses one point of Strength; you may stop early"),
    Decision.TAKE: lambda s, f: t("You may keep less than you are offered"),
    Decision.OVERFLOW: lambda s, f: t("Your boats hold too much: choose what goes back"),
    Decision.RECRUIT: lambda s, f: t("A card discarded now lowers the Equipment cost by its Strength"),
    Decision.FAREWELL: lambda s, f: t("Cards discarded now leave your hand; then the Journal is replaced"),
    Decision.BOAT: lambda s, f: t("Resource boats hold more resources, Indian boats carry more Indians for free"),
    Decision.NONE: lambda s, f: t("The game is over"),
}


def decision_hint(state: State) -> str:
    """One line teaching what the current decision is about, e.g. "Give York Strength: each point lets York act once"."""
    frame = state.stack[-1] if state.stack and not state.over else None
    return HINTS[state.decision](state, frame)
