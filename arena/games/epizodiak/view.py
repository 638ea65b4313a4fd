"""Per-seat views of Epizodiak: the public table, plus the viewer's own hand and nothing else.

Never in a view: another seat's hand, the pile order, the shuffle stream. Everything listed is
public at the table (spec §9): the dial, hand sizes, pile size, the sets gone and the scores.
Turn texts are public too: `draw` never names the tile drawn.
"""

from __future__ import annotations

from typing import Any

from .state import CCW, CW, NUM_PLAYERS, VALUES, Phase, RoundResult, Side, State, hand_tiles

PHASE_NAMES = ("start", "play", "contest_place", "over")  # indexed by Phase
SIDE_TEXT = ("", "cw", "ccw")  # indexed by Side


def dial_places(state: State) -> list[int]:
    """The 12 places of the dial in value order: the value when filled, else 0."""
    places = [0] * VALUES
    v = state.start
    for _ in range(state.length):
        places[v - 1] = v
        v = CW[v]
    return places


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `seat` (None: a spectator)."""
    own = seat is not None and 0 <= seat < NUM_PLAYERS
    over = state.phase == Phase.OVER
    options = state.options
    start, length = state.start, state.length
    end = (start + length - 2) % VALUES + 1
    last = state.last_end
    set_counts = [0] * NUM_PLAYERS
    set_owners = [-1] * VALUES
    for v, owner in state.discards:
        set_counts[owner] += 1
        set_owners[v - 1] = owner
    return {
        "seat": seat if own else None,
        "mode": str(options.mode),
        "target": options.target,
        "dial_double": options.dial_double,
        "pickup_legacy": options.pickup_legacy,
        "score7_legacy": options.score7_legacy,
        "round": state.round,
        "turn": state.turns + (0 if over else 1),
        "starter": state.starter,
        "to_move": [] if over else [state.current],
        "phase": PHASE_NAMES[state.phase],
        "dial": dial_places(state),
        "block_start": start,
        "block_end": end,
        "open_values": sorted({CW[end], CCW[start]}) if length < VALUES else [],
        "hand": hand_tiles(state.hands[seat]) if own and seat is not None else [],
        "hand_sizes": [sum(h) for h in state.hands],
        "pile_size": len(state.pile),
        "set_owners": set_owners,
        "set_counts": set_counts,
        "completed_dial": list(state.completed),
        "totals": list(state.totals),
        "skips": state.skips,
        "last_placement_end": SIDE_TEXT[last],
        "pickup_value": end if last == Side.CW else start if last == Side.CCW else 0,
        "picked": state.picked,
        "contested": state.contested,
        "turn_moves": list(state.turn_moves),
        "recent": [{"seat": s, "moves": text} for s, text in state.recent],
        "rounds": [_round(r) for r in state.rounds],
        "game_over": over,
        "termination": state.termination,
    }


def _round(result: RoundResult) -> dict[str, Any]:
    return {
        "round": result.round,
        "sets": list(result.sets),
        "out": list(result.out),
        "doubled": list(result.doubled),
        "points": list(result.points),
        "capped": result.capped,
    }
