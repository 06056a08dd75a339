"""``lewis-clark serve``: run the web server."""

from __future__ import annotations

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False),
              help="SQLite file holding the games [default: games.sqlite3 in the user's data folder].")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds a bot waits before each of its moves, so people can follow them.")
@click.option("--bot-workers", type=click.IntRange(0, 64),
              help="Processes in which bots think [default: one per core; 0: in the server itself, which then "
                   "waits for every bot].")
def serve(host: str, port: int, db_path: str | None, bot_delay: float, bot_workers: int | None) -> None:
    """Play in the browser: serve the game at http://HOST:PORT/."""
    try:
        import uvicorn

        from lewis_clark.web.app import MAX_WS_MESSAGE, create_app, default_db
    except ImportError as exc:  # the web extra is optional
        raise click.ClickException(f"the web server needs the 'web' extra: pip install 'lewis-clark[web]' ({exc})") from None
    db = db_path or str(default_db())
    app = create_app(db, bot_delay=bot_delay, bot_workers=bot_workers)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    click.echo(f"Lewis & Clark: open http://{shown}:{port}/ in a browser (games stored in {db}; Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_WS_MESSAGE * 4)
