"""Benchmark of the rl extra: PettingZoo environment steps per second (random masked actions) and
tournament throughput with 1 and 2 workers on the process and the Ray backends.

    python scripts/rl_bench.py                 # defaults: 5 s of env steps, 24 games per run
    python scripts/rl_bench.py --games 40 --json

Every loop is bounded by a count and a time. Ray's start-up (a local Ray with as many CPUs as
workers) is timed apart from the run.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np


def env_steps(seconds: float, players: int, max_steps: int = 2_000_000) -> dict[str, Any]:
    """Steps per second of the PettingZoo environment under uniformly random legal actions."""
    from lewis_clark.rl.pettingzoo_env import env

    e = env(players=players, max_turns=400)
    rng = np.random.default_rng(0)
    steps = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while steps < max_steps and time.perf_counter() < deadline:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if steps >= max_steps or time.perf_counter() >= deadline:
                break
        games += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "steps": steps, "seconds": round(elapsed, 2), "steps_per_s": round(steps / elapsed, 1),
            "games_started": games}


def sim_throughput(backend: str, workers: int, games: int, bots: list[str], max_turns: int) -> dict[str, Any]:
    """Games per second for one run of ``games`` games."""
    from lewis_clark import sim

    specs = sim.specs(bots, games, seed=1, max_turns=max_turns)
    startup = 0.0
    if backend == "ray":
        import ray

        from lewis_clark.rl import ray_backend

        t0 = time.perf_counter()
        ray_backend.connect(None, workers)
        startup = time.perf_counter() - t0
        t0 = time.perf_counter()
        outcomes = ray_backend.run(specs, workers)
        elapsed = time.perf_counter() - t0
        ray.shutdown()
    else:
        t0 = time.perf_counter()
        outcomes = sim.run(specs, workers)
        elapsed = time.perf_counter() - t0
    assert len(outcomes) == games
    return {"backend": backend, "workers": workers, "games": games, "seconds": round(elapsed, 2),
            "games_per_s": round(games / elapsed, 2), "startup_s": round(startup, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the environment measurement")
    parser.add_argument("--players", type=int, default=2, help="players in the environment and the games")
    parser.add_argument("--games", type=int, default=24, help="games per tournament run")
    parser.add_argument("--bots", default="heuristic,random", help="bots of the tournament games")
    parser.add_argument("--max-turns", type=int, default=400)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    bots = args.bots.split(",")
    result: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "env": env_steps(args.seconds, args.players), "sim": []}
    for backend in ("process", "ray"):
        for workers in (1, 2):
            result["sim"].append(sim_throughput(backend, workers, args.games, bots, args.max_turns))
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return
    env = result["env"]
    print(f"PettingZoo env, {env['players']} players, random masked actions: {env['steps_per_s']:,.0f} steps/s "
          f"({env['steps']} steps in {env['seconds']} s)")
    print(f"sim, {args.games} games of {args.bots} (max {args.max_turns} turns):")
    print(f"  {'backend':8} {'workers':>7} {'games/s':>8} {'seconds':>8} {'start-up s':>10}")
    for row in result["sim"]:
        print(f"  {row['backend']:8} {row['workers']:>7} {row['games_per_s']:>8.2f} {row['seconds']:>8.2f} "
              f"{row['startup_s']:>10.2f}")


if __name__ == "__main__":
    main()
