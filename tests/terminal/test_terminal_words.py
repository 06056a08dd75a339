"""Every word of the terminal's screens through the catalogue: in the wording layer's pseudo-locale
(``wording.catalogue.pseudo``) the board, the menu, the status line, the end screen and the help show
no plain ASCII word, but card names and, in the menu, the notation a person types ("play york")."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from rich.console import Console

from lewis_clark.cards import CARDS
from lewis_clark.rules import apply, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.terminal import screen
from lewis_clark.terminal.choices import choices
from lewis_clark.terminal.texts import help_text
from lewis_clark.wording import PSEUDO, RULE_TOPICS, language
from lewis_clark.wording.catalogue import unmarked

NAME_WORDS = {w for c in CARDS[1:] for w in re.findall(r"[A-Za-z]{2,}", c.name)}


def draw(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None, highlight=False)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


@pytest.fixture
def pseudo() -> Iterator[None]:
    with language(PSEUDO):
        yield


def _leaks(text: str, typed: set[str] = frozenset()) -> set[str]:  # type: ignore[assignment]
    return {w for w in unmarked(text) if w not in NAME_WORDS and w not in typed}


def _played(players: int, seed: int, steps: int) -> Iterator[State]:
    """Each decision of a game played by seeded legal choices, the verb chosen least so far first
    (so that every kind of decision comes), the turn ended now and then."""
    s = new_game(Options(players=players, seed=seed, mackenzie=7 if players == 1 else 0))
    rng, used = random.Random(seed), Counter[str]()
    for _ in range(steps):
        yield s
        if s.over:
            return
        legal = legal_actions(s)
        closers = [a for a in legal if a.verb in ("end", "stop")]
        if closers and rng.random() < 0.25:
            action = rng.choice(closers)
        else:
            others = [a for a in legal if a.verb not in ("end", "stop")] or legal
            least = min(used[a.verb] for a in others)
            action = rng.choice([a for a in others if used[a.verb] == least])
            used[action.verb] += 1
        s = apply(s, action)


@pytest.mark.parametrize(("players", "seed"), [(1, 2), (3, 1)])
def test_every_word_of_the_terminals_screens_is_worded(pseudo: None, players: int, seed: int) -> None:
    seats = ["human"] + ["easy"] * (players - 1)
    found: dict[str, str] = {}
    kinds: set[str] = set()
    last: State | None = None
    for s in _played(players, seed, 160):
        last = s
        if s.over:
            break
        kinds.add(s.decision.value)
        legal = legal_actions(s)
        typed = {w for a in legal for w in re.findall(r"[A-Za-z]{2,}", str(a))}
        menu = choices(s)
        shown = screen.render_menu(s, legal, menu.plans[:menu.shown], len(menu.plans))
        for where, text, allowed in (("board", draw(screen.render_board(s, seats, s.current)), set()),
                                     ("status", draw(screen.render_status(s, seats, s.current)), set()),
                                     ("menu", draw(shown), typed)):
            for line in text.splitlines():
                for word in _leaks(line, allowed):
                    found.setdefault(word, f"{where}: {line.strip()[:100]}")
    assert last is not None
    if last.over:
        for line in draw(screen.render_end(last, seats)).splitlines():
            for word in _leaks(line):
                found.setdefault(word, f"end: {line.strip()[:100]}")
    assert {"turn", "under", "perform", "take", "recruit"} <= kinds, kinds
    assert not found, found


def test_every_word_of_the_terminals_help_is_worded(pseudo: None) -> None:
    for topic in ("", *RULE_TOPICS, *(c.slug for c in CARDS[1:4])):
        text = help_text(topic)
        # the help names the commands and topics one types ("help boats", "undo")
        typed = {w for w in re.findall(r"[A-Za-z]{2,}", " ".join((*RULE_TOPICS, "help", "undo", "restart", "save",
                                                                   "load", "log", "plans", "more", "board", "menu",
                                                                   "hint", "quit", "exit")))}
        # "Notation: play little-raven", "To choose, type: perform food (...)"
        slugs = {w for c in CARDS[1:] for w in re.findall(r"[A-Za-z]{2,}", c.slug)}
        slugs |= {a.label for c in CARDS[1:] for a in c.alternatives}
        assert not _leaks(text, typed | slugs), (topic, _leaks(text, typed | slugs))
