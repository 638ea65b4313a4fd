"""arena/app/door.py: one interface over a database (LocalArena) or a server (SyncArenaClient),
with the same methods, arguments and values on both sides (issue 39)."""

from __future__ import annotations

import inspect

import pytest
from app_helpers import record, spec, tournament
from store_dump import dump

from arena.app.access import Caller
from arena.app.door import Arena, Deleted, LocalArena
from arena.errors import ConfigError, ForbiddenError, TournamentBusyError
from arena.rpc.client.sync_client import SyncArenaClient
from arena.store import Role, Store
from arena.tournament import Status
from arena.tournament.lease import runner_id

DOOR = [
    name
    for name, member in inspect.getmembers(Arena)
    if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property))
]


def parameters(cls: type, name: str) -> list[tuple[str, object, object]]:
    """A method's parameters after self: name, kind and default (annotations are strings)."""
    member = getattr(cls, name)
    if isinstance(member, property):
        return []
    found = inspect.signature(member).parameters.values()
    return [(p.name, p.kind, p.default) for p in list(found)[1:]]


def test_both_sides_have_every_method_of_the_door_with_the_same_parameters() -> None:
    assert {"get_tournament", "delete_tournament", "get_replay", "address"} <= set(DOOR)
    for side in (LocalArena, SyncArenaClient):
        for name in DOOR:
            assert hasattr(side, name), (side.__name__, name)
            assert parameters(side, name) == parameters(Arena, name), (side.__name__, name)


def test_a_database_door_reads_what_the_application_layer_reads(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        stored, fixtures = tournament(store, spec())
        store.save_match(record(fixtures[0].match_id, fixtures[0].seats), fixtures[0])
    with LocalArena.open(sqlite_path) as door:
        assert isinstance(door, Arena)
        report = door.get_tournament(stored.id, with_matches=True)
        assert report.summary.played == 1 and len(report.matches or ()) == 1
        assert [s.id for s in door.list_tournaments()] == [stored.id]
        game, ladder = door.get_leaderboard(None)  # the only game there is
        assert game == "lucky_numbers" and len(ladder) == 2
        assert door.get_match(fixtures[0].match_id).record.match_id == fixtures[0].match_id
        assert door.get_replay(fixtures[0].match_id).frames


def test_a_database_door_deletes_as_the_owners_rule_says(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        stored, fixtures = tournament(store, spec())
        store.save_match(record(fixtures[0].match_id, fixtures[0].seats), fixtures[0])
        store.claim_runner(stored.id, "elsewhere:1")  # another live process plays it
        store.set_status(stored.id, Status.RUNNING)
        before = dump(store)
        bob = LocalArena(store, Caller("bob", Role.ORGANIZER))
        with pytest.raises(ForbiddenError, match="belongs to the admins"):
            bob.delete_tournament(stored.id)
        with pytest.raises(TournamentBusyError, match="cancel it first"):
            LocalArena(store).delete_tournament(stored.id)
        with pytest.raises(ConfigError, match="stopped where it runs"):
            LocalArena(store).cancel_tournament(stored.id)
        assert dump(store) == before
        deleted = LocalArena(store).delete_tournament(stored.id, force=True)
        assert deleted == Deleted(
            1, "lucky_numbers's ladder is recomputed without its 1 rated matches"
        )
        assert store.tournaments() == []


def test_a_database_door_follows_a_tournament_while_a_run_holds_it(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        stored, fixtures = tournament(store, spec())
        store.save_match(record(fixtures[0].match_id, fixtures[0].seats), fixtures[0])
    with LocalArena.open(sqlite_path) as door:
        assert "watch_tournament" in DOOR
        # nobody plays it (created, no run): one update, every match so far, and the end
        [only] = list(door.watch_tournament(stored.id))
        assert [r.match_id for r in only.finished] == [fixtures[0].match_id]
        assert only.report.summary.played == 1 and only.report.matches is None
        # a live run holds it: each match stored is shown once, then the end when it finishes
        store = door.store
        store.claim_runner(stored.id, runner_id())
        store.set_status(stored.id, Status.RUNNING)
        updates = door.watch_tournament(stored.id)
        assert [r.match_id for r in next(updates).finished] == [fixtures[0].match_id]
        store.save_match(record(fixtures[1].match_id, fixtures[1].seats), fixtures[1])
        assert [r.match_id for r in next(updates).finished] == [fixtures[1].match_id]
        store.set_status(stored.id, Status.FINISHED)
        last = next(updates)
        assert last.finished == () and last.report.summary.status == "finished"
        assert next(updates, None) is None
