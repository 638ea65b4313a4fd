"""Credential guessing costs time: a peer whose tokens fail gets a short, growing back-off.

A correct token is checked at once and answered at once; only a failure's answer waits
(0.05 s, doubling per failure in a row, at most 2 s). While a peer has MAX_PENDING failures
waiting, its next calls are refused unchecked (RESOURCE_EXHAUSTED), so no peer can test more
than about MAX_PENDING tokens per back-off, however many calls it opens. A peer's record is
forgotten FORGET_S after its last failure.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from arena.errors import ArenaError, TooManyFailuresError

FIRST_DELAY_S = 0.05
MAX_DELAY_S = 2.0
MAX_PENDING = 4  # failures of one peer waiting at once
FORGET_S = 60.0
MAX_PEERS = 10_000  # peers remembered (oldest forgotten first)


@dataclass(slots=True)
class _Peer:
    failures: int = 0
    pending: int = 0
    last: float = 0.0


def peer_host(peer: str) -> str:
    """The address part of a gRPC peer string ("ipv4:1.2.3.4:5678" -> "ipv4:1.2.3.4")."""
    kind, _, rest = peer.partition(":")
    if kind in ("ipv4", "ipv6"):
        host, _, _port = rest.rpartition(":")
        return f"{kind}:{host or rest}"
    return peer


class FailureLimiter:
    """Per-peer back-off for failed credentials (one per server)."""

    def __init__(self, *, first_s: float = FIRST_DELAY_S, max_s: float = MAX_DELAY_S) -> None:
        self.first_s = first_s
        self.max_s = max_s
        self._peers: OrderedDict[str, _Peer] = OrderedDict()

    def _peer(self, host: str) -> _Peer:
        now = time.monotonic()
        state = self._peers.get(host)
        if state is None or (state.pending == 0 and now - state.last > FORGET_S):
            state = _Peer()
        self._peers[host] = state
        self._peers.move_to_end(host)
        while len(self._peers) > MAX_PEERS:
            self._peers.popitem(last=False)
        return state

    @contextmanager
    def admission(self, peer: str) -> Iterator[None]:
        """Refuse a peer with too many failures waiting (TooManyFailuresError), unchecked."""
        state = self._peer(peer_host(peer))
        if state.pending >= MAX_PENDING:
            raise TooManyFailuresError(
                "too many failed credentials from this address: try again in a few seconds"
            )
        yield

    async def failed(self, peer: str) -> None:
        """A credential from this peer failed: wait out its back-off before answering."""
        state = self._peer(peer_host(peer))
        state.failures += 1
        state.last = time.monotonic()
        delay = min(self.max_s, self.first_s * 2 ** (state.failures - 1))
        state.pending += 1
        try:
            await asyncio.sleep(delay)
        finally:
            state.pending -= 1

    def succeeded(self, peer: str) -> None:
        """A credential from this peer was good: its failures in a row are over."""
        state = self._peers.get(peer_host(peer))
        if state is not None:
            state.failures = 0


def is_credential_failure(exc: ArenaError) -> bool:
    """Whether an error says a presented credential was wrong (what the back-off counts)."""
    from arena.errors import AuthenticationError, TokenError

    return isinstance(exc, AuthenticationError | TokenError)


__all__ = ["FailureLimiter", "is_credential_failure", "peer_host"]
