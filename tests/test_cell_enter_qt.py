"""Return and Enter commit an edited cell of the data tables (issue 27). In the terrain room they go on to the cell
below, as in a spreadsheet, so a column is typed down with the keyboard alone (its tables are redrawn from the
document on every edit, which had closed the editor being committed and lost the current cell and the focus); in the
weapons table they stay on the row, whose weapon the plots show with the value just typed."""

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication

from tacforge.editor.common.checked_edit import CheckedLineEdit
from tacforge.editor.data.weapon_columns import columns

KEYPAD = Qt.KeyboardModifier.KeypadModifier
FA = [c.key for c in columns()].index("fa")


def shown(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def type_into_cell(qtbot, view, text: str, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """Type over the current cell as a user does (the first key opens its editor), then press `key`."""
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClicks(view, text[0])
    editor = QApplication.focusWidget()
    assert isinstance(editor, CheckedLineEdit) and editor.text() == text[0]
    qtbot.keyClicks(editor, text[1:])
    qtbot.keyClick(editor, key, modifier)


def test_return_and_enter_commit_a_weapon_cell_and_keep_its_row(window, pack_copy, qtbot):
    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    view, proxy = room.table_view, room.proxy
    first = proxy.mapFromSource(room.model.index(room.table.index_of("westcopy:sherman"), FA))
    view.setCurrentIndex(first)
    type_into_cell(qtbot, view, "16", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").fa == 16)
    assert view.currentIndex() == first and view.hasFocus() and room.current_weapon().id == "westcopy:sherman"
    assert room.plots.kills.inputs.firer.fa == 16  # the plots show the value just typed
    qtbot.keyClick(view, Qt.Key.Key_Down)
    below = room.current_weapon()
    assert below.id != "westcopy:sherman"
    type_into_cell(qtbot, view, "9", Qt.Key.Key_Enter, KEYPAD)  # the keypad's Enter
    qtbot.waitUntil(lambda: room.table.by_id(below.id).fa == 9)
    assert room.table.by_id("westcopy:sherman").fa == 16 and room.history.count() == 2 and view.hasFocus()


def test_return_goes_down_the_terrain_rooms_table_though_it_is_redrawn_on_each_edit(window, qtbot):
    shown(window, qtbot)
    tab = window.open_path(window.workspace.pack_file("core", "terrain"))
    model, view = tab.types_model, tab.types_view
    foot = next(c for c, col in enumerate(model.columns) if col.path == ("movement", "foot"))
    view.setCurrentIndex(model.index(0, foot))
    type_into_cell(qtbot, view, "21", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.document.model.terrain_types[0].cost("foot") == 21)
    assert view.currentIndex().row() == 1 and view.hasFocus()
    type_into_cell(qtbot, view, "22", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.document.model.terrain_types[1].cost("foot") == 22)
    assert tab.document.model.terrain_types[0].cost("foot") == 21 and view.currentIndex().row() == 2
