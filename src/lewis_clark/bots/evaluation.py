"""How good a position is for one seat: a cheap, hand-tuned estimate for bots and search cut-offs.

A player's worth is measured in route spaces: where the Scout would Camp now (Scout minus Camp Time,
R16), the Camp already secured, the spaces the boats' Canoes, Food and Horses can still carry the
Scout over the terrain just ahead, the other resources and Indians, and the cards owned. A seat's
evaluation is its worth minus the best opponent's (solo: minus Mackenzie's race position).
"""

from __future__ import annotations

import math

from lewis_clark.cards import BOLEY, CARDS, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE
from lewis_clark.expedition import boat_time
from lewis_clark.resources import CANOE, EQUIPMENT, FOOD, FUR, HORSE, WOOD
from lewis_clark.route import MOUNTAIN, RIVER, Route
from lewis_clark.state import Player, State

WIN_SCORE = 1000.0
CAMP_WEIGHT = 0.5  # a secured Camp is worth more than a Scout that must still come back
BOAT_WEIGHT_EARLY = 0.6  # share of boat Time counted while the hand still holds cards
WINDOW = 12  # spaces ahead over which boat cargo is matched to terrain
RIVER_COVER = 0.55  # worth of one River space the cargo can carry the Scout over (not yet moved)
MOUNTAIN_COVER = 0.75  # Mountains are the bottleneck: few cards cross them
PRIMARY_WORTH = {WOOD: 0.5, FUR: 0.3, FOOD: 0.3, EQUIPMENT: 0.35}  # besides what Food carries
PRIMARY_USEFUL = 4  # beyond this many of one kind a primary is worth little
CARGO_WORTH = 0.25  # any Canoe/Horse beyond the window
INDIAN_WORTH = (0.0, 1.2, 2.2, 3.0, 3.5, 3.8, 4.0)  # total for 0..6 Indians; more add 0.3 each
CARD_WEIGHT = 0.5
SQUASH = 6.0  # evaluation difference that makes a win about 73% likely in ``win_value``


def _card_worth(card_id: int) -> float:
    """Static worth of owning a card: Strength (as a Strength source and for its power) plus what its
    action does; movement cards count most."""
    card = CARDS[card_id]
    worth = 0.3 * card.strength
    if card.role == "commander":
        return worth + 1.5
    if card.role == "interpreter":
        return worth + 1.0
    best = 0.0
    for alt in card.alternatives:
        if alt.result == "mountain":
            best = max(best, 1.2)
        elif alt.result == "river":
            best = max(best, 0.8)
        elif alt.result == "take" and (alt.take[CANOE] or alt.take[HORSE]):
            best = max(best, 0.9 if alt.take[HORSE] else 0.7)
        elif alt.result in ("choose", "collect", "face-up", "village", "copy", "pick"):
            best = max(best, 0.5)
    permanent = {BOLEY: 1.0, JARROT: 0.7, CUT_NOSE: 0.6, LAROCQUE: 0.3, GRAVELINES: 0.4}
    return worth + max(best, permanent.get(card_id, 0.0))


CARD_WORTH: tuple[float, ...] = tuple(0.0 if c.id == 0 else _card_worth(c.id) for c in CARDS)

_ROUTES: dict[Route, tuple[tuple[int, ...], int]] = {}


def _terrain_codes(route: Route) -> tuple[tuple[int, ...], int]:
    """Terrains as small ints (1 River, 2 Mountain, 3 both), cached per route, and Fort Clatsop."""
    known = _ROUTES.get(route)
    if known is None:
        codes = tuple(1 if t == RIVER else 2 if t == MOUNTAIN else 3 for t in route.terrains)
        known = _ROUTES[route] = (codes, route.fort_clatsop)
    return known


def commander_reach(state: State, p: Player, performances: int = 3) -> int:
    """Spaces a Commander at this Strength could cover with the fuel held, each performance taking
    the fuel that goes furthest from where the Scout then stands (terrain stops included, R18)."""
    route = state.options.route
    pos = p.scout
    left = {FOOD: p.resources[FOOD], CANOE: p.resources[CANOE], HORSE: p.resources[HORSE]}
    for _ in range(performances):
        best_kind, best_pos = -1, pos
        for kind, terrain, distance in ((CANOE, RIVER, 4), (FOOD, RIVER, 2), (HORSE, MOUNTAIN, 2)):
            if not left[kind]:
                continue
            end = pos
            for _step in range(distance):
                if end >= route.last or not route.admits(end + 1, terrain):
                    break
                end += 1
            if end > best_pos:
                best_kind, best_pos = kind, end
        if best_kind < 0:
            break
        left[best_kind] -= 1
        pos = best_pos
    return pos - p.scout


