"""The post-game review at the terminal: ``r`` on the full-screen table once the game is over runs the
expert's review away from the screen's thread, says its progress, then shows it over the table; the
line-by-line game's end says the command that reviews its record."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from test_terminal_app import run, screen_text

from lewis_clark.match import Match
from lewis_clark.state import Options
from lewis_clark.terminal.app import TableApp, TextScreen
from lewis_clark.terminal.session import Session

TINY = "race:samples=1:keep=1:beam=2:nodes=3:actions=3:recruits=1"


@pytest.fixture(scope="module")
def ended() -> Match:
    """A solo game the easy bot lost to Mackenzie (level 7), as a person would have played it."""
    match = Match(Options(players=1, seed=3, mackenzie=7), ["easy"], keep_log=False).play_out(200)
    assert match.over
    return match


@pytest.mark.slow
def test_r_at_the_end_of_a_game_shows_the_review(ended: Match) -> None:
    app = TableApp(ended.record, ["human"], delay=0)
    app.game.review_level = TINY
    said: list[str] = []

    async def script(pilot: object) -> None:
        for _ in range(100):  # the end's message, once the screen has settled
            if "Press r for the expert's review" in screen_text(app):
                break
            await pilot.pause(0.05)  # type: ignore[attr-defined]
        assert "Press r for the expert's review" in screen_text(app)
        original = app.say
        app.say = lambda text: (said.append(text), original(text))[1]  # type: ignore[method-assign]
        await pilot.press("r")  # type: ignore[attr-defined]
        for _ in range(600):
            if isinstance(app.screen, TextScreen):
                break
            await pilot.pause(0.05)  # type: ignore[attr-defined]
        assert isinstance(app.screen, TextScreen)
        body = str(app.screen.body)
        await pilot.pause()  # type: ignore[attr-defined]
        assert "Post-game review" in screen_text(app)  # the sheet's title, over the table
        assert body.startswith("Post-game review by the expert") and "estimated arrival at Fort Clatsop" in body
        assert "Turn " in body and "The expert: " in body
        await pilot.press("escape")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert not isinstance(app.screen, TextScreen)

    run(app, (120, 40), script)
    assert said and said[-1].startswith("reviewing turn") and said[0] == "reviewing turn 0 of " + said[-1].split()[-1]


def test_the_plain_game_s_end_names_the_review_command(ended: Match, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    ended.record.save(saved)
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    session = Session(ended.record, ["human"], console, delay=0, autosave=saved, read=lambda _: "")
    session.end_screen()
    assert f"lewis-clark review {saved}" in console.export_text()
