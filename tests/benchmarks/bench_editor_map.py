"""Benchmark: the map editor's canvas (issue 5, docs/architecture.md 8): full repaints and a brush stroke, offscreen.

A "full repaint" renders the whole visible map view into a QImage (widget.render), pictures already built, as
every paint after the first does; the first paint of a view, which builds them, is reported without a budget. The
brush stroke row is one dab of a drag, from the mouse's square to the edit applied to the model, the changed
rectangle re-rendered and the view painted again.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtGui import QImage  # noqa: E402
from PyQt6.QtWidgets import QApplication  # noqa: E402

from tacforge.editor.map.view import MapView  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_lifetime import application, release  # noqa: E402
from timing import median_ms  # noqa: E402

from tacforge.editor.common.unit_marks import entry_marks, unit_marks  # noqa: E402
from tacforge.editor.grid.model import MapModel  # noqa: E402
from tacforge.editor.map.tools.generate import generate_into  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402

SIZE = (1000, 800)


def make_view(model) -> tuple[MapView, QImage]:
    view = MapView(model)
    view.resize(*SIZE)
    view.show()
    QApplication.processEvents()
    return view, QImage(view.viewport().size(), QImage.Format.Format_RGB32)


def drop(view: MapView) -> None:
    """Delete a view made here. A MapView does not leave its model's listeners when it is deleted, so it leaves them
    first: a later edit of the model must not reach a deleted view."""
    view.model.unsubscribe(view._changed)
    release(view)


def first_paint_ms(model, zoom=None) -> float:
    samples = []
    for _ in range(5):
        view, image = make_view(model)
        if zoom:
            view.set_zoom(zoom)
        view.picture.drop_detail()
        start = time.perf_counter()
        view.viewport().render(image)
        samples.append((time.perf_counter() - start) * 1000)
        drop(view)
    return statistics.median(samples)


def brush_dab_ms(model) -> float:
    view, image = make_view(model)
    view.editMade.connect(model.apply)
    view.set_tool("brush", type="woods", size=3, shape="round")
    tools = view.controller
    view._after_tool(tools.press(5, 5))
    state = {"x": 5}

    def dab():
        state["x"] = 6 + (state["x"] - 5) % 48
        view._after_tool(tools.move(state["x"], 5 + state["x"] % 7))
        view.viewport().render(image)

    result = median_ms(dab, repeat=40)
    view._after_tool(tools.release(state["x"], 5))
    drop(view)
    return result


def run() -> list[tuple[str, float, float | None, str]]:
    application()
    content = load_packs(env={}, include_user_dir=False).content("western")
    bocage = MapModel.from_map(content.map("bocage_crossroads"), content)
    big = MapModel.blank(content, 256, 256)
    big.apply(generate_into(big, river=True, cover=5, seed=3))
    rows = []
    view60, image60 = make_view(bocage)
    rows.append(
        (
            "map view: full repaint 60x60",
            median_ms(lambda: view60.viewport().render(image60)),
            4.0,
            f"{SIZE[0]}x{SIZE[1]} view, whole map at {view60.cell:.0f} px per square, symbols",
        )
    )
    scenario = content.scenario("bocage_crossroads")
    view60.set_overlays(
        objective_center=scenario.objective_center,
        start_lines=dict(scenario.start_lines),
        units=unit_marks(content, scenario),
        objectives=scenario.objectives,
        entries=entry_marks(content, scenario),
    )
    view60.select_units({m.key for m in view60.overlays.units[:10]})
    rows.append(
        (
            "map view: full repaint 60x60 with a scenario",
            median_ms(lambda: view60.viewport().render(image60)),
            4.0,
            f"bocage_crossroads: {len(view60.overlays.units)} units as NATO frames, 10 selected",
        )
    )
    view256, image256 = make_view(big)
    rows.append(
        (
            "map view: full repaint 256x256",
            median_ms(lambda: view256.viewport().render(image256)),
            16.0,
            f"whole map at {view256.cell:.1f} px per square, colours",
        )
    )
    view256.set_zoom(16)
    rows.append(
        (
            "map view: repaint 256x256 zoomed in",
            median_ms(lambda: view256.viewport().render(image256)),
            16.0,
            "16 px per square, symbols, 62x50 squares on screen",
        )
    )
    rows.append(("map view: first paint 60x60 (tiles composed)", first_paint_ms(bocage), None, "once per zoom"))
    rows.append(
        (
            "map view: first paint 256x256 zoomed in",
            first_paint_ms(big, 16),
            None,
            "once per zoom or after scrolling past the composed margin",
        )
    )
    rows.append(
        (
            "map editor: brush stroke, one dab",
            brush_dab_ms(bocage),
            16.0,
            "round brush 3: edit, apply, codes re-derived, rect re-rendered, view painted",
        )
    )
    drop(view60)
    drop(view256)
    return rows


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.2f} ms (budget {'-' if budget is None else f'{budget:.0f} ms'}) {note}")
