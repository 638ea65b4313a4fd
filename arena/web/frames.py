"""A match's public updates as the match page shows them: each update as a frame (its board
drawn), a digest of each move for the move list, and the page drawn on the server from the
current update (readable with scripts off; the script then follows the events)."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from arena.v1 import arena_pb2 as pb
from arena.web.boards import LastMove, Result, draw


def _words(enum_type: Any, prefix: str) -> dict[int, str]:
    return {v.number: v.name.removeprefix(prefix).lower() for v in enum_type.DESCRIPTOR.values}


TERMINATION = _words(pb.Termination, "TERMINATION_")
KIND = _words(pb.UpdateKind, "UPDATE_KIND_")


class MoveNote(NamedTuple):
    """One move of the move list."""

    ply: int
    seat: int
    text: str
    elapsed_ms: float


def move_note(update: pb.MatchUpdate) -> MoveNote | None:
    """The move list's entry of an update (None: it reports no move)."""
    if update.kind != pb.UPDATE_KIND_MOVE or not update.HasField("move"):
        return None
    m = update.move
    return MoveNote(update.ply, m.seat, m.move, round(m.elapsed_ms, 1))


def result_of(update: pb.MatchUpdate) -> Result:
    """The outcome of an END update, as the boards draw it."""
    o = update.outcome
    termination = TERMINATION.get(o.termination, "?")
    return Result(tuple(o.ranks), tuple(o.scores), tuple(o.points), termination, o.detail)


def frame_json(update: pb.MatchUpdate, previous: MoveNote | None = None) -> dict[str, Any]:
    """One MatchUpdate as the match page's frame: the event, the board drawn, the result.
    An END update repeats the last position: its board marks the `previous` move again."""
    view = json.loads(update.view_json) if update.view_json else None
    move = LastMove(update.move.seat, update.move.move) if update.HasField("move") else None
    if move is None and previous is not None and update.kind == pb.UPDATE_KIND_END:
        move = LastMove(previous.seat, previous.text)
    result = result_of(update) if update.kind == pb.UPDATE_KIND_END else None
    frame: dict[str, Any] = {
        "kind": KIND.get(update.kind, "?"),
        "match_id": update.match_id,
        "game": update.game,
        "players": list(update.players),
        "ply": update.ply,
        "live": update.live,
        "html": draw(update.game, view, update.players, update.board, move, result),
        "time_used_ms": [round(t) for t in update.time_used_ms],
        # live clocks: a countdown runs for the deciding seats from server_unix_ms on
        "per_move_ms": update.clock.per_move_ms if update.clock.HasField("per_move_ms") else None,
        "bank_left_ms": [round(b) for b in update.bank_left_ms],
        "deciding": list(update.deciding),
        "server_unix_ms": update.server_unix_ms,
    }
    if update.HasField("move"):
        m = update.move
        frame["move"] = {"seat": m.seat, "text": m.move, "elapsed_ms": round(m.elapsed_ms, 1)}
    if result is not None:
        frame["result"] = {
            "ranks": list(result.ranks),
            "scores": list(result.scores),
            "points": list(result.points),
            "termination": result.termination,
            "detail": result.detail,
        }
    return frame


class FrameEvents:
    """Renders one match's updates, in order, as server-sent events (one per relay: it
    remembers the last move for the END update's board)."""

    def __init__(self) -> None:
        self.previous: MoveNote | None = None

    def __call__(self, update: pb.MatchUpdate) -> str:
        frame = frame_json(update, self.previous)
        self.previous = move_note(update) or self.previous
        return "data: " + json.dumps(frame, separators=(",", ":")) + "\n\n"


def result_text(frame: dict[str, Any]) -> str:
    """The result line under the clocks (as match.js writes it)."""
    r = frame.get("result")
    if r is None:
        return ""
    places = ", ".join(
        f"{name}: rank {r['ranks'][s]} ({'+' if r['points'][s] >= 0 else ''}"
        f"{_js_number(r['points'][s])})"
        for s, name in enumerate(frame["players"])
    )
    detail = f": {r['detail']}" if r["detail"] else ""
    return f"Result: {places} · {r['termination']}{detail}"


def _js_number(value: float) -> str:
    """A number as JavaScript prints it (2, not 2.0), so both halves of the page agree."""
    return str(int(value)) if float(value).is_integer() else repr(value)


def page_context(update: pb.MatchUpdate | None, notes: list[MoveNote]) -> dict[str, Any]:
    """What the match page shows before its script runs: the current update's frame, the moves
    up to it, its clocks and result; without an update yet, an empty page that says so."""
    if update is None:
        return {"frame": None, "moves": [], "state": "waiting for the first public update…"}
    moves = [n for n in notes if n.ply <= update.ply]
    frame = frame_json(update, moves[-1] if moves else None)
    if update.kind == pb.UPDATE_KIND_END:
        state = "finished"
    else:
        state = "live" if update.live else "replay"
    return {
        "frame": frame,
        "moves": moves,
        "state": state,
        "result_text": result_text(frame),
        "clocks": _clocks(frame),
    }


def _time_left(per_move_ms: int | None, bank_ms: float) -> str:
    """What a seat's next decision may take: "5.0 s + 10.0 s" (budget + bank), or the bank."""
    bank = f"{max(0.0, bank_ms) / 1000:.1f} s"
    return f"{per_move_ms / 1000:.1f} s + {bank}" if per_move_ms else bank


def _clocks(frame: dict[str, Any]) -> list[dict[str, Any]]:
    live = frame["live"] and bool(frame["bank_left_ms"])
    rows = []
    for seat, name in enumerate(frame["players"]):
        used = frame["time_used_ms"][seat] if seat < len(frame["time_used_ms"]) else 0
        row: dict[str, Any] = {"seat": seat, "name": name, "used": f"{used / 1000:.2f} s"}
        if live and seat < len(frame["bank_left_ms"]):
            row["left"] = _time_left(frame["per_move_ms"], frame["bank_left_ms"][seat])
        rows.append(row)
    return rows
