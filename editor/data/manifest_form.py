"""The pack manifest room: id, name, version, description, licence, the required packs with their version ranges,
and where each kind of content lives. Every field is checked as it is typed (manifest_checks: versions and ranges
parse with `packaging`, a required pack must be among those found, with did-you-mean); a value is written to the
document, as one undo step, when the field is left. The fields show the file's text, so that a value the schema
rejects stays visible until it is fixed."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)
from ruamel.yaml.comments import CommentedMap

from tacforge.engine.packs.manifest import FILE_KINDS

from ..common.rooms import DocumentTab
from ..document import MISSING, Reloaded, ValueChanged, bulk_edit
from ..qt_present import present
from .manifest_checks import check_id, check_requirement, check_version

PROBLEM_STYLE = "color: #b00020;"
TEXT_FIELDS = (
    ("id", "Id"),
    ("name", "Name"),
    ("version", "Version"),
    ("description", "Description"),
    ("licence", "Licence"),
)
REQ_ID, REQ_RANGE, REQ_STATUS = range(3)


class ManifestTab(DocumentTab):
    def __init__(self, document, workspace, parent=None) -> None:
        super().__init__(document, workspace, parent)
        self.fields: dict[str, QLineEdit] = {}
        self.problems: dict[str, QLabel] = {}
        form = QFormLayout()
        for key, title in TEXT_FIELDS:
            line, problem = QLineEdit(), QLabel()
            problem.setStyleSheet(PROBLEM_STYLE)
            line.textEdited.connect(lambda _text, k=key: self._check_field(k))
            line.editingFinished.connect(lambda k=key: self._commit_field(k))
            field = QVBoxLayout()
            field.setSpacing(0)
            field.addWidget(line)
            field.addWidget(problem)
            problem.hide()
            form.addRow(title, field)
            self.fields[key], self.problems[key] = line, problem
        self.requires = QTableWidget(0, 3)
        self.requires.setHorizontalHeaderLabels(["Required pack", "Version range", "Check"])
        present(self.requires.horizontalHeader()).setStretchLastSection(True)
        self.requires.itemChanged.connect(self._requirement_changed)
        add, remove = QPushButton("Add requirement"), QPushButton("Remove requirement")
        add.clicked.connect(self.add_requirement)
        remove.clicked.connect(self.remove_selected_requirement)
        self.files = QTableWidget(0, 2)
        self.files.setHorizontalHeaderLabels(["Content", "Files (comma separated, globs allowed)"])
        present(self.files.horizontalHeader()).setStretchLastSection(True)
        self.files.itemChanged.connect(self._files_changed)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Pack manifest</b> (pack.yaml)"))
        layout.addLayout(form)
        layout.addWidget(QLabel("<b>Requires</b>"))
        layout.addWidget(self.requires, 1)
        layout.addLayout(buttons)
        layout.addWidget(QLabel("<b>Files</b> (empty: the default places)"))
        layout.addWidget(self.files, 1)
        self.watch_documents()
        self.redraw()

    # -- what the checks compare with -----------------------------------------------------------------------------
    def found_versions(self) -> dict:
        return {pid: pack.manifest.version for pid, pack in self.workspace.packset.packs.items()}

    def _own_id(self) -> str:
        return str(self.document.value("id", default=""))

    # -- drawing --------------------------------------------------------------------------------------------------
    def redraw(self) -> None:
        for key, line in self.fields.items():
            value = self.document.value(key, default="")
            line.setText("" if value is None else str(value))
            self._check_field(key)
        self.requires.blockSignals(True)
        requires = self.document.value("requires", default=None) or {}
        self.requires.setRowCount(len(requires))
        for row, (pack_id, spec) in enumerate(requires.items()):
            self.requires.setItem(row, REQ_ID, QTableWidgetItem(str(pack_id)))
            self.requires.setItem(row, REQ_RANGE, QTableWidgetItem(str(spec)))
            self._check_requirement_row(row)
        self.requires.blockSignals(False)
        self.files.blockSignals(True)
        files = self.document.value("files", default=None) or {}
        self.files.setRowCount(len(FILE_KINDS))
        for row, kind in enumerate(FILE_KINDS):
            item = QTableWidgetItem(kind)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.files.setItem(row, 0, item)
            self.files.setItem(row, 1, QTableWidgetItem(", ".join(str(p) for p in files.get(kind, ()) or ())))
        self.files.blockSignals(False)

    def document_changed(self, document, event) -> None:
        if isinstance(event, (ValueChanged, Reloaded)):
            self.redraw()
        super().document_changed(document, event)

    # -- text fields ----------------------------------------------------------------------------------------------
    def _check_field(self, key: str) -> str | None:
        text = self.fields[key].text()
        problem = None
        if key == "version":
            problem = check_version(text)
        elif key == "id":
            problem = check_id(text, self.found_versions(), self._own_id())
        elif key == "name" and not text.strip():
            problem = "the name must not be empty"
        self.problems[key].setText(problem or "")
        self.problems[key].setVisible(problem is not None)
        return problem

    def _commit_field(self, key: str) -> None:
        text = self.fields[key].text().strip()
        if str(self.document.value(key, default="")) == text or self._check_field(key) is not None:
            return
        self.document.set_value(
            (key,), text if text or key in ("id", "name", "version") else MISSING, f"Change pack {key}"
        )

    # -- requirements ---------------------------------------------------------------------------------------------
    def _check_requirement_row(self, row: int) -> list[str]:
        id_cell, range_cell = self.requires.item(row, REQ_ID), self.requires.item(row, REQ_RANGE)
        pack_id = id_cell.text() if id_cell else ""
        spec = range_cell.text() if range_cell else ""
        problems = check_requirement(pack_id, spec, self.found_versions(), self._own_id())
        status = QTableWidgetItem("; ".join(problems) or "found, version in range")
        status.setFlags(status.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.requires.setItem(row, REQ_STATUS, status)
        return problems

    def _requirement_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == REQ_STATUS:
            return
        row = item.row()
        self.requires.blockSignals(True)
        problems = self._check_requirement_row(row)
        self.requires.blockSignals(False)
        if any("not a version range" in p or "empty" in p for p in problems):
            return  # the schema would reject it: keep it in the table until it is fixed
        requires = dict(self.document.value("requires", default=None) or {})
        old_id = list(requires)[row] if row < len(requires) else None
        # (every row has both cells: refresh and add_requirement make them)
        new_id = present(self.requires.item(row, REQ_ID)).text().strip()
        spec = present(self.requires.item(row, REQ_RANGE)).text().strip()
        if old_id == new_id and requires.get(old_id) == spec:
            return
        with bulk_edit(self.document, f"Require {new_id} {spec}"):
            if self.document.value("requires", default=None) is None:
                self.document.set_value(("requires",), CommentedMap(), "Add requirements")
            if old_id is not None and old_id != new_id:
                self.document.set_value(("requires", old_id), MISSING, f"Drop requirement {old_id}")
            self.document.set_value(("requires", new_id), spec, f"Require {new_id} {spec}")

    def add_requirement(self) -> None:
        """A new row to type into; it is written once it holds a pack id and a range."""
        row = self.requires.rowCount()
        self.requires.blockSignals(True)
        self.requires.insertRow(row)
        self.requires.setItem(row, REQ_ID, QTableWidgetItem(""))
        self.requires.setItem(row, REQ_RANGE, QTableWidgetItem(">=1.0"))
        self._check_requirement_row(row)
        self.requires.blockSignals(False)
        self.requires.editItem(self.requires.item(row, REQ_ID))

    def remove_selected_requirement(self) -> None:
        rows = {index.row() for index in self.requires.selectedIndexes()}
        requires = list(self.document.value("requires", default=None) or {})
        for row in sorted(rows, reverse=True):
            if row < len(requires):
                self.document.set_value(("requires", requires[row]), MISSING, f"Drop requirement {requires[row]}")
            else:
                self.requires.removeRow(row)  # a row not written yet

    # -- files ----------------------------------------------------------------------------------------------------
    def _files_changed(self, item: QTableWidgetItem) -> None:
        kind = present(self.files.item(item.row(), 0)).text()  # (refresh fills the kind of every row)
        patterns = [p.strip() for p in item.text().split(",") if p.strip()]
        current = list((self.document.value("files", default=None) or {}).get(kind, ()) or ())
        if patterns == current:
            return
        with bulk_edit(self.document, f"Change the {kind} files"):
            if self.document.value("files", default=None) is None:
                self.document.set_value(("files",), CommentedMap(), "Add files")
            self.document.set_value(("files", kind), patterns or MISSING, f"Change the {kind} files")
