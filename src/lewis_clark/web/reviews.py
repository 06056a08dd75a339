"""The post-game review as the server gives it (``/api/games/{id}/review``, routers/review.py): one
review a finished game, run in the background turn by turn in the bot workers, its progress kept.

- **In the background.** ``start`` answers at once; each turn is one job for the bot pool
  (``bot_pool``, as the expert's hints are: a search holds the GIL), so bots and hints of games going
  on take their turns between the review's, and the page polls the progress.
- **Kept.** A finished game never changes, so its review is made once and kept (the newest ``KEEP``);
  at most ``at_once`` reviews run at a time, and one more asked for waits its turn (429).
- **At one budget.** The server's review level (``lewis-clark serve --review-level``, default the expert).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field

from lewis_clark.bots.review import DEFAULT_LEVEL, TurnPlayed, TurnReview, review_spec, review_turn, turns_played
from lewis_clark.record import Record
from lewis_clark.web.bot_pool import BotPool

log = logging.getLogger("lewis_clark.web")
KEEP = 64  # reviews kept (the newest)
AT_ONCE = 2  # reviews running at a time


@dataclass
class Job:
    """One game's review: its turns, those reviewed so far, and how it ended (``failed``: why)."""

    level: str
    played: list[TurnPlayed]
    done: list[TurnReview] = field(default_factory=list)
    failed: str = ""
    task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    @property
    def finished(self) -> bool:
        return not self.failed and len(self.done) == len(self.played)


class Busy(Exception):
    """``at_once`` reviews are running already."""


class Reviews:
    """The reviews of finished games, made in ``pool`` at the ``level`` given (a review level or race spec)."""

    def __init__(self, level: str = DEFAULT_LEVEL, at_once: int = AT_ONCE) -> None:
        self.spec = review_spec(level)  # ReviewError (a ValueError) at start-up, not at the first review
        self.level = level
        self.at_once = at_once
        self.jobs: OrderedDict[str, Job] = OrderedDict()

    def get(self, game_id: str) -> Job | None:
        return self.jobs.get(game_id)

    def start(self, game_id: str, record: Record, pool: BotPool) -> Job:
        """The game's review: kept, running, or started now; Busy when ``at_once`` run already."""
        job = self.jobs.get(game_id)
        if job is not None and not job.failed:
            self.jobs.move_to_end(game_id)
            return job
        if sum(j.running for j in self.jobs.values()) >= self.at_once:
            raise Busy
        job = self.jobs[game_id] = Job(self.level, turns_played(record))
        job.task = asyncio.get_running_loop().create_task(self._run(job, pool))
        while len(self.jobs) > KEEP:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].running:
                break
            self.jobs.popitem(last=False)
        return job

    async def _run(self, job: Job, pool: BotPool) -> None:
        try:
            for turn in job.played:
                job.done.append(await pool.run(review_turn, turn, self.spec))
        except Exception as exc:  # a worker that failed: said on the page, asked again by the next request
            log.exception("review failed")
            job.failed = f"{type(exc).__name__}: {exc}"

    def forget(self, game_id: str) -> None:
        """A deleted game's review goes too (a running one is stopped)."""
        job = self.jobs.pop(game_id, None)
        if job is not None and job.task is not None:
            job.task.cancel()
