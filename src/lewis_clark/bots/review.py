"""The post-game review: the expert replays every turn of a seat and says what each choice cost.

For each turn a seat played in a game record, from that seat's view at the turn's start (the draw
deck's order hidden: the expert deals the unseen cards itself, ``Bot.deal``):

- the expert (the race planner, ``LEVELS["expert"]`` by default) searches for its own turn, and its
  estimate of the turn at which the seat Camps at Fort Clatsop (``arrival``, in the seat's own turns:
  the sooner of the earliest win its search found and the soonest arrival any Camp it looked at promises,
  its turn plus the learned turns still to go, ``Judge``)
  is the chart over the game;
- the turn played and the expert's turn are each applied to one deal of that view (the same deal for
  both), the other seats move as the heuristic would, and the expert searches again from the seat's
  next turn: the turns the played turn ``cost`` are the estimated arrival after it less the estimated
  arrival after the expert's turn (never below 0; 0 without a search when the two turns are the same).

Budgets are in lines grown, never in seconds, and every seed is taken from the seat's view
(``hint.hint_seed``), so a review of the same record is the same review, whatever the hidden deck holds.
The expert's turn is kept only up to a step that names a card the seat could not see (``expert_cut``):
a card drawn on the expert's deal is its guess, never shown as a fact.

    review = review_game(load_record("game.json"), level="quick")
    costliest(review.seats[0])      # the three costliest turns of seat 0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from lewis_clark.actions import Action
from lewis_clark.bots import LEVELS, BotSpecError, learned_parts, make_bot, parse_spec, to_fort_estimate
from lewis_clark.bots.autoplay import play_others, play_turn
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.hint import hint_seed
from lewis_clark.bots.options import RaceOptions
from lewis_clark.bots.race import FINISH_PACE, LAST_TURN, RaceBot
from lewis_clark.cards import BY_SLUG
from lewis_clark.record import Record, steps
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.state import State, view

REVIEW_FORMAT = "lewis-clark-review"
REVIEW_VERSION = 1
# The budgets a review may run at: the expert's by default; "quick" for a look in seconds.
REVIEW_LEVELS: dict[str, str] = {
    "expert": LEVELS["expert"],
    "hard": LEVELS["hard"],
    "quick": "race:samples=1:keep=2:beam=6:nodes=40:actions=6:recruits=3:finish=1:discounts=1:purse=1:jumps=1",
}
DEFAULT_LEVEL = "expert"
SHOWN = 3  # the costliest turns told in words


class ReviewError(ValueError):
    """A review that cannot be made: a level that is not the race planner, a seat not in the game."""


class TurnPlayed(NamedTuple):
    """One turn of a seat in a record: its ``number`` among the seat's own turns (1 first), the actions
    before it in the record (``step``), the real table at its start and the actions played."""

    seat: int
    number: int
    step: int
    state: State
    actions: tuple[Action, ...]


class TurnReview(NamedTuple):
    """What the expert says of one turn. Arrivals count the seat's own turns from its first (turn
    ``number`` itself is one of them); ``expert`` is the expert's turn up to any step that would name a
    card the seat could not see (``expert_cut``: steps were left off)."""

    seat: int
    number: int
    step: int
    played: tuple[Action, ...]
    expert: tuple[Action, ...]
    expert_cut: bool
    arrival: float  # the expert's estimate at the turn's start
    after_played: float  # ... after the turn played (the arrival, when it was the expert's own turn)
    after_expert: float  # ... after the expert's turn instead
    cost: float  # turns lost against the expert's turn: after_played - after_expert, at least 0


class SeatReview(NamedTuple):
    """Every reviewed turn of one seat, in order."""

    seat: int
    turns: tuple[TurnReview, ...]


class Review(NamedTuple):
    """A whole game's review: the level it ran at and each reviewed seat."""

    level: str
    players: int
    seats: tuple[SeatReview, ...]


def review_spec(level: str) -> str:
    """The bot spec of a review level ("expert", "hard", "quick") or of a ``race:...`` spec; ReviewError
    for anything else (the review reads the race planner's own estimate of the turn of arrival)."""
    spec = REVIEW_LEVELS.get(level.strip().lower(), level.strip())
    try:
        bot = make_bot(spec, 0)
    except BotSpecError as exc:
        raise ReviewError(f"review level {level!r}: {exc}") from None
    if not isinstance(bot, RaceBot):
        raise ReviewError(f"review level {level!r} is not the race planner: use {', '.join(REVIEW_LEVELS)} "
                          f"or a race:... spec")
    return spec


