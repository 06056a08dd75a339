"""The FastAPI application: the JSON API under ``/api``, WebSocket updates and the pages.

The server owns every game. A request names a seat only by that seat's secret token (header
``X-Token``); the engine checks every action; anything refused changes nothing and says why in
``{"detail": ...}``. Request bodies are limited to ``MAX_BODY`` bytes and must say their length, and
must have exactly the types the models name (strict: ``"0"`` is not a number, ``1`` is not ``true``).
Every response forbids framing (clickjacking); the Host header is checked against ``allowed_hosts``
(DNS rebinding); games are created at a limited rate and forgotten once abandoned (``expire_days``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from swagger_ui_bundle import swagger_ui_path

from lewis_clark.bots import LEVELS
from lewis_clark.cards import COLOURS
from lewis_clark.record import steps
from lewis_clark.route import Route
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State, view
from lewis_clark.web.database import open_store
from lewis_clark.web.games import GameError, LiveGame, Manager, Watcher, language_of
from lewis_clark.web.guard import DOWN, FULL, READ_ONLY, Guarded, Unavailable
from lewis_clark.web.guide import guide_page
from lewis_clark.web.health import HEALTH_PATHS, HostCheck, serve_health
from lewis_clark.web.hint import serve_hint
from lewis_clark.web.limits import CreationLimit, retry_after
from lewis_clark.web.metrics import Metrics, Requests, serve_metrics
from lewis_clark.web.openapi import serve_openapi_30
from lewis_clark.web.safety import BodyCheck, SecurityHeaders, client_key, refused_input
from lewis_clark.web.words import meta_json, table_json
from lewis_clark.wording import LANGUAGES, current_language, language, outcome, t, tn

log = logging.getLogger("lewis_clark.web")
MAX_BODY = 16 * 1024
MAX_WS_MESSAGE = 1024
MAX_PLAN = 64  # steps in one plan; the longest the engine's plans make is far shorter
STATIC = Path(str(resources.files("lewis_clark.web") / "static"))
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
SNAPSHOT_EVERY = 32  # replay: keep every 32nd state so any step is at most 31 actions away
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:;"
                                          " style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}
WS_PER_CLIENT = 32  # open pages one client may hold (a family's tabs fit; a flood of sockets does not)
EXPIRE_EVERY = 3600.0  # seconds between two looks for expired games
# Strict: a value of the wrong JSON type is refused (422 naming the field), never converted.
STRICT = ConfigDict(extra="forbid", strict=True)

Colour = Literal["orange", "blue", "yellow", "green", "purple"]
Level = Literal["random", "easy", "medium", "hard", "expert"]


class SeatIn(BaseModel):
    """One seat of a new game: a person, or a bot at a difficulty level."""

    model_config = STRICT
    kind: Literal["human", "bot"] = "human"
    level: Level = "medium"
    colour: Colour | None = None
    name: str | None = Field(None, max_length=24, pattern=r"^[^\x00-\x1f\x7f<>]*$",
                             description="what the players call this seat (shown beside its colour)")


class GameIn(BaseModel):
    """A new game. ``route`` is the variant route as text, e.g. "R R S R M MR R F R" (S: St Louis,
    F: Fort Clatsop); ``seed`` is drawn at random (128 bits) when not given; a given one is said to every
    seat (``options.chosen_seed``): whoever chose it knows every draw."""

    model_config = STRICT
    seats: list[SeatIn] = Field(min_length=1, max_length=5)
    mackenzie: int = Field(0, ge=0, le=7, description="solo only: Mackenzie's head start (R24)")
    random_start: bool = Field(False, description="random starting resources (R25)")
    route: str | None = Field(None, max_length=400)
    seed: int | None = Field(None, ge=0, lt=2**256, strict=True)


Step = Annotated[str, Field(min_length=1, max_length=200)]


class ActionIn(BaseModel):
    """An action in the text notation, or a ``plan``: several actions applied one after the other (the
    ``plans`` of the game's view), stopping at the first one refused. ``expect`` (optional) is the
    number of actions the sender has seen, so that a click on an outdated page is refused rather than
    misapplied."""

    model_config = STRICT
    action: str | None = Field(None, min_length=1, max_length=200)
    plan: list[Step] | None = Field(None, max_length=MAX_PLAN, description="actions in the text notation, in order")
    expect: int | None = Field(None, ge=0)


class UndoIn(BaseModel):
    """``expect`` (optional): the number of actions the sender has seen, so that a second click on an
    outdated page (a double click) takes back nothing more."""

    model_config = STRICT
    expect: int | None = Field(None, ge=0)
    back: Literal["action", "choice", "turn"] = Field(
        "action", description="one action, the last choice whole (a plan), or the turn to its start or the last card drawn")


class CreatedSeat(BaseModel):
    seat: int
    colour: str
    kind: str
    level: str
    token: str
    link: str


class Created(BaseModel):
    id: str
    seats: list[CreatedSeat]
    spectator: str
    hotseat: str
    creator: str = Field(description="the creator's secret: `DELETE /api/games/{id}` with it in X-Token deletes the game")


Token = Annotated[str | None, Header(alias="X-Token", max_length=400)]


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (413) and bodies of unknown length (411) before the
    application reads anything."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            headers = dict(scope["headers"])
            length = headers.get(b"content-length")
            status, detail = 0, ""
            if length is None:
                status, detail = (411, "say the body's length (Content-Length)") if b"transfer-encoding" in headers else (0, "")
            elif not length.isdigit() or int(length) > self.limit:
                status, detail = 413, f"request body over {self.limit} bytes"
            if status:
                await JSONResponse({"detail": detail}, status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class Language:
    """A request's ``?lang=`` (when the wording layer knows it) is the language of everything said while
    answering it, refusals included; other requests are answered in English."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        code = "en"
        if scope["type"] in ("http", "websocket"):
            asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [])
            code = language_of(asked[-1] if asked else None)
        with language(code):
            await self.app(scope, receive, send)


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
               ws_per_client: int = WS_PER_CLIENT) -> FastAPI:
    """The application, storing games in ``db``: a SQLite file (default: in the user's data folder) or a
    ``postgresql://`` address (``open_store``); bots think in ``bot_workers`` processes (default: one
    per core; 0: on the server's loop, for tests), or, with ``bots=False``, in bot workers of their own
    (``lewis-clark bots``).
    ``create_limit``: games a client and the server may create a minute (default 20 and 200);
    ``allowed_hosts``: the names the Host header may give (None: any); games not over with no action
    for ``expire_days``, and finished games unchanged for ``keep_finished_days``, are deleted by a task
    looking every ``expire_every`` seconds (None: never); ``ws_per_client``: WebSockets one client (an
    address, an IPv6 /64) may hold open at once; ``metrics_token``: what ``GET /metrics`` needs as
    a Bearer token (None: nothing)."""
    store = Guarded(open_store(db if db is not None else default_db()))
    manager = Manager(store, bot_delay=bot_delay, bot_workers=bot_workers, bots=bots)
    limit = create_limit if create_limit is not None else CreationLimit()
    metrics = Metrics(manager)  # docs/deploy.md; /healthz, /readyz: health.py

    async def expiring() -> None:
        while True:
            with contextlib.suppress(Exception):  # a failed sweep is tried again next time
                gone = manager.expire(expire_days, keep_finished_days)
                metrics.expired.inc(gone)
                if gone:
                    log.info("deleted %d expired games", gone)
            await asyncio.sleep(expire_every)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(expiring()) if expire_days is not None or keep_finished_days is not None else None
        manager.start()  # hear other processes' changes (PostgreSQL)
        resumed = manager.resume()
        if resumed:
            log.info("resumed %d games with a bot to move", resumed)
        yield
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        await manager.close()
        store.close()

    # /docs is Swagger UI served from an installed package (swagger-ui-bundle), never from a CDN: it works
    # offline and no request leaves the server.
    app = FastAPI(title="Lewis & Clark", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play Lewis & Clark: The Expedition. Seats act with their secret token in the "
                              "`X-Token` header; actions use the text notation (docs/notation.md).")
    serve_openapi_30(app)  # the bundled Swagger UI reads 3.0 (web/openapi.py)
    app.state.manager = manager
    app.state.limit = limit
    app.state.metrics = metrics
    app.add_middleware(Language)
    app.add_middleware(BodyCheck)  # after the size check: only small bodies are read whole
    app.add_middleware(BodyLimit)
    if allowed_hosts is not None:  # a wrong Host is refused (400) before anything else
        app.add_middleware(HostCheck, allowed_hosts=allowed_hosts,
                           open_paths=HEALTH_PATHS | ({"/metrics"} if metrics_token else set()))
    app.add_middleware(SecurityHeaders)  # the refusals of the middlewares above carry the headers too
    app.add_middleware(Requests, metrics=metrics)  # outermost: times and logs every answer, refusals included

    app.add_exception_handler(RequestValidationError, refused_input)

    @app.exception_handler(GameError)
    async def refused(request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, exc.status, headers=exc.headers)

    @app.exception_handler(Unavailable)
    async def unavailable(request: Request, exc: Unavailable) -> JSONResponse:
        seconds = RETRY_DOWN if exc.reason == DOWN else RETRY_WRITE
        return JSONResponse({"detail": unavailable_message(exc.reason), "reason": exc.reason}, 503,
                            headers={"Retry-After": str(seconds)})

    def game_of(game_id: str) -> LiveGame:
        if not GAME_ID.match(game_id):
            raise GameError(404, "no such game")
        return manager.get(game_id)

    def game_response(game: LiveGame, tokens: str | None, extra: str = "", lang: str = "en") -> Response:
        you = game.seats_of((tokens or "").split(",")[:5]) if tokens else []
        body = '{"you":' + str(you) + "," + extra + game.view_text(lang)[1:]  # the cached public view, with the caller's seats
        return Response(body, media_type="application/json")

    # --- API -------------------------------------------------------------------------------------

    @app.get("/api/meta", summary="Static game data: cards with their texts, Village places, levels")
    async def meta(lang: str = "en") -> dict[str, Any]:
        # Built per request, in the asked language (unknown codes get English): nothing here is cached.
        with language(lang if lang in LANGUAGES else "en"):
            data = meta_json()
        data["levels"] = ["random", *LEVELS]
        data["colours"] = list(COLOURS)
        return data

    @app.post("/api/games", status_code=201, response_model=Created, summary="Create a game")
    async def create(spec: GameIn, request: Request) -> Created:
        colours = _colours(spec.seats)
        try:
            route = Route.parse(spec.route) if spec.route and spec.route.strip() else None
            if route is not None and len(route.terrains) > 120:
                raise ValueError("route: at most 120 spaces")
            options = Options(players=len(spec.seats), seed=spec.seed if spec.seed is not None else _random_seed(),
                              colours=colours, mackenzie=spec.mackenzie if len(spec.seats) == 1 else 0,
                              random_start=spec.random_start, chosen_seed=spec.seed is not None)
            if route is not None:
                options = replace(options, route=route)
            if spec.mackenzie and len(spec.seats) != 1:
                raise ValueError("mackenzie: the solo level is for one seat")
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        seats = [(s.kind, s.level) for s in spec.seats]
        wait = limit.take(client_key(request.client.host) if request.client else "")
        if wait:
            seconds = retry_after(wait)
            metrics.refused.inc()
            raise GameError(429, tn("too many new games: try again in {n} second",
                                    "too many new games: try again in {n} seconds", seconds),
                            headers={"Retry-After": str(seconds)})
        game, tokens, creator = manager.create(options, seats, [(s.name or "").strip() for s in spec.seats])
        metrics.created.inc()
        base = ""
        out = [CreatedSeat(seat=i, colour=colours[i], kind=kind, level=level if kind == "bot" else "", token=t,
                           link=f"{base}/play/{game.id}#t={t}" if t else "")
               for i, ((kind, level), t) in enumerate(zip(seats, tokens, strict=True))]
        humans = [t for t in tokens if t]
        return Created(id=game.id, seats=out, spectator=f"/play/{game.id}",
                       hotseat=f"/play/{game.id}#t={','.join(humans)}" if humans else "", creator=creator)

    @app.delete("/api/games/{game_id}", status_code=204, summary="Delete a game (the creator's token in X-Token)")
    async def delete(game_id: str, x_token: Token = None) -> Response:
        if not GAME_ID.match(game_id):
            raise GameError(404, t("no game {id}", id=repr(game_id)))
        manager.delete(game_id, x_token)
        metrics.deleted.inc()
        _snapshots.pop(game_id, None)
        return Response(status_code=204)

    @app.get("/api/games/{game_id}", summary="The game as every page sees it (+ your seats)")
    async def get_game(game_id: str, x_token: Token = None, lang: str = "en") -> Response:
        return game_response(game_of(game_id), x_token, lang=lang)

    @app.post("/api/games/{game_id}/actions", summary="Act for your seat (token in X-Token): an action or a plan")
    async def act(game_id: str, body: ActionIn, x_token: Token = None, lang: str = "en") -> Response:
        game = game_of(game_id)
        if (body.action is None) == (body.plan is None):
            raise GameError(422, t("give either an action or a plan"))
        if body.plan is None:
            with metrics.timing_action():
                manager.act(game, x_token, body.action or "", body.expect)
            return game_response(game, x_token, lang=lang)
        with metrics.timing_action():
            planned = manager.act_plan(game, x_token, body.plan, body.expect)
        return game_response(game, x_token, '"plan":' + json.dumps(planned.to_json(), separators=(",", ":")) + ",",
                             lang)

    @app.post("/api/games/{game_id}/undo", summary="Take back your last action, choice (a whole plan) or turn so far")
    async def undo(game_id: str, body: UndoIn | None = None, x_token: Token = None, lang: str = "en") -> Response:
        game = game_of(game_id)
        manager.undo(game, x_token, body.expect if body else None, body.back if body else "action")
        return game_response(game, x_token, lang=lang)

    @app.get("/api/games/{game_id}/log", summary="Every log line of the game")
    async def full_log(game_id: str, lang: str = "en") -> dict[str, Any]:
        game = game_of(game_id)
        return {"id": game.id, "log": game.log_tail(lang=language_of(lang))}

    @app.get("/api/games/{game_id}/record", summary="The game record (finished games only)")
    async def record(game_id: str) -> dict[str, Any]:
        return finished(game_of(game_id)).match.record.to_json()  # seats as specs: `lewis-clark play --load` reads it

    @app.get("/api/games/{game_id}/replay/{step}", summary="The table after `step` actions (finished games only)")
    async def replay(game_id: str, step: int, lang: str = "en") -> dict[str, Any]:
        game = finished(game_of(game_id))
        if not 0 <= step <= len(game.actions):
            raise GameError(404, f"step must be 0-{len(game.actions)}")
        with language(language_of(lang)):
            return replay_json(game, step)

    def replay_json(game: LiveGame, step: int) -> dict[str, Any]:
        state = replay_state(game, step)
        seen = view(state, 0).to_json()
        seen["deck"] = len(state.deck)
        lines = list(game.lines_of(game.match.steps[step - 1], current_language())) if step else [t("Set-up")]
        return {"id": game.id, "step": step, "moves": len(game.actions), "state": seen,
                "action": game.actions[step - 1] if step else "", "line": "; ".join(lines), "lines": lines,
                "seats": [{"seat": i, "colour": state.players[i].colour, "kind": s.kind, "bot": s.bot}
                          for i, s in enumerate(game.seats)],
                "options": game.options.to_json(), "result": outcome(game.state), "table": table_json(state)}

    sockets: dict[str, int] = {}  # open WebSockets by client

    @app.websocket("/api/games/{game_id}/ws")
    async def watch(ws: WebSocket, game_id: str, lang: str = "en") -> None:
        """Sends the public view now and after every change; the page needs to send nothing."""
        client = client_key(ws.client.host) if ws.client else ""
        if sockets.get(client, 0) >= ws_per_client:
            await ws.accept()  # then closed with a reason the page can read (a refused handshake says none)
            await ws.close(code=1008, reason="too many open pages from one address")
            return
        sockets[client] = sockets.get(client, 0) + 1
        try:
            await _watch(ws, game_id, lang)
        finally:
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]

    async def _watch(ws: WebSocket, game_id: str, lang: str) -> None:
        await ws.accept()
        try:
            game = game_of(game_id)
        except GameError as exc:
            await ws.close(code=4404, reason=exc.message[:100])
            return
        watcher = game.watch(lang)
        sender = asyncio.create_task(_send_updates(ws, watcher, metrics.updates.inc))
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text") or message.get("bytes") or ""
                if len(text) > MAX_WS_MESSAGE:
                    await ws.close(code=1009, reason="message too big")
                    break
                if text == "ping":
                    watcher.push(game.view_text(watcher.lang))  # a page that woke up asks for the newest view
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            game.watchers.discard(watcher)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    # --- pages -----------------------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html", headers=PAGE_HEADERS)

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return page("index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        return page("game.html")

    @app.get("/how-to-play", include_in_schema=False)
    async def how_to_play(lang: str = "en") -> Response:
        return Response(guide_page(language_of(lang)), media_type="text/html", headers=PAGE_HEADERS)

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay.html")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="Lewis & Clark - API",
                                   swagger_js_url="/docs-static/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-static/swagger-ui.css",
                                   swagger_favicon_url="/docs-static/favicon-32x32.png",
                                   swagger_ui_parameters={"validatorUrl": None})

    serve_health(app, manager)
    serve_hint(app, manager, game_of)
    serve_metrics(app, metrics, metrics_token)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-static", StaticFiles(directory=swagger_ui_path), name="docs-static")
    return app


