"""How good a position is for one seat: a cheap, hand-tuned estimate for bots and search cut-offs.

A player's worth is measured in route spaces: where the Scout would Camp now (Scout minus Camp Time,
R16), the Camp already secured, the spaces the boats' Canoes, Food and Horses can still carry the
Scout over the terrain just ahead, the other resources and Indians, and the cards owned. A seat's
evaluation is its worth minus the best opponent's (solo: minus Mackenzie's race position).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from lewis_clark.cards import BOLEY, CARDS, COLOURS, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE, ROLES, crew
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.effects import MOVE_TERRAIN, move_distance, step_forward
from lewis_clark.effects_spec import Alternative
from lewis_clark.expedition import boat_time
from lewis_clark.resources import CANOE, EQUIPMENT, FOOD, FUR, HORSE, INDIAN, RESOURCES, WOOD
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

class Fuel(NamedTuple):
    """One resource that pays a fixed movement of a card: what it is, where and how far it goes."""

    kind: int
    terrain: str
    distance: int


def fuel_table(card: int) -> tuple[Fuel, ...]:
    """A card's fixed movements paid with one resource, read from its data; for the Commander Food
    and Canoes for the River, Horses for the Mountains."""
    out: list[Fuel] = []
    for alt in CARDS[card].alternatives:
        if not alt.is_move or alt.counter or alt.pay_any or alt.pay_different or alt.powwow or sum(alt.pay) != 1:
            continue
        kind = next(k for k in RESOURCES if alt.pay[k])
        out.append(Fuel(kind, MOVE_TERRAIN[alt.result], alt.count))
    return tuple(out)


_COMMANDERS = {colour: crew(colour)[ROLES.index("commander")] for colour in COLOURS}


def commander_of(p: Player) -> int:
    """The card id of the Commander in ``p``'s starting crew."""
    return _COMMANDERS[p.colour]


COMMANDER_FUEL = fuel_table(commander_of(Player(COLOURS[0])))


def payment(alt: Alternative, left: list[int], keep: frozenset[int] = frozenset()) -> list[int] | None:
    """What one performance of ``alt`` would spend from ``left`` (six resources, then Indians on the
    boats), or None if it cannot be paid; free choices take the kinds held most, never ``keep``."""
    pay = list(alt.pay)
    for k in RESOURCES:
        if pay[k] > left[k]:
            return None
    if alt.powwow:
        if left[INDIAN] < alt.powwow:
            return None
        pay[INDIAN] = alt.powwow
    if alt.pay_any or alt.pay_different:
        rest = [0 if k in keep else left[k] - pay[k] for k in RESOURCES]
        for _ in range(alt.pay_any):
            k = max(RESOURCES, key=lambda k: rest[k])
            if not rest[k]:
                return None
            rest[k] -= 1
            pay[k] += 1
        if alt.pay_different:
            kinds = sorted((k for k in RESOURCES if rest[k]), key=lambda k: -rest[k])[: alt.pay_different]
            if len(kinds) < alt.pay_different:
                return None
            for k in kinds:
                pay[k] += 1
    return pay


class Movement(NamedTuple):
    """A movement alternative of a card, prepared for ``movement_ends``."""

    alt: Alternative
    terrain: str
    costs: tuple[tuple[int, int], ...]  # fixed resource costs: (kind, count)
    simple: bool  # fixed costs and a fixed distance only


_MOVES: dict[int, tuple[tuple[Alternative, ...], tuple[Movement, ...]]] = {}


def card_moves(card: int) -> tuple[Movement, ...]:
    """A card's movements, cached by the identity of its alternatives (so changed data is re-read)."""
    alts = CARDS[card].alternatives
    known = _MOVES.get(id(alts))
    if known is None or known[0] is not alts:
        moves = tuple(
            Movement(a, MOVE_TERRAIN[a.result], tuple((k, a.pay[k]) for k in RESOURCES if a.pay[k]),
                  not (a.counter or a.pay_any or a.pay_different or a.powwow))
            for a in alts if a.is_move
        )
        known = _MOVES[id(alts)] = (alts, moves)
    return known[1]


def movement_ends(state: State, seat: int, card: int, performances: int) -> list[int]:
    """Where ``seat``'s Scout would stand after each performance of ``card``'s movements that moves it,
    paid from the resources held: each performance takes the movement that goes furthest from where
    the Scout then stands (the nearer one on a tie, keeping the fuel that goes further). Distances are
    the engine's (``move_distance``, counted ones included), steps too (``step_forward``: terrain
    stops R18, F. Antoine Larocque R19); boosts are not counted."""
    p = state.players[seat]
    moves = card_moves(card)
    r = p.resources
    key: tuple[object, ...] | None = None
    if LAROCQUE not in p.face_up and all(m.simple for m in moves):  # the answer depends on these alone
        key = (id(moves), state.options.route, p.scout, performances, r[0], r[1], r[2], r[3], r[4], r[5])
        known = _ENDS.get(key)
        if known is not None:
            return known[:]
    ends = movement_ends_from(state, seat, p, moves, performances)
    if key is not None:
        if len(_ENDS) > _ENDS_KEPT:
            _ENDS.clear()
        _ENDS[key] = ends[:]
    return ends


_ENDS: dict[tuple[object, ...], list[int]] = {}
_ENDS_KEPT = 20000


