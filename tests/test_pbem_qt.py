"""Play by file in the editor (issue 30): File ▸ Open play-by-file game takes the opponent's file, the battle window
plays the opponent's turn, the orders are given with the mouse, and the next file is saved for the opponent, who
plays on with `tacforge pbem play`."""

from __future__ import annotations

import json
import os

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from pbem_helpers import Players
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QFileDialog, QMessageBox
from test_playtest_qt import click_square

from tacforge.editor.playtest.frames import PULSE
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.pbem import moves

SCENARIO = "westcopy:bocage_crossroads"


def test_the_editor_plays_a_pbem_game_against_the_command_line(window, qtbot, monkeypatch, tmp_path, pack_copy):  # noqa: F811
    editor_data = os.environ["XDG_DATA_HOME"]
    german = Players(tmp_path, monkeypatch, pack_copy)  # the opponent, with a user folder of its own

    def opponent(*argv: str) -> str:
        code, out = german.run("german", "pbem", *argv)
        monkeypatch.setenv("XDG_DATA_HOME", editor_data)  # back to the editor's own user folder
        assert code == 0, out
        return out

    def open_in_editor(n: int):
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(german.file(n)), "")))
        saved_to = str(german.file(n + 1))
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (saved_to, "")))
        menu_action(window, "File", "Open play-by-file game").trigger()
        return window.playtests.battles[-1] if window.playtests.battles else None

    opponent("start", SCENARIO, "--as", "german", "--seed", "3", "--auto", "-o", str(german.file(1)))
    assert open_in_editor(1) is None and german.file(2).exists()  # only the allied share of the set-up
    opponent("play", str(german.file(2)), "--as", "german", "--auto", "-o", str(german.file(3)))

    battle_window = open_in_editor(3)
    qtbot.waitUntil(lambda: battle_window.asking == "allied", timeout=20_000)
    controller = battle_window.controller
    unit = controller.frames[-1].units["allied:B1"]
    click_square(qtbot, battle_window.map, unit.pos, Qt.MouseButton.LeftButton)
    target = (unit.pos[0] + 3, unit.pos[1])
    click_square(qtbot, battle_window.map, target, Qt.MouseButton.RightButton)
    end_phase = next(a for a in battle_window.findChildren(QAction) if a.text() == "End phase")
    end_phase.trigger()
    qtbot.waitUntil(lambda: battle_window.sent is not None, timeout=20_000)
    sent = json.loads(german.file(4).read_text())["messages"][-1]
    assert sent["side"] == "allied" and sent["package"]["orders"] == [
        {"order": "Move", "unit": "allied:B1", "square": list(target), "speed": None}
    ]
    battle_window.close()

    out = opponent("play", str(german.file(4)), "--as", "german", "--auto", "-o", str(german.file(5)))
    assert "Turn  1:" in out  # the German side played turn 1 out with the mouse-given allied order
    battle_window = open_in_editor(5)
    qtbot.waitUntil(lambda: battle_window.asking == "allied", timeout=20_000)
    frames = battle_window.controller.frames
    assert any(f.stage == PULSE and f.turn == 1 for f in frames)  # the turn, pulse by pulse, in the window
    content, scenario = find_scenario(SCENARIO, [str(pack_copy)])
    _, played = moves.verify(german.file(5), content, scenario, [str(pack_copy)])
    assert played.battle is not None
    ours = [e.to_dict() for e in battle_window.controller.battle.events]
    assert ours == [e.to_dict() for e in played.battle.events]
    battle_window.close()

    refused = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: refused.append(text)))
    count = len(window.playtests.battles)
    open_in_editor(3)  # played already: refused, and no window opens
    assert len(window.playtests.battles) == count
    assert refused and "older file of this game" in refused[0]
