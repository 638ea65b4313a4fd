"""Portable records: export then import gives the same ladder and standings for every game;
a record that does not replay is refused with its line and ply, and nothing is imported."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from records_helpers import field, play_adhoc, play_tournament, standings

from arena.core.registry import list_games
from arena.records import RECORD_FORMAT, RecordError, from_line
from arena.records.transfer import ExportFilter, export_matches, import_records, write_records
from arena.store import Store
from arena.tournament import Deals, TournamentSpec
from arena.tournament.manage import default_table_size

GAMES = [g.name for g in list_games()]


def _export(store: Store, which: ExportFilter | None = None, *, public: bool = False) -> str:
    out = io.StringIO()
    write_records(export_matches(store, which or ExportFilter(), public=public), out)
    return out.getvalue()


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """Per game: a database with a finished tournament (independent deals), one with duplicate
    deals, and two matches outside tournaments; and its export."""
    cache: dict[str, tuple[str, str]] = {}

    def get(game: str) -> tuple[str, str]:
        if game not in cache:
            db = str(tmp_path_factory.mktemp("src") / f"{game}.db")
            size = default_table_size(game)
            with Store.open(db) as store:
                spec = TournamentSpec(game, field(size + 1, game), seed=17, table_size=size)
                play_tournament(store, spec)
                play_tournament(store, replace(spec, seed=18, deals=Deals.DUPLICATE))
                play_adhoc(store, game, size, 5)
                play_adhoc(store, game, size, 6)
                cache[game] = db, _export(store)
        return cache[game]

    return get


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_gives_the_same_ladder_and_standings(game, sources, tmp_path):
    db, text = sources(game)
    lines = text.splitlines()
    assert all(json.loads(line)["format"] == RECORD_FORMAT for line in lines)
    with Store.open(str(tmp_path / "copy.db")) as copy, Store.open(db) as original:
        report = import_records(copy, lines, owner=None)
        assert report.matches == len(lines) == len(list(original.match_rows()))
        assert report.tournaments == ((1, 1), (2, 2))
        assert copy.ladder(game) == original.ladder(game)
        assert standings(copy) == standings(original)
        assert [t.spec for t in copy.tournaments()] == [t.spec for t in original.tournaments()]
        # a second round trip writes the very same lines
        assert _export(copy) == text


def test_a_record_carries_versions_times_and_its_fixture(sources):
    _, text = sources("lucky_numbers")
    data = json.loads(text.splitlines()[0])
    assert data["rules_version"] == "1" and data["seed"] is not None
    assert [p["seat"] for p in data["players"]] == [0, 1]
    assert data["moves"][0]["ply"] == 1 and "ms" in data["moves"][0]
    assert data["tournament"]["fixture"]["index"] == 0
    assert data["termination"] == "normal"


def _tamper_move(line: str, ply: int) -> str:
    data = json.loads(line)
    move = data["moves"][ply - 1]
    move["move"] = "take 99" if move["move"] != "take 99" else "nonsense"
    return json.dumps(data)


@pytest.mark.parametrize("game", GAMES)
def test_a_tampered_move_is_refused_with_its_ply_and_nothing_is_imported(game, sources, tmp_path):
    _, text = sources(game)
    lines = text.splitlines()
    lines[3] = _tamper_move(lines[3], 2)
    with Store.open(str(tmp_path / "copy.db")) as copy:
        with pytest.raises(RecordError) as refused:
            import_records(copy, lines, owner=None)
        assert (refused.value.line, refused.value.ply) == (4, 2)
        assert "ply 2" in str(refused.value) and "line 4" in str(refused.value)
        assert copy.tournaments() == [] and copy.games() == []


def test_a_tampered_outcome_is_refused_at_the_last_ply(sources, tmp_path):
    _, text = sources("lucky_numbers")
    lines = text.splitlines()
    data = json.loads(lines[0])
    data["outcome"]["ranks"] = list(reversed(data["outcome"]["ranks"]))
    lines[0] = json.dumps(data)
    with Store.open(str(tmp_path / "copy.db")) as copy, pytest.raises(RecordError) as refused:
        import_records(copy, lines, owner=None)
    assert refused.value.ply == len(data["moves"]) and "ranks" in refused.value.reason


def test_a_seat_moving_out_of_turn_is_refused(sources):
    _, text = sources("lucky_numbers")
    data = json.loads(text.splitlines()[0])
    data["moves"][0]["seat"] = 1 - data["moves"][0]["seat"]
    match = from_line(json.dumps(data), 1)
    from arena.records import validate

    with pytest.raises(RecordError, match="not to move") as refused:
        validate(match)
    assert refused.value.ply == 1


def test_a_match_moved_to_another_fixture_is_refused(sources, tmp_path):
    _, text = sources("azul")
    lines = text.splitlines()
    data = json.loads(lines[0])
    data["tournament"]["fixture"]["index"] = 1
    lines[0] = json.dumps(data)
    with Store.open(str(tmp_path / "copy.db")) as copy, pytest.raises(RecordError) as refused:
        import_records(copy, lines, owner=None)
    assert refused.value.line == 1 and "fixture 1" in refused.value.reason
    assert copy.games() == []


def test_importing_twice_is_refused_whole(sources, tmp_path):
    _, text = sources("lucky_numbers")
    adhoc = [line for line in text.splitlines() if json.loads(line)["tournament"] is None]
    with Store.open(str(tmp_path / "copy.db")) as copy:
        import_records(copy, adhoc[:1], owner=None)
        with pytest.raises(RecordError, match="already stored") as refused:
            import_records(copy, adhoc[1:] + adhoc[:1], owner=None)
        assert refused.value.line == 2 and len(list(copy.match_rows())) == 1
    # a tournament imported twice would count its matches twice
    tournament_lines = [line for line in text.splitlines() if line not in adhoc]
    with Store.open(str(tmp_path / "again.db")) as copy:
        import_records(copy, tournament_lines, owner=None)
        with pytest.raises(RecordError, match="tournament 1 of the file is already here"):
            import_records(copy, tournament_lines, owner=None)
        assert len(copy.tournaments()) == 2


def test_export_filters(sources):
    db, _ = sources("lucky_numbers")
    with Store.open(db) as store:
        rows = list(store.match_rows())
        first, last = rows[0][0].finished_at, rows[-1][0].finished_at
        by_tournament = _export(store, ExportFilter(tournament_id=2)).splitlines()
        by_bot = _export(store, ExportFilter(bot="random2")).splitlines()
        by_game = _export(store, ExportFilter(game="azul"))
        by_date = _export(store, ExportFilter(since=first, until=last)).splitlines()
    assert by_tournament and all(json.loads(x)["tournament"]["id"] == 2 for x in by_tournament)
    assert by_bot and all(
        "random2" in [p["name"] for p in json.loads(x)["players"]] for x in by_bot
    )
    assert by_game == ""
    assert len(by_date) == len(rows) - 1  # `until` is exclusive


def test_public_export_withholds_seeds_of_an_unfinished_tournament(tmp_path):
    db = str(tmp_path / "live.db")
    with Store.open(db) as store:
        spec = TournamentSpec("lucky_numbers", field(3), seed=3, deals=Deals.DUPLICATE)
        tid = play_tournament(store, spec)
        from arena.tournament import Status

        store.set_status(tid, Status.RUNNING)
        public = _export(store, public=True).splitlines()
        private = _export(store).splitlines()
    data = json.loads(public[0])
    assert data["seed"] is None and data["seed_withheld"] and data["moves_withheld"]
    assert data["moves"] == [] and data["tournament"]["seed"] is None
    assert json.loads(private[0])["seed"] is not None
    with Store.open(str(tmp_path / "copy.db")) as copy, pytest.raises(RecordError, match="seed"):
        import_records(copy, public, owner=None)


def test_a_record_of_other_rules_is_refused(sources):
    _, text = sources("lucky_numbers")
    data = json.loads(text.splitlines()[0])
    data["rules_version"] = "2"
    with pytest.raises(RecordError, match="rules version"):
        from arena.records.transfer import read_records

        read_records([json.dumps(data)])


def test_import_into_each_database_kind_and_export_back(sources, db_url):
    db, text = sources("azul")
    lines = text.splitlines()
    with Store.open(db_url) as copy, Store.open(db) as original:
        import_records(copy, lines, owner=None)
        assert copy.ladder("azul") == original.ladder("azul")
        assert _export(copy) == text
        tampered = lines[-1:] + [_tamper_move(lines[0], 1)]
        with pytest.raises(RecordError):
            import_records(copy, tampered, owner=None)
        assert len(list(copy.match_rows())) == len(lines)


def test_position_digests_check_chance_where_it_happens(sources):
    from arena.records import validate
    from arena.records.transfer import read_records

    db, text = sources("azul")
    with Store.open(db) as store:
        every = _export_every(store).splitlines()
    data = json.loads(every[0])
    assert "deal" in data and all("after" in m for m in data["moves"])
    assert read_records(every)  # every digest replays
    default = json.loads(text.splitlines()[0])
    assert "deal" in default and "after" in default["moves"][-1]
    assert all("after" not in m for m in default["moves"][:-1])  # deal and end only

    reseeded = dict(data, seed=data["seed"] + 1)  # another deal: caught before any move
    with pytest.raises(RecordError, match="the deal differs"):
        validate(from_line(json.dumps(reseeded)))
    data["moves"][2]["after"] = "0" * 16  # a different draw after ply 3
    with pytest.raises(RecordError, match="position after this move differs") as refused:
        validate(from_line(json.dumps(data)))
    assert refused.value.ply == 3


def _export_every(store: Store) -> str:
    out = io.StringIO()
    write_records(export_matches(store, ExportFilter(), public=False, every_position=True), out)
    return out.getvalue()


def test_match_rows_reads_records_in_chunks_in_rating_order(sources, monkeypatch):
    import arena.store.store as store_module

    db, text = sources("lucky_numbers")
    monkeypatch.setattr(store_module, "RECORD_CHUNK", 3)
    with Store.open(db) as store:
        ids = [record.match_id for record, _, _ in store.match_rows()]
    assert ids == [json.loads(line)["match_id"] for line in text.splitlines()]


def test_a_match_given_twice_in_a_file_is_refused(sources, tmp_path):
    _, text = sources("lucky_numbers")
    adhoc = [line for line in text.splitlines() if json.loads(line)["tournament"] is None]
    with Store.open(str(tmp_path / "copy.db")) as copy:
        with pytest.raises(RecordError, match="given twice") as refused:
            import_records(copy, [adhoc[0], adhoc[1], adhoc[0]], owner=None)
        assert refused.value.line == 3 and copy.games() == []
