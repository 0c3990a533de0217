"""The data rooms' logic without widgets: schema-bounded cells, "used in N maps", the availability timeline,
parameters marked against what they extend, manifest requirement checks, and edits of the pack files that undo
exactly (the documents are opened in memory and never saved)."""

from datetime import date
from pathlib import Path

import pytest
from conftest import shipped_map_ids
from packaging.version import Version

from tacforge.editor.data.columns import parse_cell
from tacforge.editor.data.manifest_checks import check_id, check_requirement, check_version
from tacforge.editor.data.parameter_rows import parameter_rows, parse_parameter
from tacforge.editor.data.periods_table import period_columns, period_value, sides_of
from tacforge.editor.data.terrain_table import (
    code_columns,
    codes_of_type,
    live_content,
    maps_seeing,
    maps_using,
    type_columns,
    used_in_text,
    with_terrain,
)
from tacforge.editor.data.timeline import Bar, anachronisms, bars, dragged, gaps, grab
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.model import Period, RulesParameters, Weapon


def weapon(wid, nationality="us", unit_class="tank", periods=(1, 5)):
    return Weapon(f"test:{wid}", wid.title(), (nationality,), unit_class, 10, 5, 3, 5, periods)


@pytest.fixture(scope="module")
def workspace():
    return Workspace([])


# -- cells bounded by the schema -------------------------------------------------------------------------------------
def test_movement_cost_is_bounded_by_the_terrain_schema_and_blank_means_cannot_enter():
    cost = type_columns(["core:armoured"])[-1]
    assert (cost.minimum, cost.maximum) == (1, 255)
    assert parse_cell(cost, "20") == 20
    assert parse_cell(cost, "") is None
    for bad in ("0", "256", "fast"):
        with pytest.raises(ValueError):
            parse_cell(cost, bad)


def test_line_of_sight_offers_the_schema_enum_and_symbols_are_one_printable_character():
    los = next(c for c in type_columns([]) if c.path == ("los",))
    assert los.options == ("open", "town", "woods", "broken")
    with pytest.raises(ValueError, match="one of"):
        parse_cell(los, "forest")
    symbol = next(c for c in code_columns(["clear"]) if c.path == ("glyph",))
    assert parse_cell(symbol, "w") == "w"
    for bad in ("ww", " ", ""):
        with pytest.raises(ValueError):
            parse_cell(symbol, bad)


def test_period_columns_name_each_side_in_and_out_of_command_and_read_the_typed_period():
    period = Period(2, "Late 1943", date(1943, 7, 1), date(1943, 12, 31), (("german", 1, 5), ("allied", 3, 7)))
    columns = period_columns(sides_of([None, period]))
    assert [c.title for c in columns[4:]] == [
        "german in command",
        "german out of command",
        "allied in command",
        "allied out of command",
    ]
    assert [period_value(period, c) for c in columns] == [2, "Late 1943", "1943-07-01", "1943-12-31", 1, 5, 3, 7]
    assert (columns[4].minimum, columns[4].maximum) == (0, 99)
    with pytest.raises(ValueError, match="date"):
        parse_cell(columns[2], "1943-13-01")


# -- used in N maps ---------------------------------------------------------------------------------------------------
def test_used_in_maps_counts_the_maps_holding_a_code(workspace):
    western = {m for m in shipped_map_ids() if m.startswith("western:")}
    assert {"western:bocage_crossroads", "western:kasserine"} <= western
    assert {m.id for m in maps_seeing(workspace.packset, "western")} == western
    maps = maps_seeing(workspace.packset, "core")  # both fronts require core
    assert {m.id for m in maps} == shipped_map_ids()
    clear = maps_using(maps, [0])  # every shipped map has some clear level-1 ground
    assert len(clear) == len(maps) and used_in_text(clear).startswith(f"used in {len(maps)} maps")
    assert maps_using(maps, [255]) == [] and used_in_text([]) == "used in no map"
    bocage = next(m for m in maps if m.id == "western:bocage_crossroads")
    elsewhere = {code for m in maps if m is not bocage for code in m.codes.ravel().tolist()}
    only_there = sorted(set(bocage.codes.ravel().tolist()) - elsewhere)
    assert only_there, "the bocage map should hold a code no other shipped map has (today its bridge and ford)"
    assert [m.id for m in maps_using(maps, only_there[:1])] == ["western:bocage_crossroads"]


# -- the timeline -----------------------------------------------------------------------------------------------------
def test_bars_group_by_nationality_and_class_and_keep_the_file_entry():
    table = (weapon("sherman"), None, weapon("tiger", "german"), weapon("m10", unit_class="td"))
    rows = bars(table)
    assert [(b.row, b.entry, b.weapon.local_id) for b in rows] == [(0, 2, "tiger"), (1, 0, "sherman"), (2, 3, "m10")]


