"""The editor's abstract Qt bases refuse a subclass that leaves an abstract method out (editor/qt_abstract.py)."""

import pytest
from PyQt6.QtGui import QUndoStack

from tacforge.editor.document.commands import DocumentEdit


class _Document:
    kind, state = "map", 0
    undo = QUndoStack()  # (a command reads whether it is pushed over undone steps)

    class path:  # stands for a Path, of which DocumentEdit reads the stem
        stem = "village"


def test_an_edit_without_revert_cannot_be_made():
    class HalfEdit(DocumentEdit):
        def apply(self) -> None:
            pass

    with pytest.raises(TypeError, match="revert"):
        HalfEdit(_Document(), "half")


def test_a_whole_edit_is_made_and_named_for_its_document():
    class WholeEdit(DocumentEdit):
        def apply(self) -> None:
            pass

        def revert(self) -> None:
            pass

    assert WholeEdit(_Document(), "paint").text() == "paint (map village)"
