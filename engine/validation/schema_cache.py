"""Remembers which file contents passed schema validation, so the fast load path can skip re-checking them.

The key is a hash of the file's text, its kind, every schema file and the tacforge version: any change to any of
them checks the file again. Only clean results are stored. `tacforge validate` never uses the cache for the packs
it reports on (only for the packs they require). The cache is
a JSON file in the user cache folder (TACFORGE_CACHE_DIR overrides it); if it cannot be read or written, loading
simply validates everything.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .. import __version__
from ..atomic_files import atomic_write_text
from ..caching import cache_dir, memoized
from ..resources import SCHEMA_DIR

MAX_ENTRIES = 4096


def cache_file() -> Path:
    return cache_dir() / "schema-valid.json"


@memoized(maxsize=1)
def _schemas_fingerprint() -> str:
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def key(kind: str, text: str) -> str:
    return hashlib.sha256(f"{_schemas_fingerprint()}\0{kind}\0{text}".encode()).hexdigest()[:32]


class SchemaCache:
    def __init__(self, path: Path | None = None):
        self.path = path or cache_file()
        self._known: set[str] = set()
        self._new: set[str] = set()
        try:
            self._known = set(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            self._known = set()

    def is_valid(self, kind: str, text: str) -> bool:
        return key(kind, text) in self._known

    def remember(self, kind: str, text: str) -> None:
        k = key(kind, text)
        if k not in self._known:
            self._known.add(k)
            self._new.add(k)

    def save(self) -> None:
        if not self._new:
            return
        entries = sorted(self._known)[-MAX_ENTRIES:] if len(self._known) > MAX_ENTRIES else sorted(self._known)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, json.dumps(entries))
            self._new.clear()
        except OSError:
            pass
