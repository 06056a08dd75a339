"""The command line: selfplay writes a record and a summary, replay checks it, bench measures."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from lewis_clark.bench import METRICS
from lewis_clark.cli import cli
from lewis_clark.record import load_record

SCRIPT = Path(sys.executable).parent / "lewis-clark"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def last_lines(result: Result, n: int = 2) -> list[str]:
    return result.stdout.strip().splitlines()[-n:]


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, Result]:
    path = tmp_path / "game.json"
    result = run("selfplay", "--players", "random,random,random", "--seed", "7", "--max-turns", "40",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    return path, result


def rewrite(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def assert_fails(result: Result, *words: str) -> None:
    """Exit status 2, one ``error:`` line on stderr naming the problem, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_selfplay_writes_a_record_and_ends_with_winner_and_hash(game: tuple[Path, Result]) -> None:
    path, result = game
    record = load_record(path)
    winner, hash_line = last_lines(result)
    assert winner.startswith("winner: ")
    assert hash_line == f"hash: {record.final_hash}"
    state = record.replay()
    assert winner == f"winner: {state.players[state.winner].colour if state.over else 'none'}"
    assert record.options.players == 3 and record.options.seed == 7
    for colour in ("orange", "blue", "yellow"):
        assert colour in result.stdout


def test_replay_prints_the_same_winner_and_hash(game: tuple[Path, Result]) -> None:
    path, played = game
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert last_lines(result) == last_lines(played)


def test_selfplay_is_reproducible_by_seed(game: tuple[Path, Result]) -> None:
    _, first = game
    again = run("selfplay", "--players", "random,random,random", "--seed", "7", "--max-turns", "40")
    other = run("selfplay", "--players", "random,random,random", "--seed", "8", "--max-turns", "40")
    assert last_lines(again) == last_lines(first)
    assert last_lines(other)[-1] != last_lines(first)[-1]


