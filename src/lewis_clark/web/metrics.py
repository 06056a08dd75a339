"""Prometheus metrics (``prometheus_client``) and the request timing behind them and the access log.

Each application has its own ``CollectorRegistry`` (tests make many applications in one process).
Counters count what happened (actions by person or bot, games created, expired and deleted, games
refused by the creation limit, WebSocket updates sent); gauges are read from the manager when
scraped (live games, games with a bot to move, open WebSockets); histograms time every HTTP request
(by route template, method and status class) and every action from its request reaching the server
to its being stored and sent to the watchers. ``GET /metrics`` serves them, behind a Bearer token if
the server was given one (``routers.metrics``). Every process has its own figures: scrape each one.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.process_collector import ProcessCollector

from lewis_clark.web.live import LiveGame, bot_next
from lewis_clark.web.manager import Manager

# No ``*_created`` series beside every counter and histogram (when it was made: the process start says
# as much, and ``lewis_clark_games_created_created`` would only confuse).
disable_created_metrics()  # type: ignore[no-untyped-call]
log = logging.getLogger("lewis_clark.web")
access = logging.getLogger("lewis_clark.web.access")
# Seconds: most answers take a few milliseconds; the top buckets catch a stalled store.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
METHODS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"})
UNMATCHED = "unmatched"  # the route label of a path no route serves: one label, however many paths are tried


class Metrics:
    """The server's metrics in a registry of their own, the gauges read from ``manager``."""

    def __init__(self, manager: Manager) -> None:
        self.registry = reg = CollectorRegistry()
        ProcessCollector(registry=reg)  # memory, processor time, open files (Linux)
        self.actions = Counter("lewis_clark_actions", "Actions applied, by who chose them", ["by"], registry=reg)
        self.requests = Histogram("lewis_clark_http_request_duration_seconds", "HTTP requests answered",
                                  ["route", "method", "status"], buckets=BUCKETS, registry=reg)
        self.acting = Histogram("lewis_clark_action_duration_seconds",
                                "From an action's request reaching the server to the action stored and sent to the watchers",
                                buckets=BUCKETS, registry=reg)
        self.updates = Counter("lewis_clark_websocket_updates", "Game updates sent on WebSockets", registry=reg)
        self.created = Counter("lewis_clark_games_created", "Games created", registry=reg)
        self.expired = Counter("lewis_clark_games_expired", "Games deleted for want of play (expiry)", registry=reg)
        self.deleted = Counter("lewis_clark_games_deleted", "Games deleted by their creator", registry=reg)
        self.bot_retries = Counter("lewis_clark_bot_retries", "Bot turns tried again after their move could not be "
                                   "stored or the bot failed", registry=reg)
        self.refused = Counter("lewis_clark_rate_limited", "New games refused by the creation limit (429)", registry=reg)
        Gauge("lewis_clark_live_games", "Games in this process's memory", registry=reg).set_function(
            lambda: len(manager.games))
        Gauge("lewis_clark_bot_queue", "Games in memory whose next decision is a bot's", registry=reg).set_function(
            lambda: sum(1 for g in list(manager.games.values()) if bot_next(g)))
        Gauge("lewis_clark_watchers", "Open WebSockets (pages watching a game)", registry=reg).set_function(
            lambda: sum(len(g.watchers) for g in list(manager.games.values())))
        for by in ("person", "bot"):
            self.actions.labels(by)  # both series exist from the start, at 0
        manager.on_applied = self.applied
        manager.on_bot_retry = lambda game: self.bot_retries.inc()

    def applied(self, game: LiveGame, seat: int) -> None:
        """An action was applied and stored (the manager's hook)."""
        by = "bot" if game.seats[seat].kind == "bot" else "person"
        self.actions.labels(by).inc()
        log.debug("action applied", extra={"game": game.id, "seat": seat, "n": len(game.actions), "by": by})

    @contextmanager
    def timing_action(self) -> Iterator[None]:
        """Time an action's request from here to the action stored and sent (refused ones too)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.acting.observe(time.perf_counter() - start)

    def text(self) -> bytes:
        return generate_latest(self.registry)


def route_of(scope: MutableMapping[str, Any]) -> str:
    """The template of the route that served the request (``/api/games/{game_id}``), never the path
    itself: one series per route, whatever ids are asked for."""
    path = getattr(scope.get("route"), "path", None)
    return path if isinstance(path, str) and path else UNMATCHED


class Requests:
    """Times every HTTP request and WebSocket: the request histogram and one access log line each
    (method, path without its query, route, status, latency, client; the game's id when the route
    names one). Headers are never logged: a seat's token travels in ``X-Token``."""

    def __init__(self, app: Callable[..., Awaitable[None]], metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500  # what the client gets if the application fails before answering

        async def sending(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "websocket.accept":
                status = 101
            elif message["type"] == "websocket.close" and status == 500:
                status = 403  # closed before it was accepted
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            took = time.perf_counter() - start
            route = route_of(scope)
            method = scope.get("method", "WS") if kind == "http" else "WS"
            if kind == "http":
                self.metrics.requests.labels(route, method if method in METHODS else "other",
                                             f"{status // 100}xx").observe(took)
            if access.isEnabledFor(logging.INFO):
                client = scope.get("client")
                fields: dict[str, Any] = {"method": method, "path": scope.get("path", ""), "route": route,
                                          "status": status, "latency_ms": round(took * 1000, 2),
                                          "client": client[0] if client else ""}
                game = scope.get("path_params", {}).get("game_id")
                if game:
                    fields["game"] = game
                access.info("%s %s %d", method, route, status, extra=fields)  # the path only as a field: it is the client's text
