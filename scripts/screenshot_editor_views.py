"""The README's screenshots of the map room, offscreen on a copy of the Western pack, each a MainWindow.grab() at the
size the README's picture has; every change is the editor's own undo command, as the map tools and docks make it:

    editor      docs/screenshots/editor.png      Kasserine as it opens: order of battle, map (with the plan the AI
                                                 Plans dock shows), properties
    oob         docs/screenshots/oob.png         Bocage Crossroads: a Sherman company added from its template and
                                                 placed as dropping its row on the map places it, then selected
    map-units   docs/screenshots/map-units.png   Bocage Crossroads zoomed in: the allied tank company selected, three
                                                 squares entrenched, a capture objective by the bridge
    properties  docs/screenshots/properties.png  Bocage Crossroads' Objectives page: a capture, an exit, a hidden
                                                 destroy

    .venv/bin/python scripts/screenshot_editor_views.py editor docs/screenshots/editor.png
"""

import sys

from offscreen_editor import western_copy_window
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QAbstractItemView

from tacforge.editor.scenario import map_marks, objective_edits, oob_model
from tacforge.editor.scenario.placement import place, snap
from tacforge.editor.scenario.unit_selection import selection_for

SIZES = {"editor": (1600, 1000), "oob": (1500, 950), "map-units": (1400, 860), "properties": (1600, 1000)}


def settle(app, times: int = 5) -> None:
    for _ in range(times):
        app.processEvents()


def show_dock(win, name: str, width: int | None = None):
    """The dock `name` in front of the docks tabbed with it, `width` pixels wide if given."""
    dock = win._dock_named(name)
    dock.raise_()
    if width is not None:
        win.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
    return dock


def editor(app, win, pack):
    win.open_path(pack / "scenarios" / "kasserine.yaml")
    show_dock(win, "oob")


def oob(app, win, pack):
    tab = win.open_path(pack / "scenarios" / "bocage_crossroads.yaml")
    document = tab.document
    template = next(f for f in document.content.formations.values() if "M4 Sherman" in f.name)
    oob_model.add_template_formation(document, "allied", template)
    scenario = document.model.scenario  # each edit makes a new one
    row = len(scenario.force("allied").formations) - 1
    units = list(range(len(scenario.force("allied").formations[row].units)))
    game_map = tab.map_document.model.to_map()
    placements, _refused = snap(document.content, scenario, game_map, "allied", row, units, (12, 30))
    place(document, "allied", row, placements)  # what dropping the formation's row on 12,30 does
    selection_for(document).set({("allied", row, u) for u in units})  # selected in the tree and on the map
    show_dock(win, "oob", 610)  # wide enough for the Weapon and Count columns
    show_dock(win, "history")
    settle(app)
    tree = win.room_docks["oob"].tree
    tree.scrollTo(tree.currentIndex().parent(), QAbstractItemView.ScrollHint.PositionAtTop)
    tab.view.set_zoom(15)
    tab.view.center_on(18, 30)


def map_units(app, win, pack):
    tab = win.open_path(pack / "scenarios" / "bocage_crossroads.yaml")
    document = tab.document
    map_marks.toggle_entrenchments(document, [(11, 24), (12, 24), (13, 24)], "allied")
    objective_edits.add_objective_at(document, "allied", (27, 30), 20, "Pont de la Seolle")
    company = document.model.scenario.force("allied").formations[1]  # B, the tank company
    selection_for(document).set({("allied", 1, u) for u in range(len(company.units))})
    show_dock(win, "terrain", 330)
    settle(app)
    tab.view.set_zoom(22)
    tab.view.center_on(24, 28)  # the company, the entrenchments north of it, the objective and its whole label
    show_dock(win, "history")


def properties(app, win, pack):
    document = win.open_path(pack / "scenarios" / "bocage_crossroads.yaml").document
    objective_edits.add_objective(document, "capture", "allied", 60, ("at", (31, 29)), "Pont de la Seolle")
    objective_edits.add_objective(document, "exit", "allied", 25)
    row = objective_edits.add_objective(document, "destroy", "german", 80)
    objective_edits.set_objective_value(document, row, "hidden", True)
    show_dock(win, "properties", 560)  # the objectives table's columns as far as Hidden
    pages = win.room_docks["properties"].fields
    pages.setCurrentIndex(next(i for i in range(pages.count()) if pages.tabText(i) == "Objectives"))
    show_dock(win, "history")


SHOTS = {"editor": editor, "oob": oob, "map-units": map_units, "properties": properties}

if __name__ == "__main__":
    name, out = sys.argv[1], sys.argv[2]
    app, win, pack = western_copy_window("mywest", "My ")
    win.resize(*SIZES[name])
    win.show()
    settle(app)
    SHOTS[name](app, win, pack)
    settle(app)
    win.grab().save(out)
