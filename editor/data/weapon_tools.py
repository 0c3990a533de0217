"""The weapons room's toolbar entries beyond the table's own: spreadsheet edits (fill down, adjust), the
comparison of two weapons, the table by range and the shooting range; the same, with copy and paste, are the
table's context menu. On the toolbar they are grouped under two buttons with menus (Cells, Analyse), as the CSV
import and export are under CSV, so that every action shows in a window 1280 pixels wide beside the Packs dock
rather than behind the toolbar's overflow arrow. Each dialog is made once per tab, stays
open beside the table (not modal) and reads the tab's weapons as they are when it is asked to redraw."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QDialog, QMenu, QToolBar, QToolButton

from .shooting_range_view import ShootingRange
from .weapon_compare_view import CompareDialog
from .weapon_range_view import RangeTableDialog


def add_sheet_tools(tab, toolbar: QToolBar) -> None:
    view = tab.table_view
    # no shortcuts on copy and paste: Ctrl+C and Ctrl+V are the Edit menu's, which hands them to the tab
    copy, paste = QAction("Copy cells", view), QAction("Paste cells", view)
    copy.triggered.connect(lambda _checked=False: tab.sheet.copy())
    paste.triggered.connect(lambda _checked=False: tab.sheet.paste())
    tab.compare_action = _action(view, "Compare…", lambda: _show(tab, "compare_dialog", CompareDialog))
    tab.range_table_action = _action(view, "By range…", lambda: _show(tab, "range_dialog", RangeTableDialog))
    tab.shooting_range_action = _action(view, "Shooting range…", lambda: _show(tab, "shooting_range", ShootingRange))
    cells = [copy, paste, tab.sheet.fill_down_action, tab.sheet.adjust_action]
    analyse = [tab.compare_action, tab.range_table_action, tab.shooting_range_action]
    toolbar.addSeparator()
    menu_button(toolbar, "Cells", cells, "copy, paste, fill down and adjust the chosen cells")
    menu_button(toolbar, "Analyse", analyse, "compare two weapons, a table by range, the shooting range")
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    first = view.actions()[0] if view.actions() else None
    view.insertActions(first, [copy, paste, _separator(view)])
    view.addActions([_separator(view), *analyse])


def menu_button(toolbar: QToolBar, text: str, actions: list[QAction], tip: str) -> QToolButton:
    """A toolbar button named `text` whose click opens a menu of `actions`."""
    menu = QMenu(text, toolbar)
    menu.addActions(actions)
    button = QToolButton(toolbar)
    button.setText(text)
    button.setToolTip(tip)
    button.setMenu(menu)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    toolbar.addWidget(button)
    return button


def _action(parent, text: str, slot) -> QAction:
    action = QAction(text, parent)
    action.triggered.connect(lambda _checked=False: slot())
    return action


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
