"""One application layer, three front ends: every read prints the same JSON through `--db` and
through `--server` on the same database, and the web pages show the same rows.

A real `arena serve --db --web` plays two tournaments with real bot processes (a round robin
of three, a duplicate-deal duel for the paired statistics); then each read command runs both
ways and the outputs are compared whole, and each page's tables against the CLI's rows.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from web_helpers import Served, arena_with_web, call

from arena.app.rows import cell_text, snake
from arena.cli import main
from arena.v1 import arena_pb2 as pb

BOTS = ("p1", "p2", "p3")
TABLES = ("summary", "standings", "seats", "head-to-head", "matches", "ladder")


def cli(args: list[str]) -> str:
    """What `arena ARGS` prints on stdout (it must succeed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(args)
        except SystemExit as exc:
            assert exc.code in (0, None), out.getvalue()
    return out.getvalue()


def wait_finished(address: str, tid: int) -> None:
    """Until the server has played the tournament (`arena watch` returns once it is over)."""
    cli(["watch", "--tournament", str(tid), "--server", address])
    status = call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid)).status
    assert status == pb.TOURNAMENT_STATUS_FINISHED


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Path]]:
    """A server that has played two tournaments, and its database file."""
    db = Path(tmp_path_factory.mktemp("parity")) / "parity.db"
    with arena_with_web(db) as s:
        for i, name in enumerate(BOTS):
            s.bot("bots/random_bot.py", name, "--seed", str(i))
        s.wait_for_bots(set(BOTS))
        first = pb.CreateTournamentRequest(game="lucky_numbers", bots=BOTS, seed=5)
        wait_finished(s.address, call(s.address, "CreateTournament", first).tournament_id)
        duel = pb.CreateTournamentRequest(
            game="lucky_numbers", bots=BOTS[:2], seed=9, cycles=3, deals="duplicate"
        )
        wait_finished(s.address, call(s.address, "CreateTournament", duel).tournament_id)
        yield s, db


READS = [
    ["tournament", "list"],
    ["tournament", "show", "1", "--matches"],
    ["tournament", "show", "2", "--matches"],
    ["leaderboard", "--game", "lucky_numbers"],
    ["leaderboard", "--game", "lucky_numbers", "--bot", "p1"],
    ["leaderboard", "--game", "lucky_numbers", "--bot", "p2", "--last", "3"],
    ["replay", "t1-0"],
    ["replay", "t2-3"],
    ["stats", "--tournament", "1"],
    ["stats", "--tournament", "2"],
    ["stats", "--game", "lucky_numbers"],
]


@pytest.mark.parametrize("args", READS, ids=lambda a: " ".join(a))
def test_json_is_identical_through_db_and_server(served: tuple[Served, Path], args: list[str]):
    s, db = served
    local = cli([*args, "--format", "json", "--db", str(db)])
    remote = cli([*args, "--format", "json", "--server", s.address])
    assert json.loads(local), "an empty document proves nothing"
    assert remote == local


@pytest.mark.parametrize("table", TABLES)
def test_each_table_is_identical_through_db_and_server(served: tuple[Served, Path], table: str):
    s, db = served
    args = ["tournament", "show", "1", "-f", "csv", "--table", table]
    local = cli([*args, "--db", str(db)])
    assert len(local.splitlines()) >= 2, local  # a header and at least one row
    assert cli([*args, "--server", s.address]) == local


class Tables(HTMLParser):
    """Every <table id=...> of a page as rows of cell texts (header row first)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._table = self.tables.setdefault(dict(attrs).get("id") or "", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self._table[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def page_tables(web: str, path: str) -> dict[str, list[list[str]]]:
    with urllib.request.urlopen(web + path, timeout=10) as reply:
        parser = Tables()
        parser.feed(reply.read().decode())
    return parser.tables


def cli_table(args: list[str], db: Path) -> list[list[str]]:
    """The rows a CSV read prints (its header row first)."""
    return list(csv.reader(io.StringIO(cli([*args, "-f", "csv", "--db", str(db)]))))


def same_rows(page: list[list[str]], printed: list[list[str]]) -> None:
    header, *body = page
    assert [snake(c) for c in header] == printed[0]
    assert body == printed[1:]


def test_the_web_pages_show_the_rows_the_cli_prints(served: tuple[Served, Path]) -> None:
    s, db = served
    shown = page_tables(s.web, "/tournaments/1")
    for table, id_ in (("standings", "standings"), ("seats", "seats"),
                       ("head-to-head", "head-to-head"), ("matches", "matches"),
                       ("ladder", "ladder")):  # fmt: skip
        printed = cli_table(["tournament", "show", "1", "--table", table], db)
        same_rows(shown[id_], printed)
    summary = cli_table(["tournament", "show", "1", "--table", "summary"], db)
    same_rows(shown["summary"], summary)
    listed = cli_table(["tournament", "list"], db)
    same_rows(page_tables(s.web, "/tournaments")["tournaments"], listed)
    board = cli_table(["leaderboard", "--game", "lucky_numbers"], db)
    same_rows(page_tables(s.web, "/games/lucky_numbers")["leaderboard"], board)
    history = cli_table(["leaderboard", "--game", "lucky_numbers", "--bot", "p3"], db)
    same_rows(page_tables(s.web, "/games/lucky_numbers/bots/p3")["history"], history)


def test_cells_read_the_same_in_a_page_and_a_table() -> None:
    assert cell_text(2.0) == "2" and cell_text(0.125) == "0.12" and cell_text(None) == ""
    assert cell_text(["a", 1.5]) == "a 1.5"
