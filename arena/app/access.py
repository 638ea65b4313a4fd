"""Who may do what on a shared server: written once, asked by every front end.

Two roles hold credentials: bots (play under their registered name) and organizers (play
matches, create and cancel tournaments: anything that writes or rates); an organizer may be an
admin, who manages every tournament, not only its own (arena/app/owners.py says who may manage
which). Public reads need none.
A server whose database holds no credential at all is open: it must listen on loopback only,
and everyone on the machine is trusted as an organizer.
"""

from __future__ import annotations

import hmac
import threading
import time
from dataclasses import dataclass
from typing import Protocol

from arena.errors import AuthenticationError, ConfigError, ForbiddenError
from arena.store.credentials import Identity, Role

CACHE_S = 5.0  # how long "does this database have credentials" is trusted before asking again


class Credentials(Protocol):
    """Where credentials live (the store); every call may block."""

    def has_credentials(self, role: Role | None = None) -> bool:
        """Whether any credential (of that role) is active."""
        ...

    def verify_credential(self, name: str, token: str, role: Role, *, touch: bool = True) -> bool:
        """Whether `token` is the active credential of `name` in `role`."""
        ...

    def identify_credential(self, token: str) -> Identity | None:
        """Who holds the active credential with this token, or None."""
        ...

    def credentials_fingerprint(self) -> tuple[int, float, float]:
        """A value that changes whenever a token is issued, rotated or revoked."""
        ...


@dataclass(frozen=True, slots=True)
class Caller:
    """Who made a call: a name and role, or anonymous (name None) on an open server.

    `admin`: may manage every tournament (an admin organizer; on an open server or a database
    used directly, everyone, since everyone there could as well write to it)."""

    name: str | None
    role: Role
    admin: bool = False


class AccessPolicy:
    """The rules: open (no credentials, loopback) or credentialed (tokens required).

    A server that was ever secured stays secured: revoking the last credential leaves it
    refusing everyone, never open. An embedded referee (`launch_token`) has no credentials:
    its bots hold per-launch tokens, and organizer calls need the launcher's own token, which
    it never gives away, so a seated bot cannot play side matches on it.
    """

    def __init__(self, credentials: Credentials | None, *, launch_token: str | None = None) -> None:
        self.credentials = credentials
        self.launch_token = launch_token
        self._lock = threading.Lock()
        self._secured: tuple[bool, float] | None = None
        self._ever_secured = False

    def secured(self) -> bool:
        """Whether credentials are required (the database holds at least one, or did while
        this server ran); may block."""
        if self.credentials is None:
            return False
        with self._lock:
            if self._ever_secured:
                return True
            cached = self._secured
            if cached is not None and time.monotonic() - cached[1] < CACHE_S:
                return cached[0]
        value = self.credentials.has_credentials()
        with self._lock:
            self._secured = (value, time.monotonic())
            self._ever_secured = self._ever_secured or value
        return value

    def fingerprint(self) -> tuple[int, float, float] | None:
        """What changes when a token is issued, rotated or revoked (None: no credentials)."""
        if self.credentials is None:
            return None
        return self.credentials.credentials_fingerprint()

    def bot_still_valid(self, name: str, token: str) -> bool:
        """On a secured server: whether a connected bot's token is still its active one."""
        if self.credentials is None or not self.secured():
            return True
        return self.credentials.verify_credential(name, token, Role.BOT, touch=False)

    def organizer(self, token: str | None) -> Caller:
        """The organizer making a call, or AuthenticationError / ForbiddenError; may block."""
        if self.launch_token is not None:
            if not token or not hmac.compare_digest(token, self.launch_token):
                raise ForbiddenError(
                    "this embedded referee takes organizer calls from the program that "
                    "launched it only"
                )
            return Caller(None, Role.ORGANIZER, admin=True)
        if not self.secured():
            return Caller(None, Role.ORGANIZER, admin=True)
        if not token:
            raise AuthenticationError(
                "this call needs an organizer token (metadata 'authorization: Bearer TOKEN'; "
                "the CLI takes --token or ARENA_ORGANIZER_TOKEN)"
            )
        assert self.credentials is not None
        found = self.credentials.identify_credential(token)
        if found is None:
            raise AuthenticationError("the token is unknown or revoked")
        if found.role != Role.ORGANIZER:
            raise ForbiddenError(
                f"{found.name!r} holds a {found.role} token; this call needs an organizer"
            )
        return Caller(found.name, Role.ORGANIZER, admin=found.admin)

    def bot_may_connect(self, name: str, token: str) -> bool:
        """On a secured server: whether `token` is bot `name`'s credential; may block."""
        assert self.credentials is not None
        return self.credentials.verify_credential(name, token, Role.BOT)

    def check_listen(
        self, address: str, *, loopback: bool, tls: bool, allow_plaintext: bool
    ) -> None:
        """Refuse to expose an open server, or tokens in clear, beyond this machine
        (`loopback`: the address is this machine's own)."""
        if loopback:
            return
        if not self.secured():
            raise ConfigError(
                f"refusing to listen on {address}: this server has no credentials, so anyone "
                "who reaches it could play, rig and rate matches. Register an organizer and the "
                "bots first (`arena organizer add NAME`, `arena bot add NAME`), or listen on "
                "127.0.0.1"
            )
        if not tls and not allow_plaintext:
            raise ConfigError(
                f"refusing to listen on {address} without TLS: tokens would travel in clear. "
                "Give --tls-cert and --tls-key (or --allow-plaintext on a network you trust)"
            )


def bearer_token(value: str | None) -> str | None:
    """The token of an 'authorization: Bearer TOKEN' header value, if any."""
    if not value:
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()
