"""``GET /api/games/{game_id}/hint``: what the expert would do at the seat's decision.

The seat's token in ``X-Token``, as for actions; the answer is JSON ``{"action": notation,
"label": the choice in words, "why": one line}`` (``views.hint_json``). The expert searches for
seconds, so it runs in a thread, off the event loop, on a copy of the seat's view (never the real
state: the deck's order stays hidden, bots/hint.py).
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

from lewis_clark.bots.hint import expert_hint
from lewis_clark.state import view
from lewis_clark.web.dependencies import GameDep, SeatDep
from lewis_clark.web.errors import answers
from lewis_clark.web.live import check_turn
from lewis_clark.web.views import hint_json

router = APIRouter(prefix="/api/games")


@router.get("/{game_id}/hint", summary="What the expert would do now (your seat's token in X-Token)",
            responses=answers(400, 401, 403, 404, 409, 422, 429, 503))
async def hint(game: GameDep, seat: SeatDep, lang: str = "en") -> dict[str, str]:
    check_turn(game, seat)  # 409: the game is over, or not this seat's decision
    seen = view(game.state, seat)
    found = await asyncio.to_thread(expert_hint, seen)
    return hint_json(seen, found, lang)
