"""The one list of problems every layer reports: YAML syntax, JSON Schema and semantic checks.

The CLI, the editor's issue panel, CI and the engine's loader all read the same Issue objects.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import field, replace
from enum import StrEnum
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

JsonPath = tuple[str | int, ...]


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Issue:
    severity: Severity
    code: str
    message: str
    file: Path | None = None
    path: JsonPath = ()
    line: int | None = None
    column: int | None = None
    hint: str | None = None
    pack: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def json_path(self) -> str:
        return format_path(self.path)

    def located(self, line: int | None, column: int | None) -> Issue:
        return replace(self, line=line, column=column)

    def location(self) -> str:
        if self.file is None:
            return "<tacforge>"
        text = str(self.file)
        if self.line is not None:
            text += f":{self.line}"
            if self.column is not None:
                text += f":{self.column}"
        return text

    def format(self) -> str:
        where = self.location()
        path = f" [{self.json_path}]" if self.path else ""
        text = f"{where}: {self.severity.value} {self.code}{path}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_json(self) -> dict:
        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "file": str(self.file) if self.file else None,
            "line": self.line,
            "column": self.column,
            "path": self.json_path,
            "hint": self.hint,
            "pack": self.pack,
        }


def error(code: str, message: str, **kw) -> Issue:
    return Issue(Severity.ERROR, code, message, **kw)


def warning(code: str, message: str, **kw) -> Issue:
    return Issue(Severity.WARNING, code, message, **kw)


def format_path(path: Sequence[str | int]) -> str:
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}"
    return out


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt key, id or alias, or None when nothing is close."""
    pool = {c.casefold(): c for c in candidates}
    matches = difflib.get_close_matches(word.casefold(), list(pool), n=3, cutoff=0.6)
    if not matches:
        return None
    return "did you mean " + " or ".join(repr(pool[m]) for m in matches) + "?"


def has_errors(issues: Iterable[Issue]) -> bool:
    return any(i.is_error for i in issues)


# Files that cannot be read (and tacforge's own failures) cause what else is reported: they are listed first.
ROOT_CAUSE_CODES = ("file.", "yaml.", "plugin.", "internal")


def sort_key(issue: Issue) -> tuple:
    """Root causes first, notes last, by place in between."""
    rank = 0 if issue.code.startswith(ROOT_CAUSE_CODES) else 2 if issue.severity is Severity.INFO else 1
    return (rank, str(issue.file or ""), issue.line or 0, issue.column or 0, issue.code)


def render_text(issues: Sequence[Issue]) -> str:
    lines = [i.format() for i in sorted(issues, key=sort_key)]
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    warnings = sum(1 for i in issues if i.severity is Severity.WARNING)
    lines.append(f"{errors} error(s), {warnings} warning(s)")
    return "\n".join(lines)


def render_json(issues: Sequence[Issue], **extra) -> str:
    body = {"issues": [i.to_json() for i in sorted(issues, key=sort_key)], **extra}
    return json.dumps(body, indent=2)


class CommandError(Exception):
    """A problem the user can fix (a wrong reference, a pack with errors); the CLI prints it without a traceback,
    exit code 2 (usage) or 1 (content). It lives here, at the bottom of the engine, so that the CLI can name it
    without importing the pack loader, and balance (below the CLI) can raise it too."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


@dataclass
class IssueList:
    """A collector that stamps the pack id on what it gathers."""

    pack: str | None = None
    items: list[Issue] = field(default_factory=list)

    def add(self, issue: Issue) -> None:
        if self.pack and issue.pack is None:
            issue = replace(issue, pack=self.pack)
        self.items.append(issue)

    def extend(self, issues: Iterable[Issue]) -> None:
        for i in issues:
            self.add(i)


NAME_MAX = 255  # the longest file or folder name the usual file systems (ext4, APFS, NTFS) take, in bytes


def long_name_problem(path: str | os.PathLike) -> str | None:
    """What is wrong with a path that has a file or folder name too long for any file system, which the operating
    system would refuse with 'File name too long' (a traceback wherever a path is first looked at); None if none."""
    for part in Path(path).parts:
        length = len(os.fsencode(part))
        if length > NAME_MAX:
            shown = part if len(part) <= 40 else f"{part[:20]}...{part[-12:]}"
            return (
                f"the name '{shown}' in {_short_path(path)} is {length} bytes long; a file or folder name can "
                f"be at most {NAME_MAX}"
            )
    return None


def _short_path(path: str | os.PathLike) -> str:
    text = os.fspath(path)
    return text if len(text) <= 80 else f"{text[:40]}...{text[-30:]}"
