"""What happened in one step, as data: the action and everything that followed from it.

``events(before, action, after)`` compares the states around an applied action and names what a
person at the table would have seen: the action itself, a Scout moving, a recruitment and what it
paid, a Camp and what it brought back, the Interpreter gathering the Village, Journal cards
discarded (and by what) and drawn (into which slot), a reshuffle, Mackenzie's step, the turn ending
and the next one beginning, and the end of the game. The match driver logs them; the wording layer
words them. Events are plain immutable values, so logs compare and serialise easily.

The engine knows nothing of events: they are read off the two states, so a match that keeps no log
(``Match(keep_log=False)``: sims, RL) pays nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, LAROCQUE
from lewis_clark.queries import camp_time, round_number, scout_spaces
from lewis_clark.resources import EQUIPMENT, FUR, INDIAN
from lewis_clark.state import AfterTake, Decision, Frame, Player, State


@dataclass(frozen=True, slots=True)
class Acted:
    """``seat`` took ``action``; ``card``/``place`` name what was performing (perform actions), or
    ``card`` the card being recruited (the discard for its discount)."""

    seat: int
    action: Action
    card: int = 0
    place: int = -1


@dataclass(frozen=True, slots=True)
class ScoutMoved:
    """A Scout moved during the action, ``start`` to ``end`` (Camps are ``Camped``). ``jumped``: the
    spaces held by other Scouts it passed without counting them (F. Antoine Larocque, R19); ``bumped``:
    the space held by another Scout where the movement stopped, from which it went on to ``end``, the
    next free space (R18), else -1. A movement whose stop is chosen (R2) is one event, once the stop is
    chosen."""

    seat: int
    start: int
    end: int
    jumped: tuple[int, ...] = ()
    bumped: int = -1


@dataclass(frozen=True, slots=True)
class Recruited:
    """A Journal card joined a hand for ``fur`` and ``equipment``, less ``discarded``'s Strength (R15)."""

    seat: int
    card: int
    fur: int
    equipment: int
    discarded: int = 0


@dataclass(frozen=True, slots=True)
class Camped:
    """A Camp cost ``time`` spaces; the Scout stands on ``scout`` and the Camp on ``camp`` (R16);
    ``cards`` came back to the hand from the Playing Area and ``indians`` from the cards to the boats;
    ``crowded``: the space ``time`` would have taken the Scout back to, held by another Scout, so that it
    went on back to the nearest free one, else -1."""

    seat: int
    time: int
    scout: int
    camp: int
    cards: int = 0
    indians: int = 0
    crowded: int = -1


@dataclass(frozen=True, slots=True)
class Gathered:
    """The Interpreter brought ``indians`` from the Village and the Newcomer to the Powwow (R10)."""

    indians: int


@dataclass(frozen=True, slots=True)
class NewcomerArrived:
    """An Indian came from the stock to the Newcomer's place (R10)."""

    indians: int = 1


@dataclass(frozen=True, slots=True)
class JournalDiscarded:
    """Journal cards went to the discard deck, by what: the card performing (the Interpreter's slot 1)
    or the Village place (Farewell) given as ``card``/``place``; ``slots`` are 1-based, one per card."""

    cards: tuple[int, ...]
    slots: tuple[int, ...] = ()
    card: int = 0
    place: int = -1


