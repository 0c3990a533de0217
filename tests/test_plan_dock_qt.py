"""The AI Plans dock and the plan on the map in the main window (pytest-qt): a plan is added, units selected on
the map become a group, the Map menu's waypoint tool adds its moves and the trigger area tool draws a trigger, the
forms set a start and a condition, each is one step of Edit > Undo, and the map draws the plan's routes."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QPushButton
from test_map_units_qt import drag, open_scenario

from tacforge.editor.scenario import plan_edits as edits

A1 = ("german", 0, 1)  # bocage_crossroads: the German A1


def button(dock, name: str) -> QPushButton:
    found = dock.findChild(QPushButton, name)
    assert found is not None and found.isEnabled(), name
    return found


def plans(document):
    return document.model.scenario.ai_plans.get("german", ())


def test_a_plan_is_made_on_the_dock_and_the_map_one_undo_step_each(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    dock = window.room_docks["ai_plans"]
    dock.side.setCurrentIndex(dock.side.findData("german"))
    qtbot.waitUntil(lambda: dock.chosen().side == "german")
    steps = document.undo.count()
    button(dock, "add_plan").click()
    assert [p.id for p in plans(document)] == ["plan_1"] and document.undo.count() == steps + 1
    assert dock.plans.count() == 1 and dock.chosen().plan == 0

    a1 = document.model.scenario.force("german").formations[0].units[1].at
    menu_action(window, "Map", "Select/move units").trigger()
    tab.view.center_on(*a1)
    drag(tab.view, a1, a1)  # a click on A1 selects the units on its square on the map
    german = document.model.scenario.force("german").formations
    stacked = tuple(f"{f.letter}{u.index}" for f in german for u in f.units if u.at == a1)
    assert "A1" in stacked
    button(dock, "group_selected_units").click()
    assert plans(document)[0].groups[0].units == stacked

    menu_action(window, "Map", "AI plan waypoint").trigger()
    first, second = (a1[0] - 4, a1[1]), (a1[0] - 6, a1[1] + 3)
    drag(tab.view, first, first)
    drag(tab.view, second, second)
    orders = plans(document)[0].groups[0].orders
    assert [(o.kind, o.square) for o in orders] == [("move", first), ("move", second)]
    assert document.undo.count() == steps + 4

    menu_action(window, "Map", "AI trigger area").trigger()
    drag(tab.view, (a1[0] - 8, a1[1] - 2), (a1[0] - 5, a1[1] + 1))
    [trigger] = plans(document)[0].triggers
    assert trigger.id == "trigger_1" and trigger.when.corner == (a1[0] - 8, a1[1] - 2)
    assert trigger.when.opposite == (a1[0] - 5, a1[1] + 1)

    dock.orders.setCurrentRow(1)  # the second waypoint waits for the trigger
    form = dock.order_form
    form.start.setCurrentText("when a trigger fires")
    form.start.activated.emit(form.start.currentIndex())
    qtbot.waitUntil(lambda: plans(document)[0].groups[0].orders[1].start is not None)
    assert plans(document)[0].groups[0].orders[1].start.trigger == "trigger_1"

    dock.triggers.setCurrentRow(0)  # the trigger's condition: from turn 5 on
    trigger_form = dock.trigger_form
    trigger_form.kind.setCurrentIndex(trigger_form.kind.findData("turn"))
    trigger_form.kind.activated.emit(trigger_form.kind.currentIndex())
    qtbot.waitUntil(lambda: type(plans(document)[0].triggers[0].when).__name__ == "TurnReached")
    trigger_form.turn.setValue(5)
    trigger_form.turn.editingFinished.emit()
    qtbot.waitUntil(lambda: plans(document)[0].triggers[0].when.turn == 5)

    marks = tab.view.plan_marks
    assert marks is not None and marks.routes[0].start == a1
    assert [(w.number, w.square, w.waits) for w in marks.routes[0].waypoints] == [
        (1, first, ""),
        (2, second, "trigger trigger_1"),
    ]
    assert "ai_plans:" in document.text() and "{move: [" in document.text()

    made = document.undo.count() - steps
    undo = menu_action(window, "Edit", "Undo")
    for _ in range(made):
        undo.trigger()
    assert plans(document) == () and document.value("ai_plans") is None
    assert tab.view.plan_marks is None and dock.plans.count() == 0


def issue_items(window):
    items = (window.issues.topLevelItem(i) for i in range(window.issues.topLevelItemCount()))
    return {item.data(0, Qt.ItemDataRole.UserRole).code: item for item in items}


def test_a_plan_problem_is_in_the_issues_dock_and_its_double_click_chooses_the_order(qtbot, window, pack_copy):
    _tab, document = open_scenario(qtbot, window, pack_copy)
    dock = window.room_docks["ai_plans"]
    edits.add_plan(document, "german")
    edits.add_group(document, "german", 0, ["A1"])
    edits.add_order(document, "german", 0, 0, "hold")
    edits.add_order(document, "german", 0, 0, "move", (200, 9))  # off the 60 x 60 map
    qtbot.waitUntil(lambda: "plan.square-off-map" in issue_items(window), timeout=10_000)
    dock.focus.set(group=None, order=None)
    item = issue_items(window)["plan.square-off-map"]
    window.issues.itemDoubleClicked.emit(item, 0)
    assert dock.chosen().group == 0 and dock.chosen().order == 1
    assert dock.orders.currentRow() == 1 and dock.order_form.square_x.value() == 200
    edits.set_order_square(document, "german", 0, 0, 1, (9, 9))
    qtbot.waitUntil(lambda: "plan.square-off-map" not in issue_items(window), timeout=10_000)


def test_a_trigger_that_needs_all_of_two_conditions_is_made_in_the_trigger_form(qtbot, window, pack_copy):
    """{all: [{turn: 5}, {objective: ..., held_by: ...}]} through the form's kind, Condition list and buttons."""
    from tacforge.editor.scenario.objective_edits import add_objective_at

    _tab, document = open_scenario(qtbot, window, pack_copy)
    row = add_objective_at(document, "german", (30, 30))  # bocage_crossroads has no typed objective of its own
    objective = document.model.scenario.objectives[row].id
    dock = window.room_docks["ai_plans"]
    dock.side.setCurrentIndex(dock.side.findData("german"))
    qtbot.waitUntil(lambda: dock.chosen().side == "german")
    steps = document.undo.count()
    button(dock, "add_plan").click()
    button(dock, "add_trigger").click()
    qtbot.waitUntil(lambda: dock.chosen().trigger == 0)
    form = dock.trigger_form

    def when():
        return plans(document)[0].triggers[0].when

    def choose_kind(kind):
        form.kind.setCurrentIndex(form.kind.findData(kind))
        form.kind.activated.emit(form.kind.currentIndex())

    choose_kind("all")
    qtbot.waitUntil(lambda: type(when()).__name__ == "AllOf")
    assert [form.parts.item(i).text() for i in range(form.parts.count())] == ["all of:", "    turn 2"]
    form.parts.setCurrentRow(1)
    assert form.turn.isEnabled() and not form.objective.isEnabled()
    form.turn.setValue(5)
    form.turn.editingFinished.emit()
    qtbot.waitUntil(lambda: when().conditions[0].turn == 5)

    form.parts.setCurrentRow(0)
    button(form, "add_condition").click()
    assert len(when().conditions) == 2 and form.part == (1,)
    choose_kind("objective")  # held by the first side, allied, by default
    qtbot.waitUntil(lambda: type(when().conditions[1]).__name__ == "ObjectiveHeld")
    form.held_by.setCurrentText("german")
    form.held_by.activated.emit(form.held_by.currentIndex())
    qtbot.waitUntil(lambda: when().conditions[1].held_by == "german")
    line = f"- {{id: trigger_1, when: {{all: [{{turn: 5}}, {{objective: {objective}, held_by: german}}]}}}}"
    assert line in document.text()
    assert not dock.message.text()

    made = document.undo.count() - steps
    # the plan, the trigger, all, turn 5, the second condition, and its kind and side: two edits of one value in a
    # row, which the document merges into one step (editor/document/commands.py, SetValue.mergeWith)
    assert made == 6
    undo = menu_action(window, "Edit", "Undo")
    for _ in range(made - 2):
        undo.trigger()
    assert "when: {turn: 2}" in document.text() and form.parts.count() == 1
    for _ in range(2):
        undo.trigger()
    assert plans(document) == ()


