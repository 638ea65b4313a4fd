"""Text pictures of Hypnosia positions for `arena play`, replays and debugging."""

from __future__ import annotations

from .board import BOARD_NAME, CIRCLE_OF, INWARD, NONE, NUM_SPACES, SPACE_NAMES
from .state import HEIGHT_SHIFT, OWNER_MASK, State, history, score

STACK_LETTERS = "abcdef"  # a stack of seat k's colour; a single pawn is the digit k


def _cell(state: State, i: int) -> str:
    v = state.cells[i]
    if v:
        owner = v & OWNER_MASK
        return STACK_LETTERS[owner] if v >> HEIGHT_SHIFT == 2 else str(owner)
    return "." if INWARD[i] == NONE else "+"


def circle_lines(state: State) -> list[str]:
    """One line per circle, every space a character, with an index ruler every 10 spaces."""
    lines = []
    first = 0
    while first < NUM_SPACES:
        letter = SPACE_NAMES[first][0]
        last = first
        while last < NUM_SPACES and CIRCLE_OF[last] == CIRCLE_OF[first]:
            last += 1
        row = "".join(_cell(state, i) for i in range(first, last))
        ruler = "".join(str(i // 10) if i % 10 == 0 else " " for i in range(last - first))
        lines.append(f"  {letter} {row}")
        lines.append(f"    {ruler}")
        first = last
    return lines


def render(state: State, seat: int | None = None) -> str:
    """The circles (index 0 at the left, counter-clockwise to the right), players and dice."""
    variant = "stacks may cross" if state.stacks_cross else "variant: stacks may not cross"
    out = [f"Hypnosia, {state.num_players} players, round {state.round} ({variant})"]
    out.append(f"board: {BOARD_NAME}; '+' bridge, digit = seat's pawn, letter = seat's stack")
    out.extend(circle_lines(state))
    out.append(f"centre: {' '.join(map(str, state.centre)) or '-'}")
    for s in range(state.num_players):
        slots = "".join(f"S{k}" for k in range(1, 5) if state.start[s] >> (k - 1) & 1) or "-"
        marks = [" (you)" if s == seat else "", " to move" if s == state.current else ""]
        if state.over:
            marks[1] = ""
        out.append(
            f"seat {s}{''.join(marks)}: {score(state, s)} points, start {slots}, "
            f"captured {state.gained[s]}, lost {state.lost[s]}"
        )
    if state.over:
        out.append(f"game over ({state.over})")
    else:
        dice = " ".join(map(str, state.dice))
        out.append(f"seat {state.current} rolled {dice}; dice left {list(state.left)}")
    recent = history(state)[-6:]
    out.append("latest: " + "; ".join(f"{s}: {t}" for s, t in recent))
    return "\n".join(out)
