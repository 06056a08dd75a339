"""Health for load balancers and supervisors: what ``GET /healthz`` (liveness) and ``GET /readyz``
(readiness) check (the routes: ``routers/health.py``), and the Host check that lets them through.

``/healthz`` says the process answers, touching nothing else: a supervisor restarts a server that
stops answering it. ``/readyz`` says the server can serve games now: the store answers a trivial query
(within ``READY_TIMEOUT``) and refused no write lately (a full disk, a read-only file: ``guard``), the
bot workers (if the server runs bots) are not broken, and the server is not shutting down; otherwise
503 with the reason, and a balancer sends the traffic elsewhere.
Balancers call these by address (``http://10.0.0.5:8001/readyz``), so they answer whatever the Host
header says (``HostCheck``): they tell a page from another site nothing worth a DNS rebinding.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, MutableMapping, Sequence
from typing import Any

from starlette.datastructures import Headers

from lewis_clark.web.errors import refusal
from lewis_clark.web.guard import Unavailable
from lewis_clark.web.manager import Manager
from lewis_clark.web.store import Store
from lewis_clark.wording import t

log = logging.getLogger("lewis_clark.web")
READY_TIMEOUT = 0.6  # seconds the store has to answer /readyz (a balancer hears 503 within a second)
HEALTH_PATHS = frozenset({"/healthz", "/readyz"})


def problem(manager: Manager) -> str:
    """Why the server cannot take requests now, apart from the store ("" when it can)."""
    if manager.closing:
        return "shutting down"
    trouble = manager.store.trouble()  # the database stopped answering, or refused a recent write (guard)
    if trouble:
        return trouble
    if manager.pool.broken:  # the last try to start workers failed too: bots cannot move here
        return "bot workers broken"
    return ""


async def store_problem(store: Store, timeout: float) -> str:
    """Whether the store answers a trivial query in time ("" when it does); its error is logged, never
    shown (it may name the database's host). Asked in a thread, never on the loop; for a database over
    the network a query given up opens the guard (``guard``): until it answers again, readiness says so
    at once."""
    try:
        if store.remote:
            await store.call(store.ping, within=timeout)
        else:
            await asyncio.wait_for(asyncio.to_thread(store.ping), timeout)
    except TimeoutError:
        log.warning("readiness: the database did not answer within %.1f s", timeout)
        return "database not answering"
    except Unavailable as exc:
        return exc.reason
    except Exception as exc:
        log.warning("readiness: the database failed: %s", exc)
        return "database not answering"
    return ""


class HostCheck:
    """The Host header check (DNS rebinding), except for the paths in ``open_paths``: the health checks,
    and ``/metrics`` when it needs a token (a page on another site cannot know it). A name is allowed
    as given, or by a pattern ``*.example.org`` (Starlette's ``TrustedHostMiddleware`` rules), an IPv6
    address without its brackets; any other is refused with 400 in the error model (``errors``)."""

    def __init__(self, app: Callable[..., Awaitable[None]], allowed_hosts: Sequence[str],
                 open_paths: Collection[str] = HEALTH_PATHS) -> None:
        self.app = app
        self.allowed = tuple(allowed_hosts)
        self.open_paths = frozenset(open_paths)

    def allows(self, host: str) -> bool:
        """Whether a Host header's name (its port aside) is one this server serves."""
        host = host.strip().lower()
        name = host[1:host.index("]")] if host.startswith("[") and "]" in host else host.split(":")[0]
        return any(p == "*" or name == p or (p.startswith("*.") and name.endswith(p[1:])) for p in self.allowed)

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        if scope["type"] not in ("http", "websocket") or scope.get("path") in self.open_paths:
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        if self.allows(host):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
        else:
            await refusal(400, t("this server does not serve the host name {host}", host=repr(host[:100])))(
                scope, receive, send)
