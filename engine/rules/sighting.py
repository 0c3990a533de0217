"""How far away a unit can be sighted (docs/rules.md 6.2): its silhouette plus the profile's bonus, divided in
cover, multiplied while it moves, never beyond the visibility. The one place of the formula: the fire phase asks it
per unit and per pulse (arrays of the enemies on the map), the computer player per square of the map.

The same IEEE operations in the same order on numbers and on NumPy arrays, so that a distance compares the same with
either result.
"""

from __future__ import annotations

import numpy as np


def sighting_range(silhouette, in_cover, moving, visibility, spotting):
    """The sighting range of a unit of `silhouette` (7.1). `spotting` is the rules parameters' spotting group.

    With `in_cover` a bool (and `moving` a bool) the answer is a number; with `in_cover` a NumPy array (and the
    silhouette and `moving` numbers or arrays of the same shape) it is an array, square by square."""
    base = silhouette + spotting.sighting_silhouette_bonus
    if isinstance(in_cover, bool):
        rng = base / spotting.cover_sighting_divisor if in_cover else base
        if moving:
            rng = rng * spotting.moving_sighting_multiplier
        return min(rng, visibility)
    rng = np.where(in_cover, base / spotting.cover_sighting_divisor, base)
    if moving is not False:
        rng = np.where(moving, rng * spotting.moving_sighting_multiplier, rng)
    return np.minimum(rng, visibility)
