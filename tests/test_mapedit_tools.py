"""The map editor's tools without widgets: roads and rivers, crossings, slopes, fills, the clipboard, the controller."""

from __future__ import annotations

import numpy as np
import pytest

from tacforge.editor.grid.model import MapModel
from tacforge.editor.map.tools import ToolController
from tacforge.editor.map.tools.clipboard import Clipboard, copy, cut, paste
from tacforge.editor.map.tools.elevation import elevation, elevation_mask
from tacforge.editor.map.tools.lines import line
from tacforge.editor.map.tools.los import los_settings, terrain_grid, visible_from
from tacforge.editor.map.tools.paint import LINES, eyedropper, fill_region, flood_fill, rectangle
from tacforge.engine.mapping.autotile import TYPES, floating_slopes, steep_squares
from tacforge.engine.packs import load_packs
from tacforge.engine.rules.los import has_los


@pytest.fixture(scope="module")
def content():
    return load_packs(env={}, include_user_dir=False).content("western")


@pytest.fixture
def blank(content):
    return MapModel.blank(content, 30, 30)


def glyphs(model, cells):
    table = {code: tc.glyph for code, tc in model.content.terrain_codes.items()}
    return "".join(table[int(model.codes[y, x])] for x, y in cells)


def do(model, edit):
    """Apply and check the undo round trip on the way."""
    before = (model.types.copy(), model.levels.copy(), model.codes.copy())
    model.apply(edit)
    after = model.codes.copy()
    model.revert(edit)
    assert all(np.array_equal(a, b) for a, b in zip(before, (model.types, model.levels, model.codes), strict=True))
    model.apply(edit)
    assert np.array_equal(model.codes, after)
    return edit


def test_l_shaped_road_connects(blank):
    do(blank, line(blank, [(2, 5), (8, 5), (8, 12)], "road"))
    assert glyphs(blank, [(x, 5) for x in range(2, 9)]) == "-------"  # a bend takes the east-west glyph
    assert glyphs(blank, [(8, y) for y in range(6, 13)]) == "|||||||"
    assert glyphs(blank, [(1, 5), (9, 5), (8, 13)]) == "..."


def test_crossing_and_junction_roads(blank):
    do(blank, line(blank, [(2, 10), (14, 10)], "road"))
    do(blank, line(blank, [(7, 4), (7, 16)], "road"))
    assert glyphs(blank, [(7, 10)]) == "+"
    do(blank, line(blank, [(20, 3), (20, 12)], "road"))
    do(blank, line(blank, [(21, 7), (26, 7)], "road"))  # a branch east off a north-south road
    assert glyphs(blank, [(20, 7), (20, 6), (23, 7)]) == ">|-"


def test_diagonal_road(blank):
    do(blank, line(blank, [(2, 2), (8, 8)], "road"))
    assert glyphs(blank, [(k, k) for k in range(2, 9)]) == "\\" * 7


def test_road_over_river_becomes_bridge_or_ford(blank):
    do(blank, line(blank, [(10, 0), (10, 29)], "river"))
    assert glyphs(blank, [(10, y) for y in (0, 15, 29)]) == "~~~"
    do(blank, line(blank, [(0, 8), (29, 8)], "road"))
    assert TYPES[blank.types[8, 10]] == "bridge" and glyphs(blank, [(9, 8), (10, 8), (11, 8)]) == "-=-"
    do(blank, line(blank, [(0, 20), (29, 20)], "road", crossing="ford"))
    assert glyphs(blank, [(10, 20)]) == "k" and blank.levels[20, 10] == 0


def test_river_across_road_becomes_bridge(blank):
    do(blank, line(blank, [(5, 12), (25, 12)], "road"))
    do(blank, line(blank, [(15, 0), (15, 29)], "river"))
    assert glyphs(blank, [(15, 11), (15, 12), (15, 13)]) == "~=~"
    do(blank, line(blank, [(0, 5), (29, 5)], "river"))  # a river across a river: plain water
    assert TYPES[blank.types[5, 15]] == "river"


