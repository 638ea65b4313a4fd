"""How rows read, written once: the lines and cells every front end prints."""

from __future__ import annotations

import json

from arena.app.reports import ClockSpec, MatchRow
from arena.app.rows import clock_words, finished_line, machine_rows, snake
from arena.app.stats import Duel, Elo, elo_of
from arena.app.stats_rows import duel_row
from arena.stats import EloEstimate, Trinomial, elo_trinomial, perfect_score_bound


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
