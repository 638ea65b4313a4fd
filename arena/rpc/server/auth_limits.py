"""Credential guessing costs the guesser time, never the owner of a right credential.

Every credential is checked first: a right one is admitted at once, whatever anyone else
guessed. Only a wrong one's answer waits, a back-off keyed by what was guessed (the bot name a
Hello claims; one key for all organizer tokens, which name nobody): 0.05 s, doubling per
failure of that key in a row, at most 2 s. While MAX_PENDING failures of one key are waiting,
or MAX_PENDING_ALL of all keys (a global budget, against guessers that rotate names), a further
failure is answered with RESOURCE_EXHAUSTED, after the longest back-off: any answer but a
welcome tells a guesser its token was wrong, so none comes sooner than the back-off. (It came
at once before: 64 guessers at once had 741 wrong tokens a second answered that way, against 4
slowed; bench/bench_guessing.py.) Many people share an address (a NAT, `arena web`'s seats), so
nothing here is keyed by address. A key's record is forgotten FORGET_S after its last failure.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from arena.errors import ArenaError, TooManyFailuresError

FIRST_DELAY_S = 0.05
MAX_DELAY_S = 2.0
MAX_PENDING = 4  # failures of one key waiting at once
MAX_PENDING_ALL = 256  # failures of all keys waiting at once
FORGET_S = 60.0
MAX_KEYS = 10_000  # keys remembered (oldest forgotten first)
ORGANIZER_KEY = "organizer"  # an organizer token names nobody: one key for them all


def bot_key(name: str) -> str:
    """The back-off key of a bot name a Hello claims."""
    return f"bot:{name}"


@dataclass(slots=True)
class _Key:
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
    """Back-off for failed credentials, per guessed key (one per server)."""

    def __init__(
        self,
        *,
        first_s: float = FIRST_DELAY_S,
        max_s: float = MAX_DELAY_S,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.first_s = first_s
        self.max_s = max_s
        self._sleep = sleep  # how an answer waits (a test records the waits)
        self._keys: OrderedDict[str, _Key] = OrderedDict()
        self._pending = 0

    def _key(self, key: str) -> _Key:
        now = time.monotonic()
        state = self._keys.get(key)
        if state is None or (state.pending == 0 and now - state.last > FORGET_S):
            state = _Key()
        self._keys[key] = state
        self._keys.move_to_end(key)
        while len(self._keys) > MAX_KEYS:
            self._keys.popitem(last=False)
        return state

    async def failed(self, key: str) -> None:
        """A credential for `key` failed: wait out its back-off before answering; while too
        many failures wait already, wait the longest back-off and raise TooManyFailuresError."""
        state = self._key(key)
        state.failures += 1
        state.last = time.monotonic()
        if state.pending >= MAX_PENDING or self._pending >= MAX_PENDING_ALL:
            await self._sleep(self.max_s)  # never sooner than the back-off: it says "wrong"
            raise TooManyFailuresError(
                "too many failed credentials for this name just now: try again in a few seconds"
            )
        delay = min(self.max_s, self.first_s * 2 ** min(state.failures - 1, 16))
        state.pending += 1
        self._pending += 1
        try:
            await self._sleep(delay)
        finally:
            state.pending -= 1
            self._pending -= 1

    def succeeded(self, key: str) -> None:
        """The right credential of `key` was presented: its failures in a row are over (not
        for the shared organizer key: a guesser must not profit from the owner's calls)."""
        state = self._keys.get(key)
        if state is not None and key != ORGANIZER_KEY:
            state.failures = 0


def is_credential_failure(exc: ArenaError) -> bool:
    """Whether an error says a presented credential was wrong (what the back-off counts)."""
    from arena.errors import AuthenticationError, TokenError

    return isinstance(exc, AuthenticationError | TokenError)


__all__ = ["ORGANIZER_KEY", "FailureLimiter", "bot_key", "is_credential_failure", "peer_host"]
