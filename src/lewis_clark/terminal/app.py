"""The full-screen table (``lewis-clark play``): a Textual app over ``terminal.game.Game``.

Everything a player needs fits 80x24: the route strip, every expedition in a line or two, what the
other seats did in their last turn, the Journal with its badges and costs, your hand, the decision and
its choices (wrapped, never cut), an input line and the last thing that happened. From 110x32 the
table and the choices stand side by side, sharing the width by need, with the full Journal, hand and
Village tables and the log. Keyboard first: number keys and plan letters choose at once, arrows and Enter
move through the choices, ``:`` types notation or a command (Tab completes), ``u`` undoes, ``?`` helps.
Bots think in a worker thread and move at the given pace, so the screen never freezes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive, var
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from lewis_clark.actions import Action
from lewis_clark.cards import CARDS
from lewis_clark.match import HUMAN, Step
from lewis_clark.plans import Plan
from lewis_clark.record import Record
from lewis_clark.state import State
from lewis_clark.terminal import panels, screen, table
from lewis_clark.terminal.game import Command, Game, Refusal, is_autosave
from lewis_clark.terminal.panels import Choice, Decision, Panels
from lewis_clark.terminal.route import LABEL, route_strip
from lewis_clark.terminal.texts import hanging, help_text
from lewis_clark.wording import RULE_TOPICS, current_language, language, outcome, seat_name
from lewis_clark.wording.review import review_offer, review_title
from lewis_clark.wording.terminal import leaving, no_plans, record_is_in, say_where
from lewis_clark.wording.terminal_app import (
    autosaving,
    autosaving_brief,
    game_over_keys,
    help_title,
    input_placeholder,
    keys_help,
    keys_line,
    log_title,
    more_below,
    not_your_turn,
    waiting_for,
)

__all__ = ["SIDE", "WIDE", "ChoiceList", "CommandLine", "TableApp"]

WIDE = (110, 32)  # from this size on, the table and the choices stand side by side
SIDE = 44  # the width of the choices' column when wide, at least
SIDE_MOST = 90  # and at most (and never more than half the screen): the table keeps the rest
TALL = 30  # from this height on the keys have a line of their own; below it they are the input line's placeholder
AROUND = 3  # lines around the body when narrow: the header (one when it fits), the input line and the message


def lines(renderable: RenderableType, width: int) -> int:
    """How many screen lines ``renderable`` takes in ``width`` columns (wrapped as the screen wraps it)."""
    width = max(1, width)
    if isinstance(renderable, Text):
        return len(renderable.wrap(table.MEASURE, width))
    if isinstance(renderable, Group):
        return sum(lines(part, width) for part in renderable.renderables)
    return len(table.MEASURE.render_lines(renderable, table.MEASURE.options.update_width(width), pad=False))


def _choice(code: Text, words: Text) -> Table:
    """A menu line: its letter or number, then its words, wrapped between words under themselves."""
    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(code, words)
    return grid


def choice_words(choice: Choice, width: int) -> tuple[Text, Text]:
    """A choice's code (right-aligned in ``width``) and its words as the menu shows them: a plan's compact
    words, or an action's notation, mark, hint and warning."""
    if choice.plan:
        return Text(f"{choice.code:>{width}} ", style="bold magenta"), Text(choice.short)
    line = Text(choice.text)
    if choice.mark:
        line.append(f"  ! {choice.mark}", style="bold red")
    line.append("  " + choice.hint, style="dim")
    if choice.warning:
        line.append("  " + choice.warning, style="bold red")
    return Text(f"{choice.code:>{width}} ", style="bold cyan"), line


def choice_line(choice: Choice, width: int) -> Table:
    """A menu line: the choice's code, then its words wrapped under themselves."""
    return _choice(*choice_words(choice, width))


def choice_height(choice: Choice, code: int, width: int) -> int:
    """The lines ``choice_line`` takes in ``width`` columns."""
    head, words = choice_words(choice, code)
    return lines(words, width - head.cell_len)


