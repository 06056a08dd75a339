"""Play in the browser: ``lewis-clark serve``.

``store`` keeps game records in SQLite, ``games`` holds the live games and runs the bots, ``app`` is the
FastAPI application (JSON API under ``/api``, WebSocket updates, the pages), ``command`` the click command.
The front end is plain ES modules and SVG in ``static/`` (no build step).
"""
