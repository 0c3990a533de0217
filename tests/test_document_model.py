"""The editor's document model without widgets: typed models per kind (built by the engine's decoders), the kind
from the pack manifest, one generic merging set-value command, row commands, bulk edits as one step, typed events,
and files that stay byte-identical unless edited."""

from __future__ import annotations

import pytest
from conftest import REPO
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.document import MISSING, Reloaded, RowsInserted, RowsRemoved, Saved, ValueChanged, bulk_edit
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.model import Weapon

CORE = REPO / "content"


@pytest.fixture
def workspace(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy])


def events_of(document) -> list:
    seen: list = []
    document.changed.connect(seen.append)
    return seen


def row_of(document, weapon_id: str) -> int:
    return next(i for i, w in enumerate(document.model.weapons) if w is not None and w.id == weapon_id)


def test_the_kind_comes_from_the_manifest_not_the_folder(workspace, pack_copy):
    guns = pack_copy / "tables" / "guns.yaml"
    guns.parent.mkdir()
    (pack_copy / "weapons.yaml").rename(guns)
    battles = pack_copy / "battles"
    battles.mkdir()
    (pack_copy / "scenarios" / "bocage_crossroads.yaml").rename(battles / "bocage_crossroads.yaml")
    (pack_copy / "scenarios" / "notes.yaml").write_text("a: 1\n")
    manifest = pack_copy / "pack.yaml"
    manifest.write_text(manifest.read_text() + "files:\n  weapons: [tables/guns.yaml]\n  scenarios: [battles/*.yaml]\n")
    workspace.reload()
    assert workspace.open(guns).kind == "weapons"
    assert workspace.open(battles / "bocage_crossroads.yaml").kind == "scenario"
    assert workspace.open(manifest).kind == "pack"
    stray = workspace.open(pack_copy / "scenarios" / "notes.yaml")  # a scenarios/ folder the manifest does not list
    assert stray.kind == "file" and stray.model is None
    (battles / "later.yaml").write_text("a: 1\n")  # created after the pack was read: the patterns still match
    assert workspace.open(battles / "later.yaml").kind == "scenario"


def test_every_kind_has_a_typed_model_of_engine_types(workspace):
    weapons = workspace.open_pack_file("westcopy", "weapons")
    assert isinstance(weapons.model.weapons[0], Weapon)
    assert weapons.model.weapons[0].id == "westcopy:stuart" and weapons.model.weapons[0].fa == 7
    periods = workspace.open_pack_file("westcopy", "periods")
    assert periods.model.period(1) is not None and periods.model.period(1).number == 1
    rules = workspace.open_pack_file("westcopy", "rules")
    assert rules.model.ruleset is not None and rules.model.ruleset.id == "westcopy:battlegroup"
    manifest = workspace.open_pack_file("westcopy", "pack")
    assert manifest.model.manifest.id == "westcopy" and str(manifest.model.manifest.version) == "1.0.0"
    terrain = workspace.open_pack_file("core", "terrain")
    codes = {c.code: c for c in terrain.model.terrain_codes}
    assert set(range(59)) <= set(codes) and codes[0].level == 1  # BG Appendix 3: codes 0-58; 0 is clear ground
    scenario = workspace.open(workspace.first_scenario("westcopy"))
    assert scenario.model.scenario.id == "westcopy:kasserine"  # the earliest historical scenario (make run opens it)


