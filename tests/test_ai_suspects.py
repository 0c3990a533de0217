"""attack.chebyshev_to_nearest, what suspect_distance measures with, against the ring grown square by square that it
replaced: the same distances up to SUSPECT_REACH on random boxes, full, empty and cut by the map's edge."""

from __future__ import annotations

import numpy as np
import pytest

from tacforge.engine.ai.attack import SUSPECT_REACH, chebyshev_to_nearest


def grown_rings(marked: np.ndarray) -> np.ndarray:
    """The distance of every square to the nearest marked one, by growing the marked set one square at a time in
    all eight directions (99 beyond SUSPECT_REACH)."""
    near = np.full(marked.shape, 99, dtype=np.int64)
    ring = marked.copy()
    for k in range(SUSPECT_REACH + 1):
        near[ring & (near == 99)] = k
        grown = ring.copy()
        grown[1:, :] |= ring[:-1, :]
        grown[:-1, :] |= ring[1:, :]
        wide = grown.copy()
        wide[:, 1:] |= grown[:, :-1]
        wide[:, :-1] |= grown[:, 1:]
        ring = wide
    return near


@pytest.mark.parametrize("shape", [(43, 43), (43, 30), (25, 43), (1, 1), (3, 60)])
@pytest.mark.parametrize("density", [0.0, 0.002, 0.02, 0.2, 1.0])
def test_same_as_growing_rings(shape, density):
    rng = np.random.default_rng(hash((shape, density)) % 2**32)
    for _ in range(5):
        marked = rng.random(shape) < density
        d = chebyshev_to_nearest(marked)
        capped = np.where(d <= SUSPECT_REACH, d, 99)
        assert np.array_equal(capped, grown_rings(marked))
