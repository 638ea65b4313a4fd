"""A bot that cannot join a shared server says why, in one line, and stops when retrying cannot
help: the SDK's example bot against a real `arena serve` with TLS and registered bots."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Iterator

import grpc
import pytest
import token_ledger
from serve_process import ROOT, kill, start_serve
from tls_certs import self_signed
from tls_server import TlsServer, tls_server

from arena.rpc.client.connect_errors import (
    gist,
    host_and_port,
    refusal,
    server_words,
    speaks_tls,
    transport_failure,
)

RANDOM_BOT = [sys.executable, str(ROOT / "bots" / "random_bot.py")]
BOT_TIMEOUT_S = 60  # a refused bot exits at once; this only bounds a broken test


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsServer]:
    """A TLS server with credentials; `alice` is registered."""
    with tls_server(tmp_path_factory.mktemp("shared"), ("alice",)) as server:
        yield server


@pytest.fixture(scope="module")
def plaintext(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An open loopback server without TLS: its address."""
    db = tmp_path_factory.mktemp("open") / "open.db"
    server, address = start_serve("--db", str(db))
    try:
        yield address
    finally:
        kill(server)


def run_bot(*args: str, token: str = "", retry_for_s: str = "") -> subprocess.CompletedProcess:
    """The random example bot with these arguments, its token in ARENA_TOKEN; until it exits."""
    env = {"ARENA_TOKEN": token, "ARENA_RETRY_FOR_S": retry_for_s}
    env = {**_clean_env(), **{k: v for k, v in env.items() if v}}
    done = subprocess.run(
        [*RANDOM_BOT, *args], env=env, capture_output=True, text=True, timeout=BOT_TIMEOUT_S
    )
    token_ledger.printed(f"random_bot {' '.join(args)}", done.stdout + done.stderr)
    return done


def _clean_env() -> dict[str, str]:
    """This environment without the bot settings a developer's shell may hold."""
    unset = ("ARENA_TLS_CA", "ARENA_TOKEN", "ARENA_ADDRESS", "ARENA_BOT_NAME", "ARENA_RETRY_FOR_S")
    return {k: v for k, v in os.environ.items() if k not in unset}


def last_line(done: subprocess.CompletedProcess) -> str:
    """The bot's closing line (stderr)."""
    lines = done.stderr.strip().splitlines()
    return lines[-1] if lines else ""


def assert_stopped_with(done: subprocess.CompletedProcess, *words: str, token: str = "") -> None:
    """The bot exited 1 with one `error:` line holding `words`, no traceback, no token."""
    line = last_line(done)
    assert done.returncode == 1, done.stderr[-2000:]
    assert line.startswith("error: ") and all(w in line for w in words), line
    assert "Traceback" not in done.stderr and "retrying in" not in done.stderr
    if token:
        assert token not in done.stdout + done.stderr


def test_a_plaintext_bot_at_a_tls_server_is_told_to_give_the_ca(shared):
    token = shared.tokens["alice"]
    done = run_bot("--address", shared.address, "--name", "alice", token=token)
    assert_stopped_with(
        done, f"{shared.address} expects TLS", "--tls-ca", "ARENA_TLS_CA", token=token
    )


def test_a_wrong_token_is_refused_with_the_servers_reason(shared):
    args = ("--address", shared.address, "--name", "alice", "--tls-ca", str(shared.cert))
    done = run_bot(*args, token="arena_not-the-token")
    assert_stopped_with(done, "refused bot 'alice'", "wrong token", "arena bot add NAME")
    assert "arena_not-the-token" not in done.stderr


def test_an_unregistered_name_is_refused_with_the_servers_reason(shared):
    token = shared.tokens["alice"]  # a real token, under a name nobody registered
    args = ("--address", shared.address, "--name", "mallory", "--tls-ca", str(shared.cert))
    done = run_bot(*args, token=token)
    assert_stopped_with(done, "refused bot 'mallory'", "is not registered here", token=token)


def test_a_ca_that_did_not_sign_the_servers_certificate_is_named(shared, tmp_path):
    other, _key = self_signed(tmp_path, stem="other-")
    token = shared.tokens["alice"]
    done = run_bot(
        "--address", shared.address, "--name", "alice", "--tls-ca", str(other), token=token
    )
    assert_stopped_with(done, "not signed by the CA file", str(other), "CERTIFICATE_VERIFY_FAILED")


def test_a_tls_bot_at_a_plaintext_server_is_told_to_drop_tls(plaintext, shared):
    done = run_bot("--address", plaintext, "--name", "bob", "--tls-ca", str(shared.cert))
    assert_stopped_with(done, f"{plaintext} does not speak TLS", "connect without --tls-ca")


