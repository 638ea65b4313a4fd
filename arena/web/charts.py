"""The bot page's rating-history plot (SVG drawn here: no charting library, no script needed
to see it)."""

from __future__ import annotations

from collections.abc import Sequence

from arena.web.boards import esc

PLOT_W, PLOT_H, PAD = 640, 260, 36  # the rating plot's size and margin (px)


def rating_plot(points: Sequence[tuple[float, float]], k: float = 3.0) -> str:
    """An SVG of mu (line) and mu - k sigma (dashed) over a bot's rated matches, in order."""
    if not points:
        return '<p class="empty">no rated match yet</p>'
    lows = [mu - k * sigma for mu, sigma in points]
    highs = [mu for mu, _ in points]
    top, bottom = max(highs) + 1.0, min(lows) - 1.0
    n = len(points)

    def x(i: int) -> float:
        return PAD + (PLOT_W - 2 * PAD) * (i / max(1, n - 1))

    def y(v: float) -> float:
        return PAD + (PLOT_H - 2 * PAD) * (top - v) / (top - bottom)

    mu_line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(highs))
    low_line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(lows))
    axis = (
        f'<line x1="{PAD}" y1="{PLOT_H - PAD}" x2="{PLOT_W - PAD}" y2="{PLOT_H - PAD}" '
        'stroke="#718096"/>'
        f'<text x="{PAD}" y="{PAD - 8}" font-size="11">{esc(f"{top:.1f}")}</text>'
        f'<text x="{PAD}" y="{PLOT_H - 8}" font-size="11">{esc(f"{bottom:.1f}")}</text>'
        f'<text x="{PLOT_W - PAD}" y="{PLOT_H - 8}" font-size="11" text-anchor="end">'
        f"{n} rated matches</text>"
    )
    return (
        f'<svg class="rating-plot" viewBox="0 0 {PLOT_W} {PLOT_H}" width="{PLOT_W}" '
        f'height="{PLOT_H}" role="img" aria-label="rating history">{axis}'
        f'<polyline class="mu" fill="none" stroke="#2b6cb0" stroke-width="2" points="{mu_line}"/>'
        f'<polyline class="conservative" fill="none" stroke="#c53030" stroke-dasharray="4 3" '
        f'points="{low_line}"/></svg>'
    )
