"""The command line: ``lewis-clark selfplay``, ``replay``, ``bench`` and ``sim``.

    lewis-clark selfplay --players random,random,random --seed 7 --record game.json
    lewis-clark replay game.json
    lewis-clark bench --json
    lewis-clark sim --players mcts,heuristic --games 200 --seed 1 --workers 2

A summary always ends with the lines ``winner: <colour or none>`` and ``hash: <state hash>``, so a
replay can be checked against the game it records by comparing the last line. Bad input (an unknown
bot, a corrupt record, an option out of range) gives a one-line ``error:`` message on stderr and exit
status 2 (1 when a file cannot be written), checked before any long work starts (cli_checks.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.table import Table

from lewis_clark.bench import BENCH_MAX_TURNS, DEFAULT_SECONDS, run_bench
from lewis_clark.bots import parse_spec
from lewis_clark.builds import build_text
from lewis_clark.cli_checks import SEED, USAGE_ERROR, FiniteFloat, OneLineGroup, fail, writable_dir, writable_file
from lewis_clark.match import Match
from lewis_clark.record import load_record
from lewis_clark.route import Route
from lewis_clark.selfplay import DEFAULT_MAX_TURNS
from lewis_clark.sim import RaceMarks
from lewis_clark.state import MOST_LEVEL, MOST_PLAYERS, Options, State
from lewis_clark.wording import outcome, resources_words, unfinished

__all__ = ["USAGE_ERROR", "cli", "fail", "main"]


def result_line(state: State, max_turns: int | None) -> str:
    """How the game ended, in words (the ``winner:`` line says who)."""
    return "result: " + (outcome(state) if state.outcome.over else unfinished(state, max_turns))


def winner_text(state: State) -> str:
    """The winning seat's colour; "none" while the game goes on or when Mackenzie won (R24)."""
    winner = state.outcome.winner
    return "none" if winner is None else state.players[winner].colour


