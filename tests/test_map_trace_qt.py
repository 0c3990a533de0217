"""Tracing a historical map (pytest-qt): View > Trace image… places a PNG over or under the map; the placement is
kept in the editor's settings for that map file - never in the pack - and comes back when the map is opened again."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtGui import QColor, QImage

from tacforge.editor.map.trace import Trace, load_trace, save_trace


def red_png(tmp_path):
    image = QImage(120, 120, QImage.Format.Format_RGB32)
    image.fill(QColor(255, 0, 0))
    path = tmp_path / "scan.png"
    assert image.save(str(path))
    return path


def pixel_at(view, square) -> QColor:
    image = QImage(view.viewport().size(), QImage.Format.Format_RGB32)
    view.viewport().render(image)
    o, c = view.origin(), view.cell
    return image.pixelColor(int(o.x() + (square[0] + 0.5) * c), int(o.y() + (square[1] + 0.1) * c))


def test_the_trace_image_is_drawn_and_kept_for_the_map_across_closing_it(qtbot, window, pack_copy, tmp_path, settings):
    scan = red_png(tmp_path)
    map_path = pack_copy / "maps" / "bocage_crossroads.yaml"
    window.open_path(map_path)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    view = window.current_tab().view
    before, beyond = pixel_at(view, (5, 5)), pixel_at(view, (40, 5))
    menu_action(window, "View", "Trace image").trigger()
    dialog = window.current_tab()._trace_dialog
    dialog.image_path = str(scan)
    dialog.scale.setValue(4)  # 120 px at 4 px per square: 30 squares across, from the map's corner
    dialog.opacity.setValue(70)
    dialog.over.setChecked(True)
    expected = Trace(str(scan), 4.0, 0.0, 0.0, 0.0, 0.7, True)
    assert view.trace[0] == expected
    over = pixel_at(view, (5, 5))
    # the red scan shows at 70%: whatever the terrain there, the pixel is that blend (a little rounding allowed)
    assert abs(over.red() - (0.3 * before.red() + 0.7 * 255)) <= 6 and abs(over.green() - 0.3 * before.green()) <= 6
    assert pixel_at(view, (40, 5)) == beyond  # beyond the scan's 30 squares: the terrain as it was
    window.close_tab(window.tabs.currentIndex())
    assert window.tabs.count() == 0
    window.open_path(map_path)
    assert window.current_tab().view.trace[0] == expected
    assert not any(str(scan) in f.read_text() or "scan.png" in f.read_text() for f in pack_copy.rglob("*.yaml"))


def test_a_trace_under_the_terrain_lets_it_show_through(qtbot, window, pack_copy, tmp_path):
    scan = red_png(tmp_path)
    window.open_path(pack_copy / "maps" / "bocage_crossroads.yaml")
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    view = window.current_tab().view
    before = pixel_at(view, (5, 5))
    assert view.set_trace(Trace(str(scan), 4.0, opacity=0.5, over=False))
    under = pixel_at(view, (5, 5))
    assert under.red() > before.red() + 30
    assert not view.set_trace(Trace(str(tmp_path / "missing.png"))) and view.trace is None


def test_a_setting_this_version_cannot_read_is_no_trace(settings, tmp_path):
    map_path = tmp_path / "m.yaml"
    save_trace(settings, map_path, Trace("a.png", 3.0))
    assert load_trace(settings, map_path) == Trace("a.png", 3.0)
    settings.setValue(settings.allKeys()[0], "{not json")
    assert load_trace(settings, map_path) is None
    save_trace(settings, map_path, None)
    assert load_trace(settings, map_path) is None and load_trace(settings, tmp_path / "other.yaml") is None
