"""Prokhorovka, 12 July 1943, built in the editor as a designer builds it: the Eastern pack's copy in the real
windows, offscreen, driven through their menus, docks, map tools and dialogs by scripts/editor_driver.py (as
scripts/build_villers_bocage.py builds the Western pack's Villers-Bocage), every designer action counted and the
whole run timed. Nothing here writes YAML: the two files are what the editor's File > Save wrote.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_prokhorovka.py          # writes into the pack
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/build_prokhorovka.py --out DIR  # writes into DIR

The map is drawn by hand (the real-ground importer needs data this machine cannot fetch): its description and
the scenario's notes say so and name the sources. The designer's data: scripts/prokhorovka_data.py.
"""

from __future__ import annotations

import argparse
import faulthandler
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_villers_bocage import Actions  # noqa: E402 (the script's folder first)
from prokhorovka_data import (  # noqa: E402
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
    SOVIET,
    TRANSPORT,
)

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "plugins/eastern/tacforge_eastern/pack"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PACK, help="the pack folder the two saved files are copied to")
    args = parser.parse_args(argv)
    faulthandler.dump_traceback_later(120, exit=True)  # a dialog waiting for a person: say where, and stop
    started = time.perf_counter()
    from editor_driver import Driver  # (after the window's environment is set)
    from offscreen_editor import eastern_copy_window

    # the pack without the files this build writes (New Scenario refuses to replace them)
    app, window, pack = eastern_copy_window("eastern", leave_out=(f"{SCENARIO['id']}.yaml",))
    window.resize(1600, 1000)
    window.show()
    window.activateWindow()
    for _ in range(5):
        app.processEvents()
    actions = Actions()
    driver = Driver(app, window, actions)
    driver.new_scenario(SCENARIO, pack, front="eastern")
    actions.stage = "map"
    driver.draw_map(DRAW, LABELS)
    driver.map_details(MAP_NAME, MAP_DESCRIPTION)
    actions.stage = "forces"
    driver.name_forces(FORCE_NAMES)
    driver.name_command(COMMAND)
    for side, formations in (("soviet", SOVIET), ("german", GERMAN)):
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
    print(f"Prokhorovka built in the editor: {actions.count} actions ({stages}) in {elapsed:.1f} s")
    window.validator.shutdown()
    window.playtests.close_all()
    window.balance_runs.stop()
    window.close()
    window.deleteLater()  # destroyed now, by Qt, not at the interpreter's exit in whatever order
    app.sendPostedEvents(None, 0)
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
