"""The store a ``--db`` address names: a SQLite file or a PostgreSQL database (``store``)."""

from __future__ import annotations

from pathlib import Path

from lewis_clark.web.store import Store, store_kind


def open_store(address: str | Path) -> Store:
    """The store at ``address``: a PostgreSQL URL or a SQLite file path (created if missing); its
    schema is brought up to date (``schema``). Raises AddressError for an unknown kind of address."""
    text = str(address)
    if store_kind(text) == "postgresql":
        from lewis_clark.web.store_postgres import PostgresStore

        return PostgresStore(text)
    from lewis_clark.web.store_sqlite import SqliteStore

    return SqliteStore(text)
