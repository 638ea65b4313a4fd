"""Every report the application layer computes travels to `--server` clients and the web pages
without loss: encoded by the server, decoded by them into equal values."""

from __future__ import annotations

from arena.app.matches import ReplayHeader
from arena.app.reports import (
    AwayBot,
    ClockSpec,
    MatchRow,
    StandingRow,
    TournamentReport,
    TournamentSummary,
)
from arena.app.stats import Duel, Elo, PointsInterval, StatsReport, TrueSkillRow
from arena.app.tournaments import TournamentRequest
from arena.app.values import BotEntry, HeadToHead, LadderEntry, RatingChange, SeatSummary
from arena.match.clock import Clock
from arena.rpc.wire import reports as wire
from arena.v1 import arena_pb2 as pb

SUMMARY = TournamentSummary(
    id=7, game="lucky_numbers", options={"bruno": True, "setup": "michael"}, format="swiss",
    hero=None, table_size=2, cycles=1, rounds=4, deals="duplicate", bots=("a", "b", "c"),
    played=5, fixtures=12, status="abandoned", seed=None, clock=ClockSpec(800, 0, None),
    created_at=1764600000.25, finished_at=None, reconnect_grace_ms=30_000,
)  # fmt: skip


def test_a_summary_round_trips_with_its_withheld_seed_and_display_status() -> None:
    assert wire.summary_from_pb(wire.summary_to_pb(SUMMARY)) == SUMMARY
    public = vars_of(SUMMARY, seed=41, finished_at=1764600099.5)
    assert wire.summary_from_pb(wire.summary_to_pb(public)) == public
    for status in ("created", "running", "interrupted", "finished", "abandoned"):
        shown = vars_of(SUMMARY, status=status)
        assert wire.summary_from_pb(wire.summary_to_pb(shown)).status == status


def vars_of(s: TournamentSummary, **changes: object) -> TournamentSummary:
    from dataclasses import replace

    return replace(s, **changes)  # type: ignore[arg-type]


def test_a_whole_report_round_trips_swiss_columns_and_all() -> None:
    report = TournamentReport(
        summary=SUMMARY,
        standings=(
            StandingRow(1, "a", 3.5, 4, 6, 1.25, 0, 0, (2.0, 1.5), (3, 3), 2.5, 4.0, 3.25, 1),
            StandingRow(2, "b", -1.0, 1, 6, 1.8, 2, 1, (0.0, -1.0), (3, 3), 1.0, 4.5, 0.5, 0),
        ),
        seats=(SeatSummary("seat 0", 6, 2.0, 3), SeatSummary("1st to move", 6, 1.5, 3)),
        by_play_order=True,
        tie_breaks="score, then Buchholz",
        head_to_head=(HeadToHead("a", "b", 3, 1, 2, 4.5, -2.0),),
        ladder=(LadderEntry("a", 28.1, 6.5, 6, 4), LadderEntry("b", 21.0, 6.9, 6, 1)),
        error="cancelled by an organizer",
        away=(AwayBot("c", 1764600100.5, 41_500),),
        withdrawn=("c",),
    )
    assert wire.report_from_pb(wire.report_to_pb(report)) == report


def test_match_rows_history_and_replay_headers_round_trip() -> None:
    row = MatchRow(
        "t7-3", "lucky_numbers", ("a", "b"), (2, 1), (-3.0, 2.0), "timeout",
        "seat 0 (a): ran out of time", 41, None, 7, 3, 1764600050.125,
    )  # fmt: skip
    assert wire.match_row_from_pb(wire.match_row_to_pb(row)) == row
    loose = MatchRow("m1", "azul", ("x", "y"), (1, 1), (0.5, 0.5), "normal", "", None, 99, None,
                     None, 5.0)  # fmt: skip
    assert wire.match_row_from_pb(wire.match_row_to_pb(loose)) == loose
    changes = [
        RatingChange("t7-3", 7, 3, 9.5, 1, 2, 25.0, 8.333, 24.1, 7.9),
        RatingChange("m1", None, None, 10.0, 0, 1, 24.1, 7.9, 26.0, 7.5),
    ]
    assert wire.history_from_pb(wire.history_to_pb(changes)) == changes
    record = pb.MatchRecord(match_id="t7-3", game="lucky_numbers", seed=0, seed_withheld=True,
                            players=["a", "b"], options={"bruno": "true"})  # fmt: skip
    header = wire.header_from_pb(record)
    assert header.seed is None and header.options["bruno"] is True and header.players == ("a", "b")
    assert isinstance(header, ReplayHeader)


def test_statistics_round_trip_without_inventing_values() -> None:
    report = StatsReport(
        scope="tournament 7, duplicate deals",
        kind="paired",
        duels=(
            Duel("a", "b", 10, 10, 0, 0, 20.0, -5.0, Elo(None, None, 140.2, None, True), 0.999,
                 5, (0, 0, 0, 0, 5), Elo(None, None, 101.0, None, True)),
            Duel("a", "c", 4, 2, 1, 1, 3.0, 2.0, Elo(87.7, 250.1, -160.0, 340.2), 0.76),
            Duel("b", "c", 3, 1, 0, 2, 1.0, 2.0),
        ),  # fmt: skip
        trueskill=(
            TrueSkillRow(1, "a", 30.2, 5.1, 0.91, 14),
            TrueSkillRow(2, "b", 20.0, 5.5, None, 13),
        ),
        standings=(
            PointsInterval(1, "a", 12.0, 14, 0.857, 0.6, 1.0),
            PointsInterval(2, "z", 0.0, 0, None, None, None),
        ),
        multiplayer=False,
    )  # fmt: skip
    assert wire.stats_from_pb(wire.stats_to_pb(report)) == report


def test_an_organizers_request_travels_as_a_create_tournament_call() -> None:
    request = TournamentRequest(
        game="azul", bots=(BotEntry("a"), BotEntry("b")), options={"wall": "gray"},
        format="knockout", table_size=2, seed=12, clock=Clock(500, 5000, 20), deals="duplicate",
        concurrency=3, reconnect_grace_ms=0,
    )  # fmt: skip
    assert wire.request_from_pb(wire.request_to_pb(request)) == request
    bare = TournamentRequest(game="azul", bots=(BotEntry("a"), BotEntry("b")))
    back = wire.request_from_pb(wire.request_to_pb(bare))
    assert back == bare  # unset stays unset: the server picks the seed, the clock, the grace
