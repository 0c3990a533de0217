"""The Balance Run dialog in the main window (pytest-qt): it plays the scenario with its unsaved edits in worker
processes while the window keeps running, compares two runs, cancels leaving no process behind, shows errors as
messages, and sends a deciding unit to the order of battle."""

from __future__ import annotations

import time

import psutil
import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QTimer
from PyQt6.QtWidgets import QMessageBox

from tacforge.editor.playtest.balance_results import KEY

ASSAULT_GUNS = ("forces", "allied", "formations", 0, "units", 1, "count")  # 3 assault guns in the pack
RUN_TIMEOUT = 180_000  # ms: a few short games on a loaded 2-core machine


@pytest.fixture
def scenario(window, pack_copy):  # noqa: F811
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    return tab.document


def open_dialog(window, runs: int, turns: int, workers: int = 2):  # noqa: F811
    menu_action(window, "Playtest", "Balance run").trigger()
    dialog = window.balance_runs.dialog
    dialog.runs.setValue(runs)
    dialog.turns.setValue(turns)
    dialog.workers.setValue(min(workers, dialog.workers.maximum()))
    return dialog


def run_and_wait(qtbot, dialog) -> None:
    dialog.run_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=RUN_TIMEOUT)


def row(dialog, label: str) -> tuple[str, str]:
    table = dialog.comparison
    for r in range(table.rowCount()):
        if table.item(r, 0).text() == label:
            return table.item(r, 1).text(), table.item(r, 2).text()
    raise AssertionError(f"no comparison row {label!r}")


def test_a_run_plays_the_unsaved_edit_and_compares_with_the_run_before(qtbot, window, scenario):
    dialog = open_dialog(window, runs=4, turns=1)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()) if dialog.running else None)
    timer.start(20)
    run_and_wait(qtbot, dialog)
    assert ticks, "the window's event loop ran while the games were played"
    assert not dialog.compare_button.isEnabled()  # nothing to compare with yet
    first = dialog.current[0]
    assert first.n == 4 and not first.cancelled
    assert not dialog.results.plans_box.isVisibleTo(dialog)  # no AI plans: no table of them
    # Bocage Crossroads turns the battle rating on: how often each side withdrew (nobody, in one turn)
    assert "Withdrew (battle rating): Allied 0 (0.0%" in dialog.results.summary.text()
    assert f"counters {first.withdrawals()['german']['mean_counters']:.1f} of " in dialog.results.summary.text()
    allied = {sum(g.sides["allied"].strength.values()) for g in first.games}
    assert len(allied) == 1  # every game fields the same force

    scenario.set_value(ASSAULT_GUNS, 1, "Fewer assault guns")  # not saved
    steps = scenario.undo.count()
    dialog.run_button.click()
    assert dialog.running and dialog.progress.value() == 0  # Run returns at once: the games are played elsewhere
    qtbot.waitUntil(lambda: not dialog.running, timeout=RUN_TIMEOUT)
    second = dialog.current[0]
    assert {sum(g.sides["allied"].strength.values()) for g in second.games} == {allied.pop() - 2}
    assert scenario.dirty and scenario.undo.count() == steps  # the documents and their history are untouched
    assert dialog.compare_button.isEnabled()
    dialog.compare_button.click()
    assert dialog.tabs.currentWidget() is dialog.compare_view
    assert row(dialog, "Allied assault_gun")[0].endswith("of 3") and row(dialog, "Allied assault_gun")[1].endswith(
        "of 1"
    )
    assert row(dialog, "games")[1].startswith("4 games, seed 0")
    table = dialog.comparison  # each figure's change, and for a share its interval and test
    changes = {
        table.item(r, 0).text(): (table.item(r, 3).text(), table.item(r, 4).text()) for r in range(table.rowCount())
    }
    lost_before, lost_after = (float(cell.split()[0]) for cell in row(dialog, "Allied assault_gun"))
    assert changes["Allied assault_gun"][0] == f"{lost_after - lost_before:+.2f}".replace("+0.00", "0.00")
    assert changes["draws"][1].startswith(("yes (p = ", "no (p = "))
    edited = dialog.compare_view.changes  # what was edited between the runs: the one unit count
    [document] = [edited.topLevelItem(i) for i in range(edited.topLevelItemCount())]
    assert document.text(0) == "westcopy/bocage_crossroads.yaml" and document.childCount() == 1
    field = document.child(0)
    assert (field.text(1), field.text(2), field.text(3)) == ("forces[allied].formations[A].units[1].count", "3", "1")
    assert "1 field in westcopy/bocage_crossroads.yaml" in dialog.compare_view.summary.text()
    assert dialog.results.notable.rowCount() == 4  # every game of a 4-game run, each once


