"""Invariants of a state: used when loading saved states and by the tests after every step."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from lewis_clark.cards import CARDS, crew
from lewis_clark.consistency import consistency_problems
from lewis_clark.errors import CorruptState
from lewis_clark.expedition import TILES_PER_STACK, resource_capacity
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES

if TYPE_CHECKING:  # the state module loads saved states through check_state
    from lewis_clark.state import State


def problems(state: State) -> list[str]:
    """Every broken invariant, as sentences; empty when the state is sound."""
    out: list[str] = []
    n = len(state.players)
    route = state.options.route
    # Indians are conserved.
    indians = (state.indian_stock + sum(state.village) + state.powwow + state.newcomer
               + sum(p.indians + p.on_cards for p in state.players))
    if indians != INDIANS_BY_PLAYERS.get(n, -1):
        out.append(f"{indians} Indians in play, expected {INDIANS_BY_PLAYERS.get(n)}")
    counts = [state.indian_stock, state.powwow, state.newcomer] + list(state.village)
    if any(c < 0 for c in counts):
        out.append("a negative count of Indians")
    # Every card is in exactly one place.
    places: Counter[int] = Counter(state.deck + state.discard + [c for c in state.journal if c])
    for p in state.players:
        places.update(p.hand + p.face_up + p.face_down)
    expected = set(range(1, 55))
    for p in state.players:
        expected.update(crew(p.colour))
    doubles = [CARDS[c].name for c, k in places.items() if k > 1 or not 0 < c < len(CARDS)]
    if doubles:
        out.append(f"cards in two places or unknown: {doubles[:3]}")
    if set(places) != expected:
        missing = expected - set(places)
        out.append(f"cards missing: {sorted(missing)[:5]}" if missing else "cards that do not belong in this game")
    if len(state.journal) != 5:
        out.append("the Journal must have five slots")
    overflowing = state.current if state.stack and state.stack[-1].kind == "overflow" else -1  # R7
    for seat, p in enumerate(state.players):
        if any(r < 0 for r in p.resources) or p.indians < 0 or p.on_cards < 0:
            out.append(f"{p.colour} holds a negative amount")
        if sum(p.resources) > resource_capacity(p.tiles) and seat != overflowing:
            out.append(f"{p.colour} holds more resources than the boats carry")
        if not 0 <= p.scout <= route.last or not 0 <= p.camp <= route.last:
            out.append(f"{p.colour}'s Scout or Camp is off the route")
        if p.camp < route.st_louis:
            out.append(f"{p.colour}'s Camp is behind St Louis")
    if sum(state.tile_stacks) + sum(sum(p.tiles) for p in state.players) != 2 * TILES_PER_STACK:
        out.append("boat tiles are not conserved")
    spaces = [p.scout for p in state.players] + ([state.mackenzie] if state.mackenzie >= 0 else [])
    if not state.stack or not state.moved:
        shared = Counter(s for s in spaces if not route.shared(s))
        if any(k > 1 for k in shared.values()):
            out.append("two Scouts share a space")
    for place in PLACES:
        if not place.semicircle and state.village[place.index] > place.spots:
            out.append(f"{place.title} holds too many Indians")
    if not 0 <= state.current < n:
        out.append("the current seat does not exist")
        return out  # the checks below read the current player
    out.extend(consistency_problems(state))
    return out


def check_state(state: State) -> None:
    """Raise CorruptState naming the first broken invariant."""
    found = problems(state)
    if found:
        raise CorruptState("state is inconsistent: " + "; ".join(found))

