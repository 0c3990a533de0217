"""Random terrain into the current map, as one undoable edit (Qt-free), from the engine's generator."""

from __future__ import annotations

import numpy as np

from tacforge.engine.mapping.autotile import codes_from_layers
from tacforge.engine.mapping.generate import ATTEMPTS, generate_layers
from tacforge.engine.mapping.map_checks import map_problems
from tacforge.engine.model import Map

from ...grid.edits import CellEdit, edit_from_arrays
from ...grid.model import GROUND


def generate_into(
    model, *, river: bool = True, cover: int = 5, seed: int = 1, hills: bool = True, towns: int | None = None
) -> CellEdit | None:
    """The edit replacing the whole map with a legal random one of its size (at least 24 x 24 squares).

    Same seed and options as `engine.mapping.generate_map`, so the result matches `tacforge new`."""
    if not 0 <= int(cover) <= 9:
        raise ValueError(f"cover density must be 0-9, not {cover}")
    if model.width < 24 or model.height < 24:
        raise ValueError(f"a random map needs at least 24 x 24 squares, not {model.width} x {model.height}")
    for attempt in range(ATTEMPTS):  # (at least one: `layers` is set)
        layers = generate_layers(
            model.width,
            model.height,
            river=river,
            cover=int(cover),
            seed=int(seed),
            hills=hills,
            towns=towns,
            attempt=attempt,
        )
        codes = codes_from_layers(layers.types, layers.levels, model.content)
        trial = Map("trial", "trial", model.width, model.height, codes.tobytes())
        if not map_problems(trial, model.content):
            break
    types = GROUND[np.asarray(layers.types, np.uint8)]
    text = f"Generate random map (seed {seed}, river {'yes' if river else 'no'}, cover {cover})"
    return edit_from_arrays(text, model.types, model.levels, types, np.asarray(layers.levels, np.int8))
