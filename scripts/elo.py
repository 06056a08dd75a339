"""Benchmark: Elo ratings of bots from a round robin of two-player games (prints, never a test).

    python scripts/elo.py --games 100 --workers 2 --seed 1
    python scripts/elo.py --bots random,easy,medium,mcts:iterations=20 --games 20
    python scripts/elo.py --bots easy,medium,hard,expert --neighbours --held-out --games 40 --workers 2

Every two bots play ``--games`` games (seats alternating; game g of every pair uses the same deal,
``sim.game_seed(seed, g)``). Ratings are a Bradley-Terry maximum-likelihood fit on the Elo scale
(400), anchored at ``random`` = 0 when random plays (otherwise the mean is 1000), with one virtual
draw between every two bots so that a perfect record stays finite. A game still running at
``--max-turns`` (games against ``random`` often never end) goes by default to the bot whose Camp is
further up the route, a draw if level (``--unfinished camp``), or is a draw (``--unfinished draw``).
The 95% intervals come from the Fisher information at the fit
(lewis_clark.elo), and are intervals of each bot's difference to the anchor. Prints the machine,
the command, a markdown table of ratings and the pairwise win-rate matrix (row's score against
column). ``--held-out`` plays game g of every pair on the held-out seed ``HELD_OUT_SEEDS[g]``
(lewis_clark.bots; the levels' figures are reported there, never tuned there); ``--neighbours`` plays
only the pairs of bots next to each other in ``--bots`` (the levels in order), one pair after the
other, printing each pair's score as it is done, so a long run that is stopped keeps what finished.
"""

from __future__ import annotations

import argparse
import os
import sys
from itertools import combinations

from lewis_clark import elo, sim
from lewis_clark.bots import HELD_OUT_SEEDS, LEVELS, parse_spec

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
    parser.add_argument("--held-out", action="store_true",
                        help=f"game g of each pair on held-out seed g (at most {len(HELD_OUT_SEEDS)} games a pair)")
    parser.add_argument("--neighbours", action="store_true",
                        help="only the pairs next to each other in --bots, one after another, each printed when done")
    args = parser.parse_args()
    if args.held_out and not 1 <= args.games <= len(HELD_OUT_SEEDS):
        parser.error(f"--games: 1 to {len(HELD_OUT_SEEDS)} with --held-out, got {args.games}")
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    if len(set(bots)) != len(bots) or len(bots) < 2:
        parser.error("--bots: at least two different bots")
    for b in bots:
        try:
            parse_spec(b)
        except ValueError as exc:
            parser.error(f"--bots: {exc}")

    pairs = list(zip(bots, bots[1:], strict=False)) if args.neighbours else list(combinations(bots, 2))
    seeds = list(HELD_OUT_SEEDS)[: args.games]
    batches = [sim.seeded(list(pair), seeds, max_turns=args.max_turns) if args.held_out
               else sim.specs(list(pair), args.games, args.seed, max_turns=args.max_turns) for pair in pairs]
    if args.neighbours:  # one pair at a time, each reported as it is done
        outcomes = []
        for pair, batch in zip(pairs, batches, strict=True):
            done = sim.run_batches([batch], args.workers)[0]
            outcomes += done
            score = sum(_score(o, args.unfinished) if o.seats[0] == pair[0] else 1 - _score(o, args.unfinished)
                        for o in done)
            low, high = sim.wilson(round(score), len(done))
            print(f"{pair[0]} vs {pair[1]}: {score:g}/{len(done)} to {pair[0]} ({low:.0%}-{high:.0%}), "
                  f"{sum(1 for o in done if not o.over)} unfinished", flush=True)
    else:
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
    where = f"held-out seeds {seeds[0]}-{seeds[-1]}" if args.held_out else f"seed {args.seed}"
    print(f"{len(outcomes)} games: {args.games} per pair, {where}, {unfinished} unfinished at "
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
