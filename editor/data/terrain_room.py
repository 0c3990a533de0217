"""The terrain room: the terrain types (movement cost per mobility class, cover, line of sight) and the terrain
codes (type, level, variant, symbol, colour, with the tile the map draws) of one terrain file. Every edit is an undo
step of the document; the shell's terrain palette follows the edits through terrain_table.live_content."""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtGui import QColor, QIcon, QPixmap
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..common.rooms import DocumentTab
from ..common.terrain_look import CodeInfo
from ..common.tiles import ICON, TileAtlas, tile_icon
from ..document import Reloaded, RowsInserted, RowsRemoved, ValueChanged
from ..qt_present import present
from .entry_table import BoundedDelegate, EntryTableModel
from .terrain_table import (
    CODES_KEY,
    TYPES_KEY,
    code_columns,
    code_value,
    codes_of_type,
    maps_seeing,
    maps_using,
    type_columns,
    type_value,
    used_in_text,
    with_terrain,
)

REDRAWN_ON = (ValueChanged, RowsInserted, RowsRemoved, Reloaded)


def _table(model: EntryTableModel) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setItemDelegate(BoundedDelegate(model, view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setIconSize(QSize(ICON, ICON))
    rows = present(view.verticalHeader())
    rows.setVisible(False)
    rows.setDefaultSectionSize(ICON + 4)
    present(view.horizontalHeader()).setStretchLastSection(True)
    return view


class TerrainTab(DocumentTab):
    def __init__(self, document, workspace, parent: QWidget | None = None) -> None:
        super().__init__(document, workspace, parent)
        self._atlas: TileAtlas | None = None
        self._info: CodeInfo | None = None
        self.types_model = EntryTableModel(document, TYPES_KEY, [], type_value, lambda t: t.name)
        self.codes_model = EntryTableModel(
            document, CODES_KEY, [], code_value, lambda c: f"code {c.code}", self._code_decoration
        )
        self.types_view, self.codes_view = _table(self.types_model), _table(self.codes_model)
        self.status = QLabel()
        self.status.setWordWrap(True)
        delete_type = QPushButton("Delete terrain type…")
        delete_code = QPushButton("Delete terrain code…")
        delete_type.clicked.connect(self.delete_selected_type)
        delete_code.clicked.connect(self.delete_selected_code)
        split = QSplitter(Qt.Orientation.Vertical)
        for title, view, button in (
            ("Terrain types", self.types_view, delete_type),
            ("Terrain codes, drawn as the map draws them", self.codes_view, delete_code),
        ):
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            row = QHBoxLayout()
            row.addWidget(QLabel(f"<b>{title}</b>"), 1)
            row.addWidget(button)
            layout.addLayout(row)
            layout.addWidget(view)
            split.addWidget(box)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        for model in (self.types_model, self.codes_model):
            model.problem.connect(self.status.setText)
        self.watch_documents()
        self.redraw()

    # -- drawing --------------------------------------------------------------------------------------------------
    def redraw(self) -> None:
        tables, content = self.document.model, self.document.content
        if content is not None:
            content = with_terrain(content, tables, self.document.path)
            self._info = CodeInfo.of(content)
            self._atlas = TileAtlas(self._info, ICON)
        mobility = [m.id for m in tables.mobility_classes if m is not None] or list(content.mobility if content else ())
        type_ids = sorted(
            {t.id.split(":")[-1] for t in (content.terrain_types.values() if content else ())}
            | {t.id.split(":")[-1] for t in tables.terrain_types if t is not None}
        )
        self.types_model.set_entries(tables.terrain_types, type_columns(mobility))
        self.codes_model.set_entries(tables.terrain_codes, code_columns(type_ids))
        for view in (self.types_view, self.codes_view):
            view.resizeColumnsToContents()

    def document_changed(self, document, event) -> None:
        if isinstance(event, REDRAWN_ON):
            self.status.clear()
            self.redraw()
        super().document_changed(document, event)

    def _code_decoration(self, code, column):
        if self._atlas is None:
            return None
        if column.path == ("code",):
            return tile_icon(self._atlas, code.code)
        if column.kind == "colour":
            swatch = QPixmap(ICON, ICON)
            swatch.fill(QColor(*self._info.colour(code.code)))
            return QIcon(swatch)
        return None

    def jump_to(self, issue) -> None:
        path = tuple(issue.path or ())
        if len(path) >= 2 and path[0] in (TYPES_KEY, CODES_KEY) and isinstance(path[1], int):
            view = self.types_view if path[0] == TYPES_KEY else self.codes_view
            view.selectRow(path[1])

    # -- deleting -------------------------------------------------------------------------------------------------
    def _selected_row(self, view: QTableView) -> int | None:
        rows = present(view.selectionModel()).selectedRows()  # (a view with a model has a selection model)
        return rows[0].row() if rows else None

    def delete_selected_code(self) -> None:
        row = self._selected_row(self.codes_view)
        if row is not None:
            self.delete_code(row)

    def delete_selected_type(self) -> None:
        row = self._selected_row(self.types_view)
        if row is not None:
            self.delete_type(row)

    def delete_code(self, row: int) -> bool:
        """Remove the code at `row` (one undo step), after asking if any map uses it."""
        code = self.document.model.terrain_codes[row]
        if code is not None:
            used = maps_using(self._maps(), [code.code])
            if used and not self._confirm(
                f"Terrain code {code.code} is {used_in_text(used)}. Delete it anyway? "
                "Those maps fail validation until their squares are repainted."
            ):
                return False
        self.document.remove_rows((CODES_KEY,), row, 1, f"Delete terrain code {code.code if code else row}")
        return True

    def delete_type(self, row: int) -> bool:
        """Remove the type at `row` (one undo step), after asking if codes (and so maps) use it."""
        ttype = self.document.model.terrain_types[row]
        if ttype is not None:
            codes = codes_of_type(self.document.model, ttype.id)
            used = maps_using(self._maps(), codes)
            if codes and not self._confirm(
                f"{ttype.name} is the type of codes {', '.join(map(str, codes))}, "
                f"{used_in_text(used)}. Delete it anyway? Those codes will need another "
                "type."
            ):
                return False
        self.document.remove_rows((TYPES_KEY,), row, 1, f"Delete terrain type {ttype.name if ttype else row}")
        return True

    def _maps(self):
        pack_id = self.document.content.pack_id if self.document.content is not None else None
        return maps_seeing(self.workspace.packset, pack_id) if pack_id else []

    def _confirm(self, text: str) -> bool:
        answer = QMessageBox.question(
            self,
            "Delete",
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes
