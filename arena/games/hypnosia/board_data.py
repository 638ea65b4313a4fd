"""The Hypnosia board as data. AN APPROXIMATION: the real layout is not published.

Every entry below is the labelled approximation of spec §10 ([APPROX], [ASSUMPTION HY-A16]):
three counter-clockwise circles, six-fold symmetric, joined by bridge spaces. To play on the
real board, replace this table with a transcription of it (for instance from a BGA screenshot);
`board.py` builds every lookup table from these names and checks them, so no code changes.

Conventions the tables follow:
- A space is named by its circle's letter and its index, e.g. "A7"; index i + 1 (mod the
  circle's size) is the next space counter-clockwise, the only direction pawns move.
- Circles are listed from the outermost (where pawns enter) to the innermost.
- A bridge is (bridge space, inner space): crossing from the bridge space lands on the inner
  space, which must be on the next circle inwards.
- A centre bridge is a space of the innermost circle from which a die of exactly 1 enters the
  centre.
- Colour p's start queue (slots S1..S4) lies 1..4 steps before its entry space ENTRIES[p].
"""

from __future__ import annotations

BOARD_NAME = "approximation of spec §10 (not the published board)"
APPROXIMATE = True  # False once the table is a transcription of the real board

CIRCLES: tuple[tuple[str, int], ...] = (("A", 48), ("B", 36), ("C", 24))

ENTRIES: tuple[str, ...] = ("A0", "A8", "A16", "A24", "A32", "A40")

START_SLOTS = 4

BRIDGES: tuple[tuple[str, str], ...] = (
    ("A7", "B0"),
    ("A15", "B6"),
    ("A23", "B12"),
    ("A31", "B18"),
    ("A39", "B24"),
    ("A47", "B30"),
    ("B5", "C0"),
    ("B11", "C4"),
    ("B17", "C8"),
    ("B23", "C12"),
    ("B29", "C16"),
    ("B35", "C20"),
)

CENTRE_BRIDGES: tuple[str, ...] = ("C3", "C7", "C11", "C15", "C19", "C23")