def helper_processes_only(before: set[int]) -> list[str]:
    """What this process started and is still there, besides multiprocessing's own helpers (the fork server and
    the resource tracker, started once per program and reused by every run) and what ran before the test."""
    me = psutil.Process()
    left = []
    for child in me.children(recursive=True):
        if child.pid in before:
            continue
        try:
            command = " ".join(child.cmdline())
            parent = child.ppid()
        except psutil.NoSuchProcess:
            continue  # ended while we looked
        helper = parent == me.pid and (
            "multiprocessing.forkserver import main" in command
            or "multiprocessing.resource_tracker import main" in command
        )
        if not helper:
            left.append(f"{child.pid}: {command[:120]}")
    return left


def test_cancel_midway_stops_promptly_and_leaves_no_worker_behind(qtbot, window, scenario):
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    dialog = open_dialog(window, runs=60, turns=5)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=RUN_TIMEOUT)
    me = psutil.Process()
    assert [p for p in me.children(recursive=True) if p.ppid() != me.pid], "workers (forks of the fork server)"
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=30_000)
    report = dialog.current[0]
    assert report.cancelled and 1 <= report.n < 60
    assert "(cancelled)" in dialog.progress_label.text()
    assert helper_processes_only(before) == []


def test_closing_the_window_mid_run_stops_the_run(qtbot, window, scenario):
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    dialog = open_dialog(window, runs=60, turns=5)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=RUN_TIMEOUT)
    dialog.close()
    assert not dialog.running
    assert helper_processes_only(before) == []


def test_errors_are_messages_not_tracebacks(qtbot, window, scenario, pack_copy):  # noqa: F811
    scenario.set_value(("forces", "allied", "formations", 0, "units", 1, "weapon"), "no_such_gun", "Typo")
    dialog = open_dialog(window, runs=2, turns=1)
    run_and_wait(qtbot, dialog)
    text = dialog.message.text()
    assert dialog.message.isVisible()
    assert text.startswith("The scenario has") and "no_such_gun" in text
    assert "bocage_crossroads.yaml:" in text  # file and line
    assert dialog.current is None

    scenario.undo.undo()
    dialog.set_scenario(pack_copy / "scenarios" / "no_such_scenario.yaml")
    run_and_wait(qtbot, dialog)
    assert dialog.message.text().startswith("The balance run stopped:")
    assert "no_such_scenario" in dialog.message.text() and "Traceback" not in dialog.message.text()


def test_a_deciding_unit_is_selected_in_the_order_of_battle(qtbot, window, scenario):
    dialog = open_dialog(window, runs=2, turns=4)
    run_and_wait(qtbot, dialog)
    deciders = dialog.current[0].deciders()
    assert deciders, "four turns of Bocage Crossroads score some points"
    uid = deciders[0]["unit"]
    side, unit_id = uid.split(":")
    formations = scenario.model.scenario.force(side).formations
    row_of = [f.letter for f in formations].index(unit_id[0])
    unit_row = [u.index for u in formations[row_of].units].index(int(unit_id[1:]))
    table = dialog.results.deciders
    table.itemClicked.emit(table.item(0, 0))
    assert window.room_docks["oob"].selection() == (side, row_of, unit_row)


def test_a_notable_game_opens_as_the_replay_of_the_game_the_run_played(qtbot, window, scenario, monkeypatch):
    """watch_game gets what the run played with: the unsaved texts and the turns setting (tests/
    test_playtest_controller.py checks that watch_game with them replays the batch game exactly)."""
    import tacforge.editor.playtest as playtest

    watched = []
    dialog = open_dialog(window, runs=2, turns=1)
    run_and_wait(qtbot, dialog)
    table = dialog.results.notable
    game = table.item(0, 0).data(KEY)
    monkeypatch.setattr(playtest, "watch_game", lambda *args, **options: watched.append((args, options)))
    table.itemDoubleClicked.emit(table.item(0, 0))
    source = dialog.current[1]
    assert watched == [
        (
            (dialog, str(scenario.path.resolve()), tuple(str(p) for p in window.workspace.extra), game.seed, None),
            {"unsaved": source.unsaved, "turns": 1},
        )
    ]


def test_a_run_of_a_scenario_with_ai_plans_reports_each_plans_results(qtbot, window, scenario):
    from tacforge.editor.scenario import plan_edits as edits

    for name in ("Hold the crossroads", "Push west"):  # two German plans of equal weight
        row_ = edits.add_plan(scenario, "german", name)
        edits.add_group(scenario, "german", row_, ["B"])
        edits.add_order(scenario, "german", row_, 0, "hold" if name.startswith("Hold") else "attack", (40, 30))
    dialog = open_dialog(window, runs=4, turns=1)
    run_and_wait(qtbot, dialog)
    report, table = dialog.current[0], dialog.results.plans
    assert dialog.results.plans_box.isVisibleTo(dialog)
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    assert [c[:2] for c in cells] == [["German", "plan_1: Hold the crossroads"], ["German", "plan_2: Push west"]]
    drawn = [sum(1 for g in report.games if g.sides["german"].plan == plan) for plan in ("plan_1", "plan_2")]
    assert [c[2].split()[0] for c in cells] == [str(n) for n in drawn] and sum(drawn) == 4
    assert all(g.sides["allied"].plan is None for g in report.games)  # the Allies have no plans: the doctrine
