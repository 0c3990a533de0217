"""File ▸ New map and New pack as a designer uses them (pytest-qt): never into an installed pack without asking,
the user's packs folder offered, new packs remembered for the next launch. Dialogs are answered by monkeypatch."""

from pathlib import Path

import pytest
from conftest import shipped_packs_guard
from editor_fixtures import WESTERN, menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tacforge.editor.shell import new_files
from tacforge.editor.shell.pack_places import installed_pack_at, remembered_packs, user_packs_folder
from tacforge.editor.shell.workspace import Workspace


@pytest.fixture
def answers(monkeypatch):
    """Typed answers: ids in order, 20 for every size; records the destination question."""
    asked = {"destination": [], "ids": []}

    def get_text(parent, title, label, text=""):
        return asked["ids"].pop(0), True

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(get_text))
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *a, **k: (20, True)))
    return asked


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


def test_new_map_from_an_installed_pack_asks_and_offers_a_user_pack(window, answers, monkeypatch):
    before = files_under(WESTERN)
    window.open_path(WESTERN / "scenarios" / "bocage_crossroads.yaml")

    def destination(parent, installed):
        answers["destination"].append(installed.id)
        return new_files.NEW_PACK

    monkeypatch.setattr(new_files, "ask_map_destination", destination)
    answers["ids"] += ["my_maps", "fresh"]
    menu_action(window, "File", "New map").trigger()
    assert answers["destination"] == ["western"]
    created = user_packs_folder() / "my_maps" / "maps" / "fresh.yaml"
    assert created.is_file() and files_under(WESTERN) == before
    assert window.current_tab().document.path == created.resolve()
    assert "my_maps" in Workspace().packset.packs  # the next launch finds it in the user's packs folder


def test_new_map_cancelled_at_the_question_writes_nothing(window, answers, monkeypatch):
    before = files_under(WESTERN)
    window.open_path(WESTERN / "scenarios" / "bocage_crossroads.yaml")
    monkeypatch.setattr(new_files, "ask_map_destination", lambda parent, installed: None)
    menu_action(window, "File", "New map").trigger()
    assert files_under(WESTERN) == before and window.tabs.count() == 1


def test_new_map_in_the_designers_own_pack_goes_there_without_asking(window, answers, pack_copy, monkeypatch):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    monkeypatch.setattr(new_files, "ask_map_destination", lambda *a: pytest.fail("asked about a writable pack"))
    answers["ids"].append("fresh")
    menu_action(window, "File", "New map").trigger()
    assert (pack_copy / "maps" / "fresh.yaml").is_file()
    assert window.browser.findItems("Fresh", _recursive())  # the pack browser shows it at once


def test_a_new_pack_elsewhere_is_remembered_for_the_next_launch(window, answers, settings, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(elsewhere)))
    answers["ids"].append("side_pack")
    menu_action(window, "File", "New pack").trigger()
    assert remembered_packs(settings) == [(elsewhere / "side_pack").resolve()]
    assert "side_pack" in Workspace(remembered_packs(settings)).packset.packs


def test_a_new_pack_is_never_made_inside_an_installed_pack(window, answers, monkeypatch):
    before = files_under(WESTERN)
    warned = []
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(WESTERN / "maps")))
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: warned.append(text)))
    answers["ids"].append("inside")
    menu_action(window, "File", "New pack").trigger()
    assert files_under(WESTERN) == before
    assert warned and "installed pack 'western'" in warned[0]


def test_a_malformed_id_is_refused_with_the_rule(window, answers, pack_copy, monkeypatch):
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text: warned.append(text)))
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    answers["ids"] += ["Bad Id", "good_id"]
    menu_action(window, "File", "New map").trigger()
    assert warned and "'Bad Id' is not an id" in warned[0]
    assert (pack_copy / "maps" / "good_id.yaml").is_file() and not list((pack_copy / "maps").glob("Bad*"))


def _recursive():
    from PyQt6.QtCore import Qt

    return Qt.MatchFlag.MatchRecursive | Qt.MatchFlag.MatchExactly


def test_an_installed_pack_named_as_a_pack_path_is_still_installed(tmp_path, monkeypatch):
    """The shipped western pack found through a path (--pack-path, TACFORGE_PACK_PATH, a folder the editor
    remembers) as well as its plugin's entry point is still installed: the editor never writes into it unasked."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("TACFORGE_PACK_PATH", str(WESTERN))
    workspace = Workspace([WESTERN])
    western = workspace.packset.packs["western"]
    assert western.location.folder == WESTERN.resolve() and western.location.installed
    assert installed_pack_at(workspace.packset, WESTERN / "maps") is western


def test_the_guard_fails_a_test_that_writes_into_a_shipped_pack_and_takes_it_out():
    stray = WESTERN / "maps" / "inside"
    with pytest.raises(pytest.fail.Exception, match=r"wrote into a pack the repository ships.*added .*maps/inside"):
        with shipped_packs_guard():
            stray.mkdir()
            (stray / "pack.yaml").write_text("id: inside\n")
    assert not stray.exists()
