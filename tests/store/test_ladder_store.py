"""The stored ladder equals a fold from scratch after every stored match, in any order.

Every comparison is exact (floats compared with ==): the stored ladder must be the fold, not
close to it. Each test runs on SQLite and on a real PostgreSQL server.
"""

from __future__ import annotations

import random
import threading

import pytest
import sqlalchemy as sa

from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.errors import StoreError
from arena.ratings.trueskill_ladder import Result, environment, fold_ratings, prior, rate_match
from arena.store import Store
from arena.store.schema import matches, rating_history, ratings
from arena.tournament import BotEntry, TournamentSpec, make_fixtures

GAME = "azul"  # 2 to 4 seats: free-for-alls with ties, not only duels
BOTS = ("ann", "bob", "cy", "dee", "eve")


def spec(seed: int, table_size: int = 2, bots: tuple[str, ...] = BOTS) -> TournamentSpec:
    return TournamentSpec(
        game=GAME,
        bots=tuple(BotEntry(b) for b in bots),
        seed=seed,
        options={},
        table_size=table_size,
        cycles=1,
    )


def record(
    match_id: str,
    players: tuple[str, ...],
    rng: random.Random,
    finished_at: float = 1000.0,
    termination: Termination = Termination.NORMAL,
) -> MatchRecord:
    """A finished match with random ranks (ties included), 1 being best."""
    raw = [rng.randint(1, len(players)) for _ in players]
    ranks = tuple(1 + sorted(set(raw)).index(r) for r in raw)
    n = len(players)
    return MatchRecord(
        match_id=match_id,
        game=GAME,
        options={},
        seed=rng.randrange(2**31),
        players=players,
        moves=(MoveRecord(0, "x", 0.001),),
        outcome=Outcome(ranks=ranks, scores=(0.0,) * n, points=(0.0,) * n, termination=termination),
        started_at=finished_at - 1,
        finished_at=finished_at,
    )


def as_tuples(entries):
    return [(e.bot, e.mu, e.sigma, e.games, e.wins) for e in entries]


def assert_ladder_is_the_fold(store: Store) -> None:
    expected = as_tuples(fold_ratings(store.results(GAME)))
    assert as_tuples(store.ladder(GAME)) == expected


def fold_history(results: list[Result], bot: str) -> list[tuple[float, float, float, float]]:
    """(mu before, sigma before, mu after, sigma after) of each rated match of a bot."""
    env = environment()
    state: dict = {}
    out = []
    for r in results:
        priors = [state.get(b, prior(env)) for b in r.players]
        afters = rate_match(env, priors, r.ranks)
        for b, before, after in zip(r.players, priors, afters, strict=True):
            state[b] = after
            if b == bot:
                out.append((before.mu, before.sigma, after.mu, after.sigma))
    return out


def scheduled(store: Store, seeds: tuple[int, ...], table_size: int = 2):
    """(fixture, record) pairs of several tournaments of GAME, in schedule order."""
    rng = random.Random(sum(seeds))
    pairs = []
    for seed in seeds:
        s = spec(seed, table_size)
        tid = store.create_tournament(s, make_fixtures(s))
        for f in store.fixtures(tid):
            pairs.append((f, record(f.match_id, f.seats, rng, finished_at=rng.uniform(0, 1e6))))
    return pairs


