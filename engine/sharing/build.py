"""`tacforge pack build`: a pack folder written as a `.tacpack` archive (engine/sharing/tacpack.py).

The archive holds every file of the pack folder but hidden ones, `__pycache__` and the `schemas/` folder, which is
tacforge's own and is written afresh where the pack is installed. A pack whose files could not be installed (a link,
a name another system cannot hold, more files or bytes than an archive may carry) is refused here rather than
shared. The same pack builds the same archive byte for byte: entries in path order, each with one fixed time."""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType

from tacforge.engine.cached_dataclass import dataclass

from ..atomic_files import atomic_write_bytes
from ..packs.discovery import MANIFEST, discover
from ..packs.manifest import read_manifest
from ..validation.schema_files import PACK_SCHEMA_FOLDER
from .archive_checks import entry_name_problem
from .tacpack import (
    ENTRY_TIME,
    MANIFEST_NAME,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    ArchivedFile,
    ArchiveManifest,
    PackArchiveError,
)


@dataclass(frozen=True)
class BuildResult:
    pack_id: str
    version: str
    files: int
    bytes: int  # the pack's files, unpacked
    output: Path


def find_pack_folder(target: str, pack_paths: Iterable[str | Path] = ()) -> Path:
    """The folder a PACK-ID|PATH argument names: a folder holding a pack.yaml, or the first folder of that id in
    discovery's order."""
    path = Path(target)
    if path.is_dir():
        if not (path / MANIFEST).is_file():
            raise PackArchiveError(f"{path} has no {MANIFEST}: give a pack folder or a pack id", code=2)
        return path.resolve()
    locations, _ = discover(pack_paths)
    for location in locations:
        manifest, _, _ = read_manifest(location.folder)
        if manifest is not None and manifest.id == target:
            return location.folder
    raise PackArchiveError(
        f"no pack '{target}' is found and there is no such folder (`tacforge packs` lists the packs found)", code=2
    )


def _left_out(relative: Path) -> bool:
    parts = relative.parts
    return parts[0] == PACK_SCHEMA_FOLDER or any(p.startswith(".") or p == "__pycache__" for p in parts)


def _pack_files(folder: Path) -> list[tuple[str, Path]]:
    files = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder)
        if _left_out(relative):
            continue
        name = relative.as_posix()
        if path.is_symlink():
            raise PackArchiveError(f"{path} is a link; a pack archive holds only files (copy the file in its place)")
        if path.is_dir():
            continue
        if not path.is_file():
            raise PackArchiveError(f"{path} is not a file (a device, pipe or socket); take it out of the pack")
        problem = entry_name_problem(name)
        if problem is not None:
            raise PackArchiveError(f"{path}: the file {problem}; rename it so that every system can install it")
        files.append((name, path))
    files.sort()
    if len(files) > MAX_FILES:
        raise PackArchiveError(f"{folder} has {len(files):,} files; a pack archive may hold at most {MAX_FILES:,}")
    return files


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ENTRY_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix, so that the mode below reads as a plain file's
    info.external_attr = 0o100644 << 16
    return info


def build_archive(folder: Path, output: Path) -> BuildResult:
    """Write the pack in `folder` to the archive `output` (replaced whole, or left as it was on failure)."""
    from .. import __version__

    folder, output = Path(folder).resolve(), Path(output)
    if folder == output.resolve().parent or folder in output.resolve().parents:
        raise PackArchiveError(f"{output} is inside the pack folder {folder}; write the archive somewhere else", 2)
    manifest, _, issues = read_manifest(folder)
    if manifest is None:
        first = next((i for i in issues if i.is_error), None)
        raise PackArchiveError(f"{first.format() if first else folder}; fix pack.yaml before building an archive")
    buffer, listed, total = io.BytesIO(), {}, 0
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, path in _pack_files(folder):
            data = path.read_bytes()
            total += len(data)
            if total > MAX_TOTAL_BYTES:
                raise PackArchiveError(f"{folder} holds more than {MAX_TOTAL_BYTES:,} bytes, more than an archive may")
            listed[name] = ArchivedFile(len(data), hashlib.sha256(data).hexdigest())
            zf.writestr(_entry(name), data)
        archive_manifest = ArchiveManifest(
            manifest.id,
            str(manifest.version),
            manifest.schema_version,
            MappingProxyType({dep: str(spec) for dep, spec in manifest.requires}),
            __version__,
            MappingProxyType(listed),
        )
        zf.writestr(_entry(MANIFEST_NAME), archive_manifest.to_json().encode("utf-8"))
    try:
        atomic_write_bytes(output, buffer.getvalue())
    except OSError as exc:
        raise PackArchiveError(f"cannot write {output}: {exc.strerror or exc}") from None
    return BuildResult(manifest.id, str(manifest.version), len(listed), total, output)
