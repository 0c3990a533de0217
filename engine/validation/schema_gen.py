"""The schemas that are generated from the typed model, and the one way they are written (`make schemas`).

Which is the source, for each kind (docs/architecture.md):
- the rules parameters, the ruleset switches and the unit classes: the dataclasses are the source
  (engine/model/parameters.py; RulesetFlags and UnitClass in engine/model/rules.py), with each field's type,
  default and metadata (unit, range, meaning, section; or the JSON schema of a record's value). Their YAML is the
  dataclass, key for key, so schemas/model.schema.json is generated from them and rules.yaml and scenarios refer to
  its definitions;
- every document kind (pack, terrain, rules, weapons, periods, formations, map, scenario) and defs.schema.json: the
  schema is the source. Their YAML is shaped for the designer (`nationality: [..]`, `command_hq: {name, symbol}`,
  conditional requirements by class) and the typed model for the engine (`nationalities`, `command_hq_name`), and
  engine/packs/decode.py maps the one onto the other: neither can be derived from the other without losing what
  each is for, so these schemas are written by hand and the model follows decode.

Run `python -m tacforge.engine.validation.schema_gen SCHEMA_DIR` to write the generated files; tests/test_schema_gen.py
fails when a committed one differs from what this module would write.
"""

from __future__ import annotations

import json
import sys
from dataclasses import MISSING, Field, fields
from pathlib import Path
from typing import Any

from ..model.modules import MODULES
from ..model.parameters import METADATA_KEY, ParameterInfo, declared_type, iter_parameters
from ..model.rules import SCHEMA_KEY, RulesetFlags, SmallArmsBonus, UnitClass

MODEL_FILE = "model.schema.json"
JSON_TYPES = {"int": "integer", "float": "number", "str": "string", "bool": "boolean"}
NESTED = {"SmallArmsBonus | None": SmallArmsBonus}  # a switch whose value is a record, or null for none


def _bounds(info: ParameterInfo) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if info.minimum is not None:
        out["exclusiveMinimum" if info.exclusive_minimum else "minimum"] = info.minimum
    if info.maximum is not None:
        out["maximum"] = info.maximum
    if info.pattern is not None:
        out["pattern"] = info.pattern
    return out


def _parameter(key: str, default: Any, info: ParameterInfo) -> dict[str, Any]:
    return {"description": info.describe(), "type": JSON_TYPES[declared_type(key)], **_bounds(info), "default": default}


def _record(cls: type) -> dict[str, Any]:
    """The schema of a YAML record: a key for each field that states its schema, required where it has no default
    (a field without one, such as a unit class's id, is not a key of the record)."""
    specs = [f for f in fields(cls) if SCHEMA_KEY in f.metadata]
    return {
        "type": "object",
        "required": [f.name for f in specs if f.default is MISSING],
        "additionalProperties": False,
        "properties": {f.name: dict(f.metadata[SCHEMA_KEY]) for f in specs},
    }


def _flag(spec: Field) -> dict[str, Any]:
    info: ParameterInfo = spec.metadata[METADATA_KEY]
    declared = spec.type if isinstance(spec.type, str) else spec.type.__name__
    if declared in NESTED:
        value: dict[str, Any] = {"oneOf": [{"type": "null"}, _record(NESTED[declared])]}
    elif info.choices:
        value = {"enum": list(info.choices)}
    else:
        value = {"type": JSON_TYPES[declared]}
    return {"description": info.describe(), **value, **_bounds(info)}


def model_schema() -> dict[str, Any]:
    """schemas/model.schema.json: the rules parameters, the ruleset switches and the unit classes, from their
    dataclasses."""
    flags = fields(RulesetFlags)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": "Generated from engine/model/parameters.py and engine/model/rules.py by `make schemas`: "
        "edit those, not this file.",
        "title": "tacforge definitions from the typed model: rules parameters, ruleset switches, unit classes, modules",
        "$defs": {
            "parameters": {
                "description": "Every rules parameter. A pack sets any of them over the packs it requires; a "
                "scenario may override any of them.",
                "type": "object",
                "additionalProperties": False,
                "properties": {key: _parameter(key, default, info) for _, key, default, info in iter_parameters()},
            },
            "flags": {
                "type": "object",
                "additionalProperties": False,
                "required": [f.name for f in flags],
                "properties": {f.name: _flag(f) for f in flags},
            },
            "unit_class": _record(UnitClass),
            "module": {
                "description": "An optional ruleset module (engine/model/modules.py): "
                + "; ".join(f"{name}: {text}" for name, text in MODULES.items()),
                "enum": list(MODULES),
            },
        },
    }


def render(node: Any, indent: int = 0) -> str:
    """JSON text in one stable form: a mapping or list of plain values on one line, anything deeper spread out with
    two spaces an indentation step (a schema stays readable and a change shows as a one-line diff)."""
    if not isinstance(node, (dict, list)) or not any(isinstance(v, (dict, list)) for v in _values(node)):
        return json.dumps(node, ensure_ascii=False)
    inner = " " * (indent + 2)
    if isinstance(node, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {render(v, indent + 2)}" for k, v in node.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(inner + render(v, indent + 2) for v in node) + "\n" + " " * indent + "]"


def _values(node: dict | list) -> list:
    return list(node.values()) if isinstance(node, dict) else list(node)


def generated() -> dict[str, str]:
    """Every generated schema file's text, by file name."""
    return {MODEL_FILE: render(model_schema()) + "\n"}


def write(folder: Path) -> list[str]:
    """Write the generated schemas into `folder`; the names of those whose text changed."""
    changed = []
    for name, text in generated().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(name)
    return changed


if __name__ == "__main__":
    target = Path(sys.argv[1])
    written = write(target)
    print(f"{target}: {', '.join(written)} written" if written else f"{target}: generated schemas up to date")
