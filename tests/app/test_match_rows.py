"""arena.app.match_rows: how a replay and a result read, from literal frames and outcomes."""

from __future__ import annotations

import json

from arena.app.match_rows import replay_document, replay_text, result_document, result_text
from arena.app.matches import Replay, ReplayHeader
from arena.app.publicity import Frame, FrameKind
from arena.core.values import MoveRecord, Outcome, Termination

PLAYERS = ("ann", "bob", "cy")
TIMED_OUT = Outcome(
    ranks=(2, 1, 3), scores=(4.0, 7.5, 0.0), points=(0.0, 2.0, -1.0),
    termination=Termination.TIMEOUT, offender=2, detail="seat 2 (cy): no move in 1 s",
)  # fmt: skip


def test_a_result_reads_best_first_with_why_it_ended() -> None:
    assert result_text(PLAYERS, TIMED_OUT) == "\n".join(
        [
            "result (timeout: seat 2 (cy): no move in 1 s)",
            "  #1 seat 1 bob: score 7.5, points +2",
            "  #2 seat 0 ann: score 4, points +0",
            "  #3 seat 2 cy: score 0, points -1",
        ]
    )


def test_tied_seats_read_in_seat_order_and_no_detail_means_no_colon() -> None:
    tie = Outcome(ranks=(1, 1), scores=(3.0, 3.0), points=(0.5, 0.5))
    assert result_text(("b", "a"), tie).splitlines() == [
        "result (normal)",
        "  #1 seat 0 b: score 3, points +0.5",
        "  #1 seat 1 a: score 3, points +0.5",
    ]


def test_a_result_document_is_the_outcome_as_json() -> None:
    assert result_document(TIMED_OUT) == {
        "ranks": [2, 1, 3],
        "scores": [4.0, 7.5, 0.0],
        "points": [0.0, 2.0, -1.0],
        "end": "timeout",
        "offender": 2,
        "detail": "seat 2 (cy): no move in 1 s",
    }


DUEL = Outcome(ranks=(1, 2), scores=(10.0, 6.0), points=(1.0, 0.0))
MOVE = MoveRecord(1, "take 2 blue", 12.34567)
FRAMES = (
    Frame(FrameKind.START, 0, None, '{"round":1}', "round 1", (0.0, 0.0)),
    Frame(FrameKind.MOVE, 1, MOVE, '{"round":1,"taken":2}', "round 1 +2", (0.0, 12.34567)),
    Frame(FrameKind.END, 1, None, '{"round":2}', "final board", (0.0, 12.34567), DUEL),
)


def header(seed: int | None, options: dict[str, object] | None = None) -> ReplayHeader:
    return ReplayHeader("t4-0", "azul", ("ann", "bob"), options or {}, seed, 4)


def test_a_replay_document_has_the_match_every_shown_frame_and_the_result() -> None:
    doc = replay_document(Replay(header(77, {"wall": "gray", "a": 1}), FRAMES))
    assert doc["match"] == {
        "id": "t4-0",
        "game": "azul",
        "seed": 77,
        "seats": ["ann", "bob"],
        "options": {"a": 1, "wall": "gray"},
    }
    assert doc["moves_withheld"] is False
    start, move, end = doc["frames"]
    assert start == {
        "ply": 0, "kind": "start", "seat": None, "player": None, "move": None,
        "elapsed_ms": None, "time_used_ms": [0.0, 0.0], "view": {"round": 1}, "board": "round 1",
    }  # fmt: skip
    assert (move["seat"], move["player"], move["move"]) == (1, "bob", "take 2 blue")
    assert move["elapsed_ms"] == 12.346 and move["time_used_ms"] == [0.0, 12.346]
    assert end["kind"] == "end" and end["view"] == {"round": 2}
    assert doc["result"] == result_document(DUEL)
    json.dumps(doc, allow_nan=False)


def test_a_withheld_replay_shows_the_word_withheld_no_frames_and_the_result() -> None:
    only_end = (Frame(FrameKind.END, 0, None, "", "", (0.0, 0.0), DUEL),)
    replay = Replay(header(None), only_end, moves_withheld=True)
    doc = replay_document(replay)
    assert doc["match"]["seed"] == "withheld"
    assert doc["frames"] == [] and doc["moves_withheld"] is True
    assert doc["result"]["ranks"] == [1, 2]
    text = replay_text(replay)
    assert text.splitlines()[0] == "match t4-0: Azul, seed withheld, seats 0=ann, 1=bob"
    assert "(moves withheld until its tournament is finished)" in text
    assert text.endswith(result_text(("ann", "bob"), DUEL))


def test_a_replay_with_no_frames_has_no_result() -> None:
    empty = Replay(header(5), ())
    assert empty.outcome is None
    assert replay_document(empty)["result"] is None and replay_document(empty)["frames"] == []
    assert replay_text(empty) == "match t4-0: Azul, seed 5, seats 0=ann, 1=bob\n"


def test_a_replay_text_shows_each_decision_with_the_position_after_it() -> None:
    text = replay_text(Replay(header(77, {"wall": "gray"}), FRAMES))
    assert text.splitlines() == [
        "match t4-0: Azul, seed 77, seats 0=ann, 1=bob",
        "options: wall=gray",
        "",
        "round 1",
        "",
        "1. seat 1 (bob): take 2 blue   [12.3 ms]",
        "round 1 +2",
        "",
        "result (normal)",
        "  #1 seat 0 ann: score 10, points +1",
        "  #2 seat 1 bob: score 6, points +0",
    ]
    assert "final board" not in text  # the end frame's board repeats the last position
