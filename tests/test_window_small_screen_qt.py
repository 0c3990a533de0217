"""The main window on a 1280x800 screen (a laptop's): the order of battle tree and the Properties form get the height
to be used, not a strip each under the map's two toolbar rows (the packs share the left column with the tree as a
tab, the history shares the issues' strip)."""

from __future__ import annotations

from editor_fixtures import make_run_window, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QToolButton
from test_map_tool_options_qt import choose, drag

from tacforge.editor.map.tools.registry import menu_entries


def shown_rows(tree) -> int:
    """How many rows of the tree are drawn whole in its viewport (measured from the rows' rectangles)."""
    height, count, index = tree.viewport().height(), 0, tree.indexAt(tree.viewport().rect().topLeft())
    while index.isValid():
        rect = tree.visualRect(index)
        if rect.bottom() > height:
            break
        count += 1
        index = tree.indexBelow(index)
    return count


def test_order_of_battle_and_properties_are_usable_at_1280x800(qtbot, make_run_window):  # noqa: F811
    window = make_run_window
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() == 800)
    tab = window.current_tab()
    assert tab is not None and any(d.kind == "scenario" for d in tab.documents())
    dock = window.room_docks["oob"]
    qtbot.waitUntil(lambda: dock.tree.isVisible())
    assert shown_rows(dock.tree) >= 8
    properties = window.room_docks["properties"]
    assert properties.isVisible() and properties.height() >= 250  # the form's fields, not two rows of them
    assert dock.parentWidget().height() >= 400  # the left column is the tree's, the packs behind a tab


def test_every_map_tool_is_on_its_row_at_1280_wide_and_set_ground_level_paints(qtbot, make_run_window):  # noqa: F811
    """Seventeen tools on one row 1280 pixels wide: the ground's three and the AI plan's two share a button each
    (its arrow offers the others), none behind the overflow arrow; Set ground level chosen from the ground's button
    sets the map's levels."""
    window = make_run_window
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    bar = window.map_toolbar
    extension = next(b for b in bar.findChildren(QToolButton) if b.objectName() == "qt_toolbar_ext_button")
    assert bar.isVisible() and not extension.isVisible()
    reachable = []
    for action in bar.actions():
        button = bar.widgetForAction(action)
        assert button is not None and button.isVisible(), action.text()
        assert bar.rect().contains(button.geometry()), action.text()
        menu = button.menu() if isinstance(button, QToolButton) else None
        reachable += [a.text() for a in menu.actions()] if menu is not None else [action.text()]
    assert reachable == [name for _id, name, _key in menu_entries()]  # every tool of the Map menu, once
    assert "Set ground level" in reachable and "Place name" in reachable
    # the tool's options share the first row with the tools every tab offers: one row less above the docks
    assert window.tool_options.geometry().top() == window.toolbar.geometry().top()

    ground = window.tool_groups[("raise", "lower", "set_level")]
    assert ground.defaultAction().text() == "Raise ground"
    set_level = next(a for a in ground.menu().actions() if a.text() == "Set ground level")
    set_level.trigger()  # chosen from the button's menu
    assert ground.defaultAction() is set_level and set_level.isChecked()
    qtbot.wait(10)  # the row laid out again with the button's longer name: still no overflow arrow
    last = bar.widgetForAction(bar.actions()[-1])
    assert not extension.isVisible() and last.isVisible() and bar.rect().contains(last.geometry())
    tab = window.current_tab()
    view, document = tab.view, tab.map_document
    assert view.controller.tool == "elevation" and view.controller.options["elevation"]["mode"] == "set"
    view.set_zoom(12)
    view.center_on(20, 20)
    qtbot.wait(10)
    square = (20, 20)
    level = 5 if document.model.levels[square[1], square[0]] != 5 else 1  # another level than the square's
    assert window.tool_options.editors["level"].isEnabled()  # the options bar follows the tool chosen
    choose(window.tool_options.editors["level"], level)
    steps = document.undo.count()
    drag(view, [square, (21, 20)])
    assert document.model.levels[square[1], square[0]] == level and document.undo.count() == steps + 1
    document.undo.undo()  # the bundled pack's map as it was: nothing to ask about when the window closes
    assert not document.dirty


