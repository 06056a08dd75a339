"""Tournaments: seats rotate, statistics are right, results do not depend on the workers, records
replay, plots are drawn, and the command line prints the promised keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lewis_clark import sim
from lewis_clark.cli import cli
from lewis_clark.record import load_record

FAST = dict(max_turns=30)


def test_seats_rotate_so_every_bot_sits_everywhere_equally() -> None:
    specs = sim.specs(["a", "b", "c"], 9, seed=1)
    for seat in range(3):
        sitting = [s.seats[seat] for s in specs]
        assert sorted(sitting) == ["a"] * 3 + ["b"] * 3 + ["c"] * 3
    assert len({s.seed for s in specs}) == 9


def test_wilson_interval_contains_the_rate_and_narrows_with_games() -> None:
    for wins, games in [(0, 10), (3, 10), (10, 10), (55, 100), (1, 1)]:
        low, high = sim.wilson(wins, games)
        assert 0 <= low <= wins / games <= high <= 1
    assert sim.wilson(50, 100)[1] - sim.wilson(50, 100)[0] > sim.wilson(500, 1000)[1] - sim.wilson(500, 1000)[0]
    low, high = sim.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)


def test_statistics_add_up() -> None:
    outcomes = sim.run(sim.specs(["heuristic", "random"], 4, seed=2, max_turns=120))
    result = sim.SimResult(("heuristic", "random"), outcomes)
    stats = result.to_json()["bots"]
    assert set(stats) == {"heuristic", "random"}
    for st in stats.values():
        assert st["games"] == 4
        assert st["ci_low"] <= st["win_rate"] <= st["ci_high"]
        assert set(st) >= {"games", "wins", "win_rate", "ci_low", "ci_high"}
    finished = sum(1 for o in outcomes if o.winner >= 0)
    assert stats["heuristic"]["wins"] + stats["random"]["wins"] == finished
    positions = result.per_position()
    assert sum(p["wins"] for p in positions) == finished


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    specs = sim.specs(["random", "random"], 4, seed=3, **FAST)
    one = sim.run(specs, workers=1)
    two = sim.run(specs, workers=2)
    assert [(o.index, o.winner, o.turns, o.camps) for o in one] == [(o.index, o.winner, o.turns, o.camps) for o in two]


def test_records_replay_to_the_same_state(tmp_path: Path) -> None:
    outcomes = sim.run(sim.specs(["random", "random"], 2, seed=4, **FAST), keep_records=True)
    sim.save_records(outcomes, tmp_path)
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 2
    for f in files:
        record = load_record(f)
        assert record.replay().hash() == record.final_hash


def test_plot_writes_a_png(tmp_path: Path) -> None:
    outcomes = sim.run(sim.specs(["random", "random"], 2, seed=5, **FAST))
    path = tmp_path / "plot.png"
    sim.plot(sim.SimResult(("random", "random"), outcomes), path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_sim_json_keys_and_solo_levels(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["sim", "--players", "random,random", "--games", "2", "--max-turns", "20", "--json",
                              "--records", str(tmp_path / "rec")])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data["bots"]["random"]) >= {"games", "wins", "win_rate", "ci_low", "ci_high"}
    assert len(list((tmp_path / "rec").glob("*.json"))) == 2
    res = runner.invoke(cli, ["sim", "--players", "random", "--games", "2", "--mackenzie", "0,7", "--json"])
    assert res.exit_code == 0, res.output
    assert set(json.loads(res.output)["levels"]) == {"0", "7"}


def test_cli_sim_table_and_errors() -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["sim", "--players", "random,random", "--games", "2", "--max-turns", "10"])
    assert res.exit_code == 0 and "first-player advantage" in res.output
    bad = runner.invoke(cli, ["sim", "--players", "random,nobody"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output
    bad = runner.invoke(cli, ["sim", "--players", "random,random", "--mackenzie", "3"])
    assert bad.exit_code == 2 and "solo" in bad.output
