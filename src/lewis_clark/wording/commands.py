"""The words of the commands people start the game with: ``lewis-clark play`` (terminal/command.py),
``serve`` and ``bots`` (web/command.py): their help, option by option, and the lines they print.

Click's frame around the help (usage line, section titles, brackets) is worded in tools.py, as for
every command. Notation stays as it is in every language: option names, bot levels, addresses, the
``error:`` and ``warning:`` prefixes scripts look for.
"""

from __future__ import annotations

from lewis_clark.wording.catalogue import LANGUAGE_VARIABLE, t

# --- play -------------------------------------------------------------------------------------------


def play_help() -> str:
    return t("Play a game in the terminal.")


def play_players_help() -> str:
    return t("Seats in order, comma-separated: 'human' or a bot level (easy, medium, hard, expert) or spec. "
             "One seat = solo against Mackenzie.")


def play_colours_help() -> str:
    return t("Colours by seat, e.g. blue,orange.")


def play_seed_help() -> str:
    return t("Game seed (128 random bits when not given). A chosen seed is shown to every seat: whoever knows "
             "it knows every draw.")


def play_mackenzie_help(most: int) -> str:
    return t("Solo: Mackenzie's head start, 0 (easy) to {most} (hardest).", most=most)


def play_route_help() -> str:
    return t("Variant route: terrains R, M, MR with S for St Louis and F for Fort Clatsop.")


def play_load_help() -> str:
    return t("Resume a saved game (a game record).")


def play_resume_help() -> str:
    return t("Resume your most recent unfinished autosaved game.")


def play_autosave_help() -> str:
    return t("Autosave here instead of a new file in your data directory.")


def play_fast_help() -> str:
    return t("Do not wait between the bots' moves.")


def play_delay_help() -> str:
    return t("Seconds to wait after each bot move.")


def play_plain_help() -> str:
    return t("Line by line instead of the full-screen table (the default when the output is not a terminal).")


def play_language_help() -> str:
    return t("The language of the game: en or hu.  [default: from {variable}, else LANG, else en]",
             variable=LANGUAGE_VARIABLE)


# --- serve ------------------------------------------------------------------------------------------


def serve_help() -> str:
    return t("Play in the browser: serve the game at http://HOST:PORT/.")


def host_help() -> str:
    return t("Address to listen on (0.0.0.0: every interface).")


def port_help() -> str:
    return t("Port to listen on.")


def db_help() -> str:
    return t("Where the games are kept: a SQLite file, or postgresql://user@host/dbname for several server "
             "processes on one database [default: games.sqlite3 in the user's data folder].")


def serve_bot_delay_help() -> str:
    return t("Seconds a bot waits before each of its moves, so people can follow them.")


def bot_workers_help() -> str:
    return t("Processes in which bots think [default: one per core; 0: in the server itself, which then waits "
             "for every bot].")


def no_bots_help() -> str:
    return t("Leave the bots' decisions to bot workers (lewis-clark bots; PostgreSQL only).")


def allowed_host_help() -> str:
    return t("A name the Host header may give (repeatable) [default: the --host address, with localhost for a "
             "loopback address; any, with a warning, for 0.0.0.0].")


def create_limit_help() -> str:
    return t("Games one client address may create a minute (0: no limit).")


def create_limit_all_help() -> str:
    return t("Games all clients together may create a minute (0: no limit).")


def expire_days_help() -> str:
    return t("Delete an unfinished game after this many days without an action.")


def keep_finished_days_help() -> str:
    return t("Delete a finished game (its replay and record) this many days after its last action.")


def no_expiry_help() -> str:
    return t("Keep every game for ever.")


def log_format_help() -> str:
    return t("Log lines for people (text) or one JSON object a line for a log collector (json).")


def log_level_help() -> str:
    return t("The least important log lines shown (debug: every action applied).")


def access_log_help() -> str:
    return t("A log line for every request [default: on with --log-format json, off with text].")


def max_header_bytes_help() -> str:
    return t("Largest request head (request line and headers) read; a bigger one is refused (400).")


def max_connections_help() -> str:
    return t("Connections and requests served at once; more are answered 503 at once (raise LimitNOFILE with "
             "it: docs/deploy.md).")


def keep_alive_help() -> str:
    return t("Seconds an idle connection is kept open.")


def header_timeout_help() -> str:
    return t("Seconds a request's head (request line and headers) may take to arrive; a slower connection is "
             "closed.")


def connections_per_client_help() -> str:
    return t("Connections one client address (an IPv6 /64) may hold at once; more are answered 503 (a reverse "
             "proxy's address has no such share).")


def hints_per_minute_help() -> str:
    return t("Expert hints one seat may ask for a minute (one client address: three times as many; 0: no limit).")


def ws_per_client_help() -> str:
    return t("WebSockets (open pages) one client address (an IPv6 /64) may hold at once.")


def metrics_token_help() -> str:
    return t("GET /metrics needs 'Authorization: Bearer TOKEN' [default: no token; better given in the "
             "LEWIS_CLARK_METRICS_TOKEN environment variable, which other users cannot list].")


def serving(address: str, db: str) -> str:
    return t("Lewis & Clark: open {address} in a browser (games stored in {db}; Ctrl+C stops)", address=address,
             db=db)


def any_host_warning() -> str:
    return t("listening on every interface and answering any Host name; name the ones people use with "
             "--allowed-host (a page on another site could otherwise reach this server through a DNS name of its "
             "own)")


def serve_needs_web_extra(reason: str) -> str:
    return t("the web server needs the 'web' extra: pip install 'lewis-clark[web]' ({reason})", reason=reason)


def no_bots_needs_postgresql() -> str:
    return t("--no-bots needs a PostgreSQL database (--db postgresql://...), where bot workers (lewis-clark bots) "
             "take the bots' turns")


def not_nan() -> str:
    return t("must be a number, not nan")


# --- what the store says when it does not open (serve and bots) -----------------------------------------


def db_is_a_folder(where: str) -> str:
    return t("--db {where} is a folder, not a database file", where=where)


def db_read_only(where: str) -> str:
    return t("--db {where}: the file is read-only (the server stores every action)", where=where)


def db_not_sqlite(where: str) -> str:
    return t("--db {where} is not a SQLite database file", where=where)


def db_unreachable(where: str, reason: str) -> str:
    return t("cannot reach the PostgreSQL database {where}: {reason}", where=where, reason=reason)


# --- bots -------------------------------------------------------------------------------------------


def bots_help() -> str:
    return t("Bot workers: take the bots' turns from the database the servers use (serve --no-bots), on this "
             "machine or any other; start as many as the bots need.")


def bots_db_help() -> str:
    return t("The servers' PostgreSQL database: postgresql://user@host/dbname.")


def workers_help() -> str:
    return t("Worker processes (each thinks for one bot at a time).")


def bots_bot_delay_help() -> str:
    return t("Seconds between two moves of one game's bots, so people can follow them.")


def bots_need_postgresql() -> str:
    return t("bot workers need a PostgreSQL database (--db postgresql://...); a server on SQLite plays its own bots")


def bots_need_web_extra(reason: str) -> str:
    return t("bot workers need the 'web' extra: pip install 'lewis-clark[web]' ({reason})", reason=reason)


def bot_workers_started(workers: int, db: str) -> str:
    return t("Lewis & Clark bot workers: {workers} on {db} (Ctrl+C stops)", workers=workers, db=db)