def movement_ends_from(state: State, seat: int, p: Player, moves: tuple[Movement, ...], performances: int,
                       left: list[int] | None = None, pos: int | None = None) -> list[int]:
    """See ``movement_ends`` (``moves`` from ``card_moves``); ``left`` (six resources, then Indians;
    spent in place) and ``pos`` let a caller chain several cards on shared resources."""
    if left is None:
        left = p.resources[:] + [p.indians]
    if pos is None:
        pos = p.scout
    ends: list[int] = []
    for _ in range(performances):
        best_end, best_distance = pos, 0
        best: Movement | None = None
        best_pay: list[int] | None = None
        for m in moves:
            pay: list[int] | None = None
            if m.simple:
                short = False
                for k, n in m.costs:
                    if left[k] < n:
                        short = True
                        break
                if short:
                    continue
                distance = m.alt.count
            else:
                pay = payment(m.alt, left)
                if pay is None:
                    continue
                distance = m.alt.count
                if m.alt.counter:  # counted after paying, as the engine does (R21)
                    q = p.copy()
                    q.resources = [left[k] - pay[k] for k in RESOURCES]
                    q.indians = left[INDIAN] - pay[INDIAN]
                    distance = move_distance(state, seat, q, m.alt)
            end = step_forward(state, seat, pos, m.terrain, distance)
            if end > best_end or (end == best_end and best is not None and distance < best_distance):
                best, best_end, best_distance, best_pay = m, end, distance, pay
        if best is None:
            break
        if best_pay is None:
            for k, n in best.costs:
                left[k] -= n
        else:
            for k in range(len(left)):
                left[k] -= best_pay[k]
        pos = best_end
        ends.append(pos)
    return ends


def reach(state: State, seat: int, card: int, performances: int) -> int:
    """Spaces ``card`` at this Strength (``performances``) could carry ``seat``'s Scout with the
    resources held (see ``movement_ends``)."""
    ends = movement_ends(state, seat, card, performances)
    return ends[-1] - state.players[seat].scout if ends else 0


def commander_reach(state: State, seat: int, performances: int = MOST_STRENGTH) -> int:
    """Spaces ``seat``'s Commander at this Strength could cover with the fuel held."""
    return reach(state, seat, commander_of(state.players[seat]), performances)


_ROUTES: dict[Route, tuple[tuple[int, ...], int]] = {}
_RIVER_CODE, _MOUNTAIN_CODE, _BOTH_CODE = 1, 2, 3


def _terrain_codes(route: Route) -> tuple[tuple[int, ...], int]:
    """Terrains as small ints (1 River, 2 Mountain, 3 both), cached per route, and Fort Clatsop."""
    known = _ROUTES.get(route)
    if known is None:
        codes = tuple(_RIVER_CODE if t == RIVER else _MOUNTAIN_CODE if t == MOUNTAIN else _BOTH_CODE
                      for t in route.terrains)
        known = _ROUTES[route] = (codes, route.fort_clatsop)
    return known


def _cargo_plan(fuels: tuple[Fuel, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...],
                                                 tuple[tuple[int, ...], ...]]:
    """From a fuel table: spaces each unit counts for (its distance, discounted by how much less it
    goes than the best fuel for the same terrain: a Strength spent on Food instead of a Canoe loses
    half), the worth of a space it covers, and which fuels cover each terrain code, scarce Mountain
    fuel first on a Mountain-River space, longer movements first."""
    best = {f.terrain: max(g.distance for g in fuels if g.terrain == f.terrain) for f in fuels}
    spaces = tuple(f.distance * f.distance // best[f.terrain] for f in fuels)
    distances = tuple(f.distance for f in fuels)
    cover = tuple(MOUNTAIN_COVER if f.terrain == MOUNTAIN else RIVER_COVER for f in fuels)
    by_length = sorted(range(len(fuels)), key=lambda i: -fuels[i].distance)
    river = tuple(i for i in by_length if fuels[i].terrain == RIVER)
    mountain = tuple(i for i in by_length if fuels[i].terrain == MOUNTAIN)
    order = ((), river, mountain, mountain + river)  # by terrain code
    return spaces, distances, cover, order


_SPACES, _DISTANCES, _COVER, _ORDER = _cargo_plan(COMMANDER_FUEL)
_FUEL_KINDS = tuple(f.kind for f in COMMANDER_FUEL)


def cargo_worth(resources: list[int], scout: int, route: Route) -> float:
    """Worth of the boats' resources: the Commander's fuels (``COMMANDER_FUEL``: Canoes and Food on
    the River, Horses on the Mountains) matched to the terrain of the next ``WINDOW`` spaces, nearer
    spaces counting more; then flat worths for the rest."""
    codes, fort = _terrain_codes(route)
    units = [_SPACES[i] * resources[kind] for i, kind in enumerate(_FUEL_KINDS)]
    covered = 0.0
    end = min(scout + WINDOW, fort, len(codes) - 1)
    i = scout + 1
    while i <= end and any(units):
        near = 1.0 - 0.04 * (i - scout)
        for f in _ORDER[codes[i]]:
            if units[f]:
                units[f] -= 1
                covered += _COVER[f] * near
                break
        i += 1
    # uncovered cargo (beyond the window, or the wrong terrain for now) keeps a small worth
    for f, left in enumerate(units):
        if left:
            covered += CARGO_WORTH * -(-left // _SPACES[f]) * _SPACES[f] / _DISTANCES[f]
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
    return p.scout - boats - 0.5 * len(p.hand) + 0.25 * p.camp + 0.5 * commander_reach(state, seat)


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
