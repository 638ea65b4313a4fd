"""Output a person can trust: errors for what does not exist, help texts as written, server
logs without Python reprs or gRPC's own lines."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from cli_helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_exporting_what_does_not_exist_is_an_error_and_writes_no_file(capsys, tmp_path):
    db, out = str(tmp_path / "e.db"), tmp_path / "t.jsonl"
    code, _, err = run_cli(capsys, "tournament", "run", "-g", "azul", "--bot", "a=builtin:random",
                           "--bot", "b=builtin:random", "--seed", "1", "--db", db)  # fmt: skip
    assert code == 0, err
    code, _, err = run_cli(capsys, "export", "--tournament", "999", "-o", str(out), "--db", db)
    assert code == 1 and err.startswith("error: no tournament 999") and not out.exists()
    code, _, err = run_cli(capsys, "export", "--bot", "nobody", "-o", str(out), "--db", db)
    assert code == 1 and "no stored match passes these filters" in err and not out.exists()
    code, _, err = run_cli(capsys, "export", "--tournament", "1", "-o", str(out), "--db", db)
    assert code == 0 and "exported 2 matches" in err and len(out.read_text().splitlines()) == 2
    code, _, err = run_cli(capsys, "tournament", "show", "7", "--db", db)
    assert code == 1 and err.count("\n") == 1 and "no tournament 7" in err


def test_help_texts_read_as_written(capsys):
    code, out, _ = run_cli(capsys, "tournament", "run", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "pip install 'arena[cluster]'" in text
    assert "<bool>" not in out and "--cancel-on-exit With --server" in text


def test_a_taken_port_is_one_line_of_ours_and_the_log_shows_no_repr(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "arena", "serve", "--address", f"127.0.0.1:{port}",
             "--db", str(tmp_path / "s.db")],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1].startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert "the port is in use" in done.stderr and "E0000" not in done.stderr
    assert "Clock(" not in done.stderr and "Failed to add" not in done.stderr


def test_the_server_says_its_clock_in_words() -> None:
    from serve_process import kill, start_serve

    server, _address = start_serve("--time-per-move", "700")
    try:
        first = server.stderr.lines[0] if server.stderr else ""  # type: ignore[attr-defined]
    finally:
        kill(server)
    assert "clock 700 ms/move" in first and "Clock(" not in first
