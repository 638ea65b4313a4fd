"""What a seat sees: everything but the pot order and Michael's unrevealed tiles (spec §7)."""

from __future__ import annotations

from typing import Any

from arena.core.values import Seat
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
