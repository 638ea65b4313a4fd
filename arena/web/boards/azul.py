"""Azul: the factory displays and the centre (with the first-player marker), then each player's
board as on the table: pattern lines 1-5, the 5x5 wall, the floor line with its penalties, the
score (at the end, with its bonus: complete rows, columns and colours); and the bag and the lid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.web.boards.scene import Scene, esc, frame

COLOURS = "BYRKW"  # the order of the bag and lid counts
NAMES = {"B": "blue", "Y": "yellow", "R": "red", "K": "black", "W": "white", "M": "first player"}
WALL = ("BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB")  # the coloured wall's pattern
FLOOR_PENALTIES = (-1, -1, -2, -2, -2, -3, -3)
BONUS_ROW, BONUS_COLUMN, BONUS_COLOUR = 2, 7, 10  # the end-of-game bonuses (rules §8.1)


@dataclass(frozen=True, slots=True)
class EndBonus:
    """A wall's end-of-game bonus: its complete rows, columns and colours."""

    rows: int
    columns: int
    colours: int

    @property
    def total(self) -> int:
        """The points they add: 2 a row, 7 a column, 10 a colour."""
        return BONUS_ROW * self.rows + BONUS_COLUMN * self.columns + BONUS_COLOUR * self.colours


def end_bonus(wall: Sequence[str]) -> EndBonus:
    """The bonus of a wall as the view writes it (5 rows of 5 letters, "." empty): a colour is
    complete with its 5 tiles on the wall (one a row, on either wall variant)."""
    filled = [[letter != "." for letter in row] for row in wall]
    tiles = "".join(wall)
    return EndBonus(
        rows=sum(all(row) for row in filled),
        columns=sum(all(row[c] for row in filled) for c in range(len(filled[0]) if filled else 0)),
        colours=sum(tiles.count(colour) == 5 for colour in COLOURS),
    )


def tile(letter: str, *, extra: str = "") -> str:
    """One tile (M: the first-player marker, drawn as a "1" token)."""
    letter = letter.upper()
    name = NAMES.get(letter, "?")
    text = "1" if letter == "M" else ""
    cls = f"az-tile az-{letter.lower()}{' ' + extra if extra else ''}"
    return f'<span class="{cls}" data-tile="{esc(letter)}" title="{name}">{text}</span>'


def ghost(letter: str) -> str:
    """An empty wall space, printed in its colour (gray wall: no colour printed)."""
    name = f"{NAMES[letter]} space" if letter in NAMES else "empty space"
    return f'<span class="az-space az-{letter.lower()}" data-tile="." title="{name}"></span>'


def slot() -> str:
    """An empty pattern-line or floor space."""
    return '<span class="az-slot" data-tile=""></span>'


