"""The full-screen table (`lewis-clark play` in a terminal): what the first screen shows at 80x24 and
120x40, keys and typed notation, undo, resize, a whole solo game, and the real command in a
pseudo-terminal."""

from __future__ import annotations

import asyncio
import io
import os
import re
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from textual import events

from lewis_clark.cards import CARDS
from lewis_clark.record import Record, load_record
from lewis_clark.route import PRINTED_ROUTE, Route
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.terminal.app import ChoiceList, CommandLine, TableApp
from lewis_clark.terminal.route import LABEL
from lewis_clark.terminal.table import short_name
from lewis_clark.wording import prompt

SCRIPT = Path(sys.executable).parent / "lewis-clark"
JOURNAL_HEADS = re.compile(r"slot +fur +card +Str +badge +action")  # the wide Journal's headers, whole words
SHORT_ROUTE = "R S R R R R R R M M R R R R R R F R R R"


def screen_text(app: TableApp) -> str:
    """The screen as the terminal shows it, as plain text (what export_screenshot draws, without the SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def run(app: TableApp, size: tuple[int, int], script: Callable[..., Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def key(pilot: object, app: TableApp, name: str) -> None:
    """One key through the app's own key handling, as ``pilot.press`` sends it, but waiting only until
    every widget has handled it (``pilot.press`` also waits twice for the process to look idle, at least
    20 ms each: most of a long game's time)."""
    app.post_message(events.Key(name, "\r" if name == "enter" else name))
    await pilot.pause(0)  # type: ignore[attr-defined]


def solo(seed: int = 3, level: int = 3, tmp: Path | None = None, route: Route = PRINTED_ROUTE) -> TableApp:
    return TableApp(Record(Options(players=1, seed=seed, mackenzie=level, route=route)), ["human"], delay=0,
                    autosave=tmp / "auto.json" if tmp else None)


def check_first_screen(text: str, state: State, size: tuple[int, int]) -> None:
    lines = text.splitlines()
    assert len(lines) == size[1] and max(len(line.rstrip()) for line in lines) <= size[0]
    route = next(line for line in lines if line.startswith("route"))
    fort, st_louis = state.options.route.fort_clatsop, state.options.route.st_louis
    assert route[LABEL + fort] == "F" and route[LABEL + st_louis] == "S", route
    assert re.search(r"^orange\s+#", text, re.M) and re.search(r"^Mackenzie\s+M", text, re.M)
    assert "Journal" in text
    for card in state.journal:
        name = CARDS[card].name
        assert name in text or short_name(name, 11)[:9] in text, name
    for card in state.players[0].hand:
        assert CARDS[card].name in text, CARDS[card].name
    assert prompt(state) in text
    assert re.search(r"(^|│) +a \S", text, re.M), "the first plan is on screen"
    assert "Orange (you)" in text and "round 1" in text.lower()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_first_screen_shows_route_fort_journal_hand_and_choices(size: tuple[int, int]) -> None:
    app = solo()

    async def script(pilot: object) -> None:
        check_first_screen(screen_text(app), app.game.state, size)
        if size == (120, 40):  # side by side: the full Journal with actions, the legend, the log column
            text = screen_text(app)
            assert "F Fort Clatsop" in text and JOURNAL_HEADS.search(text) and "│" in text
            assert "(food token)" in text, "solo: the Village badge tokens show"

    run(app, size, script)


def test_number_letter_and_typed_notation_act_and_u_undoes(tmp_path: Path) -> None:
    """A plan letter plays its whole plan; u takes it back whole; a number key picks that single choice;
    R restarts the turn; ':' then notation with Tab completion plays it."""
    app = solo(tmp=tmp_path)

    async def script(pilot: object) -> None:
        menu = app.game.menu
        plan = menu.plans[0]
        await pilot.press("a")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [str(a) for a in plan.steps]
        assert load_record(tmp_path / "auto.json").actions == app.game.record.actions, "autosaved"
        before = list(app.game.record.actions)
        await pilot.press("u")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [] and len(before) > 1  # the whole plan in one key
        assert "Undone" in screen_text(app)
        actions = app.game.menu.actions
        await pilot.press("colon", "1", "enter")  # type: ignore[attr-defined]  # more than 9 choices: typed
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [str(actions[0])]
        following = app.game.menu.actions
        assert len(following) < 10
        await pilot.press("1")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [str(actions[0]), str(following[0])]
        await pilot.press("R")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [] and "Turn restarted" in screen_text(app)
        await pilot.press("colon", "1", "enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.record.actions == [str(actions[0])]
        # typed: ':' opens the input line; 'en' completes to 'end' with Tab
        while "end" not in [str(a) for a in app.game.menu.actions]:
            await pilot.press("1")  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
        turn = app.game.state.turn
        await pilot.press("colon", "e", "n", "tab")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.query_one(CommandLine).value == "end"
        await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.game.state.turn == turn + 1 and app.game.record.actions[-1] == "end"
        assert isinstance(app.focused, ChoiceList)
        await pilot.press("colon", *"fly", "enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert "Not understood" in screen_text(app)

    run(app, (80, 24), script)


def test_resize_redraws_side_by_side_and_back() -> None:
    app = solo()

    async def script(pilot: object) -> None:
        assert not JOURNAL_HEADS.search(screen_text(app))
        await pilot.resize_terminal(120, 40)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        wide = screen_text(app)
        assert len(wide.splitlines()[0]) >= 119 and JOURNAL_HEADS.search(wide) and "F Fort Clatsop" in wide
        await pilot.resize_terminal(80, 24)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        check_first_screen(screen_text(app), app.game.state, (80, 24))

    run(app, (80, 24), script)


def test_help_and_log_open_over_the_table_and_close_with_escape() -> None:
    app = solo()

    async def script(pilot: object) -> None:
        await pilot.press("question_mark")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert "Keys on the table" in screen_text(app)
        await pilot.press("escape")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        await pilot.press("a", "L")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert re.search(r"^ ?1\. Orange plays", screen_text(app), re.M)
        await pilot.press("escape")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert "Journal" in screen_text(app)

    run(app, (80, 24), script)


def test_a_whole_solo_game_played_by_keys_to_its_end(tmp_path: Path) -> None:
    """R24: pressing the first choice every time (a number key, Enter when the input line took it),
    Mackenzie at level 7 reaches Fort Clatsop (a short route, R25, keeps it to about 60 decisions); the
    end shows on the screen and the autosave replays."""
    app = solo(seed=2, level=7, tmp=tmp_path, route=Route.parse(SHORT_ROUTE))

    async def script(pilot: object) -> None:
        presses = 0
        while not app.game.state.over:
            presses += 1
            assert presses < 1000
            await key(pilot, app, "1")
            if isinstance(app.focused, CommandLine):
                await key(pilot, app, "enter")
        await pilot.pause()  # type: ignore[attr-defined]
        text = screen_text(app)
        assert "Mackenzie reaches Fort Clatsop first" in text and "Game over" in text

    run(app, (80, 24), script)
    final = load_record(tmp_path / "auto.json").replay()
    assert final.over and final.winner == -1
    assert len(final.options.route.terrains) == 20


def test_bots_move_on_their_own_and_their_moves_are_logged() -> None:
    """A bot seat plays in a worker at the given pace while the screen stays live, until a person is to play."""
    seed = next(seed for seed in range(20) if new_game(Options(players=2, seed=seed)).current == 0)
    app = TableApp(Record(Options(players=2, seed=seed)), ["random", "human"], delay=0.01)

    async def script(pilot: object) -> None:
        for _ in range(200):
            if app.game.people_to_play and app.game.record.actions:
                break
            await pilot.pause(0.02)  # type: ignore[attr-defined]
        assert app.game.people_to_play and app.game.state.current == 1
        assert any(line.startswith("Orange") for line in app.game.log)

    run(app, (80, 24), script)


# --- the real command in a pseudo-terminal ------------------------------------------------------------

pyte = pytest.importorskip("pyte")


def test_real_command_at_80x24_draws_the_first_screen_and_quits(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    save = tmp_path / "auto.json"
    child = pexpect.spawn(str(SCRIPT), ["play", "--players", "human", "--mackenzie", "3", "--seed", "3",
                                        "--autosave", str(save)], env=env, dimensions=(24, 80), encoding="utf-8",
                          timeout=20)
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    state = Record(Options(players=1, seed=3, mackenzie=3)).replay()
    try:
        text = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.5))
            except pexpect.TIMEOUT:
                pass
            text = "\n".join(screen.display)
            if "Autosaving" in text and prompt(state) in text:
                break
        check_first_screen(text, state, (80, 24))
        child.sendcontrol("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert "Leaving the game" in child.before and load_record(save).actions == []


def test_rounds_and_starting_characters_in_the_journal() -> None:
    """The full-screen table's checks: the header counts rounds, not player turns; a starting Character reshuffled
    into the Journal shows its role in the full Journal, never "#0"."""
    from builders import game, journal
    from lewis_clark.terminal import panels, screen, table

    s = game(2, seed=1)
    s.turn = 7
    journal(s, "york", "black-cat", "hay", "seaman", "cuscalar")
    assert "round 4" in screen.header(s, ["human", "human"]).plain
    out = Console(file=io.StringIO(), width=120, color_system=None)
    out.print(screen.render_journal(s, 0), table.journal_rows(panels.journal(s, 0)), table.journal_line(panels.journal(s, 0), 80))
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Hunter" in text and "#0" not in text and "York" in text


# --- polish: the wide Journal, compact menus, five players at 80x24 ---------------------------


def test_wide_journal_has_whole_headers_and_whole_actions() -> None:
    """At the left column's width of 120x40, the Journal's headers are whole words and every action is
    there word for word (wrapped between words in its column, never cut)."""
    from builders import game, journal
    from lewis_clark.terminal import panels, table
    from lewis_clark.wording import card_summary

    s = game(1, seed=1)
    journal(s, "little-raven", "j-baptiste-deschamps", "cameahwait", "regis-loisel", "f-antoine-larocque")
    out = Console(file=io.StringIO(), width=66, color_system=None)
    out.print(table.journal_rows(panels.journal(s, 0), 65))
    lines = out.file.getvalue().splitlines()  # type: ignore[attr-defined]
    head = next(line for line in lines if JOURNAL_HEADS.search(line))
    column = head.index("action")
    actions = " ".join(" ".join(line[column:].split()) for line in lines[lines.index(head) + 1:])
    for card in s.journal:
        assert card_summary(CARDS[card]) in actions, CARDS[card].name
    assert "…" not in out.file.getvalue()  # type: ignore[attr-defined]


def test_compact_journal_keeps_short_names_whole() -> None:
    """At 80 columns the longest names are shortened first (initials, then the surname): short ones and
    "J. Gravelines" stay whole, and no name is cut with an ellipsis."""
    from builders import game, journal
    from lewis_clark.terminal import panels, table

    s = game(1, seed=1)
    journal(s, "joseph-gravelines", "f-antoine-larocque", "toussaint-charbonneau", "three-eagles", "york")
    out = Console(file=io.StringIO(), width=80, color_system=None)
    out.print(table.journal_line(panels.journal(s, 0), 79))
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "…" not in text and "J. Gravelines" in text and "Three Eagles" in text and "York" in text
    assert "Larocque" in text and "Charbonneau" in text


def test_plans_are_one_line_each_at_80x24_and_the_single_choices_are_announced() -> None:
    """The menu's plans use the compact wording (one line each at 80 columns); the single choices, when
    they are below the fold, are announced with the keys that reach them."""
    from lewis_clark.wording.plans import compact_choice_label

    app = solo()

    async def script(pilot: object) -> None:
        text = screen_text(app)
        state, menu = app.game.state, app.game.menu
        for i, plan in enumerate(menu.plans[:menu.shown]):
            label = compact_choice_label(state, plan)
            assert len(label) <= 76, label
            if i < 4:
                assert re.search(rf"^ +{chr(ord('a') + i)} {re.escape(label)}(  |$)", text, re.M), label
        assert re.search(r"^ +1 play ", text, re.M) or f"single choices 1-{len(menu.actions)}" in text

    run(app, (80, 24), script)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_five_players_show_every_expedition_the_decision_and_choices(size: tuple[int, int]) -> None:
    app = TableApp(Record(Options(players=5, seed=3)), ["human"] * 5, delay=0)

    async def script(pilot: object) -> None:
        text = screen_text(app)
        state = app.game.state
        assert len(text.splitlines()) == size[1]
        for p in state.players:
            assert re.search(rf"^[> ] {p.colour.title()} \(\w+\) @", text, re.M), p.colour
        assert prompt(state) in text
        assert re.search(r"^ +a \S", text, re.M), "a plan shows"
        assert re.search(r"^ +1 \S", text, re.M) or "single choices" in text

    run(app, size, script)


def test_wide_screen_shares_the_width_by_need_and_the_log_takes_the_rest() -> None:
    """Side by side the table keeps what the whole route strip needs and the choices' column takes the
    rest (at 120 columns about 42%, more than SIDE); the log takes the rows under the choices."""
    from lewis_clark.terminal.app import SIDE

    app = TableApp(Record(Options(players=2, seed=3)), ["human", "human"], delay=0)

    async def script(pilot: object) -> None:
        side = app.query_one("#side").size.width
        route = len(app.game.state.options.route.terrains)
        assert side >= 120 * 40 // 100 > SIDE and 120 - side - 2 >= LABEL + route
        text = screen_text(app)
        route = next(line for line in text.splitlines() if line.startswith("route"))
        assert "S" in route and "F" in route and "<" not in route and ">" not in route
        log = app.query_one("#log")
        choices = app.query_one(ChoiceList)
        assert log.region.y >= choices.region.bottom and log.region.bottom >= 36

    run(app, (120, 40), script)


def test_the_full_screen_menu_marks_a_choice_that_pays_for_nothing() -> None:
    """One Indian to Expedition Upgrade with no Wood at the first turn: its line carries the mark."""
    app = solo()

    async def script(pilot: object) -> None:
        choices = app.query_one("#choices", ChoiceList)
        lines = {}
        for i in range(choices.option_count):
            console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
            console.print(choices.get_option_at_index(i).prompt)
            lines[i] = console.export_text()
        upgrade = [text for text in lines.values() if "village upgrade 1" in text]
        assert len(upgrade) == 1 and "! pays for nothing" in upgrade[0]
        assert not any("pays for nothing" in text for text in lines.values() if "village hunting 1" in text)

    run(app, (120, 40), script)
