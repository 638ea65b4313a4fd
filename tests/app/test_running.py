"""A tournament's life (arena/app/running.py) over the runner: concurrency, storing at once,
failures and resume."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.core.registry import get_game
from arena.errors import (
    BotError,
    ConfigError,
    FixtureFailedError,
    FixturesLeftError,
    TournamentError,
)
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec
from arena.tournament.entrants import builtin_player, local_runner, parse_bot
from arena.tournament.manage import game_and_options
from arena.tournament.runner import check_record

SPEC = TournamentSpec(
    game="lucky_numbers",
    bots=(
        BotEntry("alpha", "builtin:random"),
        BotEntry("beta", "builtin:random"),
        BotEntry("gamma", "builtin:first"),
        BotEntry("delta", "builtin:random"),
    ),
    seed=99,
    table_size=2,
)


def builtin_runner(stored):
    game, options = game_and_options(stored.spec)
    bots = {b.name: b for b in stored.spec.bots}
    return local_runner(
        game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
    )


def comparable(records):
    """What must agree between two runs of one tournament: ids, seeds, seats, moves, results."""
    return [
        (r.match_id, r.seed, r.players, [(m.seat, m.move) for m in r.moves], r.outcome)
        for r in records
    ]


def run(db, spec=SPEC, concurrency=1):
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        done = asyncio.run(
            play_tournament(store, stored.id, builtin_runner(stored), concurrency=concurrency)
        )
        return done, store.tournament_matches(stored.id), fold_ratings(store.results(spec.game))


def test_concurrency_changes_neither_the_matches_nor_the_ladder(tmp_path):
    done1, records1, ladder1 = run(str(tmp_path / "one.db"), concurrency=1)
    done8, records8, ladder8 = run(str(tmp_path / "eight.db"), concurrency=8)
    assert done1.status is done8.status is Status.FINISHED
    assert done1.played == done1.fixtures == 12
    assert comparable(records1) == comparable(records8)
    assert ladder1 == ladder8


def test_at_most_concurrency_matches_run_at_once(sqlite_path):
    with Store.open(sqlite_path) as store:
        stored = create_tournament(store, SPEC, owner=None)
        inner = builtin_runner(stored)
        running, peak = 0, 0

        async def play(fixture):
            nonlocal running, peak
            running += 1
            peak = max(peak, running)
            await asyncio.sleep(0.01)
            try:
                return await inner(fixture)
            finally:
                running -= 1

        asyncio.run(play_tournament(store, stored.id, play, concurrency=3))
    assert peak == 3


@pytest.mark.parametrize(
    ("failure", "raised", "left"),
    [
        (BotError("bot process died"), (BotError, "died"), list(range(5, 12))),  # the run stops
        (
            FixtureFailedError("lost"),
            (FixturesLeftError, r"1 fixture\(s\) .* \(5\)"),
            [5],
        ),  # not all
    ],
)
def test_a_failing_runner_interrupts_and_resume_plays_only_what_is_left(
    tmp_path, failure, raised, left
):
    _, reference, ladder_ref = run(str(tmp_path / "reference.db"))
    with Store.open(str(tmp_path / "broken.db")) as store:
        stored = create_tournament(store, SPEC, owner=None)
        inner = builtin_runner(stored)

        async def flaky(fixture):
            if fixture.index == 5:
                raise failure
            return await inner(fixture)

        with pytest.raises(raised[0], match=raised[1]):
            asyncio.run(play_tournament(store, stored.id, flaky, concurrency=1))
        interrupted = store.tournament(stored.id)
        assert (interrupted.status, interrupted.runner) == (Status.INTERRUPTED, None)
        assert store.played_indexes(stored.id) == set(range(12)) - set(left)

        replayed = []

        async def counting(fixture):
            replayed.append(fixture.index)
            return await inner(fixture)

        done = asyncio.run(play_tournament(store, stored.id, counting, concurrency=4))
        assert sorted(replayed) == left
        assert done.status is Status.FINISHED
        assert comparable(store.tournament_matches(stored.id)) == comparable(reference)
        assert fold_ratings(store.results(SPEC.game)) == ladder_ref
        asyncio.run(play_tournament(store, stored.id, counting))  # finished: nothing more
        assert len(replayed) == len(left)


def test_a_record_for_another_fixture_is_refused(sqlite_path):
    with Store.open(sqlite_path) as store:
        stored = create_tournament(store, SPEC, owner=None)
        fixtures = store.fixtures(stored.id)
        inner = builtin_runner(stored)

        async def wrong(fixture):
            return await inner(fixtures[(fixture.index + 1) % len(fixtures)])

        with pytest.raises(TournamentError, match="does not play fixture 0"):
            asyncio.run(play_tournament(store, stored.id, wrong))
        assert store.played_indexes(stored.id) == set()
    record = asyncio.run(inner(fixtures[0]))
    check_record(fixtures[0], record)


def test_creation_checks_the_game_table_size_and_options(sqlite_path):
    from dataclasses import replace

    from arena.errors import OptionError, PlayerCountError, UnknownGameError

    with Store.open(sqlite_path) as store:
        with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
            create_tournament(store, replace(SPEC, game="chess"), owner=None)
        with pytest.raises(PlayerCountError, match="2 to 4 players, not 5"):
            create_tournament(store, replace(SPEC, table_size=5), owner=None)
        with pytest.raises(OptionError, match="no option 'colour'"):
            create_tournament(store, replace(SPEC, options={"colour": "red"}), owner=None)
        assert store.tournaments() == []
        stored = create_tournament(store, replace(SPEC, options={"bruno": "true"}), owner=None)
    assert stored.spec.options == {"bruno": True, "setup": "easy"}
    assert stored.spec.game == get_game("lucky_numbers").name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("greedy=builtin:greedy", BotEntry("greedy", "builtin:greedy")),
        ("mine=python bots/x.py --seed 3", BotEntry("mine", "python bots/x.py --seed 3")),
        ("remote", BotEntry("remote", None)),
    ],
)
def test_bot_arguments(text, expected):
    assert parse_bot(text) == expected


@pytest.mark.parametrize("text", ["=cmd", "name=", "  "])
def test_bad_bot_arguments(text):
    with pytest.raises(ConfigError):
        parse_bot(text)


def test_tournaments_ratings_and_store_never_import_grpc_typer_or_rich():
    code = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("grpc", "typer", "rich"):
                    raise ImportError("blocked: " + name)
        sys.meta_path.insert(0, Block())
        import arena.tournament, arena.tournament.manage, arena.tournament.entrants
        import arena.ratings.trueskill_ladder, arena.store
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_tournament_package_is_pure_its_life_in_the_store_is_the_app_layers() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "arena" / "tournament"
    found = [
        f"{path.relative_to(root)}: {line.strip()}"
        for path in root.rglob("*.py")
        for line in path.read_text().splitlines()
        if line.strip().startswith(("from arena.store", "import arena.store", "from arena.app"))
    ]
    assert found == []