def print_summary(state: State, bots: Sequence[str] | None, decisions: int, max_turns: int | None = None) -> None:
    """The per-player table, then the result, winner and hash lines (always last)."""
    console = Console(highlight=False)
    if not console.is_terminal:  # files and pipes: wide enough that no cell wraps
        console.width = 120
    n = len(state.players)
    title = f"{n} player{'s' if n != 1 else ''}, seed {state.options.seed}"
    table = Table(title=title, box=box.SIMPLE_HEAD)
    for name, justify in (("seat", "right"), ("colour", "left"), ("bot", "left"), ("scout", "right"),
                          ("camp", "right"), ("hand", "right"), ("played", "right"), ("indians", "right"),
                          ("resources", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for seat, p in enumerate(state.players):
        table.add_row(str(seat), p.colour, bots[seat] if bots else "-", str(p.scout), str(p.camp), str(len(p.hand)),
                      str(len(p.face_up) + len(p.face_down)), str(p.indians + p.on_cards), resources_words(state, seat))
    console.print(table)
    click.echo(f"turns: {state.turn}, decisions: {decisions}, Fort Clatsop: space {state.options.route.fort_clatsop}"
               + (f", Mackenzie: space {state.mackenzie}" if state.mackenzie >= 0 else ""))
    click.echo(result_line(state, max_turns))
    click.echo(f"winner: {winner_text(state)}")
    click.echo(f"hash: {state.hash()}")


def print_log(match: Match) -> None:
    """The match's log: each action numbered, what followed from it on the lines under it."""
    width = len(str(len(match.steps)))
    for step in match.steps:
        for k, line in enumerate(step.lines):
            click.echo(f"{step.index + 1:>{width}}. {line}" if k == 0 else f"{'':>{width}}  {line}")


@click.group(cls=OneLineGroup)
@click.version_option(package_name="lewis-clark", message=f"%(prog)s, version %(version)s, {build_text()} build")
def cli() -> None:
    """Lewis & Clark: The Expedition - rules engine, bots and tools."""


@cli.command()
@click.option("--players", "players_text", default="random,random", show_default=True,
              help="Comma-separated bot names, one per seat (one name = a solo game).")
@click.option("--seed", default=0, show_default=True, type=SEED, help="Game seed (the bots' seeds derive from it).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), help="Write the game record (JSON) here.")
@click.option("--max-turns", default=DEFAULT_MAX_TURNS, show_default=True, type=click.IntRange(min=1),
              help="Stop a game still running after this many turns (no winner).")
@click.option("--mackenzie", default=None, type=click.IntRange(0, MOST_LEVEL),
              help="Solo level: Mackenzie's head start (R24).  [default: 0]")
@click.option("--random-start", is_flag=True, help="Random starting resources (R25 variant).")
@click.option("--log", "show_log", is_flag=True, help="Print one line per decision.")
def selfplay(players_text: str, seed: int, record_path: str | None, max_turns: int, mackenzie: int | None,
             random_start: bool, show_log: bool) -> None:
    """Play a whole game between bots and print a summary."""
    names = [name.strip().lower() for name in players_text.split(",")]
    for name in names:
        try:
            parse_spec(name)
        except ValueError as exc:
            fail(f"--players: {exc}")
    if mackenzie is not None and len(names) != 1:
        fail(f"--mackenzie is for solo games (one bot in --players), got {len(names)} bots")
    try:
        options = Options(players=len(names), seed=seed, mackenzie=mackenzie or 0, random_start=random_start)
    except ValueError as exc:
        fail(str(exc))
    if record_path:
        writable_file(record_path, "--record")
    match = Match(options, names, keep_log=show_log).play_out(max_turns)
    state, record = match.state, match.record
    if record_path:
        try:
            record.save(record_path)
        except OSError as exc:
            fail(f"--record {record_path}: cannot write the record: {exc.strerror}", 1)
    if show_log:
        print_log(match)
    print_summary(state, names, len(record.actions), max_turns)


@cli.command()
@click.argument("record_path", metavar="RECORD")
@click.option("--upto", type=click.IntRange(min=0), help="Stop after this many actions (no final hash check).")
@click.option("--log", "show_log", is_flag=True, help="Print one line per decision.")
def replay(record_path: str, upto: int | None, show_log: bool) -> None:
    """Replay a game record, check it, and print the same summary as selfplay."""
    try:
        record = load_record(record_path)
        if upto is not None and upto > len(record.actions):
            fail(f"--upto {upto}: the record has {len(record.actions)} actions")
        if upto is not None:  # an earlier point: no final hash to check
            record = replace(record, actions=record.actions[:upto], final_hash="")
        # A replay never asks the bots anything, so their names are only labels: a record made by a
        # bot this version does not know (e.g. the strong-solo planner) still replays.
        match = Match.from_record(record, seats=["human"] * record.options.players)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        # CorruptState is the usual case; the others mean options the engine could not even read.
        fail(str(exc) if isinstance(exc, ValueError) else f"record {record_path} is corrupt: {type(exc).__name__}: {exc}")
    if show_log:
        print_log(match)
    print_summary(match.state, record.bots or None, len(match.actions))


@cli.command()
@click.option("--seconds", default=DEFAULT_SECONDS, show_default=True, type=FiniteFloat(min=0, min_open=True),
              help="Total time budget.")
@click.option("--players", "players_text", default="2,4", show_default=True, help="Player counts to measure.")
@click.option("--seed", default=0, show_default=True, type=SEED, help="First game seed.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bench(seconds: float, players_text: str, seed: int, as_json: bool) -> None:
    """Measure the engine's speed under random play (one core)."""
    try:
        counts = [int(x) for x in players_text.split(",")]
        if any(not 1 <= n <= MOST_PLAYERS for n in counts):
            raise ValueError
    except ValueError:
        fail(f"--players must be player counts 1-{MOST_PLAYERS} separated by commas, got {players_text!r}")
    result = run_bench(seconds, counts, seed)
    if as_json:
        click.echo(json.dumps(result, sort_keys=True))
        return
    table = Table(title=f"lewis-clark bench ({result['python']}, {result['build']} build, {seconds:g} s)", box=box.SIMPLE_HEAD)
    for name in ("players", "decisions/s", "legal_actions µs", "apply µs", "copy µs", "JSON round trip µs",
                 "games ended", "abandoned"):
        table.add_column(name, justify="right")
    for key, f in result["by_players"].items():
        table.add_row(key, f"{f['decisions_per_s']:,.0f}", f"{f['legal_actions_us']:.1f}", f"{f['apply_us']:.1f}",
                      f"{f['copy_us']:.1f}", f"{f['json_roundtrip_us']:.1f}", str(f["games_finished"]),
                      str(f["games_abandoned"]))
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 120
    console.print(table)
    click.echo(f"a decision = legal_actions + uniform choice + apply_in_place; a game running past "
               f"{BENCH_MAX_TURNS} turns is abandoned and the next seed started")


@cli.command()
@click.option("--players", "players_text", default="heuristic,random", show_default=True,
              help="Comma-separated bot specs, one per seat (e.g. mcts:seconds=0.5,heuristic); seats rotate.")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1), help="Games to play.")
@click.option("--seed", default=0, show_default=True, type=SEED, help="Run seed (each game's seed derives from it).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes.")
@click.option("--max-turns", default=400, show_default=True, type=click.IntRange(min=1),
              help="A game still running after this many turns counts as unfinished (no winner).")
@click.option("--mackenzie", "levels_text", default="0", show_default=True,
              help="Solo only: Mackenzie level(s), e.g. 0,3,5,7 for a table by level.")
@click.option("--random-start", is_flag=True, help="Random starting resources (R25 variant).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
@click.option("--records", "records_dir", type=click.Path(file_okay=False), help="Keep every game's record here.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), help="Draw win rates and race progress (PNG).")
@click.option("--backend", type=click.Choice(["process", "ray"]), default="process", show_default=True,
              help="Where games run: local worker processes, or Ray tasks (needs the rl extra).")
@click.option("--address", help="Ray only: the cluster to join (e.g. ray://head:10001); default a local Ray.")
@click.option("--batch-size", type=click.IntRange(min=1), help="Ray only: games per task (default: about 4 tasks per worker).")
def sim(players_text: str, games: int, seed: int, workers: int, max_turns: int, levels_text: str,
        random_start: bool, as_json: bool, records_dir: str | None, plot_path: str | None, backend: str,
        address: str | None, batch_size: int | None) -> None:
    """Play many games between bots (seats rotated, in parallel) and print statistics."""
    from lewis_clark import sim as simulation

    bots = [name.strip().lower() for name in players_text.split(",") if name.strip()]
    for name in bots:
        try:
            parse_spec(name)
        except ValueError as exc:
            fail(f"--players: {exc}")
    if not 1 <= len(bots) <= MOST_PLAYERS:
        fail(f"--players: 1-{MOST_PLAYERS} seats, got {len(bots)}")
    try:
        levels = [int(x) for x in levels_text.split(",")]
        if any(not 0 <= lv <= MOST_LEVEL for lv in levels):
            raise ValueError
    except ValueError:
        fail(f"--mackenzie: levels 0-{MOST_LEVEL} separated by commas, got {levels_text!r}")
    if len(bots) > 1 and levels != [0]:
        fail("--mackenzie is for solo runs (one bot in --players)")
    if backend != "ray" and (address or batch_size):
        fail("--address and --batch-size are for --backend ray")
    # Found now, not after every game is played.
    if records_dir:
        writable_dir(records_dir, "--records")
    if plot_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail("--plot needs matplotlib: pip install 'lewis-clark[sim]'")
        from matplotlib.backend_bases import FigureCanvasBase

        kinds = FigureCanvasBase.get_supported_filetypes()
        suffix = Path(plot_path).suffix.lstrip(".").lower()
        if suffix and suffix not in kinds:
            fail(f"--plot {plot_path}: no picture format .{suffix} (one of {', '.join('.' + k for k in sorted(kinds))})")
        writable_file(plot_path, "--plot")
    err = Console(stderr=True, highlight=False)
    results: dict[int, simulation.SimResult] = {}
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        for level in levels:
            task = bar.add_task(f"level {level}" if len(bots) == 1 else "games", total=games)
            specs = simulation.specs(bots, games, seed, mackenzie=level, random_start=random_start, max_turns=max_turns)
            def advance(k: int, t: TaskID = task) -> None:
                bar.advance(t, k)

            if backend == "ray":
                from lewis_clark.rl import ray_backend

                try:
                    outcomes = ray_backend.run(specs, workers, address=address, batch_size=batch_size,
                                               keep_records=bool(records_dir), progress=advance)
                except ImportError as exc:
                    fail(f"--backend ray needs Ray: pip install 'lewis-clark[rl]' ({exc})")
                except (ConnectionError, ValueError) as exc:  # ValueError: a ray:// address without ray[client]
                    fail(f"--address {address}: {str(exc).splitlines()[0]}")
            else:
                outcomes = simulation.run(specs, workers, keep_records=bool(records_dir), progress=advance)
            results[level] = simulation.SimResult(tuple(bots), outcomes)
            if records_dir:
                try:
                    simulation.save_records(outcomes, records_dir if len(levels) == 1 else f"{records_dir}/level-{level}")
                except OSError as exc:
                    fail(f"--records {records_dir}: cannot write the records: {exc.strerror}", 1)
    first = results[levels[0]]
    if plot_path:
        try:
            simulation.plot(first, plot_path)
        except RuntimeError as exc:
            fail(str(exc))
        except OSError as exc:
            fail(f"--plot {plot_path}: cannot write the plot: {exc.strerror}", 1)
    if as_json:
        data = first.to_json() if len(levels) == 1 else {"levels": {str(lv): r.to_json() for lv, r in results.items()}}
        click.echo(json.dumps(data, sort_keys=True))
        return
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 120
    if len(bots) == 1 and len(levels) > 1:
        table = Table(title=f"{bots[0]} solo against Mackenzie, {games} games per level", box=box.SIMPLE_HEAD)
        marks = simulation.race_marks(Route())
        for col in ("level", "wins", "win rate", "95% interval", "turns/player", *_mark_columns(marks)):
            table.add_column(col, justify="right")
        for lv, r in results.items():
            st = r.per_bot()[bots[0]].to_json()
            table.add_row(str(lv), str(st["wins"]), f"{st['win_rate']:.0%}", f"{st['ci_low']:.0%}-{st['ci_high']:.0%}",
                          f"{st['turns_per_player']:.1f}", *_mark_cells(st))
        console.print(table)
        click.echo(_MARKS_NOTE)
        return
    table = Table(title=f"{games} games, seats rotated, seed {seed}", box=box.SIMPLE_HEAD)
    for col in ("bot", "games", "wins", "win rate", "95% interval", "avg turns", "turns/player", "avg camps",
                "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    per_bot = first.to_json()["bots"]
    for name, st in per_bot.items():
        table.add_row(name, str(st["games"]), str(st["wins"]), f"{st['win_rate']:.1%}",
                      f"{st['ci_low']:.1%}-{st['ci_high']:.1%}", f"{st['avg_turns']:.1f}", f"{st['turns_per_player']:.1f}",
                      f"{st['avg_camps']:.1f}", f"{st['ms_per_decision']:.2f}")
    console.print(table)
    race = Table(title="race marks: own turn when the Camp first reaches the space (games reaching it)",
                 box=box.SIMPLE_HEAD)
    race.add_column("bot")
    for col in _mark_columns(simulation.race_marks(Route())):
        race.add_column(col, justify="right")
    for name, st in per_bot.items():
        race.add_row(name, *_mark_cells(st))
    console.print(race)
    seats = Table(title="by turn order (first-player advantage)", box=box.SIMPLE_HEAD)
    for col in ("position", "wins", "win rate", "95% interval"):
        seats.add_column(col, justify="right")
    for row in first.per_position():
        seats.add_row(str(row["position"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                      f"{row['ci_low']:.1%}-{row['ci_high']:.1%}")
    console.print(seats)
    click.echo(f"unfinished games (turn cap {max_turns}): {first.unfinished}")


_MARKS_NOTE = ("Camp at N: average own turn at which the Camp first reached space N (games that reached it); "
               "turns/player counts each seat's own turns")


def _mark_columns(marks: RaceMarks) -> list[str]:
    """Column heads for the race marks: the foot of the Rockies, the end of the mountains, the Fort."""
    return [f"Camp at {marks.rockies}", f"Camp at {marks.mountains_end}", f"Camp at Fort ({marks.fort})"]


def _mark_cells(stats: dict[str, Any]) -> list[str]:
    """Each race mark as "average turn (games reaching it/games)"; the turn is "-" when none did."""
    cells = []
    for name in RaceMarks.NAMES:
        mark = stats["marks"][name]
        turn = "-" if mark["avg_turn"] is None else f"{mark['avg_turn']:.1f}"
        cells.append(f"{turn} ({mark['reached']}/{stats['games']})")
    return cells


from lewis_clark.web.command import bots, serve  # noqa: E402, I001
cli.add_command(serve)
cli.add_command(bots)


from lewis_clark.terminal.command import play  # noqa: E402, I001
cli.add_command(play)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="lewis-clark")


if __name__ == "__main__":
    main(sys.argv[1:])
