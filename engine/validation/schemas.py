"""JSON Schema validation of pack files against the bundled schemas, through a local registry (no network)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..caching import memoized
from ..issues import Issue, Severity, did_you_mean, error, warning
from ..resources import SCHEMA_DIR
from .schema_precheck import compile_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry, Resource

# jsonschema and referencing are imported only where a document is invalid (or the editor reads a schema through
# validator()): a clean pack is checked by schema_precheck alone and `tacforge validate` does not pay their import.

BASE_URI = "https://schemas.tacforge.invalid/"
KINDS = ("pack", "terrain", "rules", "weapons", "periods", "formations", "map", "scenario", "import_profile")
# the files tacforge writes about a battle (engine/sim/savegame.py, record.py), checked like pack files when read
RECORD_KINDS = ("save", "replay")


def schema_file(kind: str) -> Path:
    return SCHEMA_DIR / f"{kind}.schema.json"


def _refuse_retrieval(uri: str) -> Resource:
    from referencing.exceptions import NoSuchResource

    # referencing's exceptions are attrs classes made through its own decorator, whose fields mypy does not see
    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]


@memoized(maxsize=1)
def schema_documents() -> dict[str, Any]:
    """Every bundled schema's contents, by its URI."""
    return {
        BASE_URI + path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(SCHEMA_DIR.glob("*.schema.json"))
    }


@memoized(maxsize=1)
def registry() -> Registry:
    from referencing import Registry, Resource

    resources = [(uri, Resource.from_contents(contents)) for uri, contents in schema_documents().items()]
    # `retrieve` is the attrs alias of Registry's private field, which mypy does not see
    return Registry(retrieve=_refuse_retrieval).with_resources(resources)  # type: ignore[call-arg]


_ANNOTATIONS = {"$ref", "description", "title"}


def _inline_refs(node: Any, resolver, inlining: frozenset[int] = frozenset()) -> Any:
    """The schema with every plain $ref replaced by its target, looked up through the registry.

    A reference inside its own target (an AI plan's condition holds conditions) is left as a $ref, which jsonschema
    resolves as it validates; every other one is inlined, which halves validation time, most of which jsonschema
    otherwise spends resolving the same references for every weapon and square.
    """
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and set(node) <= _ANNOTATIONS:
            resolved = resolver.lookup(ref)
            where = id(resolved.contents)  # the registry hands out one object per definition
            if where in inlining:
                return node
            target = _inline_refs(resolved.contents, resolved.resolver, inlining | {where})
            if "description" in node and isinstance(target, dict):
                target = {**target, "description": node["description"]}
            return target
        return {k: (_inline_refs(v, resolver, inlining) if k != "$defs" else v) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(v, resolver, inlining) for v in node]
    return node


@memoized(maxsize=len(KINDS) + len(RECORD_KINDS))  # one a kind
def validator(kind: str) -> Draft202012Validator:
    """jsonschema's validator of a kind, whose errors make the issues (and whose schema the editor reads)."""
    from jsonschema import Draft202012Validator, FormatChecker

    uri = BASE_URI + f"{kind}.schema.json"
    resolver = registry().resolver(base_uri=uri)
    schema = _inline_refs(registry().contents(uri), resolver)
    schema = {**schema, "$id": uri}
    # of the formats only "date" is asserted, as check-jsonschema and the YAML language server do
    return Draft202012Validator(schema, registry=registry(), format_checker=FormatChecker(formats=("date",)))


def _name(error_: ValidationError) -> str:
    for part in reversed(error_.absolute_path):
        if isinstance(part, str):
            return f"'{part}'"
    return "this value"


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys to values",
    "null": "null",
}


def _describe(err: ValidationError) -> tuple[str, str, str | None, Severity]:
    """code, message, hint and severity for one schema error, in words a designer reads."""
    v, value, name = err.validator, err.instance, _name(err)
    if v == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in value if k not in err.schema.get("properties", {})] if isinstance(value, dict) else []
        key = extra[0] if extra else "?"
        hint = did_you_mean(str(key), allowed) if allowed else None
        if hint is None and allowed:
            hint = "known keys: " + ", ".join(allowed)
        return "schema.unknown-key", f"unknown key '{key}'", hint, Severity.ERROR
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "?"
        return "schema.required", f"the required key '{missing}' is missing", f"add '{missing}: ...'", Severity.ERROR
    if v == "type":
        expected = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        words = " or ".join(_TYPE_WORDS.get(t, str(t)) for t in expected)
        hint = _yaml11_hint(value, expected)
        return "schema.type", f"{name} must be {words}, not {_short(value)}", hint, Severity.ERROR
    if v in ("minimum", "exclusiveMinimum"):
        bound = "at least" if v == "minimum" else "more than"
        return (
            "schema.minimum",
            f"{name} must be {bound} {err.validator_value}, not {_short(value)}",
            None,
            Severity.ERROR,
        )
    if v in ("maximum", "exclusiveMaximum"):
        bound = "at most" if v == "maximum" else "less than"
        return (
            "schema.maximum",
            f"{name} must be {bound} {err.validator_value}, not {_short(value)}",
            None,
            Severity.ERROR,
        )
    if v == "enum":
        options = [str(o) for o in err.validator_value]
        hint = did_you_mean(str(value), options) or "one of: " + ", ".join(options)
        return "schema.enum", f"{name} cannot be {_short(value)}", hint, Severity.ERROR
    if v == "const":
        return "schema.enum", f"{name} must be {_short(err.validator_value)}, not {_short(value)}", None, Severity.ERROR
    if v == "format":
        return (
            "schema.date",
            f"{name} is not a calendar date: {_short(value)}",
            'write dates as "YYYY-MM-DD"',
            Severity.ERROR,
        )
    if v == "pattern":
        return (
            "schema.pattern",
            f"{name} has the wrong form: {_short(value)}",
            _pattern_hint(err.validator_value),
            Severity.ERROR,
        )
    if v in ("minItems", "maxItems", "minLength", "maxLength"):
        return "schema.size", f"{name}: {err.message}", None, Severity.ERROR
    if v == "not":
        keys = _required_keys(err.validator_value)
        present = [k for k in keys if isinstance(value, dict) and k in value]
        if present:
            # the `not` block's own description says why, where it has one (the weapons schema's has none)
            own = err.validator_value.get("description") if isinstance(err.validator_value, dict) else None
            return (
                "schema.forbidden-key",
                f"{', '.join(present)} do(es) not belong here",
                own
                or "armoured classes take mg/fa/ba, non-armoured classes take df, SIWs and off-map artillery "
                "take neither",
                Severity.ERROR,
            )
    if v == "oneOf" and not err.context and isinstance(value, dict):
        # valid under more than one branch: where each branch requires its own key (an AI plan's order or
        # condition), more than one of those keys was given
        keys = [k for branch in err.validator_value for k in _required_keys(branch)]
        present = [k for k in keys if k in value]
        if len(present) > 1:
            return (
                "schema.invalid",
                f"{', '.join(present)} cannot go together here",
                "give one of: " + ", ".join(keys),
                Severity.ERROR,
            )
    if v in ("oneOf", "anyOf") and err.context:
        deepest = max(err.context, key=lambda e: len(e.absolute_path))
        code, message, hint, sev = _describe(deepest)
        return code, message, hint, sev
    return "schema.invalid", f"{name}: {err.message}", None, Severity.ERROR


