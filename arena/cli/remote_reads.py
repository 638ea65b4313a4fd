"""The read commands against a running server (`--server ADDR`): the same tables as from a
database, built from ArenaService replies, so the server's publicity rules apply."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Annotated, Any, TypeVar

import typer

from arena.cli.leaderboard import OutputFormat, emit_ladder, emit_rows
from arena.cli.tournament_report import SUMMARY_COLUMNS, ReportRows, clock_words, emit_report
from arena.errors import ConfigError
from arena.ratings import leaderboard_row

T = TypeVar("T")

ReadServerOption = Annotated[
    str | None,
    typer.Option(
        "--server",
        envvar="ARENA_SERVER",
        help="Read from a running `arena serve` at this address instead of a database.",
        show_envvar=True,
    ),
]
ReadTlsCaOption = Annotated[
    str | None,
    typer.Option(
        "--tls-ca",
        envvar="ARENA_TLS_CA",
        help="CA file to reach --server over TLS.",
        show_envvar=True,
    ),
]


def enum_word(enum_type: Any, value: int) -> str:
    """A protobuf enum value as the CLI's word: TOURNAMENT_STATUS_RUNNING -> running."""
    name = str(enum_type.Name(value))
    prefix = {"TournamentStatus": "TOURNAMENT_STATUS_", "Termination": "TERMINATION_"}
    return name.removeprefix(prefix.get(enum_type.DESCRIPTOR.name, "")).lower()


def remote_of(server: str, tls_ca: str | None = None) -> Any:
    """The Remote for a --server address (grpc is imported only here)."""
    from arena.rpc.client import Remote

    return Remote.of(server, None, tls_ca)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run one client coroutine to its end."""
    return asyncio.run(coro)


def read(remote: Any, method: str, request: Any) -> Any:
    """One blocking ArenaService read."""
    from arena.rpc.client import read_remote

    return run(read_remote(remote, method, request))


def tournament_row(t: Any) -> dict[str, Any]:
    """A Tournament message as a row of `arena tournament list` (the same columns)."""
    from arena.v1 import arena_pb2 as pb

    return {
        "id": t.id,
        "game": t.game,
        "format": t.format + (f" (hero {t.hero})" if t.hero else ""),
        "table": t.table_size,
        "cycles": t.cycles,
        "deals": t.deals,
        "bots": len(t.bots),
        "played": t.fixtures_done,
        "fixtures": t.fixtures_total,
        "status": enum_word(pb.TournamentStatus, t.status),
        "seed": "withheld" if t.seed_withheld else t.seed,
        "clock": clock_words(*_clock_of(t)),
    }


def clock_fields_of(t: Any) -> dict[str, int | None]:
    """The clock of a Tournament message as numbers, for JSON (as clock_fields)."""
    return dict(
        zip(("time_per_move_ms", "time_bank_ms", "increment_ms"), _clock_of(t), strict=True)
    )


def _clock_of(t: Any) -> tuple[int | None, int | None, int | None]:
    """A Tournament message's per-move time, bank and increment (None: not set)."""
    per_move, bank, increment = (
        int(getattr(t, f)) if t.HasField(f) else None
        for f in ("per_move_ms", "time_bank_ms", "increment_ms")
    )
    return per_move, bank, increment


def standing_rows(t: Any) -> list[dict[str, Any]]:
    """A Tournament message's standings as rows of `arena tournament show`."""
    return [
        {
            "place": s.place,
            "bot": s.bot,
            "points": s.points,
            "wins": s.wins,
            "games": s.games,
            "mean rank": s.mean_rank,
            "faults": s.faults,
            "forfeits": s.forfeits,
            **{f"pts seat {i}": p for i, p in enumerate(s.seat_points)},
        }
        for s in t.standings
    ]


def ladder_rows(entries: Any) -> list[dict[str, Any]]:
    """LadderEntry messages as leaderboard rows (their ranks as the server gave them)."""
    return [leaderboard_row(e.rank, e) for e in entries]


def print_ladder(remote: Any, game: str, bot: str | None, fmt: OutputFormat) -> None:
    """`arena leaderboard --server`: a game's ladder, or one bot's rating history."""
    from arena.v1 import arena_pb2 as pb

    if bot is None:
        board = read(remote, "GetLeaderboard", pb.GetLeaderboardRequest(game=game))
        emit_ladder(ladder_rows(board.entries), board.game, fmt)
        return
    history = read(remote, "GetRatingHistory", pb.GetRatingHistoryRequest(game=game, bot=bot))
    if not history.points:
        raise ConfigError(f"{bot!r} has no rated {history.game} match on {remote.address}")
    rows = [
        {"match": p.match_id, "rank": p.rank, "mu": round(p.mu, 4), "sigma": round(p.sigma, 4)}
        for p in history.points
    ]
    emit_rows(rows, fmt, title=f"Rating history: {bot} in {history.game} (oldest first)")


def print_tournaments(remote: Any, fmt: OutputFormat) -> None:
    """`arena tournament list --server`: newest first."""
    from arena.v1 import arena_pb2 as pb

    reply = read(remote, "ListTournaments", pb.ListTournamentsRequest())
    rows = [tournament_row(t) for t in reply.tournaments]
    emit_rows(rows, fmt, columns=list(SUMMARY_COLUMNS), title="Tournaments")


def print_tournament(remote: Any, tid: int, fmt: OutputFormat, *, with_matches: bool) -> None:
    """`arena tournament show --server`: the same report as from a database."""
    from arena.v1 import arena_pb2 as pb

    t = read(remote, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
    seats = [
        {"seat": r.label, "games": r.games, "points": r.points, "wins": r.wins} for r in t.seats
    ]
    rows = ReportRows(
        tid=t.id,
        game=t.game,
        summary=tournament_row(t),
        details={"options": dict(t.options), **clock_fields_of(t)},
        tie_breaks=t.tie_breaks,
        standings=standing_rows(t),
        seats=seats,
        by_play_order=any(r.label.endswith("to move") for r in t.seats),
        matches=match_rows(remote, tid) if with_matches else None,
    )
    emit_report(rows, fmt)


def match_rows(remote: Any, tid: int) -> list[dict[str, Any]]:
    """Every stored match of a tournament, a page at a time."""
    from arena.v1 import arena_pb2 as pb

    rows: list[dict[str, Any]] = []
    token = ""
    while True:
        request = pb.ListMatchesRequest(tournament_id=tid, page_size=500, page_token=token)
        page = read(remote, "ListMatches", request)
        rows.extend(
            {
                "match": m.match_id,
                "seats": " ".join(m.players),
                "ranks": " ".join(str(r) for r in m.ranks),
                "points": " ".join(f"{p:+g}" for p in m.points),
                "end": enum_word(pb.Termination, m.termination),
            }
            for m in page.matches
        )
        token = page.next_page_token
        if not token:
            return rows
