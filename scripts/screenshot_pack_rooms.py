"""The README's screenshots of a pack's terrain, periods and rules rooms, offscreen on a copy of the Western pack,
each a MainWindow.grab() at 1500x950 with the rooms opened before it still in their tabs:

    terrain     docs/screenshots/terrain.png     the core pack's terrain.yaml, the woods code selected
    periods     docs/screenshots/periods.png     periods.yaml: the periods table over the weapons' timeline
    parameters  docs/screenshots/parameters.png  rules.yaml with pulses_per_turn set to 5 (bold: it differs now)

    .venv/bin/python scripts/screenshot_pack_rooms.py parameters docs/screenshots/parameters.png
"""

import sys

from offscreen_editor import PLUGINS, western_copy_window

CORE = PLUGINS.parent / "content"  # the core pack: its terrain is shown, never saved (nothing here saves)

ROOMS = ("terrain", "periods", "parameters")
FILES = {"terrain": "terrain.yaml", "periods": "periods.yaml", "parameters": "rules.yaml"}


def settle(app, times: int = 5) -> None:
    for _ in range(times):
        app.processEvents()


if __name__ == "__main__":
    name, out = sys.argv[1], sys.argv[2]
    app, win, pack = western_copy_window("mywest", "My ")
    win.resize(1500, 950)
    win.show()
    settle(app)
    for room_name in ROOMS[: ROOMS.index(name) + 1]:
        room = win.open_path((CORE if room_name == "terrain" else pack) / FILES[room_name])
        settle(app)
    if name == "terrain":
        row = next(r for r in range(room.codes_model.rowCount()) if room.codes_model.index(r, 1).data() == "woods")
        room.codes_view.selectRow(row)
    elif name == "parameters":
        room.form.edit("pulses_per_turn", 5)  # what typing 5 in its field does: one undo step
    settle(app)
    win.grab().save(out)
