"""A field for a typed value that never changes what was typed. Spin boxes did: their validators dropped a "-" below
a minimum of 0, refused the third digit of "999" above a maximum of 99, swallowed letters, and put the old value back
when the text was left out of range. Here any text can be typed; text the field's parser refuses is shown with a red
border and the parser's message (which names the allowed range) as tooltip, and is never written. The data rooms'
table cells and the parameters form use it.

A number steps as in a spin box, without the spin box's silent changes: Up and Down add and take one step (Page Up
and Page Down ten), and so does the wheel while the field has the focus (an unfocused field leaves the wheel to the
form it is in). The step is 1, or for a number typed with decimals one unit of its last decimal. A step that would
leave the allowed range is not taken; the field then says why, as it does for typed text.

Undo and redo keys go past the field's own text history to the window's (the document's history), wherever the
focus is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QEvent, QObject, Qt
from PyQt6.QtGui import QKeyEvent, QKeySequence, QWheelEvent
from PyQt6.QtWidgets import QAbstractItemDelegate, QAbstractItemView, QLineEdit, QWidget

REFUSED_STYLE = "QLineEdit { border: 2px solid #d02020; background: #fff0f0; }"
ENTER_KEYS = {Qt.Key.Key_Return.value, Qt.Key.Key_Enter.value}
COMMIT_KEYS = {key.value for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab)}
HISTORY_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
STEP_KEYS: dict[int, int] = {
    int(key.value): steps
    for key, steps in ((Qt.Key.Key_Up, 1), (Qt.Key.Key_Down, -1), (Qt.Key.Key_PageUp, 10), (Qt.Key.Key_PageDown, -10))
}


def is_history_key(event: QEvent | None) -> bool:
    """A shortcut-override event for Undo or Redo, which a text field would otherwise take for its own text."""
    return (
        isinstance(event, QKeyEvent)
        and event.type() == QEvent.Type.ShortcutOverride
        and any(event.matches(key) for key in HISTORY_KEYS)
    )


class CheckedLineEdit(QLineEdit):
    """A line edit whose text `parse` turns into a value or refuses with a ValueError (its message is shown)."""

    def __init__(self, parse: Callable[[str], Any], parent=None) -> None:
        super().__init__(parent)
        self.parse = parse
        self.plain_tip = ""
        self.textChanged.connect(lambda _text: self.show_problem())

    def problem(self) -> str:
        """Why the text cannot be written ("" when it can)."""
        try:
            self.parse(self.text())
        except ValueError as exc:
            return str(exc)
        return ""

    def show_problem(self) -> str:
        """Mark the field refused (red border, the reason as tooltip) or plain again; returns the reason."""
        problem = self.problem()
        self.setStyleSheet(REFUSED_STYLE if problem else "")
        self.setToolTip(problem or self.plain_tip)
        return problem

    def set_tip(self, tip: str) -> None:
        self.plain_tip = tip
        self.show_problem()

    def show_text(self, text: str) -> None:
        """Show a value the document holds (no edit signals)."""
        self.blockSignals(True)
        self.setText(text)
        self.blockSignals(False)
        self.show_problem()

    def stepped_text(self, steps: int) -> str | None:
        """The text `steps` steps away from the current number, or None: no number (text, a date, an empty cell, a
        refused value), or a step leaving the allowed range (the field then shows why)."""
        try:
            value = self.parse(self.text())
        except ValueError:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        text = self.text().strip()
        decimals = len(text.partition(".")[2]) if "." in text else 0
        if isinstance(value, int) and not decimals:
            candidate = str(value + steps)
        else:
            candidate = f"{value + steps * 10.0**-decimals:.{decimals}f}"
        try:
            self.parse(candidate)
        except ValueError as exc:
            self.setStyleSheet(REFUSED_STYLE)
            self.setToolTip(str(exc))
            return None
        return candidate

    def step_by(self, steps: int) -> bool:
        """Step the number as a spin box would (see the module docstring); False when there is nothing to step."""
        candidate = self.stepped_text(steps)
        if candidate is None:
            return False
        self.setText(candidate)
        self.textEdited.emit(candidate)  # as if typed: a table's live plots draw it
        return True

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        steps = STEP_KEYS.get(int(event.key())) if event is not None else None
        if event is not None and steps is not None and self.stepped_text(0) is not None:
            self.step_by(steps)
            event.accept()
            return
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent | None) -> None:
        notches = event.angleDelta().y() // 120 if event is not None else 0
        if event is not None and self.hasFocus() and notches and self.stepped_text(0) is not None:
            self.step_by(notches)
            event.accept()
            return
        super().wheelEvent(event)  # not focused: the wheel scrolls the form or table around the field

    def event(self, event: QEvent | None) -> bool:
        if isinstance(event, QKeyEvent) and is_history_key(event):
            event.ignore()  # not ours: the window's Undo / Redo shortcut takes it
            return True
        return super().event(event)


def refuses_commit(editor: QObject | None, event: QEvent | None) -> bool:
    """For an item delegate's eventFilter: a key that would commit (Return, Enter, Tab) while the editor's text is
    refused. The editor then stays open, marked, and the key is swallowed."""
    if not isinstance(editor, CheckedLineEdit) or not isinstance(event, QKeyEvent):
        return False
    if event.type() != QEvent.Type.KeyPress:
        return False
    return event.key() in COMMIT_KEYS and bool(editor.show_problem())


def commits_down(
    delegate: QAbstractItemDelegate, editor: QObject | None, event: QEvent | None, move_down: bool = True
) -> bool:
    """For an item delegate's eventFilter (after `refuses_commit`): Return or Enter commits the cell, keeps the focus
    in the table and, with `move_down`, makes the cell below current as in a spreadsheet, so that a column is typed
    down with the keyboard alone. (The weapons room stays on the row: its plots show the current weapon, and the
    value just typed is what they should show.) The delegate's parent is its view."""
    view = delegate.parent()
    if not (isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() in ENTER_KEYS):
        return False
    if not isinstance(view, QAbstractItemView) or not isinstance(editor, QWidget):
        return False
    if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
        return False  # Shift+Return and the like keep Qt's own meaning
    current = view.currentIndex()
    delegate.commitData.emit(editor)
    delegate.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)
    model = view.model()
    if move_down and current.isValid() and model is not None and current.row() + 1 < model.rowCount(current.parent()):
        view.setCurrentIndex(model.index(current.row() + 1, current.column(), current.parent()))
    return True
