"""The HTTP/1.1 connection: uvicorn's h11 protocol with a limit on the time a request's head may take.

uvicorn closes a connection idle between two requests (``--keep-alive``) but waits for ever on one that
sends its request line and headers slowly or not at all (slowloris: a few hundred such connections hold
every ``--max-connections`` place). Here the head of each request must be complete within
``header_timeout`` seconds of the connection opening or of the request's first byte, else the connection
is closed with no answer; the body and the app's answer have no such limit (a bot's thinking, a WebSocket).
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderTimeoutProtocol(H11Protocol):
    """H11Protocol closing a connection whose request head is not complete in ``header_timeout`` s."""

    header_timeout = 10.0
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # a head begun, not ended (or the next request's, kept alive)
            if self._head_timer is None and not self.transport.is_closing():
                self._arm()
        else:  # the head is in: the body and the answer may take their time
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._head_timer = self.loop.call_later(self.header_timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.logger.debug("closing a connection whose request head took over %g s", self.header_timeout)
            self.transport.close()


def with_header_timeout(seconds: float) -> type[HeaderTimeoutProtocol]:
    """The protocol class (uvicorn's ``http=``) with a head time limit of ``seconds``."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
