"""A rider's carrier typed into its Transport cell in the Order of battle dock (pytest-qt, the real double-click
and keys): building Villers-Bocage in the editor found no way to put the Rifle Brigade's platoons into their
halftracks short of writing `carrier:` by hand."""

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QLineEdit, QMessageBox
from test_oob_names_qt import double_click, index_of, oob, type_and_enter  # noqa: F401 (the oob fixture)

from tacforge.editor.scenario.oob_rows import TRANSPORT

MG = ("allied", 2, 4)  # bocage_crossroads: the American C4, a machine-gun section riding in C7


def unit(document, key):
    return document.model.scenario.force(key[0]).formations[key[1]].units[key[2]]


def type_carrier(dock, qtbot, key, text):
    double_click(dock, index_of(dock, key, TRANSPORT))
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "rides in C7"
    if text:
        type_and_enter(editor, text)
    else:  # the cell emptied: all selected, Backspace, Enter
        editor.selectAll()
        QTest.keyClick(editor, Qt.Key.Key_Backspace)
        QTest.keyClick(editor, Qt.Key.Key_Return)


def test_a_rider_is_put_into_another_carrier_by_typing_its_id_one_undo_step(oob, qtbot):  # noqa: F811
    dock, document = oob
    steps = document.undo.count()
    type_carrier(dock, qtbot, MG, "c6")
    qtbot.waitUntil(lambda: unit(document, MG).carrier == "C6")
    assert document.undo.count() == steps + 1
    assert "carrier: C6" in document.text() and index_of(dock, MG, TRANSPORT).data() == "rides in C6"
    document.undo.undo()
    qtbot.waitUntil(lambda: unit(document, MG).carrier == "C7")


def test_an_emptied_cell_puts_the_rider_on_foot_and_a_non_carrier_is_refused_with_a_message(
    oob,  # noqa: F811
    qtbot,
    monkeypatch,
):
    dock, document = oob
    said = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, _title, text: said.append(text)))
    type_carrier(dock, qtbot, MG, "C1")  # a rifle platoon carries nobody
    qtbot.waitUntil(lambda: bool(said))
    assert "C1 cannot carry C4" in said[0] and "C0, C5, C6, C7" in said[0]
    assert unit(document, MG).carrier == "C7" and index_of(dock, MG, TRANSPORT).data() == "rides in C7"
    type_carrier(dock, qtbot, MG, "")
    qtbot.waitUntil(lambda: unit(document, MG).carrier is None)
    assert index_of(dock, MG, TRANSPORT).data() == ""


def test_a_carrier_s_cell_shows_its_load_and_is_not_typed_into(oob):  # noqa: F811
    dock, _document = oob
    cell = dock.model.itemFromIndex(index_of(dock, ("allied", 2, 7), TRANSPORT))  # C7, the 3rd Platoon's halftracks
    assert " of " in cell.text() and not cell.isEditable()
