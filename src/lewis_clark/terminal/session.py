"""The line-by-line game at the terminal (``lewis-clark play --plain``): people choose at a prompt, bots
play with a visible pace, everything printed in order (for screen readers, pipes and tests).

The game itself (match, menu, typed text, plans, undo, autosave, save) is ``terminal.game.Game``; this
module only prints it with rich and reads lines. A saved game is a plain ``Record`` with ``bots``
naming each seat ("human" for people), so loading replays it.

A person chooses a single action by number or notation, or a plan (a whole common option,
terminal/choices.py) by letter: the plan's steps go through the match one by one, exactly as if typed,
so the log, the autosave and undo see single decisions; the first step no longer possible ends it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from lewis_clark.actions import Action
from lewis_clark.bots import Bot
from lewis_clark.match import HUMAN, Match, Step
from lewis_clark.plans import Plan
from lewis_clark.queries import round_number
from lewis_clark.record import Record
from lewis_clark.state import State
from lewis_clark.terminal import panels, screen
from lewis_clark.terminal.choices import Choices
from lewis_clark.terminal.game import (
    Command,
    Game,
    Refusal,
    data_dir,
    latest_unfinished,
    new_autosave_path,
    write_record,
)
from lewis_clark.terminal.texts import hanging, help_text
from lewis_clark.wording import t
from lewis_clark.wording.review import review_command
from lewis_clark.wording.terminal import (
    leave_question,
    leaving,
    log_usage,
    no_plans,
    nothing_yet,
    prompt_mark,
    record_is_in,
    resume_later,
    resumed_after,
    save_copy_question,
    say_where,
    yes_words,
)
from lewis_clark.wording.terminal_app import autosaving, colour_label

__all__ = ["HUMAN", "LOG_LINES", "Leave", "Session", "data_dir", "latest_unfinished", "new_autosave_path", "write_record"]

LOG_LINES = 20


class Leave(Exception):
    """The person asked to leave the game."""


class Session:
    """One game at one terminal, printed line by line."""

    def __init__(self, record: Record, seats: Sequence[str], console: Console, *, delay: float = 0.5,
                 autosave: Path | None = None, read: Callable[[str], str] | None = None) -> None:
        self.game = Game(record, seats, autosave=autosave, say=self.say, on_step=self._show)
        self.console = console
        self.delay = delay
        self.read = read or (lambda text: console.input(text, markup=False, emoji=False))
        self.board_due = True
        self.announced = 0  # the turn whose heading was printed

    @property
    def match(self) -> Match:
        return self.game.match

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def seats(self) -> list[str]:
        return self.game.seats

    @property
    def bots(self) -> dict[int, Bot]:
        return self.game.bots

    @property
    def record(self) -> Record:
        return self.game.record

    @property
    def log(self) -> list[str]:
        return self.game.log

    @property
    def autosave(self) -> Path | None:
        return self.game.autosave

    @property
    def menu(self) -> Choices:
        return self.game.menu

    @property
    def undo(self) -> list[str]:
        """The actions the person to play could take back now, oldest first."""
        return self.match.undoable()

    # --- the loop --------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends or the person leaves; returns the exit status."""
        if self.game.start_autosave():
            # soft_wrap: long paths are left whole, for the terminal to wrap, so that they copy and paste
            self.console.print(autosaving(str(self.autosave)), style="dim", soft_wrap=True)
            self.console.print(resume_later(str(self.autosave)), style="dim", soft_wrap=True)
        if self.record.actions:
            self.console.print(resumed_after(len(self.record.actions)), style="dim")
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
        self.console.print(leaving(str(self.autosave) if self.autosave else None), soft_wrap=True)
        return 0

    def confirm_leave(self) -> bool:
        self.console.print()
        try:
            answer = self.read(leave_question())
        except (KeyboardInterrupt, EOFError):
            return True
        return answer.strip().lower() in ("y", "yes", "q", "quit", *yes_words())

    # --- people ------------------------------------------------------------------------------------

    def human_step(self) -> None:
        seat = self.state.current
        facts = panels.panels(self.state, self.seats, seat, self.menu)
        if self.board_due:
            self.console.print(screen.board(facts, screen.render_route(self.state, self.seats)))
            self.board_due = False
        else:
            self.console.print(screen.status(facts.expeditions[seat]))
        if facts.decision is not None:
            self.console.print(screen.menu(facts.decision))
        mark = prompt_mark(colour_label(self.state.players[seat].colour))
        while True:
            text = self.read(mark)
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
        meant = self.game.interpret(text)
        if isinstance(meant, Refusal):
            self.say(meant.reason)
            return False
        if not isinstance(meant, Command):
            return meant
        name, rest = meant.name, meant.arg
        if name == "help":
            self.console.print(hanging(help_text(rest), self.console.width - 1), highlight=False)
            return False
        if name == "log":
            self.show_log(rest)
            return False
        if name == "save":
            if not rest:
                self.say(say_where())
            else:
                self.game.save(Path(rest).expanduser())
            return False
        if name == "board":
            self.board_due = True
            return True
        if name == "menu":
            return True
        if name == "plans":
            self.show_plans()
            return False
        if name in ("undo", "restart"):
            return self.take_back(name == "restart")
        if name == "hint":
            self.say(self.game.hint())
            return False
        raise Leave  # quit

    def play_human(self, action: Action) -> None:
        turn = self.state.turn
        self.game.play(action)
        if self.state.turn != turn or self.state.over:
            self.board_due = True

    def play_plan(self, plan: Plan) -> None:
        """A plan's steps, one decision at a time (``Game.play_plan``)."""
        turn = self.state.turn
        self.game.play_plan(plan)
        if self.state.turn != turn or self.state.over:
            self.board_due = True

    def show_plans(self) -> None:
        """Every plan of the decision shown, with its letter."""
        if not self.menu.plans:
            self.say(no_plans())
            return
        self.console.print(screen.render_all_plans(self.state, self.menu.plans))

    def take_back(self, whole_turn: bool = False) -> bool:
        return self.game.take_back(whole_turn)

    # --- bots --------------------------------------------------------------------------------------

    def bot_step(self) -> None:
        turn = self.state.turn
        self.game.step_bot()
        if self.state.turn != turn:
            self.board_due = True
        if self.delay:
            time.sleep(self.delay)

    # --- shared ------------------------------------------------------------------------------------

    def _show(self, step: Step) -> None:
        """Print a step's log lines in its player's colour (Mackenzie's in red)."""
        style = screen.PLAYER_STYLES.get(self.state.players[step.seat].colour, "")
        for line in self.game.step_lines(step):
            self.console.print(Text("  " + line, style="red" if line.startswith("Mackenzie") else style))

    def save_to(self, path: Path) -> bool:
        return self.game.save(path)

    def show_log(self, arg: str) -> None:
        arg = arg.strip().lower()
        if arg and arg != "all" and not arg.isdigit():
            self.say(log_usage())
            return
        log = self.log
        count = len(log) if arg == "all" else int(arg) if arg else LOG_LINES
        start = max(0, len(log) - count)
        if not log:
            self.say(nothing_yet())
        width = len(str(len(log)))
        for i in range(start, len(log)):
            self.console.print(f"{i + 1:>{width}}. {log[i]}", highlight=False)

    def say(self, text: str) -> None:
        # wrapped between words; a text with a long word (a path) is left to the terminal to wrap, so
        # that the path stays whole to copy and paste
        long_word = any(len(word) > self.console.width // 2 for word in text.split())
        self.console.print(text, style="yellow", highlight=False, soft_wrap=long_word)

    def end_screen(self) -> None:
        self.console.print(screen.render_route(self.state, self.seats))
        self.console.print(screen.render_end(self.state, self.seats))
        if self.autosave:
            self.console.print(record_is_in(str(self.autosave)), soft_wrap=True)
            self.console.print(review_command(str(self.autosave)), soft_wrap=True)
        if HUMAN not in self.seats:
            return
        try:
            answer = self.read(save_copy_question()).strip()
        except (KeyboardInterrupt, EOFError):
            return
        if answer:
            self.save_to(Path(answer).expanduser())