def draw(scene: Scene) -> str:
    """Displays and centre, the players' boards, the bag and lid."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    boards = "".join(
        _board(scene, seat, board, deciding) for seat, board in enumerate(view.get("boards", []))
    )
    body = f'{_offer(view)}<div class="az-boards">{boards}</div>{_bag_and_lid(view)}'
    status = f"round {esc(view.get('round', ''))}, {_phase(view)}"
    return frame(scene, body, deciding=deciding, status=status)


def _phase(view: Mapping[str, Any]) -> str:
    phase = view.get("phase", "")
    if phase == "wall" and view.get("pending_line"):
        return f"wall tiling: choosing the column of line {esc(view['pending_line'])}"
    return {"offer": "factory offer", "wall": "wall tiling", "over": "game over"}.get(
        phase, esc(phase)
    )


def _offer(view: Mapping[str, Any]) -> str:
    displays = "".join(
        f'<div class="az-factory" data-source="f{i}"><span class="az-label">f{i}</span>'
        f"{''.join(tile(t) for t in f)}</div>"
        for i, f in enumerate(view.get("factories", []), start=1)
    )
    marker = tile("M") if view.get("marker_in_centre") else ""
    caption = " · 1 = first-player marker" if marker else ""
    centre = "".join(tile(t) for t in view.get("centre", ""))
    return (
        f'<div class="az-offer"><div class="az-displays">{displays}</div>'
        f'<div class="az-centre" data-source="c"><span class="az-label">centre (c){caption}</span>'
        f"{marker}{centre or ('' if marker else '<em>empty</em>')}</div></div>"
    )


def _board(scene: Scene, seat: int, board: Mapping[str, Any], deciding: Sequence[int]) -> str:
    target = _destination(scene, seat)
    pattern = WALL if scene.view.get("wall_variant", "colored") == "colored" else ("-----",) * 5
    rows = []
    for row, line in enumerate(board["lines"]):
        cells = slot() * (row + 1 - len(line)) + "".join(tile(t) for t in line)
        last = " last" if target == str(row + 1) else ""
        wall = "".join(
            ghost(pattern[row][c]) if letter == "." else tile(letter)
            for c, letter in enumerate(board["wall"][row])
        )
        rows.append(
            f'<div class="az-row"><span class="az-num">{row + 1}</span>'
            f'<span class="az-line{last}" data-line="{row + 1}">{cells}</span>'
            f'<span class="az-arrow">▸</span><span class="az-wall-row" data-row="{row + 1}">'
            f"{wall}</span></div>"
        )
    marker = ' <span class="az-has-marker">holds the first-player marker</span>' if (
        board.get("has_marker")
    ) else ""  # fmt: skip
    return (
        f'<div class="az-board {scene.seat_classes(seat, deciding)}" data-seat="{seat}">'
        f"<h3>{scene.label(seat)} {scene.badge(seat)}</h3>"
        f'<p class="az-score">score <b class="score">{esc(board["score"])}</b>{marker}</p>'
        f'<div class="az-rows">{"".join(rows)}</div>{_floor(board, target == "floor")}'
        f"{_bonus(board) if scene.view.get('phase') == 'over' else ''}</div>"
    )


def _bonus(board: Mapping[str, Any]) -> str:
    """The end-of-game bonus, counted from the final wall, and the score it was added to
    (the floor was scored with the last round: its penalty is in that score)."""
    bonus = end_bonus(board["wall"])
    parts = (
        ("rows", "complete rows", bonus.rows, BONUS_ROW),
        ("columns", "complete columns", bonus.columns, BONUS_COLUMN),
        ("colours", "complete colours", bonus.colours, BONUS_COLOUR),
    )
    rows = "".join(
        f'<tr data-bonus="{key}" data-points="{count * each}"><td>{label}</td>'
        f'<td class="num">{count} × {each}</td>'
        f'<td class="num">+{count * each}</td></tr>'
        for key, label, count, each in parts
    )
    before = int(board["score"]) - bonus.total
    return (
        f'<table class="az-bonus" data-total="{bonus.total}"><caption>end-of-game bonus</caption>'
        f'<tr data-bonus="before" data-points="{before}">'
        "<td>score after the last round</td><td></td>"
        f'<td class="num">{before}</td></tr>{rows}'
        f'<tr data-bonus="final" data-points="{esc(board["score"])}" class="az-bonus-total">'
        "<td>final score</td><td></td>"
        f'<td class="num">{esc(board["score"])}</td></tr></table>'
    )


def _floor(board: Mapping[str, Any], last: bool) -> str:
    items = list(board.get("floor", ""))
    spaces = []
    for i, penalty in enumerate(FLOOR_PENALTIES):
        content = tile(items[i]) if i < len(items) else slot()
        spaces.append(f'<span class="az-floor-space">{content}<small>{penalty}</small></span>')
    cls = "az-floor last" if last else "az-floor"
    return f'<div class="{cls}"><span class="az-label">floor</span>{"".join(spaces)}</div>'


def _destination(scene: Scene, seat: int) -> str:
    """Where the last move put its tiles (`take f3 R 4` -> "4"; `... floor`), or ""."""
    if scene.move is None or not scene.moved(seat):
        return ""
    parts = scene.move.text.split()
    if len(parts) == 4 and parts[0] == "take":
        return parts[3]
    if len(parts) == 3 and parts[0] == "wall":
        return parts[1]
    return ""


def _bag_and_lid(view: Mapping[str, Any]) -> str:
    def counts(name: str) -> str:
        values = list(view.get(name, []))
        chips = "".join(
            f'<span class="az-count">{tile(c)}×{esc(n)}</span>'
            for c, n in zip(COLOURS, values, strict=False)
        )
        return (
            f'<span class="az-pile" data-pile="{name}">{name} <b>{sum(values)}</b> {chips}</span>'
        )

    return f'<p class="az-bag">{counts("bag")} {counts("lid")}</p>'
