"""One game at one terminal, whatever draws it: the controller both the full-screen table (app.py) and
the line-by-line prompt (session.py) use.

A ``Game`` drives a ``Match`` (lewis_clark.match), which owns the state, the record, the log, the bots
and undo. Here live what a terminal adds: the menu of the decision shown (numbers and plan letters refer
to it), reading typed text into an action, a plan or a command, playing a plan step by step, autosaving
every step at once (so a closed terminal loses nothing), ``save FILE`` and taking back. What is said to
the person goes to ``say``; each applied step goes to ``on_step``: the screen decides how to show them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lewis_clark.actions import Action, NotationError
from lewis_clark.bots import Bot
from lewis_clark.bots.hint import expert_hint
from lewis_clark.bots.review import DEFAULT_LEVEL, review_game, turns_played
from lewis_clark.events import Event
from lewis_clark.match import HUMAN, Match, Step
from lewis_clark.plans import Plan
from lewis_clark.record import Record, load_record
from lewis_clark.rules import legal_actions
from lewis_clark.state import State, view
from lewis_clark.terminal.choices import Choices, choices, looks_like_code, menu_code
from lewis_clark.wording import event_line
from lewis_clark.wording.advice import hint_line, no_hint
from lewis_clark.wording.plans import choice_label
from lewis_clark.wording.review import review_progress, review_text
from lewis_clark.wording.terminal import (
    autosave_failed,
    cannot_create_folder,
    cannot_write,
    card_drawn_barrier,
    is_a_folder,
    no_choice,
    no_folder,
    no_plan,
    not_allowed,
    not_possible,
    not_saved,
    not_understood,
    nothing_to_undo,
    plan_chosen,
    plan_stopped,
    saved_to,
    type_something,
    undone_words,
)

__all__ = ["COMMANDS", "HUMAN", "Command", "Game", "Refusal", "SaveError", "data_dir", "is_autosave",
           "latest_unfinished", "new_autosave_path", "write_record"]

# The words typed at a prompt that are commands, not actions (the input line completes them).
COMMANDS = ("help", "undo", "restart", "save", "log", "plans", "more", "board", "menu", "hint", "quit", "exit")


class SaveError(OSError):
    """A record could not be written; the message says where and why."""


def data_dir() -> Path:
    """Where autosaves live: the user's data directory (platformdirs when installed, else XDG)."""
    try:
        import platformdirs
    except ImportError:  # platformdirs comes with the web extra; the XDG default serves elsewhere
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "lewis-clark"
    return Path(platformdirs.user_data_dir("lewis-clark", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_autosave_path(seed: int | None = None) -> Path:
    """A new autosave's path, named by the time only: the seed (with the record's actions it foretells
    every draw) never shows in a file name. ``seed`` is accepted and ignored, for older callers."""
    folder = saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"game-{stamp}-{n}.json"
        n += 1
    return path


def is_autosave(path: Path) -> bool:
    """Whether ``path`` is one of our autosaves (in the data directory's saves folder): resuming it
    continues the same file instead of starting another."""
    try:
        return path.resolve().parent == saves_dir().resolve()
    except OSError:
        return False


def latest_unfinished() -> Path | None:
    """The most recent autosave of a game that has not ended."""
    folder = saves_dir()
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            if not load_record(path).replay().over:
                return path
        except ValueError:
            continue
    return None


def write_record(record: Record, path: Path, *, make_folder: bool = False) -> None:
    """Write atomically (a new file renamed over the old), so an interrupted write keeps the last save.
    The folder must exist unless ``make_folder`` (our own saves folder): a mistyped folder is refused,
    never silently created. Raises SaveError saying why."""
    if make_folder:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(cannot_create_folder(str(path.parent), exc.strerror or "")) from exc
    elif not path.parent.is_dir():
        raise SaveError(no_folder(str(path.parent)))
    if path.is_dir():
        raise SaveError(is_a_folder(str(path)))
    tmp = path.with_name(path.name + ".tmp")
    try:
        record.save(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise SaveError(cannot_write(str(path), exc.strerror or "")) from exc


@dataclass(frozen=True)
class Command:
    """A command word typed at the prompt (one of COMMANDS, ``?`` read as help) and the rest of the line."""

    name: str
    arg: str = ""


@dataclass(frozen=True)
class Refusal:
    """Typed text that is neither a choice nor a command: the reason, to be said."""

    reason: str


Say = Callable[[str], None]
OnStep = Callable[[Step], None]


class Game:
    """One game at one terminal: the match, the menu shown, the autosave."""

    def __init__(self, record: Record, seats: Sequence[str], *, autosave: Path | None = None,
                 say: Say | None = None, on_step: OnStep | None = None) -> None:
        if len(seats) != record.options.players:
            raise ValueError(f"{len(seats)} seats for a {record.options.players}-player game")
        self.match = Match.from_record(record, seats, listener=self._stepped)
        self.autosave = autosave
        self.say: Say = say or (lambda _text: None)
        self.on_step: OnStep = on_step or (lambda _step: None)
        self._menu: tuple[State, Choices] | None = None
        self.review_level = DEFAULT_LEVEL  # the post-game review's budget (tests set a small one)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def seats(self) -> list[str]:
        return self.match.seats

    @property
    def bots(self) -> dict[int, Bot]:
        return self.match.bots

    @property
    def record(self) -> Record:
        return self.match.record

    @property
    def log(self) -> list[str]:
        """The game so far, a line per event, in the language shown (the match keeps the events)."""
        return [line for step in self.match.steps for line in self.step_lines(step)]

    def step_lines(self, step: Step) -> list[str]:
        """One step's events in words, in the language shown."""
        return [line for e in step.events if (line := event_line(self.state, e))]

    @property
    def events(self) -> list[Event]:
        """Every event of the game so far, in order (what the table's "last turns" are read from)."""
        return [e for step in self.match.steps for e in step.events]

    @property
    def people_to_play(self) -> bool:
        """Whether the decision now is a person's (False once the game is over)."""
        return not self.state.over and self.seats[self.state.current] == HUMAN

    @property
    def menu(self) -> Choices:
        """The decision's plans and legal actions, the same object while the state stays the same."""
        if self._menu is None or self._menu[0] is not self.state:
            self._menu = (self.state, choices(self.state))
        return self._menu[1]

    def hint(self) -> str:
        """What the expert would do at a person's decision, and why, in one line (bots/hint.py)."""
        if not self.people_to_play:
            return no_hint()
        seen = view(self.state, self.state.current)
        found = expert_hint(seen)
        return hint_line(seen, found, menu_code(self.menu, found.steps or (found.action,)))

    def review(self, progress: Say | None = None) -> str:
        """The post-game review of the game as text (bots/review.py), each turn reviewed said through
        ``progress``; the game must be over. Takes seconds a turn at the expert's budget."""
        record = self.record
        review = review_game(record, self.review_level,
                             progress=None if progress is None else lambda done, total: progress(review_progress(done, total)))
        return review_text(review, turns_played(record))

    def completions(self) -> list[str]:
        """What the input line may complete: the legal actions' texts, then the commands."""
        return [str(a) for a in self.menu.actions] + ["help", "undo", "restart", "save ", "log", "plans", "hint", "quit"]

    # --- typed text ------------------------------------------------------------------------------

    def interpret(self, text: str) -> Action | Plan | Command | Refusal:
        """What typed text means at the decision now: a legal action (by number, notation or a unique
        beginning), a plan (by letter), a command, or a refusal saying why."""
        words = text.strip().split()
        if not words:
            return Refusal(type_something())
        head, rest = words[0].lower(), " ".join(words[1:])
        if head == "?":
            head = "help"
        if head in COMMANDS and not (head in ("plans", "more") and rest):
            return Command({"more": "plans", "exit": "quit", "show": "board"}.get(head, head), rest)
        if head == "show":
            return Command("board")
        return self.choose(text)

    def choose(self, text: str) -> Action | Plan | Refusal:
        menu = self.menu
        shown = menu.actions
        words = text.strip()
        if looks_like_code(words.lower()):
            plan = menu.plan(words.lower())
            if plan is not None:
                return plan
            if not any(str(a).startswith(words.lower()) for a in shown):
                return Refusal(no_plan(words.lower(), menu.last_code))
        if words.isdigit():
            n = int(words)
            if 1 <= n <= len(shown):
                return shown[n - 1]
            return Refusal(no_choice(n, len(shown)))
        lowered = " ".join(words.lower().split())
        try:
            action = Action.parse(lowered)
        except NotationError as exc:
            # A unique start of one legal action is enough ("recruit black" for "recruit black-cat").
            starts = [a for a in shown if str(a).startswith(lowered)]
            if len(starts) == 1:
                return starts[0]
            reason = str(exc).split(": ", 1)[-1]
            return Refusal(not_understood(reason))
        if action in shown:
            return action
        same = [str(a) for a in shown if a.verb == action.verb]
        if same:
            return Refusal(not_allowed(str(action), same))
        return Refusal(not_possible(str(action.verb), sorted({str(a.verb) for a in shown})))

    # --- playing ---------------------------------------------------------------------------------

    def play(self, action: Action, joined: bool = False) -> None:
        """A person's single decision (``joined``: a later step of a plan, undone with it)."""
        seat, turn = self.state.current, self.state.turn
        self.match.apply(action, seat, joined=joined)
        if not self.state.over and self.state.turn == turn and self.match.undoable_by() != seat:
            self.say(card_drawn_barrier())

    def play_plan(self, plan: Plan) -> None:
        """Play a plan's steps one at a time, as single decisions; the first step that is no longer
        possible (or a decision that is no longer this person's) ends it, back at the menu."""
        seat = self.state.current
        self.say(plan_chosen(choice_label(self.state, plan)))
        for i, step in enumerate(plan.steps):
            if self.state.over or self.state.current != seat or step not in legal_actions(self.state):
                self.say(plan_stopped(step))
                return
            self.play(step, joined=i > 0)

    def step_bot(self) -> Step:
        """The seat to play is a bot: it chooses (from its view) and its choice is applied."""
        return self.match.step_bot()

    def take_back(self, whole_turn: bool = False) -> bool:
        """Undo the person's last choice of this turn (a plan whole), or with ``whole_turn`` the turn back
        to its start or the last card drawn; says why not when it cannot."""
        seat = self.state.current
        if self.state.over or self.match.undoable_by() != seat:
            self.say(nothing_to_undo())
            return False
        undone = self.match.restart_turn(seat) if whole_turn else self.match.undo_choice(seat)
        self.autosave_now()
        self.say(undone_words(undone, whole_turn))
        return True

    # --- saving ----------------------------------------------------------------------------------

    def start_autosave(self) -> bool:
        """Write the autosave once at the start; on failure say so clearly and go on without one."""
        if self.autosave is None:
            return False
        try:
            write_record(self.record, self.autosave, make_folder=is_autosave(self.autosave))
        except SaveError as exc:
            self.say(autosave_failed(str(exc)))
            self.autosave = None
            return False
        return True

    def autosave_now(self) -> None:
        if self.autosave:
            try:
                write_record(self.record, self.autosave, make_folder=is_autosave(self.autosave))
            except SaveError as exc:
                self.say(autosave_failed(str(exc)))
                self.autosave = None

    def save(self, path: Path) -> bool:
        """``save FILE``: write the record; says where, or why not (a missing folder is never created)."""
        try:
            write_record(self.record, path)
        except SaveError as exc:
            self.say(not_saved(str(exc)))
            return False
        self.say(saved_to(str(path)))
        return True

    def _stepped(self, match: Match, step: Step) -> None:
        self.on_step(step)
        self.autosave_now()
