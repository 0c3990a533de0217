"""The schema files a pack carries, and the `# yaml-language-server: $schema=` line at the top of each pack file.

Decision (docs/pack-format.md, "Schemas in your editor"): every pack holds a `schemas/` folder with the JSON Schemas,
and each file's first line names its schema by a path relative to the file (`schemas/weapons.schema.json` in the
pack folder, `../schemas/map.schema.json` in maps/). An editor with a YAML language server then validates and
completes the pack wherever it lives: in the source tree (where `schemas/` is a link to the repository's schemas),
in an installed plugin (whose wheel carries the files) or in a user's folder (`tacforge new` and
`tacforge schemas --write` copy them). No written file names an absolute path or a path into an installation.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..atomic_files import atomic_write_text
from ..resources import SCHEMA_DIR

PACK_SCHEMA_FOLDER = "schemas"
SCHEMA_LINE_PREFIX = "# yaml-language-server: $schema="


def schema_line(kind: str, file: Path, pack_dir: Path) -> str:
    """The first line of a pack file of this kind: its schema, relative to the file, in the pack's schemas/."""
    target = Path(pack_dir).absolute() / PACK_SCHEMA_FOLDER / f"{kind}.schema.json"
    relative = os.path.relpath(target, Path(file).absolute().parent)
    return SCHEMA_LINE_PREFIX + Path(relative).as_posix()


def write_schemas(folder: Path) -> list[Path]:
    """Copy every bundled schema into folder (created if needed); return the files written. Files that already hold
    the same text are left alone, so a folder that is (or links to) the bundled schemas is never touched."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(SCHEMA_DIR.glob("*.schema.json")):
        target = folder / source.name
        text = source.read_text(encoding="utf-8")
        if target.is_file() and target.read_text(encoding="utf-8") == text:
            continue
        atomic_write_text(target, text)
        written.append(target)
    return written


def write_pack_schemas(pack_dir: Path) -> list[Path]:
    """The pack's own schemas/ folder, up to date with this tacforge."""
    return write_schemas(Path(pack_dir) / PACK_SCHEMA_FOLDER)