def turns_played(record: Record, seats: Sequence[int] | None = None) -> list[TurnPlayed]:
    """Every whole turn of ``seats`` (all by default) in ``record``, in the order played; a turn left
    unfinished at the record's end is not one. Raises CorruptState as the record replays."""
    players = record.options.players
    wanted = set(range(players)) if seats is None else set(seats)
    bad = sorted(s for s in wanted if not 0 <= s < players)
    if bad:
        raise ReviewError(f"no seat {bad[0] + 1} in a {players}-player game")
    found: list[TurnPlayed] = []
    counts = [0] * players
    start: State | None = None
    first = 0
    taken: list[Action] = []
    for i, before, action, after in steps(record.options, record.actions):
        if start is None:
            start, first, taken = before, i, []
        taken.append(action)
        if after.over or after.turn != start.turn:  # the turn ended with this action
            seat = start.current
            counts[seat] += 1
            if seat in wanted:
                found.append(TurnPlayed(seat, counts[seat], first, start, tuple(taken)))
            start = None
    return found


def review_turn(turn: TurnPlayed, spec: str) -> TurnReview:
    """The expert's review of one turn, read only from the seat's view of ``turn.state``."""
    seat = turn.seat
    seen = view(turn.state, seat)
    seed = hint_seed(seen)
    bot = _expert(spec, seed)
    chosen = bot.search(seen)
    arrival = turn.number - 1 + _estimate(bot, seat)
    shown, cut = visible_part(seen, chosen)
    if chosen == turn.actions:
        return TurnReview(seat, turn.number, turn.step, turn.actions, shown, cut, arrival, arrival, arrival, 0.0)
    before = turn.number - 1  # the seat's turns already played: arrivals count from its first
    after_played = before + _after(seen, turn.actions, spec, seed)
    after_expert = before + _after(seen, chosen, spec, seed)
    cost = max(0.0, after_played - after_expert)
    return TurnReview(seat, turn.number, turn.step, turn.actions, shown, cut, arrival, after_played, after_expert, cost)


def expert_turn(seen: State, spec: str) -> tuple[Action, ...]:
    """The turn the review's expert (``spec``, its seed from the view) would play from ``seen``, a seat's
    view at its turn's start: what ``review_turn`` compares the turn played with."""
    return _expert(spec, hint_seed(seen)).search(seen)