def test_a_group_of_reinforcements_gets_an_attack_from_add_order_at_the_objective_area(qtbot, window, pack_copy):
    """Building Villers-Bocage: the Tigers and Panzer IVs arriving later stand on no square, and Add order refused
    them a first attack ("place the group's units first"); it now starts at the objective area's centre, and the
    form's square boxes move it."""
    from tacforge.editor.document import MISSING
    from tacforge.editor.scenario import arrival_edits

    _tab, document = open_scenario(qtbot, window, pack_copy)
    arrival_edits.set_arrival(document, "german", 2, None, arrival_edits.ArrivalValues.first())
    for row in range(len(document.model.scenario.force("german").formations[2].units)):
        document.set_value(("forces", "german", "formations", 2, "units", row, "at"), MISSING, "off the map")
    dock = window.room_docks["ai_plans"]
    dock.side.setCurrentIndex(dock.side.findData("german"))
    qtbot.waitUntil(lambda: dock.chosen().side == "german")
    button(dock, "add_plan").click()
    edits.add_group(document, "german", 0, ["C"])
    dock.focus.set(group=0)
    dock.new_kind.setCurrentText("attack")
    button(dock, "add_order").click()
    [order] = plans(document)[0].groups[0].orders
    assert (order.kind, order.square) == ("attack", document.model.scenario.objective_center) == ("attack", (30, 30))
    assert dock.message.text() == ""
    form = dock.order_form
    qtbot.waitUntil(lambda: form.isEnabled())
    form.square_x.setValue(12)
    form.square_x.editingFinished.emit()
    qtbot.waitUntil(lambda: plans(document)[0].groups[0].orders[0].square == (12, 30))
