"""Validate knows what play knows (issue 24): what would stop or silently break a game is reported by the validator,
at its file and line, and a pack that validates clean plays."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import load_with

CORPUS = Path(__file__).resolve().parent / "data" / "broken"


def _copy_of(case: str, tmp_path: Path) -> Path:
    folder = tmp_path / case
    shutil.copytree(CORPUS / "scenario-siw-as-unit" / "bp", folder / "bp")
    return folder / "bp"


def test_a_symbolic_link_loop_is_a_clear_issue_not_an_internal_one(tmp_path):
    pack = _copy_of("scenario-siw-as-unit", tmp_path)
    (pack / "scenarios" / "loop.yaml").symlink_to("loop.yaml")
    issues = [i for i in load_with(pack).all_issues() if i.pack == "bp"]
    assert "internal" not in {i.code for i in issues}
    loop = [i for i in issues if i.code == "pack.path-loop"]
    assert len(loop) == 1 and loop[0].line and "scenarios/loop.yaml" in loop[0].message


# -- the root cause, not its echoes --------------------------------------------------------------------------------
REPO = Path(__file__).resolve().parents[1]
WESTERN = REPO / "plugins" / "western" / "tacforge_western" / "pack"


def _edited_copy(tmp_path: Path, source: Path, name: str, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "packs" / name
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("schemas"))
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "packs"


def _validate(capsys, packs: Path, pack_id: str) -> list[str]:
    from tacforge.engine.cli import main

    status = main(["--pack-path", str(packs), "validate", pack_id])
    out = capsys.readouterr().out
    assert status == 1
    return [line for line in out.splitlines() if ": error " in line]


def test_a_wrong_unit_class_in_core_is_reported_in_core_not_in_every_western_scenario(tmp_path, capsys):
    """transport_cost: -1 in core's rules.yaml gave 73 errors, all in western's files, none naming core."""
    old = "transport_cost: 1, kill_vp: 1, objective_vp: 5, report: small_arms, role: infantry, placement: infantry, "
    old += "carries_siw: true, kills_armour: false, advance_range: 2"  # the rifle's class
    packs = _edited_copy(tmp_path, REPO / "content", "core", "rules.yaml", old, old.replace(": 1,", ": -1,", 1))
    shutil.copytree(WESTERN, packs / "western", ignore=shutil.ignore_patterns("schemas"))
    errors = _validate(capsys, packs, "western")
    assert len(errors) == 2, errors
    assert "core/rules.yaml:" in errors[0] and "transport_cost" in errors[0]
    assert "pack.requires-broken" in errors[1] and "western/pack.yaml:" in errors[1]


def test_two_sides_with_one_home_edge_are_one_error_in_rules_yaml(tmp_path, capsys):
    """home_edge: west for both sides gave 154 errors in the scenarios, none naming rules.yaml."""
    old = "      name: German\n      home_edge: east"
    packs = _edited_copy(tmp_path, WESTERN, "western", "rules.yaml", old, old.replace("east", "west"))
    errors = _validate(capsys, packs, "western")
    assert len(errors) == 1 and "western/rules.yaml:17:" in errors[0] and "ruleset.home-edges" in errors[0]


def test_a_game_length_minimum_above_its_maximum_is_one_error_in_rules_yaml(tmp_path, capsys):
    old = "game_length: {custom: true, min: 5, max: 255}"
    packs = _edited_copy(tmp_path, WESTERN, "western", "rules.yaml", old, old.replace("min: 5", "min: 300"))
    errors = _validate(capsys, packs, "western")
    assert len(errors) == 1 and "western/rules.yaml:" in errors[0] and "ruleset.game-length" in errors[0]


# -- one gate: what validate reports is what play refuses -----------------------------------------------------------
def _corpus_scenarios() -> list[tuple[Path, str]]:
    out = []
    for case in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        for scenario in sorted(case.glob("*/scenarios/*.yaml")):
            if not scenario.is_symlink():
                out.append((case, str(scenario)))
    return out


def test_play_refuses_each_broken_scenario_with_the_errors_validate_gives():
    """Every scenario file of the bad-input corpus: `play` (through scenario_lookup.playable_content, as batch, calc
    and new) refuses it, and names every error code `validate` gives for its pack, the requirements' first."""
    import pytest
    from test_broken_corpus import load_case

    from tacforge.engine.issues import CommandError
    from tacforge.engine.packs.scenario_lookup import scenario_in

    cases = _corpus_scenarios()
    assert len(cases) >= 20
    for case, scenario in cases:
        packset = load_case(case)  # as `tacforge --pack-path CASE` loads, the installed packs read once
        pack = next(p for p in packset.all if p.location.folder == Path(scenario).resolve().parents[1])
        errors = {i.code for i in packset.all_issues() if i.pack == pack.id and i.is_error}
        if not errors:
            continue  # the case's mistake is elsewhere (a map, a weapon table): the scenario plays
        with pytest.raises(CommandError) as refused:
            scenario_in(packset, scenario, [str(case)])
        assert all(code in str(refused.value) for code in errors), (case.name, errors, str(refused.value))
