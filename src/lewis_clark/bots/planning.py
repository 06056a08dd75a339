"""What a racing planner weighs: the reach of the hand, the next Camp's Time, the cards owned.

``underway`` ranks lines in the middle of a Camp-to-Camp cycle, ``camped`` lines that have just
Camped; both after a number of the seat's turns, each of which is charged (``PACE``). They weigh
where the Scout stands, what the next Camp would cost, how far the movers in hand could still carry
the Scout with the resources held (``hand_reach``) and the turns the movers owned would still need
to cross the terrain left (``turns_to_go``, charged in part: it falls with every space gained and
every mover recruited, so progress always pays, unlike a worth of movers capped by the terrain
left). They are in route spaces, like ``evaluation.player_worth``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from lewis_clark.bots.evaluation import card_moves, cargo_worth, indian_worth, movement_ends_from
from lewis_clark.bots.knowledge import TERRAIN_LOOK, recruit_order, spare, terrain_left, terrain_mostly_ahead
from lewis_clark.cards import CARDS, LAROCQUE
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.effects import MOVE_TERRAIN
from lewis_clark.expedition import boat_time
from lewis_clark.queries import recruit_fur
from lewis_clark.resources import EQUIPMENT, FUR, HORSE, INDIAN
from lewis_clark.route import RIVER
from lewis_clark.state import Player, State

REACH_WEIGHT = 0.8  # a space the hand could still cover is worth most of a space covered


def hand_reach(state: State, seat: int) -> int:
    """Spaces the movers in ``seat``'s hand could carry its Scout, one after another on the resources
    held. Each turn plays one card with another under it, so each mover (the furthest-moving first)
    takes the strongest card left in hand as its Strength, or an Indian when no card is left; a card
    given as Strength is used up, and a mover with nothing under it does not move."""
    p = state.players[seat]
    hand = p.hand
    key: tuple[object, ...] | None = None
    if LAROCQUE not in p.face_up and all(m.simple for c in hand for m in card_moves(c)):
        # fixed costs and distances, no Scouts jumped: the answer depends on these alone
        key = (state.options.route, tuple(hand), p.scout, tuple(p.resources), p.indians)
        known = _REACH.get(key)
        if known is not None:
            return known
    reach = _hand_reach(state, seat, p)
    if key is not None:
        if len(_REACH) > _REACH_KEPT:
            _REACH.clear()
        _REACH[key] = reach
    return reach


_REACH: dict[tuple[object, ...], int] = {}
_REACH_KEPT = 50000


def _hand_reach(state: State, seat: int, p: Player) -> int:
    # sorted on (key, place in hand) tuples rather than by a key function: the same stable order, with no
    # interpreted call for each card (the lambdas cost 4% of an expert's search, py-spy)
    movers = [c for _, _, c in sorted([(-sum(POWER[c]), i, c) for i, c in enumerate(p.hand) if card_moves(c)])]
    if not movers:
        return 0
    left = p.resources[:] + [p.indians]
    pos = p.scout
    # Strength sources, strongest first; a card that does not move goes under before a mover does
    pool = [c for _, _, _, c in sorted([(-CARDS[c].strength, bool(card_moves(c)), i, c) for i, c in enumerate(p.hand)])]
    for card in movers:
        if card not in pool:
            continue  # already given as Strength
        pool.remove(card)
        if pool:
            strength = CARDS[pool.pop(0)].strength
        elif left[INDIAN]:
            left[INDIAN] -= 1
            strength = 1
        else:
            break
        ends = movement_ends_from(state, seat, p, card_moves(card), min(MOST_STRENGTH, strength), left, pos)
        if ends:
            pos = ends[-1]
    return pos - p.scout


# Spaces one performance of a counted movement is reckoned to cover (the count varies in play).
COUNTED_DISTANCE = 2.0
TYPICAL_STRENGTH = 2.0  # performances a mover is reckoned to get each Camp-to-Camp cycle
HORSE_EASE = 0.5  # Horses are scarce (the Horse Trade, few cards): a movement paid with them counts this share


def _power(card: int) -> tuple[float, float]:
    """Spaces one performance of ``card`` moves on the River and in the Mountains (the best way)."""
    river = mountain = 0.0
    for alt in CARDS[card].alternatives:
        if not alt.is_move:
            continue
        d = COUNTED_DISTANCE if alt.counter else float(alt.count)
        if alt.pay[HORSE]:
            d *= HORSE_EASE
        if MOVE_TERRAIN[alt.result] == RIVER:
            river = max(river, d)
        else:
            mountain = max(mountain, d)
    return river, mountain


POWER: tuple[tuple[float, float], ...] = tuple(
    (0.0, 0.0) if c.id == 0 or c.role == "commander" else _power(c.id) for c in CARDS)


# Three paces, three jobs: PACE is the charge on a turn spent inside a line's score (tuned as a charge,
# in spaces); race.FINISH_PACE turns what a finished line still lacks into turns; RIVAL_PACE is the
# arrival reckoned for a rival at a table (``rivals_arrive``), a person's racing speed.
PACE = 0.8  # spaces a line's score is charged for each turn it spends (a tuned charge, not a speed)
CYCLE = 3.5  # turns a Camp-to-Camp cycle takes (a strong expedition's, on average)
CYCLE_TURNS = 5  # turns a search grows a line without a Camp before dropping it (the longest cycle worth it)
BASE_RATE = (4.0, 1.5)  # River and Mountain spaces a cycle without movers besides the Commander
TOGO_WEIGHT = 0.5  # share of the turns still needed to cross the terrain left that a line is charged


def turns_to_go(state: State, seat: int, extra: int = 0) -> float:
    """Turns the movers owned would need to cross the River and Mountain spaces left, at
    ``TYPICAL_STRENGTH`` performances each a cycle besides what any expedition covers
    (``BASE_RATE``). It falls with every space gained and with every mover recruited, the more so
    while the terrain it moves on is long and few movers cover it. ``extra``: a card owned besides."""
    river, mountain = _owned_power(state.players[seat])
    return _to_go(terrain_left(state, seat), river, mountain, extra)


def _owned_power(p: Player) -> tuple[float, float]:
    """The River and Mountain ``POWER`` of the cards ``p`` owns, summed."""
    river = mountain = 0.0
    for cards in (p.hand, p.face_up, p.face_down):
        for c in cards:
            r, m = POWER[c]
            river += r
            mountain += m
    return river, mountain


def _to_go(left: tuple[int, int], river: float, mountain: float, extra: int = 0) -> float:
    """``turns_to_go`` from the terrain left and the power owned (``extra``'s added last, as one more
    card owned: the sums, and so the result, are the same to the last bit)."""
    if extra:
        r, m = POWER[extra]
        river += r
        mountain += m
    return CYCLE * (left[0] / (BASE_RATE[0] + TYPICAL_STRENGTH * river)
                    + left[1] / (BASE_RATE[1] + TYPICAL_STRENGTH * mountain))


PURSE_SHARE = 0.5  # share of a recruitment's saving credited to the Fur and Equipment held towards it


def purse(state: State, seat: int) -> float:
    """Turns of the race the Fur and Equipment held are saving towards: the largest fall in
    ``turns_to_go`` a Journal card would bring, times the share of its price held (Fur by its
    slot, Equipment by its Strength less the best spare discount). Gathering for a mover that is
    recruited a turn or two later is progress too; the full saving is only the recruitment's."""
    p = state.players[seat]
    left = terrain_left(state, seat)
    river, mountain = _owned_power(p)
    return _purse(state, p, left, river, mountain, _to_go(left, river, mountain))


