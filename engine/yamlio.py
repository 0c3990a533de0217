"""Reading and writing YAML: the fast read path and the round-trip path (docs/architecture.md 3).

Fast path: libyaml's C parser through PyYAML's CSafeLoader, with YAML 1.2 scalar rules (as ruamel.yaml reads them)
and duplicate keys refused. We measured it at about 3x the speed of ruamel.yaml's C-backed safe loader on the
bundled packs, whose constructor runs in Python; tests check both paths read every shipped file identically.
Round-trip path: ruamel.yaml, which keeps comments, key order and quoting.

Only this module and the pack loader touch raw YAML data; everything past the loader works on frozen models.
Every failure becomes an Issue naming the file, line and column; nothing here lets a YAML exception escape.
"""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml as pyyaml

from tacforge.engine.cached_dataclass import dataclass

from .issues import Issue, error

if TYPE_CHECKING:
    from ruamel.yaml import YAML

# ruamel.yaml (the round-trip path) is imported by the functions that use it: the fast path, which is all that
# `tacforge validate` and `play` need for clean files, never does, and the import costs a start-up tens of ms.

MAX_FILE_BYTES = 8 * 1024 * 1024
# A document whose expanded size (aliases followed) exceeds this many nodes is an alias bomb.
MAX_EXPANDED_NODES = 2_000_000
# Collections nested deeper than this are refused before they are built. libyaml's composer recurses in C and
# overflows the stack (a segmentation fault, not an exception) at some 25,000 levels; our own recursive code
# (schema checks, error messages) needs a few hundred. Pack files nest about ten deep.
MAX_NESTING = 200


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


class _FastLoader(pyyaml.CSafeLoader if pyyaml.__with_libyaml__ else pyyaml.SafeLoader):  # type: ignore[misc]
    """Safe, C-parsed, YAML 1.2 core scalars (no yes/no booleans, no 0-prefixed octal, no 1:20 sexagesimals, no
    1_000 or 0b101 numbers, no timestamps)."""


class _DuplicateKey(pyyaml.MarkedYAMLError):
    pass


def _construct_mapping(loader, node, deep=False):
    loader.flatten_mapping(node)
    mapping = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            duplicate = key in mapping
        except TypeError:
            raise pyyaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark, "found an unhashable key", key_node.start_mark
            ) from None
        if duplicate:
            raise _DuplicateKey(problem=f'found duplicate key "{key}"', problem_mark=key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=deep)
    return mapping


def _construct_int(loader, node):
    text = loader.construct_scalar(node).replace("_", "")
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    if digits.startswith(("0o", "0x")):
        return sign * int(digits, 0)
    return sign * int(digits, 10)


def _install_yaml12_scalars(loader) -> None:
    # YAML 1.2 has no timestamps: an unquoted date stays text, as the YAML language server and check-jsonschema read
    # it; the schemas check its form ("format": "date") and the decoder makes it a date
    resolvers = {
        k: [
            r
            for r in v
            if r[0]
            not in (
                "tag:yaml.org,2002:bool",
                "tag:yaml.org,2002:int",
                "tag:yaml.org,2002:float",
                "tag:yaml.org,2002:timestamp",
            )
        ]
        for k, v in pyyaml.resolver.Resolver.yaml_implicit_resolvers.items()
    }
    loader.yaml_implicit_resolvers = resolvers
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789")
    )
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
        ),
        list("-+0123456789."),
    )
    loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)
    loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


_install_yaml12_scalars(_FastLoader)


def roundtrip_yaml() -> YAML:
    """The round-trip dumper/loader. Shipped files are written in the style this reproduces byte for byte."""
    from ruamel.yaml import YAML

    y = YAML()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    y.brace_single_entry_mapping_in_flow_sequence = True  # [{turn: 5}], as the files write it, not [turn: 5]
    y.representer.add_representer(type(None), _represent_null)
    y.constructor.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp_or_text)
    return y


def _construct_timestamp_or_text(constructor, node):
    # ruamel's round trip still reads YAML 1.1 timestamps; an impossible date such as 1944-02-30 would raise
    # ValueError from datetime and take the whole file down. Kept as text, the schema then reports it
    # ("format": "date").
    try:
        return constructor.construct_yaml_timestamp(node)
    except ValueError:
        return constructor.construct_scalar(node)


def _represent_null(representer, _data):
    # ruamel writes a block-context None as an empty value; designers write and read 'null'
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


