"""``GET /api/meta``: the static game data the pages read (cards with their texts, Village places,
bot levels, colours), in the asked language."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from lewis_clark.web.errors import answers
from lewis_clark.web.views import meta_json
from lewis_clark.wording import KNOWN, language

router = APIRouter()


@router.get("/api/meta", summary="Static game data: cards with their texts, Village places, levels",
            responses=answers(400, 422))
async def meta(lang: str = "en") -> dict[str, Any]:
    # Built per request, in the asked language (unknown codes get English): nothing here is cached.
    with language(lang if lang in KNOWN else "en"):
        return meta_json()
