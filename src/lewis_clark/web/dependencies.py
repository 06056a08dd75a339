"""What the routes ask for (FastAPI's ``Depends``): the application's manager, store and metrics, the
game a path names, and the seat a request's token holds.

The application keeps its parts on ``app.state`` (``app.create_app``); a route takes them from here
rather than from a closure. Every dependency is ``async``: FastAPI would run a plain function in a
thread, and every read and change of a game happens on the event loop's thread (``manager``; only
the store's calls leave it, ``guard``).
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from lewis_clark.web.limits import CreationLimit
from lewis_clark.web.live import GameError, LiveGame, Replays, seat_of
from lewis_clark.web.manager import Manager
from lewis_clark.web.metrics import Metrics
from lewis_clark.web.store import Store

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

# A seat's secret token (several, comma-separated, for a page holding several seats).
Token = Annotated[str | None, Header(alias="X-Token", max_length=400)]


async def get_manager(conn: HTTPConnection) -> Manager:
    manager: Manager = conn.app.state.manager
    return manager


async def get_store(conn: HTTPConnection) -> Store:
    """The store behind its guard (``guard.Guarded``): a database fault answers 503."""
    store: Store = conn.app.state.store
    return store


async def get_metrics(conn: HTTPConnection) -> Metrics:
    metrics: Metrics = conn.app.state.metrics
    return metrics


async def get_limit(conn: HTTPConnection) -> CreationLimit:
    limit: CreationLimit = conn.app.state.limit
    return limit


async def get_replays(conn: HTTPConnection) -> Replays:
    replays: Replays = conn.app.state.replays
    return replays


ManagerDep = Annotated[Manager, Depends(get_manager)]
StoreDep = Annotated[Store, Depends(get_store)]
MetricsDep = Annotated[Metrics, Depends(get_metrics)]
LimitDep = Annotated[CreationLimit, Depends(get_limit)]
ReplaysDep = Annotated[Replays, Depends(get_replays)]


async def find_game(manager: Manager, game_id: str) -> LiveGame:
    """The game ``game_id`` names, loaded from the store if not in memory; GameError 404 if none."""
    if not GAME_ID.match(game_id):
        raise GameError(404, "no such game")
    return await manager.get(game_id)


async def get_game(game_id: str, manager: ManagerDep) -> LiveGame:
    """The game of the path's ``{game_id}``."""
    return await find_game(manager, game_id)


GameDep = Annotated[LiveGame, Depends(get_game)]


async def get_seat(game: GameDep, x_token: Token = None) -> int:
    """The seat the request's ``X-Token`` holds in the path's game (401 without one, 403 for a token of
    no seat)."""
    return seat_of(game, x_token)


SeatDep = Annotated[int, Depends(get_seat)]
