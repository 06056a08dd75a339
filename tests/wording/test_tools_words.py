"""The command-line tools' words all come from the catalogue: run with a pseudo-locale that wraps every
message in « », the help, the summary and the statistics show no word outside « » but notation (options,
metavars, bot names) and the two lines scripts read; and every message of wording/tools.py is Hungarian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner
from test_wording import _outside, _pseudo

from lewis_clark.cli import cli
from lewis_clark.wording import catalogue as cat
from lewis_clark.wording import tools

# Words that are notation, not wording: bot names, the option's choices, Click's metavars and ranges.
NOTATION = re.compile(r"--[\w-]+|\b[A-Z]{2,}\b|\b(?:random|en|hu|x|process|ray|cli)\b")


@pytest.fixture
def pseudo_hungarian() -> Iterator[None]:
    """``--language hu`` gives the pseudo-locale for one test."""
    real = cat.translations("hu")
    cat.install("hu", _pseudo())
    yield
    cat.install("hu", real)


def unworded(text: str) -> list[str]:
    """Letters outside « » that are not notation."""
    return re.findall(r"[^\W\d_]+", NOTATION.sub(" ", _outside(text)))


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--language", "hu"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", ["selfplay", "replay", "bench", "sim"])
def test_every_word_of_the_help_is_worded(pseudo_hungarian: None, command: str) -> None:
    text = invoke(command, "--help")
    assert "«Usage: »" in text and "«Options»" in text
    assert not unworded(text.replace(f"cli {command}", "")), unworded(text)  # the usage line names the command


def test_every_word_of_the_summary_is_worded_but_winner_and_hash(pseudo_hungarian: None) -> None:
    lines = invoke("selfplay", "--players", "random", "--seed", "3", "--mackenzie", "2").strip().splitlines()
    assert lines[-2].startswith("winner: ") and lines[-1].startswith("hash: ")
    for line in lines[:-2]:
        assert not unworded(line), line


def test_every_word_of_the_statistics_is_worded(pseudo_hungarian: None) -> None:
    for args in (("--players", "random,random"), ("--players", "random", "--mackenzie", "0,1")):
        text = invoke("sim", "--games", "1", "--max-turns", "20", *args)
        assert not unworded(text), unworded(text)


def test_every_message_of_the_tools_is_hungarian() -> None:
    """Each message in wording/tools.py has a Hungarian translation (none falls back to English)."""
    with Path(tools.__file__).open("rb") as f:
        found = [m[1] for m in extract_from_file("python", f.name, keywords={"t": None, "tn": (1, 2)})]
    with cat.catalogue_path("hu").open("rb") as f:
        hungarian = read_po(f, locale="hu")
    assert len(found) > 80
    for message in found:
        entry = hungarian.get(message if isinstance(message, str) else message[0])
        assert entry is not None and entry.string and all(entry.string if isinstance(entry.string, tuple)
                                                          else [entry.string]), message