def test_diagonal_road_crosses_a_river_straight(blank):
    do(blank, line(blank, [(10, 0), (10, 29)], "river"))
    do(blank, line(blank, [(4, 4), (16, 16)], "road"))
    bridges = np.argwhere(blank.types == TYPES.index("bridge"))
    assert len(bridges) == 1
    y, x = bridges[0]
    road_like = [TYPES[blank.types[y, x + dx]] for dx in (-1, 1)]
    assert road_like == ["road", "road"] or [TYPES[blank.types[y + d, x]] for d in (-1, 1)] == ["road", "road"]


def test_rivers_are_four_connected(blank):
    do(blank, line(blank, [(0, 0), (6, 4)], "river"))
    water = np.argwhere(blank.types == TYPES.index("river"))
    assert len(water) == 11 and glyphs(blank, [(0, 0)]) in "{~([])"


def test_raising_a_plateau_rings_it_with_slopes(blank):
    do(blank, elevation(blank, 15, 15, "set", level=3, size=5))
    assert (blank.levels[13:18, 13:18] == 3).all()
    assert (blank.levels[12, 12:19] == 2).all() and blank.levels[11, 15] == 1
    assert not steep_squares(blank.levels).any() and not floating_slopes(blank.levels).any()
    do(blank, elevation(blank, 15, 15, "raise", size=1))
    assert blank.levels[15, 15] == 5 and (blank.levels[14:17, 14:17][blank.levels[14:17, 14:17] != 5] == 4).all()
    assert not steep_squares(blank.levels).any() and not floating_slopes(blank.levels).any()
    assert set(np.unique(blank.codes)) <= {0, 11, 12, 13, 14, 15, 16, 29, 40, 41, 42, 43, 44, 45, 48}


def test_lowering_a_hill_restores_the_plain(blank):
    do(blank, elevation(blank, 15, 15, "set", level=5, size=5))
    assert blank.levels.max() == 5 and not steep_squares(blank.levels).any()
    do(blank, elevation(blank, 15, 15, "set", level=1, size=5))
    assert (blank.levels == 1).all() and (blank.codes == 0).all()


def test_slopes_never_touch_water(blank):
    do(blank, line(blank, [(10, 0), (10, 29)], "river"))
    do(blank, elevation(blank, 13, 15, "set", level=5, size=5))
    assert not steep_squares(blank.levels).any()
    assert (blank.levels[:, 10] == 0).all() and (blank.levels[:, 9] <= 1).all() and (blank.levels[:, 11] <= 1).all()
    assert blank.levels[15, 15] == 5


def test_elevation_stroke_raises_each_square_once(blank):
    tools = ToolController(blank)
    tools.set_tool("elevation", mode="raise", size=1)
    for step in (
        lambda: tools.press(10, 10),
        lambda: tools.move(11, 10),
        lambda: tools.move(10, 10),
        lambda: tools.release(10, 10),
    ):
        for edit in step():  # the shell applies each edit as it is made
            blank.apply(edit)
    assert blank.levels[10, 10] == 3 and blank.levels[10, 11] == 3


def test_fill_limited_to_the_starting_level(blank):
    do(blank, elevation(blank, 15, 15, "set", level=3, size=5))
    region = fill_region(blank, 0, 0, same_level=True)
    assert region.sum() == 30 * 30 - 7 * 7 and not region[12:19, 12:19].any()
    assert fill_region(blank, 0, 0).all()  # without the limit: slopes and plateau are clear ground too
    do(blank, flood_fill(blank, 0, 0, "woods", same_level=True))
    assert TYPES[blank.types[15, 15]] == "clear" and TYPES[blank.types[0, 29]] == "woods"


def test_fill_stops_at_roads_unless_diagonal(blank):
    do(blank, line(blank, [(0, 0), (29, 29)], "road"))
    four = fill_region(blank, 29, 0)
    assert four.sum() == (30 * 30 - 30) // 2 and not four[29, 0]
    assert fill_region(blank, 29, 0, diagonal=True)[29, 0]  # 8-connected fill slips between diagonal squares


