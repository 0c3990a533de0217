"""Issue 13's "Done when", as a designer does it in the main window `make run` opens (pytest-qt, offscreen), on
copies of the Western and core packs: clone the Sherman as a variant, type 2 more front armour and watch its
matchups change in the plots while typing, make it available from period 4, change a terrain type's cover and a
rules parameter, undo and redo all of it from the Edit menu, save, check that `tacforge validate` agrees with the
issues dock, and that the saved files differ from the originals by those edits only."""

from __future__ import annotations

import difflib
import json
import shutil

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QAction
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QLineEdit, QSpinBox

from tacforge.editor.data.parameters_room import RulesTab
from tacforge.editor.data.terrain_room import TerrainTab
from tacforge.editor.data.weapon_columns import columns
from tacforge.editor.data.weapons_room import WeaponsTab
from tacforge.editor.shell.app import open_window
from tacforge.engine.cli import main as tacforge_main
from tacforge.engine.resources import CORE_PACK_DIR

KEYS = [c.key for c in columns()]
VARIANT = "westcopy:sherman_variant"


@pytest.fixture
def core_copy(tmp_path):
    """The core pack under its own id: it takes precedence over the installed one, so its terrain can be saved."""
    target = tmp_path / "corecopy"
    shutil.copytree(CORE_PACK_DIR, target, symlinks=True)
    return target


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, pack_copy, core_copy, settings):
    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    win = open_window(["--pack-path", str(pack_copy), "--pack-path", str(core_copy)], settings)
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    yield win
    win.validator.shutdown()
    win.close()


def open_from_pack_browser(window, qtbot, pack_id: str, group: str):
    """Double-click the pack browser's entry of `group` ("Weapons", "Terrain", "Rules") under the pack; the tab."""
    browser = window.browser
    top = next(
        browser.topLevelItem(i)
        for i in range(browser.topLevelItemCount())
        if browser.topLevelItem(i).text(0) == pack_id
    )
    group_item = next(top.child(i) for i in range(top.childCount()) if top.child(i).text(0) == group)
    item = group_item.child(0)
    top.setExpanded(True)
    group_item.setExpanded(True)
    browser.scrollToItem(item)
    rect = browser.visualItemRect(item)
    position = QPoint(rect.left() + 8, rect.center().y())  # on the name, however wide the column
    QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    QTest.mouseDClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    return window.current_tab()


def weapon_cell(room: WeaponsTab, weapon_id: str, key: str):
    return room.proxy.mapFromSource(room.model.index(room.table.index_of(weapon_id), KEYS.index(key)))


def open_cell_editor(room: WeaponsTab, index):
    """The delegate's editor of a cell, opened as a double click opens it."""
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = room.table_view.indexWidget(index) or QApplication.focusWidget()
    assert isinstance(editor, (QSpinBox, QLineEdit)), editor
    return editor


def type_over(qtbot, editor, text: str) -> None:
    line = editor.lineEdit() if isinstance(editor, QSpinBox) else editor
    line.selectAll()
    qtbot.keyClicks(line, text)


def kill_sums(room: WeaponsTab) -> list[float]:
    """Per German gun on the plot, its kill probability against the selected weapon summed over the ranges."""
    return [sum(p.kill_probability for p in points) for _, points in room.plots.kills.drawn]


def all_steps(window, tab, action: str) -> int:
    """Select the tab and trigger the Edit menu's `action` ("Undo" or "Redo") until it is disabled; the count."""
    window.tabs.setCurrentWidget(tab)
    menu_entry = menu_action(window, "Edit", action)
    steps = 0
    while menu_entry.isEnabled():
        menu_entry.trigger()
        steps += 1
    return steps


def issue_codes_shown(window) -> list[str]:
    items = (window.issues.topLevelItem(i) for i in range(window.issues.topLevelItemCount()))
    return sorted(item.data(0, Qt.ItemDataRole.UserRole).code for item in items)


def settle_issues(window, qtbot) -> None:
    """Wait until the live check of the current tab's pack has reported on the documents as they stand."""
    qtbot.waitUntil(lambda: not window.validator.pending(), timeout=30_000)


