"""What every bot knows about the race, in one place: the terrain ahead, which cards move, what a
Strength source costs, how good a recruitment is and which card pays its discount.

The heuristic, the planners and the hint all read these; a weight changed here changes them all.
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.evaluation import CARD_WORTH
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import DISCARD_NONE
from lewis_clark.effects import MOVE_TERRAIN
from lewis_clark.queries import recruit_equipment, recruit_fur
from lewis_clark.resources import EQUIPMENT, FUR
from lewis_clark.route import MOUNTAIN, MOUNTAIN_RIVER, RIVER
from lewis_clark.state import Player, State

KEEP_ROLES = frozenset({"commander", "interpreter"})  # never discarded (the rulebook's advice)
INTERPRETERS = frozenset(c.id for c in CARDS if c.role == "interpreter")  # the cards that gain Indians (R10)
INTERPRETER_SLUGS = frozenset(CARDS[c].slug for c in INTERPRETERS)  # the same, as actions name them
TERRAIN_LOOK = 8  # spaces ahead that decide which movers are wanted
HAND_LIMIT = 8  # cards owned beyond which recruiting stops (each unplayed one costs Camp Time)

# What giving Strength costs (source_cost): an Indian comes back aboard at the Camp and costs Time
# there (R16: Camp Time counts the Indians on cards), so a card under is usually better; the
# Interpreter (Strength 2) is a good one once its own Indians are aboard, and a mover buried for a
# turn still moves the next cycle.
INDIAN_SOURCE = 1.0
INTERPRETER_SOURCE = 0.5
MOVER_SOURCE = 1.0

# A recruitment's score (recruit_score): the card's worth, its Strength, a mover for the terrain
# mostly ahead, less the Fur its Journal slot costs.
RECRUIT_STRENGTH = 0.4
RECRUIT_MOVER_AHEAD = 1.0
RECRUIT_FUR = 0.35
RECRUIT_WORTH = 3.0  # a recruitment scoring less is not worth its price (4.0 never recruits: every game the same)

# Fur pays every recruitment, and only a few cards collect it: the deck's last Fur collector paid away
# as a discount leaves no Fur for the next one (the expert lost games so, its deck frozen by turn 5;
# the strong solo records keep their Fur Trader and pay with the Lumberjack, Hunter or Blacksmith).
LAST_FUR_SOURCE = 1.0

# What gains without paying: a card that collects resources (or Indians, the Interpreter, for the
# Village). With none left in the deck no mover can be paid again and the expedition stands still for
# good: two experts at a table (tuning seed 2,000,102) saw one pay its Interpreter and then its last
# Fur Trader away as discounts and Camp in place for 20 turns, its Scout sent back to St Louis.
SOURCE_RESULTS = frozenset({"collect", "face-up", "choose", "interpreter"})

# Only an Interpreter gains Indians (R10), and Indians placed in the Village or sent to the Powwow leave
# the expedition for good (R9, R11). A seat with neither an Interpreter nor an Indian can never use the
# Village again: no Horse Trade, no Canoes, no new Journal cards, no mover that sends an Indian. Short
# of the Mountains that is a stall for good: an expert and a medium at a table (tuning seed 2,000,107),
# each having paid its Interpreter away and spent its last Indian, stood at Camps 24 and 27 for 200
# turns each, the Journal frozen. The strong solo records pay the Interpreter away too, always with
# an Indian kept.


def terrain_ahead(state: State, p: Player) -> str:
    """The terrain the next movement must cross: the first space ahead that is not Mountain-River."""
    route = state.options.route
    for i in range(p.scout + 1, route.last + 1):
        if route.terrains[i] != MOUNTAIN_RIVER:
            return route.terrains[i]
    return RIVER


def terrain_mostly_ahead(state: State, seat: int) -> str:
    """The terrain most of the next ``TERRAIN_LOOK`` spaces are (River or Mountain)."""
    p = state.players[seat]
    route = state.options.route
    end = min(route.fort_clatsop, p.scout + TERRAIN_LOOK)
    mountains = sum(1 for i in range(p.scout + 1, end + 1) if route.terrains[i] != RIVER)
    return MOUNTAIN if mountains * 2 >= max(1, end - p.scout) else RIVER


def mountain_soon(state: State, p: Player) -> bool:
    """A Mountain space within the next four: time to hold Horses."""
    route = state.options.route
    return any(route.terrains[i] == MOUNTAIN for i in range(p.scout + 1, min(p.scout + 4, route.last) + 1))


def is_mover(card: int) -> bool:
    """The card has a movement among its actions."""
    return any(a.is_move for a in CARDS[card].alternatives)


def moves_over(card: int, terrain: str) -> bool:
    """The card has a movement over ``terrain``."""
    return any(MOVE_TERRAIN.get(alt.result) == terrain for alt in CARDS[card].alternatives)


def source_cost(want: int, strength: int, indians: int, under: int) -> float:
    """How poor a Strength source is for about ``want`` Strength: short of it costs most, then burying
    a useful card, then the Indians used (each costs Camp Time when it comes back aboard). A card
    left in hand costs a space of Camp Time, so spare cards are buried gladly; the Commander is kept
    for its own action, the Interpreter and movers a little less firmly."""
    cost = 3 * max(0, want - strength) + INDIAN_SOURCE * indians
    if under:
        role = CARDS[under].role
        if role == "commander":
            cost += 3.0
        elif role == "interpreter":
            cost += INTERPRETER_SOURCE
        elif is_mover(under):
            cost += MOVER_SOURCE
        else:
            cost += 0.3 * CARD_WORTH[under] - 0.6
    return cost


SOURCE: tuple[bool, ...] = tuple(any(alt.result in SOURCE_RESULTS for alt in c.alternatives) for c in CARDS)


def is_source(card: int) -> bool:
    """The card gains something without paying (``SOURCE_RESULTS``; read from ``SOURCE``, made once)."""
    return SOURCE[card]


def sources(p: Player) -> int:
    """The cards ``p`` owns that gain without paying."""
    return sum(1 for c in (*p.hand, *p.face_up, *p.face_down) if SOURCE[c])


def last_source(p: Player, card: int) -> bool:
    """``card`` is the only card ``p`` owns that gains without paying: paid away, the expedition
    could never pay a mover again."""
    return is_source(card) and sources(p) <= 1


def owns_interpreter(p: Player) -> bool:
    """``p`` owns an Interpreter (in hand or played this cycle)."""
    return any(c in INTERPRETERS for c in (*p.hand, *p.face_up, *p.face_down))


_LEFT: dict[tuple[object, int], tuple[int, int]] = {}


def terrain_left(state: State, seat: int) -> tuple[int, int]:
    """River and Mountain spaces between ``seat``'s Scout and Fort Clatsop (both count each other)."""
    route = state.options.route
    p = state.players[seat]
    scout = max(p.scout, p.camp)  # a Scout sent back behind its Camp has not gained terrain to cross
    key = (route, scout)
    known = _LEFT.get(key)
    if known is None:
        terrains = route.terrains[scout + 1: route.fort_clatsop + 1]
        known = _LEFT[key] = (sum(1 for t in terrains if t != MOUNTAIN), sum(1 for t in terrains if t != RIVER))
    return known


