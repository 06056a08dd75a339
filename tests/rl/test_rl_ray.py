"""The Ray backend: on a local Ray (2 CPUs), the same outcomes and statistics as the process
backend for the same seed, batching, and the command line's --backend ray."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import ray
from click.testing import CliRunner

from lewis_clark import sim
from lewis_clark.cli import cli
from lewis_clark.rl import ray_backend


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def comparable(o: sim.GameOutcome) -> tuple[Any, ...]:
    """Everything an outcome holds but the measured thinking times."""
    return (o.index, o.seats, o.seed, o.winner, o.first, o.turns, o.camps, o.progress, o.over, o.record, o.decisions)


def test_ray_gives_the_process_backends_outcomes() -> None:
    specs = sim.specs(["heuristic", "random", "random"], 7, seed=5, max_turns=60)
    expected = [comparable(o) for o in sim.run(specs, workers=1, keep_records=True)]
    seen: list[int] = []
    got = ray_backend.run(specs, workers=2, batch_size=3, keep_records=True, progress=seen.append)
    assert [comparable(o) for o in got] == expected
    assert sorted(seen) == [1, 3, 3]  # three batches: 3 + 3 + 1 games


def test_batches_cover_every_game_once_in_order() -> None:
    specs = sim.specs(["random"], 11, seed=1)
    parts = ray_backend.batches(specs, 4)
    assert [len(p) for p in parts] == [4, 4, 3]
    assert [s.index for p in parts for s in p] == list(range(11))
    assert ray_backend.batch_size_for(11, 2) == 2 and ray_backend.batch_size_for(10_000, 2) == ray_backend.MAX_AUTO_BATCH
    with pytest.raises(ValueError):
        ray_backend.batches(specs, 0)


def _sim_json(*extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["sim", "--players", "heuristic,random", "--games", "6", "--seed", "2",
                                      "--max-turns", "80", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    for stats in data["bots"].values():
        stats.pop("ms_per_decision")  # a measured time, the only thing allowed to differ
    return data


def test_cli_ray_backend_prints_the_same_statistics() -> None:
    assert _sim_json("--backend", "ray", "--workers", "2") == _sim_json()


def test_cli_rejects_ray_options_without_ray_backend() -> None:
    result = CliRunner().invoke(cli, ["sim", "--games", "1", "--address", "ray://nowhere:10001"])
    assert result.exit_code == 2 and "--backend ray" in result.stderr
