"""The Journal of Encounters and the two decks: drawing, sliding down and refilling.

Slot 1 (index 0) is next to the Gulf of Mexico and costs 1 Fur; slot 5 is next to the draw deck.
When the draw deck is empty the discard deck is shuffled into a new one; if both are empty a slot
stays empty (R14).
"""

from __future__ import annotations

from typing import Any, Final

from lewis_clark import rng
from lewis_clark.cards import CARDS
from lewis_clark.state import State

SLOTS: Final = 5


def draw(state: State) -> int:
    """Top card of the draw deck (0 if none is left), reshuffling the discard deck when needed."""
    if not state.deck:
        if not state.discard:
            return 0
        state.deck, state.discard = state.discard, []
        state.rng = rng.shuffle(state.rng, state.deck, state.rng_key)
    # Popped as any object's method, so that a deck standing in for chance (a list subclass, as the
    # OpenSpiel adapter's) is asked even in the compiled build, which would pop a list directly.
    deck: Any = state.deck
    card: int = deck.pop()
    return card


def refill(state: State) -> None:
    """Slide cards down over empty slots, then fill the top slots in draw order (unsorted)."""
    cards = [c for c in state.journal if c]
    while len(cards) < SLOTS:
        card = draw(state)
        if not card:
            break
        cards.append(card)
    state.journal = cards + [0] * (SLOTS - len(cards))


def take(state: State, slot: int) -> int:
    """Remove the card of a slot (the slot is left empty until ``refill``)."""
    card = state.journal[slot]
    state.journal[slot] = 0
    return card


def deal_sorted(state: State) -> None:
    """Set-up: draw five cards and lay them by ascending Strength, ties in draw order (R13)."""
    drawn = [draw(state) for _ in range(SLOTS)]
    state.journal = sorted(drawn, key=lambda c: CARDS[c].strength)  # sorted() is stable


def replace_all(state: State) -> None:
    """Farewell: the whole Journal goes to the discard deck, five new cards in draw order (R12, R13)."""
    state.discard.extend(c for c in state.journal if c)
    state.journal = [0] * SLOTS
    refill(state)


def fur_cost(slot: int) -> int:
    """Fur to recruit from a slot (index 0 = slot 1 = 1 Fur)."""
    return slot + 1
