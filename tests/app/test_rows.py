"""arena.app.rows: how rows read, written once: the lines and cells every front end prints."""

from __future__ import annotations

import json
from dataclasses import replace

from arena.app.reports import (
    AwayBot,
    ClockSpec,
    MatchRow,
    StandingRow,
    TournamentReport,
    TournamentSummary,
)
from arena.app.rows import (
    FORFEITS_NOTE,
    HISTORY_COLUMNS,
    MATCH_COLUMNS,
    SUMMARY_COLUMNS,
    WITHHELD,
    away_row,
    cell_text,
    clock_words,
    finished_line,
    format_words,
    head_to_head_row,
    history_row,
    machine_rows,
    match_row,
    report_document,
    report_notes,
    report_tables,
    seats_title,
    snake,
    standing_row,
    standings_title,
    summary_details,
    summary_row,
)
from arena.app.stats import Duel, Elo, elo_of
from arena.app.stats_rows import duel_row
from arena.ratings.elo import EloEstimate, Trinomial, elo_trinomial, perfect_score_bound
from arena.ratings.trueskill_ladder import LadderEntry
from arena.store import RatingChange
from arena.tournament.comparisons import HeadToHead
from arena.tournament.standings import SeatSummary


def row(players, ranks, end="normal", detail="") -> MatchRow:
    return MatchRow("t1-6", "g", players, ranks, (0.0,) * len(ranks), end, detail, 9, 5, 1, 6, 0.0)


def test_a_finished_match_reads_as_cutechess_prints_it() -> None:
    line = finished_line(7, 12, row(("greedy", "quick"), (1, 2)))
    assert line == "[7/12] Finished t1-6 (greedy vs quick): greedy 1st, quick 2nd {normal}"
    three = finished_line(1, 3, row(("a", "b", "c"), (2, 1, 2)))
    assert three.endswith("(a vs b vs c): b 1st, a 2nd, c 2nd {normal}")
    fault = finished_line(2, 3, row(("a", "b"), (2, 1), "timeout", "seat 0 (a): no move in 1 s"))
    assert fault.endswith("{timeout: seat 0 (a): no move in 1 s}")


def test_clocks_and_machine_keys() -> None:
    assert clock_words(ClockSpec(None)) == "unlimited"
    assert (
        clock_words(ClockSpec(1000, 10000, 50)) == "1000 ms/move + 10000 ms bank + 50 ms increment"
    )
    assert snake("opp points") == "opp_points" and snake("P(> next)") == "p_next"
    assert machine_rows([{"mean rank": 1.5}]) == [{"mean_rank": 1.5}]


def test_a_perfect_score_shows_its_exact_bound_and_never_inf_or_nan() -> None:
    perfect = elo_of(elo_trinomial(Trinomial(wins=10)))
    assert perfect.elo is None and perfect.upper is None and perfect.unbounded
    assert perfect.lower is not None and 100 < perfect.lower < 200
    duel = Duel("a", "b", 10, 10, 0, 0, 20.0, 0.0, perfect, 0.9999)
    cells = duel_row(duel)
    assert cells["95%"] == f"[{perfect.lower:+.1f}, no bound] (all 10 won)"
    assert cells["elo"] is None and cells["+/-"] is None
    text = json.dumps(cells, allow_nan=False)  # raises on inf or nan
    assert "inf" not in text.lower()
    lost = elo_of(elo_trinomial(Trinomial(losses=4)))  # 4 games say little: the bound is wide
    assert lost.upper == -perfect_score_bound(4) and lost.lower is None and lost.elo is None
    mixed = elo_of(EloEstimate(0.6, 70.4, -30.0, 180.0, 20))
    assert mixed == Elo(70.4, 105.0, -30.0, 180.0)


def test_cells_read_short_and_never_none() -> None:
    assert [cell_text(v) for v in (1.0, 2.5, 0.125, 3, None, "x")] == [
        "1", "2.5", "0.12", "3", "", "x"
    ]  # fmt: skip
    assert cell_text([1.0, 2, None, "a"]) == "1 2  a" and cell_text((0.333,)) == "0.33"
    assert clock_words(ClockSpec(200)) == "200 ms/move"
    assert clock_words(ClockSpec(200, 0, 5)) == "200 ms/move + 5 ms increment"


SUMMARY = TournamentSummary(
    id=3, game="azul", options={"wall": "gray", "a": "1"}, format="gauntlet", hero="ann",
    table_size=2, cycles=1, rounds=0, deals="independent", bots=("ann", "bob", "cy"), played=2,
    fixtures=4, status="running", seed=None, clock=ClockSpec(1000, 10000), created_at=5.0,
    finished_at=None, reconnect_grace_ms=60000, verdict=None,
)  # fmt: skip


def test_a_summary_row_withholds_an_unfinished_seed_and_names_its_format() -> None:
    row = summary_row(SUMMARY)
    assert tuple(row) == SUMMARY_COLUMNS
    assert (row["format"], row["seed"], row["bots"]) == ("gauntlet (hero ann)", WITHHELD, 3)
    assert row["clock"] == "1000 ms/move + 10000 ms bank"
    assert summary_row(replace(SUMMARY, seed=0))["seed"] == 0  # zero is a seed, not withheld
    assert format_words(replace(SUMMARY, hero=None, format="swiss", rounds=5)) == "swiss (5 rounds)"
    assert format_words(replace(SUMMARY, hero=None)) == "gauntlet"
    details = summary_details(SUMMARY)
    assert list(details["options"]) == ["a", "wall"]  # sorted
    assert (details["time_per_move_ms"], details["time_bank_ms"], details["increment_ms"]) == (
        1000, 10000, None
    )  # fmt: skip
    assert details["rounds"] is None and details["bot_names"] == ["ann", "bob", "cy"]


