"""arena.app.reports: summaries, standings, match rows and what each audience may see of them,
computed from a SQLite store holding literal results."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import GAME, finish, play, record, spec, tournament

from arena.app import reports
from arena.app.reports import (
    ABANDONED,
    Audience,
    AwayBot,
    ClockSpec,
    MatchRow,
    display_status,
    in_fixture_order,
    match_page,
    match_row_of_record,
    match_row_of_summary,
    match_rows,
    public_match_rows,
    seed_shown,
    standing_rows,
    summary,
    tournament_report,
    tournament_summaries,
)
from arena.core.values import Termination
from arena.errors import UnknownTournamentError
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament import TIE_BREAKS, Format, Status
from arena.tournament.lease import runner_id
from arena.tournament.swiss import SWISS_TIE_BREAKS


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(str(tmp_path / "arena.db")) as opened:
        yield opened


def test_a_running_tournament_whose_runner_is_gone_shows_abandoned(store: Store) -> None:
    t, _ = tournament(store, spec())
    assert display_status(t) == "created"
    running = replace(t, status=Status.RUNNING, runner="elsewhere:12", heartbeat_at=1000.0)
    assert display_status(running, now=1010.0) == "running"  # within the lease
    assert display_status(running, now=1031.0) == ABANDONED  # silent past the lease
    assert display_status(replace(running, runner=None), now=1010.0) == ABANDONED
    alive = replace(running, runner=runner_id(), heartbeat_at=0.0)  # this very process
    assert display_status(alive, now=1e12) == "running"
    finished = replace(running, status=Status.FINISHED)
    assert display_status(finished, now=1e12) == "finished"  # only a run can be abandoned


def test_the_seed_is_withheld_from_the_public_until_the_tournament_is_finished(
    store: Store,
) -> None:
    t, _ = tournament(store, spec(seed=1234))
    for status in (Status.CREATED, Status.RUNNING, Status.INTERRUPTED):
        shown = replace(t, status=status)
        assert seed_shown(shown, Audience.PUBLIC) is None
        assert seed_shown(shown, Audience.OWNER) == 1234
        assert summary(shown, Audience.PUBLIC).seed is None
    assert seed_shown(replace(t, status=Status.FINISHED), Audience.PUBLIC) == 1234


def test_a_summary_holds_the_definition_progress_and_clock(store: Store) -> None:
    s = spec("ann", "bob", "cy", time_per_move_ms=500, time_bank_ms=2000, increment_ms=10)
    t, fixtures = tournament(store, s)
    play(store, fixtures[0], (1, 2))
    brief = summary(store.tournament(t.id))
    assert (brief.id, brief.game, brief.format, brief.hero) == (t.id, GAME, "round-robin", None)
    assert (brief.table_size, brief.cycles, brief.deals) == (2, 1, "independent")
    assert brief.bots == ("ann", "bob", "cy")
    assert (brief.played, brief.fixtures, brief.status) == (1, 6, "created")
    assert brief.clock == ClockSpec(500, 2000, 10)
    assert brief.options == {"setup": "easy", "bruno": False}  # the game's defaults
    assert brief.finished_at is None and brief.verdict is None and brief.seed == 42


def test_a_round_format_counts_the_fixtures_it_will_play_not_only_those_scheduled(
    store: Store,
) -> None:
    t, fixtures = tournament(store, spec("a", "b", "c", "d", fmt=Format.SWISS))
    brief = summary(t)
    assert len(fixtures) == 4  # the first round: two tables, both seatings
    assert brief.fixtures == 8 and brief.rounds == 2  # two rounds of four bots


def test_standing_rows_count_forfeits_and_rank_by_points(store: Store) -> None:
    _, fixtures = tournament(store, spec())
    records = [play(store, f, (1, 2)) for f in fixtures]  # seat 0 wins every match
    rows = standing_rows(records, ["ann", "bob", "cy"], 2)
    assert [r.bot for r in rows] == ["ann", "bob", "cy"]  # 2 wins each: all tied, by name
    assert all((r.points, r.wins, r.games) == (2.0, 2, 4) for r in rows)
    assert all(r.seat_points == (2.0, 0.0) and r.seat_games == (2, 2) for r in rows)
    assert all(r.forfeits == 0 and r.score is None for r in rows)
    absent = record("x", ("ann", "cy"), (1, 2), termination=Termination.DISCONNECT)
    absent = replace(
        absent, outcome=replace(absent.outcome, offender=1, detail="seat 1 (cy): forfeit: gone")
    )
    rows = standing_rows([*records, absent], ["ann", "bob", "cy"], 2)
    assert [(r.bot, r.forfeits, r.games) for r in rows] == [
        ("ann", 0, 5), ("bob", 0, 4), ("cy", 1, 5)
    ]  # fmt: skip
    assert [r.games for r in standing_rows([], ["ann", "bob"], 2)] == [0, 0]  # nothing yet


def test_a_whole_report_of_a_round_robin(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    for f in fixtures:
        play(store, f, (1, 2) if "ann" == f.seats[0] or "bob" not in f.seats else (2, 1))
    report = tournament_report(store, t.id)
    assert report.summary.played == 6 and report.tie_breaks == TIE_BREAKS
    assert report.by_play_order  # Lucky Numbers has a first mover
    assert [s.label for s in report.seats][:2] == ["seat 0", "seat 1"]
    assert sum(h.games for h in report.head_to_head) == 6
    assert report.ladder == tuple(fold_ratings(store.results(GAME, t.id)))
    assert report.matches is None  # only when asked for
    assert (report.error, report.away, report.withdrawn) == ("", (), ())
    away = (AwayBot("cy", 5.0, 1500),)
    asked = tournament_report(
        store, t.id, with_matches=True, error="e", away=away, withdrawn=["cy"]
    )
    assert asked.matches is not None and len(asked.matches) == 6
    assert (asked.error, asked.away, asked.withdrawn) == ("e", away, ("cy",))


def test_a_swiss_report_ranks_by_score_with_its_tie_breaks(store: Store) -> None:
    t, fixtures = tournament(store, spec("a", "b", "c", "d", fmt=Format.SWISS))
    for f in fixtures:
        play(store, f, (1, 2) if f.seats[0] in ("a", "b") else (2, 1))  # a, b win their pairs
    report = tournament_report(store, t.id)
    assert report.tie_breaks == SWISS_TIE_BREAKS
    assert all(s.score is not None and s.byes == 0 for s in report.standings)
    places = [s.place for s in report.standings]
    assert places == sorted(places)


def test_an_unknown_tournament_is_an_error(store: Store) -> None:
    with pytest.raises(UnknownTournamentError, match="no tournament 9"):
        tournament_report(store, 9)
    with pytest.raises(UnknownTournamentError):
        match_page(store, tournament_id=9, game=None, after=None, limit=5)


def test_match_rows_come_in_fixture_order_across_pages(store: Store, monkeypatch) -> None:
    t, fixtures = tournament(store, spec())
    for f, at in zip(fixtures, (6.0, 5.0, 4.0, 3.0, 2.0, 1.0), strict=True):
        play(store, f, (1, 2), finished_at=at)  # the last fixture finished first
    monkeypatch.setattr(reports, "SUMMARY_PAGE", 4)  # two pages of summaries
    stored = store.tournament(t.id)
    rows = match_rows(store, stored, Audience.PUBLIC)
    assert [r.fixture for r in rows] == [0, 1, 2, 3, 4, 5]
    assert all(r.seed is None for r in rows)  # not finished: withheld from the public
    assert [r.seed for r in match_rows(store, stored)] == [f.seed for f in fixtures]
    finish(store, t.id)
    assert [r.seed for r in match_rows(store, store.tournament(t.id), Audience.PUBLIC)] == [
        f.seed for f in fixtures
    ]


def row(mid: str, fixture: int | None, at: float) -> MatchRow:
    return MatchRow(
        mid, GAME, ("a", "b"), (1, 2), (1.0, 0.0), "normal", "", 1, None, 1, fixture, at
    )


def test_in_fixture_order_puts_matches_outside_a_tournament_last_by_time() -> None:
    rows = [row("z", None, 1.0), row("b", 2, 9.0), row("y", None, 0.5), row("a", 0, 3.0)]
    assert [r.match_id for r in in_fixture_order(rows)] == ["a", "b", "y", "z"]
    assert in_fixture_order([]) == ()


def test_a_summary_becomes_a_row_with_its_seed_only_when_public(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    play(store, fixtures[0], (2, 1), points=(-1.0, 2.0))
    (s,) = store.match_summaries(tournament_id=t.id)
    hidden = match_row_of_summary(s, seed_public=False)
    assert hidden == MatchRow(
        fixtures[0].match_id, GAME, fixtures[0].seats, (2, 1), (-1.0, 2.0), "normal", "", 1,
        None, t.id, 0, 1000.0, s.outcome.scores,  # the game's own final scores, as stored
    )  # fmt: skip
    assert match_row_of_summary(s, seed_public=True).seed == fixtures[0].seed


def test_a_match_just_played_shows_its_seed_to_the_organizer() -> None:
    r = record("m1", ("ann", "bob"), (1, 2), seed=99, metadata={"fixture": 3})
    assert match_row_of_record(r, 5) == MatchRow(
        "m1", GAME, ("ann", "bob"), (1, 2), (1.0, 0.0), "normal", "", 1, 99, 5, 3, 1000.0,
        tuple(r.outcome.scores),
    )  # fmt: skip
    assert match_row_of_record(record("m2", ("a", "b"), metadata={"fixture": "3"})).fixture is None


def test_public_match_rows_decide_each_seed_by_its_own_tournament(store: Store) -> None:
    open_t, open_fx = tournament(store, spec(seed=1))
    done_t, done_fx = tournament(store, spec(seed=2))
    play(store, open_fx[0], (1, 2), finished_at=1.0)
    play(store, done_fx[0], (1, 2), finished_at=2.0)
    loose = record("loose", ("ann", "bob"), seed=31, finished_at=3.0)
    store.save_match(loose)
    finish(store, done_t.id)
    rows = public_match_rows(store, store.match_summaries())
    assert [(r.match_id, r.seed) for r in rows] == [
        (open_fx[0].match_id, None),
        (done_fx[0].match_id, done_fx[0].seed),
        ("loose", 31),  # a match outside any tournament is public once over
    ]


def test_a_match_page_is_keyset_paged_oldest_first(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    for i, f in enumerate(fixtures):
        play(store, f, (1, 2), finished_at=float(i % 3))  # finishing times shared: ids break ties
    first, key = match_page(store, tournament_id=t.id, game=None, after=None, limit=4)
    second, last = match_page(store, tournament_id=t.id, game=None, after=key, limit=4)
    ids = [r.match_id for r in first + second]
    assert len(first) == 4 and len(second) == 2 and len(set(ids)) == 6
    assert key == (first[-1].finished_at, first[-1].match_id)
    assert [(r.finished_at, r.match_id) for r in first + second] == sorted(
        (r.finished_at, r.match_id) for r in first + second
    )
    assert all(r.seed is None for r in first + second)
    assert match_page(store, tournament_id=t.id, game=None, after=last, limit=4) == ([], None)
    assert match_page(store, tournament_id=None, game="azul", after=None, limit=4) == ([], None)


def test_tournament_summaries_are_newest_first_and_limited(store: Store) -> None:
    assert tournament_summaries(store) == []
    ids = [tournament(store, spec(seed=s))[0].id for s in (1, 2, 3)]
    assert [s.id for s in tournament_summaries(store)] == ids[::-1]
    assert [s.id for s in tournament_summaries(store, limit=2)] == ids[:0:-1]
    assert all(s.seed is None for s in tournament_summaries(store, Audience.PUBLIC))
    assert [s.seed for s in tournament_summaries(store)] == [3, 2, 1]
