"""Issue 28, the map stays readable with an AI plan shown (pytest-qt, in the main window at 1280x800): Kasserine's
historical German plan chosen in the AI Plans dock draws its arrows across "the seam" and past Hill 812; every text
the map draws (place names, start lines, the objective area, reinforcements, the plan's notes and group labels) is
laid out so that no two rectangles intersect, inside the map, none over a waypoint's numbered disc; a place name an
arrow crosses is drawn on a backing; at another zoom too."""

from __future__ import annotations

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtTest import QTest

from tacforge.editor.map.label_layout import Box, crosses
from tacforge.editor.map.overlays import Squares
from tacforge.editor.map.plan_paint import plan_disc_rects


def every_text(view):
    return [*view.labels_placed, *view.place_names]


def assert_readable(view):
    boxes = every_text(view)
    o, cell, model = view.origin(), view.cell, view.model
    for i, a in enumerate(boxes):
        assert not any(a.intersects(b) for b in boxes[i + 1 :]), (a, [b for b in boxes[i + 1 :] if a.intersects(b)])
        assert o.x() - 0.5 <= a.left() and a.right() <= o.x() + model.width * cell + 0.5, a
        assert o.y() - 0.5 <= a.top() and a.bottom() <= o.y() + model.height * cell + 0.5, a
    discs = plan_disc_rects(Squares(cell, o), view.plan_marks)
    assert discs and not any(box.intersects(disc) for box in boxes for disc in discs)
    for name in view.place_names:  # a place name an arrow crosses is on a backing, which the arrow stays under
        if any(crosses(Box(*name.getRect()), a, b) for a, b in view.plan_arrows):
            assert name in view.labels_backed, name


def test_kasserine_historical_plan_keeps_every_label_apart_and_the_place_names_readable(qtbot, window, pack_copy):
    tab = window.open_path(pack_copy / "scenarios" / "kasserine.yaml")
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window._dock_named("ai_plans").raise_()
    dock = window.room_docks["ai_plans"]
    dock.side.setCurrentIndex(dock.side.findData("german"))  # the side box, as the designer picks it
    row = dock.plans.visualItemRect(dock.plans.item(0))  # the historical plan, weighted highest
    QTest.mouseClick(dock.plans.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(row.center()))
    view = tab.view
    assert view.plan_marks is not None and view.plan_marks.plan.startswith("german: History")
    view.viewport().grab()  # a paint pass lays the texts out
    assert "attack trigger hill_taken" in view.label_texts  # the plan's notes are laid out with the others
    assert {"the seam", "Hill 812", "Wadi Hatab"} <= set(view.place_name_texts)
    assert view.labels_backed  # (arrows cross some of the texts at this size)
    assert_readable(view)
    assert view.labels_left_out == []  # (measured: at 1280x800 every text finds room)
    view.set_zoom(20.0)
    view.center_on(30, 30)
    view.viewport().grab()
    assert_readable(view)


def test_the_battle_windows_objective_names_keep_clear_of_place_names_and_unit_labels(
    qtbot, window, pack_copy, monkeypatch
):
    from test_playtest_qt import accept_as

    from tacforge.editor.map.unit_symbols import LABEL_MIN

    window.open_path(pack_copy / "scenarios" / "caen.yaml")
    accept_as(monkeypatch, human="allied")
    battle_window = window.playtests.start()
    qtbot.waitUntil(lambda: battle_window.asking == "allied", timeout=20_000)
    view = battle_window.map
    view.set_zoom(20.0)  # where the objectives' names and the units' labels show
    view.center_on(40, 12)  # Cagny (a place name, an objective and German guns on one square) to Bourguebus
    view.viewport().grab()
    assert view.cell >= LABEL_MIN
    assert {"Cagny", "Bourguebus"} <= set(view.label_texts) & set(view.place_name_texts)  # both, apart
    texts = [*view.labels_placed, *view.place_names]
    assert not any(a.intersects(b) for i, a in enumerate(texts) for b in texts[i + 1 :])
    assert not any(text.intersects(mark) for text in texts for mark in view.kept_clear)
    assert len(view.kept_clear) == len(view._objectives_shown()) + len(view._stacks())  # each diamond, each label
    battle_window.close()
