"""Why a bot's connection to a referee failed, said as its likely cause in one line.

gRPC reports a plaintext bot at a TLS port as "Socket closed", a TLS bot at a plaintext port as
an OpenSSL WRONG_VERSION_NUMBER, a wrong token as UNAUTHENTICATED: true, but no bot author can
act on that. `diagnose` turns a failed Connect into the cause (TLS expected, no TLS there, an
untrusted certificate, a wrong token or an unknown name, nothing listening) and says whether
retrying can help: a server that is down may come back; a wrong token or a missing CA file will
be refused the same way every time.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import ssl
from dataclasses import dataclass

import grpc

from arena.match.limits import clip

PROBE_TIMEOUT_S = 3.0  # the TLS probe of a port that closed a plaintext connection
MAX_REASON_CHARS = 300  # the server's words (untrusted) quoted in a message
TLS_HINT = "give --tls-ca CA_FILE or set ARENA_TLS_CA (the certificate the organizer hands out)"

# Words of gRPC's C core (Python, C++) and of grpc-js, lower-cased, that name one cause.
_NOT_TLS = ("wrong_version_number", "wrong version number")
_UNTRUSTED = (
    "certificate_verify_failed",
    "certificate verify failed",
    "self signed",
    "self-signed",
    "unable to verify",
)
_WRONG_HOST = ("is not in peer certificate", "does not match certificate", "altname")
_REFUSED = ("connection refused", "econnrefused")
_NO_HOST = ("domain name not found", "dns resolution failed", "hostname lookup", "enotfound")
_CLOSED = ("socket closed", "connection reset", "econnreset", "end of file", "failed to connect")
_NOT_HTTP2 = ("failed parsing http/2", "protocol error")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_SUBCHANNEL = re.compile(r"^[A-Z_]+: (?:ipv4|ipv6|unix):\S+: ")  # "UNKNOWN: ipv4:1.2.3.4:5: "


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """The likely cause of a failed connection, in one line, and whether retrying can help."""

    message: str
    final: bool  # True: the same Hello over the same channel would fail the same way


def server_words(details: str, token: str) -> str:
    """The server's (untrusted) text made safe to print: one bounded line, never the token."""
    text = _CONTROL.sub(" ", details).strip()
    if token:
        text = text.replace(token, "***")
    return clip(text, MAX_REASON_CHARS)


def gist(reason: str) -> str:
    """The telling end of a transport error ("CERTIFICATE_VERIFY_FAILED: self signed ...")."""
    text = _SUBCHANNEL.sub("", reason.rsplit("last error: ", 1)[-1])
    for library in ("OPENSSL_internal:", "SSL routines::"):  # BoringSSL, OpenSSL 3
        text = text.rsplit(library, 1)[-1]
    return text.removesuffix(": OK").strip()


def refusal(code: grpc.StatusCode, reason: str, address: str, name: str) -> Diagnosis | None:
    """What a status the referee chose itself means for this bot (None: not a refusal)."""
    refused = f"{address} refused bot {name!r}"
    if code is grpc.StatusCode.UNAUTHENTICATED:
        why = "a wrong token, or a name this server does not know"
        return Diagnosis(f"{refused} ({why}): {reason}", final=True)
    if code is grpc.StatusCode.PERMISSION_DENIED:
        return Diagnosis(f"{refused} (not allowed to play here): {reason}", final=True)
    if code is grpc.StatusCode.UNIMPLEMENTED:
        why = "no BotService there: is this the referee's gRPC address, not its web page?"
        return Diagnosis(f"{refused} ({why}): {reason}", final=True)
    if code in (
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.NOT_FOUND,
    ):
        return Diagnosis(f"{refused}: {reason}", final=True)
    if code is grpc.StatusCode.ALREADY_EXISTS:  # the server may still hold our old connection
        return Diagnosis(f"{address} holds the name {name!r} for now: {reason}", final=False)
    return None


