"""``GET /api/games/{game_id}/hint``: what the expert would do at the seat's decision.

The seat's token in ``X-Token``, as for actions; the answer is JSON ``{"action": notation,
"label": the choice in words, "why": one line}``. The expert searches for seconds, so it runs in a
thread, off the event loop, on a copy of the seat's view (never the real state: the deck's order
stays hidden, bots/hint.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated

from fastapi import FastAPI, Header

from lewis_clark.bots.hint import Hint, expert_hint
from lewis_clark.state import State, view
from lewis_clark.web.games import GameError, LiveGame, Manager
from lewis_clark.wording import LANGUAGES, label, language, prompt, t
from lewis_clark.wording.advice import advice_why

Token = Annotated[str | None, Header(alias="X-Token", max_length=400)]


def hint_json(seen: State, hint: Hint, lang: str = "en") -> dict[str, str]:
    """The hint as the page shows it, worded in ``lang``."""
    with language(lang if lang in LANGUAGES else "en"):
        return {"action": str(hint.action), "label": label(seen, hint.action), "why": advice_why(hint.why)}


def serve_hint(app: FastAPI, manager: Manager, game_of: Callable[[str], LiveGame]) -> None:
    """Add the hint endpoint."""

    @app.get("/api/games/{game_id}/hint", summary="What the expert would do now (your seat's token in X-Token)")
    async def hint(game_id: str, x_token: Token = None, lang: str = "en") -> dict[str, str]:
        game = game_of(game_id)
        seat = manager.seat_for(game, x_token)
        state = game.state
        if state.over:
            raise GameError(409, t("the game is over"))
        if state.current != seat:
            raise GameError(409, t("not your turn: {prompt}", prompt=prompt(state)))
        seen = view(state, seat)
        found = await asyncio.to_thread(expert_hint, seen)
        return hint_json(seen, found, lang)


__all__ = ["hint_json", "serve_hint"]
