"""The engine's speed under both builds, against OpenSpiel's C++ backgammon (docs/speed.md).

    python scripts/speed.py              # both builds, about a minute
    python scripts/speed.py --seconds 12 # longer, steadier figures

Each build runs in its own process (the pure one with ``LEWIS_CLARK_PURE=1``, lewis_clark/pure.py)
and measures, at 4 players:

- decisions/s of ``lewis-clark bench``'s loop (``legal_actions`` + a uniform choice +
  ``apply_in_place``), and in the same process, interleaved round by round so that a busy machine
  slows both alike, OpenSpiel's C++ backgammon played by the same loop (``legal_actions`` + a uniform
  choice + ``apply_action``; dice rolls drawn from ``chance_outcomes`` and counted as decisions too);
- ``State.copy`` and a JSON round trip (``State.from_text(state.to_text())``) on states sampled from
  that play, as ``lewis-clark bench`` times them;
- the CPU seconds (user + system, the whole process) of
  ``lewis-clark selfplay --players hard --mackenzie 0 --seed 4``, and the game's hash, which must be
  the same under both builds.

Targets (the speed targets): decisions/s at least 2.5x backgammon's, copy at most 3 us, JSON round trip at
most 60 us, selfplay at most 2.5 CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 4  # interleaved rounds of each game's random play
SELFPLAY = ["selfplay", "--players", "hard", "--mackenzie", "0", "--seed", "4"]
TARGETS = {"ratio": 2.5, "copy_us": 3.0, "json_roundtrip_us": 60.0, "selfplay_cpu_s": 2.5}


def backgammon_decisions_per_s(seconds: float, seed: int) -> tuple[int, float]:
    """OpenSpiel's C++ backgammon under random play for ``seconds``: (decisions, elapsed)."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    chooser = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(64):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                action = chooser.choices(outcomes, weights)[0]
            else:
                action = chooser.choice(state.legal_actions())
            state.apply_action(action)
            decisions += 1
        if time.perf_counter() >= deadline:
            return decisions, time.perf_counter() - start


def measure_here(seconds: float) -> dict[str, Any]:
    """Every figure for the build this process imported."""
    from lewis_clark import build
    from lewis_clark.bench import OPERATIONS, play_random, time_each

    lc_decisions = bg_decisions = 0
    lc_time = bg_time = 0.0
    samples = []
    per_round = seconds / 2 / ROUNDS
    for r in range(ROUNDS):
        figures, round_samples = play_random(4, per_round, seed=r)
        lc_decisions += figures["decisions"]
        lc_time += figures["seconds"]
        samples += round_samples[:: max(1, len(round_samples) // 250)]
        n, t = backgammon_decisions_per_s(per_round, seed=r)
        bg_decisions += n
        bg_time += t
    quarter = seconds / 4
    result: dict[str, Any] = {
        "build": build(),
        "decisions_per_s": lc_decisions / lc_time,
        "backgammon_per_s": bg_decisions / bg_time,
        "copy_us": time_each(samples, OPERATIONS["copy_us"], quarter),
        "json_roundtrip_us": time_each(samples, OPERATIONS["json_roundtrip_us"], quarter),
    }
    result["ratio"] = result["decisions_per_s"] / result["backgammon_per_s"]
    return result


def selfplay_cpu(env: dict[str, str]) -> tuple[float, str]:
    """CPU seconds of the selfplay command in a fresh process, and the hash it prints."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(Path(sys.executable).parent / "lewis-clark"), *SELFPLAY], env=env,
                          capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout.strip().splitlines()[-1].removeprefix("hash: ")


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{model}, {os.cpu_count()} cores, load average {load}; "
            f"{platform.python_implementation()} {platform.python_version()}, {platform.system()}")


def row(name: str, figures: dict[str, Any]) -> str:
    return (f"| {name} | {figures['decisions_per_s']:,.0f} | {figures['backgammon_per_s']:,.0f} "
            f"| {figures['ratio']:.2f}x | {figures['copy_us']:.2f} | {figures['json_roundtrip_us']:.1f} "
            f"| {figures['selfplay_cpu_s']:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="time budget of each build's loops")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # one build, JSON out
    args = parser.parse_args()
    if args.here:
        print(json.dumps(measure_here(args.seconds)))
        return
    results = {}
    hashes = {}
    for name, pure in (("compiled", False), ("pure", True)):
        env = {k: v for k, v in os.environ.items() if k != "LEWIS_CLARK_PURE"}
        if pure:
            env["LEWIS_CLARK_PURE"] = "1"
        out = subprocess.run([sys.executable, __file__, "--here", "--seconds", str(args.seconds)], env=env,
                             capture_output=True, text=True, check=True).stdout
        figures = json.loads(out)
        if figures["build"] != name:
            print(f"note: asked for the {name} build, got the {figures['build']} one (is it installed?)")
        figures["selfplay_cpu_s"], hashes[name] = selfplay_cpu(env)
        results[figures["build"] + ("" if figures["build"] == name else f" (asked {name})")] = figures
    print(f"machine: {machine()}")
    print(f"command: python scripts/speed.py --seconds {args.seconds:g}; selfplay: lewis-clark {' '.join(SELFPLAY)}")
    print()
    print("| build | decisions/s (4 players) | backgammon decisions/s | ratio | copy µs | JSON round trip µs "
          "| selfplay CPU s |")
    print("|---|---|---|---|---|---|---|")
    for name, figures in results.items():
        print(row(name, figures))
    print(f"| target | | | >= {TARGETS['ratio']}x | <= {TARGETS['copy_us']:g} | <= {TARGETS['json_roundtrip_us']:g} "
          f"| <= {TARGETS['selfplay_cpu_s']:g} |")
    print()
    same = len(set(hashes.values())) == 1
    print(f"selfplay hash: {', '.join(f'{k} {v}' for k, v in hashes.items())} ({'identical' if same else 'DIFFERENT'})")


if __name__ == "__main__":
    main()