def test_eyedropper(blank):
    do(blank, elevation(blank, 15, 15, "set", level=3, size=5))
    do(blank, flood_fill(blank, 15, 15, "woods", same_level=True))
    assert eyedropper(blank, 15, 15) == ("woods", 3)
    assert eyedropper(blank, 15, 12) == ("slope", 2)
    assert eyedropper(blank, 0, 0) == ("clear", 1)


def test_clipboard_rotate_and_flip():
    clip = Clipboard(np.array([[1, 2, 3], [4, 5, 6]], np.uint8), np.array([[1, 1, 1], [3, 3, 3]], np.int8))
    turned = clip.rotated(90)
    assert turned.types.tolist() == [[4, 1], [5, 2], [6, 3]] and turned.levels.tolist() == [[3, 1]] * 3
    assert clip.rotated(180).types.tolist() == [[6, 5, 4], [3, 2, 1]]
    assert clip.rotated(270).types.tolist() == [[3, 6], [2, 5], [1, 4]]
    assert clip.flipped(horizontal=True).types.tolist() == [[3, 2, 1], [6, 5, 4]]
    assert clip.flipped(horizontal=False).types.tolist() == [[4, 5, 6], [1, 2, 3]]
    with pytest.raises(ValueError):
        clip.rotated(45)


def test_paste_rotated_road_runs_the_other_way(blank):
    do(blank, line(blank, [(3, 0), (3, 29)], "road"))
    clip = copy(blank, (2, 5, 5, 10))
    assert clip.types.shape == (5, 3)
    do(blank, paste(blank, clip.rotated(90), 12, 20))
    assert glyphs(blank, [(x, 21) for x in range(12, 17)]) == "-----"
    do(blank, paste(blank, clip.flipped(), 25, 25))  # clipped at the map edge
    assert glyphs(blank, [(26, y) for y in range(25, 30)]) == "|||||"


def test_paste_a_hill_rebuilds_slopes(blank):
    do(blank, elevation(blank, 8, 8, "set", level=3, size=3))
    clip = copy(blank, (7, 7, 10, 10))  # the plateau only, without its slope ring
    do(blank, paste(blank, clip, 20, 20))
    assert (blank.levels[20:23, 20:23] == 3).all() and blank.levels[19, 19] == 2
    assert not steep_squares(blank.levels).any() and not floating_slopes(blank.levels).any()


def test_cut_clears_and_keeps_ground_legal(blank):
    do(blank, elevation(blank, 8, 8, "set", level=3, size=5))
    clip, edit = cut(blank, (0, 0, 9, 30))
    do(blank, edit)
    assert clip.levels.max() == 3 and not steep_squares(blank.levels).any()
    assert not floating_slopes(blank.levels).any()


def test_controller_brush_stroke_is_one_stroke(blank):
    tools = ToolController(blank)
    tools.set_tool("brush", type="town", size=1)
    edits = []
    for edit in tools.press(2, 2) + tools.move(6, 2) + tools.release(6, 4):
        blank.apply(edit)
        edits.append(edit)
    assert len({e.stroke for e in edits}) == 1 and edits[0].stroke is not None
    assert ("stroke_end", None) in tools.take_events()
    first = edits[0]
    for other in edits[1:]:
        assert first.merge(other)
    assert len(first) == 7  # (2..6, 2) then (6, 3), (6, 4): the drag leaves no gaps


