"""The Packs browser's archive actions, triggered as a user does (the File menu, the browser's context menu): build
writes the selected pack's .tacpack, install puts an archive into the user pack folder and the browser lists it,
remove takes it out again, and what the engine refuses is said and not done."""

from __future__ import annotations

import pytest
from conftest import write_pack
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401
from PyQt6.QtWidgets import QFileDialog, QMessageBox

from tacforge.editor.shell.docks import PACK_ROLE
from tacforge.engine.packs.discovery import user_pack_dir
from tacforge.engine.sharing import build_archive
from tacforge.engine.sharing.archive_checks import open_checked


def _select(window, pack_id: str) -> None:
    browser = window.browser
    for i in range(browser.topLevelItemCount()):
        item = browser.topLevelItem(i)
        if item.data(0, PACK_ROLE) == pack_id:
            browser.setCurrentItem(item.child(0) or item)  # a file of the pack counts as the pack
            return
    raise AssertionError(f"the browser lists no pack {pack_id}")


def _listed(window) -> set[str]:
    browser = window.browser
    return {browser.topLevelItem(i).data(0, PACK_ROLE) for i in range(browser.topLevelItemCount())}


def _context_action(window, text: str):
    return next(a for a in window.browser.actions() if a.text().startswith(text))


@pytest.fixture
def warnings_shown(monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, _title, text: shown.append(text)))
    return shown


def test_build_from_the_file_menu_writes_the_selected_packs_archive(window, tmp_path, monkeypatch):
    target = tmp_path / "out" / "westcopy"  # no suffix typed: .tacpack is added
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    _select(window, "westcopy")
    menu_action(window, "File", "Build pack archive").trigger()
    with open_checked(target.with_suffix(".tacpack")) as checked:
        assert (checked.manifest.pack_id, checked.manifest.version) == ("westcopy", "1.0.0")
        assert "scenarios/bocage_crossroads.yaml" in checked.manifest.files


def test_install_and_remove_from_the_browsers_context_menu(window, tmp_path, monkeypatch, warnings_shown):
    archive = tmp_path / "shared.tacpack"
    build_archive(write_pack(tmp_path / "src", "shared"), archive)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(archive), "")))
    assert "shared" not in _listed(window)

    _context_action(window, "Install pack archive").trigger()
    assert (user_pack_dir() / "shared" / "pack.yaml").is_file()
    assert "shared" in _listed(window)
    assert window.workspace.packset.packs["shared"].location.folder == (user_pack_dir() / "shared").resolve()

    _select(window, "western")  # ships with a plugin: refused, said, nothing removed
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    _context_action(window, "Remove installed pack").trigger()
    assert warnings_shown and "part of an installation" in warnings_shown[-1]
    assert "western" in _listed(window)

    _select(window, "shared")
    _context_action(window, "Remove installed pack").trigger()
    assert not (user_pack_dir() / "shared").exists()
    assert "shared" not in _listed(window)


def test_installing_an_installed_pack_asks_and_replaces_it(window, tmp_path, monkeypatch, warnings_shown):
    source = write_pack(tmp_path / "src", "shared")
    archive = tmp_path / "shared.tacpack"
    build_archive(source, archive)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(archive), "")))
    install = menu_action(window, "File", "Install pack archive")
    install.trigger()
    (source / "pack.yaml").write_text((source / "pack.yaml").read_text().replace("1.0.0", "1.1.0"))
    build_archive(source, archive)

    install.trigger()  # the question is answered No (the fixture's Discard): the installed pack stays
    assert str(window.workspace.packset.packs["shared"].manifest.version) == "1.0.0"
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    install.trigger()
    assert str(window.workspace.packset.packs["shared"].manifest.version) == "1.1.0"
    assert warnings_shown == []


def test_a_hostile_archive_is_refused_in_the_editor_too(window, tmp_path, monkeypatch, warnings_shown):
    archive = tmp_path / "bad.tacpack"
    archive.write_bytes(b"not a zip at all")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(archive), "")))
    menu_action(window, "File", "Install pack archive").trigger()
    assert warnings_shown and "not a zip file" in warnings_shown[-1]
    assert not user_pack_dir().exists() or list(user_pack_dir().iterdir()) == []
