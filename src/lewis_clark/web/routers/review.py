"""``/api/games/{game_id}/review``: the post-game review of a finished game (bots/review.py).

``POST`` starts it in the background (``web/reviews.py``) and answers at once; ``GET`` says how far it
is (``{"state": "none" | "running" | "done" | "failed", "done": turns, "total": turns}``, ``error`` when
failed: a POST then starts it again) and, once done,
gives the review's facts (``review``, as ``lewis-clark review --json``) and its words in ``lang``
(``words``: each seat's chart legend and costliest turns). Like the record and the replay, it opens only
when the game is over: before, it would tell a seat what the others hold in mind.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import HTTPConnection

from lewis_clark.bots.review import assemble, review_json
from lewis_clark.web.dependencies import GameDep, ManagerDep
from lewis_clark.web.errors import answers
from lewis_clark.web.live import GameError, finished, language_of
from lewis_clark.web.reviews import Busy, Job, Reviews
from lewis_clark.wording import language, t
from lewis_clark.wording.review import review_words

router = APIRouter(prefix="/api/games")


async def get_reviews(conn: HTTPConnection) -> Reviews:
    reviews: Reviews = conn.app.state.reviews
    return reviews


ReviewsDep = Annotated[Reviews, Depends(get_reviews)]


def review_status(job: Job | None, players: int, lang: str) -> dict[str, Any]:
    """How far the review is; the review itself and its words once done."""
    if job is None:
        return {"state": "none", "done": 0, "total": 0}
    state = "failed" if job.failed else "done" if job.finished else "running"
    out: dict[str, Any] = {"state": state, "done": len(job.done), "total": len(job.played), "level": job.level}
    if job.failed:
        out["error"] = job.failed
    if state == "done":
        made = assemble(job.level, players, job.done)
        with language(language_of(lang)):
            out["review"] = review_json(made)
            out["words"] = review_words(made, job.played)
    return out


@router.post("/{game_id}/review", status_code=202, summary="Start the post-game review (finished games only)",
             responses=answers(400, 404, 409, 422, 429, 503))
async def start_review(game: GameDep, manager: ManagerDep, reviews: ReviewsDep, lang: str = "en") -> dict[str, Any]:
    finished(game)
    try:
        job = reviews.start(game.id, game.match.record, manager.pool)
    except Busy:
        raise GameError(429, t("the server is reviewing other games: try again in a minute"),
                        headers={"Retry-After": "60"}) from None
    return review_status(job, game.state.options.players, lang)


@router.get("/{game_id}/review", summary="How far the post-game review is, and the review once done",
            responses=answers(400, 404, 409, 422, 503))
async def get_review(game: GameDep, reviews: ReviewsDep, lang: str = "en") -> dict[str, Any]:
    finished(game)
    return review_status(reviews.get(game.id), game.state.options.players, lang)
