"""Weapons told apart (issue 27), in the weapons room driven as a designer drives it: a name typed that another weapon
already has is warned about in the issues dock (and by `tacforge validate`), Replace everywhere offers only weapons
of the replaced one's side, and the history names the weapon an edit was made on."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QApplication, QInputDialog

from tacforge.editor.common.checked_edit import CheckedLineEdit
from tacforge.editor.data.weapon_columns import columns
from tacforge.editor.data.weapons_room import WeaponsTab
from tacforge.engine.cli import main

KEYS = [c.key for c in columns()]


@pytest.fixture
def room(window, pack_copy, qtbot) -> WeaponsTab:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    opened = window.open_path(pack_copy / "weapons.yaml")
    assert isinstance(opened, WeaponsTab)
    return opened


def cell(room, weapon_id, key):
    return room.proxy.mapFromSource(room.model.index(room.table.index_of(weapon_id), KEYS.index(key)))


def type_into(room, qtbot, index, text) -> None:
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = next(e for e in room.table_view.findChildren(CheckedLineEdit) if e.isVisible())
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def issues_shown(window) -> list:
    items = (window.issues.topLevelItem(i) for i in range(window.issues.topLevelItemCount()))
    return [item.data(0, Qt.ItemDataRole.UserRole) for item in items]


def test_a_name_another_weapon_has_is_warned_about_in_the_issues_dock(room, window, qtbot):
    grant = room.table.by_id("westcopy:grant")
    type_into(room, qtbot, cell(room, "westcopy:sherman", "name"), grant.name)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").name == grant.name)

    def duplicate():
        return [i for i in issues_shown(window) if i is not None and i.code == "weapon.name-duplicate"]

    qtbot.waitUntil(lambda: bool(duplicate()), timeout=10000)
    issue = duplicate()[0]
    assert issue.severity.name == "WARNING" and grant.name in issue.message
    assert {"westcopy:sherman", "westcopy:grant"} <= {word.strip("'.,:") for word in issue.message.split()}
    menu_action(window, "Edit", "Undo").trigger()
    qtbot.waitUntil(lambda: not duplicate(), timeout=10000)


def test_tacforge_validate_warns_of_two_weapons_of_one_name(pack_copy, capsys):
    path = pack_copy / "weapons.yaml"
    text = path.read_text()
    sherman = text.index("id: sherman")
    name_at = text.index("name: ", sherman)
    end = text.index("\n", name_at)
    assert text[name_at:end] == "name: Sherman"
    path.write_text(text[:name_at] + "name: Grant" + text[end:])  # the Grant's name, now the Sherman's too
    assert main(["--pack-path", str(pack_copy), "validate", "westcopy"]) == 0  # a warning, not an error
    out = capsys.readouterr().out
    assert "weapon.name-duplicate" in out and "westcopy:sherman is named 'Grant', as westcopy:grant is" in out


def test_replace_everywhere_offers_only_weapons_of_the_same_side(room, monkeypatch):
    offered = []

    def choose(_parent, _title, _label, items, *args, **kwargs):
        offered.extend(items)
        return items[0], True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(choose))
    room.table_view.selectRow(cell(room, "westcopy:sherman", "name").row())
    action = next(a for a in room.inner.findChildren(QAction) if a.text() == "Replace everywhere…")
    action.trigger()
    content = room.open_content.content()
    by_label = {f"{w.name} ({w.id})": w for w in content.weapons.values()}
    chosen = [by_label[label] for label in offered]
    german = {n.id for n in content.ruleset.nationalities if n.side == "german"}
    assert chosen and not any(w.fielded_by(german) and "any" not in w.nationalities for w in chosen)
    assert chosen[0].unit_class == "tank" and chosen[0].fielded_by(["us"])  # its own nationality's tanks first
    assert room.table.by_id("westcopy:sherman") is None  # the first offered replaced it
    assert f"replace Sherman by {chosen[0].name} everywhere" in menu_action(room.window(), "Edit", "Undo").text()


def test_the_history_names_the_weapon_an_edit_was_made_on(room, window, qtbot):
    type_into(room, qtbot, cell(room, "westcopy:sherman", "fa"), "16")
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").fa == 16)
    sherman = room.table.by_id("westcopy:sherman").name
    assert f"set FA = 16 on {sherman}" in menu_action(window, "Edit", "Undo").text()
    assert window.history.stack().text(0) == f"set FA = 16 on {sherman}"
