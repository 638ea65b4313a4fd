"""`arena export --server`: a shared server's public view (seeds of unfinished tournaments and
moves of duplicate deals withheld), importable where the server shows everything."""

from __future__ import annotations

import json

import pytest
from records_helpers import Serve, field, play_adhoc, play_tournament, standings

from arena.cli import main
from arena.records import RecordError
from arena.records.transfer import import_records
from arena.store import Store
from arena.tournament import Deals, Status, TournamentSpec


@pytest.fixture
def served_db(tmp_path):
    db = str(tmp_path / "server.db")
    with Store.open(db) as store:
        play_tournament(
            store, TournamentSpec("azul", field(3, "azul"), seed=5, deals=Deals.DUPLICATE)
        )
        tid = play_tournament(store, TournamentSpec("azul", field(3, "azul"), seed=6))
        store.set_status(tid, Status.INTERRUPTED)  # not finished: its seeds stay secret
        play_adhoc(store, "azul", 2, 9)
    served = Serve("--db", db)
    try:
        yield db, served.address
    finally:
        served.close()


def test_server_export_shows_only_what_is_public(served_db, tmp_path, capsys):
    db, address = served_db
    out = tmp_path / "public.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--server", address, "-o", str(out)])
    assert (exit_info.value.code or 0) == 0, capsys.readouterr().err
    lines = out.read_text().splitlines()
    records = [json.loads(line) for line in lines]
    finished = [r for r in records if r["tournament"] and r["tournament"]["id"] == 1]
    hidden = [r for r in records if r["tournament"] and r["tournament"]["id"] == 2]
    adhoc = [r for r in records if r["tournament"] is None]
    assert len(finished) == 6 and len(hidden) == 6 and len(adhoc) == 1
    assert all(r["seed"] is not None and r["moves"] for r in finished + adhoc)
    assert all(r["seed"] is None and r["seed_withheld"] for r in hidden)
    assert all(r["tournament"]["seed"] is None for r in hidden)

    with Store.open(str(tmp_path / "copy.db")) as copy:
        with pytest.raises(RecordError, match="seed is withheld"):
            import_records(copy, lines, owner=None)
        public = [line for line, r in zip(lines, records, strict=True) if r["seed"] is not None]
        import_records(copy, public, owner=None)
        with Store.open(db) as original:
            assert standings(copy)[0] == standings(original)[0]


def test_export_dates_are_checked(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--since", "yesterday"])
    assert exit_info.value.code == 1 and "--since" in capsys.readouterr().err
