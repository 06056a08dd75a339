"""``lewis-clark serve``: run the web server; ``lewis-clark bots``: bot workers beside it (PostgreSQL)."""

from __future__ import annotations

import ipaddress
import logging
import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from lewis_clark.cli_checks import WordedCommand, language_option, worded_option
from lewis_clark.wording import commands as words
from lewis_clark.wording import review as review_words

if TYPE_CHECKING:
    from lewis_clark.web.logs import LogFormat

ANY = ("0.0.0.0", "::", "")  # addresses that listen on every interface


def allowed_hosts(bind: str, given: Sequence[str]) -> list[str] | None:
    """The Host names the server answers: those ``given``, else the bound address (with ``localhost`` and
    the other loopback names when it is a loopback address); None (any) when bound to every interface
    without ``given``: the names people reach it by (a LAN address, a machine or DNS name) cannot be
    known, and refusing them all would break the plain ``--host 0.0.0.0``."""
    if given:
        return list(dict.fromkeys(given))
    if bind in ANY:
        return None
    try:
        loopback = ipaddress.ip_address(bind).is_loopback
    except ValueError:  # a name, e.g. localhost or the machine's name
        loopback = bind == "localhost"
    return list(dict.fromkeys([bind, "localhost", "127.0.0.1", "::1"] if loopback else [bind]))


def _address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A SQLite path or a PostgreSQL address; any other kind (``mysql://``, ``postgresql:/db``) refused."""
    from lewis_clark.web.store import AddressError, store_kind

    if value is not None:
        try:
            store_kind(value)
        except AddressError as exc:
            raise click.BadParameter(str(exc)) from None
    return value


def _finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """Refuse nan, which every range check lets through."""
    if value is not None and math.isnan(value):
        raise click.BadParameter(words.not_nan())
    return value


@click.command(cls=WordedCommand, words=words.serve_help)
@worded_option("--host", default="127.0.0.1", show_default=True, words=words.host_help)
@worded_option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), words=words.port_help)
@worded_option("--db", "db_path", metavar="PATH|URL", callback=_address, words=words.db_help)
@worded_option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10), callback=_finite,
               words=words.serve_bot_delay_help)
@worded_option("--bot-workers", type=click.IntRange(0, 64), words=words.bot_workers_help)
@worded_option("--no-bots", is_flag=True, words=words.no_bots_help)
@worded_option("--allowed-host", "allowed", multiple=True, metavar="NAME", words=words.allowed_host_help)
@worded_option("--create-limit", default=20, show_default=True, type=click.IntRange(0, 100_000),
               words=words.create_limit_help)
@worded_option("--create-limit-all", default=200, show_default=True, type=click.IntRange(0, 1_000_000),
               words=words.create_limit_all_help)
@worded_option("--expire-days", default=30.0, show_default=True, type=click.FloatRange(0, 36_500, min_open=True),
               callback=_finite, words=words.expire_days_help)
@worded_option("--keep-finished-days", default=90.0, show_default=True,
               type=click.FloatRange(0, 36_500, min_open=True), callback=_finite, words=words.keep_finished_days_help)
@worded_option("--no-expiry", is_flag=True, words=words.no_expiry_help)
@worded_option("--log-format", type=click.Choice(["text", "json"]), default="text", show_default=True,
               words=words.log_format_help)
@worded_option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]), default="info",
               show_default=True, words=words.log_level_help)
@worded_option("--access-log/--no-access-log", default=None, words=words.access_log_help)
@worded_option("--max-header-bytes", default=16 * 1024, show_default=True, type=click.IntRange(1024, 1024 * 1024),
               words=words.max_header_bytes_help)
@worded_option("--max-connections", default=1000, show_default=True, type=click.IntRange(1, 1_000_000),
               words=words.max_connections_help)
@worded_option("--keep-alive", default=5, show_default=True, type=click.IntRange(1, 600), words=words.keep_alive_help)
@worded_option("--header-timeout", default=10.0, show_default=True, type=click.FloatRange(0, 600, min_open=True),
               callback=_finite, words=words.header_timeout_help)
@worded_option("--connections-per-client", default=64, show_default=True, type=click.IntRange(1, 1_000_000),
               words=words.connections_per_client_help)
@worded_option("--hints-per-minute", default=10, show_default=True, type=click.IntRange(0, 10_000),
               words=words.hints_per_minute_help)
@worded_option("--review-level", default="expert", show_default=True, words=review_words.review_level_help)
@worded_option("--ws-per-client", default=32, show_default=True, type=click.IntRange(1, 10_000),
               words=words.ws_per_client_help)