def uses_c_loader() -> bool:
    return issubclass(_FastLoader, pyyaml.CSafeLoader) if pyyaml.__with_libyaml__ else False


_UNSAVED: ContextVar[dict[Path, str] | None] = ContextVar("tacforge_unsaved_texts", default=None)


@contextmanager
def unsaved(texts: dict[Path, str]):
    """Read these texts instead of the files on disk (the editor validates documents before they are saved)."""
    token = _UNSAVED.set({Path(k).resolve(): v for k, v in texts.items()})
    try:
        yield
    finally:
        _UNSAVED.reset(token)


def is_unsaved(path: Path) -> bool:
    """Whether read_text(path) gives an editor's unsaved text (inside `unsaved`) rather than the file's."""
    override = _UNSAVED.get()
    if not override:
        return False
    return Path(path).resolve() in override


def read_text(path: Path) -> str:
    override = _UNSAVED.get()
    if override:
        text = override.get(Path(path).resolve())
        if text is not None:
            return text
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise YamlFileError(error("file.unreadable", f"cannot read the file: {exc.strerror}", file=path)) from None
    if size > MAX_FILE_BYTES:
        raise YamlFileError(
            error(
                "file.too-large",
                f"the file is {size / 1e6:.1f} MB; pack files are limited to {MAX_FILE_BYTES / 1e6:.0f} MB",
                file=path,
                line=1,
                hint="split the content into several files, or check that this is the file you meant to put here",
            )
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise YamlFileError(error("file.unreadable", f"cannot read the file: {exc.strerror}", file=path)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlFileError(
            error(
                "file.encoding",
                "the file is not UTF-8 text",
                file=path,
                line=line,
                hint="save the file as UTF-8",
            )
        ) from None


def _mark(exc) -> tuple[int | None, int | None]:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is None:
        return None, None
    return mark.line + 1, mark.column + 1


def yaml_error_issue(exc: Exception, path: Path) -> Issue:
    """One issue for a YAML error of either library (fast path: PyYAML; round trip: ruamel.yaml)."""
    from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError

    line, column = _mark(exc)
    if isinstance(exc, (DuplicateKeyError, _DuplicateKey)):
        key = re.search(r'duplicate key "([^"]*)"', str(exc))
        name = key.group(1) if key else "?"
        return error(
            "yaml.duplicate-key",
            f"the key '{name}' appears twice in the same mapping",
            file=path,
            line=line,
            column=column,
            hint="remove or rename one of the two",
        )
    if (
        isinstance(exc, (ConstructorError, pyyaml.constructor.ConstructorError))
        and exc.problem
        and "tag" in exc.problem
    ):
        tag = re.search(r"tag '([^']*)'", exc.problem)
        return error(
            "yaml.unsafe-tag",
            f"the tag {tag.group(1) if tag else ''} is not allowed: pack files hold plain data only",
            file=path,
            line=line,
            column=column,
            hint="remove the '!!' tag and write the value as plain YAML",
        )
    problem = (getattr(exc, "problem", None) or str(exc)).strip()
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}" + (f" ({context})" if context else "")
    return error(
        "yaml.syntax",
        message,
        file=path,
        line=line,
        column=column,
        hint="check indentation, brackets and quotes around this line",
    )


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


_LEADING_INDENT = re.compile(r"^[ ?-]*", re.MULTILINE)
# Brackets, and the comments and quoted scalars in which brackets are text. A comment or quote starts only at a
# line start, after white space or after a flow indicator (the lookbehind); an unclosed quote runs to the end, so
# that no quote is scanned twice and the scan stays linear whatever the text.
_FLOW_TOKENS = re.compile(r"[\[\]{}]|(?<![^\s\[{,:])(?:#[^\n]*|'(?:[^']|'')*(?:'|\Z)|" + r'"(?:[^"\\]|\\.)*(?:"|\Z))')
# Files with more '[' and '{' than this are checked exactly whatever the bound says: far below the depth at which
# libyaml crashes, so no text reaches the C composer nested that deeply even if the bound were fooled.
MAX_UNCHECKED_OPENERS = 5000


def _flow_bound(text: str) -> int:
    """The deepest running count of '[' and '{' less the closing brackets outside comments and quoted scalars.

    Every opening bracket counts, quoted or not, and a closing bracket inside a region wrongly taken for a quote
    is not subtracted: a misreading only makes the bound larger.
    """
    depth = deepest = 0
    for match in _FLOW_TOKENS.finditer(text):
        token = match.group()
        if token in ("]", "}"):
            depth = max(depth - 1, 0)
        else:
            depth += 1 if token in ("[", "{") else token.count("[") + token.count("{")
            deepest = max(deepest, depth)
    return deepest


def _nesting_bound(text: str) -> int:
    """An upper bound of the nesting depth, found without parsing: flow collections (_flow_bound) inside block
    collections, which nest at most twice as deep as the widest run of indentation, '- ' and '? ' at the start of
    a line (a block sequence may sit at its parent mapping's indentation, so two levels share a column)."""
    block = 2 * max((len(m) for m in _LEADING_INDENT.findall(text)), default=0) + 2
    openers = text.count("[") + text.count("{")
    if openers + block <= MAX_NESTING:  # the cheap bound settles most files
        return openers + block
    return _flow_bound(text) + block


def _too_deep_line(text: str, path: Path) -> int | None:
    """The line where nesting first goes deeper than MAX_NESTING, or None; found from the parser's events, which
    libyaml produces without recursion (only composing them into nodes recurses)."""
    depth = 0
    try:
        for event in pyyaml.parse(text, Loader=_FastLoader):
            if isinstance(event, (pyyaml.SequenceStartEvent, pyyaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_NESTING:
                    return event.start_mark.line + 1
            elif isinstance(event, (pyyaml.SequenceEndEvent, pyyaml.MappingEndEvent)):
                depth -= 1
    except pyyaml.YAMLError as exc:
        raise YamlFileError(yaml_error_issue(exc, path)) from None
    return None


def check_nesting(text: str, path: Path) -> None:
    """Refuse a text that nests collections deeper than MAX_NESTING (YamlFileError), before anything builds it."""
    openers = text.count("[") + text.count("{")
    if openers <= MAX_UNCHECKED_OPENERS and _nesting_bound(text) <= MAX_NESTING:
        return
    line = _too_deep_line(text, path)
    if line is not None:
        raise YamlFileError(
            error(
                "yaml.too-deep",
                f"lists and mappings nest more than {MAX_NESTING} levels deep here",
                file=path,
                line=line,
                hint="check for unclosed or repeated '[' or '{'; pack files nest about ten deep",
            )
        )


def load_fast(path: Path) -> LoadedFile:
    """Read a file on the fast path (C-backed safe loader); raise YamlFileError with one issue on failure."""
    text = read_text(path)
    return LoadedFile(path, text, parse_fast(text, path))


def parse_fast(text: str, path: Path) -> Any:
    """The data of a file's text on the fast path (YamlFileError naming `path` if it cannot be read)."""
    check_nesting(text, path)
    try:
        data = pyyaml.load(text, Loader=_FastLoader)
    except pyyaml.YAMLError as exc:
        raise YamlFileError(yaml_error_issue(exc, path)) from None
    except RecursionError:
        raise YamlFileError(error("yaml.too-deep", "the YAML nests too deeply to read", file=path)) from None
    if "&" in text or "*" in text:
        if _expanded_size(data, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
            raise YamlFileError(
                error(
                    "yaml.alias-bomb",
                    f"anchors and aliases expand this file to more than {MAX_EXPANDED_NODES:,} values",
                    file=path,
                    line=_first_alias_line(text),
                    hint="write the values out instead of nesting aliases of aliases",
                )
            )
    return data


def load_roundtrip(path: Path) -> tuple[Any, str]:
    """Read a file on the round-trip path: comments, key order, quoting and unknown keys are kept."""
    text = read_text(path)
    return parse_roundtrip(text, path), text


def parse_roundtrip(text: str, path: Path) -> Any:
    """The round-trip data of a file's text (YamlFileError naming `path` if it cannot be read)."""
    from ruamel.yaml.error import YAMLError  # imported here: the command line's start-up never needs ruamel

    check_nesting(text, path)
    try:
        return roundtrip_yaml().load(text)
    except YAMLError as exc:
        raise YamlFileError(yaml_error_issue(exc, path)) from None
    except RecursionError:  # the pure-Python composer recurses a few frames per level
        raise YamlFileError(error("yaml.too-deep", "the YAML nests too deeply to read", file=path, line=1)) from None


def dump_roundtrip(data: Any) -> str:
    buffer = io.StringIO()
    roundtrip_yaml().dump(data, buffer)
    return buffer.getvalue()
