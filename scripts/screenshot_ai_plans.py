"""The docs' screenshot of an AI plan (docs/screenshots/ai-plans.png): Bocage Crossroads' Germans get the plan of
docs/ai-plans.md, made with the AI Plans dock's edits and the map's waypoint tool, and the map draws it (the
Panther platoon's route chosen in the dock, the grenadiers waiting for trigger `go`, the counterattack's area).

    xvfb-run -a env QT_QPA_PLATFORM=xcb .venv/bin/python scripts/screenshot_ai_plans.py docs/screenshots/ai-plans.png
"""

import sys

from offscreen_editor import western_copy_window

app, win, pack = western_copy_window("mywest", "My ")
win.resize(1800, 1100)
win.show()
app.processEvents()
tab = win.open_path(pack / "scenarios" / "bocage_crossroads.yaml")
document, dock = tab.document, win.room_docks["ai_plans"]
from tacforge.editor.scenario import plan_edits as edits  # noqa: E402
from tacforge.editor.scenario.unit_selection import selection_for  # noqa: E402

dock.side.setCurrentIndex(dock.side.findData("german"))
dock.add_plan()
edits.set_plan_value(document, "german", 0, "name", "Panthers round the north, grenadiers over the road on turn 5")
edits.set_plan_value(document, "german", 0, "weight", 3)
edits.add_trigger(document, "german", 0, edits.condition("turn", turn=5))
edits.rename_trigger(document, "german", 0, 0, "go")
edits.add_trigger(document, "german", 0, edits.condition("enemy_in", enemy_in=(34, 26, 40, 34)))
edits.rename_trigger(document, "german", 0, 1, "counter")
selection_for(document).set({("german", 2, 1), ("german", 2, 2)})  # the two grenadier platoons
dock.add_group()
edits.add_order(document, "german", 0, 0, "hold")
edits.add_order(document, "german", 0, 0, "move", (33, 31))
edits.set_order_start(document, "german", 0, 0, 1, trigger="go")
edits.set_group_then(document, "german", 0, 0, True)
selection_for(document).set({("german", 1, 1)})  # the Panther platoon at 46,23
dock.add_group()
win._tool("plan_waypoint")
for square in ((40, 18), (33, 20)):
    tab.map_layer.plan_square(*square)  # what a click of the waypoint tool does
edits.set_order_speed(document, "german", 0, 1, 0, "fast")
edits.add_order(document, "german", 0, 1, "hold")
dock.groups.setCurrentRow(1)
from PyQt6.QtCore import Qt  # noqa: E402

plans_dock = win._dock_named("ai_plans")
plans_dock.raise_()
for name in ("history", "minimap", "issues"):  # room for the dock's lists and forms
    win._dock_named(name).hide()
win.resizeDocks([plans_dock], [520], Qt.Orientation.Horizontal)
app.processEvents()
tab.view.set_zoom(17)
tab.view.center_on(39, 27)
for _ in range(5):
    app.processEvents()
win.grab().save(sys.argv[1] if len(sys.argv) > 1 else "ai-plans.png")
print(document.text()[document.text().index("ai_plans:") :])