def test_a_data_room_gets_the_right_columns_room_and_a_scenario_gets_it_back(qtbot, make_run_window):  # noqa: F811
    window = make_run_window
    window.resize(1280, 800)
    scenario_tab = window.current_tab()
    docks = [window._dock_named(name) for name in ("minimap", "properties")]
    assert all(d.isVisible() for d in docks)
    pack = scenario_tab.document.content.pack_id
    weapons = window.open_path(window.workspace.pack_file(pack, "weapons"))
    qtbot.waitUntil(lambda: window.current_tab() is weapons)
    assert not any(d.isVisible() for d in docks)  # no "No map in this tab" beside the weapons table
    oob, packs = window._dock_named("oob"), window._dock_named("packs")
    in_front = lambda dock: not dock.visibleRegion().isEmpty()  # noqa: E731 (of docks sharing a place as tabs)
    qtbot.waitUntil(lambda: in_front(packs) and not in_front(oob))  # nor "No scenario open": the packs instead
    before = weapons.width()
    window.tabs.setCurrentWidget(scenario_tab)  # the tab clicked
    qtbot.waitUntil(lambda: all(d.isVisible() for d in docks) and in_front(oob))
    window.tabs.setCurrentWidget(weapons)
    qtbot.waitUntil(lambda: not any(d.isVisible() for d in docks))
    assert weapons.width() == before > 700


def test_every_weapons_room_action_is_on_its_toolbar_at_1280x800(qtbot, make_run_window):  # noqa: F811
    """Nothing behind the overflow arrow: the CSV, cell and analysis actions are grouped under three buttons with
    menus, and an action chosen from one of them does what it says."""
    window = make_run_window
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    pack = window.current_tab().document.content.pack_id
    weapons = window.open_path(window.workspace.pack_file(pack, "weapons"))
    bar = weapons.weapons_toolbar
    qtbot.waitUntil(bar.isVisible)
    extension = next(b for b in bar.findChildren(QToolButton) if b.objectName() == "qt_toolbar_ext_button")
    assert not extension.isVisible()
    reachable: list[str] = []
    for action in bar.actions():
        widget = bar.widgetForAction(action)
        assert widget is not None and widget.isVisible() and bar.rect().contains(widget.geometry()), action.text()
        if isinstance(widget, QToolButton) and widget.menu() is not None:
            reachable += [a.text() for a in widget.menu().actions()]
        elif not action.isSeparator():
            reachable.append(action.text())
    assert reachable == [
        *("Add", "Clone as variant", "Delete", "Replace everywhere…", "Import CSV…", "Export CSV…"),
        *("Copy cells", "Paste cells", "Fill down", "Adjust numbers…", "Compare…", "By range…", "Shooting range…"),
    ]
    analyse = next(b for b in bar.findChildren(QToolButton) if b.text() == "Analyse")
    compare = next(a for a in analyse.menu().actions() if a.text() == "Compare…")
    compare.trigger()
    qtbot.waitUntil(lambda: getattr(weapons, "compare_dialog", None) is not None and weapons.compare_dialog.isVisible())
    weapons.compare_dialog.close()


def test_the_weapons_table_shows_the_manuals_columns_whole_at_1280x800(qtbot, window, pack_copy):  # noqa: F811
    """The plots take 40% of the room, long headers over short values are cut (named whole in their tooltips) and
    the table keeps the width of the manuals' columns # to YR: all of them read side by side, and typed into,
    without scrolling (measured before: 9 of the 13 whole, the plots 608 pixels of 1073)."""
    from PyQt6.QtCore import Qt
    from test_weapons_room_qt import type_into_cell

    from tacforge.editor.data.weapons_room import PLOTS_SHARE

    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: window.width() == 1280)
    window.open_path(pack_copy / "scenarios" / "villers_bocage.yaml")  # the scenario room's docks, as a designer has
    room = window.open_path(pack_copy / "weapons.yaml")  # a pack of one's own: its table can be typed into
    share = lambda: room.plots_dock.width() / room.inner.width()  # noqa: E731
    qtbot.waitUntil(lambda: abs(share() - PLOTS_SHARE) < 0.02)
    view, header, keys = room.table_view, room.table_view.horizontalHeader(), [c.key for c in room.model.columns]
    shown = view.viewport().width()
    for i in range(keys.index("periods") + 1):
        left = header.sectionViewportPosition(i)
        assert 0 <= left and left + header.sectionSize(i) <= shown, room.model.columns[i].header
    cut = keys.index("designer_value")
    tip = room.model.headerData(cut, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Designer value (designer_value)")
    assert header.sectionSize(cut) < view.fontMetrics().horizontalAdvance("Designer value")
    # a value typed into one of them, in sight
    index = room.proxy.index(0, keys.index("sl"))
    weapon = room.table.weapons[room.proxy.mapToSource(index).row()]
    assert view.viewport().rect().contains(view.visualRect(index))
    editor = type_into_cell(room, qtbot, index, "3" if weapon.sl != 3 else "2")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id(weapon.id).sl != weapon.sl)
    assert room.document.dirty
