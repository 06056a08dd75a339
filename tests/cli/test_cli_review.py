"""``lewis-clark review``: the post-game review on the command line (bots/review.py), its JSON, its progress on
stderr, and one ``error:`` line with exit status 2 for bad input, found before the long work starts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lewis_clark import Options
from lewis_clark.cli import cli
from lewis_clark.match import Match

TINY = "race:samples=1:keep=1:beam=2:nodes=3:actions=3:recruits=1"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("review")
    match = Match(Options(players=2, seed=4), ["easy", "easy"], keep_log=False).play_out(6)
    match.record.save(d / "short.json")
    data = json.loads((d / "short.json").read_text())
    (d / "tampered.json").write_text(json.dumps({**data, "final_hash": "0" * 16}))
    (d / "illegal.json").write_text(json.dumps({**data, "actions": data["actions"][:3] + ["recruit nosuchcard"]}))
    (d / "text.json").write_text("not json at all")
    (d / "other.json").write_text(json.dumps({"format": "something else"}))
    return d


def test_review_prints_the_review_and_its_progress(files: Path) -> None:
    result = CliRunner().invoke(cli, ["review", str(files / "short.json"), "--level", TINY], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Post-game review by the expert" in result.stdout
    assert result.stdout.count("estimated arrival at Fort Clatsop") == 2  # one chart for each seat
    progress = result.stderr.strip().splitlines()
    assert progress[0].startswith("The expert") and progress[-1].startswith("reviewing turn")
    done, total = progress[-1].removeprefix("reviewing turn ").split(" of ")
    assert done == total and int(total) >= 5


def test_review_json_for_one_seat(files: Path) -> None:
    result = CliRunner().invoke(cli, ["review", str(files / "short.json"), "--level", TINY, "--seat", "2", "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "lewis-clark-review" and data["players"] == 2
    assert [s["seat"] for s in data["seats"]] == [1] and data["seats"][0]["turns"]
    assert [s["seat"] for s in data["words"]["seats"]] == [1]


def test_review_in_hungarian(files: Path) -> None:
    result = CliRunner().invoke(cli, ["review", str(files / "short.json"), "--level", TINY, "--seat", "1",
                                      "--language", "hu"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "A játszma elemzése" in result.stdout and "elemzés:" in result.stderr


BAD = [
    ("missing.json", [], "missing.json"),
    ("text.json", [], "not valid JSON"),
    ("other.json", [], "not a game record"),
    ("tampered.json", [], "tampered"),
    ("illegal.json", [], "does not apply"),
    ("short.json", ["--level", "heuristic"], "race planner"),
    ("short.json", ["--level", "race:nodes=0"], "nodes"),
    ("short.json", ["--seat", "3"], "no seat 3"),
    ("short.json", ["--seat", "0"], "--seat"),
]


@pytest.mark.parametrize(("name", "extra", "words"), BAD, ids=[f"{n} {' '.join(e)}" for n, e, _ in BAD])
def test_bad_input_is_one_error_line_and_status_2(files: Path, name: str, extra: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, ["review", str(files / name), *extra], catch_exceptions=False)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.stderr
    assert not result.stdout