def test_max_turns_stops_a_long_game_without_winner(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    result = run("selfplay", "--players", "random,random", "--max-turns", "3", "--record", str(path))
    assert result.exit_code == 0
    assert last_lines(result, 3)[0].startswith("result: stopped after 3 turns")
    assert last_lines(result)[0] == "winner: none"
    assert load_record(path).replay().turn == 4


def test_solo_game_uses_mackenzie_and_random_start(tmp_path: Path) -> None:
    """R24: solo against Mackenzie at the chosen level; R25 random start is recorded."""
    path = tmp_path / "solo.json"
    result = run("selfplay", "--players", "random", "--mackenzie", "7", "--random-start", "--seed", "2",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    options = load_record(path).options
    assert (options.players, options.mackenzie, options.random_start) == (1, 7, True)
    state = load_record(path).replay()
    expected = state.players[0].colour if state.over and state.winner >= 0 else "none"
    assert last_lines(result)[0] == f"winner: {expected}"
    assert "Mackenzie: space" in result.stdout


def test_log_prints_one_line_per_decision(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("selfplay", "--players", "random,random", "--max-turns", "5", "--log", "--record", str(path))
    actions = load_record(path).actions
    numbered = [line for line in result.stdout.splitlines() if line.lstrip()[:1].isdigit() and ". " in line]
    assert len(numbered) == len(actions)
    assert "plays" in result.stdout
    replayed = run("replay", str(path), "--log")
    assert [line for line in replayed.stdout.splitlines() if ". " in line and line.lstrip()[:1].isdigit()] == numbered


def test_replay_upto_shows_an_earlier_state(game: tuple[Path, Result]) -> None:
    path, _ = game
    result = run("replay", str(path), "--upto", "10")
    assert result.exit_code == 0
    assert last_lines(result)[-1] == f"hash: {load_record(path).replay(upto=10).hash()}"


def test_unknown_bot_is_a_usage_error() -> None:
    assert_fails(run("selfplay", "--players", "random,deep-blue"), "deep-blue", "random")


def test_replay_refuses_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert_fails(run("replay", str(path)), "not valid JSON")


def test_replay_refuses_a_file_of_another_format(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "chess-pgn", "moves": []}))
    assert_fails(run("replay", str(path)), "not a game record")


def test_replay_refuses_a_missing_file(tmp_path: Path) -> None:
    assert_fails(run("replay", str(tmp_path / "nowhere.json")), "cannot read")


def test_replay_detects_a_tampered_hash(game: tuple[Path, Result]) -> None:
    path, _ = game
    rewrite(path, lambda d: d.update(final_hash="0123456789abcdef"))
    assert_fails(run("replay", str(path)), "tampered")


def test_replay_detects_a_tampered_action_list(game: tuple[Path, Result]) -> None:
    path, _ = game
    rewrite(path, lambda d: d["actions"].pop())
    assert_fails(run("replay", str(path)), "tampered")


def test_replay_names_an_illegal_action(game: tuple[Path, Result]) -> None:
    path, _ = game
    rewrite(path, lambda d: d["actions"].__setitem__(0, "return wood"))
    assert_fails(run("replay", str(path)), "record action 1", "return wood")


def test_replay_refuses_bad_options(game: tuple[Path, Result]) -> None:
    path, _ = game
    rewrite(path, lambda d: d["options"].update(players=12))
    assert_fails(run("replay", str(path)), "options")


def test_bench_json_has_the_figures() -> None:
    result = run("bench", "--json", "--seconds", "0.2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in METRICS:
        assert isinstance(data[key], float) and data[key] > 0, key
    assert set(data["by_players"]) == {"2", "4"}
    assert data["decisions_per_s"] == data["by_players"]["4"]["decisions_per_s"]


def test_bench_table() -> None:
    result = run("bench", "--seconds", "0.1", "--players", "3")
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.stdout


def test_installed_console_script(tmp_path: Path) -> None:
    """The ``lewis-clark`` entry point of the installed package, run as a real process."""
    assert SCRIPT.exists(), SCRIPT
    path = tmp_path / "game.json"
    played = subprocess.run([str(SCRIPT), "selfplay", "--players", "random,random", "--seed", "3", "--max-turns", "30",
                             "--record", str(path)], capture_output=True, text=True, timeout=60)
    assert played.returncode == 0, played.stderr
    replayed = subprocess.run([str(SCRIPT), "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines()[-2:] == played.stdout.splitlines()[-2:]
    assert played.stdout.splitlines()[-1] == f"hash: {load_record(path).final_hash}"
    path.write_text("[]")
    broken = subprocess.run([str(SCRIPT), "replay", str(path)], capture_output=True, text=True, timeout=60)
    assert broken.returncode == 2
    assert broken.stderr.startswith("error: ") and "Traceback" not in broken.stderr


def test_replay_refuses_a_route_that_is_not_an_object(game: tuple[Path, Result]) -> None:
    path, _ = game
    rewrite(path, lambda d: d["options"].update(route=5))
    assert_fails(run("replay", str(path)))


def test_summary_tells_mackenzie_won_from_not_over() -> None:
    """R24: both leave ``state.winner`` at -1 and print "winner: none", but the typed result
    (``State.outcome``) tells the result line, the wording and the sim which one it was."""
    from lewis_clark.cli import result_line, winner_text
    from lewis_clark.selfplay import play_game
    from lewis_clark.sim import GameSpec, play_spec
    from lewis_clark.state import Ending, Options
    from lewis_clark.wording import outcome

    lost = play_game(Options(players=1, mackenzie=7), ["random"], seed=1, keep_log=False).state
    going = play_game(Options(players=1, mackenzie=7), ["random"], seed=1, max_turns=3, keep_log=False).state
    assert lost.winner == going.winner == -1
    assert (lost.outcome.ending, going.outcome.ending) == (Ending.MACKENZIE, Ending.PLAYING)
    assert result_line(lost, None) == "result: Mackenzie reaches Fort Clatsop first: the expedition loses."
    assert result_line(going, 3) == "result: stopped after 3 turns, no winner"
    assert outcome(lost) != "" and outcome(going) == ""
    assert winner_text(lost) == winner_text(going) == "none"
    ended, stopped = (play_spec(GameSpec(0, ("random",), 1, mackenzie=7, max_turns=cap)) for cap in (400, 3))
    assert (ended.winner, ended.over, stopped.winner, stopped.over) == (-1, True, -1, False)
