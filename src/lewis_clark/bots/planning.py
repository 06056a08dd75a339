"""What a racing planner weighs: the reach of the hand, the next Camp's Time, the cards owned.

``outlook`` ranks positions of one seat reached after the same number of its turns: where the
Scout stands, what the next Camp would cost, and above all how far the movers in hand could still
carry the Scout with the resources held (the term that separates fast lines from slow ones). It is
in route spaces, like ``evaluation.player_worth``, which it builds on.
"""

from __future__ import annotations

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.evaluation import CARD_WORTH, _movement_ends, _moves, player_worth
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.effects import MOVE_TERRAIN
from lewis_clark.queries import recruit_fur
from lewis_clark.resources import INDIAN
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import State

REACH_WEIGHT = 0.8  # a space the hand could still cover is worth most of a space covered
MOST_STRENGTH = 3
MOVER_AHEAD = 1.5  # a recruit that moves over the terrain just ahead
TERRAIN_LOOK = 8  # spaces ahead that decide which movers are wanted


def hand_reach(state: State, seat: int) -> int:
    """Spaces the movers in ``seat``'s hand could carry its Scout, one after another on the resources
    held, each at the Strength the rest of the hand (and the Indians) could give it."""
    p = state.players[seat]
    movers = [c for c in p.hand if _moves(c)]
    if not movers:
        return 0
    left = p.resources[:] + [p.indians]
    pos = p.scout
    sources = sorted((CARDS[c].strength for c in p.hand), reverse=True)
    for card in sorted(movers, key=lambda c: -CARDS[c].strength):
        give = next((s for s in sources if s), 0)
        strength = min(MOST_STRENGTH, max(1, give + (1 if left[INDIAN] else 0)))
        ends = _movement_ends(state, seat, p, _moves(card), strength, left, pos)
        if ends:
            pos = ends[-1]
    return pos - p.scout


def outlook(state: State, seat: int) -> float:
    """How promising ``seat``'s position is, in route spaces (higher is better)."""
    return player_worth(state, seat) + REACH_WEIGHT * hand_reach(state, seat)


def terrain_ahead(state: State, seat: int) -> str:
    """The terrain most of the next ``TERRAIN_LOOK`` spaces are (River or Mountain)."""
    p = state.players[seat]
    route = state.options.route
    end = min(route.fort_clatsop, p.scout + TERRAIN_LOOK)
    mountains = sum(1 for i in range(p.scout + 1, end + 1) if route.terrains[i] != RIVER)
    return MOUNTAIN if mountains * 2 >= max(1, end - p.scout) else RIVER


def recruit_order(state: State, seat: int, legal: list[Action]) -> list[str]:
    """The recruitable cards (slugs), the most promising first: worth, movers for the terrain ahead,
    Strength, less the Fur the Journal slot costs."""
    p = state.players[seat]
    ahead = terrain_ahead(state, seat)
    scored: list[tuple[float, str]] = []
    for a in legal:
        if a.verb != Verb.RECRUIT:
            continue
        card = BY_SLUG[a.subject].id
        score = CARD_WORTH[card] + 0.3 * CARDS[card].strength
        if any(MOVE_TERRAIN.get(alt.result) == ahead for alt in CARDS[card].alternatives):
            score += MOVER_AHEAD
        score -= 0.3 * recruit_fur(state, p, state.journal.index(card))
        scored.append((score, a.subject))
    scored.sort(key=lambda t: -t[0])
    return [slug for _, slug in scored]


__all__ = ["hand_reach", "outlook", "recruit_order", "terrain_ahead"]
