"""The warning before a card is discarded for a recruitment's discount (R15) when it is one a player
would miss: the Commander, or any card that moves the Scout. The cards go to the discard pile: they are
no longer in the player's hand."""

from __future__ import annotations

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, Card
from lewis_clark.state import Decision, State
from lewis_clark.wording.catalogue import t
from lewis_clark.wording.names import card_title

__all__ = ["discard_warning", "is_mover"]


def is_mover(card: Card) -> bool:
    """Whether a card's action can move the Scout (on the river or in the mountains)."""
    return any(alt.is_move for alt in card.alternatives)


def discard_warning(state: State, action: Action) -> str:
    """A warning for ``action`` when it discards the Commander or a mover for a recruitment's discount,
    else ""."""
    if action.verb != Verb.DISCARD or action.subject == "none" or not state.stack \
            or state.stack[-1].kind != Decision.RECRUIT:
        return ""
    card = BY_SLUG[action.subject]
    if card.role == "commander":
        return t("Careful: {card} is your Commander; discarded, it leaves your hand", card=card.name)
    if is_mover(card):
        return t("Careful: {card} moves your Scout; discarded, it leaves your hand", card=card_title(card))
    return ""
