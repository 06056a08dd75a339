"""What the one-click plans cost: microseconds for ``plans(state)`` at the start of a turn, over the turn
states of seeded heuristic games (a benchmark: it prints figures, it asserts nothing).

    python scripts/plans_bench.py
    python scripts/plans_bench.py --players 4 --games 10
"""

from __future__ import annotations

import argparse
import statistics
import time

import lewis_clark as lc
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.plans import plans


def turn_states(players: int, seed: int) -> list[lc.State]:
    """The states before each action of one heuristic game."""
    s = lc.new_game(lc.Options(players=players, seed=seed))
    bot = HeuristicBot(seed)
    out: list[lc.State] = []
    for _ in range(20_000):
        if s.over:
            break
        if not s.stack and not s.acted:
            out.append(s.copy())
        lc.apply_in_place(s, bot.choose(lc.view(s, s.current), lc.legal_actions(s)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    states = [s for seed in range(1, args.games + 1) for s in turn_states(args.players, seed)]
    costs = []
    for s in states:
        started = time.perf_counter()
        plans(s)
        costs.append((time.perf_counter() - started) * 1e6)
    costs.sort()
    print(f"{lc.build()} build, {args.players} players, {len(states)} turn states from {args.games} games")
    print(f"plans(): mean {statistics.fmean(costs):,.0f} µs, median {costs[len(costs) // 2]:,.0f} µs, "
          f"95th {costs[int(len(costs) * 0.95)]:,.0f} µs, most {costs[-1]:,.0f} µs")


if __name__ == "__main__":
    main()
