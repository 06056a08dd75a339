"""Limits on creating games: a token bucket per client address and one for the whole server.

A bucket holds up to ``per_minute`` tokens and refills at ``per_minute`` a minute; each new game takes
one from the client's bucket and one from the server's. A request finding either empty is refused,
taking nothing from the other, and told how long until a token is back. The server's bucket's last
half goes only to clients that created at most one game lately, so a few clients cannot empty it;
a client is an IPv4 address or an IPv6 /64 (``safety.client_key``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_CLIENTS = 10_000  # buckets remembered; full ones (clients quiet for a minute) are forgotten first


@dataclass
class Bucket:
    """``per_minute`` tokens at most, refilled continuously."""

    per_minute: int
    tokens: float
    at: float

    def refill(self, now: float) -> None:
        self.tokens = min(float(self.per_minute), self.tokens + (now - self.at) * self.per_minute / 60)
        self.at = now

    def wait(self) -> float:
        """Seconds until the next token (0: one is here)."""
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) * 60 / self.per_minute

    def wait_for(self, level: float) -> float:
        """Seconds until the bucket holds ``level`` tokens."""
        return max(0.0, (level - self.tokens) * 60 / self.per_minute)

    @property
    def full(self) -> bool:
        return self.tokens >= self.per_minute


class Buckets:
    """A token bucket of ``per_minute`` for each key (a client, a seat), full when first asked for; 0 means
    no limit. At most ``MAX_CLIENTS`` are remembered: a full bucket is the same as a new one."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, Bucket] = {}

    def bucket(self, key: str, now: float) -> Bucket | None:
        """``key``'s bucket refilled to ``now``, or None when there is no limit."""
        if not self.per_minute:
            return None
        found = self.buckets.get(key)
        if found is None:
            self._forget(now)
            found = self.buckets[key] = Bucket(self.per_minute, float(self.per_minute), now)
        found.refill(now)
        return found

    def _forget(self, now: float) -> None:
        if len(self.buckets) < MAX_CLIENTS:
            return
        for key, b in list(self.buckets.items()):
            b.refill(now)
            if b.full:
                del self.buckets[key]
        if len(self.buckets) >= MAX_CLIENTS:  # all busy: forget the oldest (dicts keep insertion order)
            del self.buckets[next(iter(self.buckets))]


class CreationLimit:
    """Games each client (by address) and the whole server may create a minute; 0 means no limit."""

    def __init__(self, per_client: int = 20, overall: int = 200, clock: Callable[[], float] = time.monotonic) -> None:
        if per_client < 0 or overall < 0:
            raise ValueError(f"limits must be 0 or more, got {per_client} and {overall}")
        self.per_client = per_client
        self.overall = overall
        self.clock = clock
        now = clock()
        self.server = Bucket(overall, float(overall), now)
        self.clients = Buckets(per_client)

    def take(self, client: str) -> float:
        """Take a token for ``client`` and 0.0, or take nothing and return the seconds to wait."""
        now = self.clock()
        buckets = []
        bucket = self.clients.bucket(client, now)
        if bucket is not None:
            buckets.append(bucket)
        if self.overall:
            self.server.refill(now)
            buckets.append(self.server)
        wait = max((b.wait() for b in buckets), default=0.0)
        if not wait and self.per_client and self.overall and self.server.tokens < self.overall / 2 \
                and buckets[0].tokens < self.per_client - 1:
            # The server's last half is kept for clients that created at most one game lately: a few busy
            # clients cannot empty it for everyone (each would need a network of its own per game).
            wait = min(self.server.wait_for(self.overall / 2), buckets[0].wait_for(self.per_client - 1))
        if wait:
            return wait
        for b in buckets:
            b.tokens -= 1
        return 0.0


def retry_after(wait: float) -> int:
    """Whole seconds for a Retry-After header: never 0 for a real wait."""
    return max(1, math.ceil(wait))
