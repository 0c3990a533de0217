"""The Properties dock's air support form (docs/rules.md 16.6-16.9), pytest-qt: it shows only while the air_support
module is on; the weather, adding, changing and deleting an aircraft each make one undo step on the scenario, and
the file says what the form shows."""

from __future__ import annotations

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from test_modules_qt import click, scroll_to

from tacforge.engine.model import AirSortie


def open_kasserine(qtbot, window, pack_copy):
    path = pack_copy / "scenarios" / "kasserine.yaml"  # no module on, no aircraft
    window.open_path(path)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    return path, window.current_tab().document, window.properties.general


def test_the_form_shows_only_with_the_module_and_each_edit_is_one_undo_step(qtbot, window, pack_copy):
    path, document, page = open_kasserine(qtbot, window, pack_copy)
    form = page.air_support
    assert not form.isVisible()
    module = page.modules.boxes["air_support"]
    scroll_to(qtbot, module)
    click(qtbot, module)
    qtbot.waitUntil(form.isVisible)
    steps = document.undo.count()

    form.weather.setCurrentIndex(form.weather.findData("overcast"))
    assert document.model.scenario.weather == "overcast" and document.undo.count() == steps + 1
    assert form.callers.text().startswith("Overcast: only an air observer")

    form.side.setCurrentIndex(form.side.findData("german"))
    scroll_to(qtbot, form.add)
    QTest.mouseClick(form.add, Qt.MouseButton.LeftButton)
    period = document.model.scenario.period
    [sortie] = document.model.scenario.air_support
    assert sortie == AirSortie("german", sortie.aircraft, 2, 3) and document.undo.count() == steps + 2
    offered = [form.aircraft["german", 0].itemData(i) for i in range(form.aircraft["german", 0].count())]
    assert sortie.aircraft == offered[0] and len(offered) >= 2, f"German aircraft of period {period}: {offered}"

    combo = form.aircraft["german", 0]
    combo.setCurrentIndex(1)
    spin = form.sorties["german", 0]
    spin.lineEdit().selectAll()
    QTest.keyClicks(spin.lineEdit(), "5")
    QTest.keyClick(spin.lineEdit(), Qt.Key.Key_Return)  # typed digits are one edit, made on Enter
    qtbot.waitUntil(lambda: document.model.scenario.air_support[0].sorties == 5)
    assert document.model.scenario.air_support[0].aircraft == offered[1]
    assert document.undo.count() == steps + 4
    document.save()
    text = path.read_text()
    assert "weather: overcast" in text and f"- {{aircraft: {offered[1]}, sorties: 5, arrival: 3}}" in text

    menu_action(window, "Edit", "Undo").trigger()  # the sorties back to 2, and the form with them
    qtbot.waitUntil(lambda: form.sorties["german", 0].value() == 2)

    delete = form.grid.itemAtPosition(2, 4).widget()  # the German heading is row 1, its aircraft row 2
    QTest.mouseClick(delete, Qt.MouseButton.LeftButton)
    assert document.model.scenario.air_support == () and document.value("air_support", default=None) is None
    click(qtbot, module)  # the module off: the form goes, the weather stays in the file for when it comes back
    qtbot.waitUntil(lambda: not form.isVisible())
    assert document.model.scenario.weather == "overcast"
