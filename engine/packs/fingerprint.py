"""What a pack is, byte for byte: its id, version and a hash of its files, so that two machines can tell whether
they hold the same pack (a balance run on a Dask cluster refuses workers whose packs differ from the client's).

The hash is SHA-256 over every file in the pack's folder (relative path and bytes, in path order; hidden files and
__pycache__ left out), not over the files the loader happened to read: a stray or edited file is a difference too,
and the number is the same whether the pack came from a checkout, a wheel or a copy."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from .discovery import discover, pack_folder_of
from .manifest import read_manifest


@dataclass(frozen=True)
class PackFingerprint:
    pack_id: str
    version: str
    digest: str  # hex SHA-256 of the folder's files
    folder: str

    def differs_from(self, other: PackFingerprint) -> str | None:
        """Why `other` (the same pack elsewhere) is not this one, or None when it is."""
        if other.version != self.version:
            return f"version {other.version} instead of {self.version}"
        if other.digest != self.digest:
            return (
                f"version {other.version} with different files (content hash {other.digest[:12]} instead of "
                f"{self.digest[:12]})"
            )
        return None


def _pack_files(folder: Path) -> list[Path]:
    files = []
    for path in folder.rglob("*"):
        parts = path.relative_to(folder).parts
        if any(p.startswith(".") or p == "__pycache__" for p in parts) or not path.is_file():
            continue
        files.append(path)
    return sorted(files, key=lambda p: p.relative_to(folder).as_posix())


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in _pack_files(folder):
        name = path.relative_to(folder).as_posix().encode()
        data = path.read_bytes()
        # lengths first, so that no two different sets of files hash alike by shifting bytes between them
        digest.update(len(name).to_bytes(8, "big") + name + len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def pack_fingerprints(
    pack_ids: Iterable[str], pack_paths: Iterable[str | Path] = (), first: Iterable[Path] = ()
) -> dict[str, PackFingerprint]:
    """The fingerprints of the packs `pack_ids` as the loader finds them: the first folder of each id in discovery's
    precedence order, after the folders `first` (a scenario file's own pack). Ids not found are left out."""
    wanted = set(pack_ids)
    found: dict[str, PackFingerprint] = {}
    locations, _ = discover(pack_paths)
    for folder in [Path(f) for f in first] + [loc.folder for loc in locations]:
        manifest, _, _ = read_manifest(folder)
        if manifest is None or manifest.id not in wanted or manifest.id in found:
            continue
        found[manifest.id] = PackFingerprint(manifest.id, str(manifest.version), folder_digest(folder), str(folder))
    return found


__all__ = ["PackFingerprint", "folder_digest", "pack_fingerprints", "pack_folder_of"]
