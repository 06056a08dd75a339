"""``GET /api/games/{game_id}/hint``: what the expert would do at the seat's decision.

The seat's token in ``X-Token``, as for actions; the answer is JSON ``{"action": the first step's
notation, "label": the whole action in words, "why": one line, "plan": the whole option's steps ("; "
between them, "" when the choice stands alone), "steps": the expert's steps of the whole action}``
(``views.hint_json``). The expert searches for
seconds, in the bot workers, on the seat's view (never the real state: the deck's order stays hidden,
bots/hint.py); hints are limited per seat and per client address (429) and kept per view (``hints``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.requests import HTTPConnection

from lewis_clark.state import view
from lewis_clark.web.dependencies import GameDep, ManagerDep, SeatDep
from lewis_clark.web.errors import answers
from lewis_clark.web.hints import Hints
from lewis_clark.web.limits import retry_after
from lewis_clark.web.live import GameError, check_turn
from lewis_clark.web.safety import client_key
from lewis_clark.web.views import hint_json
from lewis_clark.wording import tn

router = APIRouter(prefix="/api/games")


async def get_hints(conn: HTTPConnection) -> Hints:
    hints: Hints = conn.app.state.hints
    return hints


HintsDep = Annotated[Hints, Depends(get_hints)]


@router.get("/{game_id}/hint", summary="What the expert would do now (your seat's token in X-Token)",
            responses=answers(400, 401, 403, 404, 409, 422, 429, 503))
async def hint(game: GameDep, seat: SeatDep, request: Request, manager: ManagerDep, hints: HintsDep,
               lang: str = "en") -> dict[str, str]:
    check_turn(game, seat)  # 409: the game is over, or not this seat's decision
    wait = hints.take(game.id, seat, client_key(request.client.host) if request.client else "")
    if wait:
        seconds = retry_after(wait)
        raise GameError(429, tn("too many hints asked for: try again in {n} second",
                                "too many hints asked for: try again in {n} seconds", seconds),
                        headers={"Retry-After": str(seconds)})
    seen = view(game.state, seat)
    found = await hints.answer(game.id, seat, seen, manager.pool)
    return hint_json(seen, found, lang)
