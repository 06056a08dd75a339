"""``GET /metrics``: the metrics in Prometheus' text format (``web/metrics.py``); with the server's
metrics token (``app.state.metrics_token``), only for ``Authorization: Bearer <token>``."""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST

from lewis_clark.web.dependencies import MetricsDep
from lewis_clark.web.errors import refusal

router = APIRouter(include_in_schema=False)


@router.get("/metrics")
async def scrape(request: Request, metrics: MetricsDep) -> Response:
    token: str | None = request.app.state.metrics_token
    wanted = f"Bearer {token}".encode() if token else b""
    if wanted and not secrets.compare_digest(request.headers.get("authorization", "").encode(), wanted):
        return refusal(401, "the metrics need the server's metrics token (Authorization: Bearer ...)",
                       {"WWW-Authenticate": "Bearer"})
    return Response(metrics.text(), media_type=CONTENT_TYPE_LATEST)
