"""The games API: create, read, act (an action or a plan), undo, delete, and a finished game's record
and replay.

A request names a seat only by that seat's secret token (header ``X-Token``; ``dependencies.SeatDep``);
the engine checks every action (``manager``); anything refused changes nothing and says why in
``{"detail": ...}`` (``live.GameError``). The view answered is the one every page sees
(``views.game_json``, cached per change), with ``you``: the seats the request's tokens hold.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from lewis_clark.cards import COLOURS
from lewis_clark.route import Route
from lewis_clark.state import Options
from lewis_clark.web.dependencies import (
    GAME_ID,
    GameDep,
    LimitDep,
    ManagerDep,
    MetricsDep,
    ReplaysDep,
    SeatDep,
    Token,
)
from lewis_clark.web.errors import answers
from lewis_clark.web.limits import retry_after
from lewis_clark.web.live import GameError, LiveGame, finished, language_of
from lewis_clark.web.models import ActionIn, Created, CreatedSeat, GameIn, SeatIn, UndoIn
from lewis_clark.web.safety import client_key
from lewis_clark.web.views import log_json, personal_view, replay_json
from lewis_clark.wording import language, t, tn

# Every operation here may answer 400 (a Host not served), 422 (a request that does not fit) and 503 (the
# database); each route adds its own. The schema lists them all, in the one error model (``errors``).
router = APIRouter(prefix="/api/games", responses=answers(400, 422, 503))

# From a new game to what can be done with it (OpenAPI links: a client, or a fuzzer, follows them).
_GAME = {"game_id": "$response.body#/id"}
_SEAT = {**_GAME, "header.X-Token": "$response.body#/seats/0/token"}
LINKS = {
    "GetGame": {"operationId": "get_game_api_games__game_id__get", "parameters": _GAME},
    "Act": {"operationId": "act_api_games__game_id__actions_post", "parameters": _SEAT},
    "Undo": {"operationId": "undo_api_games__game_id__undo_post", "parameters": _SEAT},
    "Hint": {"operationId": "hint_api_games__game_id__hint_get", "parameters": _SEAT},
    "Log": {"operationId": "full_log_api_games__game_id__log_get", "parameters": _GAME},
    "Record": {"operationId": "record_api_games__game_id__record_get", "parameters": _GAME},
    "Replay": {"operationId": "replay_api_games__game_id__replay__step__get", "parameters": _GAME},
    "Delete": {"operationId": "delete_api_games__game_id__delete",
               "parameters": {**_GAME, "header.X-Token": "$response.body#/creator"}},
}


def game_response(game: LiveGame, tokens: str | None, lang: str = "en", plan: dict[str, Any] | None = None) -> Response:
    """The game's cached public view in ``lang``, with the seats ``tokens`` hold (and what a plan did)."""
    you = game.seats_of((tokens or "").split(",")[:5]) if tokens else []
    return Response(personal_view(game.view_text(lang), you, plan), media_type="application/json")


@router.post("", status_code=201, response_model=Created, summary="Create a game",
             responses={201: {"links": LINKS}, **answers(411, 413, 429, retry_after=(429, 503))})
async def create(spec: GameIn, request: Request, manager: ManagerDep, limit: LimitDep, metrics: MetricsDep) -> Created:
    colours = _colours(spec.seats)
    try:
        route = Route.parse(spec.route) if spec.route and spec.route.strip() else None
        if route is not None and len(route.terrains) > 120:
            raise ValueError("route: at most 120 spaces")
    except ValueError as exc:
        raise GameError(422, str(exc), loc=["body", "route"]) from None
    if spec.mackenzie and len(spec.seats) != 1:
        raise GameError(422, "the solo level is for one seat", loc=["body", "mackenzie"])
    try:
        options = Options(players=len(spec.seats), seed=spec.seed if spec.seed is not None else _random_seed(),
                          colours=colours, mackenzie=spec.mackenzie if len(spec.seats) == 1 else 0,
                          random_start=spec.random_start, chosen_seed=spec.seed is not None)
        if route is not None:
            options = replace(options, route=route)
    except ValueError as exc:
        raise GameError(422, str(exc)) from None
    seats = [(s.kind, s.level) for s in spec.seats]
    wait = limit.take(client_key(request.client.host) if request.client else "")
    if wait:
        seconds = retry_after(wait)
        metrics.refused.inc()
        raise GameError(429, tn("too many new games: try again in {n} second",
                                "too many new games: try again in {n} seconds", seconds),
                        headers={"Retry-After": str(seconds)})
    game, tokens, creator = await manager.create(options, seats, [(s.name or "").strip() for s in spec.seats])
    metrics.created.inc()
    out = [CreatedSeat(seat=i, colour=colours[i], kind=kind, level=level if kind == "bot" else "", token=t,
                       link=f"/play/{game.id}#t={t}" if t else "")
           for i, ((kind, level), t) in enumerate(zip(seats, tokens, strict=True))]
    humans = [t for t in tokens if t]
    return Created(id=game.id, seats=out, spectator=f"/play/{game.id}",
                   hotseat=f"/play/{game.id}#t={','.join(humans)}" if humans else "", creator=creator)


