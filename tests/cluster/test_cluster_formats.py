"""A round format on a Ray cluster: swiss-knockout plans its Swiss rounds and then its bracket
between batches of fixtures, and stores the same records as a one-process run."""

from __future__ import annotations

from cli_helpers import run_ok

from arena.store import Store


def essence(db: str) -> list[tuple[object, ...]]:
    with Store.open(db) as store:
        records = store.tournament_matches(1)
        fixtures = [(f.index, f.cycle, f.seats, f.seed) for f in store.fixtures(1)]
    return [fixtures, *((r.match_id, r.seed, [(m.seat, m.move) for m in r.moves]) for r in records)]


def test_swiss_knockout_on_the_cluster_equals_a_one_process_run(capsys, tmp_path, ray_cluster):
    args = ["tournament", "run", "-g", "lucky_numbers",
            *(f"--bot=b{i}=builtin:random" for i in range(5)), "--format", "swiss_knockout",
            "--rounds", "2", "--format-option", "top=4", "--seed", "5"]  # fmt: skip
    here, calm = str(tmp_path / "cluster.db"), str(tmp_path / "calm.db")
    out = run_ok(capsys, *args, "--cluster", "local[2]", "--cpus-per-bot", "0.5", "--db", here,
                 "--log-dir", str(tmp_path))  # fmt: skip
    assert "Standings (tournament 1)" in out
    run_ok(capsys, *args, "--db", calm, "--log-dir", str(tmp_path / "calm"))
    assert essence(here) == essence(calm)
    with Store.open(here) as store:
        t = store.tournament(1)
    # two Swiss rounds of two tables, then the top 4's three tables (and a tied table's replay)
    assert t.played == t.fixtures == 2 * 2 * 2 + 3 * 2 + 2
