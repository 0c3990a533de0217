"""Playtest from the editor (issue 15), with widgets: F5 plays the unsaved document in a battle window, mouse orders
go through the controller, the window steps and scrubs the pulses, closing it mid-pulse leaves no thread running,
and replays open from a log."""

from __future__ import annotations

import threading
import time

import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt

from tacforge.editor.playtest import watch_game
from tacforge.editor.playtest.controller import COMPUTER, PlaytestChoice
from tacforge.editor.playtest.frames import END, ORDERS, PULSE
from tacforge.editor.playtest.playtest_dialog import PlaytestDialog
from tacforge.editor.playtest.replays import open_battle_file
from tacforge.engine.cli import main
from tacforge.engine.sim import events as ev
from tacforge.engine.sim import orders as o

FIRST_PLATOON = ("forces", "allied", "formations", 0, "units", 1, "count")  # allied:A1, 3 assault guns in the pack


@pytest.fixture
def scenario_tab(window):  # noqa: F811
    return window.open_path(window.workspace.extra[0] / "scenarios" / "bocage_crossroads.yaml")


def scenario_document(tab):
    return next(d for d in tab.documents() if d.kind == "scenario")


def accept_as(monkeypatch, human: str | None = None, turns=None):
    """The Playtest dialog answers at once: `human` plays that side, the computer the other."""
    seen = []

    def exec_(dialog):
        seen.append(dialog)
        if human is not None:
            dialog.players[human].setCurrentIndex(1)
        dialog.turns.setValue(turns or 0)
        return int(dialog.start_button.isEnabled())

    monkeypatch.setattr(PlaytestDialog, "exec", exec_)
    return seen


def click_square(qtbot, view, square, button):
    centre = view.origin() + QPoint(0, 0).toPointF()
    at = QPoint(round(centre.x() + (square[0] + 0.5) * view.cell), round(centre.y() + (square[1] + 0.5) * view.cell))
    qtbot.mouseClick(view.viewport(), button, pos=at)


def test_f5_plays_the_unsaved_edit_and_mouse_orders_reach_the_engine(window, scenario_tab, qtbot, monkeypatch):
    document = scenario_document(scenario_tab)
    before = document.path.read_text()
    document.set_value(FIRST_PLATOON, 1, "Fewer assault guns")
    accept_as(monkeypatch, human="allied")
    battle_window = window.playtests.start()
    controller = battle_window.controller
    qtbot.waitUntil(lambda: battle_window.asking == "allied", timeout=10_000)
    assert controller.battle.state.units["allied:A1"].count == 1  # the edited value, not the file's 3
    assert controller.frames[-1].units["allied:A1"].count == 1
    unit = controller.frames[-1].units["allied:B1"]
    click_square(qtbot, battle_window.map, unit.pos, Qt.MouseButton.LeftButton)
    assert battle_window.selected == {"allied:B1"}
    target = (unit.pos[0] + 3, unit.pos[1])
    click_square(qtbot, battle_window.map, target, Qt.MouseButton.RightButton)
    assert controller.record.orders == [(1, "allied", o.Move("allied:B1", target))]
    assert controller.frames[-1].units["allied:B1"].objectives == (target,)
    assert document.dirty and document.undo.count() == 1 and document.path.read_text() == before
    battle_window.close()


def test_step_a_pulse_and_scrub(window, scenario_tab, qtbot, monkeypatch):
    accept_as(monkeypatch, turns=3)
    battle_window = window.playtests.start()
    controller = battle_window.controller
    qtbot.waitUntil(lambda: controller.over and not battle_window.engine_busy, timeout=20_000)
    battle_window.set_playing(False)
    battle_window.timeline.slider.setValue(0)  # scrub back to the first orders phase
    assert battle_window.index == 0 and controller.frames[0].stage == ORDERS
    assert battle_window.log.shown == controller.frames[0].event_end
    battle_window.step()
    assert battle_window.index == 1 and (controller.frames[1].stage, controller.frames[1].pulse) == (PULSE, 1)
    assert battle_window.log.shown == controller.frames[1].event_end > controller.frames[0].event_end
    battle_window.skip_turn()
    assert controller.frames[battle_window.index].stage == END and controller.frames[battle_window.index].turn == 1
    battle_window.timeline.slider.setValue(len(controller.frames) - 1)
    assert battle_window.report is not None  # the end of the battle: its report
    battle_window.play_on()  # then the turns the rules allow after the end
    qtbot.waitUntil(lambda: battle_window.report is not None, timeout=20_000)
    assert controller.battle.state.turn > 3 and controller.record.played_on == [3]
    battle_window.close()


