"""Read-only questions about a state: what a Camp would cost, badges counted, recruitment costs.

Nothing here changes a state. The rules, the bots, the wording layer and every front end ask these
questions, so that each answer has one owner.
"""

from __future__ import annotations

from typing import Final

from lewis_clark import journal
from lewis_clark.cards import BOLEY, CARDS, GAINS_IGNORED, GRAVELINES
from lewis_clark.expedition import boat_time, resource_capacity
from lewis_clark.resources import EQUIPMENT, FOOD, INDIAN
from lewis_clark.state import Decision, Player, State
from lewis_clark.village import PLACES

BADGE_COUNTERS: Final = {"food-badges": FOOD, "equipment-badges": EQUIPMENT}  # effects_spec.COUNTERS that count badges
GRAVELINES_DISCOUNT: Final = 2  # R15: Fur saved per recruitment with Joseph Gravelines face-up
BOLEY_DISCOUNT: Final = 1  # R16: Time saved per Camp with John Boley face-up
FEWEST_CARDS_TO_ACT: Final = 2  # R17: with no Indian, a card to play and one to give it Strength (R1)
_PERFORM: Final = Decision.PERFORM  # bound once: an enum member lookup is slow on Python 3.11


def can_act(p: Player) -> bool:
    """Whether a compulsory action is possible: a card with another card or an Indian behind it, or
    an Indian for the Village (its semicircles are never full)."""
    return p.indians > 0 or len(p.hand) >= FEWEST_CARDS_TO_ACT


def round_number(state: State) -> int:
    """The round being played: the number of the current player's own turn (1 for everyone's first).
    ``State.turn`` counts every player's turns; people count rounds."""
    return (state.turn - 1) // len(state.players) + 1


def capacity(p: Player) -> int:
    """Resources the boats can hold now."""
    return resource_capacity(p.tiles)


def camp_time(p: Player) -> int:
    """The Time a Camp would cost right now (R16): cards in hand, boat Time with the Indians on cards
    back aboard, less John Boley's discount, never below zero."""
    # sum over a generator, here and below: compiled, that is a loop; over a list, a call of the builtin
    time = len(p.hand) + boat_time(sum(n for n in p.resources), p.indians + p.on_cards, p.tiles)
    if BOLEY in p.face_up and time > 0:
        time -= BOLEY_DISCOUNT
    return time


def scout_spaces(state: State, seat: int) -> set[int]:
    """Spaces held by other Scouts (Mackenzie included in solo)."""
    spaces = {p.scout for i, p in enumerate(state.players) if i != seat}
    if state.mackenzie >= 0:
        spaces.add(state.mackenzie)
    return spaces


class CampLanding:
    """Where a Camp would leave an expedition (R16). A class of its own, not a NamedTuple: compiled, a
    NamedTuple is built through an interpreted ``__new__``, and every Camp makes one."""

    __slots__ = ("camp", "scout", "time")

    def __init__(self, time: int, scout: int, camp: int) -> None:
        self.time = time  # spaces the Scout goes back
        self.scout = scout  # where the Scout would stand
        self.camp = camp  # where the Camp marker would stand

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CampLanding) and (self.time, self.scout, self.camp) == (other.time, other.scout,
                                                                                         other.camp)

    def __hash__(self) -> int:
        return hash((self.time, self.scout, self.camp))

    def __repr__(self) -> str:
        return f"CampLanding(time={self.time}, scout={self.scout}, camp={self.camp})"


def camp_landing(state: State, seat: int) -> CampLanding:
    """What a Camp by ``seat`` would do now: its Time, then the Scout goes back that far (never behind
    St Louis, and past spaces held by other Scouts), and the Camp moves up to the Scout if it is ahead."""
    p = state.players[seat]
    time = camp_time(p)
    route = state.options.route
    pos = max(0, p.scout - time)
    others = scout_spaces(state, seat)
    while pos > 0 and pos in others and not route.shared(pos):
        pos -= 1
    return CampLanding(time, pos, max(pos, p.camp))


def counted_seats(state: State, seat: int) -> list[int]:
    """Playing Areas whose badges a collection counts (R4): yours and your neighbours' (one with two
    players); solo: yours only (the Village badge tokens are added by ``badge_count``)."""
    n = len(state.players)
    if n == 1:
        return [seat]
    if n == 2:
        return [seat, 1 - seat]
    return [seat, (seat - 1) % n, (seat + 1) % n]


def badge_count(state: State, seat: int, kind: int, copied: int = 0) -> int:
    """Badges of ``kind`` visible for a collection by ``seat`` (R4). A copied card counts as if it
    lay in the copier's area (R22), so it adds its badge when its own area is not counted."""
    return sum(n for n in badge_sources(state, seat, kind, copied).values())


