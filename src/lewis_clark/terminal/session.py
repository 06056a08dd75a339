"""The game loop at the terminal: people choose at a prompt, bots play with a visible pace.

A session drives a ``Match`` (lewis_clark.match), which owns the state, the record, the log, the bots
and undo. Every action is applied, its log lines printed, and the record autosaved at once, so a
closed terminal loses nothing; a saved game is a plain ``Record`` with ``bots`` naming each seat
("human" for people), so loading replays it. Undo follows the match's one rule.

A person chooses a single action by number or notation, or a plan (a whole common option,
terminal/choices.py) by letter: the plan's steps go through the match one by one, exactly as if typed,
so the log, the autosave and undo see single decisions; the first step no longer possible ends it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from lewis_clark.actions import Action, NotationError
from lewis_clark.bots import Bot
from lewis_clark.match import HUMAN, Match, Step
from lewis_clark.plans import Plan
from lewis_clark.queries import round_number
from lewis_clark.record import Record
from lewis_clark.rules import legal_actions
from lewis_clark.state import State
from lewis_clark.terminal import screen
from lewis_clark.terminal.choices import Choices, choices, code, looks_like_code
from lewis_clark.terminal.texts import help_text
from lewis_clark.wording import t
from lewis_clark.wording.plans import choice_label
from lewis_clark.wording.terminal import no_plan, no_plans, plan_chosen, plan_stopped

__all__ = ["HUMAN", "LOG_LINES", "Leave", "Session", "data_dir", "latest_unfinished", "new_autosave_path", "write_record"]

LOG_LINES = 20


def data_dir() -> Path:
    """Where autosaves live: the user's data directory (platformdirs when installed, else XDG)."""
    try:
        import platformdirs
    except ImportError:  # platformdirs comes with the web extra; the XDG default serves elsewhere
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "lewis-clark"
    return Path(platformdirs.user_data_dir("lewis-clark", appauthor=False))


def new_autosave_path(seed: int) -> Path:
    folder = data_dir() / "saves"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}-seed{seed}.json"
    n = 2
    while path.exists():
        path = folder / f"game-{stamp}-seed{seed}-{n}.json"
        n += 1
    return path


def latest_unfinished() -> Path | None:
    """The most recent autosave of a game that has not ended."""
    folder = data_dir() / "saves"
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            if not Record.load(path).replay().over:
                return path
        except ValueError:
            continue
    return None


