"""The Properties dock and the Arrives form in the main window, used as a designer uses them (pytest-qt): each group's
widgets change the document, Undo in the Edit menu takes the change back, and a bad value shows in the issues dock.
A screenshot of each page is saved under the test's temporary folder (look at them when the layout changes)."""

from datetime import date

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

from tacforge.editor.scenario.objectives_page import HIDDEN, KIND, POINTS, WHERE


def open_scenario(window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    return window.properties, window.current_tab().document


def type_date(field, text):
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, text)
    QTest.keyClick(field, Qt.Key.Key_Return)


def undo(window):
    menu_action(window, "Edit", "Undo").trigger()


def issue_codes(window):
    return {window.issues.topLevelItem(i).text(3) for i in range(window.issues.topLevelItemCount())}


def test_scenario_page_edits_and_undo(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    page = props.general
    assert page.pack.text() == "westcopy" and page.period_name.text().startswith("Late 1944")
    page.name.setText("Crossroads at Dawn")
    page.name.editingFinished.emit()
    assert document.model.scenario.name == "Crossroads at Dawn"
    page.name.setText("  ")
    page.name.editingFinished.emit()  # refused: a scenario needs a name
    assert page.name.text() == "Crossroads at Dawn" and document.model.scenario.name == "Crossroads at Dawn"
    page.battle_size.setCurrentIndex(page.battle_size.findData("small"))
    assert document.model.scenario.size == "small"
    page.battle.setCurrentIndex(page.battle.findData("allied-assault"))
    assert document.model.scenario.battle_type == "allied-assault"
    page.visibility.setValue(page.visibility.minimum())  # shown as "random (7-20)"
    assert document.model.scenario.visibility == "random" and page.visibility.text().startswith("random (7-20)")
    page.has_centre.setChecked(False)
    assert document.model.scenario.objective_center is None and not page.centre_x.isEnabled()
    for _ in range(5):  # each edit one step
        undo(window)
    scenario = document.model.scenario
    assert (scenario.objective_center, scenario.visibility, scenario.battle_type, scenario.size, scenario.name) == (
        (30, 30),
        12,
        "meeting",
        None,
        "Bocage Crossroads",
    )
    assert page.visibility.value() == 12 and page.name.text() == "Bocage Crossroads"  # the form follows undo


def test_a_date_outside_the_period_is_warned_in_the_form_and_the_issues_dock(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    page = props.general
    assert page.date_warning.isHidden()
    type_date(page.date, "01031945")  # bare digits, day first: 1 March 1945
    assert page.date.text() == "1945-03-01"
    assert document.model.scenario.date == date(1945, 3, 1)
    assert not page.date_warning.isHidden() and "outside period 4" in page.date_warning.text()
    qtbot.waitUntil(lambda: "scenario.date-period" in issue_codes(window), timeout=10000)
    undo(window)
    assert document.model.scenario.date == date(1944, 7, 29) and page.date_warning.isHidden()
    qtbot.waitUntil(lambda: "scenario.date-period" not in issue_codes(window), timeout=10000)


def test_sides_page_values_default_to_the_period_and_a_start_line_off_the_map_is_an_issue(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    page = props.sides
    delay = page.spins["command_delays", "german"]
    assert delay.value() == delay.minimum() and delay.text() == "period: 2"
    delay.setValue(5)
    assert dict(document.model.scenario.command_delays) == {"german": 5}
    page.spins["starting_vp", "allied"].setValue(40)
    assert dict(document.model.scenario.starting_vp)["allied"] == 40
    page.spins["start_lines", "german"].setValue(70)  # the map is 60 squares wide
    qtbot.waitUntil(lambda: "scenario.placement-outside-map" in issue_codes(window), timeout=10000)
    undo(window)
    undo(window)
    undo(window)
    assert document.value("command_delays") is None and dict(document.model.scenario.starting_vp)["allied"] == 0
    assert delay.text() == "period: 2" and page.spins["start_lines", "german"].value() == 44


def double_click_issue(window, qtbot, code):
    """Double-click the issue with `code` in the issues dock, as a designer does."""
    item = next(
        window.issues.topLevelItem(i)
        for i in range(window.issues.topLevelItemCount())
        if window.issues.topLevelItem(i).text(3) == code
    )
    window.issues.scrollToItem(item)
    centre = window.issues.visualItemRect(item).center()
    qtbot.mouseClick(window.issues.viewport(), Qt.MouseButton.LeftButton, pos=centre)  # a view takes a double
    qtbot.mouseDClick(window.issues.viewport(), Qt.MouseButton.LeftButton, pos=centre)  # click on the item pressed


def test_double_clicking_an_issue_focuses_the_field_it_is_about(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    props.fields.setCurrentIndex(3)  # the Briefing page in front: the double-click must bring the right one
    props.sides.spins["start_lines", "german"].setValue(70)  # the map is 60 squares wide
    type_date(props.general.date, "1945-03-01")  # outside the scenario's period
    qtbot.waitUntil(
        lambda: {"scenario.date-period", "scenario.placement-outside-map"} <= issue_codes(window), timeout=10000
    )
    double_click_issue(window, qtbot, "scenario.date-period")
    assert props.fields.currentIndex() == 0
    qtbot.waitUntil(lambda: window.focusWidget() is props.general.date)  # the focus, once the window is active
    double_click_issue(window, qtbot, "scenario.placement-outside-map")
    assert props.fields.currentIndex() == 1
    qtbot.waitUntil(lambda: window.focusWidget() is props.sides.spins["start_lines", "german"])


def test_off_map_artillery_rows_are_added_edited_and_deleted(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    page = props.sides
    page.battery_side.setCurrentIndex(page.battery_side.findData("german"))
    page.add_battery.click()
    batteries = document.model.scenario.offmap_artillery
    assert len(batteries) == 1 and batteries[0].side == "german" and batteries[0].count == 1
    assert page.batteries.rowCount() == 1 and page.batteries.item(0, 4).text() == "6"  # the rules' delay
    page.batteries.item(0, 2).setText("3")
    qtbot.waitUntil(lambda: document.model.scenario.offmap_artillery[0].count == 3)
    page.batteries.setCurrentCell(0, 1)
    page.remove_battery.click()
    assert document.value("offmap_artillery") is None and page.batteries.rowCount() == 0
    undo(window)
    undo(window)
    assert document.model.scenario.offmap_artillery[0].count == 1


def test_objectives_table_add_change_kind_points_hidden_and_undo(window, pack_copy, qtbot):
    props, document = open_scenario(window, pack_copy)
    page = props.objectives
    page.add.click()
    objective = document.model.scenario.objectives[0]
    assert (objective.kind, objective.side, objective.at, objective.points) == ("capture", "allied", (30, 30), 1)
    page.table.item(0, POINTS).setText("60")
    qtbot.waitUntil(lambda: document.model.scenario.objectives[0].points == 60)
    page.table.cellWidget(0, KIND).setCurrentIndex(page.table.cellWidget(0, KIND).findData("exit"))
    qtbot.waitUntil(lambda: document.model.scenario.objectives[0].kind == "exit")
    assert document.model.scenario.objectives[0].edge == "east" and page.table.item(0, WHERE).text() == "east"
    page.table.item(0, HIDDEN).setCheckState(Qt.CheckState.Checked)
    qtbot.waitUntil(lambda: document.model.scenario.objectives[0].hidden)
    page.table.item(0, WHERE).setText("nowhere")
    qtbot.waitUntil(lambda: page.table.item(0, WHERE).text() == "east")  # refused, with the reason shown
    assert "names an edge" in page.message.text()
    for _ in range(4):
        undo(window)
    assert document.value("objectives") is None and page.table.rowCount() == 0


def open_briefing_tab(window, pack_copy, qtbot):
    """The scenario open, the window shown and active, the Properties dock on its Briefing tab."""
    props, document = open_scenario(window, pack_copy)
    props.fields.setCurrentWidget(props.fields.widget(3))
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return props, document, props.briefing


def test_briefings_are_written_on_leaving_the_box_and_previewed_as_play_prints_them(window, pack_copy, qtbot):
    props, document, page = open_briefing_tab(window, pack_copy, qtbot)
    editor = page.side_editors["german"]
    editor.setFocus()
    qtbot.keyClicks(editor, "Hold the bridge at all costs.")
    page.common.setFocus()  # leaving the box writes it: one undo step
    qtbot.waitUntil(lambda: document.model.scenario.side_briefing("german") == "Hold the bridge at all costs.")
    page.preview_side.setCurrentIndex(page.preview_side.findData("german"))
    preview = page.preview.toPlainText()
    assert preview.startswith(
        "Bocage Crossroads (westcopy:bocage_crossroads): Meeting Engagement, 20 turns, "
        "visibility 12\n\nAllied: The breakout"
    )
    assert preview.endswith("German briefing:\nHold the bridge at all costs.")
    page.preview_side.setCurrentIndex(page.preview_side.findData("allied"))
    assert "Hold the bridge" not in page.preview.toPlainText()
    undo(window)
    assert document.value("side_briefings") is None and editor.toPlainText() == ""


def test_the_rules_parameters_button_brings_up_the_scenario_parameters_dock(window, pack_copy, qtbot):
    props, _ = open_scenario(window, pack_copy)
    dock = window.findChild(type(props.parentWidget()), "scenario_parameters")
    dock.hide()
    props.general.open_parameters.click()
    assert not dock.isHidden()
    assert props.general.overrides.text() == "plays with the pack's rules parameters"
    assert "from rules.yaml" in props.general.bands.text()


def test_a_formation_becomes_a_reinforcement_in_the_arrives_form(window, pack_copy, qtbot):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    dock, document = window.room_docks["oob"], window.current_tab().document
    form = dock.arrival
    dock._select(("allied", 1, None))
    assert not form.isHidden() and not form.reinforcement.isChecked() and not form.turn.isEnabled()
    form.reinforcement.setChecked(True)
    assert document.model.scenario.force("allied").formations[1].arrives.turn == 1
    form.turn.setValue(6)
    arrival = document.model.scenario.force("allied").formations[1].arrives
    assert (arrival.turn, arrival.last_turn, arrival.edge) == (6, 6, None)
    formation = dock.model.index(1, 0, dock.model.index(0, 0))
    assert formation.data() == "B  Tank Company  (by hand, arrives turn 6)"  # the tree says so too
    form.place.setCurrentIndex(form.place.findData("south"))
    assert document.model.scenario.force("allied").formations[1].arrives.edge == "south"
    dock._select(("allied", 1, 2))  # a unit of it arrives with its formation
    assert form.title() == "Arrives: unit B2 (with its formation, turn 6)" and not form.reinforcement.isChecked()
    steps = document.undo.count()
    undo(window)  # the changes of one formation's arrival, one after another, are one step (as typing a number)
    assert document.model.scenario.force("allied").formations[1].arrives is None
    assert document.undo.index() == steps - 1


def test_screenshots_of_every_page(window, pack_copy, qtbot, tmp_path):
    props, _ = open_scenario(window, pack_copy)
    props.setParent(None)  # alone, at the width of a docked panel
    props.resize(440, 760)
    props.show()
    for i in range(props.fields.count()):
        props.fields.setCurrentIndex(i)
        QApplication.processEvents()
        image = props.grab()
        assert image.width() == 440 and image.save(str(tmp_path / f"properties-{i}.png"))


def test_the_designer_s_notes_are_typed_in_the_briefing_tab_and_no_player_is_shown_them(window, pack_copy, qtbot):
    """Building Villers-Bocage in the editor found nowhere to write a historical scenario's sources and
    assumptions (the scenario's `notes`) short of the YAML file."""
    props, document, page = open_briefing_tab(window, pack_copy, qtbot)
    page.notes.setFocus()
    qtbot.keyClicks(page.notes, "Sources: the regimental history.")
    qtbot.keyClick(page.notes, Qt.Key.Key_Return)
    qtbot.keyClicks(page.notes, "The map is drawn by hand.")
    page.common.setFocus()  # leaving the box writes it: one undo step
    expected = "Sources: the regimental history.\nThe map is drawn by hand."
    qtbot.waitUntil(lambda: document.model.scenario.notes == expected)
    assert "notes: |-\n  Sources: the regimental history.\n  The map is drawn by hand." in document.text()
    for side in ("allied", "german"):
        page.preview_side.setCurrentIndex(page.preview_side.findData(side))
        assert "regimental history" not in page.preview.toPlainText()
    undo(window)
    assert document.value("notes") is None and page.notes.toPlainText() == ""