def badge_sources(state: State, seat: int, kind: int, copied: int = 0) -> dict[str, int]:
    """Where the badges of ``badge_count`` come from: seat colours, "village" (solo tokens, R24) and
    "copied" (R22), each with its count, zeros left out."""
    seats = counted_seats(state, seat)
    out: dict[str, int] = {}
    for s in seats:
        p = state.players[s]
        n = sum(1 for c in p.face_up if CARDS[c].badge == kind) + sum(1 for c in p.face_down if CARDS[c].badge == kind)
        if n:
            out[p.colour] = n
    if len(state.players) == 1:  # solo rule: occupied places give their badge token (R4, R24)
        n = sum(1 for place in PLACES if state.village[place.index] and place.solo_badge == kind)
        if n:
            out["village"] = n
    if copied and CARDS[copied].badge == kind and not any(copied in state.players[s].face_up for s in seats):
        out["copied"] = 1
    return out


def counter_parts(state: State, seat: int, p: Player, counter: str, copied: int = 0) -> dict[str, int]:
    """What a counted movement counts (``effects.count``), part by part, zeros left out; the parts sum to
    the count. Keys: badges as ``badge_sources`` (R4, R22, R24); "scouts-ahead": seat colours and
    "mackenzie" (R21); "indians-in-village": "places", "powwow", "newcomer" (R11); "indians-on-boats":
    "boats"; "resource-pairs" / "resource-triples": "pairs" / "triples" (of ``counted_resources``, R21, R3);
    "face-up": "face-up" and "copied" (R5, R22)."""
    if counter in BADGE_COUNTERS:
        return badge_sources(state, seat, BADGE_COUNTERS[counter], copied)
    parts: dict[str, int]
    if counter == "scouts-ahead":
        parts = {q.colour: 1 for q in state.players if q.scout >= p.camp}
        parts["mackenzie"] = 1 if state.mackenzie >= 0 and state.mackenzie >= p.camp else 0
    elif counter == "indians-in-village":
        parts = {"places": sum(state.village), "powwow": state.powwow, "newcomer": state.newcomer}
    elif counter == "indians-on-boats":
        parts = {"boats": counted_indians(state, p)}
    elif counter == "resource-pairs":
        parts = {"pairs": counted_resources(state, p) // 2}
    elif counter == "resource-triples":
        parts = {"triples": counted_resources(state, p) // 3}
    elif counter == "face-up":
        parts = {"face-up": len(p.face_up), "copied": 1 if copied and copied not in p.face_up else 0}
    else:
        raise AssertionError(counter)
    return {k: n for k, n in parts.items() if n}


def face_up_count(p: Player, copied: int = 0) -> int:
    """Face-up Characters in your own area, a copied card counting as yours (R5, R22)."""
    return len(p.face_up) + (1 if copied and copied not in p.face_up else 0)


def recruit_fur(state: State, p: Player, slot: int) -> int:
    """Fur to recruit from ``slot``: its number, less with Joseph Gravelines face-up (R15)."""
    fur = journal.fur_cost(slot)
    if GRAVELINES in p.face_up:
        fur -= GRAVELINES_DISCOUNT
    return max(0, fur)


def recruit_equipment(card: int, discarded: int = 0) -> int:
    """Equipment to recruit ``card``: its Strength, less the Strength of a discarded card (R15)."""
    return max(0, CARDS[card].strength - (CARDS[discarded].strength if discarded else 0))


def recruitable(state: State, p: Player) -> list[int]:
    """Journal cards ``p`` can pay for now (Fur by slot, Equipment by Strength less the best discard)."""
    fur, equipment = p.resources[1], p.resources[3]
    best = 0
    for c in p.hand:
        if CARDS[c].strength > best:
            best = CARDS[c].strength
    discount = GRAVELINES_DISCOUNT if GRAVELINES in p.face_up else 0
    out = []
    for slot, card in enumerate(state.journal):
        # recruit_fur and recruit_equipment inlined: this runs at every turn-level decision
        if card and fur >= slot + 1 - discount and equipment >= CARDS[card].strength - best:
            out.append(card)
    return out


def payable(state: State, p: Player) -> list[int]:
    """What may pay now, by resource kind then Indians: held, and held since the action began (R3)."""
    sp = state.spendable
    r = p.resources
    return [min(sp[0], r[0]), min(sp[1], r[1]), min(sp[2], r[2]), min(sp[3], r[3]), min(sp[4], r[4]),
            min(sp[5], r[5]), min(sp[INDIAN], p.indians)]


def gains_ignored(state: State) -> bool:
    """Whether counts now leave out what the action has gained so far: inside a performance of The
    Partisan, Sacagawea or Toussaint Charbonneau, whose later activations may not "take into account"
    what earlier ones gained (R3). A copied one acts once, so it has no earlier activation."""
    for f in state.stack:
        if f.kind == _PERFORM and f.card in GAINS_IGNORED and not f.copied and f.place < 0:
            return True
    return False



def counted_resources(state: State, p: Player) -> int:
    """The resources a count of ``p``'s boats sees (Little Thief, Tetoharsky): all held, or only those
    held since the action began when gains are ignored (R3, R21)."""
    if gains_ignored(state):
        return sum(n for n in payable(state, p)[:6])
    return sum(n for n in p.resources)


def counted_indians(state: State, p: Player) -> int:
    """The Indians a count of ``p``'s boats sees (Richard Warfington), likewise (R3)."""
    if gains_ignored(state):
        return payable(state, p)[INDIAN]
    return p.indians
