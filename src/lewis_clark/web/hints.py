"""The expert's hints as the server gives them (``GET /api/games/{id}/hint``, routers/hint.py): limited,
cached and computed away from the server's process.

- **Limited.** A hint is a search of seconds: each seat may ask ``per_minute`` a minute and each client
  (an IPv4 address, an IPv6 /64: ``safety.client_key``) three times that, as token buckets (a burst of a
  minute's allowance, then one more as each refills); past either, 429 with ``Retry-After``. A request
  refused takes nothing from the other bucket.
- **Cached per view.** The expert's answer depends only on what the seat sees (``bots.hint``: its seed
  is taken from the view), so it is kept by game, seat and view: asked again, or by several pages at
  once, it is computed once.
- **In the bot workers** (``bot_pool``), never in the server's own threads: a search holds Python's GIL.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable

from lewis_clark.bots.hint import Hint, expert_hint, hint_seed
from lewis_clark.state import State
from lewis_clark.web.bot_pool import BotPool
from lewis_clark.web.limits import Buckets

PER_MINUTE = 10  # hints a seat may ask for a minute (a client address: three times as many)
CLIENT_TIMES = 3
KEEP = 512  # answers kept (the newest)


class Hints:
    """The hints' limits and their cache; ``answer`` computes in ``pool``."""

    def __init__(self, per_minute: int = PER_MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute < 0:
            raise ValueError(f"hints a minute must be 0 or more, got {per_minute}")
        self.clock = clock
        self.seats = Buckets(per_minute)
        self.clients = Buckets(per_minute * CLIENT_TIMES)
        self.kept: OrderedDict[tuple[str, int, int], Hint] = OrderedDict()
        self.computing: dict[tuple[str, int, int], asyncio.Task[Hint]] = {}
        self.computed = 0  # searches run (the others were answered from the cache)

    def take(self, game_id: str, seat: int, client: str) -> float:
        """Take a hint for the seat and the client and 0.0, or take nothing and return the seconds to wait."""
        now = self.clock()
        buckets = [b for b in (self.seats.bucket(f"{game_id}/{seat}", now), self.clients.bucket(client, now)) if b]
        wait = max((b.wait() for b in buckets), default=0.0)
        if wait:
            return wait
        for b in buckets:
            b.tokens -= 1
        return 0.0

    async def answer(self, game_id: str, seat: int, seen: State, pool: BotPool) -> Hint:
        """The expert's hint for ``seen`` (the seat's view): kept, being computed, or computed now."""
        key = (game_id, seat, hint_seed(seen))
        kept = self.kept.get(key)
        if kept is not None:
            self.kept.move_to_end(key)
            return kept
        task = self.computing.get(key)
        if task is None:
            task = self.computing[key] = asyncio.get_running_loop().create_task(self._compute(key, seen, pool))
            task.add_done_callback(lambda _: self.computing.pop(key, None))
        return await asyncio.shield(task)  # a page that goes away does not stop the others' answer

    async def _compute(self, key: tuple[str, int, int], seen: State, pool: BotPool) -> Hint:
        self.computed += 1
        found = await pool.run(expert_hint, seen)
        self.kept[key] = found
        while len(self.kept) > KEEP:
            self.kept.popitem(last=False)
        return found
