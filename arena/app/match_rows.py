"""How a replay and a result read: the replay's JSON document and its text, written once."""

from __future__ import annotations

import json
from typing import Any

from arena.app.matches import Replay
from arena.app.publicity import Frame
from arena.app.rows import WITHHELD
from arena.core.registry import get_game
from arena.core.values import Outcome


def result_text(players: tuple[str, ...], outcome: Outcome) -> str:
    """A short text of ranks, scores and points, plus why the match ended."""
    lines = [
        f"result ({outcome.termination.value}{': ' + outcome.detail if outcome.detail else ''})"
    ]
    order = sorted(range(len(players)), key=lambda s: (outcome.ranks[s], s))
    for seat in order:
        lines.append(
            f"  #{outcome.ranks[seat]} seat {seat} {players[seat]}: "
            f"score {outcome.scores[seat]:g}, points {outcome.points[seat]:+g}"
        )
    return "\n".join(lines)


def result_document(outcome: Outcome) -> dict[str, Any]:
    """A result as JSON: ranks, scores, points, how it ended."""
    return {
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "points": list(outcome.points),
        "end": outcome.termination.value,
        "offender": outcome.offender,
        "detail": outcome.detail,
    }


def _frame_document(replay: Replay, frame: Frame) -> dict[str, Any]:
    move = frame.move
    return {
        "ply": frame.ply,
        "kind": frame.kind.value,
        "seat": move.seat if move is not None else None,
        "player": replay.header.players[move.seat] if move is not None else None,
        "move": move.move if move is not None else None,
        "elapsed_ms": round(move.elapsed_ms, 3) if move is not None else None,
        "time_used_ms": [round(t, 3) for t in frame.time_used_ms],
        "view": json.loads(frame.view_json) if frame.view_json else None,
        "board": frame.board,
    }


def replay_document(replay: Replay) -> dict[str, Any]:
    """A replay as one JSON document: the match, every frame, the result."""
    h = replay.header
    outcome = replay.outcome
    return {
        "match": {
            "id": h.match_id,
            "game": h.game,
            "seed": WITHHELD if h.seed is None else h.seed,
            "seats": list(h.players),
            "options": dict(sorted(h.options.items())),
        },
        "moves_withheld": replay.moves_withheld,
        "frames": [_frame_document(replay, f) for f in replay.frames if f.view_json],
        "result": result_document(outcome) if outcome is not None else None,
    }


def replay_text(replay: Replay) -> str:
    """A replay as text: the header, the start position, each decision with the position."""
    h = replay.header
    title = get_game(h.game).title
    seats = ", ".join(f"{i}={name}" for i, name in enumerate(h.players))
    seed = WITHHELD if h.seed is None else h.seed
    lines = [f"match {h.match_id}: {title}, seed {seed}, seats {seats}"]
    if h.options:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in sorted(h.options.items())))
    lines.append("")
    for frame in replay.frames:
        if frame.move is not None and frame.kind.value == "move":
            m = frame.move
            name = h.players[m.seat]
            took = f"[{m.elapsed_ms:.1f} ms]"
            lines.append(f"\n{frame.ply}. seat {m.seat} ({name}): {m.move}   {took}")
        if frame.board and frame.kind.value != "end":
            lines.append(frame.board)
    if replay.moves_withheld:
        lines.append("(moves withheld until its tournament is finished)")
    outcome = replay.outcome
    if outcome is not None:
        lines += ["", result_text(h.players, outcome)]
    return "\n".join(lines)


__all__ = ["replay_document", "replay_text", "result_document", "result_text"]