@router.delete("/{game_id}", status_code=204, summary="Delete a game (the creator's token in X-Token)",
               responses=answers(401, 403, 404))
async def delete(game_id: str, manager: ManagerDep, metrics: MetricsDep, replays: ReplaysDep,
                 x_token: Token = None) -> Response:
    # Not GameDep: the creator's token is checked against the store, without rebuilding the game.
    if not GAME_ID.match(game_id):
        raise GameError(404, t("no game {id}", id=repr(game_id)))
    await manager.delete(game_id, x_token)
    metrics.deleted.inc()
    replays.forget(game_id)
    return Response(status_code=204)


@router.get("/{game_id}", summary="The game as every page sees it (+ your seats)", responses=answers(404))
async def get_game(game: GameDep, x_token: Token = None, lang: str = "en") -> Response:
    return game_response(game, x_token, lang)


@router.post("/{game_id}/actions", summary="Act for your seat (token in X-Token): an action or a plan",
             responses=answers(401, 403, 404, 409, 411, 413))
async def act(game: GameDep, seat: SeatDep, body: ActionIn, manager: ManagerDep, metrics: MetricsDep,
              x_token: Token = None, lang: str = "en") -> Response:
    if body.plan is None:
        with metrics.timing_action():
            await manager.act(game, seat, body.action or "", body.expect)
        return game_response(game, x_token, lang)
    with metrics.timing_action():
        planned = await manager.act_plan(game, seat, body.plan, body.expect)
    return game_response(game, x_token, lang, planned.to_json())


@router.post("/{game_id}/undo", summary="Take back your last action, choice (a whole plan) or turn so far",
             responses=answers(401, 403, 404, 409, 411, 413))
async def undo(game: GameDep, seat: SeatDep, manager: ManagerDep, body: UndoIn | None = None, x_token: Token = None,
               lang: str = "en") -> Response:
    await manager.undo(game, seat, body.expect if body else None, body.back if body else "action")
    return game_response(game, x_token, lang)


@router.get("/{game_id}/log", summary="Every log line of the game", responses=answers(404))
async def full_log(game: GameDep, lang: str = "en") -> dict[str, Any]:
    return {"id": game.id, "log": log_json(game.match, game.names, lang=language_of(lang))}


@router.get("/{game_id}/record", summary="The game record (finished games only)", responses=answers(404, 409))
async def record(game: GameDep) -> dict[str, Any]:
    return finished(game).match.record.to_json()  # seats as specs: `lewis-clark play --load` reads it


@router.get("/{game_id}/replay/{step}", summary="The table after `step` actions (finished games only)",
            responses=answers(404, 409))
async def replay(game: GameDep, step: int, replays: ReplaysDep, lang: str = "en") -> dict[str, Any]:
    finished(game)
    if not 0 <= step <= len(game.actions):
        raise GameError(404, f"step must be 0-{len(game.actions)}")
    with language(language_of(lang)):
        return replay_json(game.id, game.seats, game.match, replays.state(game, step), step)


def _colours(seats: list[SeatIn]) -> tuple[str, ...]:
    """Seat colours: those asked for, the rest in the usual order; each colour once."""
    chosen = [s.colour for s in seats]
    free = [c for c in COLOURS if c not in chosen]
    out = []
    for c in chosen:
        out.append(c if c else free.pop(0))
    if len(set(out)) != len(out):
        raise GameError(422, "each seat needs its own colour", loc=["body", "seats"])
    return tuple(out)


def _random_seed() -> int:
    """128 bits from the OS: too many to search against the cards dealt (the keyed deck generator, rng.py)."""
    return secrets.randbits(128)
