"""What a seat sees (spec §7: everything but the pot order) and the text picture of a position."""

from __future__ import annotations

from typing import Any

from arena.core import Seat
from arena.games.lucky_numbers.notation import COLUMNS, SIZE
from arena.games.lucky_numbers.state import LuckyNumbersState, Phase


def view(state: LuckyNumbersState, seat: Seat | None) -> dict[str, Any]:
    """The public position as JSON-ready data; identical for every seat except `seat`.

    Never includes the pot order nor Michael's-setup tiles not yet revealed.
    """
    over = state.phase is Phase.OVER
    return {
        "seat": seat,
        "num_players": state.num_players,
        "grids": [list(g) for g in state.grids],
        "table": list(state.table),
        "pot_size": len(state.pot),
        "hand": state.hand,
        "hand_source": state.source.value,
        "phase": state.phase.value,
        "to_move": [] if over else [state.current],
        "current_seat": state.current,
        "start_seat": state.start,
        "turn": state.turn,
        "bonus_turn": state.bonus,
        "chain_returned": list(state.chain_returned),
        "options": {"setup": state.options.setup, "bruno": state.options.bruno},
        "tiles_in_grid": list(state.tiles()),
    }


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
