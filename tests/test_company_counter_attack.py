"""The bundled Western Company Counter-Attack turns every module on (issue 29's "done when"): a company-sized battle
bought with 1000 points a side, the battle rating and air support. It plays from the command line and in a balance
run, which reports how often each side withdrew; tests/test_company_counter_attack_qt.py plays it in the editor."""

from __future__ import annotations

import json

from tacforge.engine.cli import main
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.validation.points_checks import points_spent

SCENARIO = "western:company_counter_attack"


def test_it_is_bought_with_points_and_turns_every_module_on():
    content, scenario = find_scenario(SCENARIO, [])
    assert set(scenario.modules) == {"battle_rating", "air_support", "points"} and scenario.game_size == "company"
    assert dict(scenario.points) == {"allied": 1000, "german": 1000}
    spent = {force.side: points_spent(content, force) for force in scenario.forces}
    assert spent == {"allied": 964, "german": 946}  # what `tacforge new` bought; the briefing says the same
    assert {(a.side, a.aircraft) for a in scenario.air_support} == {("allied", "p_47"), ("german", "fw_190f")}


def test_it_plays_from_the_command_line_to_a_withdrawal_with_air_strikes(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", SCENARIO, "--seed", "1", "--log", str(log)]) == 0
    assert "German withdrew" in capsys.readouterr().out
    kinds = [json.loads(line)["kind"] for line in log.read_text().splitlines()]
    for kind in ("air_attack", "aa_fire", "aircraft_lost", "battle_counter"):
        assert kind in kinds, kind
    assert kinds.count("withdrew") == 1  # seed 1: the Germans, in turn 13


def test_a_balance_run_reports_how_often_each_side_withdrew(capsys):
    assert main(["batch", SCENARIO, "--runs", "4", "--jobs", "1", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    games = report["per_game"]
    withdrawals = report["withdrawals"]
    for side in ("allied", "german"):
        assert withdrawals[side]["games"] == sum(1 for g in games if g["withdrew"] == side)
    assert withdrawals["allied"]["rating"] == 26 and withdrawals["german"]["rating"] == 20
    assert withdrawals["german"]["games"] == 4  # games 0-3 of the README's 200: the Germans withdrew in each
