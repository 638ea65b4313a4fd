"""arena.app.publicity: what of a match or a tournament may be shown, and when."""

from __future__ import annotations

from app_helpers import record, spec

from arena.app.publicity import (
    FrameKind,
    disclose_match,
    finished_frames,
    moves_public,
    tournament_is_public,
)
from arena.tournament import Status
from arena.tournament.schedule import Deals

MATCH = record("m1", ("ann", "bob"), seed=123)


def test_only_a_finished_tournament_is_public() -> None:
    assert [s for s in Status if tournament_is_public(s)] == [Status.FINISHED]


def test_a_match_outside_any_tournament_is_shown_whole() -> None:
    shown = disclose_match(MATCH, None)
    assert shown.record == MATCH and not shown.seed_withheld and not shown.moves_withheld
    assert moves_public(None)


def test_an_unfinished_tournaments_match_hides_its_seed_and_shows_its_moves() -> None:
    shown = disclose_match(MATCH, (spec(), Status.RUNNING))
    assert shown.seed_withheld and not shown.moves_withheld
    assert shown.record.seed == 0 and len(shown.record.moves) == 1
    assert shown.record.outcome == MATCH.outcome


def test_duplicate_deals_hide_the_moves_until_the_tournament_ends() -> None:
    running = (spec(deals=Deals.DUPLICATE), Status.RUNNING)
    shown = disclose_match(MATCH, running)
    assert shown.seed_withheld and shown.moves_withheld and shown.record.moves == ()
    assert not moves_public(running)
    [only] = finished_frames(MATCH, running)
    assert only.kind is FrameKind.END and only.view_json == "" and only.board == ""
    assert only.outcome == MATCH.outcome
    finished = (spec(deals=Deals.DUPLICATE), Status.FINISHED)
    assert disclose_match(MATCH, finished).record == MATCH and moves_public(finished)


def test_a_replay_is_the_start_every_move_and_the_end() -> None:
    frames = finished_frames(MATCH, None)
    assert [f.kind for f in frames] == [FrameKind.START, FrameKind.MOVE, FrameKind.END]
    assert [f.ply for f in frames] == [0, 1, 1]
    # the public text of the move: what was drawn is shown to all (a face-up tile)
    moved = frames[1].move
    assert moved is not None and moved.seat == MATCH.moves[0].seat
    assert moved.move.startswith("draw ")
    used = [0.0, 0.0]
    used[moved.seat] = 1.5
    assert frames[-1].outcome == MATCH.outcome and frames[-1].time_used_ms == tuple(used)
    assert all(f.view_json.startswith("{") for f in frames)