def test_a_server_that_is_down_is_retried_and_named(tmp_path):
    address = f"127.0.0.1:{free_port()}"
    done = run_bot("--address", address, "--name", "patient", retry_for_s="1")
    assert done.returncode == 1
    assert "retrying in" in done.stderr  # down is not final: it kept trying
    assert f"nothing listens on {address}: is the server running" in done.stderr
    assert last_line(done).startswith(f"error: no connection to {address} for 1 s")


def test_the_bot_with_its_token_and_the_ca_joins_the_tls_server(shared):
    token = shared.tokens["alice"]
    bot = subprocess.Popen(
        [*RANDOM_BOT, "--address", shared.address, "--name", "alice", "--tls-ca", str(shared.cert)],
        env={**_clean_env(), "ARENA_TOKEN": token},
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stderr is not None
        line = bot.stderr.readline()  # its first log line: connected (or an error)
        assert f"connected to {shared.address} as alice" in line, line
    finally:
        kill(bot)
    assert bot.stderr is not None and token not in line + bot.stderr.read()


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_tls_probe_tells_a_tls_port_from_a_plaintext_one(shared, plaintext):
    assert asyncio.run(speaks_tls(shared.address))
    assert not asyncio.run(speaks_tls(plaintext))
    assert not asyncio.run(speaks_tls(f"127.0.0.1:{free_port()}"))
    assert not asyncio.run(speaks_tls("unix:/tmp/nothing"))


def test_the_servers_words_are_one_bounded_line_without_the_token():
    words = server_words("bad\ntoken s3cret\x1b[31m " + "x" * 1000, "s3cret")
    assert "\n" not in words and "\x1b" not in words and "s3cret" not in words
    assert words.startswith("bad token ***") and len(words) <= 300


def test_each_refusal_names_its_cause_and_only_a_held_name_is_retried():
    held = refusal(grpc.StatusCode.ALREADY_EXISTS, "held", "h:1", "b")
    assert held is not None and not held.final
    for code, words in [
        (grpc.StatusCode.UNAUTHENTICATED, "a wrong token, or a name this server does not know"),
        (grpc.StatusCode.PERMISSION_DENIED, "not allowed to play here"),
        (grpc.StatusCode.UNIMPLEMENTED, "is this the referee's gRPC address"),
        (grpc.StatusCode.INVALID_ARGUMENT, "refused bot 'b': why"),
    ]:
        found = refusal(code, "why", "h:1", "b")
        assert found is not None and found.final and words in found.message, code
    assert refusal(grpc.StatusCode.UNAVAILABLE, "down", "h:1", "b") is None


def test_transport_words_of_both_grpc_implementations_name_the_cause():
    c_core = "failed to connect to all addresses; last error: UNKNOWN: ipv4:127.0.0.1:5: "
    cases = [
        (c_core + "Tls handshake failed: SSL_ERROR_SSL: WRONG_VERSION_NUMBER: x", "ca", True),
        ("Last error: ssl3_get_record:wrong version number", "ca", True),  # grpc-js
        (c_core + "Peer name 127.0.0.1 is not in peer certificate", "ca", True),
        ("Hostname/IP does not match certificate's altnames", "ca", True),
        (
            c_core + "OPENSSL_internal:CERTIFICATE_VERIFY_FAILED: self signed certificate: OK",
            "",
            True,
        ),
        ("Last error: Error: self-signed certificate", "ca", True),
        (c_core + "connect: Connection refused (111)", None, False),
        ("Error: connect ECONNREFUSED 127.0.0.1:5", "ca", False),
        ("errors resolving x: Domain name not found", None, False),
        (c_core + "Failed parsing HTTP/2 (Expected SETTINGS frame)", None, False),
    ]
    for reason, tls_ca, final in cases:
        found = transport_failure(reason, "h:5", tls_ca)
        assert found is not None and found.final is final, reason
    assert transport_failure("Socket closed", "h:5", None) is None  # the probe decides that one
    assert gist(cases[4][0]) == "CERTIFICATE_VERIFY_FAILED: self signed certificate"


def test_only_host_and_port_addresses_are_probed():
    assert host_and_port("127.0.0.1:50051") == ("127.0.0.1", 50051)
    assert host_and_port("[::1]:7") == ("::1", 7)
    assert host_and_port("arena.example:443") == ("arena.example", 443)
    for other in ("unix:/tmp/s", "dns:///h:1", "h:0", "h:99999", "h", "h:1; rm -rf /"):
        assert host_and_port(other) is None, other


def test_the_organizers_cli_at_a_tls_server_without_the_ca_is_told_to_give_it(shared):
    # the CLI's --server commands name the cause as the bot SDK does, not gRPC's "Socket closed"
    done = subprocess.run(
        [sys.executable, "-m", "arena", "tournament", "list", "--server", shared.address],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert f"{shared.address} expects TLS" in done.stderr and "--tls-ca" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
