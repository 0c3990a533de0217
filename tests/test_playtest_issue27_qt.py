"""Issue 27, playtest part (pytest-qt, through the real actions and keys): every Battle menu action does what it
says (Save replay wrote nothing: `checked` arrived as its path), F5 on a tab that is no scenario names or asks the
scenario, the battle window shows the viewer's briefing, the end-of-battle legends sit outside the plots, and a
replay's status names the turn shown and says it is over only at its end."""

from __future__ import annotations

import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication, QFileDialog, QInputDialog

from tacforge.editor.playtest import watch_game
from tacforge.editor.playtest.battle_window import BattleWindow
from tacforge.editor.playtest.playtest_dialog import PlaytestDialog
from tacforge.editor.playtest.replays import open_battle_file

BATTLE_TIMEOUT = 30_000


def battle_menu(battle_window: BattleWindow) -> dict:
    menu = next(a.menu() for a in battle_window.menuBar().actions() if a.text().replace("&", "") == "Battle")
    return {a.text(): a for a in menu.actions() if not a.isSeparator()}


def wait_until_over(qtbot, battle_window: BattleWindow) -> None:
    qtbot.waitUntil(lambda: battle_window.report is not None and not battle_window.engine_busy, timeout=BATTLE_TIMEOUT)


def activate(qtbot, widget) -> None:
    """Shown and active, so that its shortcuts take the keys."""
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget, timeout=5000)


def battle_windows() -> list[BattleWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible()]


def test_every_battle_menu_action_works_through_the_menu_and_its_shortcut(qtbot, tmp_path, monkeypatch):
    battle_window = watch_game(None, "western:bocage_crossroads", [], 4, None, turns=2)
    wait_until_over(qtbot, battle_window)
    actions = battle_menu(battle_window)
    assert set(actions) == {"Save replay…", "Briefing", "Play on after the end", "Close"}  # a new one needs a test

    asked = []
    targets = iter([tmp_path / "menu.jsonl", tmp_path / "shortcut.jsonl"])
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: asked.append(a) or (str(next(targets)), ""))
    )
    actions["Save replay…"].trigger()
    assert (tmp_path / "menu.jsonl").read_text() == battle_window.controller.replay_log()
    activate(qtbot, battle_window)
    qtbot.keyClick(battle_window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "shortcut.jsonl").read_text() == battle_window.controller.replay_log()
    assert len(asked) == 2  # the dialog asked each time: no `checked` taken for a path

    battle_window.briefing_dock.close()
    actions["Briefing"].trigger()
    assert battle_window.briefing_dock.isVisible()
    assert "Task Force Harlan" in battle_window.briefing.toPlainText()

    turns = battle_window.controller.battle.state.turn
    actions["Play on after the end"].trigger()
    assert battle_window.report is None  # the result is withdrawn while the battle goes on
    wait_until_over(qtbot, battle_window)
    assert battle_window.controller.battle.state.turn > turns

    with qtbot.waitSignal(battle_window.closed, timeout=5000):
        actions["Close"].trigger()


def accept_playtest(monkeypatch, human: str | None = None, turns: int = 1) -> list:
    shown = []

    def exec_(dialog):
        shown.append(dialog.windowTitle())
        if human is not None:
            dialog.players[human].setCurrentIndex(1)
        dialog.turns.setValue(turns)
        return int(dialog.start_button.isEnabled())

    monkeypatch.setattr(PlaytestDialog, "exec", exec_)
    return shown


def test_f5_on_the_weapons_tab_asks_which_scenario_and_remembers_it(window, qtbot, monkeypatch, pack_copy):  # noqa: F811
    window.open_path(pack_copy / "weapons.yaml")
    activate(qtbot, window)
    offered = []

    def pick(parent, title, label, items, current, editable):
        offered.append((title, list(items), current))
        wanted = next(i for i, text in enumerate(items) if "bocage_crossroads.yaml" in text)
        return (items[wanted], True) if len(offered) == 1 else ("", False)

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(pick))
    titles = accept_playtest(monkeypatch)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    [battle_window] = battle_windows()
    assert offered[0][0] == "Playtest" and any("bocage_crossroads.yaml" in label for label in offered[0][1])
    assert titles == ["Playtest: Bocage Crossroads (bocage_crossroads.yaml)"]
    assert "Bocage Crossroads (bocage_crossroads.yaml, playtest" in battle_window.windowTitle()
    assert "bocage_crossroads.yaml" in window.statusBar().currentMessage()
    battle_window.close()

    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F5)  # asked again, the last scenario offered first; cancelled: no battle
    _title, items, current = offered[1]
    assert "bocage_crossroads.yaml" in items[current]
    assert battle_windows() == []

    qtbot.keyClick(window, Qt.Key.Key_F5, Qt.KeyboardModifier.ControlModifier)  # again: the last scenario, unasked
    [again] = battle_windows()
    assert len(offered) == 2 and "bocage_crossroads.yaml, playtest" in again.windowTitle()
    again.stop_engine()
    again.close()
    activate(qtbot, window)

    # the balance run asks the same way from a tab that is no scenario
    offered.clear()
    window.balance_runs.action.trigger()
    assert offered[0][0] == "Balance run"
    assert window.balance_runs.dialog.scenario_path.name == "bocage_crossroads.yaml"
    window.balance_runs.dialog.close()


