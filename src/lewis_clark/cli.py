"""The command line: ``lewis-clark selfplay``, ``replay``, ``review``, ``bench`` and ``sim``.

    lewis-clark selfplay --players random,random,random --seed 7 --record game.json
    lewis-clark replay game.json
    lewis-clark review game.json --level quick
    lewis-clark bench --json
    lewis-clark sim --players mcts,heuristic --games 200 --seed 1 --workers 2

A summary always ends with the lines ``winner: <colour or none>`` and ``hash: <state hash>``, so a
replay can be checked against the game it records by comparing the last line. Bad input (an unknown
bot, a corrupt record, an option out of range) gives a one-line ``error:`` message on stderr and exit
status 2 (1 when a file cannot be written), checked before any long work starts (cli_checks.py).

Every word the tools print or show in ``--help`` comes from ``wording.tools``, in the language of
``--language en|hu``, else ``LEWIS_CLARK_LANGUAGE``, else the system's locale (as ``play`` chooses).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.table import Table

from lewis_clark.bench import BENCH_MAX_TURNS, DEFAULT_SECONDS, run_bench
from lewis_clark.bots import normal_spec, parse_spec
from lewis_clark.bots.review import (
    DEFAULT_LEVEL,
    assemble,
    review_json,
    review_spec,
    review_turn,
    turns_played,
)
from lewis_clark.builds import build_text
from lewis_clark.cli_checks import (
    ERROR,
    SEED,
    USAGE_ERROR,
    FiniteFloat,
    OneLineGroup,
    fail,
    language_option,
    worded_option,
    writable_dir,
    writable_file,
)
from lewis_clark.match import Match
from lewis_clark.record import load_record
from lewis_clark.route import Route
from lewis_clark.selfplay import DEFAULT_MAX_TURNS, MOST_TURNS
from lewis_clark.sim import RaceMarks
from lewis_clark.state import MOST_LEVEL, MOST_PLAYERS, Options, State
from lewis_clark.wording import outcome, resources_words, tools, unfinished
from lewis_clark.wording import review as review_wording
from lewis_clark.wording.terminal import seat_count
from lewis_clark.wording.terminal_app import colour_label

__all__ = ["USAGE_ERROR", "cli", "fail", "main"]
MOST_WORKERS = 1024  # sim --workers at most (it uses at most one per core and per game, and says so)
OUTPUT_ERRORS = (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT)  # writing the output failed


def result_line(state: State, max_turns: int | None) -> str:
    """How the game ended, in words (the ``winner:`` line says who)."""
    return tools.result_line(outcome(state) if state.outcome.over else unfinished(state, max_turns))


def winner_text(state: State) -> str:
    """The winning seat's colour; "none" while the game goes on or when Mackenzie won (R24). Not worded:
    the ``winner:`` line is read by scripts and tests, the same in every language."""
    winner = state.outcome.winner
    return "none" if winner is None else state.players[winner].colour


def print_summary(state: State, bots: Sequence[str] | None, decisions: int, max_turns: int | None = None) -> None:
    """The per-player table, then the result, winner and hash lines (always last)."""
    console = Console(highlight=False)
    if not console.is_terminal:  # files and pipes: wide enough that no cell wraps
        console.width = 120
    table = Table(title=tools.summary_title(len(state.players), state.options.seed), box=box.SIMPLE_HEAD)
    justify = ("right", "left", "left", "right", "right", "right", "right", "right", "left")
    for name, side in zip(tools.summary_heads(), justify, strict=True):
        table.add_column(name, justify=side)  # type: ignore[arg-type]
    for seat, p in enumerate(state.players):
        table.add_row(str(seat), colour_label(p.colour), bots[seat] if bots else "-", str(p.scout), str(p.camp),
                      str(len(p.hand)), str(len(p.face_up) + len(p.face_down)), str(p.indians + p.on_cards),
                      resources_words(state, seat))
    console.print(table)
    click.echo(tools.summary_line(state.turn, decisions, state.options.route.fort_clatsop,
                                  state.mackenzie if state.mackenzie >= 0 else None))
    click.echo(result_line(state, max_turns))
    # The last two lines are for machines, not people: a replay is checked against its game by comparing
    # them (tests, scripts/speed.py), so they stay exactly these English words in every language.
    click.echo(f"winner: {winner_text(state)}")
    click.echo(f"hash: {state.hash()}")


def print_log(match: Match) -> None:
    """The match's log: each action numbered, what followed from it on the lines under it."""
    width = len(str(len(match.steps)))
    for step in match.steps:
        for k, line in enumerate(step.lines):
            click.echo(f"{step.index + 1:>{width}}. {line}" if k == 0 else f"{'':>{width}}  {line}")


def show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and the build, worded when asked (``click.version_option`` fixes its words
    at import)."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(tools.version_line(ctx.find_root().info_name or "lewis-clark", version("lewis-clark"), build_text()))
    ctx.exit()


