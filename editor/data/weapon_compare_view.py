"""Two weapons side by side (weapon_compare.py): a list of every attribute of both, the rows that differ
highlighted. The two chosen rows of the table come first; either side can be changed in its list."""

from __future__ import annotations

from PyQt6.QtGui import QBrush, QColor, QFont
from PyQt6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QTableWidget, QTableWidgetItem, QVBoxLayout

from ..qt_present import present
from .weapon_compare import compare

DIFFERS = QColor(255, 221, 160)


class CompareDialog(QDialog):
    def __init__(self, tab) -> None:
        super().__init__(tab)
        self.tab = tab
        self.setWindowTitle("Compare weapons")
        self.resize(520, 640)
        self.left, self.right = QComboBox(), QComboBox()
        for combo in (self.left, self.right):
            combo.setEditable(True)  # typing finds a weapon (the list's completer)
            combo.currentIndexChanged.connect(lambda _: self.redraw())
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["", "", ""])
        present(self.table.verticalHeader()).hide()
        present(self.table.horizontalHeader()).setStretchLastSection(True)
        choose = QHBoxLayout()
        choose.addWidget(self.left)
        choose.addWidget(self.right)
        layout = QVBoxLayout(self)
        layout.addLayout(choose)
        layout.addWidget(self.table, 1)

    def refill(self) -> None:
        """The table's weapons in the two lists; the two chosen rows (or the current one and the next) selected."""
        weapons = self.tab.table.decoded()
        chosen = self.tab.selected_ids()
        current = self.tab.current_weapon()
        ids = [w.id for w in weapons]
        first = chosen[0] if chosen else (current.id if current is not None else ids[0])
        second = chosen[1] if len(chosen) > 1 else ids[(ids.index(first) + 1) % len(ids)]
        for combo, wanted in ((self.left, first), (self.right, second)):
            combo.blockSignals(True)
            combo.clear()
            for w in weapons:
                combo.addItem(f"{w.name} ({w.local_id})", w.id)
            combo.setCurrentIndex(ids.index(wanted))
            combo.blockSignals(False)
        self.redraw()

    def redraw(self) -> None:
        a, b = (self.tab.table.by_id(c.currentData()) for c in (self.left, self.right))
        if a is None or b is None:
            return
        lines = compare(a, b)
        self.table.setHorizontalHeaderLabels(["", a.name, b.name])
        self.table.setRowCount(len(lines))
        bold = QFont()
        bold.setBold(True)
        for i, line in enumerate(lines):
            for j, text in enumerate((line.header, line.left, line.right)):
                item = QTableWidgetItem(text)
                if line.differs:
                    item.setBackground(QBrush(DIFFERS))
                    item.setFont(bold)
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        differ = sum(line.differs for line in lines)
        self.setWindowTitle(f"Compare {a.name} and {b.name}: {differ} differences")