def _purse(state: State, p: Player, left: tuple[int, int], river: float, mountain: float, base: float) -> float:
    """``purse`` from the terrain left, the power owned and ``turns_to_go`` (``base``): the same for
    every card weighed, and for ``_lasting`` beside it, so summed once."""
    fur, equipment = p.resources[FUR], p.resources[EQUIPMENT]
    if not fur and not equipment:
        return 0.0
    discount = max((CARDS[c].strength for c in p.hand if spare(c, p)), default=0)
    best = 0.0
    for slot, card in enumerate(state.journal):
        if not card or not any(POWER[card]):
            continue
        need_fur = recruit_fur(state, p, slot)
        need_equipment = max(0, CARDS[card].strength - discount)
        share = min(1.0, fur / need_fur if need_fur else 1.0) * min(1.0, equipment / need_equipment if need_equipment else 1.0)
        if share > 0:
            best = max(best, share * (base - _to_go(left, river, mountain, card)))
    return PURSE_SHARE * best


JUMP_CHARGE = 0.8  # a space Mackenzie gains by jumping the Scout: he arrives a turn sooner (PACE a turn)


def mackenzie_jumps(state: State) -> int:
    """Solo: the spaces Mackenzie has gained so far by jumping the Scout (R24: otherwise one a
    turn from his start, St Louis plus his level); 0 at a table of several seats."""
    if state.mackenzie < 0:
        return 0
    options = state.options
    return max(0, state.mackenzie - options.route.st_louis - options.mackenzie - (state.turn - 1))


