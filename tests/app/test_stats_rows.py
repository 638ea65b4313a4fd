"""arena.app.stats_rows: how the statistics read, from literal reports (no database)."""

from __future__ import annotations

import json

from arena.app.stats import Duel, Elo, PointsInterval, StatsReport, TrueSkillRow
from arena.app.stats_rows import duel_row, elo_cells, elo_text, stats_tables, stats_titles


def duel(**changes: object) -> Duel:
    values: dict[str, object] = {
        "bot": "ann",
        "opponent": "bob",
        "games": 8,
        "wins": 5,
        "draws": 1,
        "losses": 2,
        "points": 11.004,
        "opponent_points": 4.996,
    }
    values.update(changes)
    return Duel(**values)  # type: ignore[arg-type]


def test_no_elo_gives_no_cells() -> None:
    assert elo_cells("", None, duel()) == {}
    assert elo_cells("paired ", None, duel()) == {}


def test_a_finite_elo_reads_rounded_with_its_signed_interval() -> None:
    cells = elo_cells("", Elo(70.44, 105.06, -30.0, 180.0), duel())
    assert cells == {"elo": 70.4, "+/-": 105.1, "95%": "[-30.0, +180.0]"}
    paired = elo_cells("paired ", Elo(-12.0, 8.0, -20.0, -4.0), duel())
    assert paired == {"paired elo": -12.0, "paired +/-": 8.0, "paired 95%": "[-20.0, -4.0]"}


def test_an_interval_without_an_end_says_so() -> None:
    half = elo_cells("", Elo(50.0, None, None, 120.0), duel())
    assert half == {"elo": 50.0, "+/-": None, "95%": "[no bound, +120.0]"}


def test_a_perfect_loss_names_its_games_lost() -> None:
    lost = Elo(None, None, None, -140.25, unbounded=True)
    cells = elo_cells("", lost, duel(games=10, wins=0, losses=10))
    assert cells == {"elo": None, "+/-": None, "95%": "[no bound, -140.2] (all 10 lost)"}


def test_a_duel_row_without_elo_has_only_the_counts() -> None:
    row = duel_row(duel())
    assert row == {
        "bot": "ann",
        "opponent": "bob",
        "games": 8,
        "W": 5,
        "D": 1,
        "L": 2,
        "points": 11.0,
        "opp points": 5.0,
    }


def test_a_duel_row_with_elo_los_and_pairs() -> None:
    d = duel(
        elo=Elo(70.4, 105.0, -30.0, 180.0),
        los=0.91234,
        pairs=4,
        pentanomial=(0, 1, 1, 1, 1),
        paired_elo=Elo(80.0, 90.0, -10.0, 170.0),
    )
    row = duel_row(d)
    assert row["LOS %"] == 91.2
    assert (row["pairs"], row["penta"]) == (4, [0, 1, 1, 1, 1])
    assert row["elo"] == 70.4 and row["paired elo"] == 80.0
    assert row["paired 95%"] == "[-10.0, +170.0]"
    assert list(row)[:8] == ["bot", "opponent", "games", "W", "D", "L", "points", "opp points"]


def test_paired_cells_appear_only_with_a_pentanomial() -> None:
    row = duel_row(duel(paired_elo=Elo(1.0, 2.0, -1.0, 3.0)))  # no pairs were played
    assert "paired elo" not in row and "pairs" not in row and "LOS %" not in row


REPORT = StatsReport(
    scope="tournament 3, independent deals",
    kind="trinomial (independent deals)",
    duels=(duel(),),
    trueskill=(
        TrueSkillRow(1, "ann", 27.12345, 6.54321, 0.71234, 8),
        TrueSkillRow(2, "bob", 22.0, 6.0, None, 8),
    ),
    standings=(
        PointsInterval(1, "ann", 11.0004, 8, 1.37549, 0.5, 2.25),
        PointsInterval(2, "cy", 0.0, 0, None, None, None),
    ),
    multiplayer=False,
)


def test_the_three_tables_read_rounded_and_never_invent_a_value() -> None:
    tables = stats_tables(REPORT)
    assert list(tables) == ["head_to_head", "trueskill", "standings"]
    assert tables["head_to_head"] == [duel_row(duel())]
    assert tables["trueskill"] == [
        {"place": 1, "bot": "ann", "mu": 27.123, "sigma": 6.543, "P(> next)": 0.712, "games": 8},
        {"place": 2, "bot": "bob", "mu": 22.0, "sigma": 6.0, "P(> next)": None, "games": 8},
    ]
    assert tables["standings"] == [
        {
            "place": 1,
            "bot": "ann",
            "points": 11.0,
            "games": 8,
            "mean points": 1.375,
            "95% (bootstrap)": "[0.500, 2.250]",
        },
        {
            "place": 2,
            "bot": "cy",
            "points": 0.0,
            "games": 0,
            "mean points": None,
            "95% (bootstrap)": "no games",
        },
    ]
    json.dumps(tables, allow_nan=False)  # every cell is JSON: no inf, no nan


def test_an_empty_report_has_empty_tables() -> None:
    empty = StatsReport("every azul match", "k", (), (), (), False)
    assert stats_tables(empty) == {"head_to_head": [], "trueskill": [], "standings": []}


def test_titles_name_the_scope_and_the_kind_of_elo() -> None:
    assert stats_titles(REPORT) == {
        "head_to_head": "Head to head: tournament 3, independent deals; Elo trinomial "
        "(independent deals)",
        "trueskill": "TrueSkill: tournament 3, independent deals",
        "standings": "Standings, mean points per match: tournament 3, independent deals",
    }


def test_elo_text_reads_without_inf_or_nan_for_every_kind_of_score():
    assert elo_text(Elo(35.24, 20.06, 15.2, 55.3), 40) == "elo +35.2 +/- 20.1"
    won, lost = Elo(None, None, 140.2, None, True), Elo(None, None, None, -140.2, True)
    assert elo_text(won, 10) == "elo > +140.2 (all 10 won)"
    assert elo_text(lost, 10) == "elo < -140.2 (all 10 lost)"
    assert elo_text(Elo(12.0, None, None, 300.0), 3) == "elo +12.0 +/- no bound"


def test_sprt_progress_of_a_perfect_score_names_its_bound():
    from arena.cli.sprt import describe
    from arena.ratings.elo import Decision, Trinomial, parse_sprt
    from arena.tournament.comparisons import SprtState

    state = SprtState(1.2, Decision.CONTINUE, 8, Trinomial(8, 0, 0), None)
    line = describe(parse_sprt("elo0=0 elo1=10"), state, "a", "b", "games")
    assert "inf" not in line and "nan" not in line, line
    assert "W 8 D 0 L 0, elo > +" in line and line.endswith("(all 8 won)"), line
