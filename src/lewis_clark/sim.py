"""Tournaments: many games between bots, seats rotated, in parallel worker processes.

Game ``g`` of a run seats the bots rotated by ``g`` places, so that over the run every bot sits in
every seat equally; its seed is derived from the run's seed and ``g``, so results do not depend on
the number of workers. Statistics are per bot name: games (seats played), wins, win rate with a
95% Wilson interval, average turns and Camps, turns per player (a seat's own turns) and the own turn
at which its Camp first reaches each race mark (the foot of the Rockies, the end of the mountains,
Fort Clatsop); per turn-order position, the win rate (first-player advantage); and the average race
progress (Scout and Camp by turn) for plots.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from lewis_clark.match import Match
from lewis_clark.route import RIVER, Route
from lewis_clark.state import Options

Z95 = 1.959963984540054


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run: hashed, so runs and games never share a stream."""
    digest = hashlib.sha256(f"lewis-clark-sim/{run_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def machine() -> str:
    """One line naming the machine a benchmark ran on: platform, CPUs and Python."""
    import os
    import platform

    cpu = platform.processor()
    try:  # Linux names the CPU model only here
        with open("/proc/cpuinfo") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{platform.platform()}, {cpu or 'unknown CPU'}, {os.cpu_count()} CPUs, Python {platform.python_version()}"


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (good at small counts and near 0 or 1)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12))


@dataclass(frozen=True)
class RaceMarks:
    """Route spaces that show a race's pace: the foot of the Rockies (the first space above St Louis
    that is not plain River; 23 on the printed route), the end of the mountains (the last space of
    that first mountain stretch; 31) and Fort Clatsop (44)."""

    rockies: int
    mountains_end: int
    fort: int

    NAMES: ClassVar[tuple[str, ...]] = ("rockies", "mountains_end", "fort")

    def spaces(self) -> tuple[int, int, int]:
        return self.rockies, self.mountains_end, self.fort


def race_marks(route: Route) -> RaceMarks:
    """The race marks of ``route``, read from its terrains (a route without mountains below the Fort
    has all three marks at the Fort)."""
    terrains = route.terrains
    foot = next((i for i in range(route.st_louis, route.fort_clatsop) if terrains[i] != RIVER), route.fort_clatsop)
    end = foot
    while end + 1 < route.fort_clatsop and terrains[end + 1] != RIVER:
        end += 1
    return RaceMarks(foot, end, route.fort_clatsop)


def mark_turns(progress: Sequence[tuple[int, int]], spaces: Sequence[int]) -> list[int | None]:
    """For each space, the own turn (1 = the seat's first turn) after which the seat's Camp first
    stood on it or beyond, or None if it never did; ``progress`` is (scout, camp) after each turn."""
    reached: list[int | None] = []
    for space in spaces:
        reached.append(next((k for k, (_, camp) in enumerate(progress, 1) if camp >= space), None))
    return reached


@dataclass(frozen=True)
class GameSpec:
    """One game of a run: which bot sits where, the seed, the options."""

    index: int
    seats: tuple[str, ...]
    seed: int
    mackenzie: int = 0
    random_start: bool = False
    max_turns: int = 400


@dataclass
class GameOutcome:
    """What one game produced."""

    index: int
    seats: tuple[str, ...]
    seed: int
    winner: int  # seat, or -1 for none (turn cap, or Mackenzie in solo)
    first: int  # seat that played first
    turns: int
    camps: list[int]  # Camps set up, per seat
    progress: list[list[tuple[int, int]]]  # per seat: (scout, camp) after each of its turns
    over: bool = True  # False when the turn cap stopped the game
    record: dict[str, Any] | None = None
    seconds: list[float] = field(default_factory=list)  # per seat: time spent choosing
    decisions: list[int] = field(default_factory=list)  # per seat: decisions taken
    own_turns: list[int] = field(default_factory=list)  # per seat: its own turns taken (the last may be cut short)
    marks: list[list[int | None]] = field(default_factory=list)  # per seat, per RaceMarks space: own turn reached


