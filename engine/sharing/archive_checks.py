"""Reading a `.tacpack` as an installer must: every check made before anything is written, from the zip's central
directory first (names, kinds of entry, counts and sizes, so that a zip bomb is refused without unpacking it), then
from the manifest and each file's bytes (read in bounded chunks, since the sizes a zip states may lie).

A name is refused when it could leave the pack folder or mean something else on another system: `..`, `.` or empty
parts, an absolute path, a backslash, a drive letter or any character Windows cannot hold in a file name. An entry
is refused when it is not a plain file (a link, a device, a pipe, a folder), when its name is given twice (also when
the two differ only in letter case, which is one file on Windows and macOS), and when the manifest does not list it
or its checksum differs."""

from __future__ import annotations

import hashlib
import stat
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..packs.discovery import MANIFEST
from ..packs.manifest import SUPPORTED_SCHEMA_VERSIONS, Manifest, manifest_from_data
from ..yamlio import YamlFileError, parse_fast
from .tacpack import (
    MANIFEST_NAME,
    MAX_FILES,
    MAX_MANIFEST_BYTES,
    MAX_TOTAL_BYTES,
    ArchiveManifest,
    PackArchiveError,
    parse_manifest,
)

WINDOWS_FORBIDDEN = set('<>:"|?*')
WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
NAME_MAX = 255  # bytes in one file or folder name, on the usual file systems
ZIP_READ_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError, ValueError)
CHUNK = 1 << 16


def entry_name_problem(name: str) -> str | None:
    """Why `name` may not name a file of a pack archive, or None when it may."""
    if not name:
        return "has an empty name"
    if "\\" in name:
        return "has a backslash in its name"
    if name.startswith("/"):
        return "is an absolute path"
    if len(name) >= 2 and name[1] == ":" and name[0].isalpha():
        return "starts with a drive letter"
    if any(ord(c) < 32 or c in WINDOWS_FORBIDDEN for c in name):
        return "has a character in its name that a file name cannot hold on every system"
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return "leaves the pack folder or has an empty part ('..', '.', '//' or a trailing '/')"
    if any(part.endswith((".", " ")) or part.split(".")[0].upper() in WINDOWS_RESERVED for part in parts):
        return "has a name Windows reserves or changes (CON, NUL, ..., or one ending in '.' or ' ')"
    if any(len(part.encode("utf-8")) > NAME_MAX for part in parts):
        return f"has a file or folder name longer than {NAME_MAX} bytes"
    return None


def entry_kind_problem(info: zipfile.ZipInfo) -> str | None:
    """Why an entry is not a plain file (its Unix mode, or the DOS folder flag, in the zip's external attributes)."""
    if info.flag_bits & 0x1:
        return "is encrypted"
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return f"uses compression method {info.compress_type} (a .tacpack stores or deflates)"
    mode = info.external_attr >> 16
    if info.is_dir() or info.external_attr & 0x10:
        return "is a folder entry"
    if stat.S_IFMT(mode) and not stat.S_ISREG(mode):
        kind = "a symbolic link" if stat.S_ISLNK(mode) else "a device, pipe or socket"
        return f"is {kind}, not a file"
    return None


def _same_file_key(name: str) -> str:
    """Two names one file system may take for one file: letter case and Unicode normalisation set aside."""
    return unicodedata.normalize("NFC", name).casefold()


def shown_name(name: str) -> str:
    """A name as a message shows it: control characters written out, not sent to the terminal."""
    shown = "".join(c if ord(c) >= 32 else f"\\x{ord(c):02x}" for c in name)
    return shown if len(shown) <= 100 else f"{shown[:60]}...{shown[-30:]}"


def _refuse(archive: Path, entry: str, problem: str) -> PackArchiveError:
    return PackArchiveError(
        f"{archive}: the entry '{shown_name(entry)}' {problem}; nothing was installed (ask the archive's author for "
        "a new one, made by `tacforge pack build`)"
    )


