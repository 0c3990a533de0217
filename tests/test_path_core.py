"""The compiled distance field (engine/sim/_path_core.c) against scipy's dijkstra over the same moves, its fallback
(pathing.MovementField._scipy_dijkstra): the same field, square by square, complete and bounded, on every bundled
map and every mobility class. tests/test_properties.py holds both to a reference Dijkstra on small maps."""

import random

import numpy as np
import pytest

from tacforge.engine.sim import pathing
from tacforge.engine.sim.pathing import MovementField

MOBILITIES = ("armoured", "truck", "foot")


def test_the_compiled_distance_field_is_built():
    assert pathing._distance_field is not None, "engine/sim/_path_core.c is not built: run `make setup`"


@pytest.mark.parametrize("pack", ["western", "eastern"])
def test_compiled_fields_are_scipys_on_every_bundled_map(bundled, pack):
    content = bundled.content(pack)
    rng = random.Random(7)
    compared = bounded = 0
    for game_map in content.maps.values():
        for mobility in MOBILITIES:
            field = MovementField(game_map, content, mobility)
            for _ in range(6):
                goal = (rng.randrange(field.width), rng.randrange(field.height))
                # no limit, a limit that cuts through the map, a whole-number one (a square exactly at it is kept)
                for limit in (None, rng.uniform(0, 4 * field.median_cost), float(rng.randrange(0, 60))):
                    compiled = field._dijkstra(goal, limit)
                    expected = field._scipy_dijkstra(goal, limit)
                    assert compiled.dtype == expected.dtype and np.array_equal(compiled, expected), (goal, limit)
                    compared += 1
                    bounded += bool(limit is not None and (compiled >= pathing.UNREACHED).any())
    assert compared >= 100 and bounded >= 20, (compared, bounded)


def test_a_goal_that_cannot_be_entered_is_reached_from_nowhere_else(bundled):
    """Read backwards, a square that cannot be entered leads nowhere: its field is 0 at the goal only."""
    content = bundled.content("western")
    for game_map in content.maps.values():
        field = MovementField(game_map, content, "truck")
        walls = np.argwhere(field.enter_cost >= pathing.IMPASSABLE)
        if len(walls):
            y, x = (int(v) for v in walls[0])
            compiled = field._dijkstra((x, y))
            assert compiled[y, x] == 0 and (compiled >= pathing.UNREACHED).sum() == compiled.size - 1
            assert np.array_equal(compiled, field._scipy_dijkstra((x, y)))
            return
    pytest.skip("no bundled western map has a square trucks cannot enter")