def play_spec(spec: GameSpec, keep_record: bool = False) -> GameOutcome:
    """Play one game of a run to its end or its turn cap."""
    import time

    options = Options(players=len(spec.seats), seed=spec.seed, mackenzie=spec.mackenzie,
                      random_start=spec.random_start)
    match = Match(options, spec.seats, keep_log=False)
    state = match.state  # bots only and no log: the match applies in place, so this stays the game
    first = state.current
    n = len(spec.seats)
    camps = [0] * n
    progress: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    thinking = [0.0] * n
    decisions = [0] * n
    while not state.over and state.turn <= spec.max_turns:
        seat, turn = state.current, state.turn
        t0 = time.perf_counter()
        action = match.bot_choice()
        thinking[seat] += time.perf_counter() - t0
        decisions[seat] += 1
        match.apply(action, seat)
        state = match.state
        if action.verb == "camp":
            camps[seat] += 1
        if state.turn != turn or state.over:
            p = state.players[seat]
            progress[seat].append((p.scout, p.camp))
    record = match.record.to_json() if keep_record else None
    spaces = race_marks(options.route).spaces()
    winner = state.outcome.winner
    return GameOutcome(spec.index, spec.seats, spec.seed, -1 if winner is None else winner, first,
                       state.turn, camps, progress, state.over, record, thinking, decisions,
                       [len(p) for p in progress], [mark_turns(p, spaces) for p in progress])


def _play(spec_and_keep: tuple[GameSpec, bool]) -> GameOutcome:
    return play_spec(*spec_and_keep)


@dataclass
class BotStats:
    """Totals for one bot name across a run."""

    name: str
    games: int = 0
    wins: int = 0
    turns: int = 0
    camps: int = 0
    decisions: int = 0
    seconds: float = 0.0
    progress: list[list[tuple[int, int]]] = field(default_factory=list)
    own_turns: int = 0
    spaces: tuple[int, ...] = ()  # the race marks' spaces, in RaceMarks order
    mark_turns: list[list[int]] = field(default_factory=list)  # per mark: the own turn of each seat that reached it

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def marks_json(self) -> dict[str, dict[str, Any]]:
        """Per race mark: its space, how many seats' Camps reached it and their average own turn then."""
        out: dict[str, dict[str, Any]] = {}
        for name, space, turns in zip(RaceMarks.NAMES, self.spaces, self.mark_turns, strict=False):
            out[name] = {"space": space, "reached": len(turns), "avg_turn": sum(turns) / len(turns) if turns else None}
        return out

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"games": self.games, "wins": self.wins, "win_rate": self.win_rate, "ci_low": low, "ci_high": high,
                "avg_turns": self.turns / self.games if self.games else 0.0,
                "avg_camps": self.camps / self.games if self.games else 0.0,
                "ms_per_decision": 1000 * self.seconds / self.decisions if self.decisions else 0.0,
                "turns_per_player": self.own_turns / self.games if self.games else 0.0,
                "marks": self.marks_json()}


@dataclass
class SimResult:
    """A whole run: outcomes in game order and the statistics derived from them."""

    bots: tuple[str, ...]
    outcomes: list[GameOutcome]

    def per_bot(self) -> dict[str, BotStats]:
        stats: dict[str, BotStats] = {}
        spaces = race_marks(Route()).spaces()  # GameSpec has no route: games are on the printed one
        for o in self.outcomes:
            for seat, name in enumerate(o.seats):
                s = stats.setdefault(name, BotStats(name, spaces=spaces, mark_turns=[[] for _ in spaces]))
                s.games += 1
                s.wins += o.winner == seat
                s.turns += o.turns
                s.camps += o.camps[seat]
                s.progress.append(o.progress[seat])
                s.decisions += o.decisions[seat]
                s.seconds += o.seconds[seat]
                s.own_turns += o.own_turns[seat] if o.own_turns else len(o.progress[seat])
                reached = o.marks[seat] if o.marks else mark_turns(o.progress[seat], spaces)
                for turns, turn in zip(s.mark_turns, reached, strict=True):
                    if turn is not None:
                        turns.append(turn)
        return stats

    def per_position(self) -> list[dict[str, Any]]:
        """Win rate by turn-order position (0 = first player): the first-player advantage."""
        if not self.outcomes:
            return []
        n = len(self.outcomes[0].seats)
        rows = []
        for pos in range(n):
            wins = sum(1 for o in self.outcomes if o.winner >= 0 and (o.winner - o.first) % n == pos)
            games = len(self.outcomes)
            low, high = wilson(wins, games)
            rows.append({"position": pos + 1, "games": games, "wins": wins, "win_rate": wins / games,
                         "ci_low": low, "ci_high": high})
        return rows

    @property
    def unfinished(self) -> int:
        return sum(1 for o in self.outcomes if not o.over)

    def to_json(self) -> dict[str, Any]:
        return {"bots": {name: s.to_json() for name, s in self.per_bot().items()},
                "positions": self.per_position(), "games": len(self.outcomes), "unfinished": self.unfinished}


