"""The tools in Hungarian: ``--language hu`` (or ``LEWIS_CLARK_LANGUAGE=hu``) words the help, the summary and
the errors, while the lines scripts read (``winner:``, ``hash:``, the ``error:`` prefix) stay as they are."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lewis_clark.cli import cli
from lewis_clark.cli_checks import language_in
from lewis_clark.wording import current_language, t

GAME = ("selfplay", "--players", "random,random,random", "--seed", "7", "--max-turns", "40")


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.mark.parametrize("args, env", [(("selfplay", "--language", "hu", "--help"), None),
                                       (("selfplay", "--help", "--language=hu"), None),  # --help met first
                                       (("selfplay", "--help"), {"LEWIS_CLARK_LANGUAGE": "hu"}),
                                       (("selfplay", "--help"), {"LEWIS_CLARK_LANGUAGE": "", "LANG": "hu_HU.UTF-8"})])
def test_hungarian_help_of_selfplay(args: tuple[str, ...], env: dict[str, str] | None) -> None:
    result = run(*args, env=env)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # the help wraps lines anywhere
    assert text.startswith("Használat: ")
    for words in ("selfplay [OPTIONS]", "Egy teljes játék gépek között", "Kapcsolók:",
                  "A játék magja (a gépek magjai ebből származnak).", "[alapértelmezés: 0;",
                  "Döntésenként egy sor kiírása.", "Ez a súgó, majd kilépés."):
        assert words in text, words
    assert "Game seed" not in text and "Usage:" not in text and "default:" not in text


def test_english_help_is_still_english() -> None:
    text = " ".join(run("selfplay", "--help").stdout.split())
    assert text.startswith("Usage: ") and "selfplay [OPTIONS]" in text
    assert "Game seed (the bots' seeds derive from it). [default: 0;" in text
    assert "--language [en|hu] The language of the output and of this help: en or hu." in text


def test_hungarian_group_help_words_the_tools() -> None:
    text = run("--help", env={"LEWIS_CLARK_LANGUAGE": "hu"}).stdout
    assert "Parancsok:" in text and "Sok játék gépek között" in text and "Commands:" not in text


def test_hungarian_summary_ends_with_the_english_runs_winner_and_hash(tmp_path: Path) -> None:
    english = run(*GAME, "--record", str(tmp_path / "game.json"))
    hungarian = run(*GAME, "--language", "hu")
    assert english.exit_code == hungarian.exit_code == 0, hungarian.output
    lines = hungarian.stdout.strip().splitlines()
    assert lines[-2:] == english.stdout.strip().splitlines()[-2:]
    assert lines[-2].startswith("winner: ") and lines[-1].startswith("hash: ")
    heads = next(line for line in lines if "felderítő" in line).split()
    assert heads == ["hely", "szín", "gép", "felderítő", "tábor", "kéz", "kijátszva", "indiánok", "nyersanyagok"]
    assert "3 játékos, mag: 7" in hungarian.stdout and "narancs" in hungarian.stdout
    assert lines[-4].startswith("körök: 41, döntések: ") and lines[-3].startswith("eredmény: 40 kör után leállt")
    for english_word in ("seat", "colour", "resources", "turns:", "result:", "players, seed"):
        assert english_word not in hungarian.stdout, english_word
    replayed = run("replay", str(tmp_path / "game.json"), "--language", "hu")
    assert replayed.stdout.strip().splitlines()[-2:] == lines[-2:]


def test_hungarian_errors_keep_the_error_prefix_and_status() -> None:
    result = run("selfplay", "--players", "random,random", "--mackenzie", "3", env={"LEWIS_CLARK_LANGUAGE": "hu"})
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: --mackenzie csak egyszemélyes játékban (egy gép a --players listában), 2 gép érkezett"]
    bench = run("bench", "--language", "hu", "--players", "0,7")
    assert bench.exit_code == 2 and bench.stderr.startswith("error: --players: vesszővel elválasztott játékosszámok")


def test_the_language_ends_with_the_run() -> None:
    """A Hungarian run leaves the caller's language as it was (the CLI runs in the tests' own context)."""
    run(*GAME, "--language", "hu")
    run("selfplay", "--help", env={"LEWIS_CLARK_LANGUAGE": "hu"})
    assert current_language() == "en" and t("End the turn") == "End the turn"


def test_language_in_finds_the_option_before_click_does() -> None:
    assert language_in(["--help", "--language", "hu"]) == "hu"
    assert language_in(["--seed", "1", "--language=hu"]) == "hu"
    assert language_in(["--language", "xx"]) is None  # left to click, which refuses it
    assert language_in(["--", "--language", "hu"]) is None and language_in(["--language"]) is None
    assert run("selfplay", "--language", "xx").exit_code == 2
