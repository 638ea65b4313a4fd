"""How to reach a running referee (`arena serve`): the `Remote` an ArenaClient calls.

A `Remote` names the server and how to reach it: TLS with a CA file, and the organizer token
sent as `authorization: Bearer ...` on every call (organizer calls need it on a server with
credentials; reads ignore it). The calls themselves are arena/rpc/client/arena_client.py's.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from arena.rpc.addresses import check_target, plaintext_allowed, refuse_token_in_clear
from arena.rpc.wire.protocol import RELAY_METADATA, bearer

TOKEN_ENV = "ARENA_ORGANIZER_TOKEN"
TLS_CA_ENV = "ARENA_TLS_CA"
CALL_TIMEOUT_S = 30.0  # reads and creations; PlayMatch waits for the whole match


@dataclass(frozen=True, slots=True)
class Remote:
    """A referee server and the credentials to use with it."""

    address: str
    token: str | None = field(default=None, repr=False)  # an organizer token: never shown
    tls_ca: str | None = None  # a CA file: TLS ("" = the system's CAs); None: plaintext
    relay: str | None = field(default=None, repr=False)  # `serve --web`'s own pages: never shown
    allow_plaintext: bool = False  # may the token travel in clear beyond loopback

    @classmethod
    def of(
        cls,
        address: str,
        token: str | None = None,
        tls_ca: str | None = None,
        allow_plaintext: bool | None = None,
    ) -> Remote:
        """A Remote with the token and CA from the arguments, else $ARENA_ORGANIZER_TOKEN and
        $ARENA_TLS_CA (and $ARENA_ALLOW_PLAINTEXT)."""
        return cls(
            address,
            token if token is not None else os.environ.get(TOKEN_ENV) or None,
            tls_ca if tls_ca is not None else os.environ.get(TLS_CA_ENV),
            allow_plaintext=plaintext_allowed(allow_plaintext),
        )

    def check_transport(self) -> None:
        """ConfigError when the address is malformed (before gRPC, whose C core logs lines of
        its own about it), or when this Remote would send its token in clear beyond loopback."""
        check_target(self.address)
        if self.token:
            refuse_token_in_clear(self.address, self.tls_ca, allowed=self.allow_plaintext)

    def metadata(self) -> tuple[tuple[str, str], ...]:
        """The call metadata: the organizer token, if any (and the relay token of a server's
        own web pages)."""
        out: tuple[tuple[str, str], ...] = ()
        if self.token:
            out += (bearer(self.token),)
        if self.relay:
            out += ((RELAY_METADATA, self.relay),)
        return out
