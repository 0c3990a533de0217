"""The weapons room's logic without widgets: filters and sorting, bulk edits, variants, deletes refused while a
scenario uses the weapon, replace everywhere, CSV round trip and import preview, and the plots' numbers, which
must be those of `tacforge calc`."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tacforge.editor.data.weapon_columns import column, columns
from tacforge.editor.data.weapon_plots import FireSettings, heat_map, heat_map_with, range_series
from tacforge.editor.data.weapon_usage import WeaponInUse, delete_weapon, replace_everywhere, scenario_names
from tacforge.editor.data.weapons_csv import export_csv, preview_import
from tacforge.editor.data.weapons_table import WeaponFilter, WeaponRows, add_weapon, arrange, bulk_set, clone_variant
from tacforge.engine.cli import main


@pytest.fixture
def table(bundled):
    pack = bundled.packs["western"]
    return WeaponRows(pack.docs.weapons, bundled.content("western"))


def names(table, indexes):
    return [table.weapons[i].name for i in indexes]


def test_columns_are_the_manuals_with_bounds_from_the_schema():
    assert [c.header for c in columns()][:14] == [
        "#",
        "Name",
        "MR",
        "MP",
        "SS",
        "AC",
        "SP",
        "MG",
        "FA",
        "BA",
        "SL",
        "DF",
        "YR",
        "Class",
    ]
    fa = column("fa")
    assert (fa.minimum, fa.maximum) == (0, 255)
    assert column("periods").parse("2-5") == (2, 5)
    with pytest.raises(ValueError, match="at most 255"):
        fa.parse("256")
    with pytest.raises(ValueError, match="one of"):
        column("class").parse("battleship")


def test_filter_by_class_period_nationality_and_text_then_sort(table):
    us_tanks_in_5 = WeaponFilter(unit_class="tank", period=5, nationality="us")
    shown = arrange(table.weapons, us_tanks_in_5, column("fa"), descending=True)
    assert names(table, shown) == ["Pershing", "Sherman", "Sherman 76", "Stuart", "Chaffee"]
    assert names(table, arrange(table.weapons, WeaponFilter(text="m4 sherman"))) == ["Sherman"]
    assert names(table, arrange(table.weapons, WeaponFilter(text="#24", nationality="us"))) == ["Sherman"]
    assert arrange(table.weapons, WeaponFilter(text="no such weapon")) == []


def test_a_bulk_edit_is_one_change_of_the_selected_rows(table):
    ids = ["western:stuart", "western:sherman", "western:pershing"]
    change = bulk_set(table, ids, "fa", 12)
    assert len(change.rows) == 3 and change.text == "set FA = 12 on 3 weapons"
    after = table.after(change)
    assert [after.by_id(i).fa for i in ids] == [12, 12, 12]
    assert after.by_id("western:grant").fa == 8 and table.by_id("western:sherman").fa == 11


def test_bulk_edit_leaves_out_rows_whose_class_has_no_such_column(table):
    change = bulk_set(table, ["western:sherman", "western:allied_truck"], "fa", 12)
    assert [r.after.id for r in change.rows] == ["western:sherman"]


def test_clone_as_a_variant_gets_a_new_id_below_the_original(table):
    table = table.after(clone_variant(table, "western:sherman"))
    i = table.index_of("western:sherman")
    variant = table.weapons[i + 1]
    assert variant.id == "western:sherman_variant" and variant.name == "Sherman variant"
    assert variant.aliases == () and variant.legacy_number is None and variant.designer_value
    assert variant.description.startswith("Variant of Sherman (western:sherman).")
    assert (variant.fa, variant.mr, variant.periods) == (11, 10, (1, 5))
    table = table.after(clone_variant(table, "western:sherman"))
    assert table.weapons[i + 1].id == "western:sherman_variant_2"


def test_delete_is_refused_with_the_scenarios_that_use_the_weapon(table):
    with pytest.raises(WeaponInUse) as refused:
        delete_weapon(table, "western:sherman")
    assert scenario_names(refused.value.usages) == [  # every scenario that fields a Sherman (not Kasserine's Grants)
        "Bocage Crossroads",
        "Caen - The Death Ride of British Armour (Goodwood)",
        "Celles - The End of the Bulge",
        "Company Counter-Attack",
        "Salerno - The Counterattack that Failed",
    ]
    assert "Bocage Crossroads" in str(refused.value)


def test_an_unused_weapon_is_added_and_deleted(table):
    table = table.after(add_weapon(table, "tank", "us"))
    added = table.weapons[-1]
    assert added.id == "western:new_weapon" and added.periods == (1, 5) and added.designer_value
    assert table.after(delete_weapon(table, added.id)).by_id(added.id) is None


def test_replace_everywhere_names_every_use_of_the_weapon(table):
    change, edits = replace_everywhere(table, "western:sherman", "western:grant")
    assert [r.after for r in change.rows] == [None]
    files = {Path(e.file).name for e in edits}
    # the pack's templates and every scenario that fields a Sherman (Kasserine has only Grants)
    assert files == {
        "bocage_crossroads.yaml",
        "caen.yaml",
        "celles.yaml",
        "company_counter_attack.yaml",
        "salerno.yaml",
        "formations.yaml",
    }
    assert {e.new_ref for e in edits} == {"grant"}
    assert all(e.path[-1] == "weapon" for e in edits)


def test_csv_round_trip_changes_nothing(table, tmp_path):
    text = export_csv(table.weapons, "western")
    preview = preview_import(text, tmp_path / "w.csv", table)
    assert preview.issues == () and not preview.change
    assert preview.summary() == "0 added, 0 changed, 0 removed"


def test_csv_import_previews_added_changed_and_removed(table, tmp_path):
    lines = export_csv(table.weapons, "western").splitlines()
    sherman = next(i for i, line in enumerate(lines) if line.startswith("sherman,"))
    lines[sherman] = lines[sherman].replace(
        ",2,11,4,,4,", ",2,13,4,,4,", 1
    )  # FA 11 -> 13 (MG 2, FA, BA 4, no DF, SL 4)
    lines.append(lines[sherman].replace("sherman,Sherman,", "sherman_b,Sherman B,").replace("M4;M4 Sherman", "M4B"))
    unused = next(i for i, line in enumerate(lines) if line.startswith("valentine,"))
    del lines[unused]
    preview = preview_import("\n".join(lines) + "\n", tmp_path / "w.csv", table)
    assert preview.errors == [], [i.format() for i in preview.issues]
    assert [w.id for w in preview.added] == ["western:sherman_b"]
    assert [(w.id, [(d.key, d.before, d.after) for d in diffs]) for w, diffs in preview.changed] == [
        ("western:sherman", [("fa", "11", "13")])
    ]
    assert [w.id for w in preview.removed] == ["western:valentine"]
    imported = table.after(preview.change)
    assert imported.by_id("western:sherman").fa == 13 and imported.weapons[-1].name == "Sherman B"
    assert imported.by_id("western:valentine") is None and len(imported) == len(table)


def test_csv_rows_are_validated_with_file_and_line(table, tmp_path):
    lines = export_csv(table.weapons, "western").splitlines()
    lines[2] = lines[2].replace(",tank,10,9,", ",tank,300,9,", 1)
    lines[3] = lines[3].replace(",tank,", ",battleship,", 1)
    preview = preview_import("\n".join(lines) + "\n", tmp_path / "w.csv", table)
    found = {(i.code, i.line) for i in preview.errors}
    assert ("schema.maximum", 3) in found and ("schema.enum", 4) in found
    assert all(i.file == tmp_path / "w.csv" for i in preview.errors)
    assert not preview.change


def test_csv_leaving_out_a_used_weapon_is_an_error(table, tmp_path):
    lines = [line for line in export_csv(table.weapons, "western").splitlines() if not line.startswith("sherman,")]
    preview = preview_import("\n".join(lines) + "\n", tmp_path / "w.csv", table)
    assert [i.code for i in preview.errors] == ["csv.removes-used-weapon"]


def test_plot_series_equal_tacforge_calc_for_the_manuals_example(bundled, capsys):
    content = bundled.content("western")
    firer, target = content.resolve_weapon("PZ-IIIJ"), content.resolve_weapon("SHERMAN")
    series = range_series(content, firer, target, FireSettings(facing="front", pulses=1, count=5))
    assert series.points[3].kills == Fraction(38374469, 540672000)
    assert series.points[3].kill_probability == Fraction(38374469, 540672000)
    assert "x 0.5  APF < armour" in series.points[3].detail
    drawn = range_series(content, firer, target, FireSettings(facing="front", pulses=1, count=5), exact=False)
    for r in (0, 3, 7):
        assert (
            main(
                [
                    "calc",
                    "kills",
                    "--pack",
                    "western",
                    "--firer",
                    "PZ-IIIJ",
                    "--target",
                    "SHERMAN",
                    "--range",
                    str(r),
                    "--count",
                    "5",
                    "--format",
                    "json",
                ]
            )
            == 0
        )
        body = json.loads(capsys.readouterr().out)
        assert body["expected_kills_exact"] == str(series.points[r].kills)
        assert drawn.points[r].kills == pytest.approx(body["expected_kills"], rel=1e-12)  # what the widgets draw


def test_the_heat_map_redraws_one_weapon_as_a_full_recompute_would(bundled, table):
    content = bundled.content("western")
    firers = [table.by_id("western:sherman"), table.by_id("western:m10_td")]
    targets = [content.resolve_weapon("PZ-IIIJ"), content.resolve_weapon("TIGER")]
    before = heat_map(content, firers, targets, 4, FireSettings())
    stronger = table.by_id("western:sherman").__class__(**{**_fields(firers[0]), "mp": 14})
    assert heat_map_with(before, content, stronger, FireSettings()) == heat_map(
        content, [stronger, firers[1]], targets, 4, FireSettings()
    )
    assert before.kills[0][0] != heat_map_with(before, content, stronger, FireSettings()).kills[0][0]


def _fields(weapon):
    return {f: getattr(weapon, f) for f in weapon.__dataclass_fields__}


def test_values_that_differ_from_the_extended_pack_are_named_with_the_original(bundled, table):
    """A pack overriding western:sherman with 13 front armour: the FA cell differs, showing the original 11."""
    sherman = table.by_id("western:sherman")
    override = sherman.__class__(**{**_fields(sherman), "fa": 13})
    rows = WeaponRows([override], bundled.content("western"), base={sherman.id: sherman})
    assert rows.differences(override) == {"fa": "11"}
    assert rows.differences(sherman) == {}
