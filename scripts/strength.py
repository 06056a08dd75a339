"""Benchmark: the bots' strength against the levels' strength targets (prints a table, never a test).

    python scripts/strength.py --workers 2                    # the whole table: hours on 2 cores
    python scripts/strength.py --only expert-solo-0 --games 20 --workers 2
    python scripts/strength.py --levels expert=race:nodes=600 --only expert-solo-0 --games 10

Rows: `medium`, `hard` and `expert` solo against Mackenzie at levels 0 and 7 (win rate); turns per
player in `medium` vs `medium` and `expert` vs `expert` at 2 players; `expert`'s win rate against
`medium` at 2 players and against three `medium` at 4. The levels are bots.LEVELS unless --levels
says which spec stands for each. Solo rows play the fixed game seeds 1-100 (level 0) and 1-50
(level 7), one game a seed, as the targets' own table did; the other rows 100 games whose seeds derive
from --seed as in `lewis-clark sim`, seats rotated. ``--games N`` plays at most N games a row (the
first N seeds). A game still running at --max-turns (all players' turns) is no win. Each row gives
the games, the measure with a 95% interval (Wilson for a win rate, the normal interval of the mean
for turns per player), the target, the issue's fair race planner on the same seeds where it was
measured, the own turn at which the measured bot's Camp first reached 23 / 31 / the Fort
(averaged over the games that reached it), unfinished games and the measured bot's milliseconds
per decision.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from lewis_clark import sim
from lewis_clark.bots import LEVELS, parse_spec


@dataclass(frozen=True)
class Row:
    """One line of the target table: who plays, what is measured, the issue's target."""

    name: str
    seats: tuple[str, ...]  # level names; the first is the bot measured
    measure: str  # "win rate" or "turns per player"
    target: str
    mackenzie: int = 0
    games: int = 100  # solo: the fixed seeds 1..games
    fair: str = "-"  # the fair race planner (the targets' reference) on the row's first seeds, where measured

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1


FAIR_0 = "55% (11/20, seeds 1-20), 0.45 s/decision"
FAIR_7 = "60% (6/10, seeds 1-10)"
ROWS: tuple[Row, ...] = (
    Row("medium-solo-0", ("medium",), "win rate", ">= 20%", 0, 100, FAIR_0),
    Row("hard-solo-0", ("hard",), "win rate", ">= 60%", 0, 100, FAIR_0),
    Row("hard-solo-7", ("hard",), "win rate", ">= 30%", 7, 50, FAIR_7),
    Row("expert-solo-0", ("expert",), "win rate", ">= 90%", 0, 100, FAIR_0),
    Row("expert-solo-7", ("expert",), "win rate", ">= 60%", 7, 50, FAIR_7),
    Row("medium-2p-turns", ("medium", "medium"), "turns per player", "<= 40"),
    Row("expert-2p-turns", ("expert", "expert"), "turns per player", "<= 32"),
    Row("expert-vs-medium-2p", ("expert", "medium"), "win rate", ">= 90%"),
    Row("expert-vs-3medium-4p", ("expert", "medium", "medium", "medium"), "win rate", ">= 70%"),
)


def parse_levels(text: str) -> dict[str, str]:
    """``"medium=heuristic,expert=mcts:seconds=1"`` -> the spec for each level (bots.LEVELS otherwise)."""
    levels = {name: name for name in ("medium", "hard", "expert")}
    for item in filter(None, (part.strip() for part in text.split(","))):
        level, sep, spec = item.partition("=")
        if not sep or level not in levels:
            raise ValueError(f"--levels: expected medium=SPEC, hard=SPEC or expert=SPEC, got {item!r}")
        parse_spec(spec)  # raises ValueError for an unknown bot
        levels[level] = spec
    return levels


def turns_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = sim.Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def report(row: Row, seats: tuple[str, ...], outcomes: list[sim.GameOutcome]) -> str:
    """One markdown line of the table for ``row`` played as ``seats`` (specs)."""
    stats = sim.SimResult(seats, outcomes).per_bot()[seats[0]].to_json()
    games = len(outcomes)
    if row.measure == "win rate":
        wins = sum(1 for o in outcomes if o.winner >= 0 and o.seats[o.winner] == seats[0])
        low, high = sim.wilson(wins, games)
        value, interval = f"{wins / games:.0%} ({wins}/{games})", f"{low:.0%}-{high:.0%}"
    else:
        mean, low, high = turns_interval([sum(o.own_turns) / len(o.seats) for o in outcomes])
        value, interval = f"{mean:.1f}", f"{low:.1f}-{high:.1f}"
    marks = " / ".join("-" if m["avg_turn"] is None else f"{m['avg_turn']:.0f} ({m['reached']})"
                       for m in stats["marks"].values())
    unfinished = sum(1 for o in outcomes if not o.over)
    others = Counter(seats[1:])
    who = " vs ".join([f"`{seats[0]}`"] + [f"{n} `{s}`" if n > 1 else f"`{s}`" for s, n in others.items()])
    if row.solo:
        who += f", Mackenzie level {row.mackenzie}"
    return (f"| {row.name} | {who} | {games} | {row.measure} | {value} | {interval} | {row.target} | {row.fair} | "
            f"{marks} | {unfinished} | {stats['ms_per_decision']:.2f} |")


def row_games(row: Row, seats: tuple[str, ...], games: int | None, seed: int, max_turns: int) -> list[sim.GameSpec]:
    """The games of a row: solo, the fixed seeds 1..n; else n games with seeds derived from ``seed``."""
    n = min(row.games, games) if games else row.games
    if row.solo:
        return [sim.GameSpec(g, seats, g + 1, row.mackenzie, False, max_turns) for g in range(n)]
    return sim.specs(list(seats), n, seed, mackenzie=row.mackenzie, max_turns=max_turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="at most this many games a row (default: the row's 100 or 50)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: the CPUs)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--only", nargs="+", metavar="ROW", choices=[r.name for r in ROWS], help="rows to run")
    parser.add_argument("--levels", default="", help="which spec stands for a level, e.g. expert=mcts:seconds=1")
    parser.add_argument("--max-turns", type=int, default=1000, help="turn cap, all players' turns (default 1000)")
    args = parser.parse_args()
    try:
        levels = parse_levels(args.levels)
    except ValueError as exc:
        parser.error(str(exc))
    rows = [r for r in ROWS if not args.only or r.name in args.only]
    # a row's seats as specs; a level that names another level (the default) is resolved by make_bot
    played: list[tuple[Row, tuple[str, ...]]] = []
    for row in rows:
        seats = tuple(levels[s] for s in row.seats)
        if len(set(seats)) != len(set(row.seats)):
            parser.error(f"{row.name}: {' and '.join(sorted(set(row.seats)))} are the same bot; give them different specs")
        played.append((row, seats))

    batches = [row_games(row, seats, args.games, args.seed, args.max_turns) for row, seats in played]
    results = sim.run_batches(batches, args.workers)

    print(f"machine: {sim.machine()}")
    print(f"command: python {' '.join(sys.argv)}")
    print("levels: " + ", ".join(f"{name} = `{LEVELS.get(spec, spec)}`" for name, spec in levels.items()))
    print()
    print("| row | bots | games | measure | value | 95% interval | target | fair race planner (the targets' reference) "
          "| Camp at 23 / 31 / Fort: own turn (games) | unfinished | ms/decision |")
    print("|---|---|---:|---|---:|---|---|---|---|---:|---:|")
    for k, (row, seats) in enumerate(played):
        print(report(row, seats, results[k]))


if __name__ == "__main__":
    main()
