"""Start-up and the window's title (pytest-qt): the first start opens the first historical scenario, as `make run`
promises; later starts reopen the documents open at the last close, the current one current again; the title names
the current document and its pack and marks unsaved edits. The manifest opens from the Packs browser."""

from editor_fixtures import no_dialogs, pack_copy, settings  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtTest import QTest

from tacforge.editor.shell.app import open_window


def start(qtbot, monkeypatch, tmp_path, pack_copy, settings):
    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    window = open_window(["--pack-path", str(pack_copy)], settings)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    return window


def stop(window):
    window.validator.shutdown()
    window.close()


def click_tab(window, index):
    bar = window.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


def test_the_last_documents_reopen_and_the_title_names_the_current_one(
    qtbot, monkeypatch, tmp_path, pack_copy, settings
):
    first = start(qtbot, monkeypatch, tmp_path, pack_copy, settings)
    historical = first.workspace.first_scenario()
    assert [t.document.path for t in first._tabs()] == [historical]  # the first start: `make run`'s scenario
    assert first.windowTitle().startswith(historical.name) and first.windowTitle().endswith("— tacforge")
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    game_map = pack_copy / "maps" / "bocage_crossroads.yaml"
    first.close_tab(0)
    first.open_path(game_map)
    first.open_path(scenario)
    click_tab(first, 0)  # the map is current when the editor closes
    assert first.current_tab().document.path == game_map
    assert "(westcopy)" in first.windowTitle() and first.windowTitle().startswith(game_map.name)
    stop(first)

    second = start(qtbot, monkeypatch, tmp_path, pack_copy, settings)
    assert sorted(t.document.path for t in second._tabs()) == sorted([game_map, scenario])
    assert second.current_tab().document.path == game_map
    click_tab(second, [t.document.path for t in second._tabs()].index(scenario))
    assert second.windowTitle().startswith(scenario.name) and not second.isWindowModified()
    second.current_tab().document.set_value(("turns",), 17, "Change game length")
    assert second.isWindowModified()  # the title's [*] shows the star
    second.current_tab().document.undo.undo()
    for i in reversed(range(second.tabs.count())):
        second.close_tab(i)
    assert second.windowTitle() == "tacforge"
    stop(second)

    third = start(qtbot, monkeypatch, tmp_path, pack_copy, settings)
    assert third._tabs() == []  # every tab was closed: nothing comes back, not the default scenario either
    stop(third)


def test_the_manifest_opens_from_the_packs_browser(qtbot, monkeypatch, tmp_path, pack_copy, settings):
    window = start(qtbot, monkeypatch, tmp_path, pack_copy, settings)
    browser = window.browser
    top = next(
        browser.topLevelItem(i)
        for i in range(browser.topLevelItemCount())
        if browser.topLevelItem(i).text(0) == "westcopy"
    )
    group = next(top.child(i) for i in range(top.childCount()) if top.child(i).text(0) == "Manifest")
    item = group.child(0)
    top.setExpanded(True)
    group.setExpanded(True)
    browser.scrollToItem(item)
    rect = browser.visualItemRect(item)
    position = QPoint(rect.left() + 8, rect.center().y())
    QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    QTest.mouseDClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    document = window.current_tab().document
    assert document.path == pack_copy / "pack.yaml" and document.kind == "pack"
    stop(window)
