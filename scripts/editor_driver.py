"""A designer's hands on the editor's real windows, offscreen: New Scenario's dialog, the map tools and the terrain
palette, the Order of battle dock (its Add formation/Add unit dialogs, F2 renames, the Transport cell, the Arrives
form), the Properties dock's pages, the AI Plans dock and File > Save. Each method counts what a person would do
(`actions`: a click, a typed field, a key, a drag). Dialogs that would wait for a person have their modal loop
replaced by the answer typed into their own fields, as the editor's walkthrough tests do; everything they write
goes through the editor's undo commands. Used by scripts/build_villers_bocage.py and scripts/build_prokhorovka.py."""

from __future__ import annotations

from PyQt6.QtCore import QEvent, QPointF, Qt
from PyQt6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QPushButton

from tacforge.editor.common.weapon_picker import UnitDialog
from tacforge.editor.scenario.objective_dialog import NEW, ObjectiveDialog
from tacforge.editor.scenario.oob_rows import ROLE, TRANSPORT
from tacforge.editor.shell.new_scenario_dialog import NewScenarioDialog


def menu_action(window, menu_title: str, text_start: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_title)
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text_start))


def wait_until(app, done, timeout: float = 10.0) -> None:
    import time

    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the editor did not get there")
        app.processEvents()
        time.sleep(0.01)


def refuse_message_boxes() -> None:
    """A message box would wait for a person: the message is raised instead, so a refusal stops the build."""
    from PyQt6.QtWidgets import QMessageBox

    def stop(_parent, title, text, *_a, **_k):
        raise RuntimeError(f"the editor asked: {title}: {text}")

    for name in ("warning", "critical", "information", "question"):
        setattr(QMessageBox, name, staticmethod(stop))


