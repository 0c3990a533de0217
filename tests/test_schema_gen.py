"""The schemas generated from the typed model (engine/validation/schema_gen.py) are committed as generated, and say
what the dataclasses say."""

import dataclasses
import json

import pytest
from conftest import REPO

from tacforge.engine.model import RulesetFlags, UnitClass
from tacforge.engine.model.parameters import RulesParameters, iter_parameters
from tacforge.engine.validation import schema_gen, schemas
from tacforge.engine.yamlio import load_fast


@pytest.mark.parametrize("name", sorted(schema_gen.generated()))
def test_committed_schema_is_what_make_schemas_writes(name):
    committed = (REPO / "schemas" / name).read_text(encoding="utf-8")
    assert committed == schema_gen.generated()[name], f"schemas/{name} is out of date: run `make schemas`"


def test_make_schemas_writes_only_what_changed(tmp_path):
    assert schema_gen.write(tmp_path) == sorted(schema_gen.generated())
    assert schema_gen.write(tmp_path) == []
    (tmp_path / schema_gen.MODEL_FILE).write_text("{}\n", encoding="utf-8")
    assert schema_gen.write(tmp_path) == [schema_gen.MODEL_FILE]


def test_a_changed_field_changes_the_schema(monkeypatch):
    before = schema_gen.generated()[schema_gen.MODEL_FILE]
    changed = [(g, k, 3 if k == "stacking_limit" else d, i) for g, k, d, i in iter_parameters()]
    monkeypatch.setattr(schema_gen, "iter_parameters", lambda: iter(changed))
    after = schema_gen.generated()[schema_gen.MODEL_FILE]
    assert [a for a, b in zip(after.splitlines(), before.splitlines(), strict=True) if a != b] == [
        '        "stacking_limit": {"description": "A unit may not enter a square holding this many friendly units '
        '(units; docs/rules.md 6.11).", "type": "integer", "minimum": 1, "maximum": 100, "default": 3},'
    ]


def test_generated_parameters_state_each_field():
    generated = schema_gen.model_schema()["$defs"]
    properties = generated["parameters"]["properties"]
    assert list(properties) == list(RulesParameters().flat())
    assert properties["accuracy_divisor"] == {
        "description": "The squared accuracy term is divided by this (divisor; docs/rules.md 6.4).",
        "type": "integer",
        "exclusiveMinimum": 0,
        "maximum": 100000,
        "default": 100,
    }
    assert properties["apf_first_halving_ratio"]["type"] == "number"
    assert properties["formation_letters"]["pattern"] == "^[A-Z]+$"
    assert properties["handicap_strong_reduction"]["maximum"] == 1
    flags = generated["flags"]
    assert flags["required"] == list(flags["properties"]) == list(RulesetFlags.__dataclass_fields__)
    assert flags["properties"]["los_operator"]["enum"] == [">=", ">"]
    assert flags["properties"]["small_arms_bonus"]["oneOf"][0] == {"type": "null"}


def test_a_unit_class_record_is_the_dataclass_key_for_key():
    """Every field but the id (the entry's key) is a key; those without a default are required; the loader builds
    a UnitClass from the record as it stands (engine/packs/decode.py)."""
    record = schema_gen.model_schema()["$defs"]["unit_class"]
    specs = [f for f in dataclasses.fields(UnitClass) if f.name != "id"]
    assert list(record["properties"]) == [f.name for f in specs]
    assert record["required"] == [f.name for f in specs if f.default is dataclasses.MISSING]
    assert record["required"] == [
        "name",
        "armoured",
        "vehicle",
        "mobility",
        "fire_on_selection",
        "kill_vp",
        "objective_vp",
        "report",
    ]
    assert (
        record["properties"]["kills_armour"]["type"] == "boolean"
        and UnitClass.__dataclass_fields__["kills_armour"].default is True
    )


def test_render_is_json_and_stable():
    node = {"a": [1, 2], "b": {"c": {"d": None}}, "e": "é"}
    text = schema_gen.render(node)
    assert json.loads(text) == node
    assert text == '{\n  "a": [1, 2],\n  "b": {\n    "c": {"d": null}\n  },\n  "e": "é"\n}'


def test_the_shipped_rules_validate_against_the_generated_definitions():
    rules = REPO / "content" / "rules.yaml"
    assert schemas.validate("rules", load_fast(rules).data, rules) == []
    bad = {"parameters": {"stacking_limit": 0}}
    assert [i.code for i in schemas.validate("rules", bad, rules)] == ["schema.minimum"]
