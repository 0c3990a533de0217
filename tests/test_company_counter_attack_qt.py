"""The bundled Company Counter-Attack in the editor (issue 29's "done when", pytest-qt): its order of battle counts
the points each side bought against its budget, and Playtest ▸ Playtest (F5) plays it with every module on: the
battle window draws the air strikes and shows each side's counters against its rating, to the withdrawal; and its
Playtest ▸ Balance run reports how often each side withdrew."""

from __future__ import annotations

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QApplication

from tacforge.editor.playtest.battle_window import BattleWindow
from tacforge.editor.playtest.playtest_dialog import PlaytestDialog
from tacforge.engine.sim import events as ev


def test_the_editor_counts_its_points_and_plays_it_with_air_strikes_and_counters(window, pack_copy, qtbot, monkeypatch):
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(pack_copy / "scenarios" / "company_counter_attack.yaml")
    dock = window.room_docks["oob"]
    qtbot.waitUntil(lambda: "Tabletop points" in dock.budget.text())
    assert "<b>allied</b>: 964 of 1000 points" in dock.budget.text()
    assert "<b>german</b>: 946 of 1000 points" in dock.budget.text()
    assert not window.properties.general.air_support.isHidden()  # the module is on: its form is offered

    def computer_against_computer(dialog):
        dialog.seed.setValue(1)
        dialog.turns.setValue(0)  # the scenario's length: the withdrawal ends it first
        return int(dialog.start_button.isEnabled())

    monkeypatch.setattr(PlaytestDialog, "exec", computer_against_computer)
    window.playtests.start_action.trigger()
    [battle_window] = [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow)]
    controller = battle_window.controller
    qtbot.waitUntil(lambda: controller.over and not battle_window.engine_busy, timeout=60_000)
    battle_window.set_playing(False)
    battle_window.show_all.setChecked(True)
    events = controller.battle.events
    assert controller.battle.state.withdrew == "german"

    attack = next(e for e in events if isinstance(e, ev.AirAttack))
    frames = controller.frames
    battle_window.show_frame(
        next(i for i, f in enumerate(frames) if f.turn == attack.turn and f.event_end > events.index(attack))
    )
    assert (attack.entry, attack.square) in [(entry, square) for entry, square, _ in battle_window.map.strikes]

    battle_window.show_frame(len(frames) - 1)
    totals = {
        side: sum(e.value for e in events if isinstance(e, ev.BattleCounter) and e.side == side)
        for side in ("allied", "german")
    }
    assert battle_window.rating.text() == (
        f"Battle rating: Allied {totals['allied']} of 26; German {totals['german']} of 20; German withdrew"
    )
    battle_window.close()


def test_the_editors_balance_run_reports_how_often_each_side_withdrew(window, pack_copy, qtbot):
    window.open_path(pack_copy / "scenarios" / "company_counter_attack.yaml")
    menu_action(window, "Playtest", "Balance run").trigger()
    dialog = window.balance_runs.dialog
    dialog.runs.setValue(4)
    dialog.seed.setValue(0)
    dialog.turns.setValue(0)  # the scenario's length
    dialog.workers.setValue(1)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=180_000)
    summary = dialog.results.summary.text()
    # games 0-3 of the README's 200, as `tacforge batch` plays them: the Germans withdrew in each
    assert "Withdrew (battle rating): Allied 0 (0.0%" in summary and "German 4 (100.0%" in summary