@click.group(cls=OneLineGroup, words=tools.tools_help)
@worded_option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
               words=tools.version_help)
def cli() -> None:
    """The ``lewis-clark`` group: the tools below, ``play``, ``serve`` and ``bots``."""


@cli.command(words=tools.selfplay_help)
@worded_option("--players", "players_text", default="random,random", show_default=True,
               words=tools.selfplay_players_help)
@worded_option("--seed", default=0, show_default=True, type=SEED, words=tools.selfplay_seed_help)
@worded_option("--record", "record_path", type=click.Path(dir_okay=False), words=tools.record_help)
@worded_option("--max-turns", default=DEFAULT_MAX_TURNS, show_default=True, type=click.IntRange(1, MOST_TURNS),
               words=tools.selfplay_max_turns_help)
@worded_option("--mackenzie", default=None, type=click.IntRange(0, MOST_LEVEL), words=tools.solo_level_help)
@worded_option("--random-start", is_flag=True, words=tools.random_start_help)
@worded_option("--log", "show_log", is_flag=True, words=tools.log_help)
@language_option()
def selfplay(players_text: str, seed: int, record_path: str | None, max_turns: int, mackenzie: int | None,
             random_start: bool, show_log: bool) -> None:
    """Play a whole game between bots and print a summary."""
    names = [normal_spec(name) for name in players_text.split(",")]
    for name in names:
        try:
            parse_spec(name)
        except ValueError as exc:
            fail(tools.bad_bot(str(exc)))
    if mackenzie is not None and len(names) != 1:
        fail(tools.mackenzie_needs_one_bot(len(names)))
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
            fail(tools.cannot_write_record(record_path, str(exc.strerror)), 1)
    if show_log:
        print_log(match)
    print_summary(state, names, len(record.actions), max_turns)


@cli.command(words=tools.replay_help)
@click.argument("record_path", metavar="RECORD")
@worded_option("--upto", type=click.IntRange(min=0), words=tools.upto_help)
@worded_option("--log", "show_log", is_flag=True, words=tools.log_help)
@language_option()
def replay(record_path: str, upto: int | None, show_log: bool) -> None:
    """Replay a game record, check it, and print the same summary as selfplay."""
    try:
        record = load_record(record_path)
        if upto is not None and upto > len(record.actions):
            fail(tools.upto_beyond(upto, len(record.actions)))
        if upto is not None:  # an earlier point: no final hash to check
            record = replace(record, actions=record.actions[:upto], final_hash="")
        # A replay never asks the bots anything, so their names are only labels: a record made by a
        # bot this version does not know (e.g. the strong-solo planner) still replays.
        match = Match.from_record(record, seats=["human"] * record.options.players)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        # CorruptState is the usual case; the others mean options the engine could not even read.
        fail(str(exc) if isinstance(exc, ValueError) else tools.corrupt_record(record_path, f"{type(exc).__name__}: {exc}"))
    if show_log:
        print_log(match)
    print_summary(match.state, record.bots or None, len(match.actions))


@cli.command(words=review_wording.review_help)
@click.argument("record_path", metavar="RECORD")
@worded_option("--level", default=DEFAULT_LEVEL, show_default=True, words=review_wording.review_level_help)
@worded_option("--seat", "seats", type=click.IntRange(min=1), multiple=True, words=review_wording.review_seat_help)
@worded_option("--json", "as_json", is_flag=True, words=review_wording.review_json_help)
@language_option()
def review(record_path: str, level: str, seats: tuple[int, ...], as_json: bool) -> None:
    """The post-game review (bots/review.py): every turn of each seat against the expert's choice."""
    try:
        spec = review_spec(level)
        record = load_record(record_path)
        record.replay()  # every action and the final hash checked before the long work
        played = turns_played(record, [s - 1 for s in seats] or None)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        fail(str(exc) if isinstance(exc, ValueError) else tools.corrupt_record(record_path, f"{type(exc).__name__}: {exc}"))
    tty = sys.stderr.isatty()
    click.echo(review_wording.review_start(len(played), level), err=True)
    reviewed = []
    for k, turn in enumerate(played, 1):
        reviewed.append(review_turn(turn, spec))
        # a terminal sees one line counting up; a log file, a line a turn
        click.echo(("\r" if tty else "") + review_wording.review_progress(k, len(played)), err=True, nl=not tty)
    if tty and played:
        click.echo("", err=True)
    done = assemble(level, record.options.players, reviewed, [s - 1 for s in seats] or None)
    if as_json:
        click.echo(json.dumps({**review_json(done), "words": review_wording.review_words(done, played)},
                              ensure_ascii=False, indent=1))
    else:
        click.echo(review_wording.review_text(done, played))


