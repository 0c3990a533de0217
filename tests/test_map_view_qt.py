"""Wiring of the map widgets (pytest-qt): clicks reach the tools, edits go out as signals, the view follows the
model. The tools themselves are tested without widgets in test_mapedit*.py."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("PyQt6")
from PyQt6.QtCore import QEvent, QPoint, QPointF, Qt  # noqa: E402
from PyQt6.QtGui import QImage, QMouseEvent  # noqa: E402
from PyQt6.QtWidgets import QApplication  # noqa: E402

from tacforge.editor.common.unit_marks import UnitMark  # noqa: E402
from tacforge.editor.grid.model import MapModel  # noqa: E402
from tacforge.editor.map.minimap import Minimap  # noqa: E402
from tacforge.editor.map.terrain_palette import TerrainPalette  # noqa: E402
from tacforge.editor.map.tools.paint import brush  # noqa: E402
from tacforge.editor.map.view import MapView  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(scope="module")
def content():
    return load_packs(env={}, include_user_dir=False).content("western")


@pytest.fixture
def view(qtbot, content):
    widget = MapView(MapModel.blank(content, 30, 30))
    qtbot.addWidget(widget)
    widget.resize(480, 480)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def centre_px(view, x, y) -> QPointF:
    o, c = view.origin(), view.cell
    return QPointF(o.x() + (x + 0.5) * c, o.y() + (y + 0.5) * c)


def send(view, kind, x, y, button=LEFT, buttons=LEFT):
    pos = centre_px(view, x, y)
    event = QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def render(view) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_RGB32)
    view.viewport().render(image)
    return image


def test_a_brush_click_emits_the_edit_and_does_not_apply_it(qtbot, view):
    view.set_tool("brush", type="woods", size=1)
    with qtbot.waitSignal(view.editMade) as made, qtbot.waitSignal(view.strokeFinished):
        qtbot.mouseClick(view.viewport(), LEFT, pos=centre_px(view, 5, 7).toPoint())
    edit = made.args[0]
    assert edit.index.tolist() == [7 * 30 + 5] and edit.text == "Paint woods"
    assert (view.model.types == 0).all()  # the shell's undo command applies it, not the view


def test_a_drag_paints_one_stroke(qtbot, view):
    edits = []
    view.editMade.connect(lambda e: (view.model.apply(e), edits.append(e)))
    view.set_tool("brush", type="town", size=1)
    send(view, QEvent.Type.MouseButtonPress, 2, 2)
    for x in range(3, 8):
        send(view, QEvent.Type.MouseMove, x, 2, Qt.MouseButton.NoButton)
    send(view, QEvent.Type.MouseButtonRelease, 7, 2, LEFT, Qt.MouseButton.NoButton)
    assert len(edits) >= 2 and len({e.stroke for e in edits}) == 1
    assert (view.model.types[2, 2:8] == 2).all()


def test_hover_reports_the_square(qtbot, view):
    with qtbot.waitSignal(view.cellHovered) as hovered:
        send(view, QEvent.Type.MouseMove, 11, 4, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)
    assert hovered.args == [11, 4]


def test_the_view_repaints_after_model_changes(qtbot, view):
    before = render(view)
    pos = centre_px(view, 12, 12).toPoint()
    view.model.apply(brush(view.model, 12, 12, "river"))
    after = render(view)
    assert after.pixelColor(pos) != before.pixelColor(pos)
    assert after.pixelColor(pos).blue() > after.pixelColor(pos).red()
    far = centre_px(view, 25, 25).toPoint()
    assert after.pixelColor(far) == before.pixelColor(far)


def test_los_preview_highlights_visible_squares(qtbot, view, content):
    model = view.model
    model.apply(brush(model, 15, 10, "woods", size=3))
    model.apply(brush(model, 15, 16, "town", size=3))
    view.set_tool("los", height=0, visibility=12)
    before = render(view)
    with qtbot.waitSignal(view.losChanged) as changed:
        qtbot.mouseClick(view.viewport(), LEFT, pos=centre_px(view, 15, 20).toPoint())
    assert changed.args == [(15, 20)]
    mask = view.los_mask
    assert mask[20, 10] and not mask[5, 15] and not mask[20, 29]  # open ground; behind the town; out of range
    after = render(view)
    hidden = centre_px(view, 15, 5).toPoint()
    assert after.pixelColor(hidden).lightness() < before.pixelColor(hidden).lightness()
    view.clear_los()
    assert view.los_mask is None


def test_eyedropper_and_objective_drag(qtbot, view):
    view.model.apply(brush(view.model, 3, 3, "woods"))
    view.set_tool("eyedropper")
    with qtbot.waitSignal(view.terrainPicked) as picked:
        qtbot.mouseClick(view.viewport(), LEFT, pos=centre_px(view, 3, 3).toPoint())
    assert picked.args == ["woods", 1]
    view.set_overlays(
        objective_center=(15, 15),
        start_lines={"allied": 3, "german": 26},
        entrenchments=[("german", [(20, 20), (21, 20)])],
        entrenchment_limit=4,
        zones=[("allied", (0, 0, 6, 30))],
        units=[UnitMark(("allied", 0, 0), (2, 2), "A0", "infantry", False, True, 3, "E", False, None)],
    )
    view.set_tool("pointer")
    with qtbot.waitSignal(view.objectiveMoved) as moved:
        send(view, QEvent.Type.MouseButtonPress, 15, 15)
        send(view, QEvent.Type.MouseMove, 18, 13, Qt.MouseButton.NoButton)
        send(view, QEvent.Type.MouseButtonRelease, 18, 13, LEFT, Qt.MouseButton.NoButton)
    assert moved.args == [18, 13]
    render(view)  # the overlays paint without error


def test_zoom_keeps_the_anchor_and_switches_to_symbols(qtbot, view):
    view.set_zoom(4)
    assert view.cell == 4
    view.set_zoom(20)
    view.center_on(15, 15)
    anchor = centre_px(view, 14, 13)
    view.set_zoom(30, anchor)
    assert view.cell_at(anchor) == (14, 13) and view.cell == 30
    image = render(view)
    assert not image.isNull()
    view.zoom_in()
    assert view.cell > 20
    view.fit_to_window()
    assert view.visible_cell_rect().contains(QPointF(29.5, 29.5))


def test_resize_edit_relayouts(qtbot, view):
    edit = view.model.resize(50, 40)
    view.model.apply(edit)
    assert view.picture.shape == (40, 50)
    render(view)
    view.model.revert(edit)
    assert view.picture.overview.width() == 30


def test_palette_emits_types_and_levels(qtbot, content):
    palette = TerrainPalette(content)
    qtbot.addWidget(palette)
    assert palette.types.count() >= 8 and palette.codes.topLevelItemCount() == len(content.terrain_codes)
    with qtbot.waitSignal(palette.typeChosen) as chosen:
        palette.types.itemClicked.emit(palette.types.item(3))
    assert chosen.args == ["woods"]

    def code_item(code):
        return next(
            palette.codes.topLevelItem(i)
            for i in range(palette.codes.topLevelItemCount())
            if palette.codes.topLevelItem(i).text(0) == code
        )

    with qtbot.waitSignal(palette.typeChosen) as chosen, qtbot.waitSignal(palette.levelChosen) as level:
        palette.codes.itemClicked.emit(code_item("38"), 0)
    assert chosen.args == ["woods"] and level.args == [3]
    with qtbot.waitSignal(palette.typeChosen) as chosen, qtbot.waitSignal(palette.levelChosen) as level:
        palette.codes.itemClicked.emit(code_item("40"), 0)  # a slope: the ground beneath, level kept
    assert chosen.args == ["clear"] and level.args == [0]
    palette.search.setText("woods")
    shown = [
        palette.codes.topLevelItem(i).text(0)
        for i in range(palette.codes.topLevelItemCount())
        if not palette.codes.topLevelItem(i).isHidden()
    ]
    assert shown == ["9", "38", "57"]


def test_minimap_click_moves_the_view(qtbot, view):
    minimap = Minimap(view)
    qtbot.addWidget(minimap)
    minimap.resize(200, 200)
    minimap.show()
    view.set_zoom(40)
    target = minimap.map_rect()
    qtbot.mouseClick(minimap, LEFT, pos=QPoint(int(target.right() - 3), int(target.bottom() - 3)))
    seen = view.visible_cell_rect()
    assert seen.right() > 29 and seen.bottom() > 29
    assert np.isfinite(seen.left())


def test_menu_operations_emit_edits(qtbot, view):
    made = []
    view.editMade.connect(lambda e: (view.model.apply(e), made.append(e)))
    view.generate_random(river=True, cover=3, seed=5)
    assert len(made) == 1 and made[0].text.startswith("Generate random map")
    view.resize_map(40, 35)
    assert (view.model.width, view.model.height) == (40, 35) and view.picture.shape == (35, 40)
    view.model.apply(brush(view.model, 3, 3, "town", size=3))
    view.set_tool("select")
    send(view, QEvent.Type.MouseButtonPress, 2, 2)
    send(view, QEvent.Type.MouseMove, 4, 3, Qt.MouseButton.NoButton)
    send(view, QEvent.Type.MouseButtonRelease, 4, 3, LEFT, Qt.MouseButton.NoButton)
    assert view.controller.selection == (2, 2, 5, 4) and view.copy()
    view.rotate_clipboard()
    view.flip_clipboard(False)
    assert view.controller.clipboard.types.shape == (3, 2)
    view.paste()
    assert view.controller.tool == "paste"
    qtbot.mouseClick(view.viewport(), LEFT, pos=centre_px(view, 30, 30).toPoint())
    assert made[-1].text == "Paste"
    view.set_tool("select")
    view.cut()
    assert made[-1].text == "Cut selection"
    view.set_grid(False)
    before = view.cell
    view.zoom(1.25)
    assert view.cell > before
    render(view)


def test_tool_aliases_and_palette_options(qtbot, view):
    view.set_tool("raise")
    assert view.controller.tool == "elevation" and view.controller.options["elevation"]["mode"] == "raise"
    view.set_tool_options(terrain="town", level=3, size=4)
    opts = view.controller.options
    assert opts["brush"]["type"] == opts["fill"]["type"] == "town" and opts["line"]["type"] == "road"
    assert opts["brush"]["level"] == 3 and opts["elevation"]["level"] == 3 and opts["brush"]["size"] == 4
    view.set_tool_options(terrain="river", level=0)
    assert opts["line"]["type"] == "river" and opts["brush"]["level"] is None and opts["elevation"]["level"] == 3
    view.set_tool("objective")
    assert view.controller.tool == "pointer"
