"""What several commands share: finding a scenario by id or file, and printing a clean error."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..issues import render_text
from ..packs import load_packs
from ..packs.discovery import MANIFEST


class CommandError(Exception):
    """A problem the user can fix; printed without a traceback, exit code 2 (usage) or 1 (content)."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of games or turns)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def writable_file(text: str) -> Path:
    """An argparse type: a file to write later, checked now (its folder exists), not after a whole game."""
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: it is a folder")
    return path


def fail(exc: CommandError) -> int:
    print(f"tacforge: {exc}", file=sys.stderr)
    return exc.code


def find_scenario(ref: str, pack_paths: list):
    """(content, scenario) for 'pack:id', a bare id, or the path of a scenario file inside a pack."""
    path = Path(ref)
    extra = list(pack_paths)
    if path.suffix in (".yaml", ".yml") and path.exists():
        folder = next((f for f in path.resolve().parents if (f / MANIFEST).is_file()), None)
        if folder is None:
            raise CommandError(f"{ref} is not inside a pack (no {MANIFEST} above it)")
        extra.insert(0, folder)
    packset = load_packs(extra)
    candidates = []
    for pack in packset.packs.values():
        for scenario in pack.docs.scenarios:
            if path.exists() and scenario.source.file == path.resolve():
                candidates = [(pack, scenario)]
                break
            if scenario.id == ref or scenario.id.split(":", 1)[1] == ref:
                candidates.append((pack, scenario))
    if not candidates:
        suspects = _broken_packs_that_may_hold(ref, extra[:1] if path.exists() else [], packset)
        if suspects:
            raise CommandError(f"no scenario '{ref}' can be read: {_errors_of(suspects, packset)}", code=1)
        known = sorted(s.id for p in packset.packs.values() for s in p.docs.scenarios)
        raise CommandError(f"no scenario '{ref}' (known: {', '.join(known) or 'none'})")
    if len(candidates) > 1:
        raise CommandError(f"'{ref}' is ambiguous: {', '.join(s.id for _, s in candidates)}; use pack:id")
    pack, scenario = candidates[0]
    if not pack.usable:
        raise CommandError(_errors_of([pack], packset), code=1)
    return packset.content(pack.id), scenario


def _broken_packs_that_may_hold(ref: str, folders: list, packset) -> list:
    """Packs with errors in which a scenario that was not found may be: the pack named by 'pack:id' or holding the
    file, else every pack with errors (its scenario file may be the one that cannot be read)."""
    broken = [p for p in packset.all if not p.usable and not (p.problem or "").startswith("shadowed")]
    if folders:
        return [p for p in broken if p.location.folder == Path(folders[0]).resolve()]
    if ":" in ref:
        return [p for p in broken if p.id == ref.split(":", 1)[0]]
    return broken


def _errors_of(packs: list, packset) -> str:
    ids = {p.id for p in packs}
    issues = [i for i in packset.all_issues() if i.pack in ids and i.is_error]
    names = ", ".join(f"'{p.id}'" for p in packs)
    return f"pack {names} has errors; fix them first:\n{render_text(issues)}"
