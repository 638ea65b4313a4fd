"""Standings arithmetic: tournament points, wins, mean rank, shared places, results by seat."""

from __future__ import annotations

from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.tournament import TIE_BREAKS, compute_standings
from arena.tournament.standings import seat_summary


def match(players, ranks, points, first_mover=0, termination=Termination.NORMAL, offender=None):
    return MatchRecord(
        match_id=f"{players}{ranks}",
        game="lucky_numbers",
        options={},
        seed=1,
        players=tuple(players),
        moves=(MoveRecord(first_mover, "draw"),),
        outcome=Outcome(tuple(ranks), (0.0,) * len(ranks), tuple(points), termination, offender),
    )


RECORDS = [
    match("ab", (1, 2), (2, -3), first_mover=1),
    match("ba", (1, 2), (2, -1)),
    match("ac", (1, 1), (2, 2)),  # a shared win: both +2
    match("ca", (2, 1), (-5, 2)),
    match("bc", (1, 2), (2, -2)),
    match("cb", (1, 2), (2, -4)),
]


def test_points_wins_games_and_mean_rank_add_up():
    table = {s.bot: s for s in compute_standings(RECORDS, ["a", "b", "c"], 2)}
    a, b, c = table["a"], table["b"], table["c"]
    assert (a.points, a.wins, a.games, a.mean_rank) == (5.0, 3, 4, 1.25)
    assert (b.points, b.wins, b.games, b.mean_rank) == (-3.0, 2, 4, 1.5)
    assert (c.points, c.wins, c.games, c.mean_rank) == (-3.0, 2, 4, 1.5)
    assert (a.seat_points, a.seat_games) == ((4.0, 1.0), (2, 2))
    assert (b.seat_points, c.seat_points) == ((4.0, -7.0), (-3.0, 0.0))


def test_bots_equal_on_every_tie_break_share_a_place():
    standings = compute_standings(RECORDS, ["a", "b", "c"], 2)
    assert [(s.place, s.bot) for s in standings] == [(1, "a"), (2, "b"), (2, "c")]
    assert TIE_BREAKS.startswith("points, then wins, then mean rank")


def test_tie_breaks_apply_in_order_points_then_wins_then_mean_rank():
    records = [
        match("pq", (1, 2), (3, 0)),
        match("qs", (1, 2), (1, 0)),
        match("rs", (1, 2), (1, 1)),
    ]
    standings = compute_standings(records, ["p", "q", "r", "s"], 2)
    # p: 3 points. q, r, s: 1 point each; q and r won once, s never; r's one game was a win
    # (mean rank 1.0), q also lost once (mean rank 1.5)
    assert [(s.place, s.bot, s.points, s.wins, s.mean_rank) for s in standings] == [
        (1, "p", 3.0, 1, 1.0),
        (2, "r", 1.0, 1, 1.0),
        (3, "q", 1.0, 1, 1.5),
        (4, "s", 1.0, 0, 2.0),
    ]


def test_a_bot_that_has_not_played_yet_has_zero_points_and_faults_are_counted():
    records = [
        match("ab", (2, 1), (-13, 2), termination=Termination.TIMEOUT, offender=0),
    ]
    standings = compute_standings(records, ["a", "b", "idle"], 2)
    assert [(s.bot, s.faults, s.games) for s in standings] == [
        ("b", 0, 1),
        ("idle", 0, 0),
        ("a", 1, 1),
    ]


def test_results_by_seat_and_by_play_order_show_who_gains_from_moving_first():
    rows = {r.label: (r.games, r.points, r.wins) for r in seat_summary(RECORDS, 2)}
    assert rows["seat 0"] == (6, 5.0, 5)
    assert rows["seat 1"] == (6, -6.0, 2)
    assert rows["1st to move"] == (6, 0.0, 4)
    assert rows["2nd to move"] == (6, -1.0, 3)
