"""The weapons room's toolbar entries beyond the table's own: spreadsheet edits (fill down, adjust), the
comparison of two weapons, the table by range and the shooting range; the same, with copy and paste, are the
table's context menu (the toolbar may be too narrow to show them all). Each dialog is made once per tab, stays
open beside the table (not modal) and reads the tab's weapons as they are when it is asked to redraw."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QDialog, QToolBar

from .shooting_range_view import ShootingRange
from .weapon_compare_view import CompareDialog
from .weapon_range_view import RangeTableDialog


def add_sheet_tools(tab, toolbar: QToolBar) -> None:
    toolbar.addSeparator()
    toolbar.addAction(tab.sheet.fill_down_action)
    toolbar.addAction(tab.sheet.adjust_action)
    toolbar.addSeparator()
    tab.compare_action = toolbar.addAction("Compare…", lambda: _show(tab, "compare_dialog", CompareDialog))
    tab.range_table_action = toolbar.addAction("By range…", lambda: _show(tab, "range_dialog", RangeTableDialog))
    tab.shooting_range_action = toolbar.addAction(
        "Shooting range…", lambda: _show(tab, "shooting_range", ShootingRange)
    )
    view = tab.table_view
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    # no shortcuts here: Ctrl+C and Ctrl+V are the Edit menu's, which hands them to the tab
    copy, paste = QAction("Copy cells", view), QAction("Paste cells", view)
    copy.triggered.connect(lambda _checked=False: tab.sheet.copy())
    paste.triggered.connect(lambda _checked=False: tab.sheet.paste())
    first = view.actions()[0] if view.actions() else None
    view.insertActions(first, [copy, paste, _separator(view)])
    view.addActions([_separator(view), tab.compare_action, tab.range_table_action, tab.shooting_range_action])


def _separator(parent) -> QAction:
    separator = QAction(parent)
    separator.setSeparator(True)
    return separator


def _show(tab, attribute: str, kind) -> QDialog:
    """The tab's dialog of `kind`, made the first time, filled from the tab's current choice and shown."""
    dialog = getattr(tab, attribute, None)
    if dialog is None:
        dialog = kind(tab)
        setattr(tab, attribute, dialog)
    dialog.refill()
    dialog.show()
    dialog.raise_()
    return dialog
