"""The command-line tools' words (``lewis-clark selfplay``, ``replay``, ``bench``, ``sim``): their help, the
summary and statistics tables, and the ``error:`` messages of cli.py and cli_checks.py.

Click's own words that the tools' help shows (the usage line, the section titles, ``[default: ...]``) are
here too, so that a Hungarian ``--help`` is Hungarian throughout. What scripts read stays out of the
catalogue: the ``winner:`` and ``hash:`` lines, the ``error:`` prefix, bot specs, colours in ``winner:``.
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark.wording.catalogue import LANGUAGE_VARIABLE, N_, Nn_, t, tn

# --- Click's own messages --------------------------------------------------------------------------

# Click words its usage errors itself, in English, through ``gettext``; cli_checks.py hands it the
# catalogue's (``catalogue.gettext_of``), so these, by Click's own English text, are translated here.
CLICK_MESSAGES: tuple[str, ...] = (
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."),
    N_("Option {name!r} does not take a value."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Choose from:\n\t{choices}"),
)
CLICK_PLURALS: tuple[tuple[str, str], ...] = (
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)


# --- Click's frame around every tool's help ---------------------------------------------------------

# Click's section titles, by the English name Click gives them.
SECTIONS: dict[str, Callable[[], str]] = {"Options": lambda: t("Options"), "Commands": lambda: t("Commands")}


def section_title(name: str) -> str:
    """A help section's title ("Options", "Commands") in the active language."""
    return SECTIONS[name]() if name in SECTIONS else name


def usage_prefix() -> str:
    """What starts the usage line, "Usage: " (its trailing space included)."""
    return t("Usage: ")


def help_option_help() -> str:
    return t("Show this message and exit.")


def default_is(default: str) -> str:
    """The default in an option's help brackets, e.g. "default: 0"."""
    return t("default: {default}", default=default)


def required_word() -> str:
    return t("required")


def env_var_is(names: str) -> str:
    return t("env var: {var}", var=names)


def aborted() -> str:
    """Said when the person stops a tool with Ctrl-C at a prompt."""
    return t("Aborted!")


def not_finite(value: str) -> str:
    return t("{value} is not a finite number.", value=value)


def tools_help() -> str:
    """The ``lewis-clark`` group's line."""
    return t("Lewis & Clark: The Expedition - rules engine, bots and tools.")


def version_line(prog: str, version: str, build: str) -> str:
    """``--version``, e.g. "lewis-clark, version 0.1.0, compiled (mypyc) build" (the build's name is left
    as builds.py says it: CI greps it)."""
    return t("{prog}, version {version}, {build} build", prog=prog, version=version, build=build)


def version_help() -> str:
    return t("Show the version and exit.")


def language_help() -> str:
    return t("The language of the output and of this help: en or hu.  [default: from {variable}, else LANG, "
             "else en]", variable=LANGUAGE_VARIABLE)


# --- options shared by several tools ----------------------------------------------------------------

def random_start_help() -> str:
    return t("Random starting resources (R25 variant).")


def log_help() -> str:
    return t("Print one line per decision.")


# --- selfplay and replay ----------------------------------------------------------------------------

def selfplay_help() -> str:
    return t("Play a whole game between bots and print a summary.")


def selfplay_players_help() -> str:
    return t("Comma-separated bot names, one per seat (one name = a solo game).")


def selfplay_seed_help() -> str:
    return t("Game seed (the bots' seeds derive from it).")


def record_help() -> str:
    return t("Write the game record (JSON) here.")


def selfplay_max_turns_help() -> str:
    return t("Stop a game still running after this many turns (no winner).")


def solo_level_help() -> str:
    return t("Solo level: Mackenzie's head start (R24).  [default: 0]")


def replay_help() -> str:
    return t("Replay a game record, check it, and print the same summary as selfplay.")


def upto_help() -> str:
    return t("Stop after this many actions (no final hash check).")


def summary_title(players: int, seed: int) -> str:
    """Above the summary table, e.g. "3 players, seed 7"."""
    return tn("{n} player, seed {seed}", "{n} players, seed {seed}", players, seed=seed)


def summary_heads() -> tuple[str, str, str, str, str, str, str, str, str]:
    """The summary table's columns: seat, colour, bot, Scout and Camp spaces, cards in hand and played,
    Indians, resources."""
    return (t("seat"), t("colour"), bot_head(), t("scout"), t("camp"), t("hand"), t("played"), t("indians"),
            t("resources"))


def summary_line(turns: int, decisions: int, fort: int, mackenzie: int | None) -> str:
    """The line under the summary table; Mackenzie's space only in a solo game."""
    if mackenzie is None:
        return t("turns: {turns}, decisions: {decisions}, Fort Clatsop: space {fort}", turns=turns,
                 decisions=decisions, fort=fort)
    return t("turns: {turns}, decisions: {decisions}, Fort Clatsop: space {fort}, Mackenzie: space {mackenzie}",
             turns=turns, decisions=decisions, fort=fort, mackenzie=mackenzie)


def result_line(result: str) -> str:
    """How the game ended, e.g. "result: Blue sets up Camp at Fort Clatsop and wins!"."""
    return t("result: {result}", result=result)


# --- bench -------------------------------------------------------------------------------------------

def bench_help() -> str:
    return t("Measure the engine's speed under random play (one core).")


def seconds_help() -> str:
    return t("Total time budget.")


def bench_players_help() -> str:
    return t("Player counts to measure.")


def bench_seed_help() -> str:
    return t("First game seed.")


def bench_json_help() -> str:
    return t("Print one JSON object instead of a table.")


def bench_title(python: str, build: str, seconds: str) -> str:
    return t("lewis-clark bench ({python}, {build} build, {seconds} s)", python=python, build=build, seconds=seconds)


def bench_heads() -> tuple[str, str, str, str, str, str, str, str]:
    """The bench table's columns (operation names as the engine spells them)."""
    return (t("players"), t("decisions/s"), t("legal_actions µs"), t("apply µs"), t("copy µs"),
            t("JSON round trip µs"), t("games ended"), t("abandoned"))


def bench_note(turns: int) -> str:
    """What the bench counts, under its table."""
    return t("a decision = legal_actions + uniform choice + apply_in_place; a game running past {turns} turns is "
             "abandoned and the next seed started", turns=turns)


# --- sim ---------------------------------------------------------------------------------------------

def sim_help() -> str:
    return t("Play many games between bots (seats rotated, in parallel) and print statistics.")


def sim_players_help() -> str:
    return t("Comma-separated bot specs, one per seat (e.g. mcts:seconds=0.5,heuristic); seats rotate.")


def games_help() -> str:
    return t("Games to play.")


def sim_seed_help() -> str:
    return t("Run seed (each game's seed derives from it).")


def workers_help() -> str:
    return t("Worker processes.")


def sim_max_turns_help() -> str:
    return t("A game still running after this many turns counts as unfinished (no winner).")


def sim_levels_help() -> str:
    return t("Solo only: Mackenzie level(s), e.g. 0,3,5,7 for a table by level.")


def sim_json_help() -> str:
    return t("Print the statistics as one JSON object.")


def records_help() -> str:
    return t("Keep every game's record here.")


def plot_help() -> str:
    return t("Draw win rates and race progress (PNG).")


def backend_help() -> str:
    return t("Where games run: local worker processes, or Ray tasks (needs the rl extra).")


def address_help() -> str:
    return t("Ray only: the cluster to join (e.g. ray://head:10001); default a local Ray.")


def batch_size_help() -> str:
    return t("Ray only: games per task (default: about 4 tasks per worker).")


def level_task(level: int) -> str:
    """The progress bar's label for one Mackenzie level."""
    return t("level {level}", level=level)


def games_task() -> str:
    """The progress bar's label for a run of games."""
    return t("games")


def bot_head() -> str:
    """The column of bot names, in every table that has one."""
    return t("bot")


def solo_title(bot: str, games: int) -> str:
    return tn("{bot} solo against Mackenzie, {n} game per level", "{bot} solo against Mackenzie, {n} games per level",
              games, bot=bot)


def level_heads() -> tuple[str, str, str, str, str]:
    """The solo table's columns before the race marks."""
    return t("level"), t("wins"), t("win rate"), t("95% interval"), t("turns/player")


def mark_heads(rockies: int, mountains_end: int, fort: int) -> tuple[str, str, str]:
    """The race marks' columns: the foot of the Rockies, the end of the mountains, the Fort."""
    return (t("Camp at {space}", space=rockies), t("Camp at {space}", space=mountains_end),
            t("Camp at Fort ({space})", space=fort))


