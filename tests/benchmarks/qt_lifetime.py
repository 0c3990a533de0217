"""The benchmarks' Qt objects: one QApplication for the whole run, and every Qt object deleted in order before the
interpreter exits.

Left to the end, PyQt's exit handler (an atexit function) walks its table of wrappers and deletes each parentless
Qt object that Python still owns (windows, documents, undo stacks, pyqtgraph's plot menus, the QApplication) in the
table's order, deleting their children with them while the walk goes on. Run together, the benchmarks left about 140
such objects (the documents, undo stacks and pyqtgraph menus of the rooms and windows they had closed), and `make
bench` crashed at exit, now and then, after writing its results: SIGSEGV in PyQt's cleanup_qobject, on a QAction
whose object was already gone (a core dump's backtrace). The balance-dialog benchmark also let its QApplication be
collected when it returned, so the benchmarks after it ran on a second one.
"""

from __future__ import annotations

import gc

from PyQt6 import sip
from PyQt6.QtCore import QEvent, QObject
from PyQt6.QtWidgets import QApplication, QWidget

_APP: QApplication | None = None


def application() -> QApplication:
    """The process's QApplication, made once and kept until shut_down()."""
    global _APP
    if _APP is None:
        _APP = QApplication.instance() or QApplication([])
    return _APP


def release(*widgets: QWidget) -> None:
    """Close and delete what a benchmark made, now rather than at exit."""
    for widget in widgets:
        widget.close()
        widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


def leftovers() -> list[QObject]:
    """The parentless Qt objects that Python owns and that are still alive, the QApplication aside."""
    gc.collect()
    return [
        o
        for o in gc.get_objects()
        if isinstance(o, QObject)
        and not isinstance(o, QApplication)
        and sip.ispyowned(o)
        and not sip.isdeleted(o)
        and o.parent() is None
    ]


def shut_down() -> list[str]:
    """Delete what the benchmarks left (widgets first: they hold the rest), then the QApplication. Returns the
    class names of what was left, for the run to report: a benchmark should release what it makes."""
    global _APP
    left = leftovers()
    names = sorted({type(o).__qualname__ for o in left})
    for obj in sorted(left, key=lambda o: not isinstance(o, QWidget)):
        if not sip.isdeleted(obj):  # a widget deleted before it may have taken it along
            sip.delete(obj)
    app = QApplication.instance()
    if app is not None:
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        sip.delete(app)
    _APP = None
    gc.collect()
    return names
