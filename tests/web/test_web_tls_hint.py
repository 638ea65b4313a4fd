"""The spectators' pages of a TLS server they cannot read say why, in one line, as a bot is
told (arena/rpc/client/connect_errors.py), on the page and in `arena web`'s log: no TLS where
the server expects it ("Socket closed" from gRPC), a CA file that did not sign its certificate.
A real `arena serve` over TLS with credentials and real `arena web` processes."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import token_ledger
from serve_process import ROOT, kill
from tls_certs import self_signed
from tls_server import TlsServer, tls_server


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsServer]:
    with tls_server(tmp_path_factory.mktemp("web-tls"), ()) as server:
        yield server


@contextmanager
def arena_web(*args: str) -> Iterator[tuple[str, list[str]]]:
    """`arena web ARGS --listen 127.0.0.1:0`: its base URL and its log lines (filling up)."""
    web = subprocess.Popen(
        [sys.executable, "-m", "arena", "web", *args, "--listen", "127.0.0.1:0"],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    lines: list[str] = []
    token_ledger.streamed("arena web " + " ".join(args), lines)
    assert web.stderr is not None
    reader = threading.Thread(target=lines.extend, args=(web.stderr,), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while not (found := re.search(r"web pages on (http://\S+/)", "".join(lines))):
            assert web.poll() is None and time.monotonic() < deadline, "".join(lines)
            time.sleep(0.05)
        yield found.group(1), lines
    finally:
        kill(web)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def logged(lines: list[str], text: str) -> str:
    deadline = time.monotonic() + 10
    while not any(text in line for line in lines):
        assert time.monotonic() < deadline, f"never logged {text!r}: {''.join(lines)}"
        time.sleep(0.05)
    return next(line for line in lines if text in line)


def test_a_page_of_a_tls_server_read_without_tls_says_to_give_the_ca(shared):
    with arena_web("--server", shared.address) as (url, lines):
        status, page = fetch(url + "games")
        assert status == 502
        assert f"{shared.address} expects TLS: give --tls-ca CA_FILE" in page
        assert "Socket closed" not in page
        line = logged(lines, f"cannot read {shared.address}: {shared.address} expects TLS")
        assert "arena.web" in line
        assert fetch(url + "tournaments")[0] == 502  # a second failure: the same, logged once
        time.sleep(0.2)
        assert sum("expects TLS" in line for line in lines) == 1


def test_a_page_read_with_the_wrong_ca_says_so_and_the_right_ca_reads(shared, tmp_path: Path):
    other_ca, _key = self_signed(tmp_path, stem="other-")
    with arena_web("--server", shared.address, "--tls-ca", str(other_ca)) as (url, lines):
        status, page = fetch(url + "games")
        assert status == 502
        assert "speaks TLS but its certificate is not signed by the CA file" in page
        logged(lines, "is not signed by the CA file")
    with arena_web("--server", shared.address, "--tls-ca", str(shared.cert)) as (url, _lines):
        status, page = fetch(url + "games")
        assert status == 200 and "lucky_numbers" in page
