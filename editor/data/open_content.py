"""The content a room computes with as the editor holds the packs now: every open document's current text, saved or
not, and the files on disk for the rest. A weapons document's `content` is the pack as loaded when it was opened, so
plots drawn from it kept the rules of that moment (issue 27: a changed `range_accuracy_term` never reached them).

The packs are loaded again as a playtest loads them (engine.yamlio.unsaved, the texts of the open documents in place
of their files), only when something they are read from has changed: an open document's edit state, or a file's
time on disk. The document the room shows is left out of both: its rows are the room's own, read from its model on
every edit, and loading the packs again for each of them would cost some 100 ms. Qt-free."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tacforge.engine.packs import load_packs
from tacforge.engine.yamlio import YamlFileError, unsaved


class OpenDocumentsContent:
    """`content()`: the merged content of `document`'s pack as the open documents have it; the document's own
    `content` when the packs do not load."""

    def __init__(self, workspace, document) -> None:
        self.workspace, self.document = workspace, document
        self._key: tuple | None = None
        self._content: Any = document.content

    def key(self) -> tuple:
        """What the content is read from: the other open documents' edit states, and the files' times on disk."""
        others = tuple(
            sorted((str(d.path), d.state) for d in self.workspace.documents if d.dirty and d is not self.document)
        )
        return others, tuple(_modified(path) for path in self._files())

    def _files(self) -> list[Path]:
        packset, content = self.workspace.packset, self.document.content
        if content is None:
            return []
        packs = [packset.packs[pid] for pid in content.namespaces if pid in packset.packs]
        return sorted(
            {*(path for pack in packs for path in pack.kinds), *(p.location.folder / "pack.yaml" for p in packs)}
        )

    def content(self) -> Any:
        key = self.key()
        if key != self._key:
            self._key, self._content = key, self._load()
        return self._content

    def _load(self) -> Any:
        fallback = self.document.content
        if fallback is None:
            return None
        texts = {d.path: d.text() for d in self.workspace.documents if d.dirty and d is not self.document}
        try:
            with unsaved(texts):
                packset = load_packs([str(p) for p in self.workspace.extra])
                if fallback.pack_id not in packset.packs:
                    return fallback  # the pack does not load as it stands; the issues dock says why
                return packset.content(fallback.pack_id)
        except (YamlFileError, OSError, ValueError):
            return fallback


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0