def marks_note() -> str:
    """Under the solo table: what a race mark counts."""
    return t("Camp at N: average own turn at which the Camp first reached space N (games that reached it); "
             "turns/player counts each seat's own turns")


def sim_title(games: int, seed: int) -> str:
    return tn("{n} game, seats rotated, seed {seed}", "{n} games, seats rotated, seed {seed}", games, seed=seed)


def sim_heads() -> tuple[str, str, str, str, str, str, str, str, str]:
    """The statistics table's columns, bot name first."""
    return (bot_head(), t("games"), t("wins"), t("win rate"), t("95% interval"), t("avg turns"), t("turns/player"),
            t("avg camps"), t("ms/decision"))


def race_title() -> str:
    return t("race marks: own turn when the Camp first reaches the space (games reaching it)")


def positions_title() -> str:
    return t("by turn order (first-player advantage)")


def position_heads() -> tuple[str, str, str, str]:
    return t("position"), t("wins"), t("win rate"), t("95% interval")


def unfinished_games(cap: int, count: int) -> str:
    return t("unfinished games (turn cap {cap}): {count}", cap=cap, count=count)


# --- errors (each printed after "error: ") ----------------------------------------------------------

def bad_bot(problem: str) -> str:
    """A bot spec in ``--players`` that names no bot or gives it a bad option (the problem from bots.py)."""
    return t("--players: {problem}", problem=problem)


def mackenzie_needs_one_bot(bots: int) -> str:
    return tn("--mackenzie is for solo games (one bot in --players), got {n} bot",
              "--mackenzie is for solo games (one bot in --players), got {n} bots", bots)


def cannot_write_record(path: str, reason: str) -> str:
    return t("--record {path}: cannot write the record: {reason}", path=path, reason=reason)


def upto_beyond(upto: int, actions: int) -> str:
    return tn("--upto {upto}: the record has {n} action", "--upto {upto}: the record has {n} actions", actions,
              upto=upto)


def corrupt_record(path: str, problem: str) -> str:
    return t("record {path} is corrupt: {problem}", path=path, problem=problem)


def bad_player_counts(most: int, given: str) -> str:
    return t("--players must be player counts 1-{most} separated by commas, got {given}", most=most, given=given)


def bad_levels(most: int, given: str) -> str:
    return t("--mackenzie: levels 0-{most} separated by commas, got {given}", most=most, given=given)


def levels_need_one_bot() -> str:
    return t("--mackenzie is for solo runs (one bot in --players)")


def ray_options_alone() -> str:
    return t("--address and --batch-size are for --backend ray")


def plot_needs_matplotlib() -> str:
    return t("--plot needs matplotlib: pip install 'lewis-clark[sim]'")


def no_picture_format(path: str, suffix: str, kinds: str) -> str:
    return t("--plot {path}: no picture format .{suffix} (one of {kinds})", path=path, suffix=suffix, kinds=kinds)


def ray_missing(problem: str) -> str:
    return t("--backend ray needs Ray: pip install 'lewis-clark[rl]' ({problem})", problem=problem)


def cannot_write_output(reason: str) -> str:
    return t("cannot write the output: {reason}", reason=reason)


def fewer_workers(asked: int, used: int) -> str:
    return tn("note: {used} worker process instead of {asked} (at most one per core and one per game)",
              "note: {used} worker processes instead of {asked} (at most one per core and one per game)",
              used, used=used, asked=asked)


def cannot_write_records(path: str, reason: str) -> str:
    return t("--records {path}: cannot write the records: {reason}", path=path, reason=reason)


def cannot_write_plot(path: str, reason: str) -> str:
    return t("--plot {path}: cannot write the plot: {reason}", path=path, reason=reason)


def is_a_directory(option: str, path: str) -> str:
    return t("{option} {path}: is a directory", option=option, path=path)


def cannot_write_there(option: str, path: str, reason: str) -> str:
    return t("{option} {path}: cannot write there: {reason}", option=option, path=path, reason=reason)


def cannot_create_directory(option: str, path: str, reason: str) -> str:
    return t("{option} {path}: cannot create the directory: {reason}", option=option, path=path, reason=reason)


def cannot_write_into_directory(option: str, path: str, reason: str) -> str:
    return t("{option} {path}: cannot write into the directory: {reason}", option=option, path=path, reason=reason)
