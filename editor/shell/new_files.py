"""File ▸ New pack and File ▸ New map: the dialogs that ask for ids and sizes, and where new files may go.

A new map goes into the current tab's pack unless that pack is installed (a plugin's folder): then the designer is
asked, and offered a new pack in the user's packs folder first. Created packs are remembered for the next launch.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from PyQt6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QPushButton

from tacforge.engine.validation.schemas import schema_file

from .pack_places import installed_pack_at, remember_pack, user_packs_folder
from .workspace import new_pack_from_template, pack_folder_of, write_new_map

NEW_PACK, CHOOSE_FOLDER, INTO_INSTALLED = "new pack", "choose folder", "into installed"


@lru_cache(maxsize=1)
def id_pattern() -> re.Pattern:
    """The schemas' pattern for ids (pack, map, scenario): one definition, in defs.schema.json."""
    defs = json.loads(schema_file("defs").read_text(encoding="utf-8"))
    return re.compile(defs["$defs"]["id"]["pattern"])


def ask_id(parent, title: str, default: str) -> str | None:
    """An id typed by the designer, or None if cancelled; a malformed id is refused with the rule."""
    while True:
        text, ok = QInputDialog.getText(parent, title, "Id (lower case, digits, _ and -):", text=default)
        if not ok or not text:
            return None
        if id_pattern().match(text):
            return text
        QMessageBox.warning(
            parent,
            title,
            f"'{text}' is not an id: use lower-case letters, digits, '_' and '-', starting with a letter or digit.",
        )
        default = text


def ask_map_destination(parent, installed) -> str | None:
    """How to place a new map when the current pack is installed (or no pack is open): one of NEW_PACK,
    CHOOSE_FOLDER, INTO_INSTALLED, or None for cancel."""
    box = QMessageBox(parent)
    box.setWindowTitle("New map")
    box.setIcon(QMessageBox.Icon.Question)
    if installed is not None:
        box.setText(
            f"The current pack '{installed.id}' is installed with tacforge ({installed.location.origin}) "
            f"in {installed.location.folder}.\nA new map there would be lost when it is updated."
        )
    else:
        box.setText("Which pack should the new map go into?")
    buttons = {
        box.addButton(f"New pack in {user_packs_folder()}", QMessageBox.ButtonRole.AcceptRole): NEW_PACK,
        box.addButton("Choose a pack folder…", QMessageBox.ButtonRole.ActionRole): CHOOSE_FOLDER,
    }
    if installed is not None:
        buttons[box.addButton(f"Into '{installed.id}' anyway", QMessageBox.ButtonRole.DestructiveRole)] = INTO_INSTALLED
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    clicked = box.clickedButton()
    return buttons.get(clicked) if isinstance(clicked, QPushButton) else None


def create_pack(parent, workspace, settings, parent_folder: Path | None = None) -> Path | None:
    """A new pack from the template, in `parent_folder` or a folder the designer picks (the user's packs folder
    is offered); remembered for the next launch. None if cancelled or refused."""
    if parent_folder is None:
        chosen = QFileDialog.getExistingDirectory(parent, "Where to create the pack", str(user_packs_folder()))
        if not chosen:
            return None
        parent_folder = Path(chosen)
    installed = installed_pack_at(workspace.packset, parent_folder)
    if installed is not None:
        QMessageBox.warning(
            parent,
            "New pack",
            f"{parent_folder} is inside the installed pack '{installed.id}'. "
            f"Choose a folder of your own, such as {user_packs_folder()}.",
        )
        return None
    pack_id = ask_id(parent, "New pack", "my_pack")
    if pack_id is None:
        return None
    try:
        target = new_pack_from_template(parent_folder, pack_id, pack_id.replace("_", " ").title())
    except OSError as exc:
        QMessageBox.warning(parent, "New pack", str(exc))
        return None
    remember_pack(settings, target)
    workspace.add_pack_folder(target)
    return target


def _map_folder(parent, workspace, settings, current: Path | None) -> Path | None:
    installed = installed_pack_at(workspace.packset, current) if current is not None else None
    if current is not None and installed is None:
        return current
    choice = ask_map_destination(parent, installed)
    if choice == NEW_PACK:
        return create_pack(parent, workspace, settings, user_packs_folder())
    if choice == INTO_INSTALLED:
        return current
    if choice == CHOOSE_FOLDER:
        chosen = QFileDialog.getExistingDirectory(parent, "Pack folder for the new map", str(user_packs_folder()))
        folder = pack_folder_of(Path(chosen)) if chosen else None
        if chosen and folder is None:
            QMessageBox.warning(parent, "New map", f"{chosen} holds no pack.yaml: create a pack there first.")
        if folder is not None and installed_pack_at(workspace.packset, folder) is not None:
            return _map_folder(parent, workspace, settings, folder)  # asks again, naming that pack
        if folder is not None:
            remember_pack(settings, folder)
            workspace.add_pack_folder(folder)
        return folder
    return None


def map_destination(parent, workspace, settings, current: Path | None) -> Path | None:
    """The pack folder a new map goes into: the current pack, asking first when it is installed; None if cancelled."""
    return _map_folder(parent, workspace, settings, current)


def create_map(parent, workspace, settings, current: Path | None) -> Path | None:
    """A blank map in the current pack (asking first when that pack is installed); its path, or None."""
    folder = _map_folder(parent, workspace, settings, current)
    if folder is None:
        return None
    map_id = ask_id(parent, "New map", "new_map")
    if map_id is None:
        return None
    width, ok = QInputDialog.getInt(parent, "New map", "Width:", 60, 1, 256)
    height, ok2 = QInputDialog.getInt(parent, "New map", "Height:", 60, 1, 256) if ok else (0, False)
    if not (ok and ok2):
        return None
    content = workspace.content_for(folder / "pack.yaml")[0]
    try:
        path = write_new_map(folder, map_id, map_id.replace("_", " ").title(), width, height, content)
    except OSError as exc:
        QMessageBox.warning(parent, "New map", str(exc))
        return None
    workspace.reload()
    return path