def test_grabbing_and_dragging_a_bar_end_snaps_to_periods_and_never_crosses_the_other_end():
    bar = Bar(0, 7, weapon("stug", periods=(2, 4)))
    assert grab([bar], 1.5, 0.1) == (bar, 0)  # bars span first - 0.5 to last + 0.5
    assert grab([bar], 4.6, 0) == (bar, 1)
    assert grab([bar], 3.0, 0) is None and grab([bar], 1.5, 1) is None
    assert dragged(bar, 0, 0.2, [1, 2, 3, 4, 5]) == (1, 4)
    assert dragged(bar, 1, 5.4, [1, 2, 3, 4, 5]) == (2, 5)
    assert dragged(bar, 1, 9.0, [1, 2, 3, 4, 5]) == (2, 5)  # not past the last period of the pack
    assert dragged(bar, 0, 6.0, [1, 2, 3, 4, 5]) == (4, 4)  # not past the bar's other end


def test_gaps_and_anachronisms():
    table = [
        weapon("a", periods=(1, 2)),
        weapon("b", periods=(4, 5)),
        weapon("c", unit_class="gun", periods=(1, 7)),
        weapon("d", unit_class="gun", periods=(3, 2)),
    ]
    assert gaps(table, [1, 2, 3, 4, 5]) == [("us", "tank", 3)]
    assert [w.local_id for w in anachronisms(table, [1, 2, 3, 4, 5])] == ["c", "d"]


# -- parameters against what they extend -----------------------------------------------------------------------------
def test_parameter_rows_mark_changed_values_with_the_original_in_the_tooltip():
    rows = {r.key: r for r in parameter_rows(RulesParameters(), {"pulses_per_turn": 5, "pulse_seconds": 30}, "core")}
    changed = rows["pulses_per_turn"]
    assert (changed.value, changed.base, changed.changed, changed.group) == (5, 4, True, "time_space")
    assert "core has 4" in changed.tooltip() and "docs/rules.md 6.1" in changed.tooltip()
    same = rows["pulse_seconds"]
    assert same.set_here and not same.changed and "same value as core" in same.tooltip()
    assert not rows["square_yards"].set_here and not rows["square_yards"].changed


def test_parsing_a_parameter_keeps_its_type_and_range():
    assert parse_parameter("pulses_per_turn", " 6 ") == 6
    assert parse_parameter("apf_cap_ratio", "2.5") == 2.5
    with pytest.raises(ValueError, match="> 0"):
        parse_parameter("accuracy_divisor", "0")  # a divisor: zero is excluded
    with pytest.raises(ValueError, match="≤ 360"):
        parse_parameter("field_of_view_moving", "400")
    with pytest.raises(ValueError, match="whole number"):
        parse_parameter("stacking_limit", "2.5")
    with pytest.raises(ValueError, match="match"):
        parse_parameter("formation_letters", "abc")


# -- manifest checks --------------------------------------------------------------------------------------------------
FOUND = {"core": Version("1.0.0"), "western": Version("1.0.0"), "eastern": Version("1.0.0")}


def test_requirement_checks_ids_ranges_and_versions():
    assert check_requirement("core", ">=1.0,<2", FOUND, "mine") == []
    assert check_requirement("coer", ">=1.0", FOUND, "mine") == ["no pack 'coer' is installed; did you mean 'core'?"]
    assert "not a version range" in check_requirement("core", "=>1", FOUND, "mine")[0]
    assert check_requirement("core", ">=2", FOUND, "mine") == ["'core' is installed at 1.0.0, outside >=2"]
    assert "cannot require itself" in check_requirement("mine", "", FOUND, "mine")[0]


def test_version_and_id_checks():
    assert check_version("1.2.0") is None and "not a version" in check_version("one")
    assert check_id("western", FOUND, "western") is None  # its own id
    assert "already has the id" in check_id("eastern", FOUND, "western")
    assert "empty" in check_id(" ", FOUND, "western")


# -- edits of the real files, undone exactly --------------------------------------------------------------------------
def test_a_terrain_edit_undoes_to_the_same_bytes_and_the_live_content_follows(qapp, workspace):
    document = workspace.open_pack_file("core", "terrain")
    original = document.text()
    woods = next(i for i, t in enumerate(document.model.terrain_types) if t.id == "core:woods")
    document.set_value(("terrain_types", woods, "cover"), False, "Change cover")
    assert document.model.terrain_types[woods].cover is False
    western = workspace.packset.content("western")
    assert western.terrain_type("woods").cover is True  # as loaded from disk
    assert live_content(western, workspace.documents).terrain_type("woods").cover is False
    document.undo.undo()
    assert document.text() == original and not document.dirty
    assert live_content(western, workspace.documents).terrain_type("woods").cover is True


def test_removing_a_code_undoes_in_place_and_with_terrain_drops_it(qapp, workspace):
    document = workspace.open_pack_file("core", "terrain")
    original = document.text()
    row = next(i for i, c in enumerate(document.model.terrain_codes) if c.code == 9)
    document.remove_rows(("terrain_codes",), row, 1, "Delete terrain code 9")
    content = with_terrain(workspace.packset.content("core"), document.model, document.path)
    assert 9 not in content.terrain_codes and 8 in content.terrain_codes
    assert codes_of_type(document.model, "core:woods") == [38, 57]  # woods on the higher levels
    document.undo.undo()
    assert document.text() == original
    assert codes_of_type(document.model, "woods") == [9, 38, 57]