def cut_off(state: State, seat: int) -> bool:
    """``seat`` owns no Interpreter and no Indian (aboard or on its cards) while Mountain spaces are still
    ahead of its Scout and Camp: it can never reach the Village again (``SOURCE_RESULTS``' note)."""
    p = state.players[seat]
    if p.indians or p.on_cards or owns_interpreter(p):
        return False
    return terrain_left(state, seat)[1] > 0


def cuts_off(before: State, after: State, seat: int) -> bool:
    """What led from ``before`` to ``after`` cut ``seat`` off from the Village for good (``cut_off``)."""
    return cut_off(after, seat) and not cut_off(before, seat)


def spare(card: int, p: Player | None = None) -> bool:
    """A card that may go for a recruitment discount: not a Commander, Interpreter or mover, and
    (given its owner ``p``) not the owner's last source."""
    return CARDS[card].role not in KEEP_ROLES and not is_mover(card) and not (p is not None and last_source(p, card))


def recruit_score(state: State, seat: int, card: int) -> float:
    """How much ``seat`` wants the Journal card ``card``: its worth and Strength, more for a mover
    over the terrain mostly ahead, less the Fur its slot costs."""
    p = state.players[seat]
    score = CARD_WORTH[card] + RECRUIT_STRENGTH * CARDS[card].strength
    if moves_over(card, terrain_mostly_ahead(state, seat)):
        score += RECRUIT_MOVER_AHEAD
    return score - RECRUIT_FUR * recruit_fur(state, p, state.journal.index(card))