def test_the_battle_window_opens_on_the_players_briefing(window, qtbot, monkeypatch, pack_copy):  # noqa: F811
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    tab.document.set_value(
        ("side_briefings",), {"allied": "Allied eyes only: the ford is mined.", "german": "Hold the bridge."}, "brief"
    )
    accept_playtest(monkeypatch, human="allied")
    window.playtests.start_action.trigger()
    [battle_window] = battle_windows()
    assert battle_window.briefing_dock.isVisible()
    text = battle_window.briefing.toPlainText()
    assert "Task Force Harlan" in text and "Allied eyes only: the ford is mined." in text
    assert "Hold the bridge." not in text  # the other side's own briefing is not the player's to read
    battle_window.stop_engine()
    battle_window.close()


@pytest.fixture
def finished_replay(qtbot, tmp_path):
    watched = watch_game(None, "western:bocage_crossroads", [], 4, None, turns=4)
    wait_until_over(qtbot, watched)
    log = tmp_path / "game.jsonl"
    log.write_text(watched.controller.replay_log())
    watched.close()
    replay = open_battle_file(None, log, [], lambda sides: None)
    yield replay
    replay.close()


def settled(replay) -> bool:
    """The engine's thread has ended and the window has taken its last frames (the thread stops running before
    its `finished` signal reaches the window, which then stretches the timeline over every frame)."""
    return not replay.engine_busy and replay.timeline.slider.maximum() == len(replay.controller.frames) - 1


def test_a_replays_status_names_the_turn_shown_and_is_over_only_at_the_end(qtbot, finished_replay):
    replay = finished_replay
    qtbot.waitUntil(lambda: settled(replay), timeout=BATTLE_TIMEOUT)
    frames = replay.controller.frames
    third = next(i for i, f in enumerate(frames) if f.turn == 3)
    replay.timeline.slider.setValue(third)  # scrubbing, as the user drags the timeline
    assert replay.prompt.text() == f"replay, turn 3 of {frames[-1].turn}"
    assert "over" not in replay.prompt.text()
    activate(qtbot, replay)
    qtbot.keyClick(replay, Qt.Key.Key_End)  # to the end of the turn: still turn 3, not over
    assert replay.prompt.text().startswith("replay, turn 3")
    replay.timeline.slider.setValue(len(frames) - 1)
    assert replay.prompt.text() == f"turn {frames[-1].turn}: the replay is over"


def test_the_result_plots_keep_their_legends_off_the_lines(qtbot, finished_replay):
    replay = finished_replay
    replay.resize(1300, 850)
    replay.show()
    qtbot.waitExposed(replay)
    qtbot.waitUntil(lambda: settled(replay), timeout=BATTLE_TIMEOUT)
    last = len(replay.controller.frames) - 1
    replay.timeline.slider.setValue(last)

    def at_the_result() -> bool:  # (the slider's range may still be catching up with the frames on a loaded machine)
        if replay.report is None:
            replay.show_frame(last)
        return replay.report is not None

    qtbot.waitUntil(at_the_result, timeout=BATTLE_TIMEOUT)
    replay.report_dock.raise_()
    pairs = list(zip(replay.report.plots, replay.report.legends, strict=True))
    for _plot, legend in pairs:
        assert [label.text for _sample, label in legend.items] == ["Allied", "German"]

    def laid_out_apart() -> bool:  # the layout settles when the event loop gets to it: a loaded machine is slow
        replay.report_dock.raise_()  # the briefing, raised at the start, may come up after the first raise
        return all(
            legend.sceneBoundingRect().height() > 0
            and not legend.sceneBoundingRect().intersects(plot.vb.sceneBoundingRect())
            for plot, legend in pairs
        )

    qtbot.waitUntil(laid_out_apart, timeout=BATTLE_TIMEOUT)


def test_a_briefing_reads_as_paragraphs_not_as_the_files_lines():
    from tacforge.editor.playtest.battle_panels import reflowed

    block = "Take the village\nbefore dusk.\n\nOrders:\n- hold the bridge\n- screen the ford\n"
    assert reflowed(block) == "Take the village before dusk.\n\nOrders:\n- hold the bridge\n- screen the ford"