def transport_failure(reason: str, address: str, tls_ca: str | None) -> Diagnosis | None:
    """The cause of an UNAVAILABLE that the transport's words name (None: they name none)."""
    text = reason.lower()
    if tls_ca is not None and any(w in text for w in _NOT_TLS):
        where = f"--tls-ca {tls_ca}" if tls_ca else "--tls-ca"
        why = f"{address} does not speak TLS: connect without {where} and ARENA_TLS_CA"
        return Diagnosis(why, final=True)
    if any(w in text for w in _WRONG_HOST):
        why = f"the TLS certificate of {address} is not made out to that host name or address"
        return Diagnosis(f"{why}: connect with the name it names ({gist(reason)})", final=True)
    if any(w in text for w in _UNTRUSTED):
        ca = f"the CA file {tls_ca}" if tls_ca else "the system's CAs"
        why = f"{address} speaks TLS but its certificate is not signed by {ca}"
        return Diagnosis(f"{why}: {TLS_HINT} ({gist(reason)})", final=True)
    if any(w in text for w in _REFUSED):
        why = f"nothing listens on {address}: is the server running, and is the port right?"
        return Diagnosis(why, final=False)
    if any(w in text for w in _NO_HOST):
        return Diagnosis(f"the host of {address} cannot be resolved ({gist(reason)})", False)
    if tls_ca is None and any(w in text for w in _NOT_HTTP2):
        why = f"{address} does not answer as a gRPC server: is it the referee's gRPC port?"
        return Diagnosis(f"{why} ({gist(reason)})", final=False)
    return None


async def transport_cause(reason: str, address: str, tls_ca: str | None) -> Diagnosis | None:
    """The cause of an UNAVAILABLE, probing the port for TLS where gRPC cannot tell (a
    plaintext client at a TLS port only hears "Socket closed"); None: no cause is named."""
    found = transport_failure(reason, address, tls_ca)
    if found is None and tls_ca is None and any(w in reason.lower() for w in _CLOSED):
        if await speaks_tls(address):
            return Diagnosis(f"{address} expects TLS: {TLS_HINT}", final=True)
    return found


async def diagnose(
    error: grpc.aio.AioRpcError, address: str, name: str, token: str, tls_ca: str | None
) -> Diagnosis:
    """The likely cause of a failed Connect, probing the port for TLS where gRPC cannot tell."""
    code = error.code()
    reason = server_words(error.details() or "", token)
    found = refusal(code, reason, address, name)
    if found is None and code is grpc.StatusCode.UNAVAILABLE:
        found = await transport_cause(reason, address, tls_ca)
    return found or Diagnosis(f"{code.name}: {reason}", final=False)


async def call_failure_cause(error: Exception, address: str, tls_ca: str | None) -> str | None:
    """The likely cause of a failed call to `address` (the arena error `error_from_rpc` made of
    it), in one line as a bot is told it: None unless it failed UNAVAILABLE with a cause named
    (TLS expected, no TLS there, an untrusted certificate, nothing listening ...)."""
    if getattr(error, "grpc_status", None) is not grpc.StatusCode.UNAVAILABLE:
        return None
    found = await transport_cause(server_words(str(error), ""), address, tls_ca)
    return None if found is None else found.message


def host_and_port(address: str) -> tuple[str, int] | None:
    """(host, port) of "host:port" or "[v6]:port"; None for anything else (unix:, dns:///)."""
    found = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\]:(\d{1,5})|([A-Za-z0-9.\-]+):(\d{1,5})", address)
    if found is None:
        return None
    host, port = (found.group(1), found.group(2)) if found.group(1) else found.group(3, 4)
    return (host, int(port)) if 0 < int(port) < 65536 else None


async def speaks_tls(address: str, timeout_s: float = PROBE_TIMEOUT_S) -> bool:
    """True if a TLS handshake with `address` completes (the certificate is not checked: only
    whether the port speaks TLS at all). Bounded by `timeout_s`; any failure means False."""
    target = host_and_port(address)
    if target is None:
        return False
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # a probe: nothing is sent over this connection
    context.set_alpn_protocols(["h2"])  # as gRPC asks, so a gRPC server completes it
    try:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(*target, ssl=context), timeout_s
        )
    except (OSError, ssl.SSLError, TimeoutError, EOFError):
        return False
    writer.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(writer.wait_closed(), timeout_s)
    return True
