"""What a person sees on the full-screen table and in ``--plain``: the other seats' last turns in view
at 80x24, the Journal in words, nothing cut in the decision column at 80x24 or 120x40 (the Camp preview
whole), ``--plain`` wrapping instead of cutting, the warning before discarding the Commander or a mover
for a discount (R15), and the terminal in Hungarian without an English word or a "(z)"."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from test_terminal_app import run, screen_text

from lewis_clark.actions import Action
from lewis_clark.cards import CARDS
from lewis_clark.match import Match
from lewis_clark.queries import recruit_fur
from lewis_clark.record import Record
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options, State
from lewis_clark.terminal import screen
from lewis_clark.terminal.app import TableApp
from lewis_clark.terminal.choices import choices
from lewis_clark.terminal.session import Leave, Session
from lewis_clark.wording import camp_preview, discard_warning, language
from lewis_clark.wording.recap import last_turns, recap_line, recap_parts

sys.path.insert(0, str(Path(__file__).parent.parent))
from builders import do, game, hand, journal, load  # noqa: E402

CUT = ("…", "...")


def decision_column(text: str, wide: bool) -> list[str]:
    """The screen's decision column: right of the bar when wide, else from the prompt's line down to the
    input line."""
    lines = text.splitlines()
    if wide:
        return [line.split("│", 1)[1] for line in lines if "│" in line]
    start = next(i for i, line in enumerate(lines) if " to choose " in line or " to play" in line and i > 0)
    return lines[start:-2]


async def settle(pilot: object) -> None:
    for _ in range(20):
        await pilot.pause(0.02)  # type: ignore[attr-defined]


async def choose_first(pilot: object, app: TableApp) -> None:
    """The first plan by its key, else the first single choice as typed (``1`` and Enter), once the bots
    before the person have moved (a key pressed while a bot plays goes to the input line)."""
    while not app.game.people_to_play and not app.game.state.over:
        await settle(pilot)
    if app.game.state.over:
        return
    if app.game.menu.plans:
        await pilot.press("a")  # type: ignore[attr-defined]
    else:
        app.enter("1")
    await settle(pilot)


def two_player(seed: int = 3) -> TableApp:
    return TableApp(Record(Options(players=2, seed=seed)), ["human", "random"], delay=0)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_bots_last_turn_is_in_view_without_a_key(size: tuple[int, int]) -> None:
    """After the person's turn the bot plays; back at the person's decision the table says what the bot
    did (``wording.recap``), without pressing L."""
    app = two_player()

    async def script(pilot: object) -> None:
        turn = app.game.state.turn
        while app.game.state.turn == turn:  # the person's whole turn: plan a, then the first choices
            await choose_first(pilot, app)
        while not app.game.people_to_play:
            await settle(pilot)
        await settle(pilot)  # the last move drawn
        state = app.game.state
        blue = next(r for r in last_turns(state, app.game.events) if r.seat == 1)
        line = recap_line(state, blue)
        screen = screen_text(app)
        if size[0] >= 110:  # wide: the table's column only (the choices stand beside it, after the │)
            screen = "\n".join(row.split("│")[0] for row in screen.splitlines())
        text = " ".join(screen.split())
        start = " ".join(line.split())[:60]
        # a line of its own, or at 80x24 after Blue's Scout and Camp on its expedition's line
        words = " ".join("; ".join(recap_parts(blue)).split())[:40]
        told = re.search(rf"Blue \(\w+\)( @\d+ C\d+)? {re.escape(words)}", text)
        assert start.startswith("Blue: ") and (start in text or told), (start, text)

    run(app, size, script)


def test_solo_shows_mackenzies_last_step_at_80x24() -> None:
    app = TableApp(Record(Options(players=1, seed=3, mackenzie=3)), ["human"], delay=0)

    async def script(pilot: object) -> None:
        start = app.game.state.mackenzie
        turn = app.game.state.turn
        while app.game.state.turn == turn:
            await choose_first(pilot, app)
        text = screen_text(app)
        assert f"Mackenzie went from {start} to {app.game.state.mackenzie}" in text, text

    run(app, (80, 24), script)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_nothing_is_cut_in_the_decision_column_and_the_camp_preview_is_whole(size: tuple[int, int],
                                                                            players: int) -> None:
    """Along the first decisions of a game, no line of the decision column is cut with an ellipsis, and
    the Camp preview of the expedition to play shows whole (with up to two expeditions always)."""
    seats = ["human"] * players
    app = TableApp(Record(Options(players=players, seed=5, mackenzie=2 if players == 1 else 0)), seats, delay=0)

    async def script(pilot: object) -> None:
        for _ in range(12):
            text = screen_text(app)
            column = decision_column(text, size[0] >= 110)
            cut = [line for line in column if any(mark in line for mark in CUT)]
            assert not cut, (cut, text)
            preview = camp_preview(app.game.state, app.game.state.current)
            shown = [line for line in text.splitlines() if "Camp now:" in line]
            assert all(preview in line for line in shown), (preview, shown)
            # at 80x24 the Camp choice, kept in view, may say it instead: "camp  lose 6 spaces, ..."
            camp = [line for line in text.splitlines() if re.search(r"^ *\d+ camp  ", line)]
            if players <= 2:  # with more expeditions at 80x24 it gives way to the others' last turns
                assert shown or (camp and all(preview.split(": ", 1)[-1] in line for line in camp)), text
            await choose_first(pilot, app)

    run(app, size, script)


def test_the_first_screen_at_80x24_shows_the_whole_hand_every_whole_choice_and_the_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new three-seat game as the README starts it (autosaving to the saves folder): at 80x24 the header
    is one line, every card of the hand is named, the menu's plans and Camp show, and the autosave notice
    is one line that says how to continue; nothing of the table scrolls out of view."""
    from lewis_clark.terminal import game as game_module
    from lewis_clark.terminal.choices import code
    from lewis_clark.wording.terminal_app import autosaving_brief

    monkeypatch.setattr(game_module, "saves_dir", lambda: tmp_path / "saves")
    app = TableApp(Record(Options(players=3, seed=5, chosen_seed=True)), ["human", "medium", "easy"], delay=0,
                   autosave=game_module.new_autosave_path())

    async def script(pilot: object) -> None:
        await settle(pilot)
        rows = screen_text(app).splitlines()
        assert rows[0].startswith("Round 1 - Orange (you) to play"), rows[0]
        assert rows[1].startswith("route"), rows[:2]
        assert rows[-1].strip() == autosaving_brief(), rows[-1]
        prompt = next(i for i, row in enumerate(rows) if "Orange to choose" in row)
        table = " ".join(" ".join(rows[:prompt]).split())
        for card in app.game.state.players[0].hand:
            assert CARDS[card].name.split()[-1] in table, (CARDS[card].name, rows)
        menu = app.game.menu
        for i in range(menu.shown):
            assert any(row.startswith(f" {code(i)} ") for row in rows[prompt:]), (code(i), rows)
        assert any(re.match(r" *\d+ camp  ", row) for row in rows[prompt:]), rows

    run(app, (80, 24), script)


