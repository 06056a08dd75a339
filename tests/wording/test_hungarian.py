"""Hungarian as a Hungarian reader sees it: no "a(z)" left, no English word in what the game says
(prompts, hints, choices, plans, the log, the outcome, the help), and "a"/"az" chosen by the word."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from lewis_clark.cards import CARDS
from lewis_clark.match import Match
from lewis_clark.plans import offered
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options
from lewis_clark.wording import (
    RULE_TOPICS,
    commands_help,
    decision_hint,
    event_line,
    hint,
    label,
    language,
    outcome,
    page_words,
    prompt,
    rule,
)
from lewis_clark.wording.articles import article, articles
from lewis_clark.wording.plans import choice_label, compact_choice_label

# Proper names stay as they are printed (cards, places on the map, Mackenzie).
NAMES = sorted({c.name for c in CARDS[1:]} | {"St Louis", "Fort Clatsop", "Alexander Mackenzie", "Mackenzie"},
               key=len, reverse=True)
# English words a Hungarian sentence never needs (a game term left untranslated shows up as one of these).
ENGLISH = frozenset("""the and perform performs food fur wood equipment canoe canoes horse horses once twice times
keep all strength indian indians camp camps scout space spaces turn round play plays under with from to of for
nothing then choose stop village boost boosted moves move goes gives pays pay takes take recruit recruits discard
discards end ends it its none river mountain mountains""".split())


def slips(text: str) -> list[str]:
    """What betrays an unfinished Hungarian sentence: a "(z)" or an English word (names, notation in
    quotes and {placeholders} left out)."""
    found = ["(z)"] if "(z)" in text else []
    clean = re.sub(r"'[^']*'|\{[^}]*\}", " ", text)
    for name in NAMES:
        clean = clean.replace(name, " ")
    return found + [w for w in re.findall(r"[^\W\d_]+", clean) if w.lower() in ENGLISH]


def said_in_games(seeds: range, steps: int = 90) -> Iterator[tuple[str, str]]:
    """(where, text) for everything the game says in Hungarian along seeded games of 1-4 players."""
    for seed in seeds:
        players = 1 + seed % 4
        match = Match(Options(players=players, seed=seed, mackenzie=3 if players == 1 else 0), ["random"] * players)
        for _ in range(steps):
            if match.over:
                break
            s = match.state
            with language("hu"):
                yield "prompt", prompt(s)
                yield "hint", decision_hint(s)
                for a in legal_actions(s):
                    yield f"label {a}", label(s, a)
                    yield f"hint {a}", hint(s, a)
                for p in offered(s):
                    yield f"plan {p}", choice_label(s, p)
                    yield f"plan {p}", compact_choice_label(s, p)
            step = match.step_bot()
            with language("hu"):
                for e in step.events:
                    yield "log", event_line(s, e)
        with language("hu"):
            yield "outcome", outcome(match.state)


@pytest.mark.parametrize("seeds", [range(0, 4), range(4, 8), range(8, 12)])
def test_no_english_and_no_unchosen_article_in_hungarian_games(seeds: range) -> None:
    bad = [(where, text, found) for where, text in said_in_games(seeds) if (found := slips(text))]
    assert not bad, bad[:10]


def test_no_english_and_no_unchosen_article_in_the_hungarian_help_and_page() -> None:
    with language("hu"):
        # what is typed stays as it is: the notation, and each command (a help line's first word, <topic>)
        typed = re.sub(r"(?m)^ {2}\S+( \S+)?|<[^>]*>|\[[^]]*\]|szabályok: .*|lewis-clark [^)]*", " ", commands_help())
        texts = [("commands", typed)] + [(f"rule {topic}", rule(topic)) for topic in RULE_TOPICS
                                         if topic != "notation"]
        texts += [(f"page {key}", value) for key, value in page_words().items() if isinstance(value, str)]
    bad = [(where, found) for where, text in texts if (found := slips(text))]
    assert not bad, bad


def test_the_article_follows_the_first_sound_of_the_word() -> None:
    assert [article(w) for w in ("Falu", "indián", "Erő", "Úr", "York", "'stop'")] == ["a", "az", "az", "az", "a", "a"]
    # numbers as read: egy, öt, ötven, ezer take "az"; kettő, tíz, tizenöt, száz take "a"
    assert [article(n) for n in ("1", "5", "50", "1000", "2", "10", "15", "100", "12.")] == \
        ["az", "az", "az", "az", "a", "a", "a", "a", "a"]
    assert articles("A(z) 5. mezőről a(z) 12. mezőre, a(z) Erő") == "Az 5. mezőről a 12. mezőre, az Erő"
    assert articles("nincs benne") == "nincs benne"
    with language("hu"):
        line = "Mackenzie moves from space {start} to {space}"
        from lewis_clark.wording import t
        assert t(line, start=5, space=12) == "Mackenzie az 5. mezőről a 12. mezőre lép"
