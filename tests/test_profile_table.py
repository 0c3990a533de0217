"""The import profile's table and the terrain room's additions without widgets: tag cells parsed and written back,
lists and mappings replaced whole keeping their flow style, the profile's model decoded row by row, the moves and
thresholds allowed, a new terrain code's number and symbol."""

import pytest
from conftest import REPO

from tacforge.editor.data.columns import Column, parse_cell, parse_tags, tags_text
from tacforge.editor.data.profile_table import moved_to, rule_columns, threshold_problem
from tacforge.editor.data.terrain_table import free_code, free_glyph, new_code_problem, new_type_problem
from tacforge.editor.document.commands import styled
from tacforge.editor.document.models import DecodeContext, ImportProfileModel, build_model, rederive
from tacforge.engine.packs import load_packs
from tacforge.engine.yamlio import dump_roundtrip, load_fast, parse_roundtrip

PROFILE = REPO / "plugins" / "western" / "tacforge_western" / "pack" / "import_profile.yaml"
TERRAIN = REPO / "content" / "terrain.yaml"
HERE = REPO / "tests" / "in_memory.yaml"  # named in messages only: nothing is written


def test_tags_text_and_back():
    match = {"highway": ["primary", "secondary"], "natural": ["*"]}
    assert tags_text(match) == "highway=primary,secondary; natural=*"
    assert parse_tags("Tags", tags_text(match)) == match
    assert parse_tags("Tags", " landuse = forest ; landuse=wood,forest ;") == {"landuse": ["forest", "wood"]}


@pytest.mark.parametrize(
    "text", ["", "highway", "=primary", "highway=", "high way=primary", "a=b; c", "landuse=forest natural=wood"]
)
def test_tags_that_are_not_key_value_are_refused(text):
    with pytest.raises(ValueError, match="key=value|at least one tag"):
        parse_tags("OpenStreetMap tags", text)


def test_a_tags_cell_parses_to_the_profiles_mapping():
    column = next(c for c in rule_columns() if c.kind == "tags")
    assert parse_cell(column, "waterway=river") == {"waterway": ["river"]}
    assert [c.options for c in rule_columns() if c.kind == "choice"][0] == (
        "clear",
        "road",
        "river",
        "town",
        "woods",
        "broken",
    )
    with pytest.raises(ValueError, match="at most 1000"):
        parse_cell(Column("Priority", ("priority",), "int", 0, 1000), "1001")


def test_a_mapping_replaced_whole_keeps_its_flow_style_and_its_lists_theirs():
    data = parse_roundtrip("rule:\n  match: {highway: [primary], natural: [wood]}  # trees\n  tags:\n    - a\n", HERE)
    data["rule"]["match"] = styled(data["rule"]["match"], {"highway": ["trunk"], "landuse": ["forest", "wood"]})
    data["rule"]["tags"] = styled(data["rule"]["tags"], ["a", "b"])
    assert dump_roundtrip(data) == (
        # (the comment moves out one space past the longer line, as ruamel writes a comment the line has grown into)
        "rule:\n  match: {highway: [trunk], landuse: [forest, wood]} # trees\n  tags:\n    - a\n    - b\n"
    )


def test_a_new_row_like_another_takes_its_style_not_its_comments():
    data = parse_roundtrip('codes:\n  - {code: 1, glyph: "-"}  # a road\n', HERE)
    data["codes"].append(styled(data["codes"][0], {"code": 2, "glyph": "x"}, comments=False))
    assert dump_roundtrip(data) == 'codes:\n  - {code: 1, glyph: "-"}  # a road\n  - {code: 2, glyph: "x"}\n'


def test_the_profile_model_decodes_row_by_row():
    loaded = load_fast(PROFILE)
    context = DecodeContext(PROFILE, "western")
    model = build_model("import_profile", loaded.data, context)
    assert isinstance(model, ImportProfileModel) and len(model.features) == 6
    assert model.elevation is not None and model.elevation.thresholds == (0.6, 0.9)
    data = parse_roundtrip(loaded.text, PROFILE)
    data["features"][1]["priority"] = 5000  # over the schema's maximum: that row alone does not decode
    model = rederive("import_profile", model, data, context, ("features", 1, "priority"))
    assert model.features[1] is None and model.features[0] is not None
    assert build_model("import_profile", data, context).features[1] is None


def test_moves_stop_at_the_ends_and_thresholds_go_up():
    assert moved_to(0, -1, 3) is None and moved_to(2, 1, 3) is None and moved_to(1, 1, 3) == 2
    assert threshold_problem("quantiles", (0.6, 0.9)) == ""
    assert "fractions from 0 to 1" in threshold_problem("quantiles", (0.6, 1.5))
    assert "lower than the second" in threshold_problem("metres", (120, 80))
    assert threshold_problem("metres", (80, 120)) == ""


def test_a_new_code_takes_the_first_free_number_and_symbol():
    content = load_packs(env={}, include_user_dir=False).content("core")
    context = DecodeContext(TERRAIN, "core")
    tables = build_model("terrain", load_fast(TERRAIN).data, context)
    assert free_code(tables, content) == 62  # 0-61 are core's
    glyph = free_glyph(tables, content)
    assert glyph.isalpha() and glyph not in {c.glyph for c in content.terrain_codes.values()}
    row = {"code": 62, "type": "woods", "level": 1, "variant": 1, "glyph": glyph}
    assert new_code_problem(tables, content, row) == ""
    assert "exists already" in new_code_problem(tables, content, {**row, "code": 9})
    assert "no terrain type 'bocage'" in new_code_problem(tables, content, {**row, "type": "bocage"})
    assert "stands for another code" in new_code_problem(tables, content, {**row, "glyph": "."})
    assert "is greater than the maximum" in new_code_problem(tables, content, {**row, "level": 10})
    new_type = {"id": "bocage", "name": "Bocage", "cover": True, "los": "woods", "movement": {"foot": 17}}
    assert new_type_problem(tables, content, "bocage", new_type) == ""
    assert "already a terrain type" in new_type_problem(tables, content, "woods", {**new_type, "id": "woods"})