def write_record(record: Record, path: Path) -> None:
    """Write atomically (a new file renamed over the old), so an interrupted write keeps the last save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    record.save(tmp)
    os.replace(tmp, path)


class Leave(Exception):
    """The person asked to leave the game."""


class Session:
    """One game at one terminal."""

    def __init__(self, record: Record, seats: Sequence[str], console: Console, *, delay: float = 0.5,
                 autosave: Path | None = None, read: Callable[[str], str] | None = None) -> None:
        if len(seats) != record.options.players:
            raise ValueError(f"{len(seats)} seats for a {record.options.players}-player game")
        self.match = Match.from_record(record, seats, listener=self._show)
        self.console = console
        self.delay = delay
        self.autosave = autosave
        self.read = read or (lambda text: console.input(text, markup=False, emoji=False))
        self.shown: list[Action] = []  # the menu just shown: numbers refer to it
        self.menu = Choices([])  # and its plans: letters refer to them
        self.board_due = True
        self.announced = 0  # the turn whose heading was printed

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
        return self.match.log_lines()

    @property
    def undo(self) -> list[str]:
        """The actions the person to play could take back now, oldest first."""
        return self.match.undoable()

    # --- the loop --------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person leaves; returns the exit status."""
        if self.autosave:
            self.save_to(self.autosave, quiet=True)
            # soft_wrap: long paths are left whole, for the terminal to wrap, so that they copy and paste
            self.console.print(f"Autosaving every move to {self.autosave}", style="dim", soft_wrap=True)
            self.console.print(f"(resume later with: lewis-clark play --load {self.autosave})", style="dim", soft_wrap=True)
        if self.record.actions:
            self.console.print(f"Resumed after {len(self.record.actions)} recorded decisions.", style="dim")
        while not self.state.over:
            try:
                self.announce()
                if self.seats[self.state.current] == HUMAN:
                    self.human_step()
                else:
                    self.bot_step()
            except KeyboardInterrupt:
                if self.confirm_leave():
                    return self.leave()
            except Leave:
                return self.leave()
            except EOFError:  # the terminal went away: everything is saved already
                self.console.print()
                return self.leave()
        self.end_screen()
        return 0

    def announce(self) -> None:
        """A heading when a new turn begins, so that each player's moves stand apart (numbered by round)."""
        if self.state.turn == self.announced:
            return
        self.announced = self.state.turn
        who = screen.player_text(self.state, self.state.current, self.seats)
        self.console.rule(Text(t("Round {round}: ", round=round_number(self.state))).append_text(who), style="dim")

    def leave(self) -> int:
        where = f" It is saved in {self.autosave}; resume with: lewis-clark play --load {self.autosave}" if self.autosave else ""
        self.console.print(f"Leaving the game.{where}", soft_wrap=True)
        return 0

    def confirm_leave(self) -> bool:
        self.console.print()
        try:
            answer = self.read("Leave the game? (it is autosaved) [y/N] ")
        except (KeyboardInterrupt, EOFError):
            return True
        return answer.strip().lower() in ("y", "yes", "q", "quit")

    # --- people ------------------------------------------------------------------------------------

    def human_step(self) -> None:
        seat = self.state.current
        menu = choices(self.state)
        legal = menu.actions
        if self.board_due:
            self.console.print(screen.render_board(self.state, self.seats, seat))
            self.board_due = False
        else:
            self.console.print(screen.render_status(self.state, self.seats, seat))
        shown = menu.plans[:menu.shown]
        self.console.print(screen.render_menu(self.state, legal, shown, [code(i) for i in range(len(shown))],
                                              len(menu.plans)))
        self.shown = list(legal)
        self.menu = menu
        colour = self.state.players[seat].colour
        while True:
            text = self.read(f"{colour}> ")
            outcome = self.handle(text)
            if isinstance(outcome, Action):
                self.play_human(outcome)
                return
            if isinstance(outcome, Plan):
                self.play_plan(outcome)
                return
            if outcome:  # the state or the screen changed: show the menu again
                return

    def handle(self, text: str) -> Action | Plan | bool:
        """An action or a plan to play, True when the menu must be shown again, False to ask again."""
        words = text.strip().split()
        if not words:
            self.say("Type a number from the menu, an action, or 'help'.")
            return False
        head, rest = words[0].lower(), " ".join(words[1:])
        if head in ("help", "?"):
            self.console.print(help_text(rest), highlight=False)
            return False
        if head == "log":
            self.show_log(rest)
            return False
        if head == "save":
            if not rest:
                self.say("Say where: save FILE")
            else:
                self.save_to(Path(rest).expanduser())
            return False
        if head in ("board", "show"):
            self.board_due = True
            return True
        if head == "menu":
            return True
        if head in ("plans", "more") and not rest:
            self.show_plans()
            return False
        if head == "undo":
            return self.take_back()
        if head in ("quit", "exit"):
            raise Leave
        return self.choose(text)

    def choose(self, text: str) -> Action | Plan | bool:
        words = text.strip()
        if looks_like_code(words.lower()):
            plan = self.menu.plan(words.lower())
            if plan is not None:
                return plan
            if not any(str(a).startswith(words.lower()) for a in self.shown):
                self.say(no_plan(words.lower(), self.menu.last_code))
                return False
        if words.isdigit():
            n = int(words)
            if 1 <= n <= len(self.shown):
                return self.shown[n - 1]
            self.say(f"There is no choice {n}: the menu shown has 1-{len(self.shown)}.")
            return False
        lowered = " ".join(words.lower().split())
        try:
            action = Action.parse(lowered)
        except NotationError as exc:
            # A unique start of one legal action is enough ("recruit black" for "recruit black-cat").
            starts = [a for a in self.shown if str(a).startswith(lowered)]
            if len(starts) == 1:
                return starts[0]
            reason = str(exc).split(": ", 1)[-1]
            self.say(f"Not understood: {reason}. Type a menu number, an action ('help notation'), or 'help'.")
            return False
        if action in self.shown:
            return action
        same = [str(a) for a in self.shown if a.verb == action.verb]
        if same:
            listed = ", ".join(same[:6]) + (" ..." if len(same) > 6 else "")
            self.say(f"'{action}' is not allowed now. Allowed: {listed}")
        else:
            verbs = ", ".join(sorted({a.verb for a in self.shown}))
            self.say(f"'{action.verb}' is not possible now; you can: {verbs}.")
        return False

    def play_human(self, action: Action) -> None:
        before = self.state
        seat = before.current
        self.match.apply(action, seat)
        after = self.state
        if after.turn != before.turn or after.over:
            self.board_due = True
        elif self.match.undoable_by() != seat:  # a card was drawn: no undo before this point
            self.say("(a card was drawn: undo cannot go back past this point)")

    def play_plan(self, plan: Plan) -> None:
        """Play a plan's steps one at a time, as single decisions; the first step that is no longer
        possible (or a decision that is no longer this person's) ends it, back at the menu."""
        seat = self.state.current
        self.say(plan_chosen(choice_label(self.state, plan)))
        for step in plan.steps:
            if self.state.over or self.state.current != seat or step not in legal_actions(self.state):
                self.say(plan_stopped(step))
                return
            self.play_human(step)

    def show_plans(self) -> None:
        """Every plan of the decision shown, with its letter."""
        if not self.menu.plans:
            self.say(no_plans())
            return
        codes = [code(i) for i in range(len(self.menu.plans))]
        self.console.print(screen.render_all_plans(self.state, self.menu.plans, codes))

    def take_back(self) -> bool:
        seat = self.state.current
        if self.match.undoable_by() != seat:
            self.say("Nothing to undo: undo goes back only within your turn, and not past a card drawn.")
            return False
        undone = self.match.undo(seat)
        self.autosave_now()
        self.say(f"Undone: {undone}")
        return True

    # --- bots --------------------------------------------------------------------------------------

    def bot_step(self) -> None:
        turn = self.state.turn
        self.match.step_bot()
        if self.state.turn != turn:
            self.board_due = True
        if self.delay:
            time.sleep(self.delay)

    # --- shared ------------------------------------------------------------------------------------

    def _show(self, match: Match, step: Step) -> None:
        """Print a step's log lines in its player's colour (Mackenzie's in red), then autosave."""
        style = screen.PLAYER_STYLES.get(match.state.players[step.seat].colour, "")
        for line in step.lines:
            self.console.print(Text("  " + line, style="red" if line.startswith("Mackenzie") else style))
        self.autosave_now()

    def autosave_now(self) -> None:
        if self.autosave:
            try:
                write_record(self.record, self.autosave)
            except OSError as exc:
                self.say(f"(autosave to {self.autosave} failed: {exc.strerror}; use 'save FILE')")
                self.autosave = None

    def save_to(self, path: Path, quiet: bool = False) -> None:
        try:
            write_record(self.record, path)
        except OSError as exc:
            self.say(f"Cannot save to {path}: {exc.strerror}")
            return
        if not quiet:
            self.say(f"Saved to {path} (resume with: lewis-clark play --load {path})")

    def show_log(self, arg: str) -> None:
        arg = arg.strip().lower()
        if arg and arg != "all" and not arg.isdigit():
            self.say("Use: log, log N, or log all")
            return
        log = self.log
        count = len(log) if arg == "all" else int(arg) if arg else LOG_LINES
        start = max(0, len(log) - count)
        if not log:
            self.say("Nothing has happened yet.")
        width = len(str(len(log)))
        for i in range(start, len(log)):
            self.console.print(f"{i + 1:>{width}}. {log[i]}", highlight=False)

    def say(self, text: str) -> None:
        self.console.print(text, style="yellow", highlight=False, soft_wrap=True)

    def end_screen(self) -> None:
        self.console.print(screen.render_route(self.state, self.seats))
        self.console.print(screen.render_end(self.state, self.seats))
        if self.autosave:
            self.console.print(f"The record of this game is in {self.autosave}", soft_wrap=True)
            self.console.print(f"(replay it with: lewis-clark replay {self.autosave} --log)", style="dim", soft_wrap=True)
        if HUMAN not in self.seats:
            return
        try:
            answer = self.read("Save a copy of the record as (Enter to skip): ").strip()
        except (KeyboardInterrupt, EOFError):
            return
        if answer:
            self.save_to(Path(answer).expanduser())
