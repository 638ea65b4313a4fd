"""The stored ladder at scale: leaderboard reads, match saves and a rebuild at 100k matches.

    .venv/bin/python bench/bench_leaderboard.py [--matches 100000] [--bots 20] [--db PATH|URL]

Fills a fresh SQLite file (or the given database, which must be empty) with one Lucky Numbers
round robin of --bots bots and enough cycles for --matches fixtures: the match rows of all but
the last 1,000 are bulk-inserted (the very rows `Store.save_match` writes, from the same
`match_row`), then the ladder is built by `Store.rebuild_ladder` (timed: the rebuild). The last
1,000 go through `save_match` (timed per match): 900 in fixture order, then 100 shuffled within
windows of 8 as concurrency 8 would land them. Then it times the leaderboard read at the store
(`Store.ladder`), as the gRPC GetLeaderboard handler computes it (`catalog.leaderboard`), the
full fold it replaces, and `arena leaderboard` as a whole process (start-up included), and
checks that the stored ladder equals the fold. Records are small (two moves each): the ladder
never reads them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arena.core.values import MatchRecord, MoveRecord, Outcome
from arena.ratings.trueskill_ladder import fold_ratings
from arena.rpc.server.catalog import leaderboard
from arena.store import Store
from arena.store.rows import match_row
from arena.store.schema import matches
from arena.tournament import BotEntry, TournamentSpec, make_fixtures

GAME = "lucky_numbers"
TAIL = 1_000  # matches stored one by one through save_match
SHUFFLED = 100  # of which the last ones land out of order
WINDOW = 8  # as concurrency 8 would reorder them
CHUNK = 5_000


def record(fixture, rng: random.Random) -> MatchRecord:
    """A finished two-player match with a random winner (ties now and then)."""
    ranks = rng.choice(((1, 2), (2, 1), (1, 2), (2, 1), (1, 1)))
    now = 1.7e9 + fixture.index
    return MatchRecord(
        match_id=fixture.match_id,
        game=GAME,
        options={"setup": "easy", "bruno": False},
        seed=fixture.seed,
        players=fixture.seats,
        moves=(MoveRecord(0, "draw", 0.001), MoveRecord(1, "draw", 0.001)),
        outcome=Outcome(ranks=ranks, scores=(15.0, 12.0), points=(2.0, -1.0)),
        started_at=now - 1,
        finished_at=now,
    )


def timed(fn, repeat: int) -> list[float]:
    """Wall seconds of `repeat` calls."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def process(cmd: list[str], repeat: int = 5) -> list[float]:
    """Wall seconds of running a command `repeat` times."""
    return timed(lambda: subprocess.run(cmd, check=True, capture_output=True), repeat)


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1e3:.2f} ms, max {max(values) * 1e3:.2f} ms"


def fill(store: Store, n: int, bots: int, rng: random.Random) -> list:
    """Store the tournament and bulk-insert all but the last TAIL matches; the tail pairs."""
    per_cycle = bots * (bots - 1)  # every pair, both seatings
    spec = TournamentSpec(
        GAME,
        tuple(BotEntry(f"bot-{i:02d}", "builtin:random") for i in range(bots)),
        seed=1,
        options={"setup": "easy", "bruno": False},
        cycles=-(-n // per_cycle),
    )
    t = time.perf_counter()
    tid = store.create_tournament(spec, make_fixtures(spec))
    fixtures = store.fixtures(tid)[:n]
    pairs = [(f, record(f, rng)) for f in fixtures]
    head, tail = pairs[:-TAIL], pairs[-TAIL:]
    with store.engine.begin() as conn:
        for i in range(0, len(head), CHUNK):
            conn.execute(matches.insert(), [match_row(r, f) for f, r in head[i : i + CHUNK]])
    print(f"filled {len(head)} matches in {time.perf_counter() - t:.1f} s (bulk rows)")
    return tail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--bots", type=int, default=20)
    parser.add_argument("--db", help="an empty database (default: a fresh SQLite file)")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or str(Path(tmp) / "bench.db")
        with Store.open(target) as store:
            tail = fill(store, args.matches, args.bots, rng)
            t = time.perf_counter()
            counts = store.rebuild_ladder(GAME)
            print(f"rebuild: {counts[GAME]} rated matches in {time.perf_counter() - t:.1f} s")

            in_order, late = tail[:-SHUFFLED], tail[-SHUFFLED:]
            saves = [timed(lambda f=f, r=r: store.save_match(r, f), 1)[0] for f, r in in_order]
            print(f"save_match in fixture order ({len(saves)}): {ms(saves)}")
            for i in range(0, len(late), WINDOW):
                window = late[i : i + WINDOW]
                rng.shuffle(window)
                late[i : i + WINDOW] = window
            saves = [timed(lambda f=f, r=r: store.save_match(r, f), 1)[0] for f, r in late]
            print(f"save_match shuffled within windows of {WINDOW} ({len(saves)}): {ms(saves)}")

            reads = timed(lambda: store.ladder(GAME), 50)
            print(f"store leaderboard read (Store.ladder, {args.bots} bots): {ms(reads)}")
            handler = timed(lambda: leaderboard(store, GAME), 50)
            print(f"GetLeaderboard handler (catalog.leaderboard): {ms(handler)}")
            folds: list = []
            fold_time = timed(lambda: folds.append(fold_ratings(store.results(GAME))), 1)
            print(f"the full fold it replaces: {fold_time[0]:.2f} s")
            assert store.ladder(GAME) == folds[0], "the stored ladder differs from the fold"
            print("stored ladder == full fold: yes")
        arena = Path(sys.executable).with_name("arena")
        cli = [str(arena), "leaderboard", "--game", GAME, "--db", target]
        subprocess.run(cli, check=True, capture_output=True)  # warm the page cache
        print(f"`arena leaderboard` process: {ms(process(cli))}")
        startup = process([str(arena), "--version"])
        print(f"`arena --version` process (start-up alone): {ms(startup)}")


if __name__ == "__main__":
    main()
