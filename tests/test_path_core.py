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


@pytest.mark.parametrize("costs", ["dear", "free"])
def test_compiled_fields_with_dear_or_free_steps_are_scipys(bundled, costs):
    """The compiled loop settles squares from a ring of buckets, one per distance, when every step costs from 0 to
    a few thousand, and from a binary heap when a step costs more: costs 200 times the terrain's (the heap), and
    costs with steps that cost nothing (the ring, a bucket filled while it is popped), give scipy's fields."""
    content = bundled.content("western")
    game_map = next(m for m in content.maps.values() if (m.width, m.height) == (60, 60))
    field = MovementField(game_map, content, "truck")
    enterable = field.enter_cost < pathing.IMPASSABLE
    if costs == "dear":
        field.enter_cost = np.where(enterable, field.enter_cost * 200, field.enter_cost).astype(np.int32)
        assert field.enter_cost[enterable].max() > 4096  # past the ring's longest (_path_core.c MOST_BUCKETS)
    else:
        free = enterable & (np.random.default_rng(3).random(field.enter_cost.shape) < 0.3)
        field.enter_cost = np.where(free, 0, field.enter_cost).astype(np.int32)
    rng = random.Random(5)
    for _ in range(12):
        goal = (rng.randrange(60), rng.randrange(60))
        for limit in (None, rng.uniform(0, 30 * field.median_cost)):
            assert np.array_equal(field._dijkstra(goal, limit), field._scipy_dijkstra(goal, limit)), (goal, limit)


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


@pytest.mark.parametrize("pack", ["western", "eastern"])
def test_compiled_walks_are_the_python_steps_on_every_bundled_map(bundled, pack):
    """The compiled walk (_path_core.walk) against the same steps by pathing's _cheapest_neighbour, one at a time
    (MovementField._walk_by_neighbours): the same first total and the same squares, ties broken alike, on complete
    and bounded fields, with neighbours blocked, from squares near the goal and anywhere."""
    content = bundled.content(pack)
    rng = random.Random(11)
    walks = stopped = detours = 0
    for game_map in content.maps.values():
        for mobility in MOBILITIES:
            field = MovementField(game_map, content, mobility)
            for _ in range(4):
                goal = (rng.randrange(field.width), rng.randrange(field.height))
                for limit in (None, rng.uniform(0, 4 * field.median_cost), float(rng.randrange(0, 60))):
                    distances = field._dijkstra(goal, limit)
                    bound = pathing.UNREACHED - 1 if limit is None else int(limit)
                    for _ in range(8):
                        if rng.random() < 0.5:
                            pos = (
                                min(max(goal[0] + rng.randint(-4, 4), 0), field.width - 1),
                                min(max(goal[1] + rng.randint(-4, 4), 0), field.height - 1),
                            )
                        else:
                            pos = (rng.randrange(field.width), rng.randrange(field.height))
                        blocked = frozenset(
                            (pos[0] + dx, pos[1] + dy) for dx, dy in pathing.NEIGHBOURS if rng.random() < 0.4
                        )
                        for wall in (frozenset(), blocked):
                            compiled = field._walk(distances, pos, goal, wall, bound)
                            expected = field._walk_by_neighbours(distances, pos, goal, wall, bound)
                            assert compiled == expected, (goal, limit, pos, sorted(wall))
                            walks += 1
                            stopped += compiled[0] is not None and compiled[0] > bound
                            detours += bool(wall) and len(compiled[1]) == 1
    assert walks >= 400 and stopped >= 20 and detours >= 100, (walks, stopped, detours)


def test_a_walk_breaks_ties_in_the_neighbours_order():
    """On an even field every neighbour costs the same: the walk takes the most Chebyshev progress, then the square
    nearest the straight line, then the first in NEIGHBOURS' order, as _cheapest_neighbour does (with the square
    straight ahead blocked, its two neighbours tie on all three, and the first is taken)."""
    if pathing._walk is None:
        pytest.skip("engine/sim/_path_core.c is not built")
    width, height = 9, 7
    costs = np.ones((height, width), dtype=np.int32)
    flat = np.zeros((height, width), dtype=np.int64)  # every total 1: only the ties decide
    cases = [((4, 3), (8, 0), 0), ((4, 3), (4, 6), 0), ((0, 0), (8, 6), 0), ((4, 3), (6, 4), 0), ((8, 6), (0, 5), 0)]
    cases += [((4, 3), (4, 0), 1 << 1), ((4, 3), (4, 6), 1 << 6), ((4, 3), (8, 3), 1 << 4), ((4, 3), (0, 3), 1 << 3)]
    for pos, goal, blocked in cases:
        total, steps = pathing._walk(costs, flat, width, height, *pos, *goal, int(pathing.IMPASSABLE), blocked, 1, 1)
        best, best_key = None, None
        for k, (dx, dy) in enumerate(pathing.NEIGHBOURS):
            nx, ny = pos[0] + dx, pos[1] + dy
            if 0 <= nx < width and 0 <= ny < height and not (blocked >> k) & 1:
                gx, gy = goal[0] - nx, goal[1] - ny
                key = (max(abs(gx), abs(gy)), gx * gx + gy * gy)
                if best_key is None or key < best_key:
                    best, best_key = (nx, ny), key
        assert (total, steps) == (1, [best]), (pos, goal, blocked)
