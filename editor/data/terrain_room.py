"""The terrain room: the terrain types (movement cost per mobility class, cover, line of sight) and the terrain
codes (type, level, variant, symbol, colour, with the tile the map draws) of one terrain file. Every edit is an undo
step of the document; `contentChanged` carries the pack content with the edited terrain so that the map palette and
the map follow before anything is saved."""

from __future__ import annotations

from typing import Callable, Iterable

from PyQt6.QtCore import QSize, pyqtSignal
from PyQt6.QtGui import QColor, QIcon, QPixmap
from PyQt6.QtWidgets import (QAbstractItemView, QHBoxLayout, QLabel, QMessageBox, QPushButton, QSplitter, QTableView,
                             QVBoxLayout, QWidget)
from PyQt6.QtCore import Qt

from tacforge.engine.model import Map

from ..map_tiles import TileAtlas
from ..mapedit.look import CodeInfo
from ..terrain_palette import ICON, tile_icon
from .entry_commands import remove_entry
from .entry_table import BoundedDelegate, EntryTableModel
from .terrain_table import (CODES_KEY, TYPES_KEY, TerrainFile, code_columns, code_value, maps_using, type_columns,
                            type_value, used_in_text)


def _table(model: EntryTableModel) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setItemDelegate(BoundedDelegate(model, view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setIconSize(QSize(ICON, ICON))
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(ICON + 4)
    return view


class TerrainRoom(QWidget):
    contentChanged = pyqtSignal(object)  # the pack content with this file's terrain as edited

    def __init__(self, document, maps: Callable[[], Iterable[Map]], parent=None):
        super().__init__(parent)
        self.document, self.maps = document, maps
        self.terrain: TerrainFile | None = None
        self.content = document.content
        self._atlas: TileAtlas | None = None
        self._info: CodeInfo | None = None
        self.types_model = EntryTableModel(document, TYPES_KEY, [], type_value, lambda t: t.name)
        self.codes_model = EntryTableModel(document, CODES_KEY, [], code_value, lambda c: f"code {c.code}",
                                           self._code_decoration)
        self.types_view, self.codes_view = _table(self.types_model), _table(self.codes_model)
        self.status = QLabel()
        self.status.setWordWrap(True)
        delete_type = QPushButton("Delete terrain type…")
        delete_code = QPushButton("Delete terrain code…")
        delete_type.clicked.connect(self.delete_selected_type)
        delete_code.clicked.connect(self.delete_selected_code)
        top, bottom = QWidget(), QWidget()
        for box, title, view, button in ((top, "Terrain types", self.types_view, delete_type),
                                         (bottom, "Terrain codes (as the map draws them)", self.codes_view, delete_code)):
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            row = QHBoxLayout()
            row.addWidget(QLabel(f"<b>{title}</b>"), 1)
            row.addWidget(button)
            layout.addLayout(row)
            layout.addWidget(view)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        for model in (self.types_model, self.codes_model):
            model.problem.connect(self.status.setText)
        document.changed.connect(self._document_changed)
        self.reload()

    # -- reading --------------------------------------------------------------------------------------------------
    def reload(self) -> None:
        namespace = self.content.pack_id if self.content is not None else self.document.path.parent.name
        try:
            self.terrain = TerrainFile.read(self.document.data, self.document.path, namespace)
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        if self.content is not None:
            self.content = self.terrain.merged_into(self.content)
            self._info = CodeInfo.of(self.content)
            self._atlas = TileAtlas(self._info, ICON)
        mobility = list(self.content.mobility) if self.content is not None else []
        type_ids = sorted({t.split(":")[-1] for t in (self.content.terrain_types if self.content else {})}
                          | {t.id.split(":")[-1] for t in self.terrain.types})
        self.types_model.set_entries(self.terrain.types, type_columns(mobility))
        self.codes_model.set_entries(self.terrain.codes, code_columns(type_ids))
        for view in (self.types_view, self.codes_view):
            view.resizeColumnsToContents()
        self.contentChanged.emit(self.content)

    def _document_changed(self, what: str, _detail) -> None:
        if what in ("value", "loaded"):
            self.status.clear()
            self.reload()

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

    # -- deleting -------------------------------------------------------------------------------------------------
    def _selected_row(self, view: QTableView) -> int | None:
        rows = view.selectionModel().selectedRows()
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
        code = self.terrain.codes[row]
        used = maps_using(self.maps(), [code.code])
        if used and not self._confirm(f"Terrain code {code.code} is {used_in_text(used)}. Delete it anyway? "
                                      "Those maps will fail validation until their squares are repainted."):
            return False
        remove_entry(self.document, (CODES_KEY, row), f"Delete terrain code {code.code}")
        return True

    def delete_type(self, row: int) -> bool:
        ttype = self.terrain.types[row]
        codes = self.terrain.codes_of_type(ttype.id)
        used = maps_using(self.maps(), codes)
        if codes and not self._confirm(f"{ttype.name} is the type of codes {', '.join(map(str, codes))}, "
                                       f"{used_in_text(used)}. Delete it anyway? Those codes will need another type."):
            return False
        remove_entry(self.document, (TYPES_KEY, row), f"Delete terrain type {ttype.name}")
        return True

    def _confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, "Delete", text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes
