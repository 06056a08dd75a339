"""Benchmark: Elo ratings of bots from a round robin of two-player games (prints, never a test).

    python scripts/elo.py --games 100 --workers 2 --seed 1
    python scripts/elo.py --bots random,easy,medium,mcts:iterations=20 --games 20

Every two bots play ``--games`` games (seats alternating; game g of every pair uses the same deal,
``sim.game_seed(seed, g)``). Ratings are a Bradley-Terry maximum-likelihood fit on the Elo scale
(400), anchored at ``random`` = 0 when random plays (otherwise the mean is 1000), with one virtual
draw between every two bots so that a perfect record stays finite. A game still running at
``--max-turns`` (games against ``random`` often never end) goes by default to the bot whose Camp is
further up the route, a draw if level (``--unfinished camp``), or is a draw (``--unfinished draw``).
The 95% intervals come from the Fisher information at the fit
(lewis_clark.elo), and are intervals of each bot's difference to the anchor. Prints the machine,
the command, a markdown table of ratings and the pairwise win-rate matrix (row's score against
column).
"""

from __future__ import annotations

import argparse
import os
import sys
from itertools import combinations

from lewis_clark import elo, sim
from lewis_clark.bots import LEVELS, parse_spec

DEFAULT_BOTS = "random,easy,medium,hard,expert"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default=DEFAULT_BOTS, help=f"comma-separated bot specs (default {DEFAULT_BOTS})")
    parser.add_argument("--games", type=int, default=100,
                        help="games per pair of bots (default 100; the strength targets ask for at least 40)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--max-turns", type=int, default=1000,
                        help="a game still running after this many turns (all players') is adjudicated (default 1000)")
    parser.add_argument("--unfinished", choices=["camp", "draw"], default="camp",
                        help="a game at the turn cap goes to the Camp further up the route (default), or is a draw")
    parser.add_argument("--prior", type=float, default=1.0, help="virtual drawn games between every two bots (default 1)")
    args = parser.parse_args()
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    if len(set(bots)) != len(bots) or len(bots) < 2:
        parser.error("--bots: at least two different bots")
    for b in bots:
        try:
            parse_spec(b)
        except ValueError as exc:
            parser.error(f"--bots: {exc}")

    pairs = list(combinations(bots, 2))
    batches = [sim.specs(list(pair), args.games, args.seed, max_turns=args.max_turns) for pair in pairs]
    outcomes = [o for batch in sim.run_batches(batches, args.workers) for o in batch]

    games: list[elo.Game] = []
    thinking = {b: [0.0, 0] for b in bots}  # seconds, decisions
    for o in outcomes:
        first, second = o.seats
        games.append(elo.Game(first, second, _score(o, args.unfinished)))
        for seat, name in enumerate(o.seats):
            thinking[name][0] += o.seconds[seat]
            thinking[name][1] += o.decisions[seat]
    anchor = "random" if "random" in bots else None
    ratings = sorted(elo.fit(games, bots, anchor=anchor, prior=args.prior), key=lambda r: -r.rating)
    unfinished = sum(1 for o in outcomes if not o.over)

    print(f"machine: {sim.machine()}")
    print(f"command: python {' '.join(sys.argv)}")
    print()
    verdict = "won by the Camp further up the route" if args.unfinished == "camp" else "counted as draws"
    print(f"{len(outcomes)} games: {args.games} per pair, seed {args.seed}, {unfinished} unfinished at "
          f"{args.max_turns} turns ({verdict})")
    print(f"rating: Bradley-Terry maximum likelihood, Elo scale 400, "
          f"{'random = 0' if anchor else 'mean = 1000'}, prior {args.prior:g} virtual draw(s) per pair; "
          f"95% interval from the Fisher information{' (difference to random)' if anchor else ''}")
    print()
    print("| bot | spec | games | wins | rating | 95% interval | ms/decision |")
    print("|---|---|---:|---:|---:|---|---:|")
    for r in ratings:
        seconds, decisions = thinking[r.name]
        ms = 1000 * seconds / decisions if decisions else 0.0
        print(f"| {r.name} | `{LEVELS.get(r.name, r.name)}` | {r.games} | {r.wins:g} | {r.rating:.0f} | "
              f"{r.low:.0f} to {r.high:.0f} | {ms:.2f} |")
    print()
    order = [r.name for r in ratings]
    matrix = elo.win_matrix(games, order)
    print("win rate of the row against the column (draws count a half):")
    print()
    print("| | " + " | ".join(order) + " |")
    print("|---|" + "---:|" * len(order))
    for name, row in zip(order, matrix, strict=True):
        cells = ["-" if rate is None else f"{rate:.0%}" for rate in row]
        print(f"| {name} | " + " | ".join(cells) + " |")


def _score(outcome: sim.GameOutcome, unfinished: str) -> float:
    """The first seat's score: 1 a win, 0 a loss, 0.5 a draw; at the turn cap, by the Camps or a draw."""
    if outcome.over:
        return 1.0 if outcome.winner == 0 else 0.0
    if unfinished == "draw":
        return 0.5
    camps = [p[-1][1] if p else 0 for p in outcome.progress]
    return 0.5 if camps[0] == camps[1] else 1.0 if camps[0] > camps[1] else 0.0


if __name__ == "__main__":
    main()