async def _send_updates(ws: WebSocket, watcher: Watcher, sent: Callable[[], None]) -> None:
    with contextlib.suppress(Exception):
        while (text := await watcher.next()) is not None:
            await ws.send_text(text)
            sent()
        await ws.close(code=4404, reason="the game was deleted")


def _colours(seats: list[SeatIn]) -> tuple[str, ...]:
    """Seat colours: those asked for, the rest in the usual order; each colour once."""
    chosen = [s.colour for s in seats]
    free = [c for c in COLOURS if c not in chosen]
    out = []
    for c in chosen:
        out.append(c if c else free.pop(0))
    if len(set(out)) != len(out):
        raise GameError(422, "each seat needs its own colour")
    return tuple(out)


def _random_seed() -> int:
    """128 bits from the OS: too many to search against the cards dealt (issue 13, rng.py)."""
    return secrets.randbits(128)


def finished(game: LiveGame) -> LiveGame:
    if not game.state.over:
        raise GameError(409, "the record and replay open when the game is over (the seed would foretell the draws)")
    return game


_snapshots: dict[str, list[State]] = {}


def replay_state(game: LiveGame, step: int) -> State:
    """The state after ``step`` actions, from the nearest kept snapshot (finished games never change)."""
    snaps = _snapshots.get(game.id)
    if snaps is None:
        if len(_snapshots) > 64:
            _snapshots.pop(next(iter(_snapshots)))
        snaps = [new_game(game.options)]
        for i, _, _, after in steps(game.options, game.actions):
            if (i + 1) % SNAPSHOT_EVERY == 0:
                snaps.append(after)
        _snapshots[game.id] = snaps
    first = step - step % SNAPSHOT_EVERY
    state = snaps[step // SNAPSHOT_EVERY]
    for _, _, _, after in steps(game.options, game.actions[first:step], start=state, offset=first):
        state = after
    return state