def test_set_value_rederives_the_row_emits_a_typed_event_and_undoes_exactly(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    row = row_of(document, "westcopy:stuart")
    before_text, untouched = document.text(), document.model.weapons[row + 1]
    seen = events_of(document)
    document.set_value(("weapons", row, "fa"), 9, "Change front armour")
    assert document.model.weapons[row].fa == 9 and document.dirty
    assert document.model.weapons[row + 1] is untouched  # only the edited row was decoded again
    assert seen == [ValueChanged(("weapons", row, "fa"))]
    document.undo.undo()
    assert document.model.weapons[row].fa == 7 and not document.dirty
    assert seen[-1] == ValueChanged(("weapons", row, "fa")) and document.text() == before_text
    document.undo.redo()
    assert document.model.weapons[row].fa == 9


def test_consecutive_edits_of_one_field_merge_and_typing_back_leaves_no_step(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    row = row_of(document, "westcopy:stuart")
    document.set_value(("weapons", row, "fa"), 1, "Change front armour")
    document.set_value(("weapons", row, "fa"), 16, "Change front armour")
    assert document.undo.count() == 1 and document.model.weapons[row].fa == 16
    document.set_value(("weapons", row, "ba"), 3, "Change back armour")  # another field: a step of its own
    assert document.undo.count() == 2
    document.undo.undo()
    document.undo.undo()
    assert document.model.weapons[row].fa == 7 and not document.dirty
    document.undo.redo()
    # the back-armour edit is undone between the two front-armour edits: they stay two steps (issue 27), so the
    # 16 between them is kept
    document.set_value(("weapons", row, "fa"), 7, "Change front armour")
    assert document.undo.count() == 2 and document.model.weapons[row].fa == 7
    document.undo.undo()
    assert document.model.weapons[row].fa == 16
    document.undo.undo()
    document.set_value(("weapons", row, "fa"), 1, "Change front armour")
    document.set_value(("weapons", row, "fa"), 7, "Change front armour")  # back to the saved value
    assert document.undo.count() == 0 and not document.dirty


def test_removing_a_key_and_putting_it_back(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    row = row_of(document, "westcopy:stuart")
    text = document.text()
    document.set_value(("weapons", row, "description"), MISSING, "Remove description")
    assert "description" not in document.value("weapons", row) and document.model.weapons[row].description == ""
    document.undo.undo()
    assert document.model.weapons[row].description.startswith("American light tank") and document.text() == text


def test_insert_and_remove_rows_are_undoable_with_typed_events(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    text, count = document.text(), len(document.model.weapons)
    seen = events_of(document)
    clone = document.row_copy(("weapons",), 0, id="stuart_plus", name="Stuart (up-armoured)", fa=9)
    document.insert_rows(("weapons",), 1, [clone], "Clone Stuart")
    assert len(document.model.weapons) == count + 1 and document.model.weapons[1].id == "westcopy:stuart_plus"
    assert document.model.weapons[2].source.path == ("weapons", 2)  # rows after it know their new place
    assert seen == [RowsInserted(("weapons",), 1, 1)]
    assert (
        "&id" not in document.text()
        and "aliases: [STUART, M5 Stuart, M3 Stuart]" in document.text().split("stuart_plus")[1]
    )
    document.remove_rows(("weapons",), 0, 2, "Delete weapons")
    assert len(document.model.weapons) == count - 1 and seen[-1] == RowsRemoved(("weapons",), 0, 2)
    document.undo.undo()
    document.undo.undo()
    assert len(document.model.weapons) == count and document.text() == text and not document.dirty
    assert seen[-2:] == [RowsInserted(("weapons",), 0, 2), RowsRemoved(("weapons",), 1, 1)]


def test_bulk_edit_is_one_undo_step(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    text = document.text()
    originals = [w.fa for w in document.model.weapons[:5]]
    with bulk_edit(document, "Set front armour of 5 weapons"):
        for row in range(5):
            document.set_value(("weapons", row, "fa"), 11, "Set front armour")
    assert document.undo.count() == 1 and [w.fa for w in document.model.weapons[:5]] == [11] * 5
    document.undo.undo()
    assert [w.fa for w in document.model.weapons[:5]] == originals and document.text() == text


def test_a_row_the_schema_rejects_is_none_until_it_is_valid_again(workspace):
    document = workspace.open_pack_file("westcopy", "weapons")
    document.set_value(("weapons", 0, "periods"), "early", "Change periods")
    assert document.model.weapons[0] is None and document.model.weapons[1] is not None
    document.set_value(("weapons", 0, "periods"), [2, 5], "Change periods")
    assert document.model.weapons[0].periods == (2, 5)
    document.set_value(("weapons", 0, "mr"), MISSING, "Remove MR")  # a required value
    assert document.model.weapons[0] is None


def test_a_scenario_with_schema_errors_has_no_typed_scenario_until_fixed(workspace):
    document = workspace.open(workspace.first_scenario("westcopy"))
    document.set_value(("turns",), "many", "Change game length")
    assert document.model.scenario is None
    document.undo.undo()
    assert document.model.scenario.turns == 30  # Kasserine, a 30-turn assault (BG manual 9.1)


def test_rules_model_marks_own_values_over_the_inherited_ones(workspace, pack_copy):
    rules_file = pack_copy / "rules.yaml"
    rules_file.write_text(
        rules_file.read_text().replace("parameters:\n", "parameters:\n  pulses_per_turn: 3\n", 1)
        if "parameters:\n" in rules_file.read_text()
        else rules_file.read_text() + "parameters:\n  pulses_per_turn: 3\n"
    )
    workspace.reload()
    document = workspace.open_pack_file("westcopy", "rules")
    model = document.model
    assert model.own["pulses_per_turn"] == 3 and model.parameters.time_space.pulses_per_turn == 3
    assert model.inherited.time_space.pulses_per_turn == 4  # core's value (the rules default, docs/rules.md 6.1)
    document.set_value(("parameters", "pulses_per_turn"), 5, "Change pulses per turn")
    assert document.model.parameters.time_space.pulses_per_turn == 5


def test_scenario_model_gives_the_rules_defaults_it_plays_with(workspace):
    document = workspace.open(workspace.first_scenario("westcopy"))
    seen = events_of(document)
    document.set_value(("turns",), MISSING, "Default game length")
    model = document.model
    assert model.scenario.turns is None
    assert model.game_length(assault=True) == 30 and model.game_length(assault=False) == 20  # docs/rules.md 5.7
    document.set_value(("visibility",), "random", "Random visibility")
    assert document.model.sight_range() == 20  # the greatest random visibility (6.2)
    assert seen == [ValueChanged(("turns",)), ValueChanged(("visibility",))]


def test_unedited_save_is_byte_identical_and_an_edit_keeps_comments(workspace, tmp_path):
    document = workspace.open_pack_file("westcopy", "weapons")
    original = document.path.read_text(encoding="utf-8")
    seen = events_of(document)
    document.save(tmp_path / "same.yaml")
    assert (tmp_path / "same.yaml").read_text(encoding="utf-8") == original
    assert seen == [Saved(str(tmp_path / "same.yaml"))]
    document.set_value(("weapons", 0, "fa"), 8, "Change front armour")
    edited = document.text()
    assert "# CHAFFE is the manual's misprint" in edited
    changed = [(a, b) for a, b in zip(original.splitlines(), edited.splitlines(), strict=True) if a != b]
    assert changed == [("    fa: 7", "    fa: 8")]


def test_replacing_the_data_rebuilds_the_model_and_says_reloaded(workspace):
    from tacforge.editor.shell.restore import reload_from_disk

    document = workspace.open_pack_file("westcopy", "weapons")
    seen = events_of(document)
    document.path.write_text(
        document.path.read_text(encoding="utf-8").replace("    fa: 7\n", "    fa: 12\n", 1), encoding="utf-8"
    )
    assert reload_from_disk(document)
    assert document.model.weapons[0].fa == 12 and seen == [Reloaded()] and not document.dirty
