"""A room registers a tab for a document kind and a dock (common/rooms.py), as the data rooms do: the tab opens for
files of that kind, redraws from the typed model on typed events, and its edits undo from the Edit menu."""

from __future__ import annotations

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QLabel, QVBoxLayout

from tacforge.editor.common.rooms import DocumentTab, Rooms
from tacforge.editor.document import ValueChanged
from tacforge.editor.shell import room_modules
from tacforge.editor.shell.main_window import MainWindow
from tacforge.editor.shell.workspace import Workspace


class FrontArmourTab(DocumentTab):
    """Shows the first weapon's front armour, from the typed model."""

    def __init__(self, document, workspace, parent=None):
        super().__init__(document, workspace, parent)
        self.label = QLabel()
        QVBoxLayout(self).addWidget(self.label)
        self.events: list = []
        self.watch_documents()
        self.redraw()

    def redraw(self) -> None:
        self.label.setText(str(self.document.model.weapons[0].fa))

    def document_changed(self, document, event) -> None:
        self.events.append(event)
        self.redraw()
        super().document_changed(document, event)


class ShownDocument(QLabel):
    def show_document(self, document) -> None:
        self.setText(document.kind if document is not None else "")


def register(rooms) -> None:
    rooms.add_tab("weapons", FrontArmourTab)
    rooms.add_dock("shown", "Shown", ShownDocument, "bottom")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, pack_copy, settings):  # noqa: F811
    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(tmp_path / "recovery"))
    # this test's room stands in for the real weapons room (editor/data), which registers the same kind
    monkeypatch.setattr(
        room_modules,
        "ROOM_MODULES",
        [*(m for m in room_modules.ROOM_MODULES if m != "tacforge.editor.data.room"), __name__],
    )
    win = MainWindow(Workspace([pack_copy]), settings)
    qtbot.addWidget(win)
    yield win
    win.validator.shutdown()
    win.close()


def test_a_room_tab_opens_its_kind_redraws_on_typed_events_and_undoes_from_the_menu(window, pack_copy):
    tab = window.open_path(pack_copy / "weapons.yaml")
    assert isinstance(tab, FrontArmourTab) and tab.label.text() == "7"
    assert window.room_docks["shown"].text() == "weapons"  # the room's dock follows the current tab
    tab.document.set_value(("weapons", 0, "fa"), 9, "Change front armour")
    assert tab.label.text() == "9" and tab.events == [ValueChanged(("weapons", 0, "fa"))]
    assert window.tabs.tabText(window.tabs.currentIndex()) == "weapons.yaml*"
    undo = menu_action(window, "Edit", "Undo")
    assert undo.isEnabled()
    undo.trigger()
    assert tab.label.text() == "7" and not tab.document.dirty
    assert window.open_path(pack_copy / "weapons.yaml") is tab  # one tab per document


def test_two_rooms_cannot_claim_one_kind():
    rooms = Rooms()
    register(rooms)
    with pytest.raises(ValueError, match="two rooms"):
        rooms.add_tab("weapons", FrontArmourTab)
    with pytest.raises(ValueError, match="dock area"):
        rooms.add_dock("x", "X", ShownDocument, "top")
    rooms.add_map_layer("scenario", lambda tab: None)
    with pytest.raises(ValueError, match="two rooms put scenario"):
        rooms.add_map_layer("scenario", lambda tab: None)
