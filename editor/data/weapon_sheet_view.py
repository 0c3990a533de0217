"""The weapon table used as a spreadsheet: cells (not only rows) are chosen, Edit ▸ Copy and Paste carry blocks of
cells as tab-separated text (to and from a spreadsheet), Fill down (Ctrl+D) and Adjust numbers (Ctrl+Shift+A: +1,
*1.1, ...) change the chosen cells and an Id cell renames the weapon with its uses, each as one undo step; the
header's context menu shows and hides columns, and the choice is kept in the editor's settings. The planning is
Qt-free, in weapon_sheet.py."""

from __future__ import annotations

from PyQt6.QtCore import QPoint, QSettings, Qt
from PyQt6.QtGui import QAction, QGuiApplication, QKeySequence
from PyQt6.QtWidgets import QAbstractItemView, QInputDialog, QMenu, QTableView

from ..qt_present import present
from .weapon_columns import Column
from .weapon_edits import apply_change
from .weapon_rename import new_qualified_id, rename_weapon
from .weapon_sheet import SheetError, adjust, copy_text, fill_down, parse_adjustment, parse_block, paste

HIDDEN_KEY = "weapons/hidden_columns"
HIDDEN_AT_FIRST = ("description",)  # long text: shown when asked for


class WeaponSheet:
    """Spreadsheet behaviour of one weapons tab's table (`tab.table_view` over `tab.proxy` over `tab.model`);
    messages go to `tab.message`."""

    def __init__(self, tab) -> None:
        self.tab = tab
        view: QTableView = tab.table_view
        self.view = view
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        header = present(view.horizontalHeader())
        header.setSectionsMovable(True)  # columns dragged into the order wanted, as in a spreadsheet
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self.column_menu)
        self.fill_down_action = self._action("Fill down", self.fill_down, "Ctrl+D")
        self.adjust_action = self._action("Adjust numbers…", self.adjust_dialog, "Ctrl+Shift+A")
        self.hidden: set[str] = set(HIDDEN_AT_FIRST)
        self._settings: QSettings | None = None
        self.menu: QMenu | None = None  # the header's context menu while it is shown
        self._apply_hidden()

    def _action(self, text: str, slot, key: str) -> QAction:
        action = QAction(text, self.view)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self.view.addAction(action)
        return action

    # -- columns shown --------------------------------------------------------------------------------------------
    @property
    def columns(self) -> list[Column]:
        return self.tab.model.columns

    def use_settings(self, settings: QSettings | None) -> None:
        """The editor's settings (the window's, once the tab is in it): the columns hidden last time."""
        if settings is None or settings is self._settings:
            return
        self._settings = settings
        saved = settings.value(HIDDEN_KEY)
        if saved is not None:
            self.hidden = {str(k) for k in (saved if isinstance(saved, list) else [saved]) if k}
        self._apply_hidden()

    def _apply_hidden(self) -> None:
        header = present(self.view.horizontalHeader())
        for i, col in enumerate(self.columns):
            header.setSectionHidden(i, col.key in self.hidden)

    def set_shown(self, key: str, shown: bool) -> None:
        if shown:
            self.hidden.discard(key)
        elif len(self.hidden) + 1 < len(self.columns):  # one column stays
            self.hidden.add(key)
        self._apply_hidden()
        if self._settings is not None:
            self._settings.setValue(HIDDEN_KEY, sorted(self.hidden) or [""])

    def column_menu(self, position: QPoint) -> QMenu:
        """The header's context menu: a check box per column."""
        menu = QMenu(self.view)
        for col in self.columns:
            action = present(menu.addAction(f"{col.header} ({col.key})" if col.header != col.key else col.header))
            action.setCheckable(True)
            action.setChecked(col.key not in self.hidden)
            action.setData(col.key)
            action.toggled.connect(lambda on, key=col.key: self.set_shown(key, on))
        self.menu = menu  # kept for a test to trigger, and alive while shown
        if not position.isNull():
            menu.popup(present(self.view.horizontalHeader()).mapToGlobal(position))
        return menu

    # -- the chosen block -----------------------------------------------------------------------------------------
    def _shown_columns(self) -> list[int]:
        """Logical column numbers in the order shown, hidden ones left out."""
        header = present(self.view.horizontalHeader())
        logical = [header.logicalIndex(v) for v in range(header.count())]
        return [i for i in logical if not header.isSectionHidden(i)]

    def _source_rows(self, proxy_rows) -> list[int]:
        proxy = self.tab.proxy
        return [proxy.mapToSource(proxy.index(r, 0)).row() for r in proxy_rows]

    def chosen(self) -> tuple[list[int], list[Column]]:
        """The chosen cells as a block: their rows (table indexes, top to bottom as shown) by their columns (left
        to right as shown); the current cell when nothing is chosen."""
        indexes = present(self.view.selectionModel()).selectedIndexes() or [self.view.currentIndex()]
        indexes = [i for i in indexes if i.isValid()]
        rows = sorted({i.row() for i in indexes})
        picked = {i.column() for i in indexes}
        cols = [c for c in self._shown_columns() if c in picked]
        return self._source_rows(rows), [self.columns[c] for c in cols]

    def _from_top_left(self) -> tuple[list[int], list[Column]]:
        """From the top left chosen cell to the end of the table as shown (where a pasted block goes)."""
        indexes = [i for i in present(self.view.selectionModel()).selectedIndexes() if i.isValid()]
        indexes = indexes or ([self.view.currentIndex()] if self.view.currentIndex().isValid() else [])
        if not indexes:
            return [], []
        shown = self._shown_columns()
        top = min(i.row() for i in indexes)
        left = min(shown.index(i.column()) for i in indexes if i.column() in shown)
        rows = self._source_rows(range(top, self.tab.proxy.rowCount()))
        return rows, [self.columns[c] for c in shown[left:]]

    def _push(self, plan) -> bool:
        try:
            change = plan()
        except SheetError as exc:
            self.tab.message.setText(str(exc))
            return False
        if not change:
            self.tab.message.setText("nothing to change: the cells already hold those values")
            return False
        apply_change(self.tab.document, change, self.tab.table.pack_id)
        self.tab.message.setText(change.text)
        return True

    # -- the actions ----------------------------------------------------------------------------------------------
    def copy(self) -> str:
        rows, cols = self.chosen()
        if not rows or not cols:
            return ""
        text = copy_text(self.tab.table, rows, cols)
        present(QGuiApplication.clipboard()).setText(text)
        self.tab.message.setText(f"copied {len(rows)} rows of {len(cols)} cells")
        return text

    def paste(self) -> bool:
        block = parse_block(present(QGuiApplication.clipboard()).text())
        one_value = len(block) == 1 and len(block[0]) == 1
        rows, cols = self.chosen() if one_value else self._from_top_left()
        if not rows:
            self.tab.message.setText("choose the cell to paste into first")
            return False
        return self._push(lambda: paste(self.tab.table, rows, cols, block))

    def fill_down(self) -> bool:
        rows, cols = self.chosen()
        if len(rows) == 1:  # one row: from the row above, as a spreadsheet does
            current = self.view.currentIndex()
            if current.row() > 0:
                rows = [*self._source_rows([current.row() - 1]), *rows]
        return self._push(lambda: fill_down(self.tab.table, rows, cols))

    def adjust_dialog(self) -> bool:
        text, ok = QInputDialog.getText(
            self.view, "Adjust numbers", "Change the chosen numbers by (+1, -2, *1.1, /2, =5, +10%):"
        )
        return bool(ok and text) and self.adjust(text)

    def adjust(self, text: str) -> bool:
        rows, cols = self.chosen()
        return self._push(lambda: adjust(self.tab.table, rows, cols, parse_adjustment(text)))

    def rename(self, weapon_id: str, typed: str) -> None:
        """An Id cell edited: the weapon and every use of its id renamed, as one undo step (the other files edited
        are the tab's to save, as replace-everywhere's are)."""
        tab = self.tab
        try:
            new_id = new_qualified_id(tab.table, weapon_id, typed)
        except ValueError as exc:
            tab.message.setText(str(exc))
            return
        if new_id == weapon_id:
            return
        files = rename_weapon(tab.document, tab.table, weapon_id, new_id, tab.open_file)
        also = f"; also changed {', '.join(f.name for f in files)} (saved with this table)" if files else ""
        tab.message.setText(f"renamed {weapon_id} to {new_id}{also}")