def review_game(record: Record, level: str = DEFAULT_LEVEL, seats: Sequence[int] | None = None,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of every turn of ``seats`` (all by default); ``progress(done, total)`` after each turn."""
    spec = review_spec(level)
    played = turns_played(record, seats)
    done: list[TurnReview] = []
    if progress is not None:
        progress(0, len(played))
    for turn in played:
        done.append(review_turn(turn, spec))
        if progress is not None:
            progress(len(done), len(played))
    return assemble(level, record.options.players, done, seats)


def assemble(level: str, players: int, reviewed: Sequence[TurnReview], seats: Sequence[int] | None = None) -> Review:
    """The review made of turns reviewed one by one (``review_turn``, perhaps in other processes)."""
    wanted = range(players) if seats is None else sorted(set(seats))
    return Review(level, players, tuple(SeatReview(s, tuple(r for r in reviewed if r.seat == s)) for s in wanted))


def costliest(seat: SeatReview, n: int = SHOWN) -> list[TurnReview]:
    """The ``n`` turns that cost most, costliest first (an earlier turn first among equals); none that cost nothing."""
    ranked = sorted((r for r in seat.turns if r.cost > 0), key=_rank)
    return ranked[:n]


def total_cost(seat: SeatReview) -> float:
    """The turns all the seat's choices cost, added up."""
    return sum(r.cost for r in seat.turns)


def visible_part(seen: State, turn: Sequence[Action]) -> tuple[tuple[Action, ...], bool]:
    """``turn`` up to its first step naming a card the seat cannot see (one still in the draw deck):
    the steps kept, and whether any were left off."""
    unseen = set(seen.deck)
    for i, a in enumerate(turn):
        card = BY_SLUG.get(a.subject)
        if card is not None and card.id in unseen:
            return tuple(turn[:i]), True
    return tuple(turn), False


def expert_steps(state: State, seat: int, turn: Sequence[Action]) -> list[tuple[State, Action, State]]:
    """The expert's turn applied step by step to the review's deal of the seat's view of ``state`` (for
    its words): ``(before, action, after)`` while each step is legal there."""
    seen = view(state, seat)
    s = _deal(seen, hint_seed(seen))
    out: list[tuple[State, Action, State]] = []
    for a in turn:
        if s.over or a not in legal_actions(s):
            break
        before = s.copy()
        apply_legal(s, a)
        out.append((before, a, s.copy()))
    return out


def review_json(review: Review) -> dict[str, Any]:
    """The review as JSON data (the same facts the words are made of)."""
    return {
        "format": REVIEW_FORMAT, "version": REVIEW_VERSION, "level": review.level, "players": review.players,
        "seats": [{"seat": s.seat, "total_cost": round(total_cost(s), 2),
                   "costliest": [r.number for r in costliest(s)],
                   "turns": [turn_json(r) for r in s.turns]} for s in review.seats],
    }


def turn_json(r: TurnReview) -> dict[str, Any]:
    """One reviewed turn as JSON data."""
    return {"turn": r.number, "step": r.step, "played": [str(a) for a in r.played],
            "expert": [str(a) for a in r.expert], "expert_cut": r.expert_cut, "arrival": round(r.arrival, 2),
            "after_played": round(r.after_played, 2), "after_expert": round(r.after_expert, 2),
            "cost": round(r.cost, 2)}


# --- the estimates ----------------------------------------------------------------------------------

class Judge(RaceBot):
    """The race planner, also keeping the soonest arrival any of its Camps promises: the Camp's turn
    plus the learned turns still to go from it (``value.turns_to_fort``). The least of many such
    estimates moves far less from one turn to the next than that of the one Camp the search follows."""

    soonest: float = 90.0  # no Camp seen yet (LAST_TURN; reset by ``_expert``)

    def _camp_score(self, state: State, seat: int, turns: int) -> float:
        assert self.to_fort is not None  # always handed in by _expert
        self.soonest = min(self.soonest, turns + self.to_fort(state, seat))
        return super()._camp_score(state, seat, turns)


def _expert(spec: str, seed: int) -> Judge:
    parsed = parse_spec(spec)
    if parsed.name != "race" or parsed.noise is not None or not isinstance(parsed.options, RaceOptions):
        raise ReviewError(f"{spec!r} is not the race planner")
    # the estimate its Camps promise, whatever ``value``; the learned parts as the level plays with them
    bot = Judge(seed, parsed.options, to_fort_estimate(), **learned_parts(parsed.options))
    bot.soonest = float(LAST_TURN)
    return bot


def _deal(seen: State, seed: int) -> State:
    """The review's one deal of what ``seen`` hides (the same for the same view and seed)."""
    return HeuristicBot(seed).deal(seen)


def _rank(r: TurnReview) -> tuple[float, int]:
    return -r.cost, r.number


def _estimate(bot: Judge, seat: int) -> float:
    """The expert's estimated turns to arrive after a search, counting the turn searched from as the
    first: the sooner of the earliest win found on any deal and the soonest arrival its Camps promise
    (``Judge``); with neither, the line played out furthest soonest (its turns plus what it lacks at
    ``FINISH_PACE``)."""
    ways = [float(len(d.won.turns)) for d in bot.deals if d.won is not None]
    if bot.soonest < LAST_TURN:
        ways.append(bot.soonest)
    if not ways:
        ways = [-d.finished.score for d in bot.deals if d.finished is not None]
    return min(ways) if ways else 1.0 + to_fort_estimate()(bot.deals[0].root, seat) if bot.deals else float(LAST_TURN)


def _after(seen: State, turn: Sequence[Action], spec: str, seed: int) -> float:
    """The estimated turns to arrive, this turn the first, after ``turn`` is played on the review's deal
    of ``seen`` (a step no longer legal there: the heuristic finishes the turn) and the other seats
    have moved as the heuristic would."""
    seat = seen.current
    s = _deal(seen, seed)  # the same deal for every turn compared from this view
    start = s.turn
    helper = HeuristicBot(seed)
    for a in turn:
        if s.over or s.current != seat or s.turn != start or a not in legal_actions(s):
            break
        apply_legal(s, a)
    if not s.over and s.current == seat and s.turn == start:
        play_turn(s, helper, seat)
    if not s.over:
        play_others(s, helper, seat)
    if s.over:
        if s.winner == seat:
            return 1.0
        lacking = max(0, s.options.route.fort_clatsop - s.players[seat].camp)
        return 1.0 + lacking / FINISH_PACE
    bot = _expert(spec, seed)
    bot.search(view(s, seat))
    return 1.0 + _estimate(bot, seat)


__all__ = ["DEFAULT_LEVEL", "REVIEW_FORMAT", "REVIEW_LEVELS", "REVIEW_VERSION", "Review", "ReviewError",
           "SeatReview", "TurnPlayed", "TurnReview", "assemble", "costliest", "expert_steps", "expert_turn", "review_game",
           "review_json", "review_spec", "review_turn", "total_cost", "turn_json", "turns_played", "visible_part"]
