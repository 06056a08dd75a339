"""Tournament games on Ray: the specs of ``lewis_clark.sim.specs`` played in batches as Ray tasks.

    >>> from lewis_clark import sim
    >>> from lewis_clark.rl import ray_backend
    >>> outcomes = ray_backend.run(sim.specs(["heuristic", "random"], 200, seed=1), workers=8)

Each game is played by ``sim.play_spec``, exactly as the process backend plays it, and the outcomes
come back in game order, so a run gives the same results and statistics on either backend (only the
measured thinking times differ). Games go in batches, several games per task, so that each task is
long enough to outweigh Ray's per-task cost. With no address a local Ray is started with ``workers``
CPUs; with one (``ray://head:10001`` or ``head:6379``), the driver joins that cluster and ships this
package's code to it. Ray is imported only here, when a run starts.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Sequence
from typing import Any

from lewis_clark.sim import GameOutcome, GameSpec, play_spec

BATCHES_PER_WORKER = 4  # enough batches to balance uneven games, few enough to keep tasks long
MAX_AUTO_BATCH = 50


def batch_size_for(games: int, workers: int) -> int:
    """Games per task when none is given: about ``BATCHES_PER_WORKER`` batches per worker, at most 50."""
    return max(1, min(MAX_AUTO_BATCH, math.ceil(games / (max(1, workers) * BATCHES_PER_WORKER))))


def batches(game_specs: Sequence[GameSpec], size: int) -> list[list[GameSpec]]:
    """Consecutive runs of ``size`` specs (the last one shorter)."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    return [list(game_specs[i: i + size]) for i in range(0, len(game_specs), size)]


def play_batch(game_specs: Sequence[GameSpec], keep_records: bool = False) -> list[GameOutcome]:
    """Play a batch of games, one after the other (the body of a Ray task)."""
    return [play_spec(spec, keep_records) for spec in game_specs]


def connect(address: str | None = None, workers: int = 1) -> bool:
    """Start or join Ray unless it is already running; returns whether this call started it.

    No address: a local Ray with ``workers`` CPUs and no dashboard. An address: join that cluster
    and send it this package (``runtime_env`` ``py_modules``), so that its workers run the same engine."""
    import ray

    if ray.is_initialized():
        return False
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    else:
        import lewis_clark

        package = os.path.dirname(os.path.abspath(lewis_clark.__file__))
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False, runtime_env={"py_modules": [package]})
    return True


def run(game_specs: Sequence[GameSpec], workers: int = 1, address: str | None = None, batch_size: int | None = None,
        keep_records: bool = False, progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play the games as Ray tasks, at most ``workers`` batches at a time; outcomes in game order.

    Uses the Ray already initialised in this process if there is one, otherwise ``connect``s (and
    leaves Ray running for later runs; ``ray.shutdown()`` ends it, as does the end of the process)."""
    import ray

    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    connect(address, workers)
    size = batch_size if batch_size is not None else batch_size_for(len(game_specs), workers)
    task: Any = ray.remote(num_cpus=1)(play_batch)
    todo = batches(game_specs, size)
    running: dict[Any, int] = {}  # object ref -> games in its batch
    outcomes: list[GameOutcome] = []
    while todo or running:
        while todo and len(running) < workers:
            batch = todo.pop(0)
            running[task.remote(batch, keep_records)] = len(batch)
        done, _ = ray.wait(list(running), num_returns=1)
        for ref in done:
            outcomes.extend(ray.get(ref))
            count = running.pop(ref)
            if progress:
                progress(count)
    outcomes.sort(key=lambda o: o.index)
    return outcomes