@cli.command(words=tools.bench_help)
@worded_option("--seconds", default=DEFAULT_SECONDS, show_default=True, type=FiniteFloat(min=0, min_open=True),
               words=tools.seconds_help)
@worded_option("--players", "players_text", default="2,4", show_default=True, words=tools.bench_players_help)
@worded_option("--seed", default=0, show_default=True, type=SEED, words=tools.bench_seed_help)
@worded_option("--json", "as_json", is_flag=True, words=tools.bench_json_help)
@language_option()
def bench(seconds: float, players_text: str, seed: int, as_json: bool) -> None:
    """Measure the engine's speed under random play (one core)."""
    try:
        counts = [int(x) for x in players_text.split(",")]
        if any(not 1 <= n <= MOST_PLAYERS for n in counts):
            raise ValueError
    except ValueError:
        fail(tools.bad_player_counts(MOST_PLAYERS, repr(players_text)))
    result = run_bench(seconds, counts, seed)
    if as_json:
        click.echo(json.dumps(result, sort_keys=True))
        return
    table = Table(title=tools.bench_title(result["python"], result["build"], f"{seconds:g}"), box=box.SIMPLE_HEAD)
    for name in tools.bench_heads():
        table.add_column(name, justify="right")
    for key, f in result["by_players"].items():
        table.add_row(key, f"{f['decisions_per_s']:,.0f}", f"{f['legal_actions_us']:.1f}", f"{f['apply_us']:.1f}",
                      f"{f['copy_us']:.1f}", f"{f['json_roundtrip_us']:.1f}", str(f["games_finished"]),
                      str(f["games_abandoned"]))
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 120
    console.print(table)
    click.echo(tools.bench_note(BENCH_MAX_TURNS))


@cli.command(words=tools.sim_help)
@worded_option("--players", "players_text", default="heuristic,random", show_default=True,
               words=tools.sim_players_help)
@worded_option("--games", default=20, show_default=True, type=click.IntRange(min=1), words=tools.games_help)
@worded_option("--seed", default=0, show_default=True, type=SEED, words=tools.sim_seed_help)
@worded_option("--workers", default=1, show_default=True, type=click.IntRange(1, MOST_WORKERS), words=tools.workers_help)
@worded_option("--max-turns", default=400, show_default=True, type=click.IntRange(1, MOST_TURNS),
               words=tools.sim_max_turns_help)
@worded_option("--mackenzie", "levels_text", default="0", show_default=True, words=tools.sim_levels_help)
@worded_option("--random-start", is_flag=True, words=tools.random_start_help)
@worded_option("--json", "as_json", is_flag=True, words=tools.sim_json_help)
@worded_option("--records", "records_dir", type=click.Path(file_okay=False), words=tools.records_help)
@worded_option("--plot", "plot_path", type=click.Path(dir_okay=False), words=tools.plot_help)
@worded_option("--backend", type=click.Choice(["process", "ray"]), default="process", show_default=True,
               words=tools.backend_help)
