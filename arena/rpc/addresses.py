"""Addresses and what may travel to them: loopback or not, tokens in clear or not.

Small and free of the rest of arena, so the bot SDK can use it without the store or the server.
"""

from __future__ import annotations

import ipaddress
import os
import re

from arena.errors import ConfigError

ALLOW_PLAINTEXT_ENV = "ARENA_ALLOW_PLAINTEXT"  # "1": send tokens in clear beyond loopback
MAX_PORT = 65535
# gRPC targets that are not host:port (its naming doc): passed to gRPC as they are
TARGET_SCHEMES = ("unix:", "unix-abstract:", "dns:", "ipv4:", "ipv6:", "vsock:")
# a host name or IPv4 address, or an IPv6 address in brackets (a zone too: [fe80::1%eth0])
_HOST = re.compile(r"[A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:.]+(%[A-Za-z0-9_.\-]+)?\]")


def split_address(address: str, what: str, *, any_host: bool = False) -> tuple[str, int]:
    """(host, port) of "host:port" or "[v6]:port" with a port 0..65535; ConfigError naming
    `what` (an option) otherwise. `any_host`: an empty host (every interface) is allowed."""
    host, sep, port = address.rpartition(":")
    # gRPC and the socket module read what they can: ":99999" listened on another port, a
    # missing port was 443, an unbracketed "::1:5" is ambiguous
    if not sep or not re.fullmatch(r"[0-9]+", port):
        raise ConfigError(f"{what} {address!r} must be host:port")
    if not (_HOST.fullmatch(host) or (any_host and host == "")):
        why = "an IPv6 address goes in brackets" if ":" in host else f"{host!r} is not a host"
        raise ConfigError(f"{what} {address!r} must be host:port: {why}")
    number = int(port) if len(port) <= len(str(MAX_PORT)) else MAX_PORT + 1
    if number > MAX_PORT:
        raise ConfigError(f"{what} {address!r}: the port is not 0-{MAX_PORT}")
    return host, number


def check_target(address: str, what: str = "server address") -> None:
    """ConfigError unless a client may make a channel to `address`: host:port with a port
    1..65535, or a gRPC target of a scheme of its own (unix:PATH, dns:///host:port ...)."""
    if address.startswith(TARGET_SCHEMES) and address.isprintable() and " " not in address:
        return
    _host, port = split_address(address, what)
    if port == 0:
        raise ConfigError(f"{what} {address!r}: a client cannot connect to port 0")


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
