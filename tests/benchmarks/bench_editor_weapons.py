"""Benchmark: the weapons room (issue 13, docs/architecture.md 8), offscreen. "Open" is from the file's path to the room
painted with its table and plots: the fast-path read of the file and its typed model (the document), the tab, the
first paint (the pack already loaded by the workspace, as in the editor); "plot update" is
one committed edit of the selected weapon's penetration, through the undo stack, to the shown plot redrawn (the
hidden ones redraw when shown); "plot update while typing" is one keystroke's draft to the plot redrawn. The round-trip
parse of the file, which the editor does in the background after opening (the first edit waits for what is left of it),
is also reported alone, without a budget."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtWidgets import QApplication  # noqa: E402

from tacforge.editor.data.weapon_columns import column, with_value  # noqa: E402
from tacforge.editor.data.weapons_room import WeaponsTab  # noqa: E402
from tacforge.editor.shell.workspace import Workspace  # noqa: E402
from tacforge.engine.yamlio import roundtrip_yaml  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_lifetime import application, release  # noqa: E402
from timing import median_ms  # noqa: E402

SIZE = (1600, 900)


def largest_weapon_table(workspace: Workspace) -> Path:
    files = {}
    for pack in workspace.packset.usable():
        for weapon in pack.docs.weapons:
            files[weapon.source.file] = files.get(weapon.source.file, 0) + 1
    return max(files, key=files.get)


def open_room(workspace: Workspace, path: Path) -> WeaponsTab:
    return _paint(WeaponsTab(workspace.open(path), workspace))


def _paint(room: WeaponsTab) -> WeaponsTab:
    room.resize(*SIZE)
    room.show()
    QApplication.processEvents()
    return room


def open_ms(workspace: Workspace, path: Path, repeat: int = 9, keep_document: bool = False) -> float:
    """Median time to open the room, one room alive at a time as in the editor: closing the previous room is not
    part of opening the next, so this loop times only the opening (median_ms would time both). With
    `keep_document` the document stays open between rounds: the tab alone is timed; it is closed after the last, so
    that the rooms deleted meanwhile, which stay connected to it, are never sent an edit."""
    samples = []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        room = open_room(workspace, path)
        samples.append((time.perf_counter() - start) * 1000)
        document = room.document
        release(room)
        if not keep_document:
            workspace.close(document)
        QApplication.processEvents()
    if keep_document:
        workspace.close(document)
    return statistics.median(samples[1:])  # the first is the warm-up


def run() -> list[tuple[str, float, float | None, str]]:
    application()
    workspace = Workspace([])
    path = largest_weapon_table(workspace)
    opened = open_ms(workspace, path)
    tab_only = open_ms(workspace, path, keep_document=True)
    room = open_room(workspace, path)
    count = len(room.table)
    room.table_view.selectRow(0)
    mp = column("mp")
    state = {"step": 0}

    def edit() -> None:
        weapon = room.current_weapon()
        state["step"] += 1
        room.proxy.setData(
            room.proxy.index(0, room.model.columns.index(mp)), str(weapon.mp + (1 if state["step"] % 2 else -1))
        )
        QApplication.processEvents()

    committed = median_ms(edit, repeat=21)

    def keystroke() -> None:
        weapon = room.current_weapon()
        state["step"] += 1
        room.plots.redraw(room.inputs(with_value(weapon, mp, weapon.mp + state["step"] % 5)))
        QApplication.processEvents()

    typing = median_ms(keystroke, repeat=21)
    room.plots.setCurrentWidget(room.plots.heat)
    room.plots.heat.period.setValue(4)
    QApplication.processEvents()
    typing_heat = median_ms(keystroke, repeat=21)
    parse = median_ms(lambda: roundtrip_yaml().load(room.document.saved_text), repeat=5)
    rel = (
        path.relative_to(Path(__file__).resolve().parents[2])
        if path.is_relative_to(Path(__file__).resolve().parents[2])
        else path
    )
    document = room.document
    release(room)
    workspace.close(document)
    return [
        (
            "weapons room: open the largest weapon table",
            opened,
            300.0,
            f"{rel}, {count} weapons, table and plots painted",
        ),
        ("weapons room: the tab alone, document open", tab_only, None, "table, plots, first paint"),
        (
            "weapons room: plot update after an edit",
            committed,
            50.0,
            "one cell committed as an undo step, the shown plot (kills by range) redrawn",
        ),
        ("weapons room: plot update while typing", typing, 50.0, "one keystroke's draft, before/after overlay"),
        (
            "weapons room: heat map update while typing",
            typing_heat,
            50.0,
            "one keystroke's draft, the firer's row recomputed",
        ),
        ("weapons room: round-trip parse of the file alone", parse, None, "after opening, in the background"),
    ]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.2f} ms (budget {'-' if budget is None else f'{budget:.0f} ms'}) {note}")