def adhoc(n: int, rng: random.Random, finished_at: float | None = None):
    """Matches outside any tournament, some of them finishing at the same instant."""
    return [
        (
            None,
            record(
                f"m{i}",
                tuple(rng.sample(BOTS, rng.choice((2, 3, 4)))),
                rng,
                finished_at=finished_at if finished_at is not None else float(rng.randint(1, 5)),
            ),
        )
        for i in range(n)
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_insertion_order_gives_the_fold_after_every_match(db_url, seed):
    rng = random.Random(seed)
    with Store.open(db_url) as store:
        pairs = scheduled(store, (seed, seed + 10), table_size=rng.choice((2, 3)))
        pairs += adhoc(12, rng)
        rng.shuffle(pairs)
        for fixture, rec in pairs:
            store.save_match(rec, fixture)
            assert_ladder_is_the_fold(store)
        results = list(store.results(GAME))
        for bot in BOTS:
            got = [
                (c.mu_before, c.sigma_before, c.mu, c.sigma)
                for c in store.rating_history(GAME, bot)
            ]
            assert got == fold_history(results, bot)


def test_matches_stored_in_rating_order_equal_the_fold(db_url):
    with Store.open(db_url) as store:
        for fixture, rec in scheduled(store, (5,)):
            store.save_match(rec, fixture)
        assert_ladder_is_the_fold(store)
        assert sum(e.games for e in store.ladder(GAME)) == 2 * len(make_fixtures(spec(5)))


def test_matches_sharing_a_finishing_time_are_ordered_by_id_as_the_fold_orders_them(db_url):
    rng = random.Random(6)
    with Store.open(db_url) as store:
        pairs = adhoc(15, rng, finished_at=7.0)
        rng.shuffle(pairs)
        for _, rec in pairs:
            store.save_match(rec)
            assert_ladder_is_the_fold(store)


def test_concurrent_writers_on_two_connections_pools_end_at_the_fold(db_url):
    rng = random.Random(7)
    with Store.open(db_url) as setup:
        pairs = scheduled(setup, (7, 8, 9)) + adhoc(10, rng)
    rng.shuffle(pairs)
    stores = [Store.open(db_url) for _ in range(2)]  # as two processes: two engines
    errors: list[BaseException] = []

    def writer(k: int) -> None:
        try:
            for fixture, rec in pairs[k::4]:
                stores[k % 2].save_match(rec, fixture)
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert errors == []
    with Store.open(db_url) as store:
        assert len(list(store.results(GAME))) == len(pairs)
        assert_ladder_is_the_fold(store)


def test_unrated_matches_move_nothing_and_a_bot_seated_twice_is_refused(db_url):
    rng = random.Random(8)
    with Store.open(db_url) as store:
        store.save_match(record("a", ("ann", "bob"), rng))
        before = as_tuples(store.ladder(GAME))
        store.save_match(record("b", ("ann", "bob"), rng, termination=Termination.ABORTED))
        store.save_match(record("c", ("ann",), rng))  # solo: says nothing about skill
        assert as_tuples(store.ladder(GAME)) == before
        with pytest.raises(StoreError, match="sits twice"):
            store.save_match(record("d", ("ann", "ann"), rng))
        assert not store.has_match("d")  # the match and its rating are one transaction
        assert_ladder_is_the_fold(store)


def test_a_duplicate_match_leaves_the_ladder_untouched(db_url):
    rng = random.Random(9)
    with Store.open(db_url) as store:
        rec = record("a", ("ann", "bob"), rng)
        store.save_match(rec)
        before = as_tuples(store.ladder(GAME))
        with pytest.raises(StoreError, match="already stored"):
            store.save_match(rec)
        assert as_tuples(store.ladder(GAME)) == before


def test_rebuild_restores_a_damaged_ladder(db_url):
    rng = random.Random(10)
    with Store.open(db_url) as store:
        pairs = scheduled(store, (10,)) + adhoc(5, rng)
        for fixture, rec in pairs:
            store.save_match(rec, fixture)
        with store.engine.begin() as conn:
            conn.execute(ratings.update().values(mu=0.0, games=99))
            conn.execute(rating_history.delete().where(rating_history.c.match_id == "m1"))
        assert as_tuples(store.ladder(GAME)) != as_tuples(fold_ratings(store.results(GAME)))
        assert store.rebuild_ladder() == {GAME: len(pairs)}
        assert_ladder_is_the_fold(store)
        assert len(store.rating_history(GAME, "ann")) == next(
            e.games for e in store.ladder(GAME) if e.bot == "ann"
        )


def test_history_shows_the_last_matches_with_the_rating_before_each(db_url):
    rng = random.Random(11)
    with Store.open(db_url) as store:
        for _, rec in adhoc(8, rng):
            store.save_match(rec)
        full = store.rating_history(GAME, "ann")
        assert store.rating_history(GAME, "ann", last=3) == full[-3:]
        first = prior(environment())
        assert (full[0].mu_before, full[0].sigma_before) == (first.mu, first.sigma)
        assert all(a.mu == b.mu_before for a, b in zip(full, full[1:], strict=False))
        assert store.rating_history(GAME, "nobody") == []


def test_games_have_separate_ladders(db_url):
    rng = random.Random(12)
    with Store.open(db_url) as store:
        store.save_match(record("a", ("ann", "bob"), rng))
        other = record("b", ("ann", "bob"), rng)
        store.save_match(
            MatchRecord(
                **{
                    **{f: getattr(other, f) for f in other.__dataclass_fields__},
                    "game": "lucky_numbers",
                }
            )
        )
        assert [e.games for e in store.ladder(GAME)] == [1, 1]
        assert [e.games for e in store.ladder("lucky_numbers")] == [1, 1]
        assert store.ladder("the_number") == []


def test_deleting_matches_cascades_to_their_history(db_url):
    rng = random.Random(13)
    with Store.open(db_url) as store:
        store.save_match(record("a", ("ann", "bob"), rng))
        with store.engine.begin() as conn:
            conn.execute(matches.delete())
            left = conn.execute(sa.select(sa.func.count()).select_from(rating_history))
            assert left.scalar_one() == 0
        store.rebuild_ladder(GAME)
        assert store.ladder(GAME) == []


def downgrade_to_version_1(db_url: str) -> None:
    """Make a database look as arena with schema version 1 left it: no ladder, no credentials,
    no Alembic revision."""
    from old_schemas import back_to_before_alembic

    back_to_before_alembic(db_url, 1)


def test_a_version_1_database_is_upgraded_and_its_ladder_built_once(db_url):
    from arena.store import SCHEMA_VERSION
    from arena.store.schema import meta

    rng = random.Random(14)
    with Store.open(db_url) as store:
        pairs = scheduled(store, (14,)) + adhoc(6, rng)
        rng.shuffle(pairs)
        for fixture, rec in pairs:
            store.save_match(rec, fixture)
        expected = as_tuples(store.ladder(GAME))
    downgrade_to_version_1(db_url)
    with Store.open(db_url) as store:
        assert as_tuples(store.ladder(GAME)) == expected
        assert_ladder_is_the_fold(store)
        assert store.credentials() == [] and not store.has_credentials()
        with store.engine.connect() as conn:
            version = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version"))
            assert version.scalar_one() == str(SCHEMA_VERSION)
        with store.engine.begin() as conn:
            conn.execute(ratings.update().values(games=0))  # a second open must not rebuild
    with Store.open(db_url) as store:
        assert {e.games for e in store.ladder(GAME)} == {0}


def test_openers_racing_on_a_version_1_database_upgrade_it_once(db_url):
    with Store.open(db_url) as store:
        for fixture, rec in scheduled(store, (15,)):
            store.save_match(rec, fixture)
    downgrade_to_version_1(db_url)
    errors: list[BaseException] = []

    def opener() -> None:
        try:
            Store.open(db_url).close()
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with Store.open(db_url) as store:
        assert_ladder_is_the_fold(store)
        with store.engine.connect() as conn:
            rows = conn.execute(sa.select(sa.func.count()).select_from(rating_history))
            assert rows.scalar_one() == 2 * len(make_fixtures(spec(15)))
