"""Static SVG line charts drawn at build time, with their text alternative.

Used by the family page: one or more series of ``(x, y)`` points on a linear
or logarithmic y axis. Colours come from :mod:`vizgen.site.drawing.theme`; the SVG carries
a ``<title>`` and a ``<desc>`` that lists every point, so a screen reader
gets the numbers. Output is deterministic (fixed precision, no ids from
counters).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from vizgen.site.drawing import theme

__all__ = ["Series", "line_chart"]

#: a narrow drawing: on a 390-px phone it is drawn about 330 px wide, so its smallest text (:data:`TICK`) stays at
#: 11 px or more there (the pages cap its width on a wide screen)
WIDTH, HEIGHT = 400, 330
LEFT, RIGHT, BOTTOM = 74, 14, 52
#: the text sizes, in the drawing's units: tick labels, axis labels and the legend
TICK, LABEL = 14, 15
#: the legend's rows, one per series, above the plot
LEGEND_ROW = 20


@dataclass(frozen=True)
class Series:
    """One line: its name, a palette colour name and its points (``y`` None leaves a gap)."""

    name: str
    colour: str
    points: Sequence[tuple[float, float | None]]


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``low .. high``."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    return [round(first + k * step, 10) for k in range(math.ceil((high - first) / step) + 1)]


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _power(value: float) -> str:
    """A power of ten, short: 1, 10, 100, 1k ... 1M ... 1G."""
    for size, suffix in ((10**9, "G"), (10**6, "M"), (10**3, "k")):
        if value >= size:
            return f"{value / size:g}{suffix}"
    return f"{value:g}"


def line_chart(series: Sequence[Series], *, title: str, x_label: str, y_label: str, log_y: bool = False,
               y_text: Callable[[float], str] = _fmt, y_min: float | None = None) -> str:
    """Draw series as an accessible SVG line chart.

    Parameters
    ----------
    series : sequence of Series
        The lines, drawn in order (legend in the same order).
    title : str
        The chart's title (also its accessible name).
    x_label, y_label : str
        Axis labels.
    log_y : bool
        Use a base-10 logarithmic y axis (values must be positive).
    y_text : callable
        Formats a y value for the description (and the ticks of a linear axis; a log axis writes 1k, 1M ...).
    y_min : float, optional
        Start the y axis here (linear axes; default: the smallest value).

    Returns
    -------
    str
        An ``<svg>`` element.

    Examples
    --------
    >>> svg = line_chart([Series("a", "accent", [(1, 1.0), (2, 3.0)])], title="t", x_label="x", y_label="y")
    >>> svg.startswith("<svg") and "<desc>" in svg
    True
    """
    points = [(x, y) for s in series for x, y in s.points if y is not None]
    xs = sorted({x for x, _ in points})
    ys = [y for _, y in points]
    transform: Callable[[float], float] = math.log10 if log_y else float
    if log_y:
        low, high = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        ticks = [10.0 ** k for k in range(low, high + 1)]
        y_low, y_high = float(low), float(max(high, low + 1))
    else:
        ticks = _nice_ticks(min(ys) if y_min is None else y_min, max(ys))
        y_low, y_high = ticks[0], ticks[-1]
    x_low, x_high = xs[0], xs[-1] if xs[-1] > xs[0] else xs[0] + 1
    top = 18 + LEGEND_ROW * len(series)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - top - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - x_low) / (x_high - x_low) * plot_w

    def py(y: float) -> float:
        return top + plot_h - (transform(y) - y_low) / (y_high - y_low) * plot_h

    # the axis in the moves' grey, its words in the pages' quiet text (4.5:1 on the page)
    ink, words, grid = theme.PALETTE["edge"], theme.PALETTE["muted"], theme.PALETTE["grid"]
    out = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" xmlns="http://www.w3.org/2000/svg">',
           f"<title>{escape(title)}</title>"]
    desc = "; ".join(f"{s.name}: " + ", ".join(f"{x} → {y_text(y)}" for x, y in s.points if y is not None)
                     for s in series)
    out.append(f"<desc>{escape(desc)}</desc>")
    for t in ticks:
        at = py(t)
        out.append(f'<line x1="{LEFT}" y1="{at:.1f}" x2="{WIDTH - RIGHT}" y2="{at:.1f}" stroke="{grid}"/>')
        label = _power(t) if log_y else y_text(t)
        out.append(f'<text x="{LEFT - 6}" y="{at + 4:.1f}" text-anchor="end" font-size="{TICK}" fill="{words}">'
                   f"{escape(label)}</text>")
    step = max(1, math.ceil(len(xs) / 12))
    for x in xs[::step]:
        out.append(f'<text x="{px(x):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" font-size="{TICK}" '
                   f'fill="{words}">{x}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle" font-size="{LABEL}" '
               f'fill="{words}">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" '
               f'font-size="{LABEL}" fill="{words}">{escape(y_label)}</text>')
    out.append(f'<line x1="{LEFT}" y1="{top + plot_h}" x2="{WIDTH - RIGHT}" y2="{top + plot_h}" stroke="{ink}"/>')
    for k, s in enumerate(series):
        colour = theme.PALETTE[s.colour]
        runs: list[list[tuple[float, float]]] = [[]]
        for x, y in s.points:
            if y is None:
                runs.append([])
            else:
                runs[-1].append((px(x), py(y)))
        for run in (r for r in runs if r):
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.2"/>')
            out += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in run]
        ly = 10 + LEGEND_ROW * k
        out.append(f'<rect x="{LEFT}" y="{ly}" width="18" height="5" fill="{colour}"/>')
        out.append(f'<text x="{LEFT + 24}" y="{ly + 7}" font-size="{LABEL}" fill="{theme.PALETTE["start"]}">'
                   f"{escape(s.name)}</text>")
    out.append("</svg>")
    return "\n".join(out)
