"""Only a focused field takes the mouse wheel: scrolling a form (the scenario's Properties, the rules parameters)
must scroll the form, not change whichever spin box or combo box passes under the pointer (Visibility went from 12
to 10 while a designer scrolled past it).

One event filter on the application does it for every spin box (date and number alike) and combo box: such a field
gets the focus by a click or Tab, never by the wheel, and a wheel over it while it has no focus scrolls the nearest
scroll area around it instead. A field with the focus takes the wheel as Qt made it to.
"""

from __future__ import annotations

from PyQt6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PyQt6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget

FIELDS = (QAbstractSpinBox, QComboBox)


class FocusedWheel(QObject):
    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(obj, FIELDS):
            if obj.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                obj.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Qt would focus the field on the wheel's first notch
            return False
        if kind != QEvent.Type.Wheel or not isinstance(obj, FIELDS) or obj.hasFocus():
            return False
        area = _scroll_area_around(obj)
        if area is None:
            event.ignore()  # nothing to scroll: the wheel goes on to the field's parents, never to the field
            return True
        QApplication.sendEvent(area.viewport(), event)
        event.accept()
        return True


def _scroll_area_around(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


def install_focused_wheel(app: QCoreApplication) -> FocusedWheel:
    """Install the filter on `app` once (a second call returns the one installed)."""
    found = app.findChild(FocusedWheel)
    if found is not None:
        return found
    wheel_filter = FocusedWheel(app)
    app.installEventFilter(wheel_filter)
    # taken off before the application winds down: a Python filter called while Qt deletes its widgets crashes
    app.aboutToQuit.connect(lambda: app.removeEventFilter(wheel_filter))
    return wheel_filter
