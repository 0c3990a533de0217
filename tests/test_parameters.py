"""Typed rules parameters (issue 12): the dataclasses state every parameter (the schema is generated from them), the
shipped packs load typed, a scenario's overrides change its battle, `tacforge rules show` names each value's source,
and every bad value is a clear error with file and line."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from conftest import REPO, load_with, write_pack

from tacforge.engine.cli import main
from tacforge.engine.model.parameters import PARAMETER_FIELDS, RulesParameters, declared_type, iter_parameters
from tacforge.engine.sim import events as ev
from tacforge.engine.sim.battle import Battle
from tacforge.engine.source_locations import locate_issues

FIXTURES = REPO / "tests" / "data" / "fixtures" / "western-fixtures"
BROKEN = REPO / "tests" / "data" / "broken"


# -- the dataclasses are the source of the schema (tests/test_schema_gen.py keeps the written file up to date) -------
def test_every_number_has_a_lower_bound_and_every_divisor_excludes_zero():
    for _, key, _, info in iter_parameters():
        if declared_type(key) != "str":
            assert info.minimum is not None, key
        if "divisor" in key:
            assert info.exclusive_minimum and info.minimum == 0, key
        assert info.unit and info.meaning and info.section, key


def test_rules_and_scenarios_use_the_generated_definitions():
    rules = json.loads((REPO / "schemas" / "rules.schema.json").read_text(encoding="utf-8"))
    scenario = json.loads((REPO / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert rules["properties"]["parameters"]["$ref"] == "model.schema.json#/$defs/parameters"
    assert rules["$defs"]["ruleset"]["properties"]["flags"]["$ref"] == "model.schema.json#/$defs/flags"
    assert scenario["properties"]["parameters"]["$ref"] == "model.schema.json#/$defs/parameters"
    assert rules["properties"]["unit_classes"]["additionalProperties"]["$ref"] == "model.schema.json#/$defs/unit_class"
    assert not {"parameters", "flags", "unit_class"} & set(rules["$defs"])


# -- typed loading ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pack", ["core", "western", "eastern"])
def test_shipped_parameters_load_typed_and_in_range(bundled, pack):
    params = bundled.content(pack).parameters
    assert isinstance(params, RulesParameters)
    assert params.time_space.pulses_per_turn == 4 and params.units.formation_letters == "ABCDEFGHIJKLMNOPQRSTU"
    for _, key, _, info in iter_parameters():
        value, declared = params.value(key), declared_type(key)
        allowed = {"int": (int,), "float": (int, float), "str": (str,)}[declared]
        assert isinstance(value, allowed) and not isinstance(value, bool), key
        if declared != "str":
            assert math.isfinite(value), key
            assert value > info.minimum if info.exclusive_minimum else value >= info.minimum, key
            assert info.maximum is None or value <= info.maximum, key


def test_core_sets_every_parameter(bundled):
    origins = bundled.content("western").parameter_origins
    assert set(origins) == set(PARAMETER_FIELDS) and set(origins.values()) == {"core"}


def test_overrides_are_typed():
    params = RulesParameters.from_values({"pulses_per_turn": 2.0, "apf_cap_ratio": 3})
    assert params.time_space.pulses_per_turn == 2 and type(params.time_space.pulses_per_turn) is int
    assert params.direct_fire.apf_cap_ratio == 3 and params.spotting == RulesParameters().spotting


# -- scenario overrides -----------------------------------------------------------------------------------------------
def _override_pack(tmp_path: Path, scenario_parameters: str, rules: str | None = None) -> Path:
    """A pack with the fixture German Pursuit scenario, its `parameters` set as given, and optionally rules.yaml."""
    scenario = (FIXTURES / "scenarios" / "german_pursuit.yaml").read_text(encoding="utf-8")
    scenario = scenario.replace("briefing: |", f"parameters:\n{scenario_parameters}briefing: |")
    files = {"scenarios/german_pursuit.yaml": scenario}
    if rules is not None:
        files["rules.yaml"] = rules
    folder = write_pack(
        tmp_path,
        "overrides",
        requires={"core": ">=1.0", "western": ">=1.0"},
        ruleset="western:battlegroup",
        files=files,
    )
    (folder / "maps").mkdir()
    shutil.copy(FIXTURES / "maps" / "german_pursuit.yaml", folder / "maps" / "german_pursuit.yaml")
    return folder


def _pulses_of_first_turn(content, scenario) -> list[int]:
    battle = Battle(content, scenario, seed=1)
    battle.combat_phase()
    return [e.pulse for e in battle.events if isinstance(e, ev.PulseStarted)]


def test_a_scenario_override_changes_the_battle(tmp_path):
    packset = load_with(_override_pack(tmp_path, "  pulses_per_turn: 2\n"))
    assert not [i for i in packset.packs["overrides"].issues.items if i.is_error]
    content = packset.content("overrides")
    scenario = content.scenario("german_pursuit")
    assert dict(scenario.parameters) == {"pulses_per_turn": 2}
    assert content.parameters.time_space.pulses_per_turn == 4  # the pack's own value is untouched
    assert _pulses_of_first_turn(content, scenario) == [1, 2]
    plain = load_with(FIXTURES)
    fixture = plain.content("western_fixtures")
    assert _pulses_of_first_turn(fixture, fixture.scenario("german_pursuit")) == [1, 2, 3, 4]


def test_rules_show_names_the_source_of_each_value(tmp_path, capsys):
    folder = _override_pack(tmp_path, "  pulses_per_turn: 2\n", rules="parameters:\n  stacking_limit: 3\n")
    status = main(["--pack-path", str(folder), "rules", "show", "overrides:german_pursuit", "--format", "json"])
    assert status == 0
    rows = {r["key"]: r for r in json.loads(capsys.readouterr().out)["parameters"]}
    assert (rows["pulses_per_turn"]["value"], rows["pulses_per_turn"]["source"]) == (2, "scenario")
    assert (rows["stacking_limit"]["value"], rows["stacking_limit"]["source"]) == (3, "overrides")
    assert (rows["kill_divisor_soft"]["value"], rows["kill_divisor_soft"]["source"]) == (1000, "core")
    assert rows["pulses_per_turn"]["unit"] == "pulses" and rows["pulses_per_turn"]["section"] == "6.1"


def test_rules_show_lists_the_ruleset_switches(capsys):
    assert main(["rules", "show", "--pack", "eastern", "--format", "json"]) == 0
    flags = {r["key"]: r for r in json.loads(capsys.readouterr().out)["flags"]}
    assert (flags["panic_rules"]["value"], flags["panic_rules"]["source"]) == (False, "eastern:kampfgruppe")
    assert flags["small_arms_bonus"]["value"] == {
        "nationality": "german",
        "classes": ["smg", "rifle"],
        "multiplier": 1.5,
    }


def test_rules_show_text_for_a_pack(capsys):
    assert main(["rules", "show", "--pack", "western"]) == 0
    out = capsys.readouterr().out
    line = next(row for row in out.splitlines() if row.strip().startswith("pulses_per_turn "))
    assert line.split()[:3] == ["pulses_per_turn", "4", "core"] and "(pulses; 6.1)" in line


def test_rules_show_needs_a_subject(capsys):
    assert main(["rules", "show"]) == 2
    assert main(["rules", "show", "--pack", "wester"]) == 2
    assert "did you mean 'western'" in capsys.readouterr().err


# -- bad values: every case of tests/data/broken/params-* gives its code, with file and line --------------------------
def _cases() -> list[Path]:
    return sorted(BROKEN.glob("params-*"))


def test_there_are_parameter_cases():
    assert len(_cases()) >= 8


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_a_bad_parameter_is_a_located_error(case):
    expected = [c.strip() for c in (case / "expected.txt").read_text().splitlines() if c.strip()]
    packset = load_with(case)
    pack = packset.packs["params_case"]
    issues = locate_issues(pack.issues.items, packset.texts())
    for code in expected:
        hits = [i for i in issues if i.code == code and i.is_error]
        assert hits, (code, [i.format() for i in issues])
        assert all(i.file is not None and i.line is not None for i in hits)
    assert not pack.usable


def test_a_typo_gets_a_hint():
    packset = load_with(BROKEN / "params-unknown-key")
    issue = next(i for i in packset.packs["params_case"].issues.items if i.code == "schema.unknown-key")
    assert "pulses_per_trun" in issue.message and issue.hint == "did you mean 'pulses_per_turn'?"


@pytest.mark.parametrize("word, shown", [(".inf", ".inf"), ("-.inf", "-.inf"), (".nan", ".nan"), (".NaN", ".nan")])
def test_non_finite_numbers_are_named_as_written(tmp_path, word, shown):
    folder = write_pack(tmp_path, "nonfinite", files={"rules.yaml": f"parameters:\n  visibility_max: {word}\n"})
    issues = load_with(folder).packs["nonfinite"].issues.items
    assert [i.message for i in issues if i.is_error] == [f"'visibility_max' must be a finite number, not {shown}"]


def test_a_bad_value_falls_back_and_never_crashes_play(tmp_path, capsys):
    """The pack with the error is refused by play with its errors listed; the value it tried to set is not used."""
    folder = _override_pack(tmp_path, "  pulses_per_turn: 2\n", rules="parameters:\n  visibility_max: .inf\n")
    packset = load_with(folder)
    assert packset.content("overrides").parameters.spotting.visibility_max == 20
    status = main(["--pack-path", str(folder), "play", "overrides:german_pursuit", "--turns", "1"])
    err = capsys.readouterr().err
    assert status == 1 and "schema.not-finite" in err and "Traceback" not in err


def test_every_number_parameter_has_a_maximum():
    """A parameter without an upper bound lets a pack validate that never ends a game (pulses_per_turn: 1000000,
    issue 24): every numeric parameter states its maximum, and its default lies within it."""
    from tacforge.engine.model.parameters import iter_parameters

    for _, key, default, info in iter_parameters():
        if info.pattern is None:
            assert info.maximum is not None, key
            assert default <= info.maximum, key
