"""The README's screenshot of a playtest (docs/screenshots/battle.png), offscreen: Kasserine started from the editor
(Playtest ▸ Playtest) with the Allies played by a human and the Germans by the computer, seed 1, fog of war on; the
battle window at 1600x1000 waiting for the Allies' first orders.

    .venv/bin/python scripts/screenshot_battle.py docs/screenshots/battle.png
"""

import sys

from offscreen_editor import western_copy_window
from PyQt6.QtWidgets import QApplication

from tacforge.editor.playtest.battle_window import BattleWindow
from tacforge.editor.playtest.playtest_dialog import PlaytestDialog


def allies_human(dialog) -> int:
    """The dialog's answer, typed into its own fields (a modal loop would wait for a person)."""
    combo = dialog.players["allied"]
    combo.setCurrentIndex(combo.findText("Human"))
    dialog.seed.setValue(1)
    dialog.fog.setChecked(True)
    return int(dialog.start_button.isEnabled())


app, win, pack = western_copy_window("mywest", "My ")
win.resize(1600, 1000)
win.show()
win.open_path(pack / "scenarios" / "kasserine.yaml")
PlaytestDialog.exec = allies_human
win.playtests.start_action.trigger()
[battle] = [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow)]
battle.resize(1600, 1000)
for _ in range(20):
    app.processEvents()
battle.grab().save(sys.argv[1])
battle.close()