@dataclass(frozen=True, slots=True)
class JournalDrawn:
    """Cards drawn from the deck into the Journal, in draw order; ``slots`` are 1-based, one per card."""

    cards: tuple[int, ...]
    slots: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discard deck was shuffled into a new draw deck of ``cards`` cards (R14)."""

    cards: int


@dataclass(frozen=True, slots=True)
class MackenzieMoved:
    """Solo: Mackenzie stepped from ``start`` to ``space`` after the player's turn, jumping over the
    player's Scout on ``past`` when it held the space he reached (R24; ``past`` is -1 otherwise)."""

    space: int
    start: int = -1
    past: int = -1


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """``seat``'s turn ended by itself: nothing was left to do after a Camp (R16, R17). A turn ended
    with an ``end`` action says so in its ``Acted`` event."""

    seat: int


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """``seat``'s turn ended; ``to`` plays turn number ``turn`` (``State.turn``), their own ``round``th."""

    seat: int
    to: int
    turn: int
    round: int = 0


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended: ``winner`` is a seat, or -1 when Mackenzie reached Fort Clatsop first."""

    winner: int


_NAMED = (Decision.PERFORM, Decision.RECRUIT)  # decisions whose Acted names the frame's card

Event = (Acted | ScoutMoved | Recruited | Camped | Gathered | NewcomerArrived | JournalDiscarded | JournalDrawn
         | Reshuffled | MackenzieMoved | TurnEnded | TurnPassed | GameOver)


def events(before: State, action: Action, after: State) -> list[Event]:
    """Everything ``action`` (legal in ``before``) did, in the order a person would tell it."""
    seat = before.current
    frame = before.stack[-1] if before.stack else None
    card, place = (frame.card, frame.place) if frame is not None and frame.kind in _NAMED else (0, -1)
    out: list[Event] = [Acted(seat, action, card, place)]
    p0, p1 = before.players[seat], after.players[seat]
    if frame is not None and frame.kind == Decision.RECRUIT:
        discarded = 0 if action.subject == "none" else BY_SLUG[action.subject].id
        out.append(Recruited(seat, frame.card, p0.resources[FUR] - p1.resources[FUR],
                             p0.resources[EQUIPMENT] - p1.resources[EQUIPMENT], discarded))
    others = scout_spaces(before, seat)  # no other Scout moves during this seat's action
    shared = before.options.route.shared
    if action.verb == Verb.CAMP:
        time = camp_time(p0)
        aimed = max(0, p0.scout - time)
        crowded = aimed if p1.scout != aimed else -1  # R16: it went on back past a held space
        out.append(Camped(seat, time, p1.scout, p1.camp, len(p0.face_up) + len(p0.face_down), p0.on_cards, crowded))
    elif frame is not None and frame.kind == Decision.MOVE:  # the whole movement, told once its stop is chosen (R2)
        start, stop = p0.scout - frame.spaces, p0.scout - (frame.spaces - action.spaces)
        if p1.scout != start:
            jumped = _jumped(p0, others, start, stop)
            out.append(ScoutMoved(seat, start, p1.scout, jumped, stop if p1.scout != stop else -1))
    elif after.stack and after.stack[-1].kind == Decision.MOVE:
        pass  # a movement whose stop is still to choose: told once it is chosen (R2)
    elif p1.scout != p0.scout:
        # A Scout standing on another's space when its action ends goes on to the nearest free one (R18);
        # with chosen stops (R2) that is the only way it moves here, else a performance may move it too.
        settled = (before.options.move_choice or action.verb != Verb.PERFORM) and p0.scout in others \
            and not shared(p0.scout)
        bumped = p0.scout if settled else -1
        jumped = _jumped(p0, others, p0.scout, p1.scout) if not settled else ()
        out.append(ScoutMoved(seat, p0.scout, p1.scout, jumped, bumped))
    gathered = after.powwow - before.powwow
    if frame is not None and frame.kind == Decision.TAKE and frame.then == AfterTake.INTERPRETER:
        gathered += action.bundle[INDIAN]  # the take itself moved these from the Powwow to the boats
    if gathered > 0:
        out.append(Gathered(gathered))
    out.extend(_journal(before, after, frame))
    if after.newcomer > before.newcomer:
        out.append(NewcomerArrived(after.newcomer - before.newcomer))
    turn_over = after.turn != before.turn or (after.over and after.winner < 0 and after.mackenzie != before.mackenzie)
    if turn_over and action.verb != Verb.END:
        out.append(TurnEnded(seat))
    if after.mackenzie != before.mackenzie:
        past = after.mackenzie - 1 if after.mackenzie - before.mackenzie > 1 else -1
        out.append(MackenzieMoved(after.mackenzie, before.mackenzie, past))
    if after.turn != before.turn:
        out.append(TurnPassed(seat, after.current, after.turn, round_number(after)))
    if after.over and not before.over:
        out.append(GameOver(after.winner))
    return out


def _jumped(p: Player, others: set[int], start: int, stop: int) -> tuple[int, ...]:
    """The spaces held by other Scouts a movement from ``start`` to ``stop`` passed without counting
    them: with F. Antoine Larocque face-up, every one between the two (R19)."""
    if LAROCQUE not in p.face_up:
        return ()
    return tuple(sorted(s for s in others if start < s < stop))


def _journal(before: State, after: State, frame: Frame | None) -> list[Event]:
    """Journal cards discarded (and by what), a reshuffle, and cards drawn, with their slots.

    A refill keeps the remaining cards in order, slid down, and appends the drawn ones in draw order
    (``journal.refill``), so the drawn cards are the last ``k`` filled slots. Without a reshuffle ``k``
    is what left the draw deck; with one, the kept cards are the longest run at the bottom that was in
    the Journal before, in the same order (a card discarded from slot 1 and drawn again lands on top,
    out of order), and a Farewell keeps none.
    """
    if before.journal == after.journal and before.rng == after.rng and len(before.deck) == len(after.deck):
        return []
    old = [c for c in before.journal if c]
    new = [c for c in after.journal if c]
    reshuffled = after.rng != before.rng
    if not reshuffled:
        drawn = len(before.deck) - len(after.deck)
    elif frame is not None and frame.kind == Decision.FAREWELL and len(after.stack) < len(before.stack):
        drawn = len(new)
    else:
        drawn = len(new) - _kept_run(before, old, new)
    kept = set(new[:len(new) - drawn])
    out: list[Event] = []
    held = {c for p in after.players for pile in (p.hand, p.face_up, p.face_down) for c in pile}
    gone = [(c, slot) for slot, c in enumerate(before.journal, 1) if c and c not in kept and c not in held]
    if gone:
        cause = next((f for f in reversed(before.stack) if f.kind == Decision.PERFORM), None)
        out.append(JournalDiscarded(tuple(c for c, _ in gone), tuple(s for _, s in gone),
                                    cause.card if cause else 0, cause.place if cause else -1))
    if reshuffled:
        out.append(Reshuffled(len(after.deck) + drawn - len(before.deck)))
    if drawn:
        first = len(new) - drawn
        out.append(JournalDrawn(tuple(new[first:]), tuple(range(first + 1, len(new) + 1))))
    return out


def _kept_run(before: State, old: list[int], new: list[int]) -> int:
    """How many of ``new``'s bottom cards stayed in the Journal: in ``old`` in the same order, and
    just come from the decks."""
    came = set(before.deck) | set(before.discard)
    at = 0
    for n, card in enumerate(new):
        if card in came or card not in old[at:]:
            return n
        at = old.index(card, at) + 1
    return len(new)
