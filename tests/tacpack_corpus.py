"""Hand-made .tacpack archives for the installer's tests: a helper that writes a zip with any entries and any
manifest (by default the right one for the entries), and the corpus of hostile archives, each made as an attacker
or a damaged download would make it, with the words the refusal must contain."""

from __future__ import annotations

import hashlib
import io
import json
import stat
import struct
import warnings
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

GOOD_PACK_YAML = b"id: shared\nname: Shared pack\nversion: 1.2.0\nschema_version: 1\nrequires:\n  core: '>=1.0'\n"
GOOD_WEAPONS = b"weapons: []\n"


@dataclass
class Entry:
    name: str
    data: bytes
    mode: int = stat.S_IFREG | 0o644  # Unix mode for the external attributes
    listed: bool = True  # in the manifest's files
    listed_sha256: str | None = None  # a wrong checksum to list instead of the right one
    listed_size: int | None = None


def manifest_for(entries: list[Entry], pack: dict | None = None, **top) -> dict:
    files = {
        e.name: {
            "size": len(e.data) if e.listed_size is None else e.listed_size,
            "sha256": e.listed_sha256 or hashlib.sha256(e.data).hexdigest(),
        }
        for e in entries
        if e.listed
    }
    data = {
        "format": "tacpack",
        "format_version": 1,
        "pack": pack or {"id": "shared", "version": "1.2.0", "schema_version": 1, "requires": {"core": ">=1.0"}},
        "built_with": "0.1.0",
        "files": files,
    }
    data.update(top)
    return data


def good_entries() -> list[Entry]:
    return [Entry("pack.yaml", GOOD_PACK_YAML), Entry("weapons.yaml", GOOD_WEAPONS)]


def write_archive(path: Path, entries: list[Entry], manifest: dict | bytes | None = None) -> Path:
    manifest = manifest_for(entries) if manifest is None else manifest
    raw = manifest if isinstance(manifest, bytes) else json.dumps(manifest).encode()
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of a duplicate name, which is the point of one case
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
            for entry in entries:
                info = zipfile.ZipInfo(entry.name, (2024, 1, 1, 0, 0, 0))
                info.create_system = 3
                info.external_attr = entry.mode << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, entry.data)
            zf.writestr("tacpack.json", raw)
    path.write_bytes(buffer.getvalue())
    return path


def patch_central_size(path: Path, name: str, size: int) -> None:
    """Make the zip's central directory state `size` uncompressed bytes for `name` (a lying size)."""
    data = bytearray(path.read_bytes())
    at = 0
    while (at := data.find(b"PK\x01\x02", at)) != -1:
        name_length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + name_length].decode() == name:
            struct.pack_into("<I", data, at + 24, size)
            path.write_bytes(bytes(data))
            return
        at += 4
    raise AssertionError(f"no entry {name}")


def patch_local_name(path: Path, name: str, other: str) -> None:
    """Give `name`'s local header the name `other` (same length): the zip's two records of the entry disagree, as
    in an archive whose directory points several names at one local entry."""
    assert len(name) == len(other)
    data = path.read_bytes()
    at = data.find(name.encode())  # the local header comes first in the file, the central directory last
    assert at != -1 and data.rfind(name.encode()) != at
    path.write_bytes(data[:at] + other.encode() + data[at + len(name) :])


def _with(extra: Entry) -> Callable[[Path], Path]:
    return lambda p: write_archive(p, [*good_entries(), extra])


def _many_files(p: Path) -> Path:
    return write_archive(p, [*good_entries(), *(Entry(f"maps/m{i}.yaml", b"") for i in range(2001))])


def _bomb(p: Path) -> Path:
    write_archive(p, [*good_entries(), Entry("maps/big.yaml", b"0" * 1000)])
    patch_central_size(p, "maps/big.yaml", 3_000_000_000)
    return p


def _lying_small(p: Path) -> Path:
    """The directory and the manifest say 10 bytes; the entry unpacks to 100 000."""
    write_archive(p, [*good_entries(), Entry("maps/lie.yaml", b"x" * 100_000, listed_size=10)])
    patch_central_size(p, "maps/lie.yaml", 10)
    return p


def _lying_large(p: Path) -> Path:
    """The directory and the manifest say 100 000 bytes; the entry unpacks to 10."""
    write_archive(p, [*good_entries(), Entry("maps/lie.yaml", b"x" * 10, listed_size=100_000)])
    patch_central_size(p, "maps/lie.yaml", 100_000)
    return p


def _names_disagree(p: Path) -> Path:
    write_archive(p, [*good_entries(), Entry("maps/a.yaml", b"x")])
    patch_local_name(p, "maps/a.yaml", "maps/b.yaml")
    return p


def _truncated(p: Path) -> Path:
    write_archive(p, good_entries())
    p.write_bytes(p.read_bytes()[:-30])
    return p


