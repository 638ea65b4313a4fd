"""Bad input of every class the CLI takes (ids, seeds, numeric bounds, names, options, files,
addresses, databases), each answered with one `error:` line and exit 1, no traceback, and
the database exactly as it was (issue 40). Each case is one literal command line."""

from __future__ import annotations

import pytest
from cli_helpers import run_cli
from store_dump import dump_db

HUGE = "9" * 30  # past 64 bits: an id or a seed no database column holds
RUN = ("tournament", "run", "-g", "lucky_numbers", "--bot", "a=builtin:random")
CASES = [
    # ids past 64 bits, and ids that are not there
    (("tournament", "show", HUGE), f"no tournament {HUGE} in"),
    (("tournament", "delete", HUGE), f"no tournament {HUGE} in"),
    (("tournament", "resume", HUGE), f"no tournament {HUGE} in"),
    (("tournament", "show", "999"), "no tournament 999 in"),
    (("export", "--tournament", HUGE, "-o", "{tmp}/x.jsonl"), f"no tournament {HUGE} in"),
    (("stats", "--tournament", HUGE), f"no tournament {HUGE} in"),
    (("replay", f"t{HUGE}-1"), f"no match 't{HUGE}-1' in"),
    (("replay", ""), "no match '' in"),
    # seeds
    (
        ("play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--seed", HUGE),
        "the seed must be from 0 to 9223372036854775807",
    ),
    (
        ("play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--seed", "-3"),
        "the seed must be from 0 to 9223372036854775807, not -3",
    ),
    ((*RUN, "--bot", "b=builtin:random", "--seed", "9" * 90), "the seed must be from 0 to 2**256"),
    ((*RUN, "--bot", "b=builtin:random", "--seed", "-5"), "--seed must be zero or positive"),
    # numeric bounds
    ((*RUN, "--bot", "b=builtin:random", "--table-size", "99"), "the table size must be 1 to 64"),
    (
        (*RUN, "--bot", "b=builtin:random", "--time-per-move", "99999999999999"),
        "the per-move time must be 10 to 3600000 ms",
    ),
    (
        (*RUN, "--bot", "b=builtin:random", "--concurrency", "100000000"),
        "concurrency must be 1 to 4096 in one tournament",
    ),
    (
        ("play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--time-per-move", "0"),
        "--time-per-move must be positive",
    ),
    (("play", "lucky_numbers", "--bot", "greedy"), "played by 2 to 4 players, not 1"),
    # names, games, strategies, formats, options
    ((*RUN, "--bot", "bad name=builtin:random"), "bot name 'bad name' must be 1-64 letters"),
    ((*RUN, "--bot", "a=builtin:random"), "bot name 'a' is given twice"),
    ((*RUN, "--bot", "b=builtin:nosuch"), "no built-in bot 'nosuch' for lucky_numbers"),
    (("tournament", "run", "-g", "nosuch", "--bot", "a=builtin:random"), "unknown game 'nosuch'"),
    ((*RUN, "--bot", "b=builtin:random", "--format", "nosuch"), "format 'nosuch' is not one of"),
    ((*RUN, "--bot", "b=builtin:random", "-o", "nosuch=1"), "lucky_numbers has no option 'nosuch'"),
    ((*RUN, "--bot", "b=builtin:random", "-o", "setup=bogus"), "option setup takes one of"),
    (("leaderboard", "--game", "nosuch"), "unknown game 'nosuch'"),
    (("stats", "--game", "nosuch"), "unknown game 'nosuch'"),
    (("bot", "add", "bad name!"), "bad name 'bad name!': use 1 to 64 letters"),
    (("organizer", "add", ""), "bad name '': use 1 to 64 letters"),
    (("organizer", "promote", "nobody"), "no active organizer credential 'nobody'"),
    (("play", "lucky_numbers", "--bot", "greedy", "--bot-cmd", ""), "empty command for bot"),
    # files
    (("import", "/etc/passwd"), "line 1: not JSON"),
    (("import", "{tmp}/missing.jsonl"), "cannot read {tmp}/missing.jsonl: No such file"),
    (("export", "-o", "{tmp}/no/such/dir/x.jsonl"), "cannot write {tmp}/no/such/dir/x.jsonl"),
    (("export", "-o", "{tmp}"), "cannot write {tmp}: Is a directory"),
    # addresses
    (("tournament", "list", "--server", "bad address"), "server address 'bad address' must be"),
    (("tournament", "list", "--server", "127.0.0.1:99999"), "the port is not 0-65535"),
    (("serve", "--address", "127.0.0.1:-1"), "--address '127.0.0.1:-1' must be host:port"),
    (("serve", "--address", "127.0.0.1:99999"), "the port is not 0-65535"),
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database holding one played match: what every bad command must leave as it is."""
    import subprocess
    import sys

    db = str(tmp_path_factory.mktemp("bad") / "a.db")
    done = subprocess.run(
        [sys.executable, "-m", "arena", "play", "lucky_numbers", "--bot", "greedy", "--bot",
         "random", "--seed", "7", "--db", db],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return db


@pytest.mark.parametrize(("args", "says"), CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_is_one_line_and_changes_nothing(capsys, monkeypatch, tmp_path, played, args,
                                                   says):  # fmt: skip
    monkeypatch.delenv("ARENA_DB", raising=False)
    monkeypatch.delenv("ARENA_ORGANIZER_TOKEN", raising=False)
    given = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if given[0] not in ("serve",) and "--server" not in given:
        given += ["--db", played]
    before = dump_db(played)
    code, _, err = run_cli(capsys, *given)
    assert code == 1, err
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert says.replace("{tmp}", str(tmp_path)) in lines[0], lines[0]
    assert dump_db(played) == before
