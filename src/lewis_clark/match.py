"""One game being played: the driver every front end uses (selfplay, sim, the terminal, the web, RL).

    >>> match = Match(Options(players=2, seed=7), ["human", "medium"])
    >>> match.apply("play york").lines      # a person's choice, checked by the engine
    ('Orange plays York (Hunter)',)
    >>> for text in ("under none", "stop", "end"):
    ...     _ = match.apply(text)
    >>> steps = match.run_bots()            # bots play until a person must decide or the game ends
    >>> steps[0].lines, match.to_play
    (('Blue plays Seaman (Hunter)',), 0)
    >>> match.record.actions[:6]            # the same record and log everywhere
    ['play york', 'under none', 'stop', 'end', 'play seaman', 'under hugh-mcneal']

A match owns the state, the seats ("human" or a bot spec, see ``bots.parse_spec``), the bots (each
seeded by ``bot_seed``), the record (options, action texts, seat specs), the log (the typed events of
``lewis_clark.events`` for every step, and their lines) and undo. Mackenzie (solo) is part of the
state, not a seat: the engine moves him and the log tells it.

Undo has one rule: a person may take back their own actions of the current turn, but never past a
card drawn (the deck or the generator changed: hidden information was revealed), the turn passing or
the end of the game. Those points are barriers; undo replays from the last one. It takes back one
action (``undo``), the person's last choice whole (``undo_choice``: a plan's steps are one choice when
applied with ``joined``), or everything back to the barrier (``restart_turn``: the turn's start or the
last card drawn, never across a reveal, BGA's rule).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from lewis_clark.actions import Action
from lewis_clark.bots import Bot, make_bot, normal_spec, parse_spec, sensible
from lewis_clark.events import (
    Event,
    events,
)
from lewis_clark.record import Record, steps
from lewis_clark.rules import apply, apply_in_place, apply_legal, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import CorruptState, Options, State, view
from lewis_clark.wording import event_line, language
from lewis_clark.wording.catalogue import SOURCE

HUMAN = "human"
PEOPLE = ("human", "you", "me", "person")


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of ``seat``'s bot in a game: derived by hashing, so seats and games never share a stream.
    The one rule: every front end seeds its bots with it, so a record replays the same way anywhere."""
    digest = hashlib.sha256(f"lewis-clark-bot/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_spec(text: str) -> str:
    """A seat as a record keeps it: "human" for a person, else a bot spec checked by ``parse_spec``
    (raises ValueError). Reads the older web records' "bot:LEVEL" too."""
    word = normal_spec(text)
    if word in PEOPLE:
        return HUMAN
    word = normal_spec(word.removeprefix("bot:"))
    parse_spec(word)
    return word


class BotError(ValueError):
    """A bot chose an action that is not legal: a bug in the bot, not a rules question."""


class BotTurn(NamedTuple):
    """A bot's decision to make: its seat, the bot, the seat's view and the actions it may choose
    (the legal ones less the futile, ``bots.sensible``)."""

    seat: int
    bot: Bot
    seen: State
    legal: list[Action]


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: its position in the record, who took it, what happened and its log lines."""

    index: int
    seat: int
    action: Action
    events: tuple[Event, ...] = ()
    lines: tuple[str, ...] = ()


def step_text(step: Step) -> str:
    """A step's lines as one text (one entry per action, e.g. the replay page's caption)."""
    return "; ".join(step.lines)


Listener = Callable[["Match", Step], None]


class Match:
    """A game of seats, each "human" (anyone deciding outside: a person, an RL agent) or a bot spec.
    ``keep_log=False`` (sim, RL) is the fast mode: no events, no undo, actions applied in place."""

    def __init__(self, options: Options, seats: Sequence[str] | None = None, *, keep_log: bool = True,
                 listener: Listener | None = None) -> None:
        specs = [seat_spec(s) for s in seats] if seats is not None else [HUMAN] * options.players
        if len(specs) != options.players:
            raise ValueError(f"{len(specs)} seats for a {options.players}-player game")
        self.options = options
        self.seats = specs
        self.bots: dict[int, Bot] = {seat: make_bot(spec, bot_seed(options.seed, seat))
                                     for seat, spec in enumerate(specs) if spec != HUMAN}
        self.keep_log = keep_log
        self.listeners: list[Listener] = [listener] if listener else []
        self.state = new_game(options)
        self.actions: list[str] = []
        self.by_seat: list[int] = []  # who took each action
        self.steps: list[Step] = []  # one per action when keep_log
        self._barrier = 0  # actions before this index can no longer be undone
        self._starts: list[int] = []  # where each choice began (a single action, a plan's first step)
        self._checkpoint = self.state  # the state at the barrier (never mutated: see apply)

    @classmethod
    def from_record(cls, record: Record, seats: Sequence[str] | None = None, *, listener: Listener | None = None,
                    check_hash: bool = True) -> Match:
        """The match a record describes, log included; ``seats`` overrides the record's (default: its
        ``bots``, else every seat a person). Raises CorruptState naming the first action that does not
        apply, or when the record's final hash differs."""
        match = cls(record.options, seats if seats is not None else (record.bots or None))
        for _, before, action, after in steps(record.options, record.actions, start=match.state):
            match._commit(before, action, after, before.current)
        if check_hash and record.final_hash and match.state.hash() != record.final_hash:
            raise CorruptState(f"record is tampered: replay ends in state {match.state.hash()}, "
                               f"the record says {record.final_hash}")
        if listener:
            match.listeners.append(listener)
        return match

    # --- reading ---------------------------------------------------------------------------------

    @property
    def to_play(self) -> int:
        """The seat whose decision it is, or -1 once the game is over."""
        return -1 if self.state.over else self.state.current

    @property
    def over(self) -> bool:
        return self.state.over

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    @property
    def record(self) -> Record:
        """The game so far as a record (with the final hash), the one format every command reads."""
        return Record(self.options, list(self.actions), self.state.hash(), list(self.seats))

    def log_lines(self) -> list[str]:
        """Every log line of the game, in order."""
        return [line for step in self.steps for line in step.lines]

    def step_texts(self) -> list[str]:
        """One text per action: its step's lines joined."""
        return [step_text(step) for step in self.steps]

    # --- stepping --------------------------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None, *,
              before_commit: Callable[[Action, State], None] | None = None, joined: bool = False) -> Step:
        """Apply ``action`` (for ``seat``, if given, checked to be the one deciding). Illegal input raises
        the engine's NotationError or IllegalAction and changes nothing. ``before_commit(action, after)``
        runs once the engine has accepted the action and before the match changes (the web stores the
        action there: if storing fails, nothing changes). ``joined``: the action goes on the choice
        before it (a plan's later steps), so ``undo_choice`` takes them back together."""
        if isinstance(action, str):
            action = Action.parse(action)
        n = len(self.actions)
        step = self._apply(action, seat, before_commit)
        if not joined and self.keep_log:  # the fast mode keeps no undo
            self._starts.append(n)
        return step

    def apply_offered(self, action: Action) -> Step:
        """``apply`` in fast mode (``keep_log=False``) for an action the caller has just taken from the
        legal actions of the state as it is now, for the seat deciding: the engine does not work out the
        legal actions again to check it (``rules.apply_legal``). Any other action leaves the game
        undefined: use ``apply``."""
        if self.keep_log:
            raise ValueError("apply_offered is the fast mode's: this match keeps a log (use apply)")
        state = self.state
        who = state.current
        apply_legal(state, action)
        return self._take(state, action, state, who)

    def _apply(self, action: Action, seat: int | None,
               before_commit: Callable[[Action, State], None] | None) -> Step:
        state = self.state
        who = state.current
        if self.keep_log or before_commit is not None:
            # A new state each step: states handed out earlier (a bot thinking in a thread, the undo
            # checkpoint) stay valid.
            after = apply(state, action, seat)
            if before_commit is not None:
                before_commit(action, after)
        else:  # fast mode (sim, RL): in place
            apply_in_place(state, action, seat)
            after = state
        return self._take(state, action, after, who)

    def propose(self, action: Action, seat: int | None = None) -> State:
        """The state ``action`` (for ``seat``, if given) would lead to, checked by the engine as ``apply``
        checks it; the match does not change. ``accept`` then makes it the game: the web stores the
        action in between, off its event loop."""
        return apply(self.state, action, seat)

    def accept(self, action: Action, before: State, after: State, joined: bool = False) -> Step:
        """Make ``after`` (``propose``'s answer for ``action`` while the game was at ``before``) the game,
        as ``apply`` would have; ValueError if the game has changed since ``before``."""
        if self.state is not before:
            raise ValueError("the game changed since the action was proposed")
        n = len(self.actions)
        step = self._take(before, action, after, before.current)
        if not joined and self.keep_log:
            self._starts.append(n)
        return step

    def _take(self, state: State, action: Action, after: State, who: int) -> Step:
        if self.keep_log:
            return self._commit(state, action, after, who)
        self.state = after
        step = Step(len(self.actions), who, action)
        self.actions.append(str(action))
        self.by_seat.append(who)
        for listen in self.listeners:
            listen(self, step)
        return step

    def _commit(self, before: State, action: Action, after: State, seat: int) -> Step:
        """Make ``after`` the game: record, log, undo barrier, listeners."""
        happened = tuple(events(before, action, after))
        with language(SOURCE):  # the kept lines are the source language's: each viewer words the events in theirs
            lines = tuple(line for e in happened if (line := event_line(before, e)))
        step = Step(len(self.actions), seat, action, happened, lines)
        self.state = after
        self.actions.append(str(action))
        self.by_seat.append(seat)
        self.steps.append(step)
        if after.deck != before.deck or after.rng != before.rng or after.turn != before.turn or after.over:
            self._barrier = len(self.actions)
            self._checkpoint = after
        for listen in self.listeners:
            listen(self, step)
        return step

    def bot_turn(self) -> BotTurn:
        """What the bot of the seat to play decides from: itself, its seat's view (never the real
        state) and the legal actions less the futile ones while another is left (``bots.sensible``).
        Raises ValueError when no bot is to play."""
        state = self.state
        seat = state.current
        bot = self.bots.get(seat)
        if bot is None or state.over:
            raise ValueError(f"no bot is to play (seat {seat} is {self.seats[seat]!r}, game over: {state.over})")
        seen = view(state, seat)
        return BotTurn(seat, bot, seen, sensible(seen, legal_actions(state)))

    def checked(self, turn: BotTurn, action: Action) -> Action:
        """``action`` if it is one of the actions ``turn`` offers; raises BotError otherwise."""
        if action not in turn.legal:
            raise BotError(f"bot {self.seats[turn.seat]!r} at seat {turn.seat} chose {str(action)!r}, "
                           "which is not legal")
        return action

    def bot_choice(self) -> Action:
        """What the bot of the seat to play chooses, from its seat's view, without changing the match
        (the web thinks in another process and commits later). Raises BotError for an illegal choice."""
        turn = self.bot_turn()
        return self.checked(turn, turn.bot.choose(turn.seen, list(turn.legal)))

    def step_bot(self) -> Step:
        """The seat to play is a bot: let it choose and apply its choice."""
        seat = self.state.current
        return self.apply(self.bot_choice(), seat)

    def run_bots(self) -> list[Step]:
        """Bots play until a person must decide or the game ends."""
        done = []
        while not self.state.over and self.is_bot(self.state.current):
            done.append(self.step_bot())
        return done

    def play_out(self, max_turns: int) -> Match:
        """Bots only: play until the game ends or ``max_turns`` turns have been played."""
        while not self.state.over and self.state.turn <= max_turns:
            self.step_bot()
        return self

    # --- undo ------------------------------------------------------------------------------------

    def undoable_by(self) -> int:
        """The seat that may take back the last action now, or -1."""
        s = self.state
        if s.over or not self.keep_log or len(self.actions) <= self._barrier:
            return -1
        seat = self.by_seat[-1]
        return seat if seat == s.current and self.seats[seat] == HUMAN else -1

    def undoable(self) -> list[str]:
        """The actions that undo could take back now, one at a time from the last (empty when none)."""
        return self.actions[self._barrier:] if self.undoable_by() >= 0 else []

    @property
    def turn_start(self) -> int:
        """The number of actions "restart turn" goes back to: the turn's start or the last card drawn."""
        return self._barrier

    def choice_start(self) -> int:
        """The number of actions ``undo_choice`` goes back to: the start of the last choice (a whole plan),
        never before the barrier."""
        last = len(self.actions) - 1
        start = max((i for i in self._starts if i <= last), default=last)
        return max(start, self._barrier, 0)

    def undo(self, seat: int) -> str:
        """Take back ``seat``'s last action; returns its text. Raises ValueError when the rule forbids it."""
        return self.undo_to(seat, len(self.actions) - 1)[0]

    def undo_choice(self, seat: int) -> list[str]:
        """Take back ``seat``'s last choice whole (every step of a plan); returns the texts, in order."""
        return self.undo_to(seat, self.choice_start())

    def restart_turn(self, seat: int) -> list[str]:
        """Take the turn back to its start or to the last card drawn; returns the texts, in order."""
        return self.undo_to(seat, self._barrier)

    def undo_to(self, seat: int, n: int) -> list[str]:
        """Take back ``seat``'s actions from position ``n`` on (``n`` at or after the barrier); returns their
        texts in order. Raises ValueError when the rule forbids it, nothing changed."""
        if self.undoable_by() != seat or seat < 0 or not self._barrier <= n < len(self.actions):
            raise ValueError("nothing to undo: only your own actions of this turn, back to the last card drawn")
        undone = self.actions[n:]
        del self.actions[n:], self.by_seat[n:], self.steps[n:]
        self._starts = [i for i in self._starts if i < n]
        state = self._checkpoint
        for _, _, _, after in steps(self.options, self.actions[self._barrier:], start=state, offset=self._barrier):
            state = after
        self.state = state
        return undone
