"""The square grid's geometry (docs/rules.md 13 U1): squares are ``(x, y)`` tuples, x eastward, y southward (row 0
= north), and the distance between two squares is Chebyshev, the number of king's moves from one to the other."""

from __future__ import annotations

Square = tuple[int, int]


def chebyshev(a: Square, b: Square) -> int:
    """Chebyshev distance in squares: max(|dx|, |dy|)."""
    # written out without abs() and max(): the rules, the combat loop and the computer player call it millions of times
    dx = a[0] - b[0]
    if dx < 0:
        dx = -dx
    dy = a[1] - b[1]
    if dy < 0:
        dy = -dy
    return dx if dx >= dy else dy