def affordable_keeping(p: Player, card: int) -> bool:
    """``card`` can be paid without giving up the Commander, the Interpreter, a mover or the last source."""
    best = max((CARDS[c].strength for c in p.hand if spare(c, p)), default=0)
    return p.resources[EQUIPMENT] >= recruit_equipment(card, best)


def recruit_order(state: State, seat: int, legal: list[Action]) -> list[str]:
    """The recruitable cards in ``legal`` (slugs), the most wanted first (``recruit_score``)."""
    scored: list[tuple[float, str]] = []
    for a in legal:
        if a.verb == Verb.RECRUIT:
            scored.append((recruit_score(state, seat, BY_SLUG[a.subject].id), a.subject))
    scored.sort(key=lambda t: -t[0])
    return [slug for _, slug in scored]


def best_recruit(state: State, seat: int, legal: list[Action], worth: float = RECRUIT_WORTH,
                 bonus: Callable[[int], float] | None = None) -> Action | None:
    """The recruitment worth its price (``worth``), paid without a kept card, or None; none once
    ``HAND_LIMIT`` cards are owned. ``bonus`` adds to a card's ``recruit_score`` (the ``pace`` bot's
    weights)."""
    p = state.players[seat]
    if len(p.hand) + len(p.face_up) + len(p.face_down) >= HAND_LIMIT:
        return None
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.verb != Verb.RECRUIT:
            continue
        card = BY_SLUG[a.subject].id
        if not affordable_keeping(p, card):
            continue
        score = recruit_score(state, seat, card) + (bonus(card) if bonus is not None else 0.0)
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None and best[0] >= worth else None


def collects(card: int, kind: int) -> bool:
    """The card collects ``kind`` (one of its choices may)."""
    return any(alt.result == "collect" and alt.resource == kind for alt in CARDS[card].alternatives)


def discount_cost(p: Player, card: int) -> float:
    """What paying ``card`` away as a recruitment discount gives up: its worth, and more for the
    last card ``p`` owns that collects Fur (``LAST_FUR_SOURCE``)."""
    cost = CARD_WORTH[card]
    if collects(card, FUR):
        owned = (*p.hand, *p.face_up, *p.face_down)
        if sum(1 for c in owned if collects(c, FUR)) <= 1:
            cost += LAST_FUR_SOURCE
    return cost


def cheapest_discount(legal: list[Action], p: Player | None = None) -> Action:
    """The discount to pay a recruitment with (R15): the spare card that gives up least
    (``discount_cost``; by worth alone without ``p``), else none, else the first offered."""
    candidates = [a for a in legal if a != DISCARD_NONE and spare(BY_SLUG[a.subject].id, p)]
    if candidates:
        if p is None:
            return min(candidates, key=lambda a: CARD_WORTH[BY_SLUG[a.subject].id])
        return min(candidates, key=lambda a: discount_cost(p, BY_SLUG[a.subject].id))
    return DISCARD_NONE if DISCARD_NONE in legal else legal[0]


__all__ = ["HAND_LIMIT", "INTERPRETERS", "INTERPRETER_SLUGS", "KEEP_ROLES", "LAST_FUR_SOURCE", "RECRUIT_WORTH",
           "SOURCE_RESULTS", "SOURCE", "affordable_keeping", "best_recruit", "cheapest_discount", "collects", "cut_off",
           "cuts_off", "discount_cost", "is_mover", "is_source", "last_source", "mountain_soon", "moves_over",
           "owns_interpreter", "recruit_order", "recruit_score", "source_cost", "sources", "spare", "terrain_ahead",
           "terrain_left", "terrain_mostly_ahead"]
