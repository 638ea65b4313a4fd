"""The text picture of a Lucky Numbers position: the grids side by side and a status line."""

from __future__ import annotations

from arena.core.values import Seat
from arena.games.lucky_numbers.notation import COLUMNS, SIZE
from arena.games.lucky_numbers.state import LuckyNumbersState, Phase


def render(state: LuckyNumbersState, seat: Seat | None = None) -> str:
    """Grids side by side, then a line with the table, the pot size and the tile in hand."""
    n = state.num_players
    width = 3 * SIZE + 3
    heads = []
    for s in range(n):
        mark = "*" if s == state.current and state.phase is not Phase.OVER else " "
        label = f"{mark}seat {s}{' (you)' if s == seat else ''}"
        heads.append(label.ljust(width))
    lines = ["   ".join(heads).rstrip()]
    header = ("  " + "".join(f"{c:>3}" for c in COLUMNS)).ljust(width)
    lines.append("   ".join(header for _ in range(n)).rstrip())
    for r in range(SIZE):
        rows = []
        for g in state.grids:
            cells = "".join(f"{g[r * SIZE + c] or '.':>3}" for c in range(SIZE))
            rows.append(f"{r + 1} {cells}".ljust(width))
        lines.append("   ".join(rows).rstrip())
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: LuckyNumbersState) -> str:
    table = " ".join(str(v) for v in state.table) or "-"
    parts = [f"table: {table}", f"pot: {len(state.pot)}"]
    if state.phase is Phase.OVER:
        winners = ", ".join(f"seat {s}" for s in state.winners)
        parts.append(f"over ({state.termination.value}), won by {winners}")
        return " | ".join(parts)
    if state.phase is Phase.SETUP:
        parts.append("Michael's setup")
    else:
        parts.append(f"turn {state.turn}{' (bonus)' if state.bonus else ''}")
    if state.hand:
        parts.append(f"seat {state.current} holds {state.hand} ({state.source.value})")
    else:
        parts.append(f"seat {state.current} to draw or take")
    return " | ".join(parts)
