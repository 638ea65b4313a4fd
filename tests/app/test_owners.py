"""arena/app/owners.py: who owns a tournament, who may cancel, resume and delete it, and a
delete that re-rates other organizers' matches (issue 39); the migration that adds owners."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from app_helpers import GAME, record, spec
from store_dump import dump

from arena.app.access import Caller
from arena.app.matches import disclosed_match_for
from arena.app.owners import (
    LOCAL_PREFIX,
    check_may_delete,
    check_may_manage,
    ladder_impact,
    local_caller,
    local_owner,
    may_manage,
    reader_audience,
    shown_owner,
)
from arena.app.reports import Audience
from arena.app.running import create_tournament
from arena.errors import ForbiddenError
from arena.store import Role, Store, revisions
from arena.store.engine import create_engine
from arena.store.engine import resolve_url as url_of

ALICE = Caller("alice", Role.ORGANIZER)
BOB = Caller("bob", Role.ORGANIZER)
ROOT = Caller("root", Role.ORGANIZER, admin=True)


def played(store: Store, owner: str | None, *bots: str, at: float) -> int:
    """A tournament of `owner` whose every fixture has a finished match (first seat wins)."""
    stored = create_tournament(store, spec(*bots), owner=owner)
    for i, fixture in enumerate(store.fixtures(stored.id)):
        store.save_match(
            record(fixture.match_id, fixture.seats, finished_at=at + i, seed=fixture.seed),
            fixture,
        )
    return stored.id


def test_the_owner_or_an_admin_may_manage_nobody_else() -> None:
    assert may_manage(ALICE, "alice") and may_manage(ROOT, "alice") and may_manage(ROOT, None)
    assert not may_manage(BOB, "alice")
    assert not may_manage(ALICE, None)  # no owner: the admins'
    assert not may_manage(Caller(None, Role.ORGANIZER), None)  # anonymous, not an admin


def test_a_reader_who_may_manage_reads_every_seed_and_the_rest_read_the_public() -> None:
    assert reader_audience(ALICE, "alice") is Audience.OWNER
    assert reader_audience(ROOT, "alice") is Audience.OWNER
    assert reader_audience(BOB, "alice") is Audience.PUBLIC
    assert reader_audience(None, "alice") is Audience.PUBLIC  # no token: the public


def test_a_match_is_disclosed_whole_to_its_tournaments_owner_only(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        tid = create_tournament(store, spec("a", "b"), owner="alice").id
        fixture = store.fixtures(tid)[0]
        store.save_match(record(fixture.match_id, fixture.seats, seed=fixture.seed), fixture)
        assert not disclosed_match_for(store, fixture.match_id, ALICE).seed_withheld
        assert not disclosed_match_for(store, fixture.match_id, ROOT).seed_withheld
        for reader in (BOB, None):
            shown = disclosed_match_for(store, fixture.match_id, reader)
            assert shown.seed_withheld and shown.record.seed == 0


def test_a_local_owner_can_never_be_an_organizers_name() -> None:
    owner = local_owner()
    assert owner.startswith(LOCAL_PREFIX) and ":" not in owner[len(LOCAL_PREFIX) :]
    assert local_caller().admin and local_caller().name == owner
    assert shown_owner(None) == "the admins"
    assert shown_owner("alice") == "organizer 'alice'"


def test_a_refusal_names_the_owner_and_the_action(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        stored = create_tournament(store, spec(), owner="alice")
        assert store.tournament(stored.id).owner == "alice"
        with pytest.raises(ForbiddenError) as refused:
            check_may_manage(BOB, stored, "cancel")
        assert str(refused.value) == (
            f"tournament {stored.id} belongs to organizer 'alice': only its owner or an admin "
            "may cancel it"
        )
        check_may_manage(ALICE, stored, "cancel")
        check_may_manage(ROOT, stored, "resume")


def test_an_owner_may_delete_what_only_its_own_matches_depend_on(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        first = played(store, "alice", "ann", "bob", at=1000.0)
        played(store, "alice", "ann", "cy", at=2000.0)  # alice's own: re-rated, allowed
        impact = check_may_delete(store, ALICE, store.tournament(first))
        assert (impact.game, impact.removed, impact.rerated, impact.others) == (GAME, 2, 2, ())
        assert impact.says() == (
            f"{GAME}'s ladder is recomputed without its 2 rated matches; 2 later matches are "
            "re-rated"
        )


def test_a_delete_that_re_rates_others_matches_is_an_admins_only(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        first = played(store, "alice", "ann", "bob", at=1000.0)
        later = played(store, "bob", "bob", "cy", at=2000.0)  # bob played in alice's
        before = dump(store)
        with pytest.raises(ForbiddenError) as refused:
            check_may_delete(store, ALICE, store.tournament(first))
        assert f"tournament {later} (organizer 'bob')" in str(refused.value)
        assert "re-rate 2 matches. Only an admin may delete it" in str(refused.value)
        assert dump(store) == before  # a refusal changes nothing
        impact = check_may_delete(store, ROOT, store.tournament(first))
        assert impact.others == (f"tournament {later} (organizer 'bob')",)
        # bob's own tournament re-rates nothing of alice's: bob may delete it
        assert check_may_delete(store, BOB, store.tournament(later)).rerated == 0


def test_dependence_follows_the_rating_order_through_other_bots(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        first = played(store, "alice", "ann", "bob", at=1000.0)
        bridge = played(store, "alice", "bob", "cy", at=2000.0)  # bob carries ann's games on
        far = played(store, "carol", "cy", "dee", at=3000.0)  # no bot of the first, yet re-rated
        apart = played(store, "carol", "eve", "fay", at=4000.0)  # never met them: unchanged
        impact = ladder_impact(store, store.tournament(first), ALICE)
        assert impact.rerated == 4  # bridge's 2 and far's 2, not apart's
        assert impact.others == (f"tournament {far} (organizer 'carol')",)
        assert bridge and apart


def test_matches_outside_tournaments_rated_later_count_as_others(sqlite_path: str) -> None:
    with Store.open(sqlite_path) as store:
        first = played(store, "alice", "ann", "bob", at=1000.0)
        store.save_match(record("adhoc-1", ("ann", "zed"), finished_at=500.0))
        with pytest.raises(ForbiddenError, match="matches outside any tournament"):
            check_may_delete(store, ALICE, store.tournament(first))


def test_a_database_of_the_previous_revision_migrates_its_tournaments_to_the_admins(
    sqlite_path: str,
) -> None:
    engine = create_engine(url_of(sqlite_path))
    with engine.begin() as conn:
        from alembic import command

        command.upgrade(revisions.config(conn), "0002")
        conn.execute(
            sa.text(
                "INSERT INTO tournaments (game, options, format, table_size, cycles, seed, "
                "bots, status, created_at) VALUES ('lucky_numbers', '{}', 'round-robin', 2, 1, "
                '5, \'[{"name": "a"}, {"name": "b"}]\', \'finished\', 1.0)'
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO credentials (role, name, token_hash, created_at) "
                "VALUES ('organizer', 'old', 'x', 1.0)"
            )
        )
    engine.dispose()
    with Store.open(sqlite_path) as store:  # upgraded on open
        (old,) = store.tournaments()
        assert old.owner is None
        (organizer,) = store.credentials(Role.ORGANIZER)
        assert (organizer.name, organizer.admin) == ("old", False)
        with pytest.raises(ForbiddenError, match="belongs to the admins"):
            check_may_manage(Caller("old", Role.ORGANIZER, organizer.admin), old, "delete")
        store.set_admin("old", True)
        assert store.credentials(Role.ORGANIZER)[0].admin
        check_may_delete(store, Caller("old", Role.ORGANIZER, admin=True), old)
