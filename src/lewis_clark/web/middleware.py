"""The application's own middleware: the request head's and body's size limits and the language of
each request.

(The other layers every request meets: ``safety`` (bodies' content, security headers), ``health``
(the Host check), ``metrics`` (timing and the access log); ``app.create_app`` stacks them.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from lewis_clark.web.errors import refusal
from lewis_clark.web.live import language_of
from lewis_clark.wording import language, t

MAX_BODY = 16 * 1024
MAX_HEAD = 16 * 1024  # bytes of a request's head: request line and headers (--max-header-bytes)


def head_size(scope: MutableMapping[str, Any]) -> int:
    """The bytes of a request's head as sent: ``METHOD path?query HTTP/1.1`` and each ``name: value``,
    each line with its CRLF, and the empty line (blanks around a value, which the parser drops, not
    counted)."""
    target = len(scope.get("raw_path") or scope.get("path", "").encode()) + len(scope.get("query_string", b""))
    line = len(scope.get("method", "GET")) + 1 + target + (1 if scope.get("query_string") else 0) + 1 + 8 + 2
    return line + sum(len(name) + 2 + len(value) + 2 for name, value in scope.get("headers", [])) + 2


class HeadLimit:
    """Refuse a request whose head is over ``limit`` bytes (400, the connection closed; a WebSocket's
    handshake is refused), however the head arrived: in one write or in pieces, whichever HTTP parser
    read it. (uvicorn's h11 limit, ``h11_max_incomplete_event_size``, counts only a head still
    incomplete after a read, so a big head that arrives whole, or whose last piece completes it, passes
    it; it still bounds what a connection may make the server hold before the head is read.)"""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int = MAX_HEAD) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[None]]) -> None:
        if scope["type"] in ("http", "websocket") and head_size(scope) > self.limit:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1009})
                return
            await refusal(400, t("the request's head (request line and headers) is over {n} bytes", n=self.limit),
                          headers={"Connection": "close"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


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
                if b"transfer-encoding" in headers:
                    status, detail = 411, t("say the body's length (Content-Length)")
            elif not length.isdigit() or int(length) > self.limit:
                status, detail = 413, t("the request body is over {n} bytes", n=self.limit)
            if status:
                await refusal(status, detail)(scope, receive, send)
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
