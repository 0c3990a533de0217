"""The weapon table as a spreadsheet, without widgets: the added columns and what a cell of them reads, blocks of
cells copied and pasted as tab-separated text, fill down, relative edits, renaming an id with its uses, the
comparison of two weapons and the table by range (whose numbers must be those of `tacforge calc`)."""

import json
from decimal import Decimal
from fractions import Fraction

import pytest

from tacforge.editor.data.weapon_columns import all_columns, column, columns
from tacforge.editor.data.weapon_compare import NOT_TAKEN, compare
from tacforge.editor.data.weapon_plots import FireSettings
from tacforge.editor.data.weapon_range_table import MEASURES, fired_at_table, range_bands, range_table
from tacforge.editor.data.weapon_range_view import half_up
from tacforge.editor.data.weapon_rename import new_qualified_id, plan_rename
from tacforge.editor.data.weapon_sheet import (
    SheetError,
    adjust,
    copy_text,
    fill_down,
    parse_adjustment,
    parse_block,
    paste,
)
from tacforge.editor.data.weapons_table import WeaponRows
from tacforge.engine.cli import main


@pytest.fixture
def table(bundled):
    return WeaponRows(bundled.packs["western"].docs.weapons, bundled.content("western"))


def rows_of(table, *ids):
    return [table.index_of(f"western:{i}") for i in ids]


def cols(*keys):
    return [column(k) for k in keys]


def test_the_added_columns_follow_the_manuals_ones_and_read_their_cells():
    keys = [c.key for c in all_columns()]
    assert keys[: len(columns())] == [c.key for c in columns()]  # the manuals' columns keep their places
    assert keys[len(columns()) :] == [
        "id",
        "nationality",
        "aliases",
        "kill_vp",
        "transport_cost",
        "carries",
        "indirect_mr",
        "fires_as",
        "description",
        "points",
        "hits",
        "passes",
        "bombs",
        "dive_bomber",
        "aa_rolls",
    ]
    assert column("aliases").parse(" M4; Sherman ;") == ("M4", "Sherman")
    assert column("nationality").parse("us; british") == ("us", "british")
    with pytest.raises(ValueError, match="lower-case"):
        column("nationality").parse("US")
    with pytest.raises(ValueError, match="at least one"):
        column("nationality").parse(" ")
    assert column("kill_vp").parse("") is None and column("kill_vp").parse("3") == 3
    with pytest.raises(ValueError, match="at least 0"):
        column("transport_cost").parse("-1")
    assert column("carries").parse("") is None and column("carries").parse("infantry") == "infantry"
    with pytest.raises(ValueError, match="one of"):
        column("carries").parse("tanks")


def test_a_block_copies_as_tab_separated_lines_and_pastes_back_unchanged(table):
    block = rows_of(table, "stuart", "sherman")
    text = copy_text(table, block, cols("name", "fa", "ba", "aliases"))
    assert text == "Stuart\t7\t2\tSTUART; M5 Stuart; M3 Stuart\nSherman\t11\t4\tSHERMAN; M4; M4 Sherman\n"
    assert not paste(table, block, cols("name", "fa", "ba", "aliases"), parse_block(text))


def test_a_pasted_block_from_a_spreadsheet_is_one_change_of_each_row(table):
    block = rows_of(table, "stuart", "sherman", "pershing")
    change = paste(table, block, cols("fa", "ba", "sl"), parse_block("8\t3\r\n12\t5\r\n"))  # Windows line ends
    after = table.after(change)
    assert [(w.fa, w.ba) for w in (after.by_id(f"western:{i}") for i in ("stuart", "sherman"))] == [(8, 3), (12, 5)]
    assert after.by_id("western:pershing") == table.by_id("western:pershing")  # below the block
    assert len(change.rows) == 2 and change.text == "paste 4 cells"


def test_one_pasted_value_fills_every_chosen_cell(table):
    block = rows_of(table, "stuart", "sherman", "pershing")
    after = table.after(paste(table, block, cols("sl"), [["3"]]))
    assert {after.by_id(f"western:{i}").sl for i in ("stuart", "sherman", "pershing")} == {3}


def test_a_bad_cell_refuses_the_whole_paste_naming_the_cell(table):
    block = rows_of(table, "stuart", "sherman")
    with pytest.raises(SheetError, match=r"line 2, cell 1 \(FA of Sherman\): FA must be at most 255, not 999"):
        paste(table, block, cols("fa", "ba"), [["8", "3"], ["999", "4"]])
    with pytest.raises(SheetError, match="from the chosen cell there are 2 rows"):
        paste(table, block, cols("fa", "ba"), [["1", "1"]] * 3)
    with pytest.raises(SheetError, match="ids are not pasted"):
        paste(table, block, cols("id"), [["a"], ["b"]])


def test_fill_down_copies_the_first_row_into_the_others(table):
    block = rows_of(table, "sherman", "stuart", "pershing")
    after = table.after(fill_down(table, block, cols("fa", "ba")))
    assert {(after.by_id(f"western:{i}").fa, after.by_id(f"western:{i}").ba) for i in ("stuart", "pershing")} == {
        (11, 4)
    }
    with pytest.raises(SheetError, match="two rows or more"):
        fill_down(table, block[:1], cols("fa"))


