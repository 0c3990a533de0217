"""Each side's colour, the same on the map, on a dragged unit's marker and in the playtest's plots."""

from __future__ import annotations

from PyQt6.QtGui import QColor

SIDE_COLOURS = {
    "allied": (40, 90, 210),
    "us": (40, 90, 210),
    "british": (150, 110, 40),
    "soviet": (200, 40, 40),
    "german": (60, 60, 60),
    "axis": (60, 60, 60),
}
SPARE_COLOURS = ((40, 90, 210), (200, 40, 40), (120, 60, 160), (20, 140, 140))


def side_colour(side: str, alpha: int = 255) -> QColor:
    """A side's colour; a side not listed gets one of the spare colours, always the same for its name."""
    bare = str(side).split(":")[-1].lower()
    rgb = SIDE_COLOURS.get(bare) or SPARE_COLOURS[sum(map(ord, bare)) % len(SPARE_COLOURS)]
    return QColor(*rgb, alpha)
