"""The HTTP/1.1 connection: uvicorn's h11 protocol with a limit on the time a request's head may take
and a share of the connections for each client.

- **Head timeout.** uvicorn closes a connection idle between two requests (``--keep-alive``) but waits
  for ever on one that sends its request line and headers slowly or not at all (slowloris: a few hundred
  such connections hold every ``--max-connections`` place). Here the head of each request must be
  complete within ``header_timeout`` seconds of the connection opening or of the request's first byte,
  else the connection is closed with no answer; the body and the app's answer have no such limit (a
  bot's thinking, a WebSocket).
- **A share per client.** One client (an IPv4 address, an IPv6 /64: ``safety.client_key``) may hold at
  most ``per_client`` connections at once; one more is answered 503 and closed before anything is read,
  so one address cannot take every ``--max-connections`` place (1,000 slow heads from one address
  answered every other client 503, ``/healthz`` included). A connection upgraded to a WebSocket leaves
  the share: open pages have theirs (``--ws-per-client``). A reverse proxy's address (uvicorn's
  ``forwarded_allow_ips``) has no share: every client behind it comes from there.

uvicorn offers neither (0.55), so this extends its h11 protocol: the versions allowed in pyproject.toml
are the ones tested (tests/web/test_web_outage.py).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from lewis_clark.web.safety import client_key
from lewis_clark.wording import t

PER_CLIENT = 64  # connections one client may hold: a household's tabs and their WebSockets fit


def trusted(config_value: Any) -> tuple[bool, list[ipaddress.IPv4Network | ipaddress.IPv6Network]]:
    """uvicorn's ``forwarded_allow_ips`` as (every address is a proxy, the proxies' networks)."""
    items = config_value if isinstance(config_value, list) else str(config_value or "").split(",")
    networks = []
    for item in (i.strip() for i in items):
        if item == "*":
            return True, []
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:  # a Unix socket's name, a host name: no address to match
            continue
    return False, networks


class LimitedProtocol(H11Protocol):
    """H11Protocol closing a connection whose request head is not complete in ``header_timeout`` s, and
    refusing a client's connections beyond ``per_client``."""

    header_timeout = 10.0
    per_client = PER_CLIENT
    open_by_client: ClassVar[dict[str, int]] = {}  # this server's connections by client (with_limits)
    _head_timer: asyncio.TimerHandle | None = None
    _client_key: str | None = None  # counted in open_by_client
    _refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        key = self._share(transport)
        if key is not None and self.open_by_client.get(key, 0) >= self.per_client:
            self._refused = True
            body = json.dumps({"detail": t("too many connections from one address")}).encode()
            transport.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                            b"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            transport.close()
            return
        if key is not None:
            self.open_by_client[key] = self.open_by_client.get(key, 0) + 1
            self._client_key = key
        super().connection_made(transport)
        self._arm()

    def _share(self, transport: asyncio.Transport) -> str | None:
        """The client whose share this connection counts in (None: a proxy's, or no address)."""
        peer = transport.get_extra_info("peername")
        if not isinstance(peer, tuple) or not peer:
            return None
        try:
            address = ipaddress.ip_address(peer[0])
        except ValueError:
            return None
        every, networks = trusted(getattr(self.config, "forwarded_allow_ips", ""))
        if every or any(address in net for net in networks if net.version == address.version):
            return None
        return client_key(str(address))

    def _release(self) -> None:
        key, self._client_key = self._client_key, None
        if key is not None:
            left = self.open_by_client.get(key, 1) - 1
            if left > 0:
                self.open_by_client[key] = left
            else:
                self.open_by_client.pop(key, None)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # a head begun, not ended (or the next request's, kept alive)
            if self._head_timer is None and not self.transport.is_closing():
                self._arm()
        else:  # the head is in: the body and the answer may take their time
            self._disarm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._release()  # a WebSocket counts in --ws-per-client instead
        self._disarm()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return
        self._release()
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


def with_limits(header_timeout: float, per_client: int = PER_CLIENT) -> type[LimitedProtocol]:
    """The protocol class (uvicorn's ``http=``) with a head time limit of ``header_timeout`` seconds and
    ``per_client`` connections for each client, counted for this server alone."""
    return type("LimitedProtocol", (LimitedProtocol,),
                {"header_timeout": header_timeout, "per_client": per_client, "open_by_client": {}})
