"""The terrain room: the terrain types (movement cost per mobility class, cover, line of sight) and the terrain
codes (type, level, variant, symbol, colour, with the tile the map draws) of one terrain file. Every edit is an undo
step of the document; the shell's terrain palette follows the edits through terrain_table.live_content."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QIcon, QPixmap
from PyQt6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ..common.terrain_look import CodeInfo
from ..common.tiles import ICON, TileAtlas, tile_icon
from ..document.models import schema_view
from .entry_table import EntryTableModel, entry_table_view, selected_row
from .table_tab import TableTab
from .terrain_table import (
    CODES_KEY,
    TYPES_KEY,
    code_columns,
    code_value,
    codes_of_type,
    free_code,
    free_glyph,
    maps_seeing,
    maps_using,
    new_code_problem,
    new_type_problem,
    type_columns,
    type_ids_seen,
    type_value,
    used_in_text,
    with_terrain,
)


class TerrainTab(TableTab):
    def __init__(self, document, workspace, parent: QWidget | None = None) -> None:
        super().__init__(document, workspace, parent)
        self._atlas: TileAtlas | None = None
        self._info: CodeInfo | None = None
        self.types_model = EntryTableModel(document, TYPES_KEY, [], type_value, lambda t: t.name)
        self.codes_model = EntryTableModel(
            document, CODES_KEY, [], code_value, lambda c: f"code {c.code}", self._code_decoration
        )
        self.types_view, self.codes_view = entry_table_view(self.types_model), entry_table_view(self.codes_model)
        self.status = QLabel()
        self.status.setWordWrap(True)
        split = QSplitter(Qt.Orientation.Vertical)
        for title, view, actions in (
            (
                "Terrain types",
                self.types_view,
                (("Add terrain type…", self.add_type_asked), ("Delete terrain type…", self.delete_selected_type)),
            ),
            (
                "Terrain codes, drawn as the map draws them",
                self.codes_view,
                (("Add terrain code…", self.add_code_asked), ("Delete terrain code…", self.delete_selected_code)),
            ),
        ):
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(0, 0, 0, 0)
            row = QHBoxLayout()
            row.addWidget(QLabel(f"<b>{title}</b>"), 1)
            for text, slot in actions:
                button = QPushButton(text)
                button.clicked.connect(slot)
                row.addWidget(button)
            layout.addLayout(row)
            layout.addWidget(view)
            split.addWidget(box)
        split.setStretchFactor(1, 2)
        profile = QPushButton("Import profile…")
        profile.setToolTip("the pack's rules for maps made from OpenStreetMap and elevation data (real ground)")
        profile.clicked.connect(self.open_import_profile)
        top = QHBoxLayout()
        top.addStretch(1)
        top.addWidget(profile)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
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

    def row_views(self) -> dict:
        return {TYPES_KEY: self.types_view, CODES_KEY: self.codes_view}

    # -- deleting -------------------------------------------------------------------------------------------------
    def delete_selected_code(self) -> None:
        row = selected_row(self.codes_view)
        if row is not None:
            self.delete_code(row)

    def delete_selected_type(self) -> None:
        row = selected_row(self.types_view)
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

    # -- adding ---------------------------------------------------------------------------------------------------
    def add_type_asked(self) -> None:
        type_id, ok = QInputDialog.getText(self, "Add terrain type", "Id of the new type (e.g. bocage):")
        if ok and type_id.strip():
            self.add_type(type_id.strip())

    def add_type(self, type_id: str) -> bool:
        """A new terrain type below the selected one, with its cover, line of sight and movement costs (one undo
        step); the designer then sets them. Refused with the reason in the status line if the id is taken or the
        schema refuses it."""
        tables = self.document.model
        at = selected_row(self.types_view)
        first = len(tables.terrain_types) if at is None else at + 1
        name = type_id.replace("_", " ").replace("-", " ").capitalize()
        if tables.terrain_types:
            row = self.document.row_copy((TYPES_KEY,), first - 1, id=type_id, name=name)
            row.pop("description", None)  # the type copied from describes itself, not the new one
        else:
            row = {"id": type_id, "name": name, "cover": False, "los": "open", "movement": {}}
        problem = new_type_problem(tables, self.document.content, type_id, schema_view(row))
        if problem:
            self.status.setText(f"Cannot add terrain type '{type_id}': {problem}.")
            return False
        self.document.insert_rows((TYPES_KEY,), first, [row], f"Add terrain type {type_id}")
        self.types_view.selectRow(first)
        return True

    def add_code_asked(self) -> None:
        types = type_ids_seen(self.document.model, self.document.content)
        at = selected_row(self.types_view)
        chosen = self.document.model.terrain_types[at] if at is not None else None
        current = types.index(chosen.id.split(":")[-1]) if chosen is not None else 0
        type_id, ok = QInputDialog.getItem(
            self, "Add terrain code", "Terrain type of the new code:", types, current, False
        )
        if ok:
            self.add_code(type_id)

    def add_code(self, type_id: str) -> bool:
        """A new terrain code of `type_id` at the end of the codes: the first free code and symbol, level 1 (one
        undo step; level, variant and symbol are then edited in the table). It shows in the map room's palette at
        once."""
        tables, content = self.document.model, self.document.content
        values = {
            "code": free_code(tables, content),
            "type": type_id,
            "level": 1,
            "variant": 1,
            "glyph": free_glyph(tables, content),
        }
        problem = new_code_problem(tables, content, values)
        if problem:
            self.status.setText(f"Cannot add a terrain code: {problem}.")
            return False
        first = len(tables.terrain_codes)
        row = self.document.row_like((CODES_KEY,), first - 1, values) if first else values
        self.document.insert_rows((CODES_KEY,), first, [row], f"Add terrain code {values['code']}")
        self.codes_view.selectRow(first)
        return True

    def open_import_profile(self) -> None:
        """Open the pack's import profile in its own tab (the profile room), if the pack has one."""
        folder = self.document.pack_folder
        path = (
            self.workspace.pack_file(self.document.content.pack_id, "import_profile") if self.document.content else None
        )
        if path is None:
            self.status.setText(
                f"This pack has no import profile; copy one from another pack into {folder} as import_profile.yaml "
                "(docs/real-ground.md)."
            )
            return
        self.openRequested.emit(path)

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