def cargo_worth(resources: list[int], scout: int, route: Route) -> float:
    """Worth of the boats' resources: Canoes (4 River spaces), Food (1 River space: the Commander's
    2 for a Strength that a Canoe turns into 4) and Horses (2 Mountain spaces) matched to the terrain
    of the next ``WINDOW`` spaces, nearer spaces counting more; then flat worths for the rest."""
    codes, fort = _terrain_codes(route)
    canoe = 4 * resources[CANOE]
    food = resources[FOOD]  # 2 spaces, but for a Commander Strength that a Canoe would make 4
    horse = 2 * resources[HORSE]
    covered = 0.0
    end = min(scout + WINDOW, fort, len(codes) - 1)
    i = scout + 1
    while i <= end and (canoe or food or horse):
        code = codes[i]
        near = 1.0 - 0.04 * (i - scout)
        if code == 1:
            if canoe:
                canoe -= 1
                covered += RIVER_COVER * near
            elif food:
                food -= 1
                covered += RIVER_COVER * near
        elif code == 2:
            if horse:
                horse -= 1
                covered += MOUNTAIN_COVER * near
        elif horse:
            horse -= 1
            covered += MOUNTAIN_COVER * near
        elif canoe:
            canoe -= 1
            covered += RIVER_COVER * near
        elif food:
            food -= 1
            covered += RIVER_COVER * near
        i += 1
    # uncovered cargo (beyond the window, or the wrong terrain for now) keeps a small worth
    covered += CARGO_WORTH * ((canoe + 3) // 4 + (horse + 1) // 2) + 0.1 * food
    for kind in (WOOD, FUR, FOOD, EQUIPMENT):
        n = resources[kind]
        w = PRIMARY_WORTH[kind]
        covered += w * n if n <= PRIMARY_USEFUL else w * PRIMARY_USEFUL + 0.05 * (n - PRIMARY_USEFUL)
    return covered


def indian_worth(n: int) -> float:
    return INDIAN_WORTH[n] if n < len(INDIAN_WORTH) else INDIAN_WORTH[-1] + 0.3 * (n - len(INDIAN_WORTH) + 1)


def boat_weight(p: Player) -> float:
    """How much of the boats' Time to count now: all of it when a Camp is near (hand nearly played
    out), less while cards remain to spend the cargo before camping."""
    return 1.0 if len(p.hand) <= 1 else BOAT_WEIGHT_EARLY


def player_worth(state: State, seat: int) -> float:
    """One expedition's worth in route spaces (see the module docstring)."""
    p = state.players[seat]
    time = boat_weight(p) * boat_time(sum(p.resources), p.indians + p.on_cards, p.tiles)
    worth = p.scout - len(p.hand) - time + CAMP_WEIGHT * p.camp
    worth += cargo_worth(p.resources, p.scout, state.options.route)
    worth += indian_worth(p.indians + p.on_cards)
    cards = 0.0
    for c in p.hand:
        cards += CARD_WORTH[c]
    for c in p.face_up:
        cards += CARD_WORTH[c]
    for c in p.face_down:
        cards += CARD_WORTH[c]
    return worth + CARD_WEIGHT * cards


def evaluate(state: State, seat: int) -> float:
    """How good the position is for ``seat`` (higher is better): its worth minus the best opponent's;
    solo, minus Mackenzie's. A finished game scores +-``WIN_SCORE``."""
    if state.over:
        return WIN_SCORE if state.winner == seat else -WIN_SCORE
    own = player_worth(state, seat)
    if len(state.players) == 1:
        return own - (1.0 + CAMP_WEIGHT) * state.mackenzie - _START_WORTH
    best = -math.inf
    for other in range(len(state.players)):
        if other != seat:
            w = player_worth(state, other)
            if w > best:
                best = w
    return own - best


def win_value(state: State, seat: int) -> float:
    """``seat``'s chance of winning in [0, 1]: 1 won, 0 lost, else the evaluation squashed."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    x = evaluate(state, seat) / SQUASH
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _start_worth() -> float:
    """A fresh expedition's worth beyond its position: solo, Mackenzie counts as an expedition that
    has it at his space (so a level-0 start evaluates to 0)."""
    from lewis_clark.setup import new_game  # local: only needed once

    s = new_game(players=1)
    p = s.players[0]
    return player_worth(s, 0) - (1.0 + CAMP_WEIGHT) * p.scout


_START_WORTH = 0.0
_START_WORTH = _start_worth()


def race_position(state: State, seat: int) -> float:
    """Where the expedition effectively stands in the race, in route spaces: its Scout, less the
    boats' Time and part of the hand (cards still to be played before the next Camp), plus a little
    for the Camp already secured and half of what one full Commander play could still carry it."""
    p = state.players[seat]
    boats = boat_time(sum(p.resources), p.indians + p.on_cards, p.tiles)
    return p.scout - boats - 0.5 * len(p.hand) + 0.25 * p.camp + 0.5 * commander_reach(state, p)


def race_value(state: State, seat: int) -> float:
    """``seat``'s chance of winning in [0, 1] judged by race positions (1 won, 0 lost)."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    own = race_position(state, seat)
    if len(state.players) == 1:
        other = float(state.mackenzie)
    else:
        other = max(race_position(state, s) for s in range(len(state.players)) if s != seat)
    x = (own - other) / 4.0
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
