"""Benchmark: where a race bot's thinking goes, turn by turn, solo or at a table (prints, never a test).

    python scripts/solo_turns.py expert --seeds 2001148-2001151 --level 0 --workers 2
    python scripts/solo_turns.py expert:widen=8 --seeds 2001148-2001151
    python scripts/solo_turns.py expert --players 2 --seeds 2001431-2001432

One JSON line a game: whether seat 0 won, the CPU of the game and of its longest turn, and for each own
turn of each seat [seat, turn (the table's count), CPU s, lines grown, searches, searches carried on from
the turn before] (every seat is the spec). The lines of a fresh deal count from its root; those of a deal carried on, only
the ones grown this turn.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from lewis_clark import Options
from lewis_clark.match import Match

sys.path.insert(0, str(Path(__file__).parent))
from solo_cpu import parse_seeds  # noqa: E402  (one reading of --seeds for every benchmark)


def game(job: tuple[str, int, int, int]) -> dict[str, object]:
    spec, seed, level, players = job
    # Mackenzie races a solo seat only
    match = Match(Options(players=players, seed=seed, mackenzie=level if players == 1 else 0), [spec] * players,
                  keep_log=False)
    rows: dict[tuple[int, int], list[float]] = {}

    def grown(bot: object) -> int:
        return sum(deal.grown for deal in getattr(bot, "deals", []))

    while not match.over:
        seat = match.state.current
        bot = match.bots[seat]
        turn, lines = match.state.turn, grown(bot)
        searches, carried = getattr(bot, "searches", 0), getattr(bot, "carried", 0)
        start = time.process_time()
        match.step_bot()
        row = rows.setdefault((seat, turn), [0.0, 0, 0, 0])
        row[0] += time.process_time() - start
        made = getattr(bot, "searches", 0) - searches
        if made:
            gone_on = getattr(bot, "carried", 0) - carried
            row[1] += max(0, grown(bot) - lines) if gone_on else grown(bot)
            row[2] += made
            row[3] += gone_on
    turns = [[seat, turn, round(row[0], 2), int(row[1]), int(row[2]), int(row[3])]
             for (seat, turn), row in sorted(rows.items())]
    return {"seed": seed, "won": match.state.winner == 0, "cpu": round(sum(row[0] for row in rows.values()), 1),
            "longest": round(max(row[0] for row in rows.values()), 2), "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="a level or bot spec, e.g. expert or race:nodes=600")
    parser.add_argument("--seeds", default="2001148-2001151", help="FIRST-LAST or a list")
    parser.add_argument("--level", type=int, default=0, help="Mackenzie's level")
    parser.add_argument("--players", type=int, default=1, help="seats, every one the spec")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        for out in pool.imap_unordered(game, [(args.spec, seed, args.level, args.players) for seed in parse_seeds(args.seeds)]):
            print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
