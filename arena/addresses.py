"""Addresses and what may travel to them: loopback or not, tokens in clear or not.

Small and free of the rest of arena, so the bot SDK can use it without the store or the server.
"""

from __future__ import annotations

import ipaddress
import os

from arena.errors import ConfigError

ALLOW_PLAINTEXT_ENV = "ARENA_ALLOW_PLAINTEXT"  # "1": send tokens in clear beyond loopback


def plaintext_allowed(given: bool | None) -> bool:
    """The caller's choice, else $ARENA_ALLOW_PLAINTEXT ("1", "true", "yes")."""
    if given is not None:
        return given
    return os.environ.get(ALLOW_PLAINTEXT_ENV, "").strip().lower() in ("1", "true", "yes")


def refuse_token_in_clear(address: str, tls_ca: str | None, *, allowed: bool) -> None:
    """ConfigError when a token would travel in clear beyond this machine: a client that holds
    a credential connects to a non-loopback address without TLS, and was not told it may."""
    if tls_ca is not None or allowed or is_loopback(address):
        return
    raise ConfigError(
        f"refusing to send a token in clear to {address}: give the server's CA file (--tls-ca "
        "or $ARENA_TLS_CA) to connect with TLS, or --allow-plaintext (or $ARENA_ALLOW_PLAINTEXT=1) "
        "on a network you trust"
    )


def is_loopback(address: str) -> bool:
    """Whether a host:port listens on this machine only."""
    host = address.rsplit(":", 1)[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
