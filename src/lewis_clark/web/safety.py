"""What every request meets before the API looks at it, and what every answer carries.

- ``BodyCheck``: a request body must be UTF-8 text, and JSON numbers finite (``NaN``, ``Infinity`` and
  ``1e400``, which Python's parser turns into infinity) and strings whole Unicode (no lone surrogate
  such as ``"\\ud800"``, which no database or page can take): otherwise 422 naming the field, in the
  error model every refusal has (``errors``). Python's JSON parser accepts all of these, and FastAPI's
  refusal would echo them back and fail to encode itself (a 500).
- ``json_depth``: a body's JSON may nest at most ``MAX_DEPTH`` arrays and objects, else 422 before it is
  parsed (Python's parser, and every walk over what it returns, recurse: 1,000 levels were a 500).
- ``refused_input``: FastAPI's 422 in the error model (``errors.Invalid``), without the echoed input when
  the input cannot be sent back as JSON.
- ``SecurityHeaders``: every answer, errors and unexpected failures included, forbids framing and
  MIME sniffing and sends no referrer; an unexpected exception becomes a plain 500 with these
  headers (and is logged), never a bare "Internal Server Error".
- ``client_key``: who a client is for the limits: its IPv4 address, or its IPv6 /64 (one household
  or one server gets a whole /64, and rotating addresses inside it is free).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from lewis_clark.web import errors
from lewis_clark.wording import t

log = logging.getLogger("lewis_clark.web")
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
MAX_DEPTH = 32  # arrays and objects inside one another in a body: the API's own bodies nest 4 deep
HEADERS = ((b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"))

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def _surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def bad_value(value: Any, loc: list[str | int]) -> tuple[list[str | int], str] | None:
    """The first value in a parsed JSON body that no store or page can take: its place and why."""
    if isinstance(value, float) and not math.isfinite(value):
        return loc, t("a number must be finite (not NaN, Infinity or beyond 1e308)")
    if isinstance(value, str) and _surrogate(value):
        return loc, t("text must be whole Unicode characters (a lone surrogate such as \\ud800 is not one)")
    if isinstance(value, dict):
        for key, item in value.items():
            if _surrogate(key):
                return [*loc, key.encode("utf-8", "backslashreplace").decode()], \
                    t("text must be whole Unicode characters (a lone surrogate such as \\ud800 is not one)")
            if (found := bad_value(item, [*loc, key])) is not None:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            if (found := bad_value(item, [*loc, i])) is not None:
                return found
    return None


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (JSON or not), counted without parsing: brackets
    inside strings do not count."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    return deepest


def refusal(loc: list[str | int], kind: str, message: str) -> JSONResponse:
    """A 422 refusing one part of a request (``loc``) for ``message`` (``errors.Invalid``)."""
    return errors.invalid([{"type": kind, "loc": loc, "msg": message}])


class BodyCheck:
    """Refuse (422) a request body that is not UTF-8, or whose JSON holds a number that is not finite
    or a string that is not whole Unicode, naming where; other bodies go on unchanged. Bodies are
    small (``BodyLimit`` comes first), so reading one whole costs nothing."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, receive, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        response = self.check(body)
        if response is not None:
            await response(scope, receive, send)
            return
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    def check(body: bytes) -> JSONResponse | None:
        if not body:
            return None
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return refusal(["body"], "utf8_invalid", t("the request body is not UTF-8 text (byte {at})", at=exc.start))
        # (the usual small body has fewer brackets than that in all, and is not walked)
        if text.count("[") + text.count("{") > MAX_DEPTH and json_depth(text) > MAX_DEPTH:
            return refusal(["body"], "json_too_deep",
                           t("the request body nests arrays and objects more than {n} deep", n=MAX_DEPTH))
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return None  # FastAPI says where (json_invalid)
        except ValueError as exc:  # e.g. an integer of more digits than Python converts
            return refusal(["body"], "json_invalid", t("the request body is not usable JSON: {why}", why=str(exc)[:120]))
        found = bad_value(data, ["body"])
        if found is None:
            return None
        loc, why = found
        return refusal(loc, "value_invalid", why)


async def refused_input(request: Request, exc: Exception) -> JSONResponse:
    """The 422 for a request that does not fit the models (``errors.Invalid``): FastAPI's items, each
    error's ``input`` left out when it cannot be sent back as JSON (bytes that are not text, a number that
    is not finite)."""
    assert isinstance(exc, RequestValidationError)
    items = []
    for error in exc.errors():
        error = {k: v for k, v in error.items() if k != "url"}
        try:
            error = jsonable_encoder(error)
            json.dumps(error, allow_nan=False, ensure_ascii=False).encode("utf-8")
        except (ValueError, TypeError):
            error = jsonable_encoder({k: v for k, v in error.items() if k not in ("input", "ctx")})
        items.append(error)
    return errors.invalid(items)


class SecurityHeaders:
    """Every response (pages, API, static files, refusals, failures) forbids being shown in another
    site's frame (``X-Frame-Options: DENY`` and, unless the response has a policy of its own, the pages'
    includes it, ``Content-Security-Policy: frame-ancestors 'none'``), forbids MIME sniffing and sends
    no referrer. An exception nothing else caught is logged and answered 500 with these headers."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def guarded(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [h for h in HEADERS if h[0] not in names]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", b"frame-ancestors 'none'"))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, guarded)
        except Exception:
            log.exception("unexpected failure answering %s %s", scope.get("method"), scope.get("path"))
            if started:
                raise
            await errors.refusal(500, t("the server failed to answer this request"))(scope, receive, guarded)


NOT_AN_ADDRESS = "not an address"  # the one client every host that is not an address counts as


def client_key(host: str) -> str:
    """The client a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (an
    IPv4-mapped one as its IPv4 address). Anything else (a forwarded-for value that is no address, which
    uvicorn passes on from a trusted proxy as it is; a test client's name) counts as one client together,
    ``NOT_AN_ADDRESS``: a made-up value is not a new client with an allowance of its own."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return NOT_AN_ADDRESS
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
