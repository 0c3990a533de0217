"""The historical scenarios' maps with a side's historical AI plan (its first, weighted highest) drawn on them, to
look at as a user would whether labels, place names and plan arrows stay readable: one PNG per scenario and side,
each a MainWindow.grab() at 1280x800 of a copy of the pack, the plan chosen in the AI Plans dock.

    .venv/bin/python scripts/screenshot_plan_maps.py OUT_FOLDER [scenario ...]
"""

import sys
from pathlib import Path

from offscreen_editor import eastern_copy_window, western_copy_window

SCENARIOS = {
    "kasserine": "western",
    "caen": "western",
    "salerno": "western",
    "villers_bocage": "western",
    "celles": "western",
    "berlin": "eastern",
    "prokhorovka": "eastern",
    "kiev": "eastern",
    "bryansk": "eastern",
    "stalingrad_relief": "eastern",
}


def settle(app, times: int = 5) -> None:
    for _ in range(times):
        app.processEvents()


def shoot(out: Path, names: list[str]) -> None:
    windows = {}
    for name in names:
        pack_id = SCENARIOS[name]
        if pack_id not in windows:
            opener = western_copy_window if pack_id == "western" else eastern_copy_window
            windows[pack_id] = opener("my" + pack_id, "My ")
        app, win, pack = windows[pack_id]
        win.resize(1280, 800)
        win.show()
        tab = win.open_path(pack / "scenarios" / f"{name}.yaml")
        dock = win._dock_named("ai_plans")
        dock.raise_()
        plans = win.room_docks["ai_plans"]
        for force in tab.document.model.scenario.forces:
            plans.focus.set(side=force.side, plan=0, group=None, order=None, trigger=None)
            settle(app)
            win.grab().save(str(out / f"{name}-{force.side}.png"))
            left_out = "; ".join(tab.view.labels_left_out) or "none"
            print(f"{out / f'{name}-{force.side}.png'}: texts left out for want of room: {left_out}")


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    shoot(folder, sys.argv[2:] or ["kasserine", "caen", "salerno", "berlin", "prokhorovka"])
