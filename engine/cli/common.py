"""What several commands share: argument types and printing a clean error. Light on purpose: `tacforge --help` imports
every command module, so nothing here may import the loader (commands find scenarios with
engine.packs.scenario_lookup, imported when they run)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..issues import CommandError

__all__ = ["CommandError", "fail", "positive_int", "writable_file"]


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
