"""TLS for a server reached over a network, and a server that refuses to expose itself.

The certificate is self-signed, made in the test for 127.0.0.1 and localhost. No traffic leaves
loopback: the exposure checks refuse before binding, or bind without any client.
"""

from __future__ import annotations

import asyncio
import subprocess

import pytest
from served_arena import BOT_LOGS, PY, ROOT, arena, connected, run, start_bot, start_serve, stop
from tls_certs import self_signed

from arena.client import ArenaClient, Remote
from arena.errors import BotError


def test_bots_and_organizers_reach_a_tls_server_and_plaintext_does_not(tmp_path) -> None:
    db = str(tmp_path / "tls.db")
    cert, key = self_signed(tmp_path)
    organizer = arena("organizer", "add", "org", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in ("t1", "t2")}
    server, address = start_serve(db, "--tls-cert", str(cert), "--tls-key", str(key))
    bots = [
        start_bot(address, name, tokens[name], i, "--tls-ca", str(cert))
        for i, name in enumerate(tokens)
    ]
    remote = Remote(address, organizer, str(cert))
    try:

        async def scenario():
            client = ArenaClient(remote)
            for _ in range(600):  # up to a minute: bot processes start slowly on a busy machine
                if {b.name for b in await client.list_bots()} >= set(tokens):
                    break
                await asyncio.sleep(0.1)
            else:
                logs = {n: BOT_LOGS[n].read_text()[-600:] for n in tokens}
                raise AssertionError(f"the TLS bots did not connect: {logs}")
            record = await client.play_match("azul", ["t1", "t2"], seed=3)
            await client.close()
            with pytest.raises(BotError):
                await ArenaClient(Remote(address)).list_bots()  # plaintext to a TLS port
            return record

        record = run(scenario())
        assert record.outcome.termination.value in ("normal", "turn_cap")
        assert record.metadata.get("versions", [""])[0].startswith("arena-python-sdk")
    finally:
        for process in [*bots, server]:
            stop(process)


def serve_refusal(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "arena", "serve", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_an_open_server_will_not_listen_beyond_loopback(tmp_path) -> None:
    done = serve_refusal("--address", "0.0.0.0:0", "--db", str(tmp_path / "open.db"))
    assert done.returncode == 1
    assert "refusing to listen on 0.0.0.0:0" in done.stderr and "no credentials" in done.stderr


def test_a_secured_server_beyond_loopback_needs_tls_or_an_explicit_plaintext_flag(
    tmp_path,
) -> None:
    db = str(tmp_path / "secured.db")
    arena("organizer", "add", "org", db=db)
    done = serve_refusal("--address", "0.0.0.0:0", "--db", db)
    assert done.returncode == 1 and "without TLS" in done.stderr
    server = subprocess.Popen(
        [PY, "-m", "arena", "serve", "--address", "0.0.0.0:0", "--db", db, "--allow-plaintext"],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:  # it starts: the operator said the network is trusted (no client connects to it)
        assert server.stderr is not None
        assert "referee listening on 0.0.0.0:" in server.stderr.readline()
    finally:
        stop(server)


def test_an_open_loopback_server_says_it_is_open(tmp_path) -> None:
    server, address = start_serve(str(tmp_path / "open.db"))
    try:
        run(connected(address, set()))
    finally:
        stop(server)
        assert server.stderr is not None
        assert "open server, loopback only" in server.stderr.read()
