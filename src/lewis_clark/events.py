"""What happened in one step, as data: the action and everything that followed from it.

``events(before, action, after)`` compares the states around an applied action and names what a
person at the table would have seen: the action itself, a Scout moving, a recruitment and what it
paid, a Camp and where it landed, Journal cards discarded and drawn, a reshuffle, Mackenzie moving,
the turn passing and the end of the game. The match driver logs them; the wording layer words them.
Events are plain immutable values, so logs compare and serialise easily.
"""

from __future__ import annotations

from dataclasses import dataclass

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG
from lewis_clark.queries import camp_time
from lewis_clark.resources import EQUIPMENT, FUR
from lewis_clark.state import Decision, State


@dataclass(frozen=True, slots=True)
class Acted:
    """``seat`` took ``action``; ``card``/``place`` name what was performing (for perform actions)."""

    seat: int
    action: Action
    card: int = 0
    place: int = -1


@dataclass(frozen=True, slots=True)
class ScoutMoved:
    """A Scout moved during the action (Camps are ``Camped``)."""

    seat: int
    start: int
    end: int


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
    """A Camp cost ``time`` spaces; the Scout stands on ``scout`` and the Camp on ``camp`` (R16)."""

    seat: int
    time: int
    scout: int
    camp: int


@dataclass(frozen=True, slots=True)
class JournalDiscarded:
    """Journal cards went to the discard deck (the Interpreter's slot 1, a Farewell)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class JournalDrawn:
    """Cards drawn from the deck into the Journal, by slot order."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discard deck was shuffled into a new draw deck of ``cards`` cards (R14)."""

    cards: int


@dataclass(frozen=True, slots=True)
class MackenzieMoved:
    """Solo: Mackenzie moved to ``space`` (R24)."""

    space: int


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """``seat``'s turn ended; ``to`` plays turn number ``turn``."""

    seat: int
    to: int
    turn: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended: ``winner`` is a seat, or -1 when Mackenzie reached Fort Clatsop first."""

    winner: int


Event = (Acted | ScoutMoved | Recruited | Camped | JournalDiscarded | JournalDrawn | Reshuffled | MackenzieMoved | TurnPassed
         | GameOver)


def events(before: State, action: Action, after: State) -> list[Event]:
    """Everything ``action`` (legal in ``before``) did, in the order a person would tell it."""
    seat = before.current
    frame = before.stack[-1] if before.stack else None
    card, place = (frame.card, frame.place) if frame is not None and frame.kind == Decision.PERFORM else (0, -1)
    out: list[Event] = [Acted(seat, action, card, place)]
    p0, p1 = before.players[seat], after.players[seat]
    if frame is not None and frame.kind == Decision.RECRUIT:
        discarded = 0 if action.subject == "none" else BY_SLUG[action.subject].id
        out.append(Recruited(seat, frame.card, p0.resources[FUR] - p1.resources[FUR],
                             p0.resources[EQUIPMENT] - p1.resources[EQUIPMENT], discarded))
    if action.verb == Verb.CAMP:
        out.append(Camped(seat, camp_time(p0), p1.scout, p1.camp))
    elif p1.scout != p0.scout:
        out.append(ScoutMoved(seat, p0.scout, p1.scout))
    was_in_journal = set(before.journal)
    gone = tuple(c for c in after.discard if c in was_in_journal and c not in after.journal and c not in before.discard)
    if gone:
        out.append(JournalDiscarded(gone))
    if after.rng != before.rng:
        out.append(Reshuffled(len(after.deck) + sum(1 for c in after.journal if c and c not in was_in_journal)))
    drawn = tuple(c for c in after.journal if c and c not in was_in_journal and _from_deck(before, after, c))
    if drawn:
        out.append(JournalDrawn(drawn))
    if after.mackenzie != before.mackenzie:
        out.append(MackenzieMoved(after.mackenzie))
    if after.turn != before.turn:
        out.append(TurnPassed(seat, after.current, after.turn))
    if after.over and not before.over:
        out.append(GameOver(after.winner))
    return out


def _from_deck(before: State, after: State, card: int) -> bool:
    """A card new in the Journal came from the draw deck (or a reshuffled discard), not a hand."""
    return card in before.deck or card in before.discard
