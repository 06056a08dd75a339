"""Benchmark: a bot's CPU a decision in self-play (prints, never a test).

    python scripts/decision_cpu.py medium --players 2 --games 100 --seed 1
    python scripts/decision_cpu.py medium --players 1 --games 100 --fixed    # strength.py's solo seeds

Plays ``--games`` games with every seat the same spec (the game seeds as in ``lewis-clark sim``,
or with ``--fixed`` the seeds 1..games; solo against Mackenzie level 0) and measures each decision
in process CPU time, so other work on the machine does not count: the mean a decision, the longest
decision and the longest turn (one seat's decisions from one turn to the next). ``solo_cpu.py`` gives the same per solo seed.
"""

from __future__ import annotations

import argparse
import time

from lewis_clark import Options, sim
from lewis_clark.match import Match


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("bot", help="a bot spec or level (medium, rollout:width=2, ...)")
    parser.add_argument("--players", type=int, default=2, help="seats, all the same spec (default 2)")
    parser.add_argument("--games", type=int, default=20, help="games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--fixed", action="store_true", help="game seeds 1..games (strength.py's solo rows)")
    parser.add_argument("--max-turns", type=int, default=1000, help="turn cap, all players' turns (default 1000)")
    args = parser.parse_args()
    total = 0.0
    decisions = 0
    longest = longest_turn = 0.0
    for g in range(args.games):
        options = Options(players=args.players, seed=g + 1 if args.fixed else sim.game_seed(args.seed, g), mackenzie=0)
        match = Match(options, [args.bot] * args.players, keep_log=False)
        turn_cpu = 0.0
        while not match.state.over and match.state.turn <= args.max_turns:
            seat, turn = match.state.current, match.state.turn
            t0 = time.process_time()
            action = match.bot_choice()
            spent = time.process_time() - t0
            match.apply(action, seat)
            total += spent
            decisions += 1
            longest = max(longest, spent)
            turn_cpu += spent
            if match.state.turn != turn or match.state.over:
                longest_turn = max(longest_turn, turn_cpu)
                turn_cpu = 0.0
    print(f"machine: {sim.machine()}")
    print(f"{args.bot}, {args.players} player(s), {args.games} games, seed {args.seed}: {decisions} decisions, "
          f"mean {1000 * total / max(1, decisions):.3f} ms CPU a decision, longest decision {1000 * longest:.1f} ms, "
          f"longest turn {1000 * longest_turn:.1f} ms")


if __name__ == "__main__":
    main()
