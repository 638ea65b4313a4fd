"""Addresses are checked before anything listens or connects (issue 40): a port past 65535 was
listened on as another port, and an empty --server printed gRPC's C-core log lines first."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.errors import ConfigError
from arena.rpc.addresses import check_target, split_address

ROOT = Path(__file__).resolve().parents[2]


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ARENA_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "arena", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_listening_addresses():
    assert split_address("127.0.0.1:0", "--address", any_host=True) == ("127.0.0.1", 0)
    assert split_address("[::1]:65535", "--address") == ("[::1]", 65535)
    assert split_address(":50051", "--address", any_host=True) == ("", 50051)
    bad = {
        "127.0.0.1:99999": "the port is not 0-65535",
        "127.0.0.1:" + "9" * 5000: "the port is not 0-65535",
        "127.0.0.1:-1": "must be host:port",
        "127.0.0.1:": "must be host:port",
        "127.0.0.1": "must be host:port",
        "::1:5": "an IPv6 address goes in brackets",
        "a b:5": "'a b' is not a host",
        ":5": "'' is not a host",  # without any_host
    }
    for address, reason in bad.items():
        with pytest.raises(ConfigError, match=reason):
            split_address(address, "--address")


def test_client_targets():
    for good in ("127.0.0.1:50051", "arena.example:443", "[::1]:7", "unix:/tmp/s", "dns:///h:1"):
        check_target(good)
    for bad in ("", " ", "h", "h:", "h:0", "h:99999", ":5", "unix:/tmp/a b"):
        with pytest.raises(ConfigError, match="^server address"):
            check_target(bad)


def test_serve_refuses_a_port_past_65535_in_one_line(tmp_path):
    done = arena("serve", "--db", str(tmp_path / "a.db"), "--address", "127.0.0.1:99999",
                 cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == "error: --address '127.0.0.1:99999': the port is not 0-65535\n"
    done = arena("serve", "--db", str(tmp_path / "a.db"), "--address", "127.0.0.1:0",
                 "--web", "127.0.0.1:x", cwd=tmp_path)  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: --web '127.0.0.1:x' must be host:port\n")


@pytest.mark.parametrize(
    ("server", "said"),
    [
        ("", "error: server address '' must be host:port\n"),
        ("127.0.0.1:99999", "error: server address '127.0.0.1:99999': the port is not 0-65535\n"),
    ],
)
def test_a_bad_server_address_is_one_line_without_grpc_noise(tmp_path, server, said):
    done = arena("tournament", "list", "--server", server, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, said)