def test_a_deciding_unit_in_the_report_is_selected_in_the_order_of_battle(window, scenario_tab, qtbot, monkeypatch):
    accept_as(monkeypatch, turns=4)
    battle_window = window.playtests.start()
    # the engine thread has ended and the window has taken its end in (the timeline spans every frame)
    qtbot.waitUntil(
        lambda: (
            battle_window.controller.over
            and not battle_window.engine_busy
            and battle_window.timeline.slider.maximum() == len(battle_window.controller.frames) - 1
        ),
        timeout=30_000,
    )
    battle_window.set_playing(False)
    battle_window.timeline.slider.setValue(0)  # scrubbed back, then to the end: its report
    battle_window.timeline.slider.setValue(len(battle_window.controller.frames) - 1)
    deciders = battle_window.report.deciders
    assert deciders.count() == 3  # the deciders of this 4-turn game (GameSummary.deciders)
    item = deciders.item(0)
    uid = item.data(Qt.ItemDataRole.UserRole)
    deciders.itemClicked.emit(item)
    side, label = uid.split(":")
    dock = window.room_docks["oob"]
    key = dock.selection()
    formation = dock.document.model.scenario.force(side).formations[key[1]]
    assert key[0] == side and f"{formation.letter}{formation.units[key[2]].index}" == label
    battle_window.close()


def test_closing_mid_pulse_stops_the_engine_thread(window, scenario_tab, qtbot, monkeypatch):
    accept_as(monkeypatch)
    in_pulse = threading.Event()

    def slow_pulses(event):  # the test's hook on the engine's event stream: each pulse takes a while
        if isinstance(event, ev.PulseStarted):
            in_pulse.set()
            time.sleep(0.05)

    original = window.playtests._show

    def show(battle_window):
        battle_window.controller.battle.listeners.insert(0, slow_pulses)
        return original(battle_window)

    monkeypatch.setattr(window.playtests, "_show", show)
    battle_window = window.playtests.start()
    thread = battle_window.engine_thread
    qtbot.waitUntil(in_pulse.is_set, timeout=10_000)
    assert thread.isRunning()
    battle_window.close()
    assert thread.isFinished() and not battle_window.controller.over


def test_errors_block_the_playtest_and_are_listed(window, scenario_tab, qtbot, monkeypatch):
    scenario_document(scenario_tab).set_value(
        ("forces", "allied", "formations", 0, "units", 1, "weapon"), "no_such_gun", "Typo"
    )
    seen = accept_as(monkeypatch)
    assert window.playtests.start() is None
    dialog = seen[0]
    assert not dialog.start_button.isEnabled() and dialog.issues.count() == (1, 0)  # the typo: one error, no warning
    jumped = []
    monkeypatch.setattr(window, "jump_to_issue", jumped.append)
    dialog.jumpRequested.connect(window.jump_to_issue)
    item = dialog.issues.topLevelItem(0)
    dialog.issues.itemDoubleClicked.emit(item, 1)
    assert jumped and jumped[0].code


def test_a_replay_log_and_watch_game_open_in_battle_windows(window, scenario_tab, qtbot, monkeypatch, tmp_path):
    watched = watch_game(None, "western:bocage_crossroads", [], 4, None)
    qtbot.waitUntil(lambda: watched.controller.over and not watched.engine_busy, timeout=20_000)
    log = tmp_path / "game.jsonl"
    log.write_text(watched.controller.replay_log())
    replayed = open_battle_file(None, log, [], lambda sides: None)
    qtbot.waitUntil(lambda: replayed.controller.over and not replayed.engine_busy, timeout=20_000)
    assert [e.to_dict() for e in replayed.controller.battle.events] == [
        e.to_dict() for e in watched.controller.battle.events
    ]
    assert replayed.controller.record.players == {s: "computer" for s in ("allied", "german")}
    watched.close()
    replayed.close()


def test_hot_seat_covers_the_map_while_the_seat_changes_hands(
    window, scenario_tab, qtbot, monkeypatch, tmp_path, pack_copy
):  # noqa: F811
    def both_human(dialog):
        for combo in dialog.players.values():
            combo.setCurrentIndex(1)
        dialog.turns.setValue(1)
        return 1

    monkeypatch.setattr(PlaytestDialog, "exec", both_human)
    battle_window = window.playtests.start()
    qtbot.waitUntil(lambda: battle_window.asking == "allied", timeout=10_000)
    assert battle_window.stack.currentWidget() is battle_window.cover  # nothing of either side shows
    assert battle_window.units.isHidden() and battle_window.log.isHidden()
    battle_window.cover_button.click()
    assert battle_window.stack.currentWidget() is battle_window.map and battle_window.map.viewer == "allied"
    battle_window.end_phase()
    assert battle_window.asking == "german" and battle_window.stack.currentWidget() is battle_window.cover
    battle_window.cover_button.click()
    assert battle_window.map.viewer == "german"
    battle_window.end_phase()
    qtbot.waitUntil(lambda: battle_window.report is not None, timeout=20_000)
    replay = tmp_path / "hotseat.jsonl"
    battle_window.save_replay(str(replay))
    assert main(["--pack-path", str(pack_copy), "play", "--replay", str(replay), "--quiet"]) == 0
    battle_window.close()


