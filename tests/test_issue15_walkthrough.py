"""Issue 15's "Done when", as a designer does it in the window `make run` opens (pytest-qt, offscreen): run a few
balance games, change a weapon value without saving, press F5, command the Germans for two turns with the mouse,
scrub back and watch a pulse again, run the balance games again and compare the runs, and come back to an editor
whose documents and undo histories are as they were before the playtest. (The balance runs are short here; the
benchmark plays the issue's hundred games.)"""

from __future__ import annotations

import pytest
from editor_fixtures import make_run_window, menu_action, no_dialogs, settings  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtTest import QTest

from tacforge.editor.playtest.balance_figures import compare
from tacforge.editor.playtest.frames import PULSE
from tacforge.editor.playtest.playtest_dialog import PlaytestDialog

RUN_TIMEOUT = 240_000  # ms: short games on a loaded 2-core machine


@pytest.fixture
def window(make_run_window):  # noqa: F811
    return make_run_window


def balance_run(qtbot, window):
    menu_action(window, "Playtest", "Balance run").trigger()
    dialog = window.balance_runs.dialog
    dialog.runs.setValue(4)
    dialog.turns.setValue(2)
    dialog.run_button.click()
    ticks = []
    qtbot.waitUntil(lambda: ticks.append(1) or not dialog.running, timeout=RUN_TIMEOUT)
    assert len(ticks) > 1  # the event loop kept turning while the games were played
    return dialog


def click_square(qtbot, view, square, button):
    at = QPoint(
        round(view.origin().x() + (square[0] + 0.5) * view.cell),
        round(view.origin().y() + (square[1] + 0.5) * view.cell),
    )
    qtbot.mouseClick(view.viewport(), button, pos=at)


def test_edit_playtest_scrub_and_balance_leave_the_editor_as_it_was(window, qtbot, monkeypatch):
    scenario_tab = window.current_tab()
    scenario = next(d for d in scenario_tab.documents() if d.kind == "scenario")
    balance_run(qtbot, window)  # before the edit

    # a weapon value changed and not saved: the front armour of the first German vehicle of the scenario
    german = scenario.model.scenario.force("german")
    weapon = next(
        w
        for f in german.formations
        for u in f.units
        if (w := scenario.content.resolve_weapon(u.weapon, scenario.content.side_nationalities("german"))) and w.fa > 0
    )
    weapons = window.workspace.open_pack_file(weapon.id.split(":")[0], "weapons")
    weapons_tab = window.open_path(weapons.path)
    row = next(i for i, w in enumerate(weapons.model.weapons) if w is not None and w.id == weapon.id)
    weapons.set_value(("weapons", row, "fa"), weapon.fa + 3, "Change front armour")
    on_disk = {d.path: d.path.read_text() for d in window.workspace.documents}
    histories = {d.path: (d.undo.count(), d.undo.index()) for d in window.workspace.documents}
    window.tabs.setCurrentWidget(scenario_tab)

    # F5: the Germans played with the mouse for two turns, the computer the other side
    def choose(dialog):
        dialog.players["german"].setCurrentIndex(1)
        dialog.turns.setValue(2)
        return int(dialog.start_button.isEnabled())

    monkeypatch.setattr(PlaytestDialog, "exec", choose)
    assert window.playtests.start_action.shortcut().toString() == "F5"
    window.playtests.start_action.trigger()
    battle = window.playtests.battles[-1]
    controller = battle.controller
    assert (
        next(u for u in controller.battle.state.units.values() if u.weapon.id == weapon.id).weapon.fa == weapon.fa + 3
    )  # the unsaved value is the one played
    for _turn in (1, 2):
        qtbot.waitUntil(lambda: battle.asking == "german" or controller.over, timeout=60_000)
        if controller.over:
            break
        unit = next(
            u for u in controller.frames[-1].units.values() if u.side == "german" and u.pos is not None and not u.offmap
        )
        click_square(qtbot, battle.map, unit.pos, Qt.MouseButton.LeftButton)
        click_square(qtbot, battle.map, (unit.pos[0] - 2, unit.pos[1]), Qt.MouseButton.RightButton)
        QTest.keyClick(battle, Qt.Key.Key_Return)  # ends the orders phase
    assert [turn for turn, side, _ in controller.record.orders if side == "german"][:2] == [1, 2]
    qtbot.waitUntil(lambda: controller.over and not battle.engine_busy, timeout=60_000)

    # scrub back to the first pulse of the battle and watch it again
    battle.set_playing(False)
    first_pulse = next(i for i, f in enumerate(controller.frames) if f.stage == PULSE)
    battle.timeline.slider.setValue(first_pulse - 1)
    battle.step()
    assert battle.index == first_pulse and battle.log.shown == controller.frames[first_pulse].event_end
    battle.close()
    qtbot.waitUntil(lambda: not battle.engine_busy, timeout=10_000)

    # the balance games again, with the edit, compared with the run before it
    dialog = balance_run(qtbot, window)
    dialog.compare_button.click()
    table = dialog.comparison
    shown = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert shown == [row.label for row in compare(dialog.previous[0], dialog.current[0])] and "Run" in shown
    window.balance_runs.stop()

    # the editor as it was: every document's text on disk and history unchanged, the edit still unsaved
    assert {d.path: d.path.read_text() for d in window.workspace.documents} == on_disk
    assert {d.path: (d.undo.count(), d.undo.index()) for d in window.workspace.documents} == histories
    assert weapons.dirty and weapons.model.weapons[row].fa == weapon.fa + 3
    assert window.tabs.indexOf(weapons_tab) >= 0 and window.current_tab() is scenario_tab
