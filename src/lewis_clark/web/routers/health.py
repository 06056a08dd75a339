"""``GET /healthz`` (liveness) and ``GET /readyz`` (readiness), outside the API's schema: they are for
machines (what they check: ``web/health.py``; docs/deploy.md)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from lewis_clark.web import health as readiness
from lewis_clark.web.dependencies import ManagerDep, StoreDep

router = APIRouter(include_in_schema=False)
NO_STORE = {"Cache-Control": "no-store"}


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


@router.get("/readyz")
async def readyz(manager: ManagerDep, store: StoreDep) -> JSONResponse:
    why = readiness.problem(manager) or await readiness.store_problem(store, readiness.READY_TIMEOUT)
    if why:
        return JSONResponse({"status": "unavailable", "reason": why}, 503, headers=NO_STORE)
    return JSONResponse({"status": "ready"}, headers=NO_STORE)