class Completion(Suggester):
    """Suggests the first of ``words()`` that the typed text begins (legal actions, then commands)."""

    def __init__(self, words: Callable[[], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.words = words

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        for word in self.words():
            if word.lower().startswith(value) and word.lower() != value:
                return word
        return None


class CommandLine(Input):
    """The input line: numbers, letters, notation and commands; Tab takes the suggestion, Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "cursor_right", "complete", show=False),
        Binding("escape", "app.focus_choices", "choices", show=False),
    ]


class ChoiceList(OptionList):
    """The decision's plans (lettered) and single choices (numbered); keys choose at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "app.undo", "undo"),
        Binding("R", "app.restart", "restart turn"),
        Binding("question_mark", "app.help", "help"),
        Binding("colon", "app.type", "type"),
        Binding("V", "app.village", "Village"),
        Binding("L", "app.log", "log"),
    ]

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if isinstance(self.app, TableApp):
            self.app.show_more()

    def on_key(self, event: events.Key) -> None:
        ch = event.character or ""
        app = self.app
        if not isinstance(app, TableApp) or not ch:
            return
        if ch.isdigit() or (ch.isalpha() and ch.islower() and ch.isascii() and ch != "u") or ch == "/":
            event.stop()
            event.prevent_default()
            app.pressed(ch)


class TextScreen(ModalScreen[None]):
    """Help or the whole log, scrollable, over the table; Esc (or q, ?) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "close"),
        Binding("q", "app.pop_screen", "close", show=False),
        Binding("question_mark", "app.pop_screen", "close", show=False),
    ]

    def __init__(self, title: str, body: RenderableType, *, end: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.end = end

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet"):
            yield Static(Text(self.title_text, style="bold"), id="sheet-title")
            with VerticalScroll(id="sheet-body"):
                yield Static(self.body)

    def on_mount(self) -> None:
        if self.end:
            self.query_one("#sheet-body", VerticalScroll).scroll_end(animate=False)


class TableApp(App[int]):
    """One game on the whole screen."""

    TITLE = "Lewis & Clark"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", "leave", priority=True),
    ]

    message: reactive[str] = reactive("", init=False)  # the message line: the last event, or what the game says
    big_village: reactive[bool] = reactive(False, init=False)  # V: the Village shown on a narrow screen too
    thinking: var[bool] = var(False)  # a bot is choosing in its thread
    left: var[bool] = var(False)  # the person left: no bot may move any more

    def __init__(self, record: Record, seats: Sequence[str], *, delay: float = 0.5, autosave: Path | None = None) -> None:
        super().__init__()
        self.game = Game(record, seats, autosave=autosave, say=self.say, on_step=self.stepped)
        self.delay = delay
        self.all_plans: State | None = None  # the state at which 'plans' asked for every plan
        self.listed: State | None = None  # the state whose choices the list shows
        self.ready = False  # the widgets exist (set when mounted)
        self.hint_shown = True  # the decision's hint beside its prompt (left to help where room is short)
        self.language = current_language()  # the game's words, in every callback (see bot_chose)

    # --- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="body"):
            with VerticalScroll(id="table"):
                yield Static(id="route")
                yield Static(id="expeditions")
                yield Static(id="recap")
                yield Static(id="journal")
                yield Static(id="village")
                yield Static(id="hand")
            with Vertical(id="side"):
                yield Static(id="decision")
                yield ChoiceList(id="choices")
                yield Static(id="more")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield CommandLine(placeholder=input_placeholder(), suggester=Completion(self.completions), id="command")
        yield Static(id="message")
        yield Static(id="keys")

    @property
    def wide(self) -> bool:
        return self.size.width >= WIDE[0] and self.size.height >= WIDE[1]

    def on_mount(self) -> None:
        self.ready = True
        log = self.query_one("#log", RichLog)
        for step in self.game.match.steps:
            self._log_step(log, step)
        if self.game.start_autosave():
            path = self.game.autosave
            # --resume finds our own autosaves: say that in one line; a file of the person's choosing by name
            self.say(autosaving_brief() if path is not None and is_autosave(path) else autosaving(str(path)))
        self.redraw()
        self.focus_choices()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self.listed = None  # the choices' lines are fitted to the width
        self.call_after_refresh(self.redraw)
        self.call_after_refresh(self.show_more)  # once the new size has reached every widget

    def watch_message(self, text: str) -> None:
        # the table's room counts the message's lines (one or two) at the next redraw: every step has one
        if self.ready:
            self.query_one("#message", Static).update(Text(text))

    def watch_big_village(self) -> None:
        self.redraw()

    def side_width(self) -> int:
        """The choices' column when wide: the columns share the width by need. The table needs the whole
        route strip (its names and a space per route space); the choices take the rest, at least SIDE
        and at most SIDE_MOST or half the screen (choices that do not fit wrap, never cut)."""
        width = self.size.width
        route = len(self.game.state.options.route.terrains)
        return max(SIDE, min(width - LABEL - route - 3, SIDE_MOST, width // 2))

    def seat_shown(self) -> int:
        """Whose hand and Journal costs are shown: the person to play, else the first person."""
        state = self.game.state
        if self.game.seats[state.current] == HUMAN or HUMAN not in self.game.seats:
            return state.current
        return self.game.seats.index(HUMAN)

    def facts(self) -> Panels:
        """The table's facts now (``terminal.panels``), as the seat shown sees them."""
        game = self.game
        return panels.panels(game.state, game.seats, self.seat_shown(), game.menu if game.people_to_play else None,
                             game.events, every_plan=self.all_plans is game.state)

    def redraw(self) -> None:
        """Draw every panel for the state now and the screen's size."""
        if not self.ready or not self.screen_stack:  # a bot's timer may fire while the app closes
            return
        state, seats = self.game.state, self.game.seats
        facts = self.facts()
        wide = self.wide
        main = self.screen if not isinstance(self.screen, TextScreen) else self.screen_stack[0]
        main.set_class(wide, "wide")
        main.set_class(self.size.height < TALL, "short")
        self.query_one("#command", CommandLine).placeholder = (keys_line() if self.size.height < TALL
                                                                 else input_placeholder())
        self.query_one("#keys", Static).update(Text(" " + keys_line()))
        main.set_class(self.big_village, "village")
        side = self.side_width()
        if wide:
            self.query_one("#side", Vertical).styles.width = side
        # the side's border; narrow, the table's scroll bar (when it is taller than its room) takes one
        width = self.size.width - (side + 2 if wide else 1)
        # a line of the table is worth more than the game's name, then than Mackenzie's level (his row
        # on the route shows where he is)
        for title, level in ((True, True), (False, True), (False, False)):
            header = screen.header_text(facts.header, title=title)
            if level and facts.header.mackenzie >= 0:
                header.append(f" - Mackenzie {facts.header.mackenzie}", style="dim")
            if lines(header, self.size.width) == 1:
                break
        self.query_one("#header", Static).update(header)
        rows = "full" if wide or len(state.players) <= 3 else "compact"
        strip = route_strip(state, seats, width, rows=rows, ruler=wide, legend=wide)
        self.query_one("#route", Static).update(strip)
        journal = table.journal_rows(facts.journal, width) if wide else table.journal_line(facts.journal, width)
        self.query_one("#journal", Static).update(journal)
        colours = {e.seat: e.colour for e in facts.expeditions}
        village: RenderableType = table.village_line(facts.village, width)
        if wide:
            self.hint_shown = True
            self.query_one("#hand", Static).update(table.hand_rows(facts.hand, width))
            expeditions = table.expeditions(facts.expeditions, 3, width)
            told = table.recaps(facts.recaps, colours, width)
            if self.big_village:
                village = Group(screen.village_table(facts.village), village)
        else:  # 80x24: the decision's whole choices stay in view, then what the others did
            full = self.size.width  # the header and the decision take the whole width
            # the hand's names shortened, then the decision's hint left to help, only while the table
            # does not fit
            for self.hint_shown, short in ((True, False), (True, True), (False, True)):
                table_room = (self.size.height - lines(header, full) - 1 - self.message_lines(self.message)
                              - self.side_need(facts, full))
                hand = table.hand_line(facts.hand, width, short=short)
                room = (table_room - lines(strip, width) - lines(journal, width) - lines(hand, width)
                        - (lines(village, width) if self.big_village else 0))
                expeditions, told = self.narrow_expeditions(facts, room, width, where=rows == "compact")
                if lines(Group(expeditions, *told), width) <= room:
                    break
            self.query_one("#hand", Static).update(hand)
            # the table gets what the decision leaves; were it taller still, it scrolls (nothing is cut)
            self.query_one("#table", VerticalScroll).styles.max_height = max(3, table_room)
        self.query_one("#expeditions", Static).update(expeditions)
        self.query_one("#recap", Static).update(Group(*told))
        self.query_one("#recap", Static).display = bool(told)
        self.query_one("#village", Static).update(village)
        self.query_one("#message", Static).update(Text(self.message))
        self.draw_decision(facts)

    def message_lines(self, text: str) -> int:
        """The message's lines under the decision: one, two when it wraps (the most its style gives)."""
        return min(2, max(1, lines(Text(text), self.size.width)))

    def side_need(self, facts: Panels, width: int) -> int:
        """The lines the decision needs on a narrow screen: its prompt and hint, every whole choice (the
        plans, Camp, the turn's end) and the line that says more are below; at least four choices."""
        asked = facts.decision
        if asked is None:
            return 3 if not self.game.state.over else 12
        code = self.code_width(asked)
        whole = [c for c in asked.first if c.plan or c.whole]
        shown = sum(choice_height(c, code, width - 2) for c in whole)  # the list's scroll bar takes two
        rest = len(asked.first) - len(whole)
        return lines(table.decision(asked, self.hint_shown), width) + max(shown + (1 if rest else 0), min(4, len(asked.first)))

    def narrow_expeditions(self, facts: Panels, room: int, width: int, where: bool) -> tuple[Group, list[Text]]:
        """The expeditions and the other seats' last turns in ``room`` lines, the richest layout that fits:
        the others' expeditions in two lines, then in one; then each other expedition in one line of its
        Scout, Camp and last turn; then the expedition to play in one line too; then the last turns
        without the Scout's moves and Camps, which the numbers show. Lines wrap, never cut.
        Scout and Camp are said only when the route strip has no row per expedition (not ``where``)."""
        state = self.game.state
        colours = {e.seat: e.colour for e in facts.expeditions}
        said = facts.recaps
        need = sum(lines(text, width) for text in table.recaps(said, colours, width))
        others = [s for s in range(len(state.players)) if s != state.current]
        everyone = list(range(len(state.players)))
        for brief in ([], others, everyone):
            expeditions = table.expeditions(facts.expeditions, 2, width, brief=brief, where=where)
            left = room - lines(expeditions, width)
            if left >= need:
                return expeditions, table.recaps(said, colours, width, left)
        told = table.last_words(said)
        if len(state.players) == 1 or not told:  # solo: Mackenzie's step has a line of its own
            return expeditions, table.recaps(said, colours, width, max(1, left))
        for words in (told, table.last_words(said, brief=True)):  # then without the moves the numbers show
            for brief in (others, everyone):
                expeditions = table.expeditions(facts.expeditions, 2, width, brief=brief, told=words, where=where)
                if lines(expeditions, width) <= room:
                    return expeditions, []
        return expeditions, []

    @staticmethod
    def code_width(asked: Decision) -> int:
        return max(2, *(len(c.code) for c in asked.first))

    def draw_decision(self, facts: Panels) -> None:
        state = self.game.state
        panel = self.query_one("#decision", Static)
        choices = self.query_one("#choices", ChoiceList)
        if state.over or facts.decision is None:
            if state.over:
                panel.update(screen.render_end(state, self.game.seats))
            else:
                panel.update(Text(waiting_for(seat_name(state, state.current, self.game.seats)), style="bold"))
            if self.listed is not state:
                choices.clear_options()
                self.listed = state
            return
        asked = facts.decision
        panel.update(table.decision(asked, self.hint_shown))
        if self.listed is state:
            return
        self.listed = state
        code = self.code_width(asked)
        # the whole choices first (plans, Camp, the end), so that a small screen keeps them in view;
        # a choice longer than the column wraps under its own words, never cut
        options = [Option(choice_line(c, code), id=("plan" if c.plan else "act") + c.code) for c in asked.first]
        choices.clear_options()
        choices.add_options(options)
        choices.highlighted = 0 if options else None
        self.call_after_refresh(self.show_more)

    def show_more(self) -> None:
        """Under a menu taller than its room, a line says that more is below and how to reach it."""
        if not self.ready:
            return
        choices = self.query_one("#choices", ChoiceList)
        more = self.query_one("#more", Static)
        # the line itself takes a row from the list: hidden, it would give that row back
        shown = 1 if more.has_class("shown") else 0
        below = choices.max_scroll_y - shown > choices.scroll_y + 0.5 and choices.option_count > 0
        if below:
            more.update(Text(more_below(len(self.game.menu.actions) if self.game.people_to_play else 0)))
        more.set_class(below, "shown")

    # --- what happens ----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.message = text

    def stepped(self, step: Step) -> None:
        """A step was applied: its log lines go to the log and the message line."""
        if not self.ready:
            return
        lines = self._log_step(self.query_one("#log", RichLog), step)
        if lines:
            self.message = lines[-1]

    def _log_step(self, log: RichLog, step: Step) -> list[str]:
        style = screen.PLAYER_STYLES.get(self.game.state.players[step.seat].colour, "")
        lines = self.game.step_lines(step)
        for line in lines:
            log.write(Text(line, style="red" if line.startswith("Mackenzie") else style))
        return lines

    def advance(self) -> None:
        """After any change: redraw, then let a bot move (at the pace) or wait for a person."""
        self.redraw()
        if self.left or self.game.state.over:
            if self.game.state.over:
                self.say(outcome(self.game.state, self.game.seats) + " " + game_over_keys() + " " + review_offer())
            return
        if not self.game.people_to_play and not self.thinking:
            self.thinking = True
            self.think()

    @work(thread=True, exclusive=True, group="bot")
    def think(self) -> None:
        """The bot to play chooses away from the screen's thread, then its move is applied on it."""
        action = self.game.match.bot_choice()
        self.call_from_thread(self.bot_chose, action)

    @work(thread=True, exclusive=True, group="review")
    def review(self) -> None:
        """The post-game review, away from the screen's thread (seconds a turn), its progress said as it
        goes; then shown over the table (Esc closes it)."""
        with language(self.language):
            text = self.game.review(progress=lambda line: self.call_from_thread(self.say, line))
            title = review_title()
        self.call_from_thread(self.push_screen, TextScreen(title, Text(text)))

    def bot_chose(self, action: Action) -> None:
        # called from the bot's thread: the game's language is set again (a thread starts in the default)
        with language(self.language):
            self.game.match.apply(action, self.game.state.current)
            self.thinking = False
            self.redraw()
            if self.delay:
                self.set_timer(self.delay, self.advance)
            else:
                self.call_later(self.advance)

    def act(self, meant: Action | Plan) -> None:
        """A person's choice: one action or a plan's steps."""
        if not self.game.people_to_play:
            self.say(not_your_turn())
            return
        if isinstance(meant, Plan):
            self.game.play_plan(meant)
        else:
            self.game.play(meant)
        self.advance()

    # --- keys and typed text ---------------------------------------------------------------------

    def pressed(self, ch: str) -> None:
        """A key pressed on the choices: a number or a plan letter chooses at once when it cannot be
        the start of something longer; anything else starts typing in the input line."""
        menu = self.game.menu
        if self.game.state.over and ch == "r" and not self.left:
            self.review()
            return
        if self.game.people_to_play:
            if ch.isdigit() and ch != "0" and int(ch) * 10 > len(menu.actions):
                self.enter(ch)  # a choice, or the reason there is none
                return
            if ch.isalpha():
                plan = menu.plan(ch)
                if plan is not None:
                    self.act(plan)
                    return
        self.action_type("" if ch == "/" else ch)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id or ""
        menu = self.game.menu
        if ident.startswith("plan"):
            plan = menu.plan(ident[4:])
            if plan is not None:
                self.act(plan)
        elif ident.startswith("act"):
            self.act(menu.actions[int(ident[3:]) - 1])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.enter(event.value)
        self.focus_choices()

    def enter(self, text: str) -> None:
        """Typed text: a choice, a command, or a reason why not."""
        meant = self.game.interpret(text)
        if isinstance(meant, Refusal):
            self.say(meant.reason)
        elif isinstance(meant, Command):
            self.command(meant)
        else:
            self.act(meant)

    def command(self, command: Command) -> None:
        name, arg = command.name, command.arg
        if name == "help":
            words = (keys_help() + "\n" if not arg else "") + help_text(arg)
            self.push_screen(TextScreen(help_title(), Text(hanging(words, self.size.width - 3))))
        elif name == "log":
            self.action_log()
        elif name == "save":
            if arg:
                self.game.save(Path(arg).expanduser())
            else:
                self.say(say_where())
        elif name in ("undo", "restart"):
            self.action_undo(name == "restart")
        elif name == "hint":
            self.say(self.game.hint())
        elif name == "plans":
            if not self.game.menu.plans:
                self.say(no_plans())
            self.all_plans = self.game.state
            self.listed = None
            self.redraw()
        elif name == "quit":
            self.action_leave()
        else:  # board, menu: draw again
            self.listed = None
            self.redraw()

    def completions(self) -> list[str]:
        """What the input line completes: the legal actions and commands, then help topics."""
        topics = [f"help {topic}" for topic in RULE_TOPICS] + [f"help {c.slug}" for c in CARDS[1:]]
        return self.game.completions() + topics if self.game.people_to_play else ["help", "log", "save ", "quit", *topics]

    # --- actions bound to keys -------------------------------------------------------------------

    def focus_choices(self) -> None:
        self.query_one("#choices", ChoiceList).focus()

    def action_focus_choices(self) -> None:
        self.focus_choices()

    def action_type(self, start: str = "") -> None:
        line = self.query_one("#command", CommandLine)
        line.value = start
        line.cursor_position = len(start)
        line.focus()

    def action_undo(self, whole_turn: bool = False) -> None:
        if self.game.take_back(whole_turn):
            self.advance()

    def action_restart(self) -> None:
        self.action_undo(True)

    def action_help(self) -> None:
        self.command(Command("help"))

    def action_village(self) -> None:
        self.big_village = not self.big_village

    def action_log(self) -> None:
        lines = self.game.log
        width = len(str(len(lines)))
        body = Text("\n".join(f"{i:>{width}}. {line}" for i, line in enumerate(lines, 1)) or "-")
        self.push_screen(TextScreen(log_title(), body, end=True))

    def action_leave(self) -> None:
        self.left = True
        self.workers.cancel_group(self, "bot")
        self.exit(0)

    def farewell(self) -> str:
        """What is printed once the screen is gone: how the game ended or where it is saved."""
        state, where = self.game.state, self.game.autosave
        if state.over:
            return outcome(state, self.game.seats) + ("\n" + record_is_in(str(where)) if where else "")
        return leaving(str(where) if where else None)
