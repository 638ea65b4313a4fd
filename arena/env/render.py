"""Rendering for the environments: the game's text picture ("ansi", returned), the same picture
printed at every reset and step ("human", whose `render()` returns None, the PettingZoo and
Gymnasium convention), and the web board's drawing as an RGB array ("rgb_array").

"rgb_array" draws the position exactly as the match page does (`arena.web.boards`, with the
site's stylesheets) and rasterises that HTML with WeasyPrint (HTML and CSS to PDF) and pdfium
(`pypdfium2`, PDF to pixels): a fixed page, so every frame of an environment has the same
shape. It shows the spectator's view, as the match page does, whatever the seat. WeasyPrint
needs the Pango library of the system (Debian: libpango-1.0-0). CPU per frame: 0.1-0.4 s, 1.4 s
for an Arctic Scavengers board (`bench/bench_render.py`).
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from arena.core.values import Seat
from arena.env.match import EnvMatch

RENDER_MODES = ("ansi", "human", "rgb_array")
RENDER_FPS = 4  # a human-mode picture per step, paced for reading (nothing waits on it)
PAGE = (1280, 960)  # CSS pixels: the widest board (Hypnosia's, 6 seats) fits beside its table
SCALE = 1.0  # pdfium pixels per PDF point: 1280 x 960 CSS px -> 960 x 720 pixels
_SVG = re.compile(r"(<svg\b[^>]*>)(.*?</svg>)", re.S)
_TAG = re.compile(r"<([a-zA-Z][\w-]*)")
_CLASS = re.compile(r'class="([^"]*)"')
_SELECTOR_WORD = re.compile(r"[.#]?[\w-]+|\*|:root")
# After the site's stylesheets (the same selectors: the later rule wins): a card face's values as
# inline blocks, not inline flex boxes. The same picture to a pixel, laid out in a third less
# time: WeasyPrint lays each nested flex box out again for every flex box above it (an Arctic
# Scavengers board took 2.8 s, 1.1 s of it for these boxes).
_WEASYPRINT_FIXES = ".as-v { display: inline-block; vertical-align: middle }"


class Renderer:
    """Draws one environment's position in its render mode."""

    def __init__(self, match: EnvMatch, mode: str | None) -> None:
        if mode is not None and mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {mode!r}")
        self.match = match
        self.mode = mode

    def text(self, seat: Seat | None) -> str:
        """The game's text picture, as `seat` (None: a spectator) sees it."""
        return str(self.match.game.render(self.match.state, seat))

    def render(self, seat: Seat | None = None) -> Any:
        """What `render()` returns in this mode: the text ("ansi"), an RGB array ("rgb_array"),
        else None."""
        if self.match.state is None:
            return None
        if self.mode == "ansi":
            return self.text(seat)
        if self.mode == "rgb_array":
            return board_image(self.match)
        return None

    def human(self, seat: Seat | None = None) -> None:
        """In human mode, show the position now (called by reset and step)."""
        if self.mode == "human" and self.match.state is not None:
            print(self.text(seat), file=sys.stdout, flush=True)

    def close(self) -> None:
        """Nothing is held open."""


def board_html(match: EnvMatch) -> str:
    """The match page's drawing of the position, as one HTML document with its styles."""
    from arena.web.boards import draw

    game, state = match.game, match.state
    players = [f"player_{s}" for s in range(match.num_players)]
    board = draw(game.name, game.view(state, None), players, str(game.render(state, None)))
    css = _stylesheets()
    # WeasyPrint styles an inline SVG from a <style> inside it, not from the page's, and parses
    # that <style> once per SVG: each gets only the rules that can match inside it.
    board = _SVG.sub(lambda m: _styled_svg(m.group(1), m.group(2)), board)
    width, height = PAGE
    page = f"@page {{ size: {width}px {height}px; margin: 0 }} "
    page += "body { margin: 8px; background: white }"
    return (
        f"<html><head><style>{page} {css} {_WEASYPRINT_FIXES}</style></head>"
        f"<body>{board}</body></html>"
    )


def board_image(match: EnvMatch) -> np.ndarray:
    """The match page's drawing of the position as an RGB array (height, width, 3), uint8."""
    weasyprint, pdfium = _rasterisers()
    pdf = weasyprint.HTML(string=board_html(match)).write_pdf()
    document = pdfium.PdfDocument(pdf)
    try:
        bitmap = document[0].render(scale=SCALE, rev_byteorder=True)  # RGB(A), not BGR(A)
        return np.array(bitmap.to_numpy()[:, :, :3], dtype=np.uint8)
    finally:
        document.close()


def _styled_svg(opening: str, rest: str) -> str:
    """An inline SVG with a <style> of the site's rules that can match inside it."""
    svg = opening + rest
    names = {f".{c}" for found in _CLASS.findall(svg) for c in found.split()}
    names |= {tag.lower() for tag in _TAG.findall(svg)} | {"*", ":root"}
    return f"{opening}<style>{_rules_for(frozenset(names))}</style>{rest}"


@cache
def _rules_for(names: frozenset[str]) -> str:
    """The site's style rules whose selectors name one of `names` (classes as `.x`, element
    names, `*`, `:root`); the others cannot match inside an SVG that holds no other name."""
    import tinycss2  # WeasyPrint's own CSS parser

    kept = []
    for rule in tinycss2.parse_stylesheet(_stylesheets(), skip_comments=True, skip_whitespace=True):
        if rule.type != "qualified-rule":
            continue  # at-rules (@media, @font-face, @keyframes) do not style these icons
        words = set(_SELECTOR_WORD.findall(tinycss2.serialize(rule.prelude)))
        if words & names:
            kept.append(rule.serialize())
    return "\n".join(kept)


@cache
def _stylesheets() -> str:
    import arena.web

    static = Path(arena.web.__file__).resolve().parent / "static"
    names = ("arena.css", "boards.css")
    return "\n".join((static / name).read_text(encoding="utf-8") for name in names)


def _rasterisers() -> tuple[Any, Any]:
    try:
        import pypdfium2
        import weasyprint
    except (ImportError, OSError) as e:  # OSError: WeasyPrint without the system's Pango
        raise ImportError(
            f"render_mode='rgb_array' needs weasyprint and pypdfium2 (the ml extra) and the "
            f"system's Pango library: {e}"
        ) from e
    return weasyprint, pypdfium2
