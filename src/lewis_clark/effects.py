"""What one performance does: the results of the effect language (effects_spec), applied to a state.

A result either changes the state at once (a movement) or pushes the decision it needs (how much to
keep, which boat face, which Farewell discards). ``move`` and ``settle_scout`` own Scout movement
(R18, R19).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lewis_clark import journal
from lewis_clark.actions import Action
from lewis_clark.cards import BY_SLUG, CARDS, LAROCQUE
from lewis_clark.effects_spec import Alternative
from lewis_clark.queries import badge_count, capacity, counter_parts, face_up_count, scout_spaces
from lewis_clark.resources import INDIAN, NONE, PRIMARY, Bundle, single, sub_bundles, up_to_choices
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import AfterTake, Decision, Frame, Player, State
from lewis_clark.village import PLACE_INDEX, PLACES

# bits of State.boosts
JARROT_USED: Final = 1
CUT_NOSE_USED: Final = 2
ALL_BOOSTS: Final = JARROT_USED | CUT_NOSE_USED  # R19: both used this action
# R19: extra spaces of a boosted movement
JARROT_BONUS: Final = 2
CUT_NOSE_BONUS: Final = 1
MOST_DIFFERENT: Final = len(PRIMARY)  # R5: Hay takes different primary resources, so at most four
MOVE_TERRAIN: Final[dict[str, str]] = {"river": RIVER, "mountain": MOUNTAIN}  # a movement result's terrain


def alternatives(frame: Frame) -> tuple[Alternative, ...]:
    """The ways a perform frame's card or Village place can be performed."""
    return CARDS[frame.card].alternatives if frame.place < 0 else PLACES[frame.place].alternatives


def offer(state: State, options: list[Bundle], then: AfterTake = AfterTake.NOTHING) -> None:
    """Push a "take" decision unless the only choice is to take nothing."""
    if len(options) > 1 or (options and options[0] != NONE):
        state.stack.append(Frame(Decision.TAKE, bundles=tuple(options), then=then))
    elif then:
        after_take(state, then)


def after_take(state: State, then: AfterTake) -> None:
    """What follows a "take" once chosen."""
    if then == AfterTake.INTERPRETER:  # R10: discard slot 1, refill, a stock Indian to the Newcomer
        discarded = journal.take(state, 0)
        if discarded:
            state.discard.append(discarded)
        journal.refill(state)
        if state.indian_stock:
            state.indian_stock -= 1
            state.newcomer += 1


def _upto(p: Player, kind: int, most: int) -> list[Bundle]:
    most = min(most, capacity(p))
    return [single(kind, n) for n in range(most, -1, -1)]


def _copied(frame: Frame) -> int:
    return frame.card if frame.copied else 0


