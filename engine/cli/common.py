"""What several commands share: argument types and printing a clean error. Light on purpose: `tacforge --help` imports
every command module, so nothing here may import the loader (commands find scenarios with
engine.packs.scenario_lookup, imported when they run)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..issues import CommandError, long_name_problem

__all__ = ["CommandError", "MAX_TURNS", "fail", "path_problem", "positive_int", "seed", "turn_count", "writable_file"]

# The most turns a battle can have: the scenario schema's and the rulesets' own maximum of game_length.
MAX_TURNS = 255

# The arguments of any command that name files or folders (the scenario may be a file's path; an id so long is none)
PATH_ARGUMENTS = (
    "pack_path",
    "targets",
    "target",
    "archive",
    "scenario",
    "log",
    "save",
    "load",
    "replay",
    "output",
    "file",
)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of games or turns)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def turn_count(text: str) -> int:
    """An argparse type: a number of turns, 1 to MAX_TURNS."""
    value = positive_int(text)
    if value > MAX_TURNS:
        raise argparse.ArgumentTypeError(f"at most {MAX_TURNS} (the longest a battle can last), got {value}")
    return value


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number of at least 0 (Python's generator takes -1 as 1, which would
    record one seed and play another)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def path_problem(args) -> str | None:
    """A file or folder name too long for any file system in the arguments' paths, said before anything looks at
    them (the operating system's 'File name too long' would surface as a traceback)."""
    for name in PATH_ARGUMENTS:
        value = getattr(args, name, None)
        for one in value if isinstance(value, list) else [value]:
            if one is None:
                continue
            problem = long_name_problem(one)
            if problem is not None:
                option = (
                    "--pack-path"
                    if name == "pack_path"
                    else f"--{name}"
                    if name not in ("targets", "target", "archive", "scenario", "file")
                    else name
                )
                return f"{option}: {problem}"
    return None


def writable_file(text: str) -> Path:
    """An argparse type: a file to write later, checked now (its folder exists), not after a whole game."""
    problem = long_name_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"cannot write {problem}")
    path = Path(text)
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: the folder {path.parent} does not exist")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: it is a folder")
    return path


def fail(exc: CommandError) -> int:
    print(f"tacforge: {exc}", file=sys.stderr)
    return exc.code
