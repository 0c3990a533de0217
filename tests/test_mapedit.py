"""The map editor's Qt-free core: the model, edits, undo round trips, stroke merging, resize, random maps."""

from __future__ import annotations

import numpy as np
import pytest
import yaml

from tacforge.editor.grid.edits import CellEdit
from tacforge.editor.grid.model import MapModel
from tacforge.editor.map.tools.generate import generate_into
from tacforge.editor.map.tools.paint import brush, flood_fill, rectangle
from tacforge.engine.mapping import generate_map
from tacforge.engine.mapping.autotile import TYPES
from tacforge.engine.packs import load_packs
from tests.conftest import REPO

BOCAGE = REPO / "plugins/western/tacforge_western/pack/maps/bocage_crossroads.yaml"


@pytest.fixture(scope="module")
def content():
    return load_packs(env={}, include_user_dir=False).content("western")


@pytest.fixture
def bocage(content):
    return MapModel.from_map(content.map("bocage_crossroads"), content)


def snapshot(model):
    return model.types.copy(), model.levels.copy(), model.codes.copy()


def assert_same(model, snap):
    types, levels, codes = snap
    assert np.array_equal(model.types, types)
    assert np.array_equal(model.levels, levels)
    assert np.array_equal(model.codes, codes)


def test_from_map_keeps_the_files_codes_rows_and_legend(content, bocage):
    game_map = content.map("bocage_crossroads")
    assert np.array_equal(bocage.codes, game_map.codes)
    doc = yaml.safe_load(BOCAGE.read_text(encoding="utf-8"))
    rows, legend = bocage.rows_and_legend()
    assert rows == doc["rows"]
    assert legend == doc["legend"]
    again = bocage.to_map()
    assert again.cells == game_map.cells and again.width == 60 and again.labels == game_map.labels


def test_new_codes_get_default_glyphs_in_the_legend(content):
    model = MapModel.blank(content, 20, 20)
    model.apply(brush(model, 5, 5, "woods", size=3))
    rows, legend = model.rows_and_legend()
    assert legend == {".": 0, "w": 9}
    assert rows[5][4:7] == "www" and rows[0] == "." * 20
    assert model.to_map().legend == ((".", 0), ("w", 9))


def test_apply_notifies_the_changed_rect_with_neighbours(content):
    model = MapModel.blank(content, 20, 20)
    seen = []
    model.subscribe(seen.append)
    edit = brush(model, 5, 5, "road")
    model.apply(edit)
    model.revert(edit)
    assert seen == [(4, 4, 7, 7), (4, 4, 7, 7)]


def test_stroke_dabs_merge_into_one_undo_step(content):
    model = MapModel.blank(content, 20, 20)
    before = snapshot(model)
    first = brush(model, 3, 3, "woods", size=3, stroke=7)
    model.apply(first)
    second = brush(model, 4, 3, "town", size=3, stroke=7)
    model.apply(second)
    after = snapshot(model)
    assert first.merge(second)
    assert len(first) == 12  # 3x3 and 3x3 shifted by one: 12 distinct cells
    assert TYPES[model.types[3, 3]] == "town" and TYPES[model.types[3, 2]] == "woods"
    model.revert(first)
    assert_same(model, before)
    model.apply(first)
    assert_same(model, after)


def test_edits_of_different_strokes_do_not_merge(content):
    model = MapModel.blank(content, 10, 10)
    a = brush(model, 1, 1, "woods", stroke=1)
    b = brush(model, 2, 2, "woods", stroke=2)
    c = brush(model, 3, 3, "woods")
    assert not a.merge(b) and not c.merge(brush(model, 4, 4, "woods")) and len(a) == 1


def test_undo_restores_hand_made_codes_exactly(bocage):
    """Bocage's few inner slope corners differ from what the autotiler derives: undo must still restore them."""
    before = snapshot(bocage)
    for x in range(0, 60, 2):
        for y in range(x % 4 // 2, 60, 2):
            edit = brush(bocage, x, y, "town")
            if edit is None:
                continue
            bocage.apply(edit)
            bocage.revert(edit)
    assert_same(bocage, before)


@pytest.mark.parametrize(
    "make",
    [
        lambda m: brush(m, 20, 20, "woods", size=5, shape="round"),
        lambda m: brush(m, 20, 20, "river", size=3),
        lambda m: brush(m, 15, 15, "clear", size=3, level=5),
        lambda m: rectangle(m, (2, 2), (12, 9), "town"),
        lambda m: flood_fill(m, 0, 0, "broken", same_level=True),
        lambda m: flood_fill(m, 40, 40, "town", diagonal=True),
    ],
)
def test_every_paint_tool_round_trips(bocage, make):
    before = snapshot(bocage)
    edit = make(bocage)
    assert isinstance(edit, CellEdit) and not edit.is_empty()
    bocage.apply(edit)
    after = snapshot(bocage)
    bocage.revert(edit)
    assert_same(bocage, before)
    bocage.apply(edit)
    assert_same(bocage, after)


def test_resize_round_trip(bocage):
    before = snapshot(bocage)
    seen = []
    bocage.subscribe(seen.append)
    edit = bocage.resize(40, 70)
    bocage.apply(edit)
    assert (bocage.width, bocage.height) == (40, 70)
    assert np.array_equal(bocage.types[:60, :40], before[0][:, :40])
    assert (bocage.levels[60:] == 1).all() and (bocage.types[60:] == TYPES.index("clear")).all()
    bocage.revert(edit)
    assert_same(bocage, before)
    assert seen == [(0, 0, 60, 70), (0, 0, 60, 70)]
    with pytest.raises(ValueError):
        bocage.resize(0, 10)


def test_random_map_is_one_edit_matching_the_generator(content):
    model = MapModel.blank(content, 60, 60)
    before = snapshot(model)
    edit = generate_into(model, river=True, cover=4, seed=11)
    assert isinstance(edit, CellEdit) and edit.text.startswith("Generate random map")
    model.apply(edit)
    assert np.array_equal(model.codes, generate_map(content, river=True, cover=4, seed=11).codes)
    model.revert(edit)
    assert_same(model, before)
    with pytest.raises(ValueError):
        generate_into(MapModel.blank(content, 20, 20))


def test_random_map_without_river_or_cover(content):
    model = MapModel.blank(content, 30, 30)
    model.apply(generate_into(model, river=False, cover=0, seed=2))
    types = {TYPES[t] for t in np.unique(model.types)}
    assert "river" not in types and "woods" not in types and "road" in types


def test_the_map_editor_core_imports_without_qt():
    import subprocess
    import sys

    script = """
import sys, importlib.abc, importlib, pkgutil
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in ('PyQt6', 'pyqtgraph'):
            raise ImportError('blocked for this test: ' + name)
sys.meta_path.insert(0, Block())
import tacforge.editor.grid.model
import tacforge.editor.map.tools
for mod in pkgutil.walk_packages(sys.modules['tacforge.editor.map.tools'].__path__, 'tacforge.editor.map.tools.'):
    importlib.import_module(mod.name)
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stderr