def test_relative_adjustments_round_half_up_and_refuse_a_value_out_of_bounds(table):
    assert parse_adjustment("x1.1") == parse_adjustment("*1.1")
    assert parse_adjustment("+10%").operand == Decimal("1.1")
    for bad in ("abc", "+", "/0", "*10%"):
        with pytest.raises(SheetError):
            parse_adjustment(bad)
    block = rows_of(table, "stuart", "sherman")
    after = table.after(adjust(table, block, cols("name", "fa", "ba"), parse_adjustment("*1.5")))
    stuart, sherman = after.by_id("western:stuart"), after.by_id("western:sherman")
    assert (stuart.fa, stuart.ba, sherman.fa, sherman.ba) == (11, 3, 17, 6)  # 10.5 -> 11, 16.5 -> 17
    assert stuart.name == "Stuart"  # text is left as it is
    with pytest.raises(SheetError, match="FA of Stuart 7 -1000 = -993: FA must be at least 0"):
        adjust(table, block, cols("fa"), parse_adjustment("-1000"))


def test_renaming_an_id_renames_its_uses_in_the_table_and_in_the_scenarios(table):
    assert new_qualified_id(table, "western:hmg", "hmg_m2") == "western:hmg_m2"
    for typed, message in (("HMG", "lower-case"), ("core:hmg2", "keeps its namespace"), ("sherman", "taken")):
        with pytest.raises(ValueError, match=message):
            new_qualified_id(table, "western:hmg", typed)
    with pytest.raises(ValueError, match="of pack 'core' and keeps its id"):
        new_qualified_id(table, "core:rifles", "rifles2")  # an override in this file of another pack's weapon
    change, edits = plan_rename(table, "western:hmg", "western:hmg_m2")
    after = table.after(change)
    assert after.by_id("western:hmg") is None and after.by_id("western:hmg_m2").name == "Heavy Machine Gun"
    users = [w for w in table.decoded() if w.fires_as == "hmg"]
    assert users and all(after.by_id(w.id).fires_as == "hmg_m2" for w in users)
    assert edits and {e.new_ref for e in edits} == {"hmg_m2"}
    assert {e.file.name for e in edits} >= {"kasserine.yaml", "caen.yaml"}


def test_comparing_two_weapons_lists_every_column_and_marks_the_differences(table):
    lines = compare(table.by_id("western:sherman"), table.by_id("western:hmg"))
    assert [line.key for line in lines] == [c.key for c in all_columns()]
    by_key = {line.key: line for line in lines}
    assert by_key["fa"].left == "11" and by_key["fa"].right == NOT_TAKEN and by_key["fa"].differs
    assert not by_key["periods"].differs or by_key["periods"].left != by_key["periods"].right
    same = compare(table.by_id("western:sherman"), table.by_id("western:sherman"))
    assert not any(line.differs for line in same)


def test_the_table_by_range_has_the_numbers_of_tacforge_calc(bundled, capsys):
    content = bundled.content("western")
    firer = content.resolve_weapon("PZ-IVH")
    targets = [content.resolve_weapon("SHERMAN"), content.resolve_weapon("STUART")]
    ranges = range_bands(firer.mr, 4)
    assert ranges == [0, 4, 8, 12]
    rows = range_table(content, firer, targets, ranges, FireSettings("front", 2, 3))
    argv = ["calc", "table", "--pack", "western", "--firers", "PZ-IVH", "--targets", "SHERMAN,STUART"]
    argv += ["--ranges", ",".join(map(str, ranges)), "--pulses", "2", "--count", "3", "--format", "json"]
    assert main(argv) == 0
    body = json.loads(capsys.readouterr().out)
    for row, calc_row in zip(rows, body["rows"], strict=True):
        assert [float(c.kills) for c in row.cells] == calc_row["kills"]
        assert all(c.kill_probability == min(c.kills, Fraction(1)) and c.apf is not None for c in row.cells)
    exact = rows[0].cells[1].kills
    assert main([*argv[:-2], "--format", "text"]) == 0
    assert half_up(exact) in capsys.readouterr().out  # the same digits as calc prints
    assert set(MEASURES) == {"kill probability", "expected kills", "penetration (APF)"}


def test_the_table_fired_at_a_vehicle_has_one_row_per_firer_with_calcs_numbers(bundled, capsys):
    content = bundled.content("western")
    firers = [content.resolve_weapon("PZ-IVH"), content.resolve_weapon("TIGER")]
    target = content.resolve_weapon("SHERMAN")
    ranges = range_bands(max(f.mr for f in firers), 5)
    rows = fired_at_table(content, firers, target, ranges, FireSettings("back", 1, 1))
    assert [r.weapon for r in rows] == firers
    argv = ["calc", "table", "--pack", "western", "--firers", "PZ-IVH,TIGER", "--targets", "SHERMAN", "--armour"]
    assert main([*argv, "back", "--ranges", ",".join(map(str, ranges)), "--format", "json"]) == 0
    body = json.loads(capsys.readouterr().out)
    for row, calc_row in zip(rows, body["rows"], strict=True):
        assert [None if c is None else float(c.kills) for c in row.cells] == calc_row["kills"]
    assert rows[0].cells[-1] is None  # beyond the Panzer IV's range, inside the Tiger's