RIVAL_PACE = 1.3  # spaces a turn a rival's Camp is reckoned to gain: St Louis to Fort Clatsop in 30 turns


def rivals_arrive(state: State, seat: int, longest: int) -> int:
    """The seat's turns until the first other seat is reckoned to Camp at Fort Clatsop, its Camp gaining
    ``RIVAL_PACE`` spaces a turn: at least one turn, at most ``longest`` (solo: Mackenzie is dealt
    with by the search itself, so ``longest``)."""
    fort = state.options.route.fort_clatsop
    lacking = [max(0, fort - p.camp) for i, p in enumerate(state.players) if i != seat]
    if not lacking:
        return longest
    return max(1, min(longest, math.ceil(min(lacking) / RIVAL_PACE)))


CARGO_UNDERWAY = 0.5  # share of the cargo's worth counted while the hand's movers may still spend it


def _lasting(state: State, seat: int, saving: bool = False) -> float:
    """What carries over to the next cycle: the movers owned (and with ``saving`` the ones the
    purse is saving towards), the cargo, the Indians."""
    p = state.players[seat]
    left = terrain_left(state, seat)
    river, mountain = _owned_power(p)
    togo = _to_go(left, river, mountain)
    if saving:
        togo -= _purse(state, p, left, river, mountain, togo)
    return -TOGO_WEIGHT * PACE * togo + indian_worth(p.indians + p.on_cards)


CAMPED_REACH = 0.5  # a space the whole deck could cover on the cargo held, the cycle after a Camp
CARGO_CAMPED = 0.5  # share of the cargo's worth counted besides what the deck's movers can spend


def camped(state: State, seat: int, turns: int, saving: bool = False) -> float:
    """A line that has just Camped, after ``turns`` turns: where its Scout starts the next cycle,
    less the turns spent, plus what it carries over (higher is better). The hand is the whole deck
    again, so its reach says how well the cargo and the movers match (cargo no mover spends is
    worth little)."""
    p = state.players[seat]
    cargo = CARGO_CAMPED * cargo_worth(p.resources, p.scout, state.options.route)
    return p.scout - PACE * turns + _lasting(state, seat, saving) + CAMPED_REACH * hand_reach(state, seat) + cargo


def underway(state: State, seat: int, turns: int, saving: bool = False) -> float:
    """A line in the middle of a cycle, after ``turns`` turns: where its next Camp could land (the
    Scout, plus what the movers in hand could still add, less the boats' Time), less the turns spent
    and those the hand still needs (a card played and one under it each turn)."""
    p = state.players[seat]
    boats = boat_time(sum(p.resources), p.indians + p.on_cards, p.tiles)
    projected = p.scout + REACH_WEIGHT * hand_reach(state, seat) - boats
    turns_left = (len(p.hand) + 1) // 2
    cargo = CARGO_UNDERWAY * cargo_worth(p.resources, p.scout, state.options.route)
    return projected - PACE * (turns + turns_left) + _lasting(state, seat, saving) + cargo


L = TypeVar("L")


def position(state: State, seat: int) -> tuple[object, ...]:
    """What ``seat``'s future depends on, for telling searched lines apart: its Scout, Camp, hand,
    boats and Indians, and the Journal."""
    p = state.players[seat]
    return (p.scout, p.camp, tuple(sorted(p.hand)), tuple(p.resources), p.indians, p.on_cards, tuple(state.journal))


def distinct(lines: Sequence[L], width: int, state_of: Callable[[L], State], seat: int) -> list[L]:
    """The best ``width`` of ``lines`` (sorted best first), one per resulting ``position`` of
    ``seat`` (-1: the seat to move in each line's state): two lines reaching the same position
    have the same future, and the worse would only crowd out another."""
    kept: list[L] = []
    seen: set[tuple[object, ...]] = set()
    for line in lines:
        s = state_of(line)
        key = position(s, s.current if seat < 0 else seat)
        if key in seen:
            continue
        seen.add(key)
        kept.append(line)
        if len(kept) >= width:
            break
    return kept


__all__ = ["JUMP_CHARGE", "PURSE_SHARE", "TERRAIN_LOOK", "camped", "distinct", "hand_reach", "mackenzie_jumps",
           "position", "purse", "recruit_order", "terrain_mostly_ahead", "turns_to_go", "underway"]