def _required_keys(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        keys = list(schema.get("required", []))
        for sub in schema.get("anyOf", []):
            keys += _required_keys(sub)
        return keys
    return []


# numbers YAML 1.1 (and ruamel.yaml) reads but YAML 1.2 core does not: 1_000, 0b101, +0x10, -0o7, 1:20 (sexagesimal)
_YAML11_NUMBER = re.compile(
    r"^(?:[-+]?[0-9][0-9_]*_[0-9_]*|[-+]?0b[01_]+|[-+]0x[0-9a-fA-F_]+|[-+]0o[0-7_]+"
    r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+)$"
)
_YAML11_BOOLEAN = {"yes", "no", "on", "off", "y", "n"}


def _yaml11_hint(value: Any, expected: list[str]) -> str | None:
    """Text that YAML 1.1 (and some tools) would read as a number or a boolean: how to write it so that tacforge,
    the YAML language server and check-jsonschema read the same value."""
    if not isinstance(value, str):
        return None
    if "boolean" in expected and value.strip().lower() in _YAML11_BOOLEAN:
        return "YAML 1.2 reads yes/no/on/off as text: write true or false"
    if ("integer" in expected or "number" in expected) and _YAML11_NUMBER.match(value.strip()):
        return "YAML 1.2 reads this as text: write the number in plain decimal digits, e.g. 1000"
    return None


def _pattern_hint(pattern: str) -> str | None:
    if "a-z0-9" in pattern:
        return "ids use lower-case letters, digits, '_' and '-', and start with a letter or digit"
    if pattern == "^[A-Z]+$":
        return "write one or more capital letters, e.g. ABCDEFGHIJKLMNOPQRSTU"
    if "0-9]{4}" in pattern:
        return 'write dates as "YYYY-MM-DD"'
    return f"it must match {pattern}"


def _non_finite(node: Any, path: tuple = ()):
    """(path, value) of every .inf or .nan: YAML has them, JSON Schema's numbers admit them, no rule can use them."""
    if isinstance(node, float) and not math.isfinite(node):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _non_finite(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _non_finite(value, path + (i,))


def _yaml_word(value: float) -> str:
    return ".nan" if math.isnan(value) else ".inf" if value > 0 else "-.inf"


@memoized(maxsize=len(KINDS) + len(RECORD_KINDS))  # one a kind
def precheck(kind: str) -> Callable[[Any], bool]:
    """The compiled check of a kind: True only of valid data (schema_precheck)."""
    return compile_check(BASE_URI + f"{kind}.schema.json", schema_documents())


def validate(kind: str, data: Any, file: Path | None) -> list[Issue]:
    """Schema issues for one document of a kind (docs/architecture.md 4, second layer)."""
    out: list[Issue] = []
    non_finite = dict(_non_finite(data))
    # a document with .inf or .nan goes to jsonschema, which takes them as numbers (jsonschema-rs does not)
    if not non_finite and precheck(kind)(data):
        return out
    for path, value in non_finite.items():
        name = next((f"'{p}'" for p in reversed(path) if isinstance(p, str)), "this value")
        out.append(
            error(
                "schema.not-finite",
                f"{name} must be a finite number, not {_yaml_word(value)}",
                file=file,
                path=path,
                hint="write a number such as 4 or 0.5",
            )
        )
    for err in validator(kind).iter_errors(data):
        if tuple(err.absolute_path) in non_finite:
            continue  # reported above, in words; a range check of .nan would pass and of .inf would mislead
        code, message, hint, severity = _describe(err)
        path = tuple(err.absolute_path)
        make = error if severity is Severity.ERROR else warning
        out.append(make(code, message, file=file, path=path, hint=hint))
    return out
