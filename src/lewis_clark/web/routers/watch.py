"""``WS /api/games/{game_id}/ws``: the game's view sent at once and after every change, in the page's
language; a page sends ``ping`` to get the newest view again and needs to send nothing else.

Each client (an IPv4 address, an IPv6 /64) may hold ``app.state.ws_per_client`` sockets at once;
one more is accepted and closed at once (1008) with a reason the page can read. A game that does not
exist, or is deleted while watched, closes the socket with 4404.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from lewis_clark.web.dependencies import ManagerDep, MetricsDep, find_game
from lewis_clark.web.live import GameError, Watcher
from lewis_clark.web.manager import Manager
from lewis_clark.web.metrics import Metrics
from lewis_clark.web.safety import client_key

MAX_WS_MESSAGE = 1024
WS_PER_CLIENT = 32  # open pages one client may hold (a family's tabs fit; a flood of sockets does not)

router = APIRouter(prefix="/api/games")


@router.websocket("/{game_id}/ws")
async def watch(ws: WebSocket, game_id: str, manager: ManagerDep, metrics: MetricsDep, lang: str = "en") -> None:
    """Sends the public view now and after every change; the page needs to send nothing."""
    sockets: dict[str, int] = ws.app.state.sockets  # open WebSockets by client
    client = client_key(ws.client.host) if ws.client else ""
    if sockets.get(client, 0) >= ws.app.state.ws_per_client:
        await ws.accept()  # then closed with a reason the page can read (a refused handshake says none)
        await ws.close(code=1008, reason="too many open pages from one address")
        return
    sockets[client] = sockets.get(client, 0) + 1
    try:
        await _watch(ws, game_id, lang, manager, metrics)
    finally:
        sockets[client] -= 1
        if not sockets[client]:
            del sockets[client]


async def _watch(ws: WebSocket, game_id: str, lang: str, manager: Manager, metrics: Metrics) -> None:
    await ws.accept()
    try:
        game = await find_game(manager, game_id)  # not a dependency: a refusal is said after the handshake
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


async def _send_updates(ws: WebSocket, watcher: Watcher, sent: Callable[[], None]) -> None:
    with contextlib.suppress(Exception):
        while (text := await watcher.next()) is not None:
            await ws.send_text(text)
            sent()
        await ws.close(code=4404, reason="the game was deleted")
