"""The HTML pages (plain ES modules and SVG from ``static/``, no build step), the How to play page and
``/docs``: Swagger UI shipped in the package (``static/swagger-ui/``, a copy of the npm package
swagger-ui-dist), never from a CDN, so it works offline and no request leaves the server; it is started
by ``static/docs.js`` under the pages' own Content-Security-Policy. None of them is in the API's schema."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from lewis_clark.web.guide import guide_page
from lewis_clark.web.live import language_of

STATIC = Path(str(resources.files("lewis_clark.web") / "static"))
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:;"
                                          " style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}

DOCS = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lewis &amp; Clark - API</title>
<link rel="stylesheet" href="/static/swagger-ui/swagger-ui.css">
<link rel="icon" type="image/png" href="/static/swagger-ui/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/static/swagger-ui/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body>
</html>
"""

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
    return HTMLResponse(DOCS, headers=PAGE_HEADERS)
