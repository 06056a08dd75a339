"""``lewis-clark play``: a game in the terminal, against bots, Mackenzie, or friends at one keyboard.

    lewis-clark play                                   you against one medium bot
    lewis-clark play --players human,hard,human,easy   four seats, two people taking turns
    lewis-clark play --players human --mackenzie 3     solo against Mackenzie
    lewis-clark play --load game.json                  resume a saved game (or --resume the last one)
    lewis-clark play --plain                           line by line (also when the output is not a terminal)

The full-screen table (terminal/app.py) runs in a terminal; ``--plain`` (terminal/session.py) prints
line by line, for screen readers, pipes and scripts.
"""

from __future__ import annotations

import secrets
import signal
import sys
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console

from lewis_clark.cli_checks import SEED, FiniteFloat, WordedCommand, worded_option
from lewis_clark.match import seat_spec
from lewis_clark.record import Record, load_record
from lewis_clark.route import Route
from lewis_clark.state import MOST_LEVEL, MOST_PLAYERS, Options
from lewis_clark.terminal.game import SaveError, is_autosave, write_record
from lewis_clark.terminal.session import HUMAN, Session, latest_unfinished, new_autosave_path
from lewis_clark.wording import commands as words
from lewis_clark.wording import tools
from lewis_clark.wording.catalogue import LANGUAGES, system_language, use_language
from lewis_clark.wording.terminal import (
    bad_seat,
    kept_options,
    mackenzie_is_solo,
    nothing_to_resume,
    resume_and_load,
    seat_count,
    seats_for_loaded,
)

DEFAULT_PLAYERS = "human,medium"


def _fail(message: str) -> NoReturn:
    click.echo("error: " + message, err=True)
    raise click.exceptions.Exit(2)


def parse_seats(text: str) -> list[str]:
    """Seat specs from ``--players``: "human" for a person (or a word in PEOPLE), else a bot name, level or
    spec; a record's seats too (older web records say "bot:LEVEL")."""
    seats = []
    for word in text.split(","):
        try:
            seats.append(seat_spec(word))
        except ValueError as exc:
            _fail(bad_seat(str(exc)))
    if not 1 <= len(seats) <= MOST_PLAYERS:
        _fail(seat_count(len(seats)))
    return seats


@click.command(cls=WordedCommand, words=words.play_help)
@worded_option("--players", "players_text", default=None, show_default=DEFAULT_PLAYERS, words=words.play_players_help)
@worded_option("--colours", "colours_text", default=None, words=words.play_colours_help)
@worded_option("--seed", type=SEED, default=None, words=words.play_seed_help)
@worded_option("--mackenzie", type=click.IntRange(0, MOST_LEVEL), default=None, show_default="0",
               words=lambda: words.play_mackenzie_help(MOST_LEVEL))
@worded_option("--random-start", is_flag=True, words=tools.random_start_help)
@worded_option("--route", "route_text", default=None, words=words.play_route_help)
@worded_option("--load", "load_path", type=click.Path(dir_okay=False, exists=True), words=words.play_load_help)
@worded_option("--resume", is_flag=True, words=words.play_resume_help)
@worded_option("--autosave", "autosave_path", type=click.Path(dir_okay=False), words=words.play_autosave_help)
@worded_option("--fast", is_flag=True, words=words.play_fast_help)
@worded_option("--delay", type=FiniteFloat(min=0), default=0.5, show_default=True, words=words.play_delay_help)
@worded_option("--plain", is_flag=True, words=words.play_plain_help)
@worded_option("--language", type=click.Choice(LANGUAGES), default=None, words=words.play_language_help)
def play(players_text: str | None, colours_text: str | None, seed: int | None, mackenzie: int | None,
         random_start: bool, route_text: str | None, load_path: str | None, resume: bool,
         autosave_path: str | None, fast: bool, delay: float, plain: bool, language: str | None) -> None:
    """Play a game in the terminal."""
    use_language(language or system_language())
    if resume and load_path:
        _fail(resume_and_load())
    if resume and not load_path:
        found = latest_unfinished()
        if found is None:
            _fail(nothing_to_resume())
        load_path = str(found)
    if load_path:
        given = [name for name, value in (("--seed", seed), ("--colours", colours_text), ("--mackenzie", mackenzie),
                                          ("--route", route_text)) if value is not None]
        if random_start:
            given.append("--random-start")
        if given:
            _fail(kept_options(given))
        try:
            record = load_record(load_path)
            record.replay()
        except ValueError as exc:
            _fail(str(exc))
        if players_text:
            seats = parse_seats(players_text)
        elif record.bots:
            seats = parse_seats(",".join(record.bots))
        else:
            seats = [HUMAN] * record.options.players
        if len(seats) != record.options.players:
            _fail(seats_for_loaded(len(seats), record.options.players))
    else:
        seats = parse_seats(players_text or DEFAULT_PLAYERS)
        if mackenzie is not None and len(seats) != 1:
            _fail(mackenzie_is_solo())
        try:
            route = Route.parse(route_text) if route_text else Route()
            colours = tuple(c.strip().lower() for c in colours_text.split(",")) if colours_text else ()
            # 128 bits from the OS: a deck nobody can foretell (the keyed deck generator, rng.py).
            options = Options(players=len(seats), seed=secrets.randbits(128) if seed is None else seed,
                              colours=colours, mackenzie=mackenzie or 0, random_start=random_start, route=route,
                              chosen_seed=seed is not None)
        except ValueError as exc:
            _fail(str(exc))
        record = Record(options)
    if autosave_path:
        autosave = Path(autosave_path).expanduser()
        try:  # refused at the start, rather than a game that believes it is saved
            write_record(record, autosave)
        except SaveError as exc:
            _fail(f"--autosave: {exc}")
    elif load_path and is_autosave(Path(load_path)):
        autosave = Path(load_path)  # resuming an autosave continues the same file
    else:
        autosave = new_autosave_path()
    pace = 0.0 if fast else delay
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from lewis_clark.terminal.app import TableApp

        app = TableApp(record, seats, delay=pace, autosave=autosave)
        app.run()
        click.echo(app.farewell())
        raise click.exceptions.Exit(app.return_code or 0)
    # Ctrl-C must reach the prompt as KeyboardInterrupt even when started with SIGINT ignored (e.g. from a
    # background job), since the game asks before leaving.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    console = Console(highlight=False)
    session = Session(record, seats, console, delay=pace, autosave=autosave)
    raise click.exceptions.Exit(session.run())