STANDING = StandingRow(1, "ann", 3.0, 3, 4, 1.25, 1, 0, (2.0, 1.0), (2, 2))


def test_standing_rows_have_swiss_columns_only_in_a_swiss() -> None:
    plain = standing_row(STANDING)
    assert list(plain) == [
        "place", "bot", "points", "wins", "games", "mean rank", "faults", "forfeits",
        "pts seat 0", "pts seat 1",
    ]  # fmt: skip
    swiss = standing_row(replace(STANDING, score=2.5, buchholz=4.0, sonneborn_berger=3.5, byes=1))
    assert list(swiss)[2:6] == ["score", "buchholz", "SB", "byes"]
    assert (swiss["SB"], swiss["byes"]) == (3.5, 1)


def test_match_history_away_and_head_to_head_rows() -> None:
    m = MatchRow(
        "t3-1", "azul", ("a", "b"), (2, 1), (0.0, 1.0), "timeout", "slow", 7, None, 3, 1, 2.0,
        (12.0, 30.0),
    )  # fmt: skip
    assert match_row(m) == {
        "match": "t3-1", "seed": WITHHELD, "seats": ["a", "b"], "ranks": [2, 1],
        "scores": [12.0, 30.0], "points": [0.0, 1.0], "end": "timeout", "moves": 7,
        "detail": "slow",
    }  # fmt: skip
    assert tuple(match_row(m)) == MATCH_COLUMNS and match_row(replace(m, seed=9))["seed"] == 9
    change = RatingChange("t3-1", 3, 1, 2.0, 1, 2, 25.0, 8.3333, 23.12346, 7.5)
    assert history_row(change) == {
        "match": "t3-1", "tournament": 3, "fixture": 1, "seat": 1, "rank": 2, "mu": 23.1235,
        "sigma": 7.5, "delta mu": -1.8765, "conservative": 0.6235,
    }  # fmt: skip
    assert tuple(history_row(change)) == HISTORY_COLUMNS
    assert away_row("cy", 12.5, 1549) == {"bot": "cy", "away since": 12.5, "grace left s": 1.5}
    h = HeadToHead("a", "b", 2, 1, 0, 5.004, 1.0)
    assert head_to_head_row(h)["points"] == 5.0 and head_to_head_row(h)["games"] == 3


def test_places_read_as_ordinals() -> None:
    players = tuple(f"p{i}" for i in range(24))
    ranks = tuple(range(1, 25))
    line = finished_line(1, 1, row(players, ranks))
    for word in ("p0 1st", "p1 2nd", "p2 3rd", "p3 4th", "p10 11th", "p11 12th", "p12 13th",
                 "p20 21st", "p21 22nd", "p22 23rd"):  # fmt: skip
        assert word in line


def report(**changes: object) -> TournamentReport:
    base = TournamentReport(
        summary=SUMMARY,
        standings=(STANDING,),
        seats=(SeatSummary("seat 0", 4, 2.0, 2),),
        by_play_order=False,
        tie_breaks="points",
        head_to_head=(HeadToHead("ann", "bob", 1, 0, 1, 1.0, 1.0),),
        ladder=(LadderEntry("ann", 26.0, 7.0, 4, 3),),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_a_reports_tables_and_its_json_document() -> None:
    tables = report_tables(report())
    assert list(tables) == ["summary", "standings", "seats", "head-to-head", "ladder"]
    assert tables["seats"] == [{"seat": "seat 0", "games": 4, "points": 2.0, "wins": 2}]
    assert tables["ladder"][0]["rank"] == 1 and tables["ladder"][0]["conservative"] == 5.0
    m = MatchRow("t3-0", "azul", ("a", "b"), (1, 2), (1.0, 0.0), "normal", "", 3, None, 3, 0, 1.0)
    full = report_tables(report(matches=(m,), away=(AwayBot("cy", 1.0, 500),)))
    assert list(full)[-2:] == ["matches", "away"]
    doc = report_document(report(matches=(m,), withdrawn=("cy",), error="stopped"))
    assert doc["tournament"]["seed"] == WITHHELD and doc["tournament"]["bot_names"][0] == "ann"
    assert doc["head_to_head"][0]["opp_points"] == 1.0  # snake_case keys, "-" too
    assert doc["standings"][0]["mean_rank"] == 1.25 and doc["matches"][0]["seed"] == WITHHELD
    assert (doc["withdrawn"], doc["error"], doc["tie_breaks"]) == (["cy"], "stopped", "points")
    assert "away" not in doc
    json.dumps(doc, allow_nan=False)


def test_titles_and_notes_say_what_is_unusual() -> None:
    plain = report()
    assert standings_title(plain) == "Standings (tournament 3)"
    assert seats_title(plain) == "Results by seat"
    assert seats_title(report(by_play_order=True)) == "Results by seat and by play order"
    assert report_notes(plain) == [f"tie-breaks: points; {FORFEITS_NOTE}"]
    odd = report(
        summary=replace(SUMMARY, verdict="H1 accepted"), withdrawn=("cy", "dee"), error="crash"
    )
    assert report_notes(odd)[1:] == [
        "finished early: H1 accepted",
        "withdrawn (away past the grace): cy, dee",
        "stopped early: crash",
    ]
