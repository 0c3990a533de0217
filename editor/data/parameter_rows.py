"""The rules parameters as form rows (Qt-free): grouped as the dataclasses are, each with its meaning, unit, range
and manual section, its value here and the value of what it extends (the packs it requires, or for a scenario its
pack), and what typing a value means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model.parameters import (
    PARAMETER_FIELDS,
    ParameterInfo,
    RulesParameters,
    declared_type,
    iter_parameters,
    parameter_info,
)

PARAMETERS_KEY = "parameters"  # the mapping of overrides in rules.yaml and in a scenario


def group_title(group: str) -> str:
    return group.replace("_", " ").capitalize()


def range_text(info: ParameterInfo) -> str:
    low = "" if info.minimum is None else f"{'>' if info.exclusive_minimum else '≥'} {info.minimum:g}"
    high = "" if info.maximum is None else f"≤ {info.maximum:g}"
    return ", ".join(part for part in (low, high) if part) or "any"


@dataclass(frozen=True)
class ParameterRow:
    group: str
    key: str
    info: ParameterInfo
    value: Any  # what the rules read with this file
    base: Any  # what they read without it
    set_here: bool  # the file names this key
    base_name: str  # what the base is: "core", "pack western", "the manuals"

    @property
    def kind(self) -> str:
        return declared_type(self.key)

    @property
    def changed(self) -> bool:
        return self.set_here and self.value != self.base

    def tooltip(self) -> str:
        lines = [f"{self.key}: {self.info.describe()}", f"allowed: {range_text(self.info)}"]
        if self.changed:
            lines.append(f"changed here; {self.base_name} has {self.base!r}")
        elif self.set_here:
            lines.append(f"set here to the same value as {self.base_name}")
        return "\n".join(lines)


def parameter_rows(base: RulesParameters, overrides: Mapping[str, Any], base_name: str) -> list[ParameterRow]:
    """Every parameter in declaration order; `overrides` are the keys this file sets (unknown keys are the
    validator's to report and are left out)."""
    known = {k: v for k, v in overrides.items() if k in PARAMETER_FIELDS}
    current = base.overridden(known)
    return [
        ParameterRow(group, key, info, current.value(key), base.value(key), key in known, base_name)
        for group, key, _default, info in iter_parameters()
    ]


def parse_parameter(key: str, text: Any) -> Any:
    """The value to write for what was typed, or ValueError with the allowed range."""
    info = parameter_info(key)
    kind = declared_type(key)
    raw = str(text).strip()
    if kind == "str":
        if info.pattern and not re.fullmatch(info.pattern, raw):
            raise ValueError(f"{key} must match {info.pattern}")
        return raw
    try:
        value: int | float = int(raw) if kind == "int" else float(raw)
    except ValueError:
        raise ValueError(f"{key} must be {'a whole number' if kind == 'int' else 'a number'}, not '{raw}'") from None
    if info.minimum is not None and (value <= info.minimum if info.exclusive_minimum else value < info.minimum):
        raise ValueError(f"{key} must be {range_text(info)}")
    if info.maximum is not None and value > info.maximum:
        raise ValueError(f"{key} must be {range_text(info)}")
    return value


def form_values(document) -> tuple[RulesParameters, dict[str, Any], str]:
    """(base, overrides, name of the base) for a parameters form on `document`: a pack's rules file against the
    packs it requires (or the manuals' values), a scenario's overrides against its pack."""
    model, content = document.model, document.content
    if document.kind == "scenario":
        own = dict(model.scenario.parameters) if model is not None and model.scenario is not None else {}
        base = content.parameters if content is not None else RulesParameters()
        return base, own, f"pack {content.pack_id}" if content is not None else "the manuals"
    required = [ns for ns in (content.namespaces if content is not None else ()) if ns != content.pack_id]
    return model.inherited, dict(model.own), ", ".join(required) if required else "the manuals"
