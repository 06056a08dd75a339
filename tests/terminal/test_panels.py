"""The one panel model (terminal/panels.py) both front ends draw, and the 80x24 screen with nothing cut:
a seeded game played through several turns with bots shows no "…" anywhere, and the whole-action choices
(the plans, Camp, the turn's end) stay in view without "more"."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from test_table_view import choose_first, settle
from test_terminal_app import run, screen_text

from lewis_clark.actions import Verb
from lewis_clark.record import Record
from lewis_clark.setup import new_game
from lewis_clark.state import Options
from lewis_clark.terminal import panels, screen
from lewis_clark.terminal.app import TableApp
from lewis_clark.terminal.panels import Hand, HandCard
from lewis_clark.terminal.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CUT = ("…", "...")


def whole_choices(app: TableApp) -> list[str]:
    """The codes of the decision's whole-action choices: the plans shown, Camp and the turn's end."""
    menu = app.game.menu
    return [chr(ord("a") + i) for i in range(menu.shown)] + [
        str(i) for i, a in enumerate(menu.actions, 1) if a.verb in (Verb.CAMP, Verb.END)]


@pytest.mark.parametrize("players", [2, 3])
def test_at_80x24_nothing_is_cut_and_camp_and_end_stay_in_view(players: int) -> None:
    """Several turns against bots at 80x24: no screen holds an ellipsis, and at every person's decision
    each plan letter and the Camp and End choices begin a line of the screen (no "more" needed)."""
    app = TableApp(Record(Options(players=players, seed=7)), ["human"] + ["random"] * (players - 1), delay=0)
    seen = {"camp": 0, "end": 0}

    async def script(pilot: object) -> None:
        for _ in range(4):  # four of the person's turns, the bots' between them
            turn = app.game.state.turn
            while app.game.state.turn == turn and not app.game.state.over:
                text = screen_text(app)
                assert not [line for line in text.splitlines() if any(c in line for c in CUT)], text
                for code in whole_choices(app):
                    assert re.search(rf"^ *{code} \S", text, re.M), (code, text)
                for word in seen:
                    seen[word] += bool(re.search(rf"^ *\d+ {word}\b", text, re.M))
                await choose_first(pilot, app)
            while not app.game.people_to_play and not app.game.state.over:
                await settle(pilot)
                text = screen_text(app)
                assert not [line for line in text.splitlines() if any(c in line for c in CUT)], text
            await settle(pilot)

    run(app, (80, 24), script)
    assert seen["camp"] and seen["end"], seen  # both were offered and shown along the way


def test_the_plain_game_at_80_columns_cuts_nothing_and_lists_camp_and_end() -> None:
    """The line-by-line game against a bot, several turns at 80 columns: no ellipsis, and its menus list
    Camp and the turn's end when they are legal."""
    out = io.StringIO()
    console = Console(width=80, file=out, color_system=None, legacy_windows=False)
    answers = iter(["1", "a", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
                    "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"])

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    session = Session(Record(Options(players=2, seed=7)), ["human", "random"], console, delay=0, read=read)
    session.run()
    text = out.getvalue()
    assert session.state.turn >= 3
    assert not [line for line in text.splitlines() if any(c in line for c in CUT)], text
    assert re.search(r"^ +\d+ +camp\b", text, re.M) and re.search(r"^ +\d+ +end\b", text, re.M), text


def test_both_front_ends_draw_the_one_panel_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand the panel model says (whatever the state holds) is the hand both front ends show: neither
    reads the state for a fact of its own."""
    invented = Hand("Orange", (HandCard("Zebulon Pike", 3, 2, "explore the far west"),))
    monkeypatch.setattr(panels, "hand", lambda state, seat: invented)
    state = new_game(Options(players=2, seed=3))
    out = io.StringIO()
    Console(width=80, file=out, color_system=None).print(screen.render_board(state, ["human", "human"], 0))
    assert "Zebulon Pike" in out.getvalue() and "explore the far west" in out.getvalue()
    app = TableApp(Record(Options(players=2, seed=3)), ["human", "human"], delay=0)
    shown: list[str] = []

    async def script(pilot: object) -> None:
        shown.append(screen_text(app))

    for size in ((80, 24), (120, 40)):
        shown.clear()
        app = TableApp(Record(Options(players=2, seed=3)), ["human", "human"], delay=0)
        run(app, size, script)
        assert "Zebulon Pike" in shown[0], shown[0]


def test_the_panels_say_what_the_state_holds() -> None:
    """The facts themselves: Scout and Camp, the Journal's fur by slot, the hand by Strength, the
    decision's choices numbered in legal order with Camp marked whole."""
    from lewis_clark.rules import legal_actions
    from lewis_clark.terminal.choices import choices

    state = new_game(Options(players=2, seed=3))
    facts = panels.panels(state, ["human", "medium"], 0, choices(state))
    assert [(e.scout, e.camp) for e in facts.expeditions] == [(p.scout, p.camp) for p in state.players]
    assert [s.fur for s in facts.journal.slots] == [1, 2, 3, 4, 5]
    assert [c.strength for c in facts.hand.cards] == sorted(c.strength for c in facts.hand.cards)
    assert facts.decision is not None
    assert [c.text for c in facts.decision.actions] == [str(a) for a in legal_actions(state)]
    camp = next(c for c in facts.decision.actions if c.text == "camp")
    assert camp.whole and camp in facts.decision.first[:len(facts.decision.plans) + 2]