def test_the_compact_journal_says_badge_and_recruiting_cost_in_words() -> None:
    """At 80x24 the Journal's three lines: the cards, their badges, and "N fur M eq." for each slot: fur
    by slot (R15), equipment by Strength."""
    app = TableApp(Record(Options(players=1, seed=3, mackenzie=3)), ["human"], delay=0)

    async def script(pilot: object) -> None:
        text = screen_text(app)
        state = app.game.state
        badge = next(line for line in text.splitlines() if line.startswith("badge "))
        recruit = next(line for line in text.splitlines() if line.startswith("recruit "))
        costs = re.findall(r"(\d) fur (\d) eq\.", recruit)
        p = state.players[0]
        assert costs == [(str(recruit_fur(state, p, slot)), str(CARDS[c].strength))
                         for slot, c in enumerate(state.journal) if c], recruit
        kinds = ("wood", "fur", "food", "equipment")
        assert badge.split()[1:] == [kinds[CARDS[c].badge] for c in state.journal if c], badge

    run(app, (80, 24), script)


def _states(players: int, seed: int, steps: int) -> list[State]:
    match = Match(Options(players=players, seed=seed, mackenzie=3 if players == 1 else 0), ["random"] * players)
    out = []
    for _ in range(steps):
        if match.over:
            break
        out.append(match.state)
        match.step_bot()
    return out


