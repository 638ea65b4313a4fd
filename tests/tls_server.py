"""A shared server as a bot author meets it: `arena serve` over TLS, with registered bots."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import token_ledger
from serve_process import ROOT, kill, start_serve
from tls_certs import self_signed

PY = sys.executable


def arena_cli(*args: str) -> str:
    """Run the arena CLI; its stdout (it must succeed): a token, for `organizer add` / `bot add`."""
    done = subprocess.run(
        [PY, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    token_ledger.printed(f"arena {' '.join(args)}", done.stderr)
    if token_ledger.issues_a_token(args):  # its stdout is the token, printed there on purpose
        return token_ledger.issued(done.stdout.strip())
    token_ledger.printed(f"arena {' '.join(args)}", done.stdout)
    return done.stdout.strip()


@dataclass(frozen=True)
class TlsServer:
    """A running TLS `arena serve` with credentials: where it is and what it knows."""

    address: str
    cert: Path  # the self-signed certificate, which is also the CA file bots trust
    organizer: str  # an organizer token
    tokens: dict[str, str]  # registered bot name -> its token


@contextmanager
def tls_server(directory: Path, bots: tuple[str, ...]) -> Iterator[TlsServer]:
    """`arena serve` with TLS, an organizer and the registered `bots`; killed at the end."""
    db = str(directory / "shared.db")
    cert, key = self_signed(directory)
    organizer = arena_cli("organizer", "add", "org", "--db", db)
    tokens = {name: arena_cli("bot", "add", name, "--db", db) for name in bots}
    server, address = start_serve("--db", db, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        yield TlsServer(address, cert, organizer, tokens)
    finally:
        kill(server)
