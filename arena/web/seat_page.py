"""The panel of a person's seat: their board, their own hidden holdings, the moves they may
pick and their clock; or, while others decide, the public board; at the end the final board.

A pending decision is drawn from that seat's view and its legal moves as the DecisionRequest
carried them (`decision_html`: nothing else goes into it, so a page shows its player exactly
their seat's view); everything else on it is what any spectator of the match is shown.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from arena.v1 import arena_pb2 as pb
from arena.web.boards import LastMove, draw, esc, hand
from arena.web.frames import frame_json, result_text
from arena.web.move_picker import choices, picked
from arena.web.seats import HumanSeat


def decision_html(
    game: str,
    view: Mapping[str, Any],
    legal_moves: Sequence[str],
    players: Sequence[str],
    move: LastMove | None = None,
    prefix: str = "",
    action: str = "",
    request_id: int = 0,
    pick: str = "",
) -> tuple[str, str]:
    """A pending decision: (the board of the seat's view with its own holdings, its moves as
    buttons, grouped by how they begin when they are many)."""
    board = draw(game, view, players, _text(view), move)
    return (
        f'<div class="seat-board board" id="seat-board">{board}{hand(game, view)}</div>',
        picker_html(legal_moves, prefix, action, request_id, pick),
    )


def picker_html(
    moves: Sequence[str], prefix: str, action: str, request_id: int, pick: str = ""
) -> str:
    """The move buttons: a group narrows the list (a GET with its prefix), a move is played (a
    POST of its index); both work without scripts. With `pick` (a thing clicked on the board),
    the moves that name it."""
    pick = pick if len(picked(moves, pick)) < len(moves) else ""
    buttons = []
    for c in choices(moves, prefix, word=pick):
        if c.index is None:
            buttons.append(
                f'<button class="group" name="prefix" value="{esc(c.text)}" form="narrow" '
                f'data-prefix="{esc(c.text)}">{esc(c.text)}… <small>({c.count})</small></button>'
            )
        else:
            buttons.append(
                f'<button class="move" name="move" value="{c.index}" form="play" '
                f'data-move="{c.index}">{esc(c.text)}</button>'
            )
    back = keep = ""
    if (prefix or pick) and len(moves) > len(buttons):
        back = (
            '<button class="group back" form="all" data-prefix="" data-all="1">all moves</button>'
        )
    keep = f'<input type="hidden" name="pick" value="{esc(pick)}">' if pick else ""
    return (
        f'<form id="narrow" method="get" action="{esc(action)}">{keep}</form>'
        f'<form id="all" method="get" action="{esc(action)}"></form>'
        f'<form id="play" method="post" action="{esc(action)}/move">'
        f'<input type="hidden" name="request" value="{request_id}"></form>'
        f'<div class="picker" data-prefix="{esc(prefix)}" data-pick="{esc(pick)}">'
        f'<h2>Your move</h2><p class="moves-count">{len(moves)} legal move'
        f"{'s' if len(moves) != 1 else ''}{_naming(pick)}</p>"
        f"{back}{''.join(buttons)}</div>"
    )


def _naming(pick: str) -> str:
    return f" · those with <code>{esc(pick)}</code>" if pick else " · or click the board"


def _text(view: Mapping[str, Any]) -> str:
    """The fallback picture of a game without a board of its own: its view, as text."""
    return json.dumps(dict(view), indent=1, default=str)[:4000]


def seat_state(seat: HumanSeat) -> str:
    """your-move, waiting, over or failed."""
    if seat.ended:
        return "failed" if seat.error is not None and _not_over(seat) else "over"
    return "your-move" if seat.pending is not None else "waiting"


def _not_over(seat: HumanSeat) -> bool:
    public = seat.public
    return public is None or public.kind != pb.UPDATE_KIND_END


def _last_move(seat: HumanSeat) -> LastMove | None:
    if not seat.notes:
        return None
    n = seat.notes[-1]
    return LastMove(n.seat, n.text)


def panel_html(seat: HumanSeat, sid: str, prefix: str = "", pick: str = "") -> str:
    """The whole panel of a seat as it stands (the page and its refreshes)."""
    action = "/play/" + quote(sid, safe="")
    state = seat_state(seat)
    players = seat.players
    head = (
        f'<p class="seat-who">You are {_label(seat)} against '
        + ", ".join(f"seat {i} ({esc(n)})" for i, n in enumerate(players) if i != seat.seat)
        + f' · <a href="/matches/{quote(seat.match_id)}" id="spectate">the match as spectators'
        " see it</a></p>"
    )
    pending = seat.pending
    request = pending.request_id if pending is not None else 0
    picker = ""
    if state == "your-move" and pending is not None:
        status = f'<p class="seat-status" id="seat-status">Your move{_clock(pending)}</p>'
        body, picker = decision_html(
            seat.game, pending.view, pending.legal_moves, players, _last_move(seat),
            prefix, action, pending.request_id, pick,
        )  # fmt: skip
    elif state == "failed":
        status = f'<p class="seat-status error" id="seat-status">{esc(seat.error)}</p>'
        body = _public_board(seat)
    elif state == "over":
        frame = _end_frame(seat)
        line = result_text(frame) if frame is not None else ""
        status = f'<p class="seat-status" id="seat-status">Game over. {esc(line)}</p>'
        body = _public_board(seat)
    else:
        deciding = list(seat.public.deciding) if seat.public is not None else []
        others = [f"seat {s} ({esc(players[s])})" for s in deciding if s != seat.seat]
        waiting = ", ".join(others) or "the referee"
        status = f'<p class="seat-status" id="seat-status">Waiting for {waiting}…</p>'
        own = hand(seat.game, seat.last_view) if seat.last_view is not None else ""
        if own:
            own = f'<div class="own-at-last">{own}<p class="note">as at your last move</p></div>'
        body = _public_board(seat) + own
    moves = "".join(
        f'<li data-seat="{n.seat}">seat {n.seat} ({esc(players[n.seat])}): {esc(n.text)}</li>'
        for n in seat.notes
        if 0 <= n.seat < len(players)
    )
    return (
        f'<div id="seat" data-state="{state}" data-version="{seat.version}" '
        f'data-now="{int(time.time() * 1000)}" '
        f'data-request="{request}" data-match="{esc(seat.match_id)}">{head}{status}'
        f'<div class="seat-layout"><div class="seat-main">{body}</div>'
        f'<div class="side">{picker}<h2>Moves</h2><div id="moves-box"><ol id="moves">{moves}'
        "</ol></div></div></div></div>"
    )


def _label(seat: HumanSeat) -> str:
    return f"seat {seat.seat} ({esc(seat.name)})"


def _clock(pending: Any) -> str:
    """The seat's time for this decision: the per-move budget, then the bank (counted down by
    the page's script from when the request came)."""
    if pending.budget_ms is None and pending.bank_ms is None:
        return ""
    budget = pending.budget_ms or 0
    bank = pending.bank_ms or 0
    return (
        f' · <span class="clock thinking" id="seat-clock" data-budget="{budget}" '
        f'data-bank="{bank}" data-since="{pending.received_unix_ms}" '
        f'data-ms="{budget + bank}">{budget / 1000:.1f} s + {bank / 1000:.1f} s</span>'
    )


def _end_frame(seat: HumanSeat) -> dict[str, Any] | None:
    public = seat.public
    if public is None:
        return None
    previous = seat.notes[-1] if seat.notes else None
    return frame_json(public, previous)


def _public_board(seat: HumanSeat) -> str:
    """The latest public position (the spectators' board), or nothing yet."""
    frame = _end_frame(seat)
    if frame is None:
        return '<div class="board" id="seat-board"><p>waiting for the match to start…</p></div>'
    final = "true" if frame["kind"] == "end" else "false"
    return (
        f'<div class="board" id="seat-board" data-final="{final}" data-ply="{frame["ply"]}">'
        f"{frame['html']}</div>"
    )
