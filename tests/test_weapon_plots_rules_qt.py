"""The weapons room's kill-probability plots follow the rules as the open documents have them now (issue 27): a
`range_accuracy_term` typed into the rules form reaches them unsaved, stays after the rules are saved and their tab
closed, and leaves with an undo; driven through the real form, tabs and menu actions."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication

from tacforge.editor.data.weapon_plots import range_series
from tacforge.editor.data.weapons_room import WeaponsTab
from tacforge.engine.packs import load_packs


def shown(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def plotted(room: WeaponsTab) -> list[tuple[str, tuple[float, ...]]]:
    """Each curve of the kill plot: its label and its kill probabilities by range."""
    return [(label, tuple(p.kill_probability for p in points)) for label, points in room.plots.kills.drawn]


def engine_kill(pack_copy, term: int, firer: str, target: str, range_: int, settings) -> float:
    """What the engine's combat function gives with the packs read from disk as saved (as `tacforge calc` reads
    them), for the plot's settings."""
    content = load_packs([str(pack_copy)]).content("westcopy")
    assert content.parameters.direct_fire.range_accuracy_term == term
    series = range_series(content, content.weapons[firer], content.weapons[target], settings, exact=False)
    return float(series.points[range_].kill_probability)


def test_the_plots_follow_an_edited_rules_parameter_saved_or_not(window, pack_copy, qtbot):
    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    assert isinstance(room, WeaponsTab)
    room.table_view.selectRow(
        room.proxy.mapFromSource(room.model.index(room.table.index_of("westcopy:sherman"), 1)).row()
    )
    qtbot.waitUntil(lambda: bool(plotted(room)))
    before = plotted(room)

    rules = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    field = rules.form.editors["range_accuracy_term"]
    term = int(field.text())
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, str(term // 3))
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert rules.document.dirty

    window.tabs.setCurrentWidget(room)  # back to the weapons: the unsaved rules are drawn
    unsaved = plotted(room)
    assert [label for label, _ in unsaved] == [label for label, _ in before]
    assert unsaved != before

    window.tabs.setCurrentWidget(rules)
    menu_action(window, "File", "Save").trigger()
    menu_action(window, "File", "Close tab").trigger()
    assert not rules.document.dirty and rules.document not in window.workspace.documents
    room.redraw_plots()
    assert plotted(room) == unsaved  # saved and closed: still the rules as edited
    # and those are the numbers the engine gives with the saved file, as `tacforge calc` reads it
    kills = room.plots.kills
    target = kills.others(kills.inputs)[0]
    assert unsaved[0][1][3] == engine_kill(pack_copy, term // 3, "westcopy:sherman", target.id, 3, kills.settings())


def test_undoing_the_rules_edit_puts_the_plots_back(window, pack_copy, qtbot):
    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    qtbot.waitUntil(lambda: bool(plotted(room)))
    before = plotted(room)
    rules = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    rules.form.edit("range_accuracy_term", "20")
    window.tabs.setCurrentWidget(room)
    assert plotted(room) != before
    window.tabs.setCurrentWidget(rules)
    menu_action(window, "Edit", "Undo").trigger()
    window.tabs.setCurrentWidget(room)
    assert plotted(room) == before


def test_plots_floated_beside_the_rules_form_follow_each_edit_live(window, pack_copy, qtbot):
    """With the plots' dock floated, the weapons tab is hidden while the rules are edited: the plots follow each
    edit, undo and discard there without the weapons tab being shown again."""
    from PyQt6.QtWidgets import QDockWidget

    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    qtbot.waitUntil(lambda: bool(plotted(room)))
    before = plotted(room)
    dock = room.inner.findChild(QDockWidget, "weapon-plots")
    dock.setFloating(True)
    rules = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    assert not room.isVisible() and room.plots.isVisible()  # the rules tab is current, the plots float beside it
    field = rules.form.editors["range_accuracy_term"]
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.selectAll()
    qtbot.keyClicks(field, "30")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    edited = plotted(room)
    assert edited != before and [label for label, _ in edited] == [label for label, _ in before]
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert plotted(room) == before and not rules.document.dirty
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert plotted(room) == edited
    menu_action(window, "File", "Close tab").trigger()  # no_dialogs answers Discard: the rules as on disk again
    assert rules.document not in window.workspace.documents and plotted(room) == before
