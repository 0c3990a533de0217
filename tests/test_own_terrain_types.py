"""A terrain type a pack adds (bocage hedgerows) is painted like the built-in area types (Qt-free): its codes are
derived from the painted layers and read back into them, it becomes slope on a slope level as woods do, and a map
model that meets the pack's new type keeps the indices it already holds (its undo history means the same)."""

import numpy as np
import pytest
from conftest import load_with, write_pack

from tacforge.editor.grid.model import MapModel
from tacforge.editor.map.tools.paint import brush, eyedropper, rectangle
from tacforge.engine.mapping.autotile import SLOPE, TYPES, codes_from_layers, layers_from_codes, own_types

BOCAGE = """
    terrain_types:
      - id: bocage
        name: Bocage hedgerows
        cover: true
        los: woods
        movement: {armoured: 30, truck: 40, foot: 20}
    terrain_codes:
      - {code: 62, type: bocage, level: 1, glyph: "h"}
      - {code: 63, type: bocage, level: 3, glyph: "H"}
"""
ORCHARD = """
      - id: orchard
        name: Orchard
        cover: true
        los: broken
        movement: {armoured: 20, truck: 27, foot: 17}
"""


@pytest.fixture
def content(tmp_path):
    folder = write_pack(tmp_path, "normandy", files={"terrain.yaml": BOCAGE})
    return load_with(folder).content("normandy")


def test_the_packs_own_type_gets_the_index_after_the_built_in_ones(content):
    assert own_types(content) == ("bocage",)
    types = np.array([[0, len(TYPES)], [len(TYPES), len(TYPES)]], np.uint8)
    levels = np.array([[1, 1], [3, 2]], np.int8)
    codes = codes_from_layers(types, levels, content)
    assert codes[0, 1] == 62 and codes[1, 0] == 63  # each level its own code
    assert content.terrain_codes[int(codes[1, 1])].type.endswith("slope")  # on a slope level: slope, as woods
    back = layers_from_codes(codes, content)
    assert back.types[0, 1] == back.types[1, 0] == len(TYPES) and back.types[1, 1] == SLOPE


def test_brush_rectangle_and_eyedropper_paint_the_packs_type(content):
    model = MapModel.blank(content, 12, 8)
    edit = brush(model, 3, 3, "bocage", size=3)
    assert edit is not None and edit.text == "Paint Bocage hedgerows"
    model.apply(edit)
    assert (model.codes[2:5, 2:5] == 62).all() and model.type_at(3, 3) == "bocage"
    assert eyedropper(model, 3, 3) == ("bocage", 1)
    model.revert(edit)
    assert not (model.codes == 62).any()
    fill = rectangle(model, (6, 1), (9, 2), "normandy:bocage", level=3)
    model.apply(fill)
    assert (model.codes[1:3, 6:10] == 63).all()
    with pytest.raises(ValueError, match="unknown terrain type 'hedges'.*bocage"):
        brush(model, 3, 3, "hedges")


def test_a_type_added_later_keeps_the_indices_already_painted(tmp_path, content):
    model = MapModel.blank(content, 6, 6)
    first = brush(model, 1, 1, "bocage")
    model.apply(first)
    with_orchard = BOCAGE.replace("    terrain_codes:", ORCHARD.rstrip("\n") + "\n    terrain_codes:")
    with_orchard = with_orchard.replace('glyph: "H"}', 'glyph: "H"}\n      - {code: 61, type: orchard, level: 1}')
    later = load_with(write_pack(tmp_path / "later", "normandy", files={"terrain.yaml": with_orchard})).content(
        "normandy"
    )
    assert own_types(later) == ("orchard", "bocage")  # by first code: the fresh order differs from the model's
    model.set_content(later)
    assert model.own == ("bocage", "orchard")  # appended: bocage keeps its index
    second = brush(model, 4, 4, "orchard")
    model.apply(second)
    assert model.codes[4, 4] == 61 and model.codes[1, 1] == 62 and model.type_at(1, 1) == "bocage"
    model.revert(second)
    model.revert(first)
    assert model.type_at(1, 1) == "clear" and model.codes[4, 4] != 61
