"""Evidence, not a bot: how far the planner races when it is handed the real deck order.

The planner normally deals the unseen deck anew from its view before each search. Here it searches
the real state instead, so the figures say whether hidden information or the search itself limits
it: if seeing the deck does not win more solo games, the evaluation and the search are what to
improve. Never a player: it reads what no seat can know.

    python scripts/deck_seeing.py --seeds 1-6 --level 0 [--bot planner:width=6]
"""

from __future__ import annotations

import argparse
import time

from lewis_clark.bots import parse_spec
from lewis_clark.bots.planner import PlannerBot
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.sim import machine
from lewis_clark.state import Options, State


class DeckSeeingPlanner(PlannerBot):
    """The planner searching the very state it is given (the real one here)."""

    def deal(self, view: State) -> State:
        return view.copy()


def seeds(text: str) -> list[int]:
    """``"1-6"`` or ``"1,4,9"`` -> the seeds."""
    if "-" in text:
        low, high = (int(x) for x in text.split("-", 1))
        return list(range(low, high + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-6", help="game seeds, e.g. 1-6 or 1,4,9 (default 1-6)")
    parser.add_argument("--level", type=int, default=0, help="Mackenzie's level, 0-7 (default 0)")
    parser.add_argument("--bot", default="planner", help="planner spec whose options are used (default planner)")
    args = parser.parse_args()
    name, options = parse_spec(args.bot)
    if name != "planner":
        parser.error("--bot: a planner spec, e.g. planner:width=6")
    print(f"machine: {machine()}")
    wins = 0
    games = seeds(args.seeds)
    print("| seed | result | turns | final Camp | seconds |")
    print("|---:|---|---:|---:|---:|")
    for seed in games:
        state = new_game(Options(players=1, seed=seed, mackenzie=args.level))
        bot = DeckSeeingPlanner(seed, **options)
        start = time.perf_counter()
        while not state.over and state.turn < 400:
            apply_in_place(state, bot.choose(state.copy(), legal_actions(state)))
        won = state.winner == 0
        wins += won
        print(f"| {seed} | {'won' if won else 'lost'} | {state.turn} | {state.players[0].camp} | "
              f"{time.perf_counter() - start:.0f} |")
    print(f"\nwins: {wins}/{len(games)} at level {args.level}")


if __name__ == "__main__":
    main()
