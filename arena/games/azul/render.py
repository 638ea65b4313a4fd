"""Text pictures of Azul positions for CLI replays and debugging."""

from __future__ import annotations

from .state import COLOURS, OVER, WALL, State, colored_colour
from .view import board_view, counts_text


def _board_lines(state: State, seat: int) -> list[str]:
    """A board: pattern lines right-aligned beside the wall, then the floor."""
    board = board_view(state.boards[seat], seat, state)
    marks = []
    if seat == state.current and state.phase != OVER:
        marks.append("to move")
    if board["has_marker"]:
        marks.append("has marker")
    head = f"seat {seat}: {board['score']} points" + (f" ({', '.join(marks)})" if marks else "")
    lines = [head]
    for r in range(5):
        pattern = board["lines"][r].ljust(r + 1, "_").rjust(5)
        wall = board["wall"][r]
        if not state.gray:
            # Empty spaces show the printed colour in lower case, like the board's faint tiles.
            wall = "".join(
                ch if ch != "." else COLOURS[colored_colour(r, c)].lower()
                for c, ch in enumerate(wall)
            )
        lines.append(f"  {r + 1} {pattern} | {' '.join(wall)}")
    floor = board["floor"].ljust(7, "_")
    lines.append(f"  floor {' '.join(floor)}  (-1 -1 -2 -2 -2 -3 -3)")
    return lines


def render(state: State, seat: int | None = None) -> str:
    """The whole table: round, displays, centre, bag/lid, then every board."""
    variant = "gray wall" if state.gray else "coloured wall"
    status = {WALL: f"wall tiling, line {state.pending_line + 1}", OVER: "game over"}
    phase = status.get(state.phase, "factory offer")
    out = [f"Azul ({variant}) round {state.round}: {phase}"]
    if state.phase == OVER:
        out[0] += f" ({state.termination})"
    displays = "  ".join(f"f{i + 1}:{counts_text(f) or '-'}" for i, f in enumerate(state.factories))
    out.append(f"displays {displays}")
    marker = "M" if state.marker_in_centre else ""
    out.append(f"centre   {marker + counts_text(state.centre) or '-'}")
    bag_counts = [state.bag.count(k) for k in range(5)]  # the order stays hidden
    bag = " ".join(f"{COLOURS[k]}{n}" for k, n in enumerate(bag_counts))
    lid = " ".join(f"{COLOURS[k]}{n}" for k, n in enumerate(state.lid))
    out.append(f"bag {len(state.bag)} ({bag})   lid {sum(state.lid)} ({lid})")
    order = list(range(state.num_players))
    if seat is not None:
        order = [seat, *(s for s in order if s != seat)]  # the viewer's own board first
    for s in order:
        out.extend(_board_lines(state, s))
    return "\n".join(out)