@worded_option("--address", words=tools.address_help)
@worded_option("--batch-size", type=click.IntRange(min=1), words=tools.batch_size_help)
@language_option()
def sim(players_text: str, games: int, seed: int, workers: int, max_turns: int, levels_text: str,
        random_start: bool, as_json: bool, records_dir: str | None, plot_path: str | None, backend: str,
        address: str | None, batch_size: int | None) -> None:
    """Play many games between bots (seats rotated, in parallel) and print statistics."""
    from lewis_clark import sim as simulation

    bots = [normal_spec(name) for name in players_text.split(",") if name.strip()]
    for name in bots:
        try:
            parse_spec(name)
        except ValueError as exc:
            fail(tools.bad_bot(str(exc)))
    if not 1 <= len(bots) <= MOST_PLAYERS:
        fail(seat_count(len(bots)))
    try:
        levels = [int(x) for x in levels_text.split(",")]
        if any(not 0 <= lv <= MOST_LEVEL for lv in levels):
            raise ValueError
    except ValueError:
        fail(tools.bad_levels(MOST_LEVEL, repr(levels_text)))
    if len(bots) > 1 and levels != [0]:
        fail(tools.levels_need_one_bot())
    if backend != "ray" and (address or batch_size):
        fail(tools.ray_options_alone())
    # Found now, not after every game is played.
    if records_dir:
        writable_dir(records_dir, "--records")
    if plot_path:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail(tools.plot_needs_matplotlib())
        from matplotlib.backend_bases import FigureCanvasBase

        kinds = FigureCanvasBase.get_supported_filetypes()
        suffix = Path(plot_path).suffix.lstrip(".").lower()
        if suffix and suffix not in kinds:
            fail(tools.no_picture_format(plot_path, suffix, ", ".join("." + k for k in sorted(kinds))))
        writable_file(plot_path, "--plot")
    err = Console(stderr=True, highlight=False)
    if backend == "process" and simulation.workers_for(workers, games) < workers:  # said, not silently clamped
        click.echo(tools.fewer_workers(workers, simulation.workers_for(workers, games)), err=True)
    results: dict[int, simulation.SimResult] = {}
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True, disable=not err.is_terminal) as bar:
        for level in levels:
            task = bar.add_task(tools.level_task(level) if len(bots) == 1 else tools.games_task(), total=games)
            specs = simulation.specs(bots, games, seed, mackenzie=level, random_start=random_start, max_turns=max_turns)
            def advance(k: int, t: TaskID = task) -> None:
                bar.advance(t, k)

            if backend == "ray":
                from lewis_clark.rl import ray_backend

                try:
                    outcomes = ray_backend.run(specs, workers, address=address, batch_size=batch_size,
                                               keep_records=bool(records_dir), progress=advance)
                except ImportError as exc:
                    fail(tools.ray_missing(str(exc)))
                except (ConnectionError, ValueError) as exc:  # ValueError: a ray:// address without ray[client]
                    fail(f"--address {address}: {str(exc).splitlines()[0]}")
            else:
                outcomes = simulation.run(specs, workers, keep_records=bool(records_dir), progress=advance)
            results[level] = simulation.SimResult(tuple(bots), outcomes)
            if records_dir:
                try:
                    simulation.save_records(outcomes, records_dir if len(levels) == 1 else f"{records_dir}/level-{level}")
                except OSError as exc:
                    fail(tools.cannot_write_records(records_dir, str(exc.strerror)), 1)
    first = results[levels[0]]
    if plot_path:
        try:
            simulation.plot(first, plot_path)
        except RuntimeError as exc:
            fail(str(exc))
        except OSError as exc:
            fail(tools.cannot_write_plot(plot_path, str(exc.strerror)), 1)
    if as_json:
        data = first.to_json() if len(levels) == 1 else {"levels": {str(lv): r.to_json() for lv, r in results.items()}}
        click.echo(json.dumps(data, sort_keys=True))
        return
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 120
    if len(bots) == 1 and len(levels) > 1:
        table = Table(title=tools.solo_title(bots[0], games), box=box.SIMPLE_HEAD)
        marks = simulation.race_marks(Route())
        for col in (*tools.level_heads(), *_mark_columns(marks)):
            table.add_column(col, justify="right")
        for lv, r in results.items():
            st = r.per_bot()[bots[0]].to_json()
            table.add_row(str(lv), str(st["wins"]), f"{st['win_rate']:.0%}", f"{st['ci_low']:.0%}-{st['ci_high']:.0%}",
                          f"{st['turns_per_player']:.1f}", *_mark_cells(st))
        console.print(table)
        click.echo(tools.marks_note())
        return
    table = Table(title=tools.sim_title(games, seed), box=box.SIMPLE_HEAD)
    for k, col in enumerate(tools.sim_heads()):
        table.add_column(col, justify="left" if k == 0 else "right")  # the bot's name, then figures
    per_bot = first.to_json()["bots"]
    for name, st in per_bot.items():
        table.add_row(name, str(st["games"]), str(st["wins"]), f"{st['win_rate']:.1%}",
                      f"{st['ci_low']:.1%}-{st['ci_high']:.1%}", f"{st['avg_turns']:.1f}", f"{st['turns_per_player']:.1f}",
                      f"{st['avg_camps']:.1f}", f"{st['ms_per_decision']:.2f}")
    console.print(table)
    race = Table(title=tools.race_title(), box=box.SIMPLE_HEAD)
    race.add_column(tools.bot_head())
    for col in _mark_columns(simulation.race_marks(Route())):
        race.add_column(col, justify="right")
    for name, st in per_bot.items():
        race.add_row(name, *_mark_cells(st))
    console.print(race)
    seats = Table(title=tools.positions_title(), box=box.SIMPLE_HEAD)
    for col in tools.position_heads():
        seats.add_column(col, justify="right")
    for row in first.per_position():
        seats.add_row(str(row["position"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                      f"{row['ci_low']:.1%}-{row['ci_high']:.1%}")
    console.print(seats)
    click.echo(tools.unfinished_games(max_turns, first.unfinished))


def _mark_columns(marks: RaceMarks) -> list[str]:
    """Column heads for the race marks: the foot of the Rockies, the end of the mountains, the Fort."""
    return list(tools.mark_heads(marks.rockies, marks.mountains_end, marks.fort))


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
    """Console-script entry point. Output that cannot be written (``> /dev/full``, a full disk) is one
    error line and exit status 1, not a traceback."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="lewis-clark")
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRORS:
            raise
        # Whatever is still buffered cannot be written either: drop it, so that exiting says nothing more.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        click.echo(ERROR + tools.cannot_write_output(exc.strerror or str(exc)), err=True)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