@worded_option("--metrics-token", envvar="LEWIS_CLARK_METRICS_TOKEN", metavar="TOKEN", words=words.metrics_token_help)
@language_option()
def serve(host: str, port: int, db_path: str | None, bot_delay: float, bot_workers: int | None, no_bots: bool,
          allowed: tuple[str, ...], create_limit: int, create_limit_all: int, expire_days: float,
          keep_finished_days: float, no_expiry: bool, log_format: LogFormat, log_level: str,
          access_log: bool | None, max_header_bytes: int, max_connections: int, keep_alive: int,
          header_timeout: float, connections_per_client: int, hints_per_minute: int, review_level: str,
          ws_per_client: int, metrics_token: str | None) -> None:
    """Play in the browser: serve the game at http://HOST:PORT/."""
    try:
        import uvicorn

        from lewis_clark.web.app import MAX_WS_MESSAGE, create_app, default_db
        from lewis_clark.web.hints import Hints
        from lewis_clark.web.limits import CreationLimit
        from lewis_clark.web.logs import config
        from lewis_clark.web.protocol import with_limits
        from lewis_clark.web.reviews import Reviews
    except ImportError as exc:  # the web extra is optional
        raise click.ClickException(words.serve_needs_web_extra(str(exc))) from None
    logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())  # its retries are said once, below
    db = db_path or str(default_db())
    if no_bots and not db.startswith(("postgresql://", "postgres://")):
        raise click.UsageError(words.no_bots_needs_postgresql())
    hosts = allowed_hosts(host, allowed)
    try:
        reviews = Reviews(review_level)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        app = create_app(db, bot_delay=bot_delay, bot_workers=bot_workers, bots=not no_bots,
                         create_limit=CreationLimit(create_limit, create_limit_all), allowed_hosts=hosts,
                         expire_days=None if no_expiry else expire_days, ws_per_client=ws_per_client,
                         max_header_bytes=max_header_bytes, hints=Hints(hints_per_minute), reviews=reviews,
                         keep_finished_days=None if no_expiry else keep_finished_days, metrics_token=metrics_token or None)
    except Exception as exc:  # a folder, a file that is no database, a read-only file, PostgreSQL down
        raise click.ClickException(store_error(db, exc)) from None
    shown = "127.0.0.1" if host in ANY else host
    click.echo(words.serving(f"http://{shown}:{port}/", shown_db(db)))
    if hosts is None:
        click.echo("warning: " + words.any_host_warning(), err=True)
    # h11: the one of uvicorn's HTTP implementations with a limit on the size of a head still arriving
    # (the whole head's size is checked by the app: middleware.HeadLimit); ours adds one on the time the
    # head takes and a share of the connections per client (protocol.py).
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_WS_MESSAGE * 4, access_log=False,
                http=with_limits(header_timeout, connections_per_client),
                h11_max_incomplete_event_size=max_header_bytes, limit_concurrency=max_connections,
                timeout_keep_alive=keep_alive,
                log_config=config(log_format, log_level, log_format == "json" if access_log is None else access_log))


def store_error(address: str, exc: BaseException) -> str:
    """Why the store at ``address`` did not open, in one line (never the password)."""
    import sqlite3

    where = shown_db(address)
    if isinstance(exc, IsADirectoryError) or (not address.startswith(("postgresql://", "postgres://"))
                                              and os.path.isdir(address)):
        return words.db_is_a_folder(where)
    if isinstance(exc, sqlite3.DatabaseError):
        text = str(exc)
        if "readonly" in text or "read-only" in text or not os.access(address, os.W_OK):
            return words.db_read_only(where)
        if "not a database" in text:
            return words.db_not_sqlite(where)
        return f"--db {where}: {text}"
    if type(exc).__module__.startswith(("psycopg", "psycopg_pool")):
        reason = str(exc).strip().splitlines()[0].strip() if str(exc).strip() else type(exc).__name__
        return words.db_unreachable(where, reason)
    return f"--db {where}: {exc}"


def shown_db(address: str) -> str:
    """The address without its password, to print."""
    from urllib.parse import urlsplit

    if "://" not in address:
        return address
    parts = urlsplit(address)
    if parts.password is None:
        return address
    return address.replace(f":{parts.password}@", ":***@", 1)


@click.command(cls=WordedCommand, words=words.bots_help)
@worded_option("--db", "db_path", required=True, metavar="URL", callback=_address, words=words.bots_db_help)
@worded_option("--workers", default=1, show_default=True, type=click.IntRange(1, 256), words=words.workers_help)
@worded_option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10), callback=_finite,
               words=words.bots_bot_delay_help)
@language_option()
def bots(db_path: str, workers: int, bot_delay: float) -> None:
    """Bot workers: take the bots' turns from the database the servers use (serve --no-bots), on this
    machine or any other; start as many as the bots need."""
    if not db_path.startswith(("postgresql://", "postgres://")):
        raise click.UsageError(words.bots_need_postgresql())
    try:
        from lewis_clark.web.bot_workers import run
        from lewis_clark.web.database import open_store
    except ImportError as exc:
        raise click.ClickException(words.bots_need_web_extra(str(exc))) from None
    logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())
    try:  # the database is reached once here, so that an unreachable one is one line, not a traceback per worker
        open_store(db_path).close()
    except Exception as exc:
        raise click.ClickException(store_error(db_path, exc)) from None
    click.echo(words.bot_workers_started(workers, shown_db(db_path)))
    run(db_path, workers, bot_delay)
