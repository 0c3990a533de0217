"""The weapons and vehicles room: one table per nationality (tabs), filters by class, period and text, the live
plots docked beside it, and the actions add, clone as a variant, delete (or replace everywhere), CSV import and
export. It only wires widgets to the document and the Qt-free logic of this package."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSpinBox,
    QTabBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.atomic_files import atomic_write_text

from ..common.rooms import DocumentTab
from ..document import Reloaded, RowsInserted, RowsRemoved
from ..qt_present import present
from .open_content import OpenDocumentsContent
from .weapon_columns import column, with_value
from .weapon_edits import apply_change, base_weapons, replace_weapon
from .weapon_sheet_view import WeaponSheet
from .weapon_tools import add_sheet_tools, menu_button
from .weapon_usage import WeaponInUse, delete_weapon, replacement_candidates
from .weapons_csv import ImportPreview, export_csv, preview_import
from .weapons_plot_view import Inputs, WeaponPlots
from .weapons_table import WeaponFilter, add_weapon, clone_variant, nationalities_of
from .weapons_view import WeaponDelegate, WeaponProxy, WeaponTableModel

ALL = "all"
PLOTS_SHARE = 0.4  # of the room's width, the plots' when the tab is first shown: the table's columns need the rest
MAX_WIDTH = 320  # a column of long text (descriptions) is cut, its cells show it whole in their tooltips
HEADER_LETTERS = 5  # a longer header is cut (elided) where its cells are narrower, and named whole in its tooltip
READ_TOGETHER_UP_TO = "periods"  # the manuals' columns from # to YR: the table keeps the width to show them


class WeaponsTab(DocumentTab):
    """The room's tab for one weapons document. Its table and plots sit in an inner main window, so that the
    plots are a dock of their own beside the table."""

    def __init__(self, document, workspace, parent=None) -> None:
        super().__init__(document, workspace, parent)
        self.touched: list = []  # other files edited from here (replace everywhere), saved with this tab
        self.inner = QMainWindow()
        self.inner.setWindowFlags(Qt.WindowType.Widget)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.inner)
        if document.content is None:
            self.inner.setCentralWidget(
                QLabel(
                    f"The pack of {document.path.name} does not load; the issues dock "
                    "says why. Fix those first, or edit the file in a text editor."
                )
            )
            self.watch_documents()
            return
        self.model = WeaponTableModel(document, base_weapons(workspace, document.content.pack_id), self)
        self.open_content = OpenDocumentsContent(workspace, document)  # the rules the plots use, as edited now
        self.proxy = WeaponProxy(self.model, self)
        self.table_view = QTableView()
        self.table_view.setModel(self.proxy)
        self.table_view.setSortingEnabled(True)
        self.table_view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # file order until a header is clicked
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table_view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        present(self.table_view.verticalHeader()).setDefaultSectionSize(22)
        self.delegate = WeaponDelegate(self.proxy, self.table_view)
        self.table_view.setItemDelegate(self.delegate)
        self.model.selected_ids = self.selected_ids
        self.model.problem = lambda message: self.message.setText(message)
        self.plots = WeaponPlots()
        dock = self.plots_dock = QDockWidget("Plots", self.inner)
        dock.setObjectName("weapon-plots")
        dock.setWidget(self.plots)
        self.inner.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self._plots_sized = False  # the plots' share set on the first show, then the designer's to drag
        self.inner.setCentralWidget(self._central())
        self.sheet = WeaponSheet(self)
        self.model.rename = self.sheet.rename
        add_sheet_tools(self, self.weapons_toolbar)
        present(self.table_view.selectionModel()).selectionChanged.connect(lambda *_: self.redraw_plots())
        self.delegate.drafted.connect(self._drafted)
        self.delegate.draftEnded.connect(self.redraw_plots)
        self.watch_documents()
        self._fill_nationalities()
        self._size_columns()
        if self.proxy.rowCount():
            self.table_view.selectRow(0)

    # -- construction ---------------------------------------------------------------------------------------------
    def _central(self) -> QWidget:
        self.nations = QTabBar()
        self.nations.setExpanding(False)
        self.nations.currentChanged.connect(lambda _: self._filter())
        self.class_filter = QComboBox()
        self.class_filter.addItems([ALL, *self.table.unit_class_ids()])
        self.class_filter.currentIndexChanged.connect(lambda _: self._filter())
        self.period_filter = QSpinBox()
        self.period_filter.setRange(0, self.table.period_count())
        self.period_filter.setSpecialValueText("any")
        self.period_filter.valueChanged.connect(lambda _: self._filter())
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText("name, alias, id or #number")
        self.text_filter.setClearButtonEnabled(True)
        self.text_filter.textChanged.connect(lambda _: self._filter())
        filters = QHBoxLayout()
        for label, widget in (("class", self.class_filter), ("period", self.period_filter), ("find", self.text_filter)):
            filters.addWidget(QLabel(label))
            filters.addWidget(widget)
        toolbar = self.weapons_toolbar = present(self.inner.addToolBar("Weapons"))
        toolbar.setObjectName("weapons")
        for text, slot in (
            ("Add", self.add),
            ("Clone as variant", self.clone),
            ("Delete", self.delete),
            ("Replace everywhere…", self.replace),
        ):
            toolbar.addAction(text, slot)
        csv = [QAction("Import CSV…", toolbar), QAction("Export CSV…", toolbar)]
        csv[0].triggered.connect(lambda _checked=False: self.import_dialog())
        csv[1].triggered.connect(lambda _checked=False: self.export_dialog())
        menu_button(toolbar, "CSV", csv, "import or export the table as CSV (a spreadsheet's file)")
        self.message = QLabel(" ")
        self.message.setWordWrap(True)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.nations)
        layout.addLayout(filters)
        layout.addWidget(self.table_view, 1)
        layout.addWidget(self.message)
        return box

    def _fill_nationalities(self) -> None:
        current = self.nations.tabData(self.nations.currentIndex()) if self.nations.count() else None
        self.nations.blockSignals(True)
        while self.nations.count():
            self.nations.removeTab(0)
        for nat in nationalities_of(self.table.weapons):
            self.nations.setTabData(self.nations.addTab(self._nation_name(nat)), nat)
        self.nations.setTabData(self.nations.addTab("All"), None)
        found = next((i for i in range(self.nations.count()) if self.nations.tabData(i) == current), 0)
        self.nations.setCurrentIndex(found)
        self.nations.blockSignals(False)
        self._filter()

    def _size_columns(self) -> None:
        """Widths from the longest text of each column (resizeColumnsToContents measures every cell through the
        delegate, several times slower for a table of a hundred weapons). A long header is cut to its first
        letters ("Designer value" over numbers: its tooltip names it whole), and the table is never narrower than
        the manuals' columns up to YR, which a designer reads side by side."""
        metrics = self.table_view.fontMetrics()
        header = present(self.table_view.horizontalHeader())
        for i, col in enumerate(self.model.columns):
            cells = [metrics.horizontalAdvance(col.text(w)) for w in self.table.decoded()]
            whole, cut = (metrics.horizontalAdvance(t) for t in (col.header, col.header[:HEADER_LETTERS] + "…"))
            title = min(whole, cut)
            header.resizeSection(i, min(MAX_WIDTH, max([title, *cells]) + 16))
        keys = [col.key for col in self.model.columns]
        manuals = sum(header.sectionSize(i) for i in range(keys.index(READ_TOGETHER_UP_TO) + 1))
        vertical = present(self.table_view.verticalHeader()).sizeHint().width()
        scroll = present(self.table_view.verticalScrollBar()).sizeHint().width()
        self.table_view.setMinimumWidth(manuals + vertical + scroll + 2 * self.table_view.frameWidth())

    def _nation_name(self, nat: str) -> str:
        ruleset = self.table.content.ruleset
        known = ruleset.nationality(nat) if ruleset is not None else None
        # "any": the weapons every nationality fields (infantry weapons, grenades, off-map artillery)
        if known is None and nat == "any":
            return "Every nationality"
        return known.name if known is not None else nat

    @property
    def table(self):
        """The rows as the document's model has them now (the model is re-derived on every edit)."""
        return self.model.table

    def documents(self) -> list:
        """The documents this tab edits: the table, and the files a replace-everywhere changed."""
        return [self.document, *self.touched]

    def title(self) -> str:
        star = "*" if any(d.dirty for d in self.documents()) else ""
        return f"{self.document.path.parent.name}/{self.document.path.name}{star}"

    def document_changed(self, document, event) -> None:
        if document is self.document and hasattr(self, "model"):
            self.model.document_changed(event)  # first: what redraws below reads the model
            if isinstance(event, (RowsInserted, RowsRemoved, Reloaded)):
                self._fill_nationalities()
            self.redraw_plots()
        super().document_changed(document, event)

    def jump_to(self, issue) -> None:
        """Select the weapon an issue is about (its path starts weapons, <row>)."""
        path = tuple(issue.path or ())
        if len(path) >= 2 and path[0] == "weapons" and isinstance(path[1], int) and path[1] < len(self.table):
            self.nations.setCurrentIndex(self.nations.count() - 1)  # "All": the row may be of any nationality
            index = self.proxy.mapFromSource(self.model.index(path[1], 1))
            if index.isValid():
                self.table_view.selectRow(index.row())
                self.table_view.scrollTo(index)

    # -- filtering and selection ----------------------------------------------------------------------------------
    def current_filter(self) -> WeaponFilter:
        cls = self.class_filter.currentText()
        return WeaponFilter(
            None if cls == ALL else cls,
            self.period_filter.value() or None,
            self.text_filter.text(),
            self.nations.tabData(self.nations.currentIndex()),
        )

    def _filter(self) -> None:
        self.proxy.set_filter(self.current_filter())

    def selected_ids(self) -> list[str]:
        """The weapons of the rows that have a chosen cell."""
        chosen = present(self.table_view.selectionModel()).selectedIndexes()
        rows = {self.proxy.mapToSource(i).row() for i in chosen}
        return [self.table.weapons[r].id for r in sorted(rows) if self.table.weapons[r] is not None]

    def current_weapon(self):
        index = self.table_view.currentIndex()
        if not index.isValid():
            ids = self.selected_ids()
            return self.table.by_id(ids[0]) if ids else None
        return self.table.weapons[self.proxy.mapToSource(index).row()]

    # -- plots ----------------------------------------------------------------------------------------------------
    def inputs(self, draft=None) -> Inputs:
        """The plots' inputs: this table's rows as edited, and the rest of the content (the rules, the other
        weapons) as every open document has it now."""
        table, content = self.table, self.open_content.content()
        here = table.decoded()
        ids = {w.id for w in here}
        others = [w for w in content.weapons.values() if w.id not in ids and w.source.file != self.document.path]
        return Inputs(content, [*here, *others], self.current_weapon(), draft)

    def redraw_plots(self) -> None:
        self.plots.redraw(self.inputs())

    def open_documents_edited(self, document) -> None:
        """The rules or another file of the packs changed: plots in sight (the plots dock floated beside the rules
        form) follow at once; hidden ones are drawn again when shown (showEvent)."""
        if document not in self.documents() and hasattr(self, "plots") and self.plots.isVisible():
            self.redraw_plots()

    def showEvent(self, event) -> None:
        """Coming back to the tab: the rules may have been edited in another tab since the plots were drawn, and
        the columns hidden last time come from the window's settings."""
        super().showEvent(event)
        if hasattr(self, "plots"):
            if not self._plots_sized:
                self._plots_sized = True
                QTimer.singleShot(0, self._share_width)  # once the room is laid out at its width in the window
            self.redraw_plots()
        if hasattr(self, "sheet"):
            self.sheet.use_settings(getattr(self.window(), "settings", None))

    def _share_width(self) -> None:
        width = round(self.inner.width() * PLOTS_SHARE)
        self.inner.resizeDocks([self.plots_dock], [width], Qt.Orientation.Horizontal)

    def _drafted(self, row: int, key: str, text: str) -> None:
        """A value is being typed: draw the plots as if it were committed, over the committed ones."""
        col, weapon = column(key), self.table.weapons[row]
        if weapon is None:
            return
        try:
            value = col.parse(text)
        except ValueError as exc:
            self.message.setText(str(exc))
            return
        self.message.setText(" ")
        self.plots.redraw(self.inputs(with_value(weapon, col, value)))

    # -- actions --------------------------------------------------------------------------------------------------
    def add(self) -> None:
        table = self.table
        cls = self.class_filter.currentText()
        nat = self.nations.tabData(self.nations.currentIndex()) or nationalities_of(table.weapons)[0]
        change = add_weapon(table, cls if cls != ALL else table.unit_class_ids()[0], nat)
        self.push(change)
        added = change.rows[0].after  # (add_weapon's one row inserts the new weapon)
        if added is not None:
            self._select(added.id)

    def push(self, change) -> None:
        apply_change(self.document, change, self.table.pack_id)

    def clone(self) -> None:
        weapon = self.current_weapon()
        if weapon is not None:
            change = clone_variant(self.table, weapon.id)
            self.push(change)
            added = change.rows[0].after  # (clone_variant's one row inserts the variant)
            if added is not None:
                self._select(added.id)

    def _select(self, weapon_id: str) -> None:
        row = self.table.index_of(weapon_id)
        index = self.proxy.mapFromSource(self.model.index(row, 1))
        if index.isValid():
            self.table_view.selectRow(index.row())
            self.table_view.scrollTo(index)

    def delete(self) -> None:
        weapon = self.current_weapon()
        if weapon is None:
            return
        try:
            self.push(delete_weapon(self.table, weapon.id))
        except WeaponInUse as exc:
            answer = QMessageBox.question(
                self,
                "Weapon in use",
                f"{exc}\n\nReplace it by another weapon everywhere?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            )
            if answer == QMessageBox.StandardButton.Yes:
                self.replace()

    def replace(self) -> None:
        weapon = self.current_weapon()
        if weapon is None:
            return
        inputs = self.inputs()
        choices = replacement_candidates(inputs.content, inputs.pool, weapon)
        if not choices:
            self.message.setText(f"no weapon of {weapon.name}'s side can replace it")
            return
        names = [f"{w.name} ({w.id})" for w in choices]
        name, ok = QInputDialog.getItem(
            self, "Replace everywhere", f"Replace {weapon.name} everywhere by:", names, 0, False
        )
        if ok and name:
            replace_weapon(self.document, self.table, weapon.id, choices[names.index(name)].id, self.open_file)

    def copy(self) -> None:
        """Edit ▸ Copy: the chosen cells as tab-separated text."""
        if hasattr(self, "sheet"):
            self.sheet.copy()

    def paste(self) -> None:
        """Edit ▸ Paste: tab-separated text into the cells from the chosen one."""
        if hasattr(self, "sheet"):
            self.sheet.paste()

    def open_file(self, path: Path):
        """Another file of the pack, as a document whose edits this tab makes and saves."""
        document = self.workspace.open(path)
        if document not in self.touched and document is not self.document:
            self.touched.append(document)
        return document

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export weapons as CSV", str(self.document.path.with_suffix(".csv")), "CSV (*.csv)"
        )
        if path:
            atomic_write_text(Path(path), export_csv(self.table.decoded(), self.table.pack_id))
            self.message.setText(f"exported {len(self.table.decoded())} weapons to {path}")

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import weapons from CSV", str(self.document.path.parent), "CSV (*.csv)"
        )
        if path:
            preview = self.import_csv(Path(path), confirm=self._confirm_import)
            if preview is not None and preview.errors:
                box = QMessageBox(
                    QMessageBox.Icon.Warning,
                    "Import CSV",
                    f"The CSV has {len(preview.errors)} errors; nothing was imported.",
                    QMessageBox.StandardButton.Ok,
                    self,
                )
                box.setDetailedText("\n".join(i.format() for i in preview.issues))
                box.exec()

    def import_csv(self, path: Path, confirm) -> ImportPreview | None:
        """Preview the CSV against the table; apply it as one undo step if it has no errors and `confirm` agrees."""
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            self.message.setText(f"cannot read {path}: {exc}")
            return None
        preview = preview_import(text, path, self.table)
        if not preview.errors and preview.change and confirm(preview):
            self.push(preview.change)
        return preview

    def _confirm_import(self, preview: ImportPreview) -> bool:
        lines = [f"added: {w.name}" for w in preview.added]
        for weapon, diffs in preview.changed:
            lines.append(f"changed: {weapon.name}: " + ", ".join(f"{d.key} {d.before} -> {d.after}" for d in diffs))
        lines += [f"removed: {w.name}" for w in preview.removed]
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Import CSV",
            f"The import changes: {preview.summary()}. Apply it?",
            QMessageBox.StandardButton.Apply | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setDetailedText("\n".join(lines + [i.format() for i in preview.issues]))
        return box.exec() == QMessageBox.StandardButton.Apply