class Driver:
    def __init__(self, app, window, actions):
        self.app, self.window, self.actions = app, window, actions
        self.tab = self.document = None
        refuse_message_boxes()

    def settle(self) -> None:
        for _ in range(3):
            self.app.processEvents()

    # -- New Scenario ---------------------------------------------------------------------------------------------
    def new_scenario(self, spec, pack, front: str = "western") -> None:
        """File > New scenario on `pack` (whose id is `front`: the workspace's only pack, already chosen)."""
        act = self.actions

        def run(dialog):
            dialog.show()
            dialog.front.setCurrentIndex(dialog.front.findData(front))
            dialog.destination.setCurrentIndex(dialog.destination.findData(str(pack)))  # (a new pack by default)
            act()
            for field, text in ((dialog.scenario_id, spec["id"]), (dialog.name, spec["name"])):
                field.selectAll()
                QTest.keyClicks(field, text)
                act()
            dialog.use_date.setChecked(True)
            dialog.period.setCurrentIndex(dialog.period.findData(spec["period"]))
            act(2)
            dialog.date.setFocus()
            dialog.date.selectAll()
            QTest.keyClicks(dialog.date, spec["date"])
            QTest.keyClick(dialog.date, Qt.Key.Key_Return)
            act()
            dialog.battle_type.setCurrentIndex(dialog.battle_type.findData(spec["battle_type"]))
            act()
            for side, force_type in spec["force_types"].items():
                dialog.force_types[side].setCurrentIndex(dialog.force_types[side].findData(force_type))
                act()
            next(b for b in dialog.map_choice.buttons() if b.objectName() == "blank").click()
            act()
            for spin, value in zip((dialog.map_width, dialog.map_height), spec["size"], strict=True):
                spin.selectAll()
                QTest.keyClicks(spin, str(value))
                act()
            for box in (dialog.auto_select, dialog.auto_deploy):
                box.setChecked(False)
                act()
            dialog.accept()
            act()
            return dialog.result()

        NewScenarioDialog.exec = run
        menu_action(self.window, "File", "New scenario").trigger()
        act()
        self.tab = self.window.current_tab()
        self.document = next(d for d in self.tab.documents() if d.kind == "scenario")
        size = self.tab.map_document.model.width, self.tab.map_document.model.height
        assert size == spec["size"], size
        self.settle()

    # -- the map --------------------------------------------------------------------------------------------------
    def _pos(self, square) -> QPointF:
        view = self.tab.view
        o, c = view.origin(), view.cell
        return QPointF(o.x() + (square[0] + 0.5) * c, o.y() + (square[1] + 0.5) * c)

    def drag(self, start, end) -> None:
        """Press on square `start`, move to `end`, release there: one stroke of the mouse."""
        viewport = self.tab.view.viewport()
        left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
        for kind, square, button, buttons in (
            (QEvent.Type.MouseButtonPress, start, left, left),
            (QEvent.Type.MouseMove, end, none, left),
            (QEvent.Type.MouseButtonRelease, end, left, none),
        ):
            pos = self._pos(square)
            QApplication.sendEvent(
                viewport,
                QMouseEvent(kind, pos, viewport.mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier),
            )

    def tool(self, text: str) -> None:
        next(a for a in self.window.tool_actions.values() if a.text() == text).trigger()  # its button or menu
        self.actions()

    def terrain(self, kind: str) -> None:
        palette = self.window.terrain_palette.types
        item = next(
            palette.item(i) for i in range(palette.count()) if palette.item(i).data(Qt.ItemDataRole.UserRole) == kind
        )
        palette.scrollToItem(item)
        QTest.mouseClick(palette.viewport(), Qt.MouseButton.LeftButton, pos=palette.visualItemRect(item).center())
        self.actions()

    def option(self, key: str, value) -> None:
        """A value typed into the tool-options bar's spin box (size, level)."""
        spin = self.window.tool_options.editors[key]
        if hasattr(spin, "findData"):
            spin.setCurrentIndex(spin.findData(value))
            spin.activated.emit(spin.currentIndex())
        else:
            spin.setValue(value)
        self.actions()

    def draw_map(self, strokes, labels) -> None:
        current = (None, None)
        for stroke in strokes:
            kind = stroke[0]
            if kind in ("rect", "line"):
                tool = "Rectangle" if kind == "rect" else "Road/river line"
                if current[0] != tool:
                    self.tool(tool)
                    current = (tool, None)
                if current[1] != stroke[1]:
                    self.terrain(stroke[1])
                    current = (tool, stroke[1])
                self.drag(stroke[2], stroke[3])
                self.actions()
            elif kind == "level":
                _, level, size, start, end = stroke
                if current[0] != "level":
                    self.tool("Raise ground")  # then "set level" in its options bar
                    self.option("mode", "set")
                    current = ("level", None)
                self.option("level", level)
                self.option("size", size)
                self.drag(start, end)
                self.actions()
        self.place_names(labels)

    def place_names(self, labels) -> None:
        """Each place's name clicked onto the map with the Place name tool (its question answered)."""
        answers = iter(labels)
        self.tab.ask_place_name = lambda _parent, _square, _old: next(answers)[0]
        menu_action(self.window, "Map", "Place name").trigger()  # (the Map menu's: not on the toolbar)
        self.actions()
        for _text, square in labels:
            self.drag(square, square)
            self.actions(2)  # the click, the name typed and Enter
        assert self.tab.map_document.model.labels == tuple((t, *square) for t, square in labels)

    def map_details(self, name: str, description: str) -> None:
        """Map > Name and description…: the map's own name and where its ground comes from."""
        self.tab.ask_map_details = lambda _parent, _name, _description: (name, description)
        menu_action(self.window, "Map", "Name and description…").trigger()
        self.actions(3)  # the menu, the name typed, the description typed and OK
        assert self.tab.map_document.model.name == name

    # -- the order of battle --------------------------------------------------------------------------------------
    @property
    def oob(self):
        return self.window.room_docks["oob"]

    def index_of(self, key, column: int = 0):
        model = self.oob.model

        def walk(item):
            yield item
            for row in range(item.rowCount()):
                yield from walk(item.child(row))

        for top in range(model.rowCount()):
            for item in walk(model.item(top)):
                if item.data(ROLE) == key:
                    return item.index().siblingAtColumn(column)
        raise KeyError(key)

    def click_row(self, key, column: int = 0, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        tree, index = self.oob.tree, self.index_of(key, column)
        tree.scrollTo(index)
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, modifier, tree.visualRect(index).center())
        self.actions()

    def rename(self, key, name: str) -> None:
        self.click_row(key)
        QTest.keyClick(self.oob.tree, Qt.Key.Key_F2)
        editor = self.oob.tree.indexWidget(self.index_of(key))
        editor.selectAll()
        QTest.keyClicks(editor, name)
        QTest.keyClick(editor, Qt.Key.Key_Return)
        self.actions(2)  # F2, the name typed and Enter
        wait_until(self.app, lambda: name in self.index_of(key).data())

    def name_forces(self, names) -> None:
        """Each side's force renamed on its row (F2), over the name New Scenario gave it."""
        wait_until(self.app, lambda: self.oob.document is self.document)
        for side, name in names.items():
            self.rename((side, None, None), name)

    def name_command(self, command) -> None:
        """The command formation New Scenario made (a halftrack HQ and its defence section) renamed; where the
        HQ fought in tanks, its weapon and count typed over, the defence section deleted and units added."""
        wait_until(self.app, lambda: self.oob.document is self.document)
        for side, (formation, hq, retyped, units) in command.items():
            self.rename((side, 0, None), formation)
            self.rename((side, 0, 0), hq)
            if retyped is None:
                continue
            self.window.activateWindow()
            self.settle()
            weapon, count = retyped
            self.type_cell((side, 0, 0), 1, weapon)
            self.type_cell((side, 0, 0), 2, str(count))
            self.click_row((side, 0, 1))
            self.button("delete")
            for unit in units:
                self.answer_unit_dialog(*unit)
                self.click_row((side, 0, None))
                self.button("add_unit")
                self.actions(4)
            made = self.document.model.scenario.force(side).formations[0]
            assert [(u.name, u.weapon, u.count) for u in made.units] == [(hq, weapon, count), *units], made.units

    def answer_unit_dialog(self, name: str, weapon: str, count: int) -> None:
        def run(dialog):
            dialog.show()
            for field, text in ((dialog.name, name), (dialog.weapon, weapon)):
                field.selectAll()
                QTest.keyClicks(field, text)
            dialog.count.selectAll()
            QTest.keyClicks(dialog.count, str(count))
            QTest.keyClick(dialog.weapon, Qt.Key.Key_Return)
            return dialog.result()

        UnitDialog.exec = run

    def button(self, name: str) -> None:
        found = self.oob.findChild(QPushButton, name)
        found.click()
        self.actions()

    def build_force(self, side: str, formations) -> None:
        for name, units in formations:
            hq_name, hq_weapon, hq_count = units[0]
            self.answer_unit_dialog(name, hq_weapon, hq_count)
            self.click_row((side, None, None))
            self.button("add_formation")
            self.actions(4)  # the name, the weapon, the count, OK
            row = len(self.document.model.scenario.force(side).formations) - 1
            self.rename((side, row, 0), hq_name)
            for unit in units[1:]:
                self.answer_unit_dialog(*unit)
                self.click_row((side, row, None))
                self.button("add_unit")
                self.actions(4)
            made = self.document.model.scenario.force(side).formations[row]
            assert [u.name for u in made.units] == [u[0] for u in units], made.units

    def type_cell(self, key, column: int, text: str) -> None:
        """A cell of the Order of battle typed over: a click and a double-click on it, the text typed, Enter."""
        tree, index = self.oob.tree, self.index_of(key, column)
        tree.scrollTo(index)
        point = tree.visualRect(index).center()
        QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        QTest.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
        editor = tree.indexWidget(index) or QApplication.focusWidget()
        if hasattr(editor, "completer") and editor.completer() is not None:
            editor.completer().popup().hide()
        editor.selectAll()
        QTest.keyClicks(editor, text)
        QTest.keyClick(editor, Qt.Key.Key_Return)
        self.actions(2)  # the double-click, the text typed and Enter
        self.settle()

    def set_transport(self, rides) -> None:
        """Each rider's Transport cell: the carrier's id typed."""
        self.window.activateWindow()  # (the last unit dialog was the active window)
        self.settle()
        for side, formation, unit, carrier in rides:
            self.type_cell((side, formation, unit), TRANSPORT, carrier)
            wait_until(self.app, lambda s=side, f=formation, u=unit, c=carrier: self._carrier(s, f, u) == c)

    def _carrier(self, side, formation, unit):
        return self.document.model.scenario.force(side).formations[formation].units[unit].carrier

    def set_arrivals(self, arrivals) -> None:
        form = self.oob.arrival
        for side, row, first, last, chance, edge in arrivals:
            self.click_row((side, row, None))
            form.reinforcement.click()
            self.actions()
            for spin, value in ((form.last_turn, last), (form.turn, first), (form.chance, chance)):
                spin.setValue(value)
                self.actions()
            if edge is not None:
                form.place.setCurrentIndex(form.place.findData(edge))
                self.actions()
            arrives = self.document.model.scenario.force(side).formations[row].arrives
            assert (arrives.turn, arrives.last_turn, arrives.edge) == (first, last, edge), arrives

    # -- the Properties dock --------------------------------------------------------------------------------------
    @property
    def properties(self):
        return self.window.room_docks["properties"]

    def type_value(self, spin, value) -> None:
        spin.setFocus()
        spin.selectAll()
        QTest.keyClicks(spin, str(value))
        QTest.keyClick(spin, Qt.Key.Key_Return)
        self.actions()
        self.settle()

    def scenario_fields(self, spec) -> None:
        props = self.properties
        props.fields.setCurrentIndex(0)
        self.actions()
        general = props.general
        if not general.historical.isChecked():
            general.historical.click()
            self.actions()
        self.type_value(general.turns, spec["turns"])
        self.type_value(general.visibility, spec["visibility"])
        if not general.has_centre.isChecked():
            general.has_centre.click()
            self.actions()
        self.type_value(general.centre_x, spec["centre"][0])
        self.type_value(general.centre_y, spec["centre"][1])
        props.fields.setCurrentIndex(1)
        self.actions()
        for side, column in spec["start_lines"].items():
            self.type_value(props.sides.spins["start_lines", side], column)
        scenario = self.document.model.scenario
        assert scenario.turns == spec["turns"] and dict(scenario.start_lines) == spec["start_lines"], scenario

    def objectives(self, objectives) -> None:
        """Each objective clicked onto the map with the Objective tool, its dialog answered (on a square that holds
        one already, "New objective on this square" chosen first; the kind, the side, the points, OK); then each is
        named in the Objectives page's Name cell, as the pack's file was first built (a name typed in the dialog is
        written before the kind)."""
        act = self.actions
        answers = iter(objectives)

        def run(dialog):
            dialog.show()
            _name, kind, side, points, _square = next(answers)
            if dialog.which.count() > 1:
                dialog.which.setCurrentIndex(dialog.which.findData(NEW))
                act()
            for combo, value in ((dialog.kind, kind), (dialog.side, side)):
                if combo.currentText() != value:
                    combo.setCurrentText(value)
                    act()
            if dialog.points.value() != points:
                dialog.points.selectAll()
                QTest.keyClicks(dialog.points, str(points))
                act()
            dialog.accept()
            act()
            return dialog.result()

        ObjectiveDialog.exec = run
        self.tool("Objective")
        for *_, square in objectives:
            self.tab.view.viewport().setFocus()
            self.drag(square, square)
            act()  # the click
        self.window.activateWindow()  # (the last objective dialog was the active window)
        page = self.properties.objectives
        self.properties.fields.setCurrentWidget(self.properties.fields.widget(2))
        self.actions()
        for row, (name, *_rest) in enumerate(objectives):
            page.table.item(row, 0).setText(name)  # a double-click on the Name cell, the name typed, Enter
            self.actions(2)
            self.settle()
        made = self.document.model.scenario.objectives
        assert [(o.name, o.kind, o.side, o.points, o.at) for o in made] == [tuple(o) for o in objectives], made

    def briefings(self, common: str, sides: dict, notes: str) -> None:
        page = self.properties.briefing
        self.properties.fields.setCurrentWidget(self.properties.fields.widget(3))
        self.actions()
        editors = [(page.common, common), *((page.side_editors[s], t) for s, t in sides.items())]
        if hasattr(page, "notes"):
            editors.append((page.notes, notes))
        for editor, text in editors:
            editor.setFocus()
            QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            editor.insertPlainText(text)  # (typed: QTest would take a minute over these paragraphs)
            editor.clearFocus()  # leaving the box writes it: one undo step
            self.actions(2)
            self.settle()
        scenario = self.document.model.scenario
        assert scenario.briefing.strip() == common, scenario.briefing

    # -- placing --------------------------------------------------------------------------------------------------
    def place(self, places) -> None:
        view = self.tab.view
        for key, square in places:
            mime = self.oob.model.mimeData([self.index_of(key)])
            pos = self._pos(square)
            buttons, modifiers, action = (
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
                Qt.DropAction.CopyAction,
            )
            for event in (
                QDragEnterEvent(pos.toPoint(), action, mime, buttons, modifiers),
                QDragMoveEvent(pos.toPoint(), action, mime, buttons, modifiers),
                QDropEvent(pos, action, mime, buttons, modifiers),
            ):
                QApplication.sendEvent(view.viewport(), event)
            self.actions()  # one drag from the tree onto the map
            self.settle()
        scenario = self.document.model.scenario
        unplaced = [
            f"{f.letter}{u.index}"
            for force in scenario.forces
            for f in force.formations
            for u in f.units
            if u.at is None and u.carrier is None and f.arrives is None and u.arrives is None
        ]
        assert not unplaced, unplaced

    # -- AI plans -------------------------------------------------------------------------------------------------
    def plans(self, plans) -> None:
        dock = self.window.room_docks["ai_plans"]
        scenario = lambda: self.document.model.scenario  # noqa: E731

        def press(name):
            dock.findChild(QPushButton, name).click()
            self.actions()
            self.settle()

        for side, ident, name, weight, groups in plans:
            if dock.chosen().side != side:
                dock.side.setCurrentIndex(dock.side.findData(side))
                self.actions()
                wait_until(self.app, lambda s=side: dock.chosen().side == s)
            press("add_plan")
            plan = len(scenario().ai_plans[side]) - 1
            for field, text in ((dock.plan_id, ident), (dock.name, name)):
                field.setFocus()
                field.selectAll()
                QTest.keyClicks(field, text)
                QTest.keyClick(field, Qt.Key.Key_Return)
                self.actions()
                self.settle()
            self.type_value(dock.weight, weight)
            self.settle()
            for refs, orders, then_hold in groups:
                for i, ref in enumerate(refs):
                    key = self._key(side, ref)
                    self.click_row(key, 0, Qt.KeyboardModifier.ControlModifier if i else Qt.KeyboardModifier.NoModifier)
                self.settle()
                press("group_selected_units")
                for kind, square, start in orders:
                    dock.new_kind.setCurrentText(kind)
                    self.actions()
                    press("add_order")
                    form = dock.order_form
                    if square is not None:
                        self.type_value(form.square_x, square[0])
                        self.type_value(form.square_y, square[1])
                    if start is not None:
                        form.start.setCurrentText("on turn")
                        form.start.activated.emit(form.start.currentIndex())
                        self.actions()
                        self.settle()  # the form redrawn: the turn box enabled
                        self.type_value(form.turn, start)
                    self.settle()
                assert len(scenario().ai_plans[side][plan].groups[-1].orders) == len(orders), dock.message.text()
                if then_hold:
                    dock.then_hold.click()
                    self.actions()
                    self.settle()
            made = scenario().ai_plans[side][plan]
            assert (made.id, made.name, made.weight) == (ident, name, weight), made
            assert [(list(g.units), g.then == "hold") for g in made.groups] == [(g[0], g[2]) for g in groups], made

    def _key(self, side: str, ref: str):
        force = self.document.model.scenario.force(side)
        for row, formation in enumerate(force.formations):
            if ref == formation.letter:
                return (side, row, None)
            for unit_row, unit in enumerate(formation.units):
                if ref == f"{formation.letter}{unit.index}":
                    return (side, row, unit_row)
        raise KeyError(ref)

    # -- saving ---------------------------------------------------------------------------------------------------
    def save(self):
        menu_action(self.window, "File", "Save").trigger()  # File > Save (Ctrl+S): the scenario and its map
        self.actions()
        wait_until(self.app, lambda: not self.document.dirty and not self.tab.map_document.dirty)
        return self.document.path, self.tab.map_document.path
