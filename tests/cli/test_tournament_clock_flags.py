"""Issue 42, item 6: each clock flag of `arena tournament run` has its own default, and the
run says the clock it plays with: --time-per-move 5000 keeps the 10 s bank."""

from __future__ import annotations

import pytest
from cli_helpers import run_cli

from arena.store import Store

BOTS = ("--bot", "a=builtin:random", "--bot", "b=builtin:random")


@pytest.mark.parametrize(
    ("flags", "stored", "said"),
    [
        ((), (1000, 10000), "clock 1000 ms/move + 10000 ms bank"),
        (("--time-per-move", "5000"), (5000, 10000), "clock 5000 ms/move + 10000 ms bank"),
        (("--time-bank", "3000"), (1000, 3000), "clock 1000 ms/move + 3000 ms bank"),
        (("--time-per-move", "5000", "--time-bank", "0"), (5000, 0), "5000 ms/move, no bank"),
    ],
)
def test_each_clock_flag_has_its_own_default(capsys, sqlite_path, flags, stored, said):
    code, _out, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", *BOTS, "--seed", "1",
        "--db", sqlite_path, *flags,
    )  # fmt: skip
    assert code == 0, err
    assert said in err.splitlines()[0]
    with Store.open(sqlite_path, create=False) as store:
        (tournament,) = store.tournaments()
    assert (tournament.spec.time_per_move_ms, tournament.spec.time_bank_ms) == stored
