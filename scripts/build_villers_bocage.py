"""Villers-Bocage, 13 June 1944, built in the editor as a designer builds it: the real windows, offscreen, driven
through their menus, docks, map tools and dialogs (the way tests/test_issue27_walkthrough.py drives them), every
designer action counted (a click, a typed field, a key, a drag) and the whole run timed. Nothing here writes YAML:
the two files (the map and the scenario) are what the editor's File > Save wrote, copied into the Western pack.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_villers_bocage.py          # writes into the pack
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_villers_bocage.py --out DIR  # writes into DIR

The editor runs on a temporary copy of the Western pack (its own settings and recovery folder), so a run never
leaves the repository half-edited; the saved files are copied over the pack's own at the end. The map is drawn by
hand from what is known of the ground (the real-ground importer needs OpenStreetMap and elevation data this machine
cannot fetch): the header and description say so. The ground, the forces and their sources: the scenario's notes.
"""

from __future__ import annotations

import argparse
import faulthandler
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from villers_bocage_data import (  # noqa: E402 (the script's folder first)
    ALLIED,
    ARRIVALS,
    BRIEFING,
    COMMAND,
    DRAW,
    FORCE_NAMES,
    GERMAN,
    LABELS,
    MAP_DESCRIPTION,
    MAP_NAME,
    NOTES,
    OBJECTIVES,
    PLACES,
    PLANS,
    SCENARIO,
    SIDE_BRIEFINGS,
    TRANSPORT,
)

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "plugins/western/tacforge_western/pack"


class Actions:
    """What the designer did, one count per click, typed field, key or drag, by stage."""

    def __init__(self) -> None:
        self.count, self.stages = 0, {}
        self.stage = "setup"

    def __call__(self, n: int = 1) -> None:
        self.count += n
        self.stages[self.stage] = self.stages.get(self.stage, 0) + n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PACK, help="the pack folder the two saved files are copied to")
    args = parser.parse_args(argv)
    faulthandler.dump_traceback_later(120, exit=True)  # a dialog waiting for a person: say where, and stop
    started = time.perf_counter()
    from editor_driver import Driver  # (after the window's environment is set)
    from offscreen_editor import western_copy_window

    # the pack without the files this build writes (New Scenario refuses to replace them)
    app, window, pack = western_copy_window("western", leave_out=(f"{SCENARIO['id']}.yaml",))
    window.resize(1600, 1000)
    window.show()
    window.activateWindow()
    for _ in range(5):
        app.processEvents()
    actions = Actions()
    driver = Driver(app, window, actions)
    driver.new_scenario(SCENARIO, pack, front="western")
    actions.stage = "map"
    driver.draw_map(DRAW, LABELS)
    driver.map_details(MAP_NAME, MAP_DESCRIPTION)
    actions.stage = "forces"
    driver.name_forces(FORCE_NAMES)
    driver.name_command(COMMAND)
    for side, formations in (("allied", ALLIED), ("german", GERMAN)):
        driver.build_force(side, formations)
    driver.set_transport(TRANSPORT)
    driver.set_arrivals(ARRIVALS)
    actions.stage = "scenario"
    driver.scenario_fields(SCENARIO)
    driver.objectives(OBJECTIVES)
    driver.briefings(BRIEFING, SIDE_BRIEFINGS, NOTES)
    actions.stage = "placing"
    driver.place(PLACES)
    actions.stage = "plans"
    driver.plans(PLANS)
    actions.stage = "save"
    scenario_path, map_path = driver.save()
    elapsed = time.perf_counter() - started
    for path in (scenario_path, map_path):
        target = args.out / path.parent.name / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        print(f"wrote {target}")
    stages = ", ".join(f"{k} {v}" for k, v in actions.stages.items())
    print(f"Villers-Bocage built in the editor: {actions.count} actions ({stages}) in {elapsed:.1f} s")
    window.validator.shutdown()
    window.playtests.close_all()
    window.balance_runs.stop()
    window.close()
    window.deleteLater()  # destroyed now, by Qt, not at the interpreter's exit in whatever order (it crashed there)
    app.sendPostedEvents(None, 0)
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
