"""A tournament's clock, read from its stored records: per bot, its matches, first places (95%
Wilson interval), the matches it lost on time (with when each started) and its decision times
as the referee measured them (median, p99, p99.9, max).

    .venv/bin/python bench/tournament_clock.py --db az23b.db [--tournament 1]
        [--since "2026-12-07 07:05:35"] [--until "2026-12-07 08:00:00"]

--since/--until (UTC) keep the matches that started in that window, so that two tournaments
played side by side compare over the same minutes. Nothing is timed here: it reads a database
(`arena tournament run --db ...`), so it runs after or beside the tournament it reads.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import percentile, wilson  # noqa: E402

from arena.app.database import open_store  # noqa: E402
from arena.core.values import MatchRecord, Termination  # noqa: E402


def utc(text: str | None) -> float | None:
    """A 'YYYY-MM-DD HH:MM:SS' UTC time as a Unix time (None: no bound)."""
    if text is None:
        return None
    moment = datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC)
    return moment.timestamp()


def clock_of(bot: str, records: list[MatchRecord]) -> str:
    """One bot's lines: results, time losses and decision times over `records`."""
    played = [r for r in records if bot in r.players]
    first = sum(r.outcome.ranks[r.players.index(bot)] == 1 for r in played)
    low, high = wilson(first / len(played), len(played)) if played else (0.0, 0.0)
    late = [
        r
        for r in played
        if r.outcome.termination is Termination.TIMEOUT
        and r.outcome.offender == r.players.index(bot)
    ]
    times = [m.elapsed_ms for r in played for m in r.moves if r.players[m.seat] == bot]
    lines = [
        f"{bot}: {len(played)} matches, first in {first} ({first / max(1, len(played)):.3f}"
        f" [{low:.3f}, {high:.3f}]), lost on time {len(late)}",
    ]
    if late:
        starts = ", ".join(
            f"{r.match_id} {datetime.datetime.fromtimestamp(r.started_at, datetime.UTC):%H:%M:%S}"
            for r in late
        )
        lines.append(f"  lost on time (started, UTC): {starts}")
    if times:
        lines.append(
            f"  {len(times)} decisions: median {percentile(times, 0.5):.0f} ms,"
            f" p99 {percentile(times, 0.99):.0f}, p99.9 {percentile(times, 0.999):.0f},"
            f" max {max(times):.0f}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the tournament's database")
    parser.add_argument("--tournament", type=int, default=1)
    parser.add_argument("--since", help="UTC 'YYYY-MM-DD HH:MM:SS': matches started from then")
    parser.add_argument("--until", help="UTC 'YYYY-MM-DD HH:MM:SS': matches started before then")
    args = parser.parse_args()
    since, until = utc(args.since), utc(args.until)
    with open_store(args.db, create=False) as store:
        records = [
            r
            for r in store.tournament_matches(args.tournament)
            if (since is None or r.started_at >= since) and (until is None or r.started_at < until)
        ]
    bots = sorted({name for r in records for name in r.players})
    print(f"tournament {args.tournament} of {args.db}: {len(records)} matches")
    for bot in bots:
        print(clock_of(bot, records))


if __name__ == "__main__":
    main()
