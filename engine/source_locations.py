"""Where a JSON path sits in a YAML file (line and column), found lazily, to point an issue at its place in the file.

The fast path keeps no line numbers, so only files that have issues are parsed again, on the round-trip path,
whose nodes remember their line and column.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from .issues import Issue, JsonPath
from .yamlio import roundtrip_yaml


class LocationIndex:
    def __init__(self, text: str):
        from ruamel.yaml.error import YAMLError  # with the round-trip reader, only when an issue is to be placed

        try:
            self._root: Any = roundtrip_yaml().load(text)
        except (YAMLError, RecursionError):
            self._root = None

    def locate(self, path: JsonPath) -> tuple[int | None, int | None]:
        """1-based line and column of the value at path, or of the deepest existing parent."""
        node = self._root
        best: tuple[int | None, int | None] = (1, 1)
        for part in path:
            lc = getattr(node, "lc", None)
            if lc is None:
                break
            try:
                if isinstance(part, int):
                    line, col = lc.item(part)
                    node = node[part]
                else:
                    line, col = lc.value(part)
                    if not isinstance(node[part], (dict, list)):
                        # a scalar: point at its key, where a designer reads it
                        line, col = lc.key(part)
                    node = node[part]
            except (KeyError, IndexError, TypeError, AttributeError):
                break
            best = (line + 1, col + 1)
        return best


def locate_issues(issues: Iterable[Issue], texts: dict[Path, str]) -> list[Issue]:
    """Fill in line and column for issues that have a file and a JSON path but no line yet."""
    indexes: dict[Path, LocationIndex] = {}
    out = []
    for issue in issues:
        if issue.line is None and issue.file is not None and issue.file in texts:
            index = indexes.get(issue.file)
            if index is None:
                index = indexes[issue.file] = LocationIndex(texts[issue.file])
            line, column = index.locate(issue.path)
            issue = replace(issue, line=line, column=column)
        out.append(issue)
    return out
