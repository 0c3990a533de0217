"""The editor's workspace: the packs it knows, the documents open, and how a file maps to its pack.

Qt-light: it creates documents but draws nothing. The main window asks it to open files and shows the result.
"""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from tacforge.engine.packs import load_packs
from tacforge.engine.packs.discovery import MANIFEST
from tacforge.engine.resources import CORE_PACK_DIR
from tacforge.engine.validation.schema_files import PACK_SCHEMA_FOLDER, schema_line, write_pack_schemas
from tacforge.engine.yamlio import YamlFileError, atomic_write_text

from .documents import Document, MapDocument, ScenarioDocument, open_document

TEMPLATE = CORE_PACK_DIR / "templates" / "new-pack"


def pack_folder_of(path: Path) -> Path | None:
    path = Path(path).resolve()
    for folder in [path, *path.parents] if path.is_dir() else list(path.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


class Workspace:
    def __init__(self, pack_paths: list[Path] | None = None):
        self.extra: list[Path] = list(pack_paths or [])
        self.documents: list[Document] = []
        self.reload()

    def reload(self) -> None:
        self.packset = load_packs([str(p) for p in self.extra])

    def add_pack_folder(self, folder: Path) -> None:
        folder = Path(folder).resolve()
        if folder not in self.extra:
            self.extra.insert(0, folder)
        self.reload()

    def pack_of(self, path: Path):
        folder = pack_folder_of(path)
        if folder is None:
            return None
        if all(p.location.folder != folder for p in self.packset.all):
            self.add_pack_folder(folder)
        return next((p for p in self.packset.all if p.location.folder == folder), None)

    def content_for(self, path: Path):
        pack = self.pack_of(path)
        if pack is None or pack.id not in self.packset.packs:
            return None, None
        return self.packset.content(pack.id), pack

    def find_open(self, path: Path) -> Document | None:
        path = Path(path).resolve()
        return next((d for d in self.documents if d.path.resolve() == path), None)

    def open(self, path: Path) -> Document:
        """Open a scenario, map or other pack file (an already open one is returned)."""
        found = self.find_open(path)
        if found is not None:
            return found
        path = Path(path).resolve()
        content, pack = self.content_for(path)
        if pack is not None and pack.kinds.get(path) == "weapons" and content is not None:
            from .data.weapons_document import open_weapons_document

            document = open_weapons_document(path, self)
            self.documents.append(document)
            return document
        game_map = None
        if path.parent.name == "maps" and content is not None and pack is not None:
            game_map = next((m for m in pack.docs.maps if m.source.file == path), None)
            if game_map is None:
                raise YamlFileError(next((i for i in pack.issues.items if i.file == path and i.is_error), None)
                                    or _issue(path, "the map has errors; run tacforge validate on its pack"))
        document = open_document(path, content, pack.location.folder if pack else None, game_map)
        self.documents.append(document)
        return document

    def map_document_for(self, scenario: ScenarioDocument) -> MapDocument | None:
        """The map a scenario plays on, opened as its own document."""
        content = scenario.content
        if content is None:
            return None
        game_map = content.map(scenario.map_ref)
        if game_map is None or game_map.source.file is None:
            return None
        return self.open(game_map.source.file)

    def close(self, document: Document) -> None:
        if document in self.documents:
            self.documents.remove(document)

    def first_scenario(self, prefer_pack: str = "western") -> Path | None:
        """The Western pack's first historical scenario, else its first scenario, else any."""
        packs = sorted(self.packset.packs.values(), key=lambda p: (p.id != prefer_pack, p.id))
        for want_historical in (True, False):
            for pack in packs:
                scenarios = sorted(pack.docs.scenarios, key=lambda s: (s.date or date.min, s.id))
                for scenario in scenarios:
                    if scenario.historical or not want_historical:
                        return scenario.source.file
        return None

    def unsaved_texts(self) -> dict[Path, str]:
        return {d.path: d.text() for d in self.documents if d.dirty}


def _issue(path: Path, message: str):
    from tacforge.engine.issues import error

    return error("editor.open", message, file=path)


def new_pack_from_template(folder: Path, pack_id: str, name: str) -> Path:
    """Copy the new-pack template to folder/pack_id with the id and name filled in."""
    target = Path(folder) / pack_id
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    # the template's schemas/ is a link in a checkout; the pack gets real copies of this tacforge's schemas
    shutil.copytree(TEMPLATE, target, ignore=shutil.ignore_patterns(PACK_SCHEMA_FOLDER))
    write_pack_schemas(target)
    manifest = target / "pack.yaml"
    text = manifest.read_text(encoding="utf-8").replace("id: my_pack", f"id: {pack_id}").replace(
        "name: My pack", f"name: {name}")
    atomic_write_text(manifest, text)
    return target


def write_new_map(pack_folder: Path, map_id: str, name: str, width: int, height: int, content) -> Path:
    """A blank map file (clear level-1 ground) in the pack's maps/ folder, in the shipped style."""
    import json

    from .mapedit.model import MapModel

    target = Path(pack_folder) / "maps" / f"{map_id}.yaml"
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    rows, legend = MapModel.blank(content, width, height, map_id=map_id, name=name).rows_and_legend()
    write_pack_schemas(pack_folder)
    lines = [schema_line("map", target, Path(pack_folder)), f"id: {map_id}",
             f"name: {json.dumps(name)}", f"width: {width}", f"height: {height}",
             "legend: {" + ", ".join(f"{json.dumps(g)}: {c}" for g, c in legend.items()) + "}", "rows:"]
    lines += [f"  - {json.dumps(row)}" for row in rows]
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, "\n".join(lines) + "\n")
    return target