def _cut_in_the_middle(p: Path) -> Path:
    write_archive(p, [*good_entries(), Entry("maps/a.yaml", bytes(range(256)) * 400)])
    data = p.read_bytes()
    p.write_bytes(data[:200] + data[-(len(data) // 3) :])
    return p


def _pack_yaml(text: bytes, pack: dict) -> Callable[[Path], Path]:
    def make(p: Path) -> Path:
        entries = [Entry("pack.yaml", text), Entry("weapons.yaml", GOOD_WEAPONS)]
        return write_archive(p, entries, manifest_for(entries, pack))

    return make


def _replace_pack(**changes) -> dict:
    pack = {"id": "shared", "version": "1.2.0", "schema_version": 1, "requires": {"core": ">=1.0"}}
    pack.update(changes)
    return pack


# name -> (how to make it, words the refusal must contain)
HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "zip slip ..": (_with(Entry("../evil.yaml", b"x")), "leaves the pack folder"),
    "zip slip deep ..": (_with(Entry("maps/../../../evil.yaml", b"x")), "leaves the pack folder"),
    "absolute path": (_with(Entry("/tmp/evil.yaml", b"x")), "absolute path"),
    "backslash": (_with(Entry("..\\evil.yaml", b"x")), "backslash"),
    "drive letter": (_with(Entry("C:/evil.yaml", b"x")), "drive letter"),
    "drive-relative": (_with(Entry("c:evil.yaml", b"x")), "drive letter"),
    "empty part": (_with(Entry("maps//evil.yaml", b"x")), "empty part"),
    "dot part": (_with(Entry("./evil.yaml", b"x")), "leaves the pack folder"),
    "control character": (_with(Entry("evil\x01.yaml", b"x")), "evil\\x01.yaml' has a character"),
    "windows-forbidden": (_with(Entry("evil?.yaml", b"x")), "cannot hold"),
    "symlink": (_with(Entry("maps/link.yaml", b"/etc/passwd", mode=stat.S_IFLNK | 0o777)), "symbolic link"),
    "device": (_with(Entry("maps/dev", b"", mode=stat.S_IFCHR | 0o644)), "device"),
    "fifo": (_with(Entry("maps/fifo", b"", mode=stat.S_IFIFO | 0o644)), "device, pipe"),
    "folder entry": (_with(Entry("maps/", b"", mode=stat.S_IFDIR | 0o755)), "folder entry"),
    "duplicate": (_with(Entry("weapons.yaml", GOOD_WEAPONS)), "given twice"),
    "duplicate by case": (_with(Entry("Weapons.yaml", GOOD_WEAPONS)), "same file as"),
    "unlisted entry": (_with(Entry("maps/extra.yaml", b"x", listed=False)), "not listed"),
    "checksum mismatch": (_with(Entry("maps/a.yaml", b"x", listed_sha256="0" * 64)), "checksum"),
    "size mismatch": (_with(Entry("maps/a.yaml", b"x", listed_size=2)), "lists 2"),
    "listed but missing": (
        lambda p: write_archive(p, good_entries(), manifest_for([*good_entries(), Entry("gone.yaml", b"x")])),
        "does not hold",
    ),
    "manifest lists a slip": (
        lambda p: write_archive(p, good_entries(), manifest_for([*good_entries(), Entry("../x", b"x")])),
        "leaves the pack folder",
    ),
    "no manifest": (
        lambda p: p.write_bytes(zipfile_bytes({"pack.yaml": GOOD_PACK_YAML})) and p,
        "no tacpack.json",
    ),
    "manifest not json": (lambda p: write_archive(p, good_entries(), b"{not json"), "not JSON"),
    "manifest of another format": (lambda p: write_archive(p, good_entries(), {"format": "zip"}), "format"),
    "newer archive format": (
        lambda p: write_archive(p, good_entries(), manifest_for(good_entries(), format_version=2)),
        "format version is 2",
    ),
    "manifest with a bad hash": (
        lambda p: write_archive(p, good_entries(), manifest_for([Entry("pack.yaml", b"", listed_sha256="zz")])),
        "64 hexadecimal",
    ),
    "unknown schema version": (
        _pack_yaml(GOOD_PACK_YAML.replace(b"schema_version: 1", b"schema_version: 7"), _replace_pack(schema_version=7)),
        "schema version 7",
    ),
    "pack.yaml disagrees": (_pack_yaml(GOOD_PACK_YAML.replace(b"1.2.0", b"9.9.9"), _replace_pack()), "9.9.9"),
    "pack id that is a path": (
        _pack_yaml(GOOD_PACK_YAML.replace(b"id: shared", b"id: ../evil"), _replace_pack(id="../evil")),
        "pack.yaml",
    ),
    "pack.yaml not yaml": (_pack_yaml(b"id: [unclosed\n", _replace_pack()), "pack.yaml"),
    "too many files": (_many_files, "at most 2,000 files"),
    "zip bomb by size": (_bomb, "zip bomb"),
    "lying size, smaller": (_lying_small, "'maps/lie.yaml' cannot be read"),
    "lying size, larger": (_lying_large, "maps/lie.yaml"),
    "windows device name": (_with(Entry("maps/con.yaml", b"x")), "Windows reserves"),
    "trailing dot": (_with(Entry("maps/a.yaml.", b"x")), "Windows reserves"),
    "name too long": (_with(Entry("maps/" + "a" * 300, b"x")), "longer than 255 bytes"),
    "local and central names disagree": (_names_disagree, "'maps/a.yaml' cannot be read"),
    "truncated": (_truncated, "not a zip file, or it is truncated"),
    "cut in the middle": (_cut_in_the_middle, "damaged or truncated"),
    "not a zip": (lambda p: p.write_bytes(b"id: shared\n" * 50) and p, "not a zip file"),
    "empty file": (lambda p: p.write_bytes(b"") or p, "not a zip file"),
}


def zipfile_bytes(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buffer.getvalue()
