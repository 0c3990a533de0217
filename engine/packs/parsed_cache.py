"""Remembers the data of pack files that read cleanly on the fast path, so that an unchanged file is parsed once.

Parsing is most of what loading the bundled packs costs (docs/architecture.md 8: 150 ms), and `tacforge play`, every
batch worker, the editor's start and its playtests read the same unchanged files again. The key is a hash of the file's
exact text together with everything that decides what the fast path makes of it (the Python version, PyYAML's, and
the source of yamlio): any change reads the file again. Only files that read without an error are
stored, so every YAML error is found and reported as before. Each entry is one file in `parsed/` in the user cache
folder (marshal data behind a checksum, engine.caching.write_checked, so a torn write reads as a miss); if the folder
cannot be read or written, loading parses every file, as without the cache. The packs `tacforge validate` reports
on never use it.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import time
from pathlib import Path

from .. import yamlio
from ..caching import cache_dir, memoized, read_checked, write_checked
from ..yamlio import LoadedFile, is_unsaved, parse_fast, read_text

MAX_ENTRIES = 1000  # past this many files, the oldest quarter is removed (the bundled packs have about 35)
# a temporary this old is what a killed write left (a write takes milliseconds): the next store removes it
STALE_SECONDS = 60
_HEADER = b"tacforge parsed\n"


@memoized(maxsize=1)
def _reader_fingerprint() -> bytes:
    import yaml

    digest = hashlib.sha256(
        f"{sys.version}\0{yaml.__version__}\0{marshal.version}\0{yamlio.uses_c_loader()}\0".encode()
    )
    digest.update(Path(yamlio.__file__).read_bytes())
    return digest.digest()


def _key(text: str) -> str:
    return hashlib.sha256(_reader_fingerprint() + text.encode("utf-8")).hexdigest()[:40]


class ParsedCache:
    def __init__(self, folder: Path | None = None):
        self.folder = folder or cache_dir() / "parsed"

    def load(self, path: Path) -> LoadedFile:
        """load_fast(path), from the cache when this exact text was read before."""
        text = read_text(path)
        entry = self.folder / f"{_key(text)}.marshal"
        body = read_checked(entry, _HEADER)
        if body is not None:
            try:
                return LoadedFile(path, text, marshal.loads(body))
            except (EOFError, ValueError, TypeError):
                pass  # not marshal data of this Python: parse
        data = parse_fast(text, path)
        if not is_unsaved(path):  # an editor's unsaved text changes with every edit: not worth keeping
            self._store(entry, data)
        return LoadedFile(path, text, data)

    def _store(self, entry: Path, data) -> None:
        try:
            body = marshal.dumps(data)
        except ValueError:  # a value marshal cannot write (a date from an explicit !!timestamp tag): not kept
            return
        if write_checked(entry, body, _HEADER):
            try:
                self._prune()
            except OSError:
                pass  # the folder went unreadable meanwhile: prune on a later store

    def _prune(self) -> None:
        """Remove the oldest entries past MAX_ENTRIES, and the temporaries that killed writes left (a write
        removes those of its own entry; this, those of entries never written again)."""
        stale = time.time() - STALE_SECONDS
        entries, removed = [], []
        for item in os.scandir(self.folder):
            if item.name.endswith(".marshal"):
                entries.append(item)
            elif item.name.endswith(".tmp") and _modified(item) < stale:
                removed.append(item)
        if len(entries) > MAX_ENTRIES:
            entries.sort(key=_modified)
            removed += entries[: len(entries) - MAX_ENTRIES * 3 // 4]
        for old in removed:
            try:
                os.unlink(old.path)
            except OSError:
                pass  # renamed or removed by its writer or another process meanwhile


def _modified(entry: os.DirEntry) -> float:
    try:
        return entry.stat().st_mtime
    except OSError:  # gone meanwhile
        return 0.0
