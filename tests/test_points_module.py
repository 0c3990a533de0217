"""The points module (docs/rules.md 16.4): tabletop points of weapons and templates in both packs, the ruleset's game
sizes, `tacforge new --size company --points N` buying each side's force to N points, the scenario's `game_size` and
`points`, and a company-sized battle bought with points and battle rating on played from the CLI."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest
from conftest import REPO

from tacforge.engine.battlegen.battle import build_battle
from tacforge.engine.battlegen.plan import BattleChoices, BuildError
from tacforge.engine.cli import main
from tacforge.engine.packs import load_packs
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.validation.points_checks import points_spent

NEW = ["new", "--pack", "western", "--type", "meeting", "--period", "4", "--seed", "2", "--visibility", "12"]


@pytest.fixture(scope="module")
def packs():
    return load_packs(env={}, include_user_dir=False)


def test_every_template_of_both_packs_costs_the_sum_of_its_units_points(packs):
    for pack in ("western", "eastern"):
        content = packs.content(pack)
        for t in content.formations.values():
            nats = [t.nationality] if t.nationality else content.side_nationalities(t.side)
            elements = ([t.hq] if t.hq else []) + list(t.units)
            total = sum(e.count * (content.resolve_weapon(e.weapon, nats).points or 0) for e in elements)
            assert t.points == total > 0, t.id


def test_the_points_script_finds_the_packs_as_it_would_write_them():
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "tabletop_points.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_game_sizes_are_the_tabletop_table(packs):
    sizes = packs.content("eastern").known_ruleset.game_sizes
    assert [(g.id, g.min_points, g.max_points, g.standard_points, g.reinforcement_dice) for g in sizes] == [
        ("squad", 100, 350, 250, 1),
        ("platoon", 351, 750, 500, 1),
        ("company", 751, 1250, 1000, 2),
        ("battalion", 1251, None, 1500, 3),
    ]


@pytest.mark.parametrize("size, points", [("company", 1000), ("battalion", 2400), ("squad", None)])
def test_both_sides_buy_to_the_same_points_and_no_further(packs, size, points):
    content = packs.content("western")
    battle = build_battle(content, BattleChoices("allied-assault", 4, size, seed=3, points=points))
    budget = points or 250
    for force in battle.forces.values():
        assert force.budget == budget and 0 < force.spent <= budget
        if not force.batteries:  # off-map batteries may be bought at their share of a detachment's points
            assert force.spent == sum(content.formation(f.template).points for f in force.formations if f.template)
    assert "points" in battle.briefing and "selection points" not in battle.briefing


def test_the_manuals_sizes_still_buy_with_selection_points(packs):
    content = packs.content("western")
    battle = build_battle(content, BattleChoices("meeting", 4, "small", seed=3))
    assert battle.plan.points is None and "selection points" in battle.briefing
    profile = content.known_ruleset
    assert all(f.budget == profile.selection_budget(battle.plan.sizes[s], True) for s, f in battle.forces.items())


@pytest.mark.parametrize(
    "size, points, message",
    [
        ("company", 700, "a company-sized game is bought with 751-1250 points, not 700; change the points or the size"),
        (
            "large",
            1000,
            "a points budget goes with a tabletop game size (squad, platoon, company, battalion), not with the",
        ),
        ("regiment", None, "size must be one of large, small, squad, platoon, company, battalion, not 'regiment'"),
    ],
)
def test_a_size_and_points_that_do_not_fit_are_refused(packs, size, points, message):
    with pytest.raises(BuildError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build_battle(packs.content("western"), BattleChoices("meeting", 4, size, seed=3, points=points))


def test_new_company_battle_with_points_and_battle_rating_plays_from_the_cli(tmp_path, capsys):
    folder = tmp_path / "tabletop"
    args = [*NEW, "--size", "company", "--points", "1000", "--modules", "battle_rating", "--format", "json"]
    assert main([*args, "-o", str(folder)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["size"] == "company" and summary["points"] == 1000
    assert summary["modules"] == ["battle_rating", "points"] and summary["issues"] == []
    for force in summary["forces"].values():
        assert force["budget"] == 1000 and 751 <= force["spent"] <= 1000
    text = (folder / "scenarios" / "meeting-p4-s2.yaml").read_text()
    assert "game_size: company" in text and "--size company --points 1000" in text
    assert "unused_selection_points" not in text and "size: large" not in text
    content, scenario = find_scenario("tabletop:meeting-p4-s2", [str(folder)])
    assert scenario.game_size == "company" and dict(scenario.points) == {"allied": 1000, "german": 1000}
    assert scenario.modules == ("battle_rating", "points")
    assert all(points_spent(content, f) == summary["forces"][f.side]["spent"] for f in scenario.forces)

    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["--pack-path", str(folder), "play", "tabletop:meeting-p4-s2", "--seed", "2", "--quiet"])
    assert code == 0
    log = tmp_path / "game.jsonl"
    assert main(["--pack-path", str(folder), "play", "tabletop:meeting-p4-s2", "--seed", "2", "--log", str(log)]) == 0
    kinds = [json.loads(line).get("kind") for line in log.read_text().splitlines()]
    assert "battle_counter" in kinds and kinds.count("withdrew") == 1  # seed 2: the German side withdraws, turn 9


def test_a_generated_company_battle_with_points_rating_and_air_support_plays_to_a_withdrawal(tmp_path):
    """Issue 29's "done when": a company-sized battle bought with points, the battle rating and air support on,
    ends in a withdrawal in some seeds: 5 of seeds 1-8 of this meeting, 6 of 8 of an allied-assault
    (scripts/withdrawal_seeds.py western meeting 4 1 8 --size company --points 1000
    --modules battle_rating,air_support). Seed 2: the Allies withdraw in turn 9, after both sides' aircraft flew."""
    from tacforge.engine.ai import ComputerPlayer, play_out
    from tacforge.engine.sim.battle import Battle

    folder = tmp_path / "tabletop"
    args = [*NEW, "--size", "company", "--points", "1000", "--modules", "battle_rating,air_support"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*args, "-o", str(folder)]) == 0
    content, scenario = find_scenario("tabletop:meeting-p4-s2", [str(folder)])
    assert scenario.modules == ("battle_rating", "air_support", "points") and scenario.game_size == "company"
    battle = Battle(content, scenario, seed=2)
    play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
    assert battle.state.withdrew == "allied" and battle.state.turn == 9 < battle.state.last_turn
    attackers = {e.side for e in battle.events if e.kind == "air_attack"}
    assert attackers == {"allied", "german"}
    assert battle.result().label == "German Decisive (Allied withdrew)"


def test_new_refuses_points_outside_the_size_without_writing(tmp_path, capsys):
    assert main([*NEW, "--size", "squad", "--points", "400", "-o", str(tmp_path / "x")]) != 0
    assert "a squad-sized game is bought with 100-350 points, not 400" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