@dataclass(frozen=True)
class CheckedArchive:
    """An archive every check has passed, with its zip still open for unpacking."""

    path: Path
    manifest: ArchiveManifest
    pack: Manifest  # the pack.yaml inside, read as the loader reads it
    zip: zipfile.ZipFile

    def extract_into(self, folder: Path) -> None:
        """Write the pack's files into `folder` (a fresh staging folder), checking each file's bytes again."""
        for name, listed in self.manifest.files.items():
            target = folder.joinpath(*name.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as out:
                digest = read_entry(self.path, self.zip, name, listed.size, out.write)
            if digest != listed.sha256:
                raise _refuse(self.path, name, "changed while it was being installed")


def read_entry(path: Path, zf: zipfile.ZipFile, name: str, size: int, sink: Callable[[bytes], object]) -> str:
    """The SHA-256 of an entry, read in chunks and refused as soon as it grows past `size` bytes. What `sink` raises
    (a full disk while unpacking) is the caller's, not a damaged archive."""

    def damaged(exc: BaseException) -> PackArchiveError:
        return _refuse(path, name, f"cannot be read ({exc}); the archive is damaged or truncated")

    digest, read = hashlib.sha256(), 0
    try:
        handle = zf.open(name)
    except ZIP_READ_ERRORS as exc:
        raise damaged(exc) from None
    with handle:
        while True:
            try:
                chunk = handle.read(CHUNK)
            except ZIP_READ_ERRORS as exc:
                raise damaged(exc) from None
            if not chunk:
                break
            read += len(chunk)
            if read > size:
                raise _refuse(path, name, f"unpacks to more than the {size:,} bytes it states")
            digest.update(chunk)
            sink(chunk)
    if read != size:
        raise _refuse(path, name, f"holds {read:,} bytes, not the {size:,} the manifest lists")
    return digest.hexdigest()


def _check_directory(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    """Everything the central directory tells, before one byte is unpacked."""
    if len(infos) > MAX_FILES + 1:
        raise PackArchiveError(
            f"{path}: the archive holds {len(infos):,} entries; a pack may have at most {MAX_FILES:,} files, so "
            "nothing was unpacked"
        )
    total = sum(info.file_size for info in infos)
    if total > MAX_TOTAL_BYTES:
        raise PackArchiveError(
            f"{path}: the archive unpacks to {total:,} bytes; a pack may hold at most {MAX_TOTAL_BYTES:,}, so "
            "nothing was unpacked (a zip bomb looks like this)"
        )
    seen: dict[str, str] = {}
    for info in infos:
        problem = entry_kind_problem(info) or entry_name_problem(info.filename)
        if problem is not None:
            raise _refuse(path, info.filename, problem)
        key = _same_file_key(info.filename)
        if key in seen:
            same = "is given twice" if seen[key] == info.filename else f"is the same file as '{seen[key]}' on Windows"
            raise _refuse(path, info.filename, same)
        seen[key] = info.filename


def _check_listing(path: Path, infos: list[zipfile.ZipInfo], manifest: ArchiveManifest) -> None:
    """The entries are exactly the files the manifest lists, with the sizes it lists."""
    for name in manifest.files:
        problem = entry_name_problem(name)
        if problem is not None:
            raise _refuse(path, name, f"(listed in {MANIFEST_NAME}) {problem}")
    present = {info.filename: info for info in infos if info.filename != MANIFEST_NAME}
    for name, info in present.items():
        listed = manifest.files.get(name)
        if listed is None:
            raise _refuse(path, name, f"is not listed in {MANIFEST_NAME}")
        if info.file_size != listed.size:
            raise _refuse(path, name, f"states {info.file_size:,} bytes, but {MANIFEST_NAME} lists {listed.size:,}")
    missing = sorted(set(manifest.files) - set(present))
    if missing:
        raise PackArchiveError(
            f"{path}: {MANIFEST_NAME} lists '{shown_name(missing[0])}', which the archive does not hold; nothing was "
            "installed"
        )
    if MANIFEST not in manifest.files:
        raise PackArchiveError(f"{path}: the archive holds no {MANIFEST}, so it is not a pack")
    if manifest.files[MANIFEST].size > MAX_MANIFEST_BYTES:
        raise _refuse(path, MANIFEST, f"is longer than {MAX_MANIFEST_BYTES:,} bytes")


def _check_pack_manifest(path: Path, manifest: ArchiveManifest, text: bytes) -> Manifest:
    """The pack.yaml inside, read as the loader would, agreeing with what the archive's manifest says of it."""
    where = path / MANIFEST
    try:
        pack, issues = manifest_from_data(parse_fast(text.decode("utf-8"), where), path, where)
    except UnicodeDecodeError:
        raise PackArchiveError(f"{where}: pack.yaml is not UTF-8 text; nothing was installed") from None
    except YamlFileError as exc:
        raise PackArchiveError(f"{exc.issue.format()}; nothing was installed") from None
    if pack is None:
        first = next(i for i in issues if i.is_error)
        raise PackArchiveError(f"{first.format()}; nothing was installed")
    archived = (manifest.pack_id, manifest.version, manifest.schema_version, dict(manifest.requires))
    inside = (pack.id, str(pack.version), pack.schema_version, {dep: str(spec) for dep, spec in pack.requires})
    if archived != inside:
        raise PackArchiveError(
            f"{path}: {MANIFEST_NAME} says pack {archived[0]} {archived[1]} (schema version {archived[2]}, requires "
            f"{archived[3] or 'nothing'}) but its pack.yaml says {inside[0]} {inside[1]} (schema version {inside[2]}, "
            f"requires {inside[3] or 'nothing'}); nothing was installed"
        )
    return pack


@contextmanager
def open_checked(path: Path) -> Iterator[CheckedArchive]:
    """The archive at `path`, every check passed (PackArchiveError otherwise), open while the block runs."""
    path = Path(path)
    if not path.is_file():
        raise PackArchiveError(f"{path}: no such file; give the path of a .tacpack archive", code=2)
    try:
        zf = zipfile.ZipFile(path)
    except ZIP_READ_ERRORS as exc:
        raise PackArchiveError(
            f"{path}: not a .tacpack archive: it is not a zip file, or it is truncated ({exc}); nothing was installed"
        ) from None
    with zf:
        infos = zf.infolist()
        _check_directory(path, infos)
        info = next((i for i in infos if i.filename == MANIFEST_NAME), None)
        if info is None:
            raise PackArchiveError(f"{path}: the archive has no {MANIFEST_NAME}, so it is not a .tacpack")
        if info.file_size > MAX_MANIFEST_BYTES:
            raise _refuse(path, MANIFEST_NAME, f"is {info.file_size:,} bytes long (at most {MAX_MANIFEST_BYTES:,})")
        raw = bytearray()
        read_entry(path, zf, MANIFEST_NAME, info.file_size, raw.extend)
        manifest = parse_manifest(bytes(raw), path)
        if manifest.schema_version not in SUPPORTED_SCHEMA_VERSIONS:
            known = ", ".join(str(v) for v in SUPPORTED_SCHEMA_VERSIONS)
            raise PackArchiveError(
                f"{path}: pack {manifest.pack_id} is written for pack schema version {manifest.schema_version}; "
                f"this tacforge reads schema version {known} (install a newer tacforge); nothing was installed"
            )
        _check_listing(path, infos, manifest)
        pack_text = bytearray()
        for name, listed in manifest.files.items():
            sink: Callable[[bytes], object] = pack_text.extend if name == MANIFEST else (lambda _chunk: None)
            if read_entry(path, zf, name, listed.size, sink) != listed.sha256:
                raise _refuse(path, name, f"does not have the checksum {MANIFEST_NAME} lists (changed or damaged)")
        pack = _check_pack_manifest(path, manifest, bytes(pack_text))
        yield CheckedArchive(path, manifest, pack, zf)
