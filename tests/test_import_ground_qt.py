"""File ▸ Import real ground… (issue 25) as a designer uses it (pytest-qt): the dialog's preview of the area over the
features, then an ordinary map document (undo, save, validate) whose status bar gives latitude and longitude.
The logic behind the dialog (editor/shell/import_ground.py) is tested without widgets first."""

from __future__ import annotations

import pytest

pytest.importorskip("osmium", reason="the gis extra (make setup installs it)")

import real_ground_data as ground
from conftest import REPO
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)

from tacforge.editor.shell import import_ground_dialog
from tacforge.editor.shell.import_ground import (
    PREVIEW_COLOURS,
    PREVIEW_MARGIN,
    ImportChoices,
    preview,
    write_imported_map,
)
from tacforge.engine.mapping.autotile import RIVER
from tacforge.engine.model import Georef
from tacforge.engine.yamlio import load_fast


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ground")
    return ground.ground().write(folder / "ground.osm"), ground.write_dem(folder / "ground.tif")


def choices(inputs, **change) -> ImportChoices:
    osm, dem = inputs
    values = dict(osm=osm, dem=dem, lat=49.0, lon=2.0, width=40, height=30, map_id="foy_ground", name="Foy")
    values.update(change)
    return ImportChoices(**values)


def test_the_preview_shows_the_features_round_the_map(inputs, bundled):
    shown = preview(bundled.content("western"), choices(inputs))
    assert shown.rgb.shape == (30 + 2 * PREVIEW_MARGIN, 40 + 2 * PREVIEW_MARGIN, 3)
    assert shown.frame == (PREVIEW_MARGIN, PREVIEW_MARGIN, PREVIEW_MARGIN + 40, PREVIEW_MARGIN + 30)
    river = PREVIEW_MARGIN + ground.RIVER_COLUMN
    from tacforge.editor.shell.import_ground import PREVIEW_COLOURS

    assert tuple(shown.rgb[0, river]) == PREVIEW_COLOURS["river"]  # the river runs on beyond the map's edge
    assert shown.labels == (("Foy", *ground.FOY),) and shown.features >= 6


def test_the_map_is_written_once_into_the_pack(inputs, bundled, tmp_path):
    content = bundled.content("western")
    path, notes = write_imported_map(tmp_path, content, choices(inputs))
    assert path == tmp_path / "maps" / "foy_ground.yaml"
    assert load_fast(path).data["georef"] == {"lat": 49.0, "lon": 2.0, "rotation": 0.0}
    with pytest.raises(FileExistsError):
        write_imported_map(tmp_path, content, choices(inputs))


def test_another_profile_and_thresholds_are_chosen_as_on_the_command_line(inputs, bundled, tmp_path):
    from tacforge.engine.issues import CommandError
    from tacforge.engine.mapping.real_ground import GroundImportError
    from tacforge.engine.yamlio import load_fast as load

    content = bundled.content("western")
    today = REPO / "content" / "import_profile.yaml"  # the core profile keeps the motorway the front's drops
    shown = preview(content, choices(inputs))
    kept = preview(content, choices(inputs, profile=today))
    row = PREVIEW_MARGIN + ground.MOTORWAY_ROW
    colours = {PREVIEW_COLOURS[name] for name in ("road", "bridge")}
    assert tuple(kept.rgb[row, PREVIEW_MARGIN + 20]) in colours
    assert tuple(shown.rgb[row, PREVIEW_MARGIN + 20]) not in colours
    path, _ = write_imported_map(tmp_path, content, choices(inputs, profile=today, thresholds=("metres", (70, 105))))
    written = load(path).data
    assert f"with the profile '{load(today).data['name']}'" in " ".join(written["description"].split())
    with pytest.raises(GroundImportError, match="the first must be below"):
        preview(content, choices(inputs, thresholds=("metres", (105, 70))))
    broken = tmp_path / "broken_profile.yaml"
    broken.write_text("name: x\nfeatures: 3\n", encoding="utf-8")
    with pytest.raises(CommandError, match="broken_profile.yaml"):
        preview(content, choices(inputs, profile=broken))


def test_the_dialog_reads_the_profile_and_thresholds_it_is_given(qtbot, bundled, inputs):
    content = bundled.content("western")
    dialog = import_ground_dialog.ImportGroundDialog(content, REPO)
    qtbot.addWidget(dialog)
    dialog.osm.setText(str(inputs[0]))
    assert dialog.choices().profile is None and dialog.choices().thresholds is None
    dialog.profile.setText(str(REPO / "content" / "import_profile.yaml"))
    dialog.method.setCurrentText("quantiles")
    dialog.low.setValue(0.5)
    dialog.high.setValue(0.8)
    chosen = dialog.choices()
    assert chosen.profile == REPO / "content" / "import_profile.yaml"
    assert chosen.thresholds == ("quantiles", (0.5, 0.8))


def test_import_real_ground_from_the_file_menu(window, inputs, pack_copy, monkeypatch):  # noqa: F811
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    seen = {}

    def answer(dialog):
        osm, dem = inputs
        dialog.osm.setText(str(osm))
        dialog.dem.setText(str(dem))
        dialog.lat.setValue(49.0)
        dialog.lon.setValue(2.0)
        dialog.width_box.setValue(40)
        dialog.height_box.setValue(30)
        dialog.map_id.setText("foy_ground")
        seen["preview"] = dialog.show_preview()
        seen["pixmap"] = dialog.picture.pixmap()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(import_ground_dialog.ImportGroundDialog, "exec", answer)
    menu_action(window, "File", "Import real ground").trigger()
    assert seen["preview"] is not None and not seen["pixmap"].isNull()
    created = pack_copy / "maps" / "foy_ground.yaml"
    document = window.current_tab().document
    assert document.path == created.resolve() and document.kind == "map"
    model = document.model
    assert model.georef == Georef(49.0, 2.0, 0.0)
    assert model.types[0, ground.RIVER_COLUMN] == RIVER
    # an ordinary map document: an edit is undoable and saving keeps the georef
    document.push_edit(model.resize(41, 30))
    assert model.width == 41 and document.undo.canUndo()
    document.undo.undo()
    assert model.width == 40
    document.push_edit(model.resize(42, 30))
    window.save_current()
    saved = load_fast(created).data
    assert saved["width"] == 42 and saved["georef"] == {"lat": 49.0, "lon": 2.0, "rotation": 0.0}
    window.workspace.reload()
    problems = [i for i in window.workspace.packset.all_issues() if i.file and i.file.name == created.name]
    assert [i.format() for i in problems if i.is_error] == []


def test_the_status_bar_gives_latitude_and_longitude(window, inputs, pack_copy):  # noqa: F811
    path, _ = write_imported_map(pack_copy, window.workspace.content_for(pack_copy / "pack.yaml")[0], choices(inputs))
    window.workspace.reload()
    window.open_path(path)
    tab = window.current_tab()
    tab.view.cellHovered.emit(ground.FOY[0], ground.FOY[1])
    lat, lon = ground.NORTH_UP.lat_lon_of(ground.FOY[0] + 0.5, ground.FOY[1] + 0.5)
    assert f"{lat:.5f}° N, {lon:.5f}° E" in window.status.text()


def test_a_map_nowhere_in_particular_shows_no_latitude(window, pack_copy):  # noqa: F811
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    window.current_tab().view.cellHovered.emit(3, 3)
    assert window.status.text().startswith("3,3") and "°" not in window.status.text()
