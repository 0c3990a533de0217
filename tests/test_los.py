"""Line of sight (docs/rules.md 7, 13 U1, U2): golden cases, line symmetry, has_los against viewshed on every
square of several maps, facing arcs at their boundaries, and the per-map terrain grid."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tacforge.engine.model import Map
from tacforge.engine.rules import los
from tacforge.engine.rules.geometry import chebyshev
from tacforge.engine.rules.los import front_arc, has_los, in_arc, line_squares, viewshed
from tacforge.engine.rules.terrain_grid import (
    COUNT_BLOCKS,
    COUNT_WEIGHT,
    LOS_BROKEN,
    LOS_OPEN,
    LOS_TOWN,
    LOS_WOODS,
    MAX_LEVEL,
    TerrainGrid,
)

CLEAR1, TOWN1, WOODS1, ENTRENCH1, SLOPE2, CLEAR3, TOWN3, WOODS3, SLOPE4, CLEAR5, BROKEN1 = (
    0,
    8,
    9,
    10,
    11,
    29,
    37,
    38,
    40,
    48,
    59,
)
BOTH = (">=", ">")


@pytest.fixture(scope="module")
def west(bundled):
    return bundled.content("western")


def make_map(rows, map_id="test"):
    rows = [list(r) for r in rows]
    return Map(map_id, map_id, len(rows[0]), len(rows), bytes(itertools.chain.from_iterable(rows)))


def line_grid(content, codes):
    """A one-row map: square x holds codes[x]."""
    return TerrainGrid.from_map(make_map([codes], "line-" + "-".join(map(str, codes))), content)


def sees(grid, a, b, operator, visibility=20, **kw):
    """has_los both ways, checked against each other and against both viewsheds."""
    forward = has_los(grid, a, b, operator, visibility, **kw)
    assert has_los(grid, b, a, operator, visibility, **kw) == forward
    assert bool(viewshed(grid, a, operator, visibility, **kw)[b[1], b[0]]) == forward
    assert bool(viewshed(grid, b, operator, visibility, **kw)[a[1], a[0]]) == forward
    return forward


# -- docs/rules.md 7, worked illustration: h = 3 looks at level 1, D = 6, line heights 3, 2, 2, 2, 1 ----------
@pytest.mark.parametrize(
    "d, bg, kg", [(1, True, True), (2, True, False), (3, True, False), (4, True, False), (5, False, False)]
)
def test_worked_illustration_woods_at_d(west, d, bg, kg):
    codes = [CLEAR3] + [CLEAR1] * 5 + [CLEAR1]
    codes[d] = WOODS1  # P = 2
    grid = line_grid(west, codes)
    assert sees(grid, (0, 0), (6, 0), ">=") is bg
    assert sees(grid, (0, 0), (6, 0), ">") is kg


def test_worked_illustration_headline_cases(west):
    grid = line_grid(west, [CLEAR3, CLEAR1, CLEAR1, WOODS1, CLEAR1, CLEAR1, CLEAR1])
    assert sees(grid, (0, 0), (6, 0), ">=") and not sees(grid, (0, 0), (6, 0), ">")  # woods at d = 3
    grid = line_grid(west, [CLEAR3, CLEAR1, CLEAR1, CLEAR1, CLEAR1, WOODS1, CLEAR1])
    assert not sees(grid, (0, 0), (6, 0), ">=") and not sees(grid, (0, 0), (6, 0), ">")  # woods at d = 5


@pytest.mark.parametrize("operator", BOTH)
def test_clear_squares_at_the_lower_level_never_block(west, operator):
    for length in range(2, 12):
        grid = line_grid(west, [CLEAR3] + [CLEAR1] * length)
        assert sees(grid, (0, 0), (length, 0), operator)
        grid = line_grid(west, [CLEAR5] + [CLEAR3] * length)
        assert sees(grid, (0, 0), (length, 0), operator)


def test_rounding_is_half_up(west):
    # h = 3, lower level 1, D = 4: the line at d = 1 is 3 - 0.5 = 2.5, which rounds to 3 (banker's rounding: 2).
    grid = line_grid(west, [CLEAR3, CLEAR3, CLEAR1, CLEAR1, CLEAR1])  # P = 3 at d = 1
    assert sees(grid, (0, 0), (4, 0), ">=")  # 3 >= 3
    assert not sees(grid, (0, 0), (4, 0), ">")  # 3 > 3 is false
    grid = line_grid(west, [CLEAR3, WOODS1, CLEAR1, CLEAR1, CLEAR1])  # P = 2 at d = 1
    assert sees(grid, (0, 0), (4, 0), ">")  # 3 > 2 (banker's 2 > 2 would block)


# -- same level: the cover count ----------------------------------------------------------------------------------
@pytest.mark.parametrize("operator", BOTH)
def test_town_always_blocks(west, operator):
    assert not sees(line_grid(west, [CLEAR1, TOWN1, CLEAR1]), (0, 0), (2, 0), operator)
    assert not sees(line_grid(west, [CLEAR3, CLEAR3, TOWN3, CLEAR3, CLEAR3]), (0, 0), (4, 0), operator)


@pytest.mark.parametrize("operator", BOTH)
def test_one_woods_passes_the_second_blocks(west, operator):
    assert sees(line_grid(west, [CLEAR1, WOODS1, CLEAR1, CLEAR1]), (0, 0), (3, 0), operator)
    assert not sees(line_grid(west, [CLEAR1, WOODS1, CLEAR1, WOODS1, CLEAR1]), (0, 0), (4, 0), operator)
    assert sees(line_grid(west, [CLEAR3, WOODS3, CLEAR3]), (0, 0), (2, 0), operator)
    assert not sees(line_grid(west, [CLEAR3, WOODS3, WOODS3, CLEAR3]), (0, 0), (3, 0), operator)


@pytest.mark.parametrize("operator", BOTH)
@pytest.mark.parametrize("broken", [BROKEN1, ENTRENCH1])
def test_two_broken_pass_the_third_blocks(west, operator, broken):
    assert sees(line_grid(west, [CLEAR1, broken, CLEAR1, broken, CLEAR1]), (0, 0), (4, 0), operator)
    assert not sees(line_grid(west, [CLEAR1, broken, broken, CLEAR1, broken, CLEAR1]), (0, 0), (5, 0), operator)


@pytest.mark.parametrize("operator", BOTH)
def test_woods_and_broken_together_block(west, operator):
    assert not sees(line_grid(west, [CLEAR1, WOODS1, BROKEN1, CLEAR1]), (0, 0), (3, 0), operator)
    assert not sees(line_grid(west, [CLEAR1, BROKEN1, CLEAR1, CLEAR1, WOODS1, CLEAR1]), (0, 0), (5, 0), operator)


@pytest.mark.parametrize("operator", BOTH)
def test_cover_at_the_ends_does_not_count(west, operator):
    assert sees(line_grid(west, [WOODS1, WOODS1, WOODS1]), (0, 0), (2, 0), operator)
    assert sees(line_grid(west, [TOWN1, CLEAR1, TOWN1]), (0, 0), (2, 0), operator)


# -- elevated terrain, the count between levels, visibility -------------------------------------------------------
@pytest.mark.parametrize("operator", BOTH)
def test_elevated_terrain_always_blocks(west, operator):
    assert not sees(line_grid(west, [CLEAR1, CLEAR1, SLOPE2, CLEAR1, CLEAR1]), (0, 0), (4, 0), operator)
    assert not sees(line_grid(west, [CLEAR3, SLOPE4, CLEAR1, CLEAR1]), (0, 0), (3, 0), operator)
    assert not sees(line_grid(west, [CLEAR1, CLEAR5, CLEAR3]), (0, 0), (2, 0), operator)
    assert sees(line_grid(west, [CLEAR5, CLEAR3, CLEAR1, CLEAR1, CLEAR1]), (0, 0), (4, 0), operator)  # not higher


def test_cover_count_between_levels_is_an_option(west):
    grid = line_grid(west, [CLEAR3, TOWN1, CLEAR1, CLEAR1, CLEAR1, CLEAR1, CLEAR1])  # line 3 over P = 2
    assert sees(grid, (0, 0), (6, 0), ">=")
    assert not sees(grid, (0, 0), (6, 0), ">=", count_cover_between_levels=True)
    grid = line_grid(west, [CLEAR3, WOODS1, CLEAR1, WOODS1, CLEAR1, CLEAR1, CLEAR1])  # two woods, both cleared
    assert sees(grid, (0, 0), (6, 0), ">=")
    assert not sees(grid, (0, 0), (6, 0), ">=", count_cover_between_levels=True)


@pytest.mark.parametrize("operator", BOTH)
def test_visibility_limit(west, operator):
    grid = line_grid(west, [CLEAR1] * 8)
    assert sees(grid, (0, 0), (5, 0), operator, visibility=5)
    assert not sees(grid, (0, 0), (5, 0), operator, visibility=4)
    assert not sees(grid, (0, 0), (5, 0), operator, visibility=4.9)
    view = viewshed(grid, (0, 0), operator, 3)
    assert view.tolist() == [[True] * 4 + [False] * 4]
    assert not viewshed(grid, (0, 0), operator, -1).any()
    assert has_los(grid, (3, 0), (3, 0), operator, 0) and viewshed(grid, (3, 0), operator, 0)[0, 3]


def test_bad_arguments(west):
    grid = line_grid(west, [CLEAR1] * 3)
    with pytest.raises(ValueError):
        has_los(grid, (0, 0), (2, 0), "=>")
    with pytest.raises(ValueError):
        viewshed(grid, (3, 0), ">=")
    with pytest.raises(ValueError):
        has_los(grid, (0, 0), (0, 1), ">=")


# -- the line and the distance ------------------------------------------------------------------------------------
def test_chebyshev_distance():
    assert chebyshev((0, 0), (3, -7)) == 7
    assert chebyshev((5, 5), (5, 5)) == 0
    assert chebyshev((2, 9), (6, 8)) == 4


def test_line_squares_basics():
    assert line_squares((0, 0), (0, 0)) == []
    assert line_squares((3, 3), (4, 4)) == []
    assert line_squares((0, 0), (4, 0)) == [(1, 0), (2, 0), (3, 0)]
    assert line_squares((0, 0), (3, 3)) == [(1, 1), (2, 2)]
    assert line_squares((0, 0), (6, 2)) == [(1, 0), (2, 1), (3, 1), (4, 1), (5, 2)]
    # ties (the true line passes exactly between two squares) go south / east, whichever end the line starts from
    assert line_squares((0, 0), (2, 1)) == [(1, 1)] and line_squares((2, 1), (0, 0)) == [(1, 1)]
    assert line_squares((0, 1), (2, 0)) == [(1, 1)] and line_squares((2, 0), (0, 1)) == [(1, 1)]
    assert line_squares((0, 0), (1, 2)) == [(1, 1)] and line_squares((1, 0), (0, 2)) == [(1, 1)]


def test_line_squares_is_symmetric_and_steps_one_square_at_a_time():
    for a in [(0, 0), (3, 7)]:
        for b in itertools.product(range(-9, 12), range(-8, 13)):
            path = line_squares(a, b)
            assert line_squares(b, a) == path[::-1]
            n = chebyshev(a, b)
            assert len(path) == max(n - 1, 0)
            if n:
                squares = [a] + path + [b]
                assert [chebyshev(a, s) for s in squares] == list(range(n + 1))
                assert all(chebyshev(p, q) == 1 for p, q in itertools.pairwise(squares))


# -- has_los and viewshed agree on every square -------------------------------------------------------------------
def hilly_map(width=20, height=16, seed=7):
    """Plateaus 1/3/5 with slope rings, woods, towns and broken ground."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:height, 0:width]
    bumps = np.sin(xx / 3.1) + np.cos(yy / 2.3) + 0.6 * rng.standard_normal((height, width))
    level = np.clip(np.round(bumps * 1.4 + 2.2), 1, 5).astype(int)
    base = {1: CLEAR1, 2: SLOPE2, 3: CLEAR3, 4: SLOPE4, 5: CLEAR5}
    cover = {1: (WOODS1, TOWN1, BROKEN1), 3: (WOODS3, TOWN3, 60), 5: (57, 56, 61)}
    codes = np.vectorize(base.get)(level)
    roll = rng.random((height, width))
    for lv, (woods, town, broken) in cover.items():
        codes[(level == lv) & (roll < 0.18)] = woods
        codes[(level == lv) & (roll >= 0.18) & (roll < 0.22)] = town
        codes[(level == lv) & (roll >= 0.22) & (roll < 0.30)] = broken
    return make_map(codes.tolist(), f"hilly-{seed}")


