"""Remembers the packs whose cross-reference checks found nothing, so that loading a pack that only requires them
does not check them again.

`tacforge validate one` of a designer's one-scenario pack checks the bundled pack it requires as well, to know
whether that requirement is sound (pack.requires-broken), and every `play`, batch worker and editor start did the
same: the bundled packs' AI plan checks and scenario checks were most of a short validate's time. The result of
`check_pack` depends only on the texts of the pack and of the packs it requires, on the schemas and on tacforge's own
code, so the key is a hash of all of them (the code by the size and modification time of every engine source file:
an edited checker checks again). Only clean results (no issue at all) are kept, in the schema cache's key file
format; `tacforge validate` never uses them for the packs it reports on. A pack with an editor's unsaved text is
never stored (its text changes with every edit).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable
from pathlib import Path

from .. import __version__
from ..caching import cache_dir, memoized
from ..validation.schema_cache import SchemaCache
from ..yamlio import is_unsaved

_KIND = "pack-semantics"


def open_semantic_cache() -> SchemaCache:
    return SchemaCache(cache_dir() / "semantics-clean.json")


@memoized(maxsize=1)
def _code_fingerprint() -> str:
    """tacforge's engine sources as (name, size, modification time): what decides what the checks find."""
    engine = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0".encode())
    for folder, dirs, files in sorted(os.walk(engine)):
        dirs.sort()
        relative = os.path.relpath(folder, engine)  # once a folder: relpath is most of a file's cost here
        for name in sorted(files):
            if name.endswith((".py", ".so", ".pyd")):
                stat = os.stat(os.path.join(folder, name))
                digest.update(f"{relative}/{name}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def semantic_key_text(chain: Iterable[tuple[str, Path, dict[Path, str]]]) -> str | None:
    """The text the cache keys a pack by: the code's fingerprint and every text of the pack and of the packs it
    requires (`chain`: each pack's id, folder and texts, requirements first, the pack last), each text named relative
    to its pack's folder; None when a text is an editor's unsaved copy."""
    digest = hashlib.sha256(_code_fingerprint().encode())
    for pack_id, folder, texts in chain:
        digest.update(f"\0pack\0{pack_id}\0".encode())
        for path in sorted(texts, key=str):
            if is_unsaved(path):
                return None
            try:
                name = path.relative_to(folder).as_posix()
            except ValueError:
                name = path.as_posix()
            digest.update(f"\0{name}\0".encode())
            digest.update(texts[path].encode("utf-8"))
    return digest.hexdigest()


def is_known_clean(cache: SchemaCache, key_text: str) -> bool:
    return cache.is_valid(_KIND, key_text)


def remember_clean(cache: SchemaCache, key_text: str) -> None:
    cache.remember(_KIND, key_text)
