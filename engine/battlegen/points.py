"""The points module in built battles (docs/rules.md 16.4): `tacforge new --size company --points 1000` buys each
side's force with the tabletop points of the formation templates instead of selection points.

A size is either one of the manuals' battle sizes (large, small), which buy with selection points as before, or one
of the ruleset profile's tabletop game sizes (`game_sizes`: squad, platoon, company, battalion in the shipped packs).
With a game size both sides get the same budget, as the tabletop rules have it (equal points, an even game): the
points asked for, else the size's standard points.
"""

from __future__ import annotations

from ..model.content import Content
from ..model.rules import GameSize
from .plan import SIZES, BuildError

SELECTION_POINTS, TABLETOP_POINTS = "selection points", "points"


def game_size(content: Content, size: str) -> GameSize | None:
    """The tabletop game size a battle's size names, None for the manuals' large and small; BuildError for a name
    that is neither."""
    profile = content.known_ruleset
    if size in SIZES:
        return None
    found = profile.game_size(size)
    if found is None:
        names = [*SIZES, *(g.id for g in profile.game_sizes)]
        raise BuildError(f"size must be one of {', '.join(names)}, not '{size}'")
    return found


def checked_points(content: Content, size: str, points: int | None) -> int | None:
    """Each side's budget in tabletop points for a battle of `size` (None: it buys with selection points); a
    BuildError names what to change when the points do not fit the size."""
    chosen = game_size(content, size)
    if chosen is None:
        if points is not None:
            names = ", ".join(g.id for g in content.known_ruleset.game_sizes) or "none in this ruleset"
            raise BuildError(f"--points goes with a tabletop game size ({names}), not with the {size} size")
        return None
    if points is None:
        return chosen.standard_points
    if not chosen.allows(points):
        raise BuildError(
            f"a {chosen.name.lower()}-sized game is bought with {chosen.range_text()} points, not {points}; "
            "change --points or --size"
        )
    return points


def unpriced(content: Content) -> bool:
    """True when no formation template of the content has tabletop points (a pack written before the module)."""
    return all(t.points is None for t in content.formations.values())