def _take(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    offer(state, sub_bundles(alt.take))


def _choose(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    offer(state, up_to_choices(alt.count))


def _collect(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    n = badge_count(state, state.current, alt.resource, _copied(frame))
    offer(state, _upto(p, alt.resource, n))


def _face_up(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    n = face_up_count(p, _copied(frame))
    if alt.resource < 0:  # Hay: different primary resources (R5)
        offer(state, up_to_choices(min(n, MOST_DIFFERENT), distinct=True))
    else:
        offer(state, _upto(p, alt.resource, n))


def move_distance(state: State, seat: int, p: Player, alt: Alternative, copied: int = 0, boost: bool = False) -> int:
    """Spaces a movement alternative carries the Scout (before terrain stops): its number, or what its
    counter counts (R21), plus a boost (R19)."""
    distance = alt.count if not alt.counter else count(state, seat, p, alt.counter, copied)
    if boost:
        distance += JARROT_BONUS if alt.result == "river" else CUT_NOSE_BONUS
    return distance


def _move(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    distance = move_distance(state, state.current, p, alt, _copied(frame), action.boost)
    if action.boost:
        state.boosts |= JARROT_USED if alt.result == "river" else CUT_NOSE_USED
    start = p.scout
    move(state, p, MOVE_TERRAIN[alt.result], distance)
    if p.scout > start and state.options.move_choice:  # R2: the Scout may stop earlier than this
        state.stack.append(Frame(Decision.MOVE, spaces=p.scout - start))


def count(state: State, seat: int, p: Player, counter: str, copied: int = 0) -> int:
    """What a counted movement of ``seat`` counts (effects_spec.COUNTERS); ``p`` is its expedition
    (a bot may pass one with other resources to ask "what if"). ``queries.counter_parts`` owns what each
    counter counts (R3, R4, R5, R11, R21, R22, R24); the hints word the same parts."""
    return sum(n for n in counter_parts(state, seat, p, counter, copied).values())  # a loop, compiled (queries)


def step_forward(state: State, seat: int, start: int, terrain: str, distance: int) -> int:
    """Where a Scout of ``seat`` at ``start`` ends a movement: it steps forward while the next space
    admits the terrain (R18); with F. Antoine Larocque face-up, spaces held by other Scouts are passed
    without counting (R19), St Louis too: the card jumps every space where other Scouts are, even one
    where Scouts may stand together."""
    route = state.options.route
    pos = start
    skip = scout_spaces(state, seat) if LAROCQUE in state.players[seat].face_up else None
    while distance > 0 and pos < route.last:
        nxt = pos + 1
        if not route.admits(nxt, terrain):
            break
        pos = nxt
        if skip and nxt in skip:
            continue
        distance -= 1
    return pos


def move(state: State, p: Player, terrain: str, distance: int) -> None:
    """Move the current player's Scout (collisions are settled when the action ends, R18)."""
    p.scout = step_forward(state, state.current, p.scout, terrain, distance)
    state.moved = True


def settle_scout(state: State) -> None:
    """At the end of an action, a Scout on another Scout's space moves on to the next free space,
    whatever its terrain (R18)."""
    p = state.players[state.current]
    route = state.options.route
    others = scout_spaces(state, state.current)
    pos = p.scout
    while pos in others and not route.shared(pos):
        if pos == route.last:  # no free space ahead: fall back to the nearest free one behind
            while pos in others and not route.shared(pos):
                pos -= 1
            break
        pos += 1
    p.scout = pos
    state.moved = False


def _interpreter(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R10: gather every Village and Newcomer Indian into the Powwow, then take any number.
    state.powwow += sum(state.village) + state.newcomer
    state.village = [0] * len(PLACES)
    state.newcomer = 0
    offer(state, [single(INDIAN, n) for n in range(state.powwow, -1, -1)], AfterTake.INTERPRETER)


def _pick(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    card = BY_SLUG[action.subject].id
    p.hand.append(journal.take(state, state.journal.index(card)))


def _village(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R12: perform one place's action once; no Indian moves.
    state.stack.append(Frame(Decision.PERFORM, place=PLACE_INDEX[action.subject], performances=1))


def _copy(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R22: the copied card acts once, at Strength 1, as if in the copier's area.
    state.stack.append(Frame(Decision.PERFORM, BY_SLUG[action.subject].id, performances=1, copied=True))


def _boat(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    state.stack.append(Frame(Decision.BOAT))


FAREWELL_DISCARDS: Final = 3  # R12


def _farewell(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    state.stack.append(Frame(Decision.FAREWELL, discards=FAREWELL_DISCARDS))


def _nothing(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    return


Result = Callable[[State, Player, Frame, Alternative, Action], None]

# One entry per effects_spec.RESULTS word.
RESULTS: Final[dict[str, Result]] = {
    "take": _take, "choose": _choose, "collect": _collect, "face-up": _face_up,
    "river": _move, "mountain": _move, "interpreter": _interpreter,
    "pick": _pick, "village": _village, "copy": _copy, "boat": _boat,
    "farewell": _farewell, "none": _nothing,
}
