"""The terrain palette: the paintable terrain types (the built-in kinds of ground, then the types the pack adds, such
as bocage hedgerows added in the terrain room), and the pack's terrain code table (code, glyph, name, level, with
the tile the map shows for it), both filtered by a search box.

Choosing a type emits `typeChosen(type id)` and `levelChosen(0)` (0: paint on whatever level the ground has);
choosing a code emits `typeChosen` with its type and `levelChosen` with its plateau level (1, 3 or 5), so the
brush raises or lowers the ground to it. Slope codes choose the ground beneath and level 0: slopes follow from
the plateaus around them."""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.mapping.autotile import TYPES, own_types

from ..common.terrain_look import CodeInfo
from ..common.tiles import ICON, TileAtlas, tile_icon
from ..grid.model import GROUND
from .tools.paint import PAINTABLE

SKIPPED = ("entrenchment",)  # scenario overlays, not painted terrain


def _behaviour(ttype) -> str:
    """What the type does, as the terrain table sets it (the palette follows edits of the table)."""
    if ttype is None:
        return ""
    cost = ", ".join(f"{k.split(':')[-1]} {'-' if v is None else v}" for k, v in ttype.movement)
    return f"; {'cover' if ttype.cover else 'no cover'}, line of sight {ttype.los}, movement {cost}"


class TerrainPalette(QWidget):
    typeChosen = pyqtSignal(str)
    levelChosen = pyqtSignal(int)

    def __init__(self, content=None, parent=None):
        super().__init__(parent)
        self.search = QLineEdit(placeholderText="Search terrain (name, code, glyph, level)")
        self.search.setClearButtonEnabled(True)
        self.types = QListWidget()
        self.types.setIconSize(QSize(ICON, ICON))
        self.codes = QTreeWidget()
        self.codes.setHeaderLabels(["Code", "Glyph", "Terrain", "Level"])
        self.codes.setRootIsDecorated(False)
        self.codes.setIconSize(QSize(ICON, ICON))
        self.codes.setAlternatingRowColors(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(QLabel("Paint"))
        layout.addWidget(self.types, 1)
        layout.addWidget(QLabel("Terrain codes of the pack"))
        layout.addWidget(self.codes, 2)
        self.search.textChanged.connect(self._filter)
        self.types.itemClicked.connect(self._type_clicked)
        self.codes.itemClicked.connect(self._code_clicked)
        if content is not None:
            self.set_content(content)

    def set_content(self, content) -> None:
        info = CodeInfo.of(content)
        atlas = TileAtlas(info, ICON)
        self.types.clear()
        self.codes.clear()
        first_code: dict[str, int] = {}  # bare type id -> its first code
        for code, tc in sorted(content.terrain_codes.items()):
            first_code.setdefault(str(tc.type).split(":")[-1], code)
        for name in (*PAINTABLE, *own_types(content)):
            if name in SKIPPED:
                continue
            ttype = content.terrain_type(name)
            item = QListWidgetItem(ttype.name if ttype is not None else name.replace("_", " ").capitalize())
            item.setData(Qt.ItemDataRole.UserRole, name)
            code = first_code.get(name)
            if code is not None:
                item.setIcon(tile_icon(atlas, code))
            if name not in TYPES:
                item.setToolTip(f"{item.text()}: a terrain type of the pack's own" + _behaviour(ttype))
            self.types.addItem(item)
        for code, tc in sorted(content.terrain_codes.items()):
            ttype = content.terrain_type(tc.type)
            name = ttype.name if ttype is not None else str(tc.type)
            row = QTreeWidgetItem([str(code), tc.glyph or "", name, str(tc.level)])
            row.setData(0, Qt.ItemDataRole.UserRole, (str(tc.type).split(":")[-1], int(tc.level)))
            row.setIcon(0, tile_icon(atlas, code))
            row.setToolTip(
                2,
                f"{name}, level {tc.level}, variant {tc.variant}"
                + _behaviour(ttype)
                + (f": {ttype.description}" if getattr(ttype, "description", "") else ""),
            )
            self.codes.addTopLevelItem(row)
        for column in range(4):
            self.codes.resizeColumnToContents(column)
        self._filter(self.search.text())

    def _type_clicked(self, item: QListWidgetItem) -> None:
        self.typeChosen.emit(item.data(Qt.ItemDataRole.UserRole))
        self.levelChosen.emit(0)

    def _code_clicked(self, item: QTreeWidgetItem) -> None:
        kind, level = item.data(0, Qt.ItemDataRole.UserRole)
        ground = TYPES[int(GROUND[TYPES.index(kind)])] if kind in TYPES else kind  # a pack's own type: itself
        self.typeChosen.emit(ground)
        self.levelChosen.emit(level if level in (1, 3, 5) and ground not in ("river", "ford", "bridge") else 0)

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        for i in range(self.types.count()):
            item = self.types.item(i)
            hay = f"{item.text()} {item.data(Qt.ItemDataRole.UserRole)}".casefold()
            item.setHidden(not all(w in hay for w in words))
        for i in range(self.codes.topLevelItemCount()):
            item = self.codes.topLevelItem(i)
            hay = " ".join(
                [
                    item.text(0),
                    item.text(1),
                    item.text(2).casefold(),
                    f"level {item.text(3)}",
                    str(item.data(0, Qt.ItemDataRole.UserRole)[0]),
                ]
            )
            item.setHidden(not all(w in hay.casefold() or w == item.text(1) for w in words))


__all__ = ["TerrainPalette"]
