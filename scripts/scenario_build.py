"""One historical scenario built in the editor as a designer builds it, from a designer's-data module (the ground,
the forces, the plans, the texts): the pack's copy opened in the real windows offscreen, driven through their menus,
docks, map tools and dialogs by editor_driver.Driver, every designer action counted by stage and the whole run timed.
The two files saved by File > Save are copied into `out`. scripts/build_villers_bocage.py and build_prokhorovka.py
are this with their data.
"""

from __future__ import annotations

import faulthandler
import shutil
import time
from pathlib import Path
from types import ModuleType


class Actions:
    """What the designer did, one count per click, typed field, key or drag, by stage."""

    def __init__(self) -> None:
        self.count, self.stages = 0, {}
        self.stage = "setup"

    def __call__(self, n: int = 1) -> None:
        self.count += n
        self.stages[self.stage] = self.stages.get(self.stage, 0) + n


def build_in_editor(data: ModuleType, front: str, sides: tuple[str, str], title: str, out: Path) -> int:
    """Build `data`'s scenario in a copy of the `front` pack (its forces under data.<SIDE> for each of `sides`)."""
    faulthandler.dump_traceback_later(120, exit=True)  # a dialog waiting for a person: say where, and stop
    started = time.perf_counter()
    from editor_driver import Driver  # (after the window's environment is set)
    from offscreen_editor import eastern_copy_window, western_copy_window

    copy_window = {"western": western_copy_window, "eastern": eastern_copy_window}[front]
    # the pack without the files this build writes (New Scenario refuses to replace them)
    app, window, pack = copy_window(front, leave_out=(f"{data.SCENARIO['id']}.yaml",))
    window.resize(1600, 1000)
    window.show()
    window.activateWindow()
    for _ in range(5):
        app.processEvents()
    actions = Actions()
    driver = Driver(app, window, actions)
    driver.new_scenario(data.SCENARIO, pack, front=front)
    actions.stage = "map"
    driver.draw_map(data.DRAW, data.LABELS)
    driver.map_details(data.MAP_NAME, data.MAP_DESCRIPTION)
    actions.stage = "forces"
    driver.name_forces(data.FORCE_NAMES)
    driver.name_command(data.COMMAND)
    for side in sides:
        driver.build_force(side, getattr(data, side.upper()))
    driver.set_transport(data.TRANSPORT)
    driver.set_arrivals(data.ARRIVALS)
    actions.stage = "scenario"
    driver.scenario_fields(data.SCENARIO)
    driver.objectives(data.OBJECTIVES)
    driver.briefings(data.BRIEFING, data.SIDE_BRIEFINGS, data.NOTES)
    actions.stage = "placing"
    driver.place(data.PLACES)
    actions.stage = "plans"
    driver.plans(data.PLANS)
    actions.stage = "save"
    scenario_path, map_path = driver.save()
    elapsed = time.perf_counter() - started
    for path in (scenario_path, map_path):
        target = out / path.parent.name / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        print(f"wrote {target}")
    stages = ", ".join(f"{k} {v}" for k, v in actions.stages.items())
    print(f"{title} built in the editor: {actions.count} actions ({stages}) in {elapsed:.1f} s")
    window.validator.shutdown()
    window.playtests.close_all()
    window.balance_runs.stop()
    window.close()
    window.deleteLater()  # destroyed now, by Qt, not at the interpreter's exit in whatever order (it crashed there)
    app.sendPostedEvents(None, 0)
    app.processEvents()
    return 0