def test_painting_areas_keeps_roads_rivers_and_bridges_unless_told_not_to(blank):
    do(blank, line(blank, [(0, 10), (29, 10)], "road"))
    do(blank, line(blank, [(15, 0), (15, 29)], "river"))  # crosses the road on a bridge at (15, 10)
    lines = np.isin(blank.types, LINES)
    before = blank.types.copy()
    assert before[10, 15] == TYPES.index("bridge") and lines.sum() == 59
    woods = TYPES.index("woods")
    do(blank, rectangle(blank, (5, 5), (25, 15), "woods", keep_lines=True))
    assert (blank.types[lines] == before[lines]).all()
    assert (blank.types[5:16, 5:26][~lines[5:16, 5:26]] == woods).all()
    tools = ToolController(blank)
    tools.set_tool("brush", type="broken", size=3)
    assert tools.options["brush"]["keep_lines"] and tools.options["fill"]["keep_lines"]  # on by default
    for step in (lambda: tools.press(12, 20), lambda: tools.move(18, 20), lambda: tools.release(18, 20)):
        for e in step():  # each dab on the map as the one before left it, as the view pushes them
            do(blank, e)
    assert (blank.types[lines] == before[lines]).all() and blank.types[20, 12] == TYPES.index("broken")
    do(blank, flood_fill(blank, 0, 0, "town", keep_lines=True))
    assert (blank.types[lines] == before[lines]).all()
    tools.set_tool("brush", keep_lines=False)
    for e in tools.press(15, 10) + tools.release(15, 10):
        do(blank, e)
    assert blank.types[10, 15] == TYPES.index("broken")  # the bridge painted over
    do(blank, line(blank, [(0, 25), (29, 25)], "road"))
    do(blank, rectangle(blank, (0, 24), (29, 26), "road", keep_lines=True))  # a line type paints as ever
    assert (blank.types[24:27] == TYPES.index("road")).all()


def test_controller_line_shift_continues_the_polyline(blank):
    tools = ToolController(blank)
    tools.set_tool("line", type="road")
    a = tools.press(2, 2) + tools.release(8, 2)
    blank.apply(a[0])
    tools.press(0, 0, shift=True)
    assert tools.preview[2, 8]
    b = tools.release(8, 9)
    assert a[0].stroke == b[0].stroke and a[0].merge(b[0])


def test_controller_select_copy_paste_and_events(blank):
    tools = ToolController(blank)
    tools.set_tool("brush", type="woods", size=3)
    for e in tools.press(5, 5) + tools.release(5, 5):
        blank.apply(e)
    tools.set_tool("select")
    tools.press(4, 4)
    tools.move(6, 6)
    assert tools.preview.sum() == 9
    tools.release(6, 6)
    assert ("selection", (4, 4, 7, 7)) in tools.take_events()
    assert tools.copy()
    tools.transform_clipboard(rotate=90, flip="h")
    tools.set_tool("paste")
    tools.move(20, 20)
    assert tools.preview[22, 22] and tools.preview.sum() == 9
    [edit] = tools.press(20, 20)
    blank.apply(edit)
    assert (blank.types[20:23, 20:23] == TYPES.index("woods")).all()
    tools.set_tool("eyedropper")
    tools.press(21, 21)
    assert tools.take_events() == [("picked", ("woods", 1))]
    tools.set_tool("los")
    tools.press(3, 4)
    assert tools.take_events() == [("los", (3, 4))]
    with pytest.raises(ValueError):
        tools.set_tool("teleport")
    with pytest.raises(ValueError):
        tools.set_tool("brush", colour="red")


def test_elevation_mask_validates(blank):
    with pytest.raises(ValueError):
        elevation_mask(blank, np.ones((30, 30), bool), "set", level=2)
    with pytest.raises(ValueError):
        elevation_mask(blank, np.ones((30, 30), bool), "tilt")


def test_los_preview_uses_the_engine_and_the_observer_height(blank):
    assert los_settings(blank.content) == (blank.content.ruleset.flags.los_operator, 20)
    do(blank, elevation(blank, 20, 15, "set", level=3, size=3))
    do(blank, rectangle(blank, (4, 0), (4, 29), "woods"))
    do(blank, rectangle(blank, (6, 0), (6, 29), "woods"))
    low = visible_from(blank, (2, 15), visibility=25)
    assert low[15, 3] and not low[15, 8]  # two woods between: blocked
    grid, operator = terrain_grid(blank), los_settings(blank.content)[0]
    assert all(
        low[y, x] == has_los(grid, (2, 15), (x, y), operator, 25) for y in range(0, 30, 3) for x in range(0, 30, 3)
    )
    high = visible_from(blank, (2, 15), visibility=25, height=3)
    assert high[15, 8] and high.sum() > low.sum()
    assert not visible_from(blank, (2, 15), visibility=5)[15, 12]  # out of range
