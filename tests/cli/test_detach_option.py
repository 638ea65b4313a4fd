"""`tournament run --detach` is for a tournament a server plays: a local run, or one that
should be cancelled when this process exits, is refused before anything is created."""

from __future__ import annotations

from cli_helpers import run_cli


def test_detach_without_a_server_is_refused_and_creates_no_database(capsys, tmp_path):
    db = tmp_path / "none.db"
    code, _out, err = run_cli(
        capsys, "tournament", "run", "--game", "lucky_numbers", "--bot", "a=builtin:random",
        "--bot", "b=builtin:random", "--detach", "--db", str(db),
    )  # fmt: skip
    assert code == 1
    assert "--detach are for --server tournaments" in err
    assert not db.exists()


def test_detach_with_cancel_on_exit_is_refused_before_calling_the_server(capsys):
    code, _out, err = run_cli(
        capsys, "tournament", "run", "--game", "lucky_numbers", "--bot", "a", "--bot", "b",
        "--server", "127.0.0.1:9", "--detach", "--cancel-on-exit",
    )  # fmt: skip
    assert code == 1
    assert "--detach returns at once: there is no exit to cancel it on" in err


def test_resume_detach_without_a_server_is_refused_and_creates_no_database(capsys, tmp_path):
    db = tmp_path / "none.db"
    code, _out, err = run_cli(capsys, "tournament", "resume", "1", "--detach", "--db", str(db))
    assert code == 1
    assert "--detach is for a tournament a server plays (--server)" in err
    assert not db.exists()
