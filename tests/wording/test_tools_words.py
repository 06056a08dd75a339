"""The command-line tools' words all come from the catalogue: run with a pseudo-locale that wraps every
message in « », the help, the summary and the statistics show no word outside « » but notation (options,
metavars, bot names) and the two lines scripts read; and every message of wording/tools.py is Hungarian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner
from test_wording import _outside, _pseudo

from lewis_clark.cli import cli
from lewis_clark.wording import catalogue as cat
from lewis_clark.wording import commands, tools
from lewis_clark.wording.catalogue import pseudo

# Words that are notation, not wording: bot names, the option's choices, Click's metavars and ranges.
NOTATION = re.compile(r"--[\w-]+|\b[A-Z]{2,}\b|\b(?:random|en|hu|x|process|ray|cli|text|json|debug|info|warning|error"
                      r"|human|medium)\b")


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


@pytest.mark.parametrize("command", ["selfplay", "replay", "bench", "sim", "play", "serve", "bots"])
def test_every_word_of_the_help_is_worded(pseudo_hungarian: None, command: str) -> None:
    text = invoke(command, "--help")
    assert pseudo("Usage: ") in text and pseudo("Options") in text
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


@pytest.mark.parametrize("args", [
    ("serve", "--foo"), ("serve", "--port", "x"), ("serve", "--port", "99999"), ("bots",),
    ("serve", "--log-format", "xml"), ("selfplay", "extra"), ("play", "--mackenzie", "9"),
])
def test_clicks_own_usage_errors_are_worded(pseudo_hungarian: None, args: tuple[str, ...]) -> None:
    """A bad option value, an unknown option, a missing one: Click's own messages come from the
    catalogue too, in the run's language, on one ``error:`` line."""
    result = CliRunner().invoke(cli, [*args, "--language", "hu"])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("error: «") and "\n" not in line, line
    assert not unworded(line.removeprefix("error: ").replace("'xml'", "").replace("'x'", "")
                        .replace("integer range", "").replace("text", "").replace("json", "")
                        .replace("extra", "").replace("foo", "")), line


def test_clicks_usage_errors_are_hungarian() -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "99999", "--language", "hu"])
    assert "99999 nincs a tartományban" in result.stderr
    english = CliRunner().invoke(cli, ["serve", "--port", "99999"], env={"LEWIS_CLARK_LANGUAGE": "en"})
    assert "99999 is not in the range" in english.stderr


@pytest.mark.parametrize("module", [tools, commands])
def test_every_message_of_the_tools_is_hungarian(module: ModuleType) -> None:
    """Each message in wording/tools.py (Click's own among them) and wording/commands.py has a Hungarian
    translation (none falls back to English)."""
    with Path(str(module.__file__)).open("rb") as f:
        found = [m[1] for m in extract_from_file("python", f.name,
                                                  keywords={"t": None, "tn": (1, 2), "N_": None, "Nn_": (1, 2)})]
    with cat.catalogue_path("hu").open("rb") as f:
        hungarian = read_po(f, locale="hu")
    assert len(found) > 40
    for message in found:
        entry = hungarian.get(message if isinstance(message, str) else message[0])
        assert entry is not None and entry.string and all(entry.string if isinstance(entry.string, tuple)
                                                          else [entry.string]), message
