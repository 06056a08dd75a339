"""The HTML pages (plain ES modules and SVG from ``static/``, no build step), the How to play page and
``/docs``: Swagger UI served from an installed package (swagger-ui-bundle), never from a CDN, so it
works offline and no request leaves the server. None of them is in the API's schema."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response

from lewis_clark.web.guide import guide_page
from lewis_clark.web.live import language_of

STATIC = Path(str(resources.files("lewis_clark.web") / "static"))
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:;"
                                          " style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers=PAGE_HEADERS)


@router.get("/")
async def home() -> FileResponse:
    return page("index.html")


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)


@router.get("/play/{game_id}")
async def play(game_id: str) -> FileResponse:
    return page("game.html")


@router.get("/how-to-play")
async def how_to_play(lang: str = "en") -> Response:
    return Response(guide_page(language_of(lang)), media_type="text/html", headers=PAGE_HEADERS)


@router.get("/replay/{game_id}")
async def replay_page(game_id: str) -> FileResponse:
    return page("replay.html")


@router.get("/docs")
async def docs() -> HTMLResponse:
    return get_swagger_ui_html(openapi_url="/openapi.json", title="Lewis & Clark - API",
                               swagger_js_url="/docs-static/swagger-ui-bundle.js",
                               swagger_css_url="/docs-static/swagger-ui.css",
                               swagger_favicon_url="/docs-static/favicon-32x32.png",
                               swagger_ui_parameters={"validatorUrl": None})
