"""The editor's workspace: the packs it knows, the documents open, and how a file maps to its pack.

Qt-light: it creates documents but draws nothing. The main window asks it to open files and shows the result.
"""

from __future__ import annotations

import glob
import shutil
from datetime import date
from pathlib import Path

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.model.parameters import RulesParameters
from tacforge.engine.packs import load_packs
from tacforge.engine.packs.discovery import MANIFEST, pack_folder_of
from tacforge.engine.packs.manifest import FILE_KINDS
from tacforge.engine.resources import CORE_PACK_DIR
from tacforge.engine.validation.schema_files import PACK_SCHEMA_FOLDER, write_pack_schemas
from tacforge.engine.yamlio import YamlFileError

from ..document.documents import Document, MapDocument, open_document
from ..document.models import DecodeContext
from ..grid.model import MapModel

TEMPLATE = CORE_PACK_DIR / "templates" / "new-pack"


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
        """Open a pack's file as the kind its manifest gives it (an already open one is returned). A file no pack
        lists opens as kind "file", without a typed model."""
        found = self.find_open(path)
        if found is not None:
            return found
        path = Path(path).resolve()
        content, pack = self.content_for(path)
        kind = self.kind_of(path, pack)
        game_map = None
        if kind == "map":
            game_map = next((m for m in pack.docs.maps if m.source.file == path), None) if content is not None else None
            if game_map is None:
                raise YamlFileError(
                    next((i for i in pack.issues.items if i.file == path and i.is_error), None)
                    or _issue(path, "the map has errors; run tacforge validate on its pack")
                )
        context = self.decode_context(path, pack, content)
        document = open_document(path, kind, content, pack.location.folder if pack else None, context, game_map)
        self.documents.append(document)
        return document

    @staticmethod
    def kind_of(path: Path, pack) -> str:
        """The schema kind the pack's manifest (its `files:` patterns, or the defaults) gives the file; "pack" for
        the manifest itself, "file" for a file no pack lists. Matched as the loader expands the patterns, so a file
        created after the pack was read has its kind too."""
        manifest = pack.manifest if pack is not None else None
        if manifest is None:
            return "file"
        if path == manifest.file.resolve():
            return "pack"
        for kind, (schema_kind, _defaults) in FILE_KINDS.items():
            for pattern in manifest.files[kind]:
                if any(Path(p).resolve() == path for p in glob.glob(str(manifest.folder / pattern))):
                    return schema_kind
        return "file"

    def decode_context(self, path: Path, pack, content) -> DecodeContext:
        """What a document's typed model builds on: the pack's namespace, the rules values of the packs it requires
        and its own (a rules file's own values go over the first, a scenario's overrides over the second)."""
        if pack is None or content is None:
            return DecodeContext(path, pack.id if pack else "")
        inherited: dict = {}
        for pid in reversed(content.namespaces):  # the farthest first, so nearer packs override
            if pid != pack.id and pid in self.packset.packs:
                inherited.update(self.packset.packs[pid].docs.parameters)
        return DecodeContext(path, pack.id, RulesParameters.from_values(inherited), content.parameters)

    def pack_file(self, pack_id: str, kind: str) -> Path | None:
        """The first file of `kind` ("weapons", "terrain", "periods", "rules", "formations", "pack") in a pack."""
        pack = self.packset.packs.get(pack_id)
        if pack is None:
            return None
        return file_of_kind(pack, kind)

    def open_pack_file(self, pack_id: str, kind: str) -> Document | None:
        """The document of a pack's weapons / terrain / periods / rules / formations file or manifest (opened
        once; None if the pack has no such file)."""
        path = self.pack_file(pack_id, kind)
        return self.open(path) if path is not None else None

    def map_document_for(self, scenario: Document) -> MapDocument | None:
        """The map a scenario plays on, opened as its own document."""
        content = scenario.content
        if content is None or scenario.model is None or scenario.model.scenario is None:
            return None
        game_map = content.map(scenario.model.scenario.map)
        if game_map is None or game_map.source.file is None:
            return None
        document = self.open(game_map.source.file)
        return document if isinstance(document, MapDocument) else None  # (a map file opens as a MapDocument)

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


def file_of_kind(pack, kind: str) -> Path | None:
    """The first file of `kind` in a loaded pack ("pack": its manifest)."""
    if kind == "pack":
        return pack.location.folder / MANIFEST
    return next((path for path, file_kind in pack.kinds.items() if file_kind == kind), None)


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
    lines = manifest.read_text(encoding="utf-8").splitlines(keepends=True)
    # the template's own comment tells how to copy it by hand: not true of the copy, so only its $schema line stays
    body = [line for line in lines[1:] if not line.startswith("#")]
    text = (
        "".join([lines[0], "# A pack made with the editor's File > New pack.\n", *body])
        .replace("id: my_pack", f"id: {pack_id}")
        .replace("name: My pack", f"name: {name}")
    )
    atomic_write_text(manifest, text)
    return target


def write_new_map(pack_folder: Path, map_id: str, name: str, width: int, height: int, content) -> Path:
    """A blank map file (clear level-1 ground) in the pack's maps/ folder, written as `tacforge new` writes maps."""
    from tacforge.engine.battlegen.scenario_writer import map_document, render

    target = Path(pack_folder) / "maps" / f"{map_id}.yaml"
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    game_map = MapModel.blank(content, width, height, map_id=map_id, name=name).to_map()
    write_pack_schemas(pack_folder)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target, render("map", map_document(content, game_map), target, Path(pack_folder)))
    return target
