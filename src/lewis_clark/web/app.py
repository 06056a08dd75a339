"""The FastAPI application: the JSON API under ``/api``, WebSocket updates and the pages.

``create_app`` puts the application's parts on ``app.state`` (the store, the manager, the creation
limit, the metrics, the replays' snapshots and the settings the routes read), stacks the middleware,
turns refusals into answers and includes the routers (``routers``), which take what they need through
``dependencies``. The server owns every game; anything refused changes nothing and says why in
``{"detail": ...}``. Request bodies are limited to ``MAX_BODY`` bytes and must say their length, and
must have exactly the types the models name (``models``). Every response forbids framing
(clickjacking); the Host header is checked against ``allowed_hosts`` (DNS rebinding); games are
created at a limited rate and forgotten once abandoned (``expire_days``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import Scope

from lewis_clark.web.database import open_store
from lewis_clark.web.errors import invalid, refusal
from lewis_clark.web.guard import DOWN, FULL, READ_ONLY, Guarded, Unavailable
from lewis_clark.web.health import HEALTH_PATHS, HostCheck
from lewis_clark.web.hints import Hints
from lewis_clark.web.limits import CreationLimit
from lewis_clark.web.live import GameError, Replays
from lewis_clark.web.manager import Manager
from lewis_clark.web.metrics import Metrics, Requests
from lewis_clark.web.middleware import MAX_BODY, MAX_HEAD, BodyLimit, HeadLimit, Language
from lewis_clark.web.openapi import serve_openapi
from lewis_clark.web.reviews import Reviews
from lewis_clark.web.routers import games, health, hint, meta, metrics, pages, review, watch
from lewis_clark.web.routers.pages import STATIC
from lewis_clark.web.routers.watch import MAX_WS_MESSAGE, WS_PER_CLIENT
from lewis_clark.web.safety import BodyCheck, SecurityHeaders, refused_input
from lewis_clark.wording import t

__all__ = ["MAX_BODY", "MAX_WS_MESSAGE", "create_app", "default_db"]

log = logging.getLogger("lewis_clark.web")
EXPIRE_EVERY = 3600.0  # seconds between two looks for expired games
RETRY_DOWN = 5  # Retry-After (seconds) while the database does not answer
RETRY_WRITE = 30  # ... while it refuses writes (a full disk, a read-only file: someone has to act)


def unavailable_message(reason: str) -> str:
    """What a refused request is told when the store cannot serve (``guard``)."""
    if reason == DOWN:
        return t("the games' database is not answering: try again in a few seconds")
    if reason == FULL:
        return t("nothing can be saved now: the server's disk is full; try again later")
    if reason == READ_ONLY:
        return t("nothing can be saved now: the games' database is read-only; try again later")
    return t("nothing can be saved now: the games' database failed; try again later")


def default_db() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("lewis-clark")) / "games.sqlite3"


def create_app(db: str | Path | None = None, bot_delay: float = 0.0, bot_workers: int | None = None, *,
               create_limit: CreationLimit | None = None, allowed_hosts: Sequence[str] | None = None,
               expire_days: float | None = 30.0, keep_finished_days: float | None = 90.0,
               expire_every: float = EXPIRE_EVERY, bots: bool = True, metrics_token: str | None = None,
               ws_per_client: int = WS_PER_CLIENT, max_header_bytes: int = MAX_HEAD,
               hints: Hints | None = None, reviews: Reviews | None = None) -> FastAPI:
    """The application, storing games in ``db``: a SQLite file (default: in the user's data folder) or a
    ``postgresql://`` address (``open_store``); bots think in ``bot_workers`` processes (default: one
    per core; 0: on the server's loop, for tests), or, with ``bots=False``, in bot workers of their own
    (``lewis-clark bots``).
    ``create_limit``: games a client and the server may create a minute (default 20 and 200);
    ``allowed_hosts``: the names the Host header may give (None: any); games not over with no action
    for ``expire_days``, and finished games unchanged for ``keep_finished_days``, are deleted by a task
    looking every ``expire_every`` seconds (None: never); ``ws_per_client``: WebSockets one client (an
    address, an IPv6 /64) may hold open at once; ``max_header_bytes``: the largest request head
    answered (400 beyond); ``hints``: the expert hints' limits (default 10 a minute a seat, ``web/hints.py``);
    ``reviews``: the post-game reviews and their budget (default the expert's, ``web/reviews.py``);
    ``metrics_token``: what ``GET /metrics`` needs as
    a Bearer token (None: nothing)."""
    store = Guarded(open_store(db if db is not None else default_db()))
    manager = Manager(store, bot_delay=bot_delay, bot_workers=bot_workers, bots=bots)

    # /docs is Swagger UI shipped in the package's static files (routers/pages.py), never from a CDN.
    app = FastAPI(title="Lewis & Clark", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play Lewis & Clark: The Expedition. Seats act with their secret token in the "
                              "`X-Token` header; actions use the text notation (docs/notation.md).")
    serve_openapi(app)  # OpenAPI 3.1 with exact integer bounds (web/openapi.py)
    app.state.store = store
    app.state.manager = manager
    app.state.limit = create_limit if create_limit is not None else CreationLimit()
    app.state.metrics = Metrics(manager)  # docs/deploy.md; /healthz, /readyz: health.py
    app.state.metrics_token = metrics_token
    app.state.replays = Replays()
    app.state.hints = hints if hints is not None else Hints()
    app.state.reviews = reviews if reviews is not None else Reviews()
    app.state.sockets = {}  # open WebSockets by client (routers/watch.py)
    app.state.ws_per_client = ws_per_client
    app.state.expiry = (expire_days, keep_finished_days, expire_every)

    app.add_middleware(BodyCheck)  # after the size check: only small bodies are read whole
    app.add_middleware(BodyLimit)
    if allowed_hosts is not None:  # a wrong Host is refused (400) before anything else
        app.add_middleware(HostCheck, allowed_hosts=allowed_hosts,
                           open_paths=HEALTH_PATHS | ({"/metrics"} if metrics_token else set()))
    app.add_middleware(HeadLimit, limit=max_header_bytes)  # however the head arrived (middleware.py)
    app.add_middleware(SecurityHeaders)  # the refusals of the middlewares above carry the headers too
    app.add_middleware(Language)  # outside every check: their refusals speak the request's language
    app.add_middleware(Requests, metrics=app.state.metrics)  # outermost: times and logs every answer, refusals included

    app.add_exception_handler(RequestValidationError, refused_input)
    app.add_exception_handler(HTTPException, no_route)  # type: ignore[arg-type]
    app.add_exception_handler(GameError, refused)  # type: ignore[arg-type]
    app.add_exception_handler(Unavailable, unavailable)  # type: ignore[arg-type]

    for module in (meta, games, watch, pages, health, hint, review, metrics):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start: hear other processes' changes, resume the games a bot is to move, look for expired games
    now and then. End: stop the sweeper, the bots and the store."""
    manager: Manager = app.state.manager
    expire_days, keep_finished_days, every = app.state.expiry
    sweeper = (asyncio.create_task(expiring(app, expire_days, keep_finished_days, every))
               if expire_days is not None or keep_finished_days is not None else None)
    manager.start()  # hear other processes' changes (PostgreSQL)
    resumed = await manager.resume()
    if resumed:
        log.info("resumed %d games with a bot to move", resumed)
    yield
    if sweeper is not None:
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
    await manager.close()
    app.state.store.close()


async def expiring(app: FastAPI, expire_days: float | None, keep_finished_days: float | None, every: float) -> None:
    """Delete expired games every ``every`` seconds (``Manager.expire``)."""
    manager: Manager = app.state.manager
    while True:
        with contextlib.suppress(Exception):  # a failed sweep is tried again next time
            gone = await manager.expire(expire_days, keep_finished_days)
            app.state.metrics.expired.inc(gone)
            if gone:
                log.info("deleted %d expired games", gone)
        await asyncio.sleep(every)


async def refused(request: Request, exc: GameError) -> JSONResponse:
    """A refusal of the game's rules or of the server's: the error model (``errors``)."""
    if exc.status == 422:
        return invalid([{"type": "value_error", "loc": exc.loc, "msg": exc.message}])
    return refusal(exc.status, exc.message, exc.headers)


async def unavailable(request: Request, exc: Unavailable) -> JSONResponse:
    seconds = RETRY_DOWN if exc.reason == DOWN else RETRY_WRITE
    return refusal(503, unavailable_message(exc.reason), {"Retry-After": str(seconds)}, reason=exc.reason)


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route serves at the request's path: the router's own 405 names only the first
    route that matched the path (``DELETE`` alone for ``/api/games/{id}``, which ``GET`` serves too).
    Asked of the routes themselves (``matches``), however the routers are nested."""
    return [m for m in METHODS
            if any(route.matches({**scope, "method": m})[0] == Match.FULL for route in app.router.routes)]


async def no_route(request: Request, exc: HTTPException) -> JSONResponse:
    """The router's own refusals in the error model: 404 for a path nothing serves, 405 for a method
    the path does not take (with ``Allow`` naming every method it takes)."""
    if exc.status_code == 405:
        given = (exc.headers or {}).get("Allow", "")  # a mount's (the static files') own
        allowed = allowed_methods(request.app, request.scope) or [m.strip() for m in given.split(",") if m.strip()]
        return refusal(405, t("{method} is not served here: use {allowed}", method=request.method,
                              allowed=", ".join(allowed)), {"Allow": ", ".join(allowed)})
    if exc.status_code == 404:
        return refusal(404, t("nothing is served at {path}", path=repr(request.url.path[:200])), exc.headers)
    return refusal(exc.status_code, str(exc.detail), exc.headers)