def specs(bots: Sequence[str], games: int, seed: int, mackenzie: int = 0, random_start: bool = False,
          max_turns: int = 400) -> list[GameSpec]:
    """The games of a run, seats rotated by game index."""
    n = len(bots)
    return [GameSpec(g, tuple(bots[(g + k) % n] for k in range(n)), game_seed(seed, g), mackenzie, random_start,
                     max_turns) for g in range(games)]


def seeded(bots: Sequence[str], seeds: Sequence[int], mackenzie: int = 0, max_turns: int = 400) -> list[GameSpec]:
    """One game on each of ``seeds`` (game seeds as given, e.g. ``bots.HELD_OUT_SEEDS``), seats rotated
    by game index as in ``specs``."""
    n = len(bots)
    return [GameSpec(g, tuple(bots[(g + k) % n] for k in range(n)), seed, mackenzie, False, max_turns)
            for g, seed in enumerate(seeds)]


def run(game_specs: Sequence[GameSpec], workers: int = 1, keep_records: bool = False,
        progress: Callable[[int], None] | None = None) -> list[GameOutcome]:
    """Play the games, in ``workers`` processes (at most one per game and per core: more would only
    wait); outcomes come back in game order."""
    jobs = [(s, keep_records) for s in game_specs]
    workers = workers_for(workers, len(jobs))
    outcomes: list[GameOutcome] = []
    results: Iterator[GameOutcome]
    if workers <= 1:
        results = map(_play, jobs)
        for o in results:
            outcomes.append(o)
            if progress:
                progress(1)
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_worker_start) as pool:
            for o in pool.imap_unordered(_play, jobs):
                outcomes.append(o)
                if progress:
                    progress(1)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def workers_for(asked: int, games: int) -> int:
    """The worker processes ``run`` starts for ``games`` games when ``asked`` for: at most one per game
    and per core (more would only wait)."""
    return max(1, min(asked, games, os.cpu_count() or 1))


def _worker_start() -> None:
    """A worker leaves Ctrl+C to the parent, which stops the pool: one clean stop, no worker's traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_batches(batches: Sequence[Sequence[GameSpec]], workers: int = 1) -> list[list[GameOutcome]]:
    """Play several runs (e.g. one per pair of bots, or per benchmark row) in one pool, so the workers
    stay busy across them, counting games on the terminal; outcomes come back per batch, in order."""
    import sys

    specs: list[GameSpec] = []
    owner: list[int] = []
    for k, batch in enumerate(batches):
        for spec in batch:
            specs.append(replace(spec, index=len(specs)))
            owner.append(k)
    done = 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if sys.stderr.isatty():
            print(f"\r{done}/{len(specs)} games", end="", file=sys.stderr, flush=True)

    outcomes = run(specs, workers, progress=advance)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    out: list[list[GameOutcome]] = [[] for _ in batches]
    for o in outcomes:
        out[owner[o.index]].append(o)
    return out


def save_records(outcomes: Sequence[GameOutcome], directory: str | Path) -> None:
    """Write each game's record as ``game-<index>.json``."""
    import json

    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for o in outcomes:
        if o.record is not None:
            (path / f"game-{o.index:05d}.json").write_text(json.dumps(o.record, indent=1) + "\n")


def plot(result: SimResult, path: str | Path) -> None:
    """Win rates with their 95% intervals, and the average race progress by turn, per bot."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("plotting needs matplotlib: pip install 'lewis-clark[sim]'") from exc
    stats = result.per_bot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = list(stats)
    rates = [stats[n].win_rate for n in names]
    lows = [rates[i] - wilson(stats[n].wins, stats[n].games)[0] for i, n in enumerate(names)]
    highs = [wilson(stats[n].wins, stats[n].games)[1] - rates[i] for i, n in enumerate(names)]
    ax1.bar(names, rates, yerr=[lows, highs], capsize=6, color="#4c78a8")
    ax1.set_ylim(0, 1)
    ax1.set_ylabel("win rate (95% interval)")
    ax1.set_title(f"{len(result.outcomes)} games")
    for name in names:
        runs = stats[name].progress
        longest = max((len(r) for r in runs), default=0)
        scouts, camps = [], []
        for t in range(longest):
            at = [r[min(t, len(r) - 1)] for r in runs if r]
            scouts.append(sum(a[0] for a in at) / len(at))
            camps.append(sum(a[1] for a in at) / len(at))
        line = ax2.plot(range(1, longest + 1), camps, label=f"{name} camp")[0]
        ax2.plot(range(1, longest + 1), scouts, linestyle="--", color=line.get_color(), label=f"{name} scout")
    ax2.set_xlabel("own turn")
    ax2.set_ylabel("route space")
    ax2.set_title("average race progress")
    ax2.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
