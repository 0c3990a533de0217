"""Fixtures for the editor's pytest-qt tests: a writable copy of the Western pack, a main window on it with its
own settings and recovery folder, and dialogs that answer at once (a headless test must never block)."""

import shutil
from datetime import date

import pytest
from conftest import REPO
from PyQt6.QtCore import QSettings

from tacforge.editor.shell.main_window import MainWindow
from tacforge.editor.shell.workspace import Workspace

WESTERN = REPO / "plugins" / "western" / "tacforge_western" / "pack"


@pytest.fixture
def pack_copy(tmp_path):
    target = tmp_path / "westcopy"
    shutil.copytree(WESTERN, target)
    manifest = target / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: western", "id: westcopy"))
    return target


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):
    """Dialogs would block a headless test: answer 'discard' and swallow warnings."""
    from PyQt6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Discard))
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok))


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, pack_copy, settings):
    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the user's packs folder, platformdirs' way
    win = MainWindow(Workspace([pack_copy]), settings)
    qtbot.addWidget(win)
    yield win
    win.validator.shutdown()
    win.close()


def menu_action(window, menu_title: str, text_start: str):
    """The action of a menu-bar menu whose text starts with `text_start` (Undo's text grows the command's name)."""
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_title)
    return next(a for a in menu.actions() if a.text().replace("&", "").startswith(text_start))


@pytest.fixture
def make_run_window(qtbot, tmp_path, monkeypatch, settings):
    """The window `make run` opens (the bundled packs only, the first historical scenario), shown at 1600x1000, with
    its own recovery and user-packs folders."""
    from tacforge.editor.shell.app import open_window

    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the user's packs folder, platformdirs' way
    win = open_window([], settings)
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.playtests.close_all()
    win.balance_runs.stop()
    win.validator.shutdown()
    win.close()


def fill_new_scenario(
    dialog,
    scenario_id: str,
    name: str,
    map_source: str,
    destination=None,
    *,
    day: date = date(1944, 7, 11),
    forces: dict[str, str] | None = None,
    seed: int = 11,
) -> None:
    """Fill the New Scenario dialog as a designer would: a Western meeting engagement of period 4, small, with a
    river, in `destination` (None: a new pack 'my_battles' in the user's folder); `forces` side -> force type."""
    dialog.front.setCurrentIndex(dialog.front.findData("western"))
    dialog.destination.setCurrentIndex(dialog.destination.findData(destination))
    dialog.new_pack_id.setText("my_battles")
    dialog.scenario_id.setText(scenario_id)
    dialog.name.setText(name)
    dialog.period.setCurrentIndex(dialog.period.findData(4))
    dialog.date.set_date(day)
    dialog.battle_type.setCurrentIndex(dialog.battle_type.findData("meeting"))
    dialog.battle_size.setCurrentText("small")
    for side, force_type in (forces or {"allied": "us_infantry"}).items():
        dialog.force_types[side].setCurrentIndex(dialog.force_types[side].findData(force_type))
    next(b for b in dialog.map_choice.buttons() if b.objectName() == map_source).setChecked(True)
    dialog.river.setChecked(True)
    dialog.seed.setValue(seed)


def answer_unit_dialogs(monkeypatch, answers):
    """Each unit dialog (Add unit…, Add formation…) that opens is filled as a designer fills it, by typing into its
    name, weapon and count fields, and accepted; `answers` gives (name, weapon text, count) in turn. Only the
    dialog's modal loop is replaced (a headless test cannot wait in it)."""
    from PyQt6.QtCore import Qt
    from PyQt6.QtTest import QTest

    from tacforge.editor.common.weapon_picker import UnitDialog

    answers = iter(answers)

    def run(dialog):
        name, weapon, count = next(answers)
        dialog.show()  # as exec() does
        for field, text in ((dialog.name, name), (dialog.weapon, weapon)):
            field.selectAll()
            QTest.keyClicks(field, text)
        dialog.count.selectAll()
        QTest.keyClicks(dialog.count, str(count))
        QTest.keyClick(dialog.weapon, Qt.Key.Key_Return)  # the default button: OK
        return dialog.result()

    monkeypatch.setattr(UnitDialog, "exec", run)
