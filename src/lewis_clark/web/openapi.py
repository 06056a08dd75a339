"""The API's description as ``/openapi.json`` serves it: FastAPI's OpenAPI 3.1, with its numbers exact.

FastAPI passes the schema through its own OpenAPI models, which type every bound (``minimum``,
``exclusiveMaximum``, ...) as a float: the seed's bound 2**256 came out as ``1.157920892373162e+77``,
a number above 2**256, so the schema admitted seeds the server refuses. ``exact_bounds`` writes a whole
bound as the integer it is; ``serve_openapi`` makes ``app.openapi()`` use it, built once.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

__all__ = ["exact_bounds", "serve_openapi"]

BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})


def exact_bounds(node: Any) -> Any:
    """A schema tree with each whole float bound as an integer (a float holds 2**256 exactly; its JSON
    text does not)."""
    if isinstance(node, list):
        return [exact_bounds(x) for x in node]
    if not isinstance(node, dict):
        return node
    return {k: int(v) if k in BOUNDS and isinstance(v, float) and v.is_integer() else exact_bounds(v)
            for k, v in node.items()}


def serve_openapi(app: FastAPI) -> None:
    """``app.openapi()`` (``/openapi.json``) answers FastAPI's schema with exact bounds."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            app.openapi_schema = exact_bounds(spec)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
