"""Benchmark: the heuristic bot against the random bot, seats alternating (not a test).

    python scripts/heuristic_vs_random.py --games 100 [--players 2] [--max-turns 600] [--self-play]

Prints the heuristic's win rate, average turns per game, and milliseconds per heuristic decision.
With --self-play every seat is the heuristic bot (win rate is then the share of finished games).
"""

from __future__ import annotations

import argparse
import time

from lewis_clark.bots.base import Bot
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.random_bot import RandomBot
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import view


def play(players: int, seed: int, bots: list[Bot], max_turns: int) -> tuple[int, int, float, int]:
    """One game: (winner or -1, turns, seconds spent in heuristic decisions, heuristic decisions)."""
    state = new_game(players=players, seed=seed)
    spent, decisions = 0.0, 0
    while not state.over and state.turn <= max_turns:
        seat = state.current
        legal = legal_actions(state)
        bot = bots[seat]
        t = time.perf_counter()
        action = bot.choose(view(state, seat), legal)
        if isinstance(bot, HeuristicBot):
            spent += time.perf_counter() - t
            decisions += 1
        apply_in_place(state, action, seat)
    return (state.winner if state.over else -1), state.turn, spent, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--self-play", action="store_true")
    args = parser.parse_args()
    wins = finished = turns = decisions = 0
    spent = 0.0
    for g in range(args.games):
        seed = args.seed + g
        hero = g % args.players  # seats alternate
        bots: list[Bot] = [HeuristicBot(seed * 10 + s) if args.self_play or s == hero else RandomBot(seed * 10 + s)
                           for s in range(args.players)]
        winner, t, sec, n = play(args.players, seed, bots, args.max_turns)
        finished += winner >= 0
        wins += winner == hero if not args.self_play else winner >= 0
        turns += t
        spent += sec
        decisions += n
    label = "finished" if args.self_play else "heuristic wins"
    print(f"{args.games} games, {args.players} players: {label} {wins}/{args.games} ({100 * wins / args.games:.1f}%), "
          f"finished {finished}, average turns {turns / args.games:.1f}, "
          f"{1000 * spent / max(1, decisions):.2f} ms per heuristic decision ({decisions} decisions)")


if __name__ == "__main__":
    main()
