"""Benchmark: the levels' strength on the held-out seeds (prints, never a test).

    python scripts/held_out.py --bots easy,medium --levels 0,7 --pairs easy/medium --workers 2
    python scripts/held_out.py --bots expert --games 20 --tuning      # the tuning set beside

The held-out set is ``lewis_clark.bots.HELD_OUT_SEEDS`` (game seeds 1,000,001-1,000,200): no option,
weight or model is ever chosen on it (docs/bots.md). ``--games N`` plays its first N seeds (after the
first K with ``--skip K``, to add games to a row measured before); each game is also printed on
stderr as a JSON line when it ends. Rows:
each bot solo at each Mackenzie level of ``--levels``; each pair of ``--pairs`` at a 2-player table
(seats alternating game by game), the row's bot against the other. Per row: wins with a 95% Wilson
interval, the seat's own turns per game (mean), process CPU per decision (mean), the longest
single turn, and the futile choices (``plans.wasted`` while another legal action was not) out of the
decisions that offered one. ``--tuning`` plays the same rows on ``TUNING_SEEDS`` (1-100) and prints them beside,
marked "tuning set": those are the seeds the levels were tuned on, so only the held-out rows measure.
Run it on the compiled build (``setup.py build_ext --inplace``); ``--pure`` allows the pure one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from typing import NamedTuple

from lewis_clark import Options, builds, sim
from lewis_clark.bots import HELD_OUT_SEEDS, LEVELS, TUNING_SEEDS, FutileTally, parse_spec
from lewis_clark.match import Match
from lewis_clark.rules import legal_actions

MAX_TURNS = 400  # turns of all seats: a game still running is counted lost for every seat


class Job(NamedTuple):
    """One game: the bots in seat order, its seed, Mackenzie's level (solo)."""

    seats: tuple[str, ...]
    seed: int
    level: int


class Seat(NamedTuple):
    """What one seat did in one game."""

    won: bool
    turns: int
    cpu: float
    decisions: int
    longest: float
    futile: int  # futile choices while another legal action was not futile
    offered: int  # decisions at which a futile action was legal beside a sensible one
    longest_at: int  # the seat's own turn (from 1) that took longest: where to look when it is over a bound


def play(job: Job) -> list[Seat]:
    """Play ``job`` to its end (or MAX_TURNS), timing each seat's decisions in process CPU."""
    match = Match(Options(players=len(job.seats), seed=job.seed, mackenzie=job.level), list(job.seats),
                  keep_log=False)
    n = len(job.seats)
    cpu, decisions, longest, turns, longest_at = [0.0] * n, [0] * n, [0.0] * n, [0] * n, [0] * n
    tallies = [FutileTally() for _ in range(n)]
    this_turn = 0.0
    while not match.over and match.state.turn <= MAX_TURNS:
        seat, turn = match.state.current, match.state.turn
        start = time.process_time()
        bot_turn = match.bot_turn()  # Match.bot_choice, with the view it gives the bot kept for the tally
        action = match.checked(bot_turn, bot_turn.bot.choose(bot_turn.seen, list(bot_turn.legal)))
        spent = time.process_time() - start
        tallies[seat].note(bot_turn.seen, legal_actions(match.state), action)
        match.apply(action, seat)
        cpu[seat] += spent
        decisions[seat] += 1
        this_turn += spent
        if match.state.turn != turn or match.over:
            turns[seat] += 1
            if this_turn > longest[seat]:
                longest[seat], longest_at[seat] = this_turn, turns[seat]
            this_turn = 0.0
    s = match.state
    return [Seat(s.over and s.winner == k, turns[k], cpu[k], decisions[k], longest[k], tallies[k].chosen,
                 tallies[k].offered, longest_at[k]) for k in range(n)]


class Row(NamedTuple):
    """One line of the table: a bot at a table, over some seeds."""

    label: str
    seeds: str
    jobs: list[tuple[Job, int]]  # each game with the seat the row's bot sits in


def rows(bots: list[str], levels: list[int], pairs: list[tuple[str, str]], seeds: list[int], name: str) -> list[Row]:
    out: list[Row] = []
    for bot in bots:
        for level in levels:
            out.append(Row(f"`{bot}` solo, Mackenzie level {level}", name,
                           [(Job((bot,), seed, level), 0) for seed in seeds]))
    for a, b in pairs:
        jobs = [(Job((a, b) if g % 2 == 0 else (b, a), seed, 0), g % 2) for g, seed in enumerate(seeds)]
        out.append(Row(f"`{a}` vs `{b}`, 2 players", name, jobs))
    return out