@pytest.mark.parametrize("width", [80, 60, 40])
def test_plain_never_cuts_a_label(width: int) -> None:
    """``--plain`` prints the table, the menu and every plan whole at any width: a screen reader hears
    every word (wrapped lines instead of "…")."""
    for players in (1, 2, 5):
        for state in _states(players, 11, 60)[::6]:
            console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
            menu = choices(state)
            shown = menu.plans[:menu.shown]
            console.print(screen.render_board(state, ["human"] * players, state.current))
            console.print(screen.render_menu(state, menu.actions, shown, len(menu.plans)))
            console.print(screen.render_all_plans(state, menu.plans))
            text = console.export_text()
            assert not [line for line in text.splitlines() if "…" in line or "..." in line], text


def _recruiting() -> State:
    s = game(1, seed=1)
    journal(s, "moses-b-reed", "three-eagles", "york", "hay", "big-white")
    hand(s, 0, "william-clark", "joseph-barter", "john-b-thompson")
    load(s, 0, fur=3, equipment=0)
    return do(s, "recruit moses-b-reed")


def test_a_warning_before_discarding_the_commander_or_a_mover_for_the_discount() -> None:
    """R15: the discount's discard is chosen from the hand; the Commander and a card that moves the Scout
    carry a warning in the menu (both front ends); other cards do not."""
    s = _recruiting()
    warned = {str(a): discard_warning(s, a) for a in legal_actions(s)}
    assert "Commander" in warned["discard william-clark"]
    assert "moves your Scout" in warned["discard joseph-barter"]
    assert warned["discard john-b-thompson"] == ""
    assert discard_warning(game(1, seed=1), Action.parse("end")) == ""
    console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
    console.print(screen.render_actions(s, legal_actions(s)))
    text = " ".join(console.export_text().split())
    assert warned["discard william-clark"] in text and warned["discard joseph-barter"] in text
    with language("hu"):
        assert "Parancsnok" in discard_warning(s, Action.parse("discard william-clark"))


def test_the_full_screen_menu_shows_the_discard_warning() -> None:
    s = _recruiting()
    record = Record(s.options)
    app = TableApp(record, ["human"], delay=0)
    app.game.match.state = s  # the position under test (the menu reads the state)

    async def script(pilot: object) -> None:
        app.listed = None
        app.redraw()
        await settle(pilot)
        text = " ".join(" ".join(decision_column(screen_text(app), wide=True)).split())
        assert "William Clark is your Commander, who moves your Scout by River and Mountains" in text, text

    run(app, (120, 40), script)


# --- Hungarian ------------------------------------------------------------------------------------

def _hungarian_slips(text: str, notation: set[str]) -> list[str]:
    from test_hungarian import slips  # tests/wording

    for typed in sorted(notation, key=len, reverse=True):  # what is typed stays as it is
        text = text.replace(typed, " ")
    text = re.sub(r"lewis-clark \S+( \S+)*", " ", text)  # commands to type
    text = re.sub(r"Lewis & Clark", " ", text)
    return slips(text)


