"""What several commands share: finding a scenario by id or file (engine.packs.scenario_lookup), and printing a
clean error."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# CommandError and find_scenario live with the packs, where balance.batch (below the CLI) finds scenarios too; the
# commands import them from here.
from ..packs.scenario_lookup import CommandError, find_pack_content, find_scenario

__all__ = ["CommandError", "fail", "find_pack_content", "find_scenario"]


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
