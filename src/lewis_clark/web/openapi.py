"""The API description in OpenAPI 3.0, the version the bundled Swagger UI (4.x, swagger-ui-bundle) reads.

FastAPI writes OpenAPI 3.1, where a value that may be null is ``anyOf: [X, {"type": "null"}]`` and an
example list is ``examples``; 3.0 says ``nullable: true`` and ``example``. ``serve_openapi_30`` makes
``/openapi.json`` the 3.0 form, built once.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

__all__ = ["as_30", "serve_openapi_30"]

VERSION = "3.0.3"


def as_30(node: Any) -> Any:
    """A 3.1 schema tree in 3.0 terms: null alternatives become ``nullable``, ``examples`` ``example``,
    numeric ``exclusiveMinimum``/``exclusiveMaximum`` the 3.0 booleans."""
    if isinstance(node, list):
        return [as_30(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: as_30(v) for k, v in node.items()}
    for key in ("anyOf", "oneOf"):
        alts = out.get(key)
        if isinstance(alts, list) and {"type": "null"} in alts:
            rest = [a for a in alts if a != {"type": "null"}]
            del out[key]
            if len(rest) == 1 and "$ref" not in rest[0]:
                out.update(rest[0])
            elif len(rest) == 1:
                out["allOf"] = rest
            else:
                out[key] = rest
            out["nullable"] = True
    if out.get("type") == "null":
        del out["type"]
        out["nullable"] = True
    if isinstance(out.get("examples"), list) and "properties" not in out.get("examples", {}):
        examples = out.pop("examples")
        if examples:
            out["example"] = examples[0]
    for bound, flag in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(out.get(bound), (int, float)) and not isinstance(out.get(bound), bool):
            out[flag] = out.pop(bound)
            out[bound] = True
    return out


def serve_openapi_30(app: FastAPI) -> None:
    """``app.openapi()`` (``/openapi.json``) answers OpenAPI 3.0."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            spec = as_30(spec)
            spec["openapi"] = VERSION
            app.openapi_schema = spec
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