def test_the_plain_game_in_hungarian_has_no_english_word_and_no_unchosen_article(tmp_path: Path) -> None:
    """A line-by-line game against a bot, in Hungarian, as printed: the table, menus, the bot's moves and
    the words on leaving."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "wording"))
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    notation: set[str] = set()
    answers = iter(["a", "1", "1", "1", "a", "1", "1", "1", "log", "x", "99", "undo", "quit"])
    session: Session

    def read(_prompt: str) -> str:
        notation.update(str(a) for a in legal_actions(session.state))
        console.print(_prompt)
        return next(answers)

    with language("hu"):
        session = Session(Record(Options(players=2, seed=4)), ["human", "random"], console, delay=0,
                          autosave=tmp_path / "auto.json", read=read)
        try:
            session.run()
        except (Leave, StopIteration):
            pass
    text = console.export_text().replace(str(tmp_path), " ")  # a path is no sentence
    assert "Kilépés a játékból" in text, text[-500:]
    found = _hungarian_slips(text, notation)
    assert not found, found


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_full_screen_table_in_hungarian_has_no_english_word(size: tuple[int, int]) -> None:
    sys.path.insert(0, str(Path(__file__).parent.parent / "wording"))
    with language("hu"):
        app = two_player()

    async def script(pilot: object) -> None:
        notation: set[str] = set()
        for _ in range(6):
            notation.update(str(a) for a in legal_actions(app.game.state))
            text = screen_text(app)
            found = _hungarian_slips(text, notation)
            assert not found, (found, text)
            await choose_first(pilot, app)
            while not app.game.people_to_play and not app.game.state.over:
                await settle(pilot)
            await settle(pilot)  # the last move drawn

    with language("hu"):
        run(app, size, script)


@pytest.mark.parametrize(("lang", "args"), [("hu_HU.UTF-8", []), ("C.UTF-8", ["--language", "hu"])])
def test_the_real_command_speaks_the_language_asked_for(tmp_path: Path, lang: str, args: list[str]) -> None:
    """``--language hu``, or a Hungarian LANG, words the whole game in Hungarian: the table, the prompt,
    leaving, and a refused option."""
    import os

    import pexpect

    script = Path(sys.executable).parent / "lewis-clark"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "TERM": "xterm-256color", "LANG": lang}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    child = pexpect.spawn(str(script), ["play", "--plain", "--players", "human,random", "--fast", *args], env=env,
                          dimensions=(50, 80), encoding="utf-8", timeout=30)
    child.expect("narancs> ")
    assert "Napló" in child.before and "Journal" not in child.before
    child.sendline("quit")
    child.expect("Kilépés a játékból")
    child.expect(pexpect.EOF)
    out, status = pexpect.run(f"{script} play --players human,human --mackenzie 3 " + " ".join(args),
                              withexitstatus=True, encoding="utf-8", env=env)
    assert status == 2 and "egyszemélyes" in out, out


def test_help_at_80_columns_wraps_under_its_own_column() -> None:
    """``?`` at 80x24: a long help line goes on under its own second column, never from the left edge."""
    from lewis_clark.terminal.texts import hanging, help_text
    from lewis_clark.wording.terminal_app import keys_help

    words = hanging(keys_help() + "\n" + help_text(""), 77)
    assert max(map(len, words.splitlines())) <= 77
    assert re.search(r"^  1-9 +the single choice.*\n {20}\S", words, re.M), words
    app = TableApp(Record(Options(players=1, seed=3)), ["human"], delay=0)

    async def script(pilot: object) -> None:
        await pilot.press("question_mark")  # type: ignore[attr-defined]
        await settle(pilot)
        text = screen_text(app)
        assert "Keys on the table" in text
        assert re.search(r"^ {20}them, then Enter\)", text, re.M), text

    run(app, (80, 24), script)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_many_seats_every_other_seats_last_turn_is_in_view_at_80x24(players: int) -> None:
    """Where room is short, each other expedition's line carries its last turn: with up to five seats at
    80x24 every other seat's turn begins on screen, and the decision still shows."""
    from lewis_clark.wording.recap import recap_brief, recap_parts

    app = TableApp(Record(Options(players=players, seed=5)), ["human"] + ["random"] * (players - 1), delay=0)

    async def script(pilot: object) -> None:
        for _ in range(2):  # two of the person's turns, the bots' between them
            turn = app.game.state.turn
            while app.game.state.turn == turn:
                await choose_first(pilot, app)
            while not app.game.people_to_play and not app.game.state.over:
                await settle(pilot)
            await settle(pilot)  # the last move drawn
        state = app.game.state
        text = screen_text(app)
        flat = " ".join(text.split())
        for r in last_turns(state, app.game.events):
            if r.seat != 0:
                # the whole turn where there is room, else its brief (the action, without a Camp told first)
                words, brief = (" ".join(w.split())[:24] for w in ("; ".join(recap_parts(r)), recap_brief(r)))
                assert words in flat or brief in flat, (r.seat, words, brief, text)
        assert " to choose " in text

    run(app, (80, 24), script)
