"""Reading and writing YAML: the fast read path, the round-trip path and atomic writes (design.md 3).

Only this module and the pack loader touch raw YAML data; everything past the loader works on frozen models.
Every failure becomes an Issue naming the file, line and column; nothing here lets a YAML exception escape.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from .issues import Issue, error

MAX_FILE_BYTES = 8 * 1024 * 1024
# A document whose expanded size (aliases followed) exceeds this many nodes is an alias bomb.
MAX_EXPANDED_NODES = 2_000_000


class YamlFileError(Exception):
    """A file that could not be read; carries the issue that says why."""

    def __init__(self, issue: Issue):
        super().__init__(issue.message)
        self.issue = issue


@dataclass(frozen=True)
class LoadedFile:
    path: Path
    text: str
    data: Any


def _fast_yaml() -> YAML:
    y = YAML(typ="safe", pure=False)
    y.allow_duplicate_keys = False
    return y


def roundtrip_yaml() -> YAML:
    """The round-trip dumper/loader. Shipped files are written in the style this reproduces byte for byte."""
    y = YAML()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    y.representer.add_representer(type(None), _represent_null)
    return y


def _represent_null(representer, _data):
    # ruamel writes a block-context None as an empty value; designers write and read 'null'
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


@lru_cache(maxsize=1)
def uses_c_loader() -> bool:
    try:
        from ruamel.yaml.main import CParser  # noqa: F401
    except ImportError:
        return False
    return _fast_yaml().Parser is CParser


def read_text(path: Path) -> str:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise YamlFileError(error("file.unreadable", f"cannot read the file: {exc.strerror}", file=path)) from None
    if size > MAX_FILE_BYTES:
        raise YamlFileError(error(
            "file.too-large",
            f"the file is {size / 1e6:.1f} MB; pack files are limited to {MAX_FILE_BYTES / 1e6:.0f} MB",
            file=path, line=1,
            hint="split the content into several files, or check that this is the file you meant to put here",
        ))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise YamlFileError(error("file.unreadable", f"cannot read the file: {exc.strerror}", file=path)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlFileError(error(
            "file.encoding", "the file is not UTF-8 text", file=path, line=line,
            hint="save the file as UTF-8",
        )) from None


def _mark(exc: MarkedYAMLError) -> tuple[int | None, int | None]:
    mark = exc.problem_mark or exc.context_mark
    if mark is None:
        return None, None
    return mark.line + 1, mark.column + 1


def yaml_error_issue(exc: YAMLError, path: Path) -> Issue:
    line, column = _mark(exc) if isinstance(exc, MarkedYAMLError) else (None, None)
    if isinstance(exc, DuplicateKeyError):
        key = re.search(r'duplicate key "([^"]*)"', str(exc))
        name = key.group(1) if key else "?"
        return error("yaml.duplicate-key", f"the key '{name}' appears twice in the same mapping",
                     file=path, line=line, column=column, hint="remove or rename one of the two")
    if isinstance(exc, ConstructorError) and exc.problem and "tag" in exc.problem:
        tag = re.search(r"tag '([^']*)'", exc.problem)
        return error("yaml.unsafe-tag",
                     f"the tag {tag.group(1) if tag else ''} is not allowed: pack files hold plain data only",
                     file=path, line=line, column=column, hint="remove the '!!' tag and write the value as plain YAML")
    problem = (getattr(exc, "problem", None) or str(exc)).strip()
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}" + (f" ({context})" if context else "")
    return error("yaml.syntax", message, file=path, line=line, column=column,
                 hint="check indentation, brackets and quotes around this line")


def _expanded_size(data: Any, limit: int) -> int:
    """Node count with aliases expanded, computed without expanding (memoised on shared objects)."""
    memo: dict[int, int] = {}

    def size(node: Any) -> int:
        if isinstance(node, dict):
            key = id(node)
            if key in memo:
                return memo[key]
            memo[key] = 1
            total = 1 + sum(size(v) for v in node.values()) + len(node)
        elif isinstance(node, list):
            key = id(node)
            if key in memo:
                return memo[key]
            memo[key] = 1
            total = 1 + sum(size(v) for v in node)
        else:
            return 1
        memo[key] = min(total, limit + 1)
        return memo[key]

    return size(data)


_ALIAS = re.compile(r"(?:^|[\s\[{,:-])[*&][A-Za-z0-9_-]+")


def _first_alias_line(text: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.lstrip().startswith("#") and _ALIAS.search(line):
            return number
    return None


def load_fast(path: Path) -> LoadedFile:
    """Read a file on the fast path (C-backed safe loader); raise YamlFileError with one issue on failure."""
    text = read_text(path)
    try:
        data = _fast_yaml().load(text)
    except YAMLError as exc:
        raise YamlFileError(yaml_error_issue(exc, path)) from None
    except RecursionError:
        raise YamlFileError(error("yaml.too-deep", "the YAML nests too deeply to read", file=path)) from None
    if "&" in text or "*" in text:
        if _expanded_size(data, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
            raise YamlFileError(error(
                "yaml.alias-bomb",
                f"anchors and aliases expand this file to more than {MAX_EXPANDED_NODES:,} values",
                file=path, line=_first_alias_line(text),
                hint="write the values out instead of nesting aliases of aliases",
            ))
    return LoadedFile(path, text, data)


def load_roundtrip(path: Path) -> tuple[Any, str]:
    """Read a file on the round-trip path: comments, key order, quoting and unknown keys are kept."""
    text = read_text(path)
    try:
        return roundtrip_yaml().load(text), text
    except YAMLError as exc:
        raise YamlFileError(yaml_error_issue(exc, path)) from None


def dump_roundtrip(data: Any) -> str:
    buffer = io.StringIO()
    roundtrip_yaml().dump(data, buffer)
    return buffer.getvalue()


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, flush, fsync, rename: never a half-written file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