def line(row: Row, results: list[list[Seat]]) -> str:
    mine = [seats[k] for (_, k), seats in zip(row.jobs, results, strict=True)]
    games = len(mine)
    wins = sum(1 for m in mine if m.won)
    low, high = sim.wilson(wins, games)
    turns = sum(m.turns for m in mine) / max(1, games)
    decisions = sum(m.decisions for m in mine)
    ms = 1000 * sum(m.cpu for m in mine) / max(1, decisions)
    longest = max((m.longest for m in mine), default=0.0)
    futile, offered = sum(m.futile for m in mine), sum(m.offered for m in mine)
    return (f"| {row.label} | {row.seeds} | {games} | {wins} | {wins / max(1, games):.0%} ({low:.0%}-{high:.0%}) | "
            f"{turns:.1f} | {ms:.2f} | {longest:.2f} | {futile} of {offered} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="easy,medium", help="bot specs or levels played solo (default easy,medium)")
    parser.add_argument("--levels", default="0,7", help="Mackenzie levels of the solo rows (default 0,7)")
    parser.add_argument("--pairs", default="", help="2-player pairs, e.g. easy/medium,medium/hard (default none)")
    parser.add_argument("--games", type=int, default=len(HELD_OUT_SEEDS),
                        help=f"games a row: the first N held-out seeds (default all {len(HELD_OUT_SEEDS)})")
    parser.add_argument("--skip", type=int, default=0,
                        help="leave out the first K held-out seeds (a row's games are seeds K+1 to K+N; default 0)")
    parser.add_argument("--tuning", action="store_true", help="the same rows on the tuning seeds, printed beside")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--pure", action="store_true", help="run on the pure build (slow: figures not comparable)")
    args = parser.parse_args()
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    pairs: list[tuple[str, str]] = []
    for text in (p.strip().lower() for p in args.pairs.split(",") if p.strip()):
        a, sep, b = text.partition("/")
        if not sep or not a or not b:
            parser.error(f"--pairs: {text!r} is not two bots joined by '/' (easy/medium)")
        pairs.append((a, b))
    for spec in bots + [b for pair in pairs for b in pair]:
        try:
            parse_spec(spec)
        except ValueError as exc:
            parser.error(f"--bots/--pairs: {exc}")
    try:
        levels = [int(x) for x in args.levels.split(",") if x.strip()]
    except ValueError:
        parser.error(f"--levels: whole numbers 0-7 joined by ',', got {args.levels!r}")
    if not 0 <= args.skip < len(HELD_OUT_SEEDS):
        parser.error(f"--skip: 0 to {len(HELD_OUT_SEEDS) - 1}, got {args.skip}")
    if not 1 <= args.games <= len(HELD_OUT_SEEDS) - args.skip:
        parser.error(f"--games: 1 to {len(HELD_OUT_SEEDS) - args.skip} after --skip {args.skip}, got {args.games}")
    if builds.build() != builds.COMPILED and not args.pure:
        parser.error("the compiled build is not in use (setup.py build_ext --inplace); --pure to run anyway")

    chosen = slice(args.skip, args.skip + args.games)
    table = rows(bots, levels, pairs, list(HELD_OUT_SEEDS)[chosen], "held-out")
    if args.tuning:
        table += rows(bots, levels, pairs, list(TUNING_SEEDS)[chosen], "tuning set")
    print(f"machine: {sim.machine()}")
    print(f"command: python {' '.join(sys.argv)}")
    print(f"build: {builds.build_text()}")
    first = HELD_OUT_SEEDS[args.skip]
    print(f"held-out seeds {HELD_OUT_SEEDS.start}-{HELD_OUT_SEEDS.stop - 1} (these rows: {first}-{first + args.games - 1}); "
          f"levels: {', '.join(f'{k} = `{v}`' for k, v in LEVELS.items())}")
    print()
    print("| row | seeds | games | wins | win rate (95% Wilson) | own turns a game | CPU ms/decision | longest turn (s) "
          "| futile choices |")
    print("|---|---|---:|---:|---|---:|---:|---:|---:|")
    jobs = [job for row in table for job, _ in row.jobs]
    with Pool(max(1, args.workers)) as pool:
        done = pool.imap(play, jobs)  # in order: a row prints as soon as its last game is in
        for row in table:
            results = []
            for job, k in row.jobs:  # each game on stderr as it comes in: a stopped run keeps them
                seats = next(done)
                results.append(seats)
                print(json.dumps({"row": row.label, "seed": job.seed, **seats[k]._asdict()}), file=sys.stderr, flush=True)
            print(line(row, results), flush=True)


if __name__ == "__main__":
    main()
