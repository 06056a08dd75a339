"""Benchmark: solo games on fixed seeds, one a seed, with each game's CPU (prints, never a test).

    python scripts/solo_cpu.py expert --level 0 --seeds 1-20 --workers 2
    python scripts/solo_cpu.py "race:samples=1:nodes=400" --level 7 --seeds 1-10
    python scripts/solo_cpu.py expert --seeds 4,8,10,21   # replay the seeds a run lost

For each seed: won or lost, the bot's own turns, where its Camp ended, Mackenzie's space, the CPU
seconds per decision and the longest single turn (process CPU time, so other work on the machine
does not count); then the totals: wins, mean CPU per decision, the longest turn of all. The
``strength.py`` table gives milliseconds per decision but not the longest turn: this does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from typing import Any

from lewis_clark import Options, sim
from lewis_clark.bots import LEVELS
from lewis_clark.match import Match

MAX_TURNS = 120  # own turns: a solo game is over long before (Mackenzie reaches the Fort)


def timed(match: Match, last_turn: int) -> tuple[float, int, float]:
    """Play ``match`` by its bots until it is over or past turn ``last_turn`` (every seat's turns counted):
    the process CPU seconds it took, the decisions made and the longest single turn."""
    start = turn_start = time.process_time()
    decisions, longest, turn = 0, 0.0, match.state.turn
    while not match.over and match.state.turn <= last_turn:
        match.step_bot()
        decisions += 1
        if match.state.turn != turn or match.over:
            now = time.process_time()
            longest = max(longest, now - turn_start)
            turn_start, turn = now, match.state.turn
    return time.process_time() - start, decisions, longest


def one(job: tuple[str, int, int]) -> dict[str, Any]:
    """One solo game of ``spec`` on game seed ``seed`` at Mackenzie level ``level``."""
    spec, seed, level = job
    match = Match(Options(players=1, seed=seed, mackenzie=level), [spec], keep_log=False)
    cpu, decisions, longest = timed(match, MAX_TURNS)
    s = match.state
    return {"seed": seed, "won": s.over and s.winner == 0, "turns": s.turn - (0 if s.over else 1),
            "camp": s.players[0].camp, "mackenzie": s.mackenzie, "cpu": round(cpu, 2), "decisions": decisions,
            "s_per_decision": round(cpu / max(1, decisions), 3), "longest_turn": round(longest, 2)}


def parse_seeds(text: str) -> list[int]:
    """Seeds from ``4,8,10-12`` (ranges inclusive), in the order given."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("bot", help="a bot spec or level (expert, hard, race:nodes=400, ...)")
    parser.add_argument("--level", type=int, default=0, help="Mackenzie's level, 0-7 (default 0)")
    parser.add_argument("--seeds", type=parse_seeds, default="1-20",
                        help="game seeds, FIRST-LAST or a list: 4,8,10-12 (default 1-20)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON line a game instead of the table")
    args = parser.parse_args()
    seeds: list[int] = args.seeds
    spec = LEVELS.get(args.bot, args.bot)
    print(f"machine: {sim.machine()}")
    print(f"command: python {' '.join(sys.argv)}")
    print(f"bot: {args.bot} = `{spec}`, Mackenzie level {args.level}")
    if not args.json:
        print("| seed | result | own turns | Camp | Mackenzie | s/decision | longest turn (s) |")
        print("|---:|---|---:|---:|---:|---:|---:|")
    results: list[dict[str, Any]] = []
    with Pool(max(1, args.workers)) as pool:
        for r in pool.imap(one, [(spec, s, args.level) for s in seeds]):
            results.append(r)
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(f"| {r['seed']} | {'won' if r['won'] else 'lost'} | {r['turns']} | {r['camp']} | {r['mackenzie']} | "
                      f"{r['s_per_decision']:.3f} | {r['longest_turn']:.2f} |", flush=True)
    wins = sum(1 for r in results if r["won"])
    won_turns = [r["turns"] for r in results if r["won"]]
    cpu = sum(r["cpu"] for r in results) / max(1, sum(r["decisions"] for r in results))
    print(f"\nwon {wins}/{len(results)}" + (f" in {min(won_turns)}-{max(won_turns)} turns" if won_turns else "")
          + f"; CPU {cpu:.3f} s a decision, longest turn {max((r['longest_turn'] for r in results), default=0):.2f} s")


if __name__ == "__main__":
    main()