def cli_issue_codes(capsys, pack_paths, pack_folder) -> tuple[int, list[str]]:
    capsys.readouterr()
    argv = [*(a for p in pack_paths for a in ("--pack-path", str(p))), "validate", str(pack_folder), "--format", "json"]
    status = tacforge_main(argv)
    report = json.loads(capsys.readouterr().out)
    return status, sorted(issue["code"] for issue in report["issues"])


def changed_lines(before: str, after: str) -> list[str]:
    """The unified diff without context: each hunk's line numbers, then its removed (-) and added (+) lines."""
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if not line.startswith(("+++", "---"))]


def test_the_issue_13_walk_through(window, qtbot, capsys, pack_copy, core_copy):
    files = {
        "weapons": pack_copy / "weapons.yaml",
        "terrain": core_copy / "terrain.yaml",
        "rules": pack_copy / "rules.yaml",
    }
    originals = {kind: path.read_text(encoding="utf-8") for kind, path in files.items()}
    assert window.current_tab() is not None and window.current_tab().document.kind == "scenario"  # as make run opens

    # -- the weapons room: clone the Sherman as a variant -----------------------------------------------------------
    room = open_from_pack_browser(window, qtbot, "westcopy", "Weapons")
    assert isinstance(room, WeaponsTab) and room.document.path == files["weapons"].resolve()
    start = {"weapons": room.document.model}
    room.table_view.selectRow(weapon_cell(room, "westcopy:sherman", "fa").row())
    clone = next(a for a in room.inner.findChildren(QAction) if a.text() == "Clone as variant")
    clone.trigger()
    assert room.current_weapon().id == VARIANT and room.current_weapon().fa == 11

    # -- type 2 more front armour: the German guns' matchups against it change while typing, and stay changed ---------
    kills = room.plots.kills
    kills.direction.setCurrentText(kills.FIRED_AT)
    committed = kill_sums(room)
    assert committed and any(c > 0 for c in committed), "German guns are drawn firing at the variant"
    editor = open_cell_editor(room, weapon_cell(room, VARIANT, "fa"))
    editor.setText("256")  # the schema's bounds: past 255 is refused, with its range, and kept as typed
    assert "at most 255" in editor.toolTip() and editor.text() == "256"
    type_over(qtbot, editor, "13")
    typed = kill_sums(room)
    assert room.table.by_id(VARIANT).fa == 11  # only typed: the document still has 11
    assert len(typed) == len(committed) and all(t <= c for t, c in zip(typed, committed, strict=True))
    assert sum(typed) < sum(committed)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id(VARIANT).fa == 13)
    assert kills.inputs.draft is None and kill_sums(room) == typed  # the committed plot is the one typed

    # -- available from period 4: the YR cell, typed through its editor ---------------------------------------------
    editor = open_cell_editor(room, weapon_cell(room, VARIANT, "periods"))
    type_over(qtbot, editor, "4-5")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id(VARIANT).periods == (4, 5))
    assert room.history.count() == 3  # clone, front armour, periods

    # -- terrain.yaml: woods no longer give cover -------------------------------------------------------------------
    terrain = open_from_pack_browser(window, qtbot, "core", "Terrain")
    assert isinstance(terrain, TerrainTab) and terrain.document.path == files["terrain"].resolve()
    start["terrain"] = terrain.document.model
    types = terrain.types_model
    woods = next(i for i, t in enumerate(types.entries) if t.id == "core:woods")
    cover = next(c for c, col in enumerate(types.columns) if col.path == ("cover",))
    assert types.setData(types.index(woods, cover), Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert terrain.document.model.terrain_types[woods].cover is False

    # -- rules.yaml: six pulses a turn, typed into the form --------------------------------------------------------
    rules = open_from_pack_browser(window, qtbot, "westcopy", "Rules")
    assert isinstance(rules, RulesTab) and rules.document.path == files["rules"].resolve()
    start["rules"] = rules.document.model
    pulses = rules.form.editors["pulses_per_turn"]
    assert pulses.text() == "4"
    pulses.selectAll()
    qtbot.keyClicks(pulses, "6")
    qtbot.keyClick(pulses, Qt.Key.Key_Return)
    assert rules.document.model.parameters.time_space.pulses_per_turn == 6
    assert rules.history.count() == 1

    edited = {"weapons": room.document.model, "terrain": terrain.document.model, "rules": rules.document.model}
    tabs = {"weapons": room, "terrain": terrain, "rules": rules}

    # -- undo all of it from the Edit menu, each tab's own history --------------------------------------------------
    assert [all_steps(window, tabs[k], "Undo") for k in ("rules", "terrain", "weapons")] == [1, 1, 3]
    for kind, tab in tabs.items():
        assert tab.document.model == start[kind], f"{kind}: the model is back to the start"
        assert tab.document.text() == originals[kind] and not tab.document.dirty
    assert room.table.by_id(VARIANT) is None and pulses.text() == "4"

    # -- and redo all of it -----------------------------------------------------------------------------------------
    assert [all_steps(window, tabs[k], "Redo") for k in ("weapons", "terrain", "rules")] == [3, 1, 1]
    for kind, tab in tabs.items():
        assert tab.document.model == edited[kind], f"{kind}: the model has every edit again"
        assert tab.document.dirty
    assert room.table.by_id(VARIANT).fa == 13 and pulses.text() == "6"

    # -- save, from the File menu -----------------------------------------------------------------------------------
    menu_action(window, "File", "Save all").trigger()
    assert not any(tab.document.dirty for tab in tabs.values())
    assert all("*" not in window.tabs.tabText(i) for i in range(window.tabs.count()))

    # -- tacforge validate agrees with the issues dock, for each pack edited ----------------------------------------
    pack_paths = [pack_copy, core_copy]
    for tab, folder in ((room, pack_copy), (terrain, core_copy)):
        window.tabs.setCurrentWidget(tab)
        settle_issues(window, qtbot)
        assert window.validator.folder == folder.resolve()
        status, codes = cli_issue_codes(capsys, pack_paths, folder)
        assert codes == issue_codes_shown(window), folder.name
        assert status == (1 if window.issues.count()[0] else 0)

    # -- the saved files differ from the originals by those edits only ----------------------------------------------
    saved = {kind: path.read_text(encoding="utf-8") for kind, path in files.items()}
    assert changed_lines(originals["terrain"], saved["terrain"]) == [
        "@@ -36 +36 @@",
        "-    cover: true",
        "+    cover: false",
    ]
    rules_end = len(originals["rules"].splitlines())  # the parameters are added at the end of the file
    assert changed_lines(originals["rules"], saved["rules"]) == [
        f"@@ -{rules_end},0 +{rules_end + 1},2 @@",
        "+parameters:",
        "+  pulses_per_turn: 6",
    ]
    sherman_ends = originals["weapons"].splitlines().index("  - id: m4_76") - 1  # the blank line after the Sherman
    assert changed_lines(originals["weapons"], saved["weapons"]) == [
        f"@@ -{sherman_ends},0 +{sherman_ends + 1},22 @@",
        "+",
        "+  - id: sherman_variant",
        "+    name: Sherman variant",
        "+    nationality: [us, british]  # also the main British tank",
        "+    class: tank",
        "+    mr: 10",
        "+    mp: 9",
        "+    ss: 4",
        "+    ac: 8",
        "+    sp: 12",
        "+    mg: 2",
        "+    fa: 13",
        "+    ba: 4",
        "+    sl: 4",
        "+    periods: [4, 5]",
        "+    points: 39",  # the clone keeps the Sherman's tabletop points (docs/rules.md 16.4)
        "+    aa_rolls: 1",  # the Sherman's pintle .50 (docs/rules.md 16.8)
        "+    designer_value: true",
        "+    description: >-",
        "+      Variant of Sherman (westcopy:sherman). The M4 medium tank with a 75 mm gun, the standard Western",
        "+      Allied tank from 1943 to the end of the war: reliable and produced in vast numbers, but vulnerable to",
        "+      the later German guns.",
    ]
