"""The weapons room's toolbar entries beyond the table's own: spreadsheet edits (fill down, adjust), the
comparison of two weapons, the table by range and the shooting range. Each dialog is made once per tab, stays
open beside the table (not modal) and reads the tab's weapons as they are when it is asked to redraw."""

from __future__ import annotations

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
