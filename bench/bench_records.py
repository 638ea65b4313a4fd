"""Portable records: export and import speed per game, and what a record weighs.

    .venv/bin/python bench/bench_records.py [--cycles 4] [--games lucky_numbers,azul,...]

Per game: a round robin of one greedy and two random built-in bots (tables of the game's
default size, --cycles cycles, in-process) is played into a fresh SQLite file; then it times
`arena export` as a library call (records read, replayed for the deal and end digests, written),
the same with --every-position, and `arena import` of the default export into an empty file
(every record read, replayed and checked, then stored and rated in one transaction). Prints
matches per second and bytes per match and per move.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from records_helpers import field, play_tournament  # noqa: E402

from arena.core.registry import list_games  # noqa: E402
from arena.records.transfer import (  # noqa: E402
    ExportFilter,
    export_matches,
    import_records,
    write_records,
)
from arena.store import Store  # noqa: E402
from arena.tournament import TournamentSpec  # noqa: E402
from arena.tournament.manage import default_table_size  # noqa: E402


def export_text(store: Store, every: bool) -> tuple[str, float]:
    """The export of the whole store, and the seconds it took."""
    out = io.StringIO()
    start = time.perf_counter()
    write_records(export_matches(store, ExportFilter(), public=False, every_position=every), out)
    return out.getvalue(), time.perf_counter() - start


def bench_game(game: str, cycles: int, folder: Path) -> None:
    """Play, export (twice) and import one game's round robin; print one line."""
    size = default_table_size(game)
    with Store.open(str(folder / f"{game}.db")) as store:
        spec = TournamentSpec(game, field(size + 1, game), seed=7, table_size=size, cycles=cycles)
        play_tournament(store, spec)
        text, export_s = export_text(store, every=False)
        every_text, every_s = export_text(store, every=True)
    lines = text.splitlines()
    moves = sum(line.count('"ply":') for line in lines)
    with Store.open(str(folder / f"{game}-copy.db")) as copy:
        start = time.perf_counter()
        import_records(copy, lines)
        import_s = time.perf_counter() - start
    n = len(lines)
    print(
        f"{game:18s} {n:4d} matches {moves / n:6.0f} moves/match | export {n / export_s:7.1f}/s"
        f" (every position {n / every_s:6.1f}/s) | import {n / import_s:6.1f}/s |"
        f" {len(text) / n / 1024:5.1f} KiB/match ({len(every_text) / n / 1024:5.1f} every),"
        f" {len(text) / moves:4.0f} B/move"
    )


def main() -> None:
    """Run the benchmark for each game asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=4)
    parser.add_argument("--games", default=",".join(g.name for g in list_games()))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            bench_game(game, args.cycles, Path(tmp))


if __name__ == "__main__":
    main()