def test_a_saved_game_continues_in_a_battle_window(window, qtbot, tmp_path):
    from tacforge.engine.ai.players import ComputerPlayer
    from tacforge.engine.packs.scenario_lookup import find_scenario
    from tacforge.engine.sim.battle import Battle
    from tacforge.engine.sim.savegame import save

    content, scenario = find_scenario("western:bocage_crossroads", [])
    battle = Battle(content, scenario, seed=2, turns=3)
    for _ in range(2):
        battle.start()
        battle.orders_phase({s: ComputerPlayer().orders(battle, s) for s in battle.state.sides})
        battle.combat_phase()
    saved = tmp_path / "game.json"
    save(battle, saved)
    asked = []
    battle_window = open_battle_file(
        None, saved, [], lambda sides: asked.append(sides) or PlaytestChoice({side: COMPUTER for side, _ in sides})
    )
    assert asked == [[("allied", "Allied"), ("german", "German")]]
    assert battle_window.controller.frames[0].turn == 3  # the saved state first
    qtbot.waitUntil(lambda: battle_window.report is not None, timeout=20_000)
    assert battle_window.controller.battle.state.turn == 3 and battle_window.controller.over
    battle_window.close()


def test_the_battle_window_shows_the_plan_the_computer_follows_and_its_triggers(
    window, scenario_tab, qtbot, monkeypatch
):
    from PyQt6.QtWidgets import QApplication

    from tacforge.editor.playtest.battle_window import BattleWindow
    from tacforge.editor.scenario import plan_edits as edits

    document = scenario_document(scenario_tab)  # the German panzer company holds, then drives west on turn 2
    edits.add_plan(document, "german", "Hold, then push")
    edits.add_group(document, "german", 0, ["B"])
    edits.add_order(document, "german", 0, 0, "hold")
    edits.add_order(document, "german", 0, 0, "move", (40, 30))
    edits.add_trigger(document, "german", 0, edits.condition("turn", turn=2))
    edits.set_order_start(document, "german", 0, 0, 1, trigger="trigger_1")
    accept_as(monkeypatch, turns=3)
    window.playtests.start_action.trigger()  # Playtest > Playtest... (F5)
    [battle_window] = [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow)]
    qtbot.waitUntil(lambda: battle_window.controller.over and not battle_window.engine_busy, timeout=30_000)
    battle_window.set_playing(False)
    battle_window.show_all.setChecked(True)
    battle_window.show_frame(len(battle_window.controller.frames) - 1)  # (the slider may not span them all yet)
    assert battle_window.plans.text() == "German: plan plan_1, fired trigger_1 (T2)"
    lines = [battle_window.log.item(i).text() for i in range(battle_window.log.count())]
    assert "T1.0 German follows AI plan plan_1" in lines
    assert any(line.endswith("German's AI plan trigger trigger_1 fires") for line in lines)
    battle_window.show_all.setChecked(False)  # the Allies' view: the enemy's plan is not theirs to know
    battle_window._refresh()
    assert battle_window.current_viewer() == "allied" and battle_window.plans.text() == ""
    battle_window.close()


def test_the_battle_window_shows_each_sides_counters_against_its_rating(window, scenario_tab, qtbot, monkeypatch):
    """Bocage Crossroads turns the battle_rating module on (docs/rules.md 16): the status bar adds up the
    battle_counter events of the frame shown; a side sees its own counters' values, of the enemy's only how many."""
    from PyQt6.QtWidgets import QApplication

    from tacforge.editor.playtest.battle_window import BattleWindow

    accept_as(monkeypatch, turns=6)
    window.playtests.start_action.trigger()  # Playtest > Playtest... (F5)
    [battle_window] = [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow)]
    controller = battle_window.controller
    qtbot.waitUntil(lambda: controller.over and not battle_window.engine_busy, timeout=30_000)
    battle_window.set_playing(False)
    battle = controller.battle
    counters = [e for e in battle.events if isinstance(e, ev.BattleCounter)]
    assert counters, "six turns of Bocage Crossroads draw counters"
    ratings = battle.rating.ratings
    battle_window.show_all.setChecked(True)
    battle_window.show_frame(len(controller.frames) - 1)
    totals = {side: sum(e.value for e in counters if e.side == side) for side in ratings}
    assert battle_window.rating.text().startswith(
        f"Battle rating: Allied {totals['allied']} of {ratings['allied']}; German {totals['german']} of "
        f"{ratings['german']}"
    )
    battle_window.show_frame(0)  # the first orders phase: nothing drawn yet
    assert (
        battle_window.rating.text()
        == f"Battle rating: Allied 0 of {ratings['allied']}; German 0 of {ratings['german']}"
    )
    battle_window.show_all.setChecked(False)  # the Allies' view: the number of German counters, not their value
    battle_window.show_frame(len(controller.frames) - 1)
    drawn = sum(1 for e in counters if e.side == "german")
    assert f"German {drawn} counter" in battle_window.rating.text()
    battle_window.close()