def agree(grid, origins, operator, visibility, **kw):
    for origin in origins:
        view = viewshed(grid, origin, operator, visibility, **kw)
        expected = [
            [has_los(grid, origin, (x, y), operator, visibility, **kw) for x in range(grid.width)]
            for y in range(grid.height)
        ]
        assert view.tolist() == expected, f"origin {origin}, {operator}, visibility {visibility}, {kw}"


@pytest.mark.parametrize("operator", BOTH)
def test_viewshed_matches_has_los_everywhere_on_a_hilly_map(west, operator):
    grid = TerrainGrid.from_map(hilly_map(), west)
    origins = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    agree(grid, origins, operator, 9)
    agree(grid, origins[::7], operator, 30)
    agree(grid, origins[::11], operator, 30, count_cover_between_levels=True)


@pytest.mark.parametrize("operator", BOTH)
@pytest.mark.parametrize("pack", ["western", "eastern"])
def test_viewshed_matches_has_los_on_bundled_maps(bundled, operator, pack):
    content = bundled.content(pack)
    maps = list(content.maps.values()) or [hilly_map(60, 60, 3)]
    for game_map in maps[:1]:
        grid = TerrainGrid.from_map(game_map, content)
        w, h = grid.width, grid.height
        origins = [(w // 2, h // 2), (0, 0), (w - 1, h - 1), (3, h - 2), (w - 5, 4)]
        levels = {int(v): (int(x), int(y)) for (y, x), v in np.ndenumerate(grid.level)}
        origins += list(levels.values())  # one origin on every level of the map
        agree(grid, origins, operator, 20)


@pytest.mark.parametrize("operator", BOTH)
def test_viewshed_matches_has_los_on_a_large_generated_map(west, operator):
    grid = TerrainGrid.from_map(hilly_map(60, 45, 11), west)
    agree(grid, [(30, 22), (1, 1), (58, 40), (12, 30)], operator, 20)
    agree(grid, [(30, 22), (5, 40)], operator, 99)  # visibility beyond the map


@pytest.mark.parametrize("operator", BOTH)
@pytest.mark.parametrize("shape, visibility", [((3, 40), 30), ((120, 2), 200), ((25, 25), 12)])
def test_viewshed_matches_has_los_on_extreme_grids(operator, shape, visibility):
    """Levels up to MAX_LEVEL, a radius wider than the map, and paths long enough (over 85 squares) that the
    viewshed's packed cover counts must saturate."""
    width, height = shape
    rng = np.random.default_rng(width * height)
    level = np.clip(np.round(np.cumsum(rng.normal(0, 0.7, (height, width)), axis=1) + 7), 0, MAX_LEVEL)
    level[rng.random((height, width)) < 0.05] = MAX_LEVEL
    cover = rng.random((height, width)) < 0.15
    kind = np.where(cover, rng.integers(LOS_TOWN, LOS_BROKEN + 1, (height, width)), LOS_OPEN)
    grid = TerrainGrid.from_arrays(level.astype(int), cover, kind, map_id=f"extreme-{width}x{height}")
    origins = [(0, 0), (width // 2, height // 2), (width - 1, height - 1)]
    agree(grid, origins, operator, visibility)
    agree(grid, origins, operator, visibility, count_cover_between_levels=True)


@pytest.mark.parametrize("operator", BOTH)
def test_viewshed_matches_has_los_on_random_grids_around_every_word_boundary(operator):
    """Random grids of every level 0..MAX_LEVEL and every cover and LOS kind together, at visibilities on both sides
    of the distances where a path takes one more word of codes (5 squares) or one more pair of words (10 squares),
    from corners, edges and inside, with the cover count at the same level only and between levels."""
    rng = np.random.default_rng(17)
    for case in range(12):
        height, width = (int(n) for n in rng.integers(1, 27, 2))
        if case % 3:  # hills and plateaus
            level = np.round(np.cumsum(rng.normal(0, 0.8, (height, width)), axis=case % 2) + 5)
        else:  # every square a level of its own
            level = rng.integers(0, MAX_LEVEL + 1, (height, width))
        level = np.clip(level, 0, MAX_LEVEL).astype(int)
        cover = rng.random((height, width)) < 0.3
        kind = rng.integers(LOS_OPEN, LOS_BROKEN + 1, (height, width)) * (rng.random((height, width)) < 0.4)
        grid = TerrainGrid.from_arrays(level, cover, kind, map_id=f"random-{case}")
        origins = {
            (0, 0),
            (width - 1, height - 1),
            (width // 2, 0),
            (int(rng.integers(width)), int(rng.integers(height))),
        }
        for visibility in (0, 1, 2, 6, 7, 11, 12, 16, 17, 21, 22, 40):
            agree(grid, origins, operator, visibility, count_cover_between_levels=bool(case % 2))


@pytest.mark.parametrize("operator", BOTH)
def test_viewshed_cover_count_on_a_very_long_path(operator):
    """A street of 119 towns: counts far beyond 255 still block (nothing wraps around)."""
    grid = TerrainGrid.from_arrays(
        np.zeros((1, 120), int), np.ones((1, 120), bool), np.full((1, 120), LOS_TOWN), map_id="town-street"
    )
    assert viewshed(grid, (0, 0), operator, 200).tolist() == [[True, True] + [False] * 118]
    agree(grid, [(0, 0), (119, 0)], operator, 200)


def test_viewshed_is_cached_and_read_only(west):
    grid = TerrainGrid.from_map(hilly_map(), west)
    first = viewshed(grid, (4, 4), ">=", 10)
    assert viewshed(grid, (4, 4), ">=", 10) is first
    assert not first.flags.writeable
    los.clear_viewshed_cache()
    again = viewshed(grid, (4, 4), ">=", 10)
    assert again is not first and np.array_equal(again, first)


# -- facing arcs --------------------------------------------------------------------------------------------------
def test_in_arc_90_degrees_boundaries_are_inclusive():
    o = (5, 5)
    assert in_arc(o, "N", (5, 0), 90)
    assert in_arc(o, "N", (4, 4), 90) and in_arc(o, "N", (6, 4), 90)  # exactly 45 degrees
    assert not in_arc(o, "N", (7, 4), 90) and not in_arc(o, "N", (3, 4), 90)
    assert not in_arc(o, "N", (6, 5), 90)
    assert in_arc(o, "NE", (6, 5), 90) and in_arc(o, "NE", (5, 4), 90)  # E and N are 45 degrees off NE
    assert not in_arc(o, "NE", (6, 6), 90) and not in_arc(o, "NE", (4, 4), 90)
    assert in_arc(o, 3, (9, 5), 90) and not in_arc(o, 3, (1, 5), 90)  # 3 = E in the manual's numbering
    assert in_arc(o, "S", (5, 5), 90)  # own square


def test_in_arc_180_degrees_boundaries_are_inclusive():
    o = (5, 5)
    assert in_arc(o, "N", (9, 5), 180) and in_arc(o, "N", (0, 5), 180)  # exactly 90 degrees
    assert not in_arc(o, "N", (9, 6), 180) and not in_arc(o, "N", (5, 6), 180)
    assert in_arc(o, "SE", (9, 1), 180) and in_arc(o, "SE", (1, 9), 180)  # NE and SW are 90 degrees off SE
    assert not in_arc(o, "SE", (4, 4), 180)
    assert in_arc(o, "w", (5, 0), 180) and not in_arc(o, "W", (6, 0), 180)
    for facing in range(1, 9):
        assert all(in_arc(o, facing, t, 360) for t in [(0, 0), (9, 9), (5, 6)])


def test_front_arc_is_plus_minus_45_degrees_of_the_target_facing():
    tank = (10, 10)
    assert front_arc(tank, "E", (15, 10))
    assert front_arc(tank, "E", (15, 5)) and front_arc(tank, "E", (15, 15))  # on the 45-degree boundary
    assert not front_arc(tank, "E", (15, 16)) and not front_arc(tank, "E", (10, 5))
    assert not front_arc(tank, "E", (5, 10))
    assert front_arc(tank, 1, (10, 2)) and not front_arc(tank, 5, (10, 2))  # 1 = N, 5 = S
    with pytest.raises(ValueError):
        front_arc(tank, "up", (1, 1))
    with pytest.raises(ValueError):
        in_arc(tank, 9, (1, 1), 90)


# -- the terrain grid ---------------------------------------------------------------------------------------------
def test_terrain_grid_arrays(west):
    game_map = make_map([[CLEAR1, TOWN1, WOODS3, ENTRENCH1], [19, SLOPE2, CLEAR5, BROKEN1]], "grid-arrays")
    grid = TerrainGrid.from_map(game_map, west)
    assert TerrainGrid.from_map(game_map, west) is grid
    assert grid.level.tolist() == [[1, 1, 3, 1], [0, 2, 5, 1]]
    assert grid.obstacle.tolist() == [[1, 2, 4, 2], [0, 2, 5, 2]]
    assert grid.cover.tolist() == [[False, True, True, True], [False, False, False, True]]
    assert grid.los_kind.tolist() == [
        [LOS_OPEN, LOS_TOWN, LOS_WOODS, LOS_BROKEN],
        [LOS_OPEN, LOS_OPEN, LOS_OPEN, LOS_BROKEN],
    ]
    assert [[grid.types[i].id.split(":")[-1] for i in row] for row in grid.type_index] == [
        ["clear", "town", "woods", "entrenchment"],
        ["river", "slope", "clear", "broken"],
    ]
    assert grid.terrain_at((3, 1)).id == "core:broken" and grid.terrain_at((3, 1)).cost("foot") == 17
    for array in (grid.level, grid.obstacle, grid.los_kind, grid.cover, grid.type_index):
        assert not array.flags.writeable
    assert grid.level.dtype == np.int8 and grid.cover.dtype == bool


def test_terrain_grid_rejects_unknown_codes(west):
    with pytest.raises(ValueError, match="200"):
        TerrainGrid.from_map(make_map([[CLEAR1, 200]], "unknown-code"), west)


def test_in_arc_offset_on_arrays_agrees_with_in_arc_on_every_square():
    from tacforge.engine.rules.los import FACING_VECTORS, FACINGS, in_arc, in_arc_offset

    tx, ty = np.meshgrid(np.arange(-5, 6), np.arange(-5, 6))
    for facing, (fx, fy) in zip(FACINGS, FACING_VECTORS, strict=True):
        for degrees in (90, 180):
            inside = in_arc_offset(fx, fy, tx, ty, degrees)
            expected = [[in_arc((0, 0), facing, (x, y), degrees) for x in range(-5, 6)] for y in range(-5, 6)]
            assert inside.tolist() == expected, (facing, degrees)


def test_sighting_range_of_arrays_is_the_sighting_range_of_each_unit():
    from types import SimpleNamespace

    from tacforge.engine.rules.sighting import sighting_range

    spotting = SimpleNamespace(sighting_silhouette_bonus=2, cover_sighting_divisor=2, moving_sighting_multiplier=1.5)
    silhouettes, cover, moving = np.array([1.0, 4, 9, 9]), np.array([False, True, False, True]), np.array([1, 0, 1, 1])
    ranges = sighting_range(silhouettes, cover, moving.astype(bool), 12, spotting)
    assert ranges.tolist() == [4.5, 3.0, 12.0, 8.25]  # (1+2)*1.5; (4+2)/2; (9+2)*1.5 capped at 12; (9+2)/2*1.5
    assert [
        sighting_range(int(s), bool(c), bool(m), 12, spotting)
        for s, c, m in zip(silhouettes, cover, moving, strict=True)
    ] == ranges.tolist()


def test_a_large_maps_encodings_stay_cached_while_viewsheds_come_from_every_level(monkeypatch):
    """On a 256 x 256 map a viewshed's codes alone are past the 48 MB a grid may keep at 60 x 60 (and the limits
    of each origin level are 16 MB more): the cache keeps what was used last and grows with the map, so the codes
    are built once, not for every viewshed (which had made a viewshed on such a map hundreds of times slower)."""
    built = []
    encode = los._encode
    monkeypatch.setattr(los, "_encode", lambda grid, paths: built.append(1) or encode(grid, paths))
    rng = np.random.default_rng(3)
    grid = TerrainGrid.from_arrays(
        rng.integers(0, 4, (256, 256)), rng.random((256, 256)) < 0.3, rng.integers(0, 3, (256, 256))
    )
    origins = [(int(x), int(y)) for x, y in rng.integers(0, 256, (24, 2))]
    for origin in origins + origins:
        los.viewshed(grid, origin, ">=", 20)
        los.clear_viewshed_cache()
    assert len(built) == 1


# -- the compiled loop and its NumPy fallback -----------------------------------------------------------------------
def test_the_compiled_viewshed_loop_is_built():
    assert los._viewshed_core is not None, "engine/rules/_los_core.c is not built: run `make setup` (pip install -e .)"


@pytest.fixture
def numpy_only(monkeypatch):
    """viewshed through its NumPy steps, as where _los_core is not built; the result cache emptied either side."""
    los.clear_viewshed_cache()
    monkeypatch.setattr(los, "USE_COMPILED", False)
    yield
    los.clear_viewshed_cache()


@pytest.mark.parametrize("operator", BOTH)
def test_numpy_fallback_matches_has_los(west, numpy_only, operator):
    grid = TerrainGrid.from_map(hilly_map(), west)
    origins = [(x, y) for y in range(grid.height) for x in range(grid.width)]
    agree(grid, origins[::5], operator, 9)
    agree(grid, origins[::13], operator, 30, count_cover_between_levels=True)


def test_compiled_and_numpy_viewsheds_are_identical_on_a_60_by_60_map(west, monkeypatch):
    grid = TerrainGrid.from_map(hilly_map(60, 60, 5), west)
    rng = np.random.default_rng(3)
    cases = [
        ((int(rng.integers(60)), int(rng.integers(60))), operator, visibility, between)
        for operator in BOTH
        for visibility in (1, 7, 12, 20, 25)
        for between in (False, True)
        for _ in range(6)
    ]
    found = []
    for compiled in (True, False):
        los.clear_viewshed_cache()
        monkeypatch.setattr(los, "USE_COMPILED", compiled)
        found.append([viewshed(grid, o, op, vis, count_cover_between_levels=b).copy() for o, op, vis, b in cases])
    los.clear_viewshed_cache()
    for case, compiled, numpy_steps in zip(cases, *found, strict=True):
        assert np.array_equal(compiled, numpy_steps), case


# -- one pair at any distance, compiled (los.sees_pair, the battle's line of sight between two units) ------------
def pair_grids(west):
    """The hilly map, a long generated one, and random grids of every level, cover and LOS kind."""
    grids = [TerrainGrid.from_map(hilly_map(), west), TerrainGrid.from_map(hilly_map(60, 45, 11), west)]
    rng = np.random.default_rng(29)
    for case, (height, width) in enumerate(((3, 40), (120, 2), (25, 25), (7, 13), (1, 30))):
        level = np.clip(np.round(np.cumsum(rng.normal(0, 0.9, (height, width)), axis=case % 2) + 7), 0, MAX_LEVEL)
        level[rng.random((height, width)) < 0.05] = MAX_LEVEL
        cover = rng.random((height, width)) < 0.3
        kind = rng.integers(LOS_OPEN, LOS_BROKEN + 1, (height, width)) * (rng.random((height, width)) < 0.4)
        grids.append(TerrainGrid.from_arrays(level.astype(int), cover, kind, map_id=f"pairs-{case}"))
    return grids


@pytest.mark.parametrize("operator", BOTH)
def test_the_compiled_pair_is_has_los_at_any_distance(west, operator):
    assert los._pair_los is not None, "engine/rules/_los_core.c is not built: run `make setup` (pip install -e .)"
    rng = np.random.default_rng(5)
    e = los.OPERATORS[operator]
    compared = blocked = 0
    for grid in pair_grids(west):
        w, h = grid.width, grid.height
        pairs = [
            ((int(rng.integers(w)), int(rng.integers(h))), (int(rng.integers(w)), int(rng.integers(h))))
            for _ in range(600)
        ]
        pairs += [((0, 0), (x, y)) for y in range(h) for x in range(w)]
        for a, b in pairs:
            expected = has_los(grid, a, b, operator, float("inf"))
            assert los.sees_pair(grid, a, b, operator) is expected, (grid.map_id, a, b)
            for between in (False, True):
                got = los._pair_los(
                    grid.level, grid.obstacle, grid.los_kind, COUNT_WEIGHT, w, h, *a, *b, e, COUNT_BLOCKS, between
                )
                assert got is has_los(grid, a, b, operator, float("inf"), count_cover_between_levels=between), (a, b)
            compared += 1
            blocked += not expected
    assert compared > 5000 and blocked > 500, (compared, blocked)
    with pytest.raises(ValueError):
        los.sees_pair(pair_grids(west)[0], (0, 0), (99, 0), operator)


def test_sees_pair_without_the_compiled_pair_is_has_los(west, monkeypatch):
    monkeypatch.setattr(los, "USE_COMPILED", False)
    grid = TerrainGrid.from_map(hilly_map(), west)
    calls = []
    real = los.has_los
    monkeypatch.setattr(los, "has_los", lambda *a, **k: calls.append(a) or real(*a, **k))
    for b in ((5, 5), (19, 15), (1, 1)):
        assert los.sees_pair(grid, (0, 0), b, ">") is real(grid, (0, 0), b, ">", float("inf"))
    assert len(calls) == 3
