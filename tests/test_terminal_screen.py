"""The terminal's screen and help texts: everything at the table shown within 80 columns, menus in
legal order, help for every card in the project's own words."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from builders import area, do, game, journal
from lewis_clark.cards import BY_SLUG, CARDS, Card
from lewis_clark.queries import camp_landing
from lewis_clark.record import Record
from lewis_clark.rules import legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Options
from lewis_clark.terminal import screen
from lewis_clark.terminal.session import Session
from lewis_clark.terminal.texts import card_help, find_card, help_text
from lewis_clark.village import PLACES
from lewis_clark.wording import RULE_TOPICS, rule

RULEBOOK = Path("/work/shared/rules/rulebook.md")


def draw(renderable: object, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_board_shows_the_whole_table_in_80_columns() -> None:
    """Route with St Louis and Fort Clatsop, every Scout and Camp, Village with Powwow and Newcomer,
    the Journal with slot costs, each expedition, the hand with Strengths and badges, the camp preview."""
    s = game(5, seed=3)
    s = do(s, str(legal_actions(s)[0]))
    text = draw(screen.render_board(s, ["human", "easy", "medium", "hard", "expert"], 0))
    assert max(len(line) for line in text.splitlines()) <= 80
    for colour in ("orange", "blue", "yellow", "green", "purple"):
        assert re.search(rf"^{colour}\s", text, re.M), colour  # a route row per expedition
        assert colour.capitalize() in text
    assert "S St Louis" in text and "F Fort Clatsop" in text
    for place in PLACES:
        assert place.name in text
    assert "Powwow 0" in text and "Newcomer 1" in text
    for card in s.journal:
        assert CARDS[card].name in text
    p = s.players[0]
    for card in p.hand:
        assert CARDS[card].name in text
    landing = camp_landing(s, s.current)
    assert f"Camp now: lose {landing.time} spaces" in text
    assert "to play" in text and "turn 1" in text


def test_route_rows_mark_scout_camp_and_mackenzie() -> None:
    """R24: Mackenzie has his own row; a Scout ahead of its Camp shows C, dashes, then @ at its space."""
    s = new_game(Options(players=1, seed=1, mackenzie=4))
    s.players[0].scout = 9
    text = draw(screen.render_route(s))
    orange = next(line for line in text.splitlines() if line.startswith("orange"))
    assert orange[10 + 5] == "C" and orange[10 + 9] == "@" and orange[10 + 6: 10 + 9] == "---"
    mackenzie = next(line for line in text.splitlines() if line.startswith("Mackenzie"))
    assert mackenzie[10 + s.mackenzie] == "M" and s.mackenzie == 5 + 4


def test_journal_shows_gravelines_discount() -> None:
    """R15: with Joseph Gravelines face-up the Journal's Fur column drops by 2 (never below 0)."""
    s = game(2, seed=1)
    area(s, 0, "joseph-gravelines")
    journal(s, "black-cat", "hay", "york", "seaman", "cuscalar")
    text = draw(screen.render_journal(s, 0))
    fur = [int(m.group(1)) for m in re.finditer(r"^\s+\d\s+(\d)\*?\s", text, re.M)]
    assert fur == [0, 0, 1, 2, 3]


def test_menu_numbers_follow_legal_order() -> None:
    """A number means the legal action at that position of the list just shown (both layouts)."""
    s = game(2, seed=2)
    legal = legal_actions(s)
    text = draw(screen.render_menu(s, legal))
    for i, action in enumerate(legal, 1):
        assert re.search(rf"(^|\s){i}\s+{re.escape(str(action))}(\s|$)", text, re.M), str(action)
    s = do(s, "play " + CARDS[s.players[s.current].hand[0]].slug)
    short = legal_actions(s)
    text = draw(screen.render_menu(s, short))
    assert len(short) <= screen.MENU_HINTS_UP_TO and "Strength" in text


def test_end_screen_names_the_winner() -> None:
    """R23 and R24: the winner's colour, or Mackenzie."""
    s = game(2, seed=1)
    s.over, s.winner = True, 1
    assert "Blue (random) sets up Camp at Fort Clatsop and wins!" in draw(screen.render_end(s, ["human", "random"]))
    solo = new_game(Options(players=1, seed=1))
    solo.over, solo.winner = True, -1
    assert "Mackenzie" in draw(screen.render_end(solo, ["human"]))


@pytest.mark.parametrize("c", CARDS[1:], ids=lambda c: c.slug)
def test_every_card_has_help(c: Card) -> None:
    """help <card> by slug, by name and by number names the card, its Strength and badge."""
    text = help_text(c.slug)
    assert c.name in text and f"Strength {c.strength}" in text and f"play {c.slug}" in text
    assert find_card(c.name) is c
    if c.number:
        assert find_card(f"#{c.number}") is c


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook not available")
def test_help_is_in_our_own_words() -> None:
    """No run of eight words from the rulebook appears in any card, place or rule help."""
    book = _runs(RULEBOOK.read_text(encoding="utf-8"), 8)
    texts = [card_help(c) for c in CARDS[1:]] + [rule(topic) for topic in RULE_TOPICS] + [help_text(p.name) for p in PLACES]
    copied = [t for t in texts if _runs(t, 8) & book]
    assert not copied, copied[:2]


def test_help_finds_rules_places_and_reports_unknown_topics() -> None:
    assert help_text("camp") == rule("camp") and help_text("mackenzie") == rule("solo")
    assert "Hunting" in help_text("hunting") and "Hunting" in help_text("village hunting")
    assert help_text("black cat") == card_help(BY_SLUG["black-cat"])
    assert "No help on" in help_text("zebra")
    assert "undo" in help_text("")


def test_bots_move_at_the_given_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bot move is followed by the delay (none with --fast); people are never delayed."""
    naps: list[float] = []
    monkeypatch.setattr("lewis_clark.terminal.session.time.sleep", naps.append)
    console = Console(file=io.StringIO(), width=80)
    session = Session(Record(Options(players=2, seed=1)), ["random", "random"], console, delay=0.25)
    for _ in range(10):
        session.bot_step()
    assert naps == [0.25] * 10
    assert len(session.log) >= 10 and len(session.record.actions) == 10
    assert session.record.replay().hash() == session.state.hash()
