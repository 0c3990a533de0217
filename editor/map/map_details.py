"""A map's name and description (Map > Name and description…): the name the scenario list, the New Scenario
dialog and the map's tab show, and the description where its sources and what it leaves out are written for the
next designer. Both are set in one undo step on the map document; the name cannot be emptied (the schema requires
one), an emptied description removes the key."""

from __future__ import annotations

from PyQt6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from ..document import MISSING, SetValue, bulk_edit
from ..document.commands import folded_text


def ask_map_details(parent: QWidget, name: str, description: str) -> tuple[str, str] | None:
    """The map's new name and description (the present ones offered), or None if the designer cancels."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Map name and description")
    form = QFormLayout(dialog)
    name_field = QLineEdit(name)
    text_field = QPlainTextEdit(description)
    text_field.setPlaceholderText("where the ground comes from, what it leaves out (optional)")
    form.addRow("Name:", name_field)
    form.addRow("Description:", text_field)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    dialog.resize(560, 300)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return name_field.text(), text_field.toPlainText()


def set_map_details(map_document, name: str, description: str) -> bool:
    """Give the map `name` and `description` as one undo step; False if nothing changed. An empty name keeps the
    present one."""
    name, description = name.strip() or str(map_document.value("name", default="")), description.strip()
    old_name = str(map_document.value("name", default=""))
    old_description = str(map_document.value("description", default="") or "")
    changes: list[tuple[tuple[str], object]] = []
    if name != old_name:
        changes.append((("name",), name))
    if description != old_description:
        changes.append((("description",), description or MISSING))
    if not changes:
        return False
    with bulk_edit(map_document, f"Map name and description: '{name}'"):
        for path, value in changes:
            edit = SetValue(map_document, path, value, f"Set the map's {path[0]}")
            if path == ("description",) and not old_description:
                # a new description: folded over lines, under the name, where a reader of the file looks for it
                edit.new = folded_text(description, 116)
                edit.position = list(map_document.data).index("name") + 1
            map_document.undo.push(edit)
    return True
