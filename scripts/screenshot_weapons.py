"""The README's screenshot of the weapons room (docs/screenshots/weapons.png), offscreen: the Sherman cloned as a
variant, 13 front armour being typed, German tanks firing at it (dashed: before the edit), one point hovered.

    .venv/bin/python scripts/screenshot_weapons.py docs/screenshots/weapons.png
"""

import sys

from offscreen_editor import western_copy_window
from PyQt6.QtCore import QPointF
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QLineEdit

app, win, pack = western_copy_window("mywest", "My ")
win.resize(1700, 950)
win.show()
app.processEvents()
room = win.open_path(pack / "weapons.yaml")
for dock in win.docks:  # the map room's docks; the weapons room has its own
    dock.hide()
room.nations.setCurrentIndex(next(i for i in range(room.nations.count()) if room.nations.tabData(i) == "us"))
app.processEvents()
row = room.table.index_of("mywest:sherman")
room.table_view.selectRow(room.proxy.mapFromSource(room.model.index(row, 1)).row())
room.clone()
app.processEvents()
k = room.plots.kills
k.direction.setCurrentText(k.FIRED_AT)
app.processEvents()
fa = [c.key for c in room.model.columns].index("fa")
idx = room.proxy.mapFromSource(room.model.index(room.table.index_of("mywest:sherman_variant"), fa))
room.table_view.setCurrentIndex(idx)
room.table_view.edit(idx)
app.processEvents()
line = room.table_view.findChild(QLineEdit)  # the cell's editor: any text may be typed, the column checks it
line.selectAll()
QTest.keyClicks(line, "13")
app.processEvents()
# hover a point to show the rule list
label, pts = k.drawn[0]
p = pts[2]
k._mouse_moved(k.plot.getPlotItem().vb.mapViewToScene(QPointF(p.range, k.value(p))))
app.processEvents()
win.grab().save(sys.argv[1])
line.clearFocus()  # nothing left to commit while the window is torn down
room.table_view.closeEditor(line, room.delegate.EndEditHint.RevertModelCache)
