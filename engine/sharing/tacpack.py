"""The `.tacpack` format: a zip holding a pack's files at its root and `tacpack.json`, the manifest that lists each
file with its size and SHA-256, the pack's id, version, schema version and requirements, and the tacforge version
that built it. The bounds an archive must keep are here too, so that building and installing agree on them.

The manifest is read here and nowhere else: its JSON becomes a frozen `ArchiveManifest`, and every way it can be
wrong is a `PackArchiveError` that names the archive and says what to do."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from tacforge.engine.cached_dataclass import dataclass

from ..issues import CommandError

MANIFEST_NAME = "tacpack.json"
FORMAT = "tacpack"
FORMAT_VERSION = 1

# Bounds, checked from the zip's central directory before anything is unpacked (a zip bomb is refused unread), and
# again while reading each file (its sizes may lie). The bundled packs are some 200 KB in a few dozen files.
MAX_FILES = 2000
MAX_TOTAL_BYTES = 256 * 1024 * 1024
MAX_MANIFEST_BYTES = 1024 * 1024

# A fixed time for every entry: the same pack builds the same archive, byte for byte.
ENTRY_TIME = (1980, 1, 1, 0, 0, 0)
SHA256 = re.compile(r"[0-9a-f]{64}")


class PackArchiveError(CommandError):
    """An archive that cannot be built, installed or removed, with what to do about it (exit code 1)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message, code)


@dataclass(frozen=True)
class ArchivedFile:
    size: int
    sha256: str


@dataclass(frozen=True)
class ArchiveManifest:
    pack_id: str
    version: str
    schema_version: int
    requires: Mapping[str, str]  # pack id -> version range, as pack.yaml writes them
    built_with: str  # the tacforge version that built the archive
    files: Mapping[str, ArchivedFile]  # path inside the pack (POSIX) -> size and hash

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "pack": {
                "id": self.pack_id,
                "version": self.version,
                "schema_version": self.schema_version,
                "requires": dict(self.requires),
            },
            "built_with": self.built_with,
            "files": {name: {"size": f.size, "sha256": f.sha256} for name, f in sorted(self.files.items())},
        }
        return json.dumps(data, indent=2, sort_keys=False) + "\n"


def _refuse(archive: Path, what: str) -> PackArchiveError:
    return PackArchiveError(
        f"{archive}: {MANIFEST_NAME} {what}; this is not an archive `tacforge pack build` made (ask its author "
        "for a new one)"
    )


def _field(data: dict, key: str, kind: type, archive: Path, where: str = ""):
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _refuse(archive, f"has no {kind.__name__} '{where}{key}'")
    return value


def parse_manifest(raw: bytes, archive: Path) -> ArchiveManifest:
    """The typed manifest of an archive's tacpack.json, or PackArchiveError saying what is wrong with it."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise _refuse(archive, f"is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(archive, f'does not say "format": "{FORMAT}"')
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise PackArchiveError(
            f"{archive}: the archive format version is {version!r}; this tacforge reads version {FORMAT_VERSION} "
            "(install the tacforge that built it, or ask for an archive built by this one)"
        )
    pack = _field(data, "pack", dict, archive)
    requires = _field(pack, "requires", dict, archive, "pack.")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in requires.items()):
        raise _refuse(archive, "has a 'pack.requires' that is not pack ids and version ranges")
    files = {}
    for name, entry in _field(data, "files", dict, archive).items():
        size, digest = (entry.get("size"), entry.get("sha256")) if isinstance(entry, dict) else (None, None)
        if not isinstance(size, int) or isinstance(size, bool) or size < 0 or not isinstance(digest, str):
            raise _refuse(archive, f"gives no size and sha256 for '{name}'")
        if not SHA256.fullmatch(digest):
            raise _refuse(archive, f"gives '{name}' a sha256 that is not 64 hexadecimal digits")
        files[name] = ArchivedFile(size, digest)
    return ArchiveManifest(
        _field(pack, "id", str, archive, "pack."),
        _field(pack, "version", str, archive, "pack."),
        _field(pack, "schema_version", int, archive, "pack."),
        MappingProxyType(dict(requires)),
        _field(data, "built_with", str, archive),
        MappingProxyType(files),
    )
