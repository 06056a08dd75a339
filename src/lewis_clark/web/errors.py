"""Every error the server answers, in one shape, and the answers each operation documents.

An error is ``{"detail": "why, in the request's language"}`` (``Refusal``), whatever refused it (a route,
a middleware, the router itself); a 422 adds ``errors``, one item per refused field (``Invalid``), and a
503 adds ``reason``, the cause for machines (``Outage``). ``refusal`` and ``invalid`` make the answers;
``answers`` is what a route gives FastAPI's ``responses=``, so that the schema at ``/docs`` lists every
status an operation can answer, each with this model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, JsonValue

__all__ = ["FieldError", "Invalid", "Outage", "Refusal", "answers", "invalid", "refusal", "summary"]

CLOSED = ConfigDict(extra="forbid")  # the schema says exactly what an answer holds


class Refusal(BaseModel):
    """A refused request: nothing changed."""

    model_config = CLOSED
    detail: str = Field(description="why, in words, in the request's language (`?lang=`)")


class FieldError(BaseModel):
    """One refused part of a request (the items of FastAPI's own validation errors)."""

    model_config = CLOSED
    type: str = Field(description="what kind of fault, e.g. `missing`, `int_type`, `json_invalid`")
    loc: list[str | int] = Field(description="where: `body`, `query`, `header` or `path`, then the field's path")
    msg: str = Field(description="what is wrong with it")
    input: JsonValue = Field(None, description="the value refused (left out when it cannot be sent back as JSON)")
    ctx: dict[str, JsonValue] | None = Field(None, description="the limit the value broke, e.g. `{\"max_length\": 24}`")


class Invalid(Refusal):
    """A request that does not fit the schema (422): ``detail`` sums up ``errors``."""

    errors: list[FieldError] = Field(min_length=1)


class Outage(Refusal):
    """The games' database cannot serve now (503); ``Retry-After`` says when to try again."""

    reason: str = Field(description="`database not answering`, `disk full`, `database read-only` or `database failed`")


# What each status means for every operation that answers it (the schema's descriptions).
MEANING: dict[int, tuple[str, type[Refusal]]] = {
    400: ("refused: an action the rules do not allow now, or a Host header the server does not serve "
          "(`--allowed-host`)", Refusal),
    401: ("this needs a token in `X-Token`", Refusal),
    403: ("the token in `X-Token` holds no seat here (or is not the creator's)", Refusal),
    404: ("no such game (or step)", Refusal),
    409: ("not now: the game moved on (`expect`), it is not this seat's decision, or the game is (not) over", Refusal),
    411: ("a body sent in chunks: say its length (`Content-Length`)", Refusal),
    413: ("a body over 16 KiB", Refusal),
    422: ("the request does not fit the schema (a field's type, size or value; a body that is not JSON, "
          "not UTF-8, or nested too deep)", Invalid),
    429: ("too many requests from this client: try again after `Retry-After` seconds", Refusal),
    503: ("the games' database cannot serve now: try again after `Retry-After` seconds", Outage),
}
RETRY_AFTER = {"description": "seconds to wait before trying again", "schema": {"type": "integer", "minimum": 0}}


def answers(*statuses: int, retry_after: Sequence[int] = (503,)) -> dict[int | str, dict[str, Any]]:
    """FastAPI's ``responses=`` for the error statuses an operation answers, each with its model; the
    ones in ``retry_after`` always carry a ``Retry-After`` header."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        meaning, model = MEANING[status]
        out[status] = {"model": model, "description": meaning}
        if status in retry_after:
            out[status]["headers"] = {"Retry-After": {**RETRY_AFTER, "required": True}}
        elif status in (429, 503):
            out[status]["headers"] = {"Retry-After": RETRY_AFTER}
    return out


def refusal(status: int, detail: str, headers: Mapping[str, str] | None = None, **extra: str) -> JSONResponse:
    """The answer refusing a request with ``status``, saying ``detail`` (and ``extra``: a 503's ``reason``)."""
    return JSONResponse({"detail": detail, **extra}, status, headers=dict(headers) if headers else None)


def summary(errors: Sequence[Mapping[str, Any]]) -> str:
    """The items of a 422 in one line, each as ``field: why`` (the field's path without where it was)."""
    parts = []
    for error in errors:
        where = ".".join(str(x) for x in list(error.get("loc", []))[1:])
        parts.append(f"{where}: {error.get('msg', '')}" if where else str(error.get("msg", "")))
    return "; ".join(parts)


def invalid(errors: Sequence[Mapping[str, Any]]) -> JSONResponse:
    """A 422 naming each refused field: ``errors`` are FastAPI's items (``type``, ``loc``, ``msg``, ...)."""
    items = [dict(e) for e in errors]
    return JSONResponse({"detail": summary(items), "errors": items}, 422)
