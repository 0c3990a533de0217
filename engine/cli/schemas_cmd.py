"""`tacforge schemas`: where the JSON Schemas are, and `--write DIR` to copy them (e.g. into a pack's schemas/)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..resources import SCHEMA_DIR


def register(sub) -> None:
    p = sub.add_parser(
        "schemas",
        description="Without options, list the schema files of this tacforge. With --write DIR, copy "
        "them into DIR (a pack's schemas/ folder, which its files' "
        "'# yaml-language-server: $schema=' lines name), replacing older copies.",
    )
    p.add_argument("--write", type=Path, metavar="DIR", help="copy the schema files into DIR (created if needed)")
    p.set_defaults(run=run)


def run(args) -> int:
    if args.write is None:
        for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
            print(path)
        return 0
    from ..validation.schema_files import write_schemas

    try:
        written = write_schemas(args.write)
    except OSError as exc:
        print(f"tacforge: cannot write the schemas into {args.write}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    state = f"{len(written)} written" if written else "already up to date"
    print(f"{args.write}: schemas {state}")
    return 0
