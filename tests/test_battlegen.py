"""Building a battle (issue 4): set-up, budgets, availability, AUTO-SELECT, AUTO-DEPLOY, writing, `tacforge new`.

Deployments are checked with the real validator: the written pack is loaded with load_packs and must give no
issue at all. Most tests use a small hand-made map so that they do not depend on the random map generator; the
matrix at the end builds every battle type of both packs with the generator, validates and plays a few turns."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import REPO, write_pack

import tacforge.engine.cli as cli
from tacforge.engine.ai import ComputerPlayer
from tacforge.engine.battlegen import (
    BattleChoices,
    BuildError,
    auto_select,
    build_battle,
    buy,
    is_available,
    load_report,
    offers,
    plan_battle,
    write_battle,
)
from tacforge.engine.battlegen.scenario_writer import plan_output
from tacforge.engine.model import Map
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle

PACKS = ("western", "eastern")


@pytest.fixture(scope="module")
def packs():
    return load_packs(env={}, include_user_dir=False)


def content_of(packs, pack_id):
    return packs.content(pack_id)


def plain_map(content, assault: bool, map_id="test") -> Map:
    """Clear level-1 ground with a wood, a town block, a hill and a road: enough terrain for deployment to choose."""
    w, h = 60, 30 if assault else 60
    glyph = {tc.glyph: code for code, tc in content.terrain_codes.items() if tc.glyph}
    rows = [["."] * w for _ in range(h)]
    for y in range(h):
        rows[y][30] = "|"
    for y in range(4, 12):
        for x in range(40, 47):
            rows[y][x] = "w"
    for y in range(14, 18):
        for x in range(20, 24):
            rows[y][x] = "h"
    for y in range(h - 8, h - 3):
        for x in range(48, 54):
            rows[y][x] = ":" if 49 <= x <= 52 and h - 7 <= y <= h - 5 else "a"
    cells = bytes(glyph[c] for row in rows for c in row)
    return Map(map_id, "Test ground", w, h, cells)


def build(content, battle_type, period=3, size="large", seed=5, **kw):
    assault = content.ruleset.battle_type(battle_type).assault
    return build_battle(
        content,
        BattleChoices(battle_type, period, size, seed=seed),
        scenario_id="test",
        game_map=plain_map(content, assault),
        **kw,
    )


def write_and_load(battle, content, folder):
    written = write_battle(
        battle, content, folder, requires={"core": ">=1.0,<2", content.pack_id: ">=1.0,<2"}, ruleset=content.ruleset.id
    )
    packset = load_packs([written.pack_dir], env={}, include_user_dir=False)
    issues = [i.format() for i in packset.all_issues()]
    return written, packset, issues


# -- data ------------------------------------------------------------------------------------------------------------
def test_rulesets_have_selection_points(packs):
    for pack in PACKS:
        profile = content_of(packs, pack).ruleset
        points = dict(profile.selection_points)
        assert set(points) == {"large", "medium", "small"} and points["large"] > points["medium"] > points["small"]
        assert profile.small_battle_factor == 0.5
        assert profile.selection_budget("large", small_battle=True) == 75  # 150 halved


# Western selection points: large 150, medium 110, small 75; a small battle halves them, rounding half up: 75, 55, 38.
WESTERN_BUDGETS = {
    "german-pursuit": {"large": {"german": 150, "allied": 75}, "small": {"german": 75, "allied": 38}},
    "german-assault": {"large": {"german": 150, "allied": 110}, "small": {"german": 75, "allied": 55}},
    "meeting": {"large": {"allied": 110, "german": 110}, "small": {"allied": 55, "german": 55}},
    "allied-assault": {"large": {"allied": 150, "german": 110}, "small": {"allied": 75, "german": 55}},
    "allied-pursuit": {"large": {"allied": 150, "german": 75}, "small": {"allied": 75, "german": 38}},
    # the tabletop scenario types (docs/rules.md 16.5): the meetings' sizes, and the assaults'
    "counter-attack": {"large": {"allied": 110, "german": 110}, "small": {"allied": 55, "german": 55}},
    "flanking-attack": {"large": {"allied": 110, "german": 110}, "small": {"allied": 55, "german": 55}},
    "defence-line": {"large": {"allied": 150, "german": 110}, "small": {"allied": 75, "german": 55}},
    "high-ground": {"large": {"allied": 150, "german": 110}, "small": {"allied": 75, "german": 55}},
}


def test_budgets_follow_the_battle_types_sizes(packs):
    content = content_of(packs, "western")
    assert [b.id for b in content.ruleset.battle_types] == list(WESTERN_BUDGETS)
    for battle_id, by_size in WESTERN_BUDGETS.items():
        for size, budgets in by_size.items():
            assert plan_battle(content, BattleChoices(battle_id, 3, size)).budgets == budgets, (battle_id, size)


# -- set-up ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pack", PACKS)
def test_objective_and_start_lines_by_battle_type(packs, pack):
    content = content_of(packs, pack)
    for battle in content.ruleset.battle_types:
        plan = plan_battle(content, BattleChoices(battle.id, 2, seed=3), plain_map(content, battle.assault))
        assert (plan.width, plan.height) == ((60, 30) if battle.assault else (60, 60))
        ox, oy = plan.objective
        defender = plan.defender()
        if defender is None:  # meeting: centred, lines 15 from each home edge
            assert ox == 30
            assert sorted(min(c, 59 - c) for c in plan.start_lines.values()) == [15, 15]
        else:
            east = plan.home_edges[defender] == "east"
            inset = ox - 30 if east else (59 - ox) - 30
            assert 12 <= inset <= 15
            assert plan.start_lines[defender] == (ox - 9 if east else ox + 9)
            for side in plan.attackers:
                line = plan.start_lines[side]
                assert 15 <= (line if plan.home_edges[side] == "west" else 59 - line) <= 20
        for side in plan.sides:  # each side has room behind its line
            assert plan.max_depth(side) >= 14


def test_game_length_visibility_and_bad_choices(packs):
    west, east = content_of(packs, "western"), content_of(packs, "eastern")
    assert plan_battle(west, BattleChoices("allied-assault", 1)).turns == 30
    assert plan_battle(west, BattleChoices("meeting", 1)).turns == 20
    assert plan_battle(west, BattleChoices("meeting", 1, turns=45)).turns == 45
    with pytest.raises(BuildError, match="fixed game lengths"):
        plan_battle(east, BattleChoices("meeting", 1, turns=25))
    for bad, match in (
        (BattleChoices("meeting", 1, turns=4), "5-255"),
        (BattleChoices("meeting", 6), "period 6"),
        (BattleChoices("soviet-assault", 1), "unknown battle type"),
        (BattleChoices("meeting", 1, visibility=3), "visibility"),
        (BattleChoices("meeting", 1, handicap=6), "handicap"),
        (BattleChoices("meeting", 1, size="huge"), "one of large, small, squad"),
    ):
        with pytest.raises(BuildError, match=match):
            plan_battle(west, bad)


# -- forces ----------------------------------------------------------------------------------------------------------
def _nationalities(content, purchase):
    ft = content.ruleset.force_type(purchase.force_type)
    return [ft.nationality] if ft.nationality else content.side_nationalities(purchase.side)


@pytest.mark.parametrize("pack", PACKS)
def test_auto_select_respects_budget_and_availability(packs, pack):
    content = content_of(packs, pack)
    for battle in content.ruleset.battle_types:
        for period in sorted(content.periods):
            for size in ("large", "small"):
                plan = plan_battle(content, BattleChoices(battle.id, period, size, seed=period))
                for side in plan.sides:
                    purchase = auto_select(content, plan, side)
                    assert 0 <= purchase.spent <= purchase.budget == plan.budgets[side]
                    assert purchase.unused == purchase.budget - purchase.spent
                    assert purchase.items, f"{pack} {battle.id} P{period} {size}: {side} bought nothing"
                    nats = _nationalities(content, purchase)
                    for offer, _ in purchase.items:
                        t = offer.template
                        assert t.side == side and t.periods[0] <= period <= t.periods[1]
                        assert not t.force_types or purchase.force_type in t.force_types
                        assert t.nationality is None or t.nationality in nats
                        assert battle.assault or not t.offmap
                        assert is_available(content, t, side, purchase.force_type, period, battle.assault)
                    if battle.assault:  # both sides get off-map artillery in an assault
                        assert any(o.template.offmap for o, _ in purchase.items), (pack, battle.id, period, size, side)


def test_auto_select_buys_combined_arms(packs):
    content = content_of(packs, "western")
    plan = plan_battle(content, BattleChoices("allied-pursuit", 4, seed=2))
    attack = {o.role for o, _ in auto_select(content, plan, "allied").items}
    defence = {o.role for o, _ in auto_select(content, plan, "german").items}
    assert {"armour", "infantry"} <= attack
    assert "infantry" in defence and defence & {"antitank", "tank_destroyer"}
    attacker = auto_select(content, plan, "allied")
    assert any(o.mounted for o, _ in attacker.items if o.role == "infantry")
    assert 6 <= sum(1 for o, _ in attacker.items if not o.template.offmap) <= 12


def test_auto_select_is_deterministic_for_a_seed(packs):
    content = content_of(packs, "eastern")
    picks = []
    for seed in (4, 4, 5, 6, 7):
        plan = plan_battle(content, BattleChoices("meeting", 6, seed=seed))
        picks.append([o.template.id for o, _ in auto_select(content, plan, "soviet").items])
    assert picks[0] == picks[1]
    assert any(p != picks[0] for p in picks[2:])


def test_buy_checks_availability_and_budget(packs):
    content = content_of(packs, "western")
    ok = buy(content, "allied", "us_armour", 4, 100, ["us_tank_company_sherman", "us_armored_infantry_company"], False)
    assert ok.spent == 31 + 15 and ok.unused == 100 - 46
    with pytest.raises(BuildError, match="not available"):  # Grant: periods 1-2
        buy(content, "allied", "us_armour", 4, 100, ["us_tank_company_grant"], False)
    with pytest.raises(BuildError, match="not available"):  # British template, U.S. force
        buy(content, "allied", "us_armour", 4, 100, ["br_cromwell_squadron"], False)
    with pytest.raises(BuildError, match="not available"):  # rifle company is U.S. Infantry only
        buy(content, "allied", "us_armour", 4, 100, ["us_rifle_company"], False)
    with pytest.raises(BuildError, match="assault"):
        buy(content, "allied", "us_armour", 4, 100, ["us_artillery_detachment"], False)
    with pytest.raises(BuildError, match="budget"):
        buy(content, "allied", "us_armour", 4, 40, ["us_tank_company_sherman", "us_tank_company_sherman"], False)
    with pytest.raises(BuildError, match="unknown formation"):
        buy(content, "allied", "us_armour", 4, 40, ["us_battleship"], False)
    assert all(o.template.side == "german" for o in offers(content, "german", "panzer", 4, True))


# -- the order of battle ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pack,battle_type", [("western", "allied-assault"), ("eastern", "german-pursuit")])
def test_letters_indexes_and_formation_limits(packs, pack, battle_type):
    content = content_of(packs, pack)
    battle = build(content, battle_type, period=5)
    for side, force in battle.forces.items():
        letters = [f.letter for f in force.formations]
        assert letters == list("ABCDEFGHIJKLMNOPQRSTU"[: len(letters)])
        command = force.formations[0]
        assert command.role == "command" and command.hq.index == 0
        assert content.ruleset.side(side).command_hq_name == command.name
        for f in force.formations:
            indexes = [u.index for u in f.units]
            assert len(set(indexes)) == len(indexes) and 0 in indexes and max(indexes) <= 9
            assert 1 <= len(indexes) - 1 <= 8
        assert all(b.weapon.unit_class == "offmap_artillery" for b in force.batteries)
        assert all(f.template is None or not content.formation(f.template).offmap for f in force.formations)


def test_carriers_loaded_within_capacity(packs):
    content = content_of(packs, "western")
    battle = build(content, "allied-pursuit", period=4)
    loaded = 0
    for side, force in battle.forces.items():
        for f in force.formations:
            by_id = {f"{f.letter}{u.index}": u for u in f.units}
            for used, cap in load_report(content, f).values():
                assert used <= cap
            for unit in f.units:
                if unit.carrier:
                    loaded += 1
                    vehicle = by_id[unit.carrier]
                    assert unit.at == vehicle.at
                    infantry = content.unit_classes[unit.weapon.unit_class].infantry
                    assert infantry or content.carries(vehicle.weapon) == "all"
                    assert content.transport_cost(unit.weapon) is not None
            if not battle.plan.attacking(side):
                assert not any(u.carrier for u in f.units), "defenders deploy dismounted"
    assert loaded >= 5


@pytest.mark.parametrize("pack", PACKS)
def test_entrenchments_only_in_assaults_and_within_limits(packs, pack, tmp_path):
    content = content_of(packs, pack)
    profile = content.ruleset
    for battle in profile.battle_types:
        built = build(content, battle.id)
        if battle.id not in profile.entrenchment_battle_types:
            assert built.entrenchments == {}
            continue
        defender = built.plan.defender()
        assert set(built.entrenchments) == {defender}
        squares = built.entrenchments[defender]
        assert 0 < len(squares) <= profile.entrenchment_max and len(set(squares)) == len(squares)
        assert all(built.plan.depth(defender, x) >= 0 for x, _ in squares)
        foot = {
            u.at
            for f in built.forces[defender].formations
            for u in f.units
            if content.unit_classes[u.weapon.unit_class].infantry
        }
        assert foot & set(squares), "infantry squares are dug in first"
        _, _, issues = write_and_load(built, content, tmp_path / battle.id)
        assert issues == []


def test_deployment_is_legal_and_sensible(packs, tmp_path):
    content = content_of(packs, "western")
    battle = build(content, "german-assault", period=4)
    plan = battle.plan
    stack = content.parameters.units.stacking_limit
    for side, force in battle.forces.items():
        squares: dict = {}
        for f in force.formations:
            hq = f.hq
            hq_at = next(u for u in f.units if f"{f.letter}{u.index}" == hq.carrier).at if hq.carrier else hq.at
            for unit in f.units:
                assert unit.at is not None and plan.depth(side, unit.at[0]) >= 0
                assert max(abs(unit.at[0] - hq_at[0]), abs(unit.at[1] - hq_at[1])) <= 10, "in command range"
                if not unit.carrier:
                    squares[unit.at] = squares.get(unit.at, 0) + 1
        assert max(squares.values()) <= stack
    defender = plan.defender()
    grid_cover = 0
    from tacforge.engine.rules.terrain_grid import TerrainGrid

    grid = TerrainGrid.from_map(battle.game_map, content)
    infantry = [u for f in battle.forces[defender].formations for u in f.units if u.weapon.unit_class == "rifle"]
    dug = set(battle.entrenchments.get(defender, ()))
    grid_cover = sum(1 for u in infantry if grid.cover[u.at[1], u.at[0]] or u.at in dug)
    assert grid_cover >= len(infantry) * 0.8, "defending infantry in cover or dug in"
    _, _, issues = write_and_load(battle, content, tmp_path / "out")
    assert issues == []


def test_same_seed_same_scenario_text(packs, tmp_path):
    content = content_of(packs, "eastern")
    texts = []
    for n, seed in enumerate((8, 8, 9)):
        w = write_battle(
            build(content, "soviet-assault", seed=seed),
            content,
            tmp_path / f"b{n}",
            requires={"core": ">=1.0,<2", "eastern": ">=1.0,<2"},
            ruleset=content.ruleset.id,
        )
        texts.append(w.scenario_path.read_text())
    assert texts[0] == texts[1] != texts[2]


def test_sides_without_auto_select_or_deploy(packs, tmp_path):
    content = content_of(packs, "western")
    battle = build(content, "meeting", auto_select_sides=["german"], auto_deploy_sides=[])
    allied = battle.forces["allied"]
    assert [f.letter for f in allied.formations] == ["A"] and allied.unused == allied.budget
    german = battle.forces["german"]
    assert len(german.formations) == 8 and german.spent == german.budget  # auto-selected: the whole budget
    assert all(u.at[1] <= 3 and not u.carrier for f in german.formations for u in f.units), "waiting at the top"
    _, _, issues = write_and_load(battle, content, tmp_path / "out")
    assert issues == []
    bought = build(content, "meeting", purchases={"allied": ["us_tank_company_sherman"]})
    assert bought.forces["allied"].force_type == "us_armour", "the first force type that may buy them"
    assert [f.template for f in bought.forces["allied"].formations[1:]] == ["western:us_tank_company_sherman"]
    assert bought.forces["allied"].unused == bought.forces["allied"].budget - 31
    with pytest.raises(BuildError, match="not a force type"):
        build(content, "meeting", force_types={"allied": "panzer"})


# -- writing ---------------------------------------------------------------------------------------------------------
def test_written_files_roundtrip_and_play(packs, tmp_path):
    from tacforge.engine.yamlio import dump_roundtrip, load_roundtrip

    content = content_of(packs, "western")
    written, packset, issues = write_and_load(build(content, "allied-assault"), content, tmp_path / "my-battles")
    assert issues == []
    assert written.pack_id == "my_battles" and written.manifest_path.is_file()
    for path in (written.scenario_path, written.map_path, written.manifest_path):
        data, text = load_roundtrip(path)
        assert dump_roundtrip(data) == text
        assert text.startswith("# yaml-language-server: $schema=")
    units = [line for line in written.scenario_path.read_text().splitlines() if "{index:" in line]
    assert units and all(line.strip().startswith("- {index:") and line.endswith("}") for line in units)
    pack = packset.packs["my_battles"]
    battle = Battle(packset.content("my_battles"), pack.docs.scenarios[0], seed=3)
    players = {s: ComputerPlayer() for s in battle.state.sides}
    for _ in range(3):
        battle.orders_phase({s: p.orders(battle, s) for s, p in players.items()})
        battle.combat_phase()
    assert battle.state.turn >= 3


def test_written_files_name_the_packs_own_schemas_and_no_absolute_path(packs, tmp_path):
    """A battle written outside the checkout: its files' $schema lines resolve to the pack's own copies of the
    schemas, and no file holds an absolute path (the folder written to is not mentioned by its absolute name)."""
    from tacforge.engine.resources import SCHEMA_DIR

    out = tmp_path / "my-battles"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tacforge.engine.cli",
            "new",
            "--pack",
            "western",
            "--type",
            "meeting",
            "--period",
            "2",
            "--size",
            "small",
            "--seed",
            "4",
            "-o",
            "my-battles",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    prefix = "# yaml-language-server: $schema="
    written = sorted(out.rglob("*.yaml"))
    assert [p.relative_to(out).as_posix() for p in written] == [
        "maps/meeting-p2-s4.yaml",
        "pack.yaml",
        "scenarios/meeting-p2-s4.yaml",
    ]
    for path in written:
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith(prefix) and not first.removeprefix(prefix).startswith("/")
        target = (path.parent / first.removeprefix(prefix)).resolve()
        assert target.parent == (out / "schemas").resolve()
        assert target.read_text(encoding="utf-8") == (SCHEMA_DIR / target.name).read_text(encoding="utf-8")
        for absolute in (str(tmp_path), str(SCHEMA_DIR.parent), sys.prefix):
            assert absolute not in text, (path, absolute)


def test_output_locations(packs, tmp_path):
    content = content_of(packs, "western")
    # NAME.yaml outside a pack: a new pack folder NAME/
    folder, pack_id, scenario, game_map, new, sid = plan_output(tmp_path / "My Battle.yaml", None, "western")
    assert new and folder == tmp_path / "My Battle" and pack_id == "my_battle" and sid == "my-battle"
    assert scenario == folder / "scenarios" / "my-battle.yaml" and game_map == folder / "maps" / "my-battle.yaml"
    # into an existing pack that requires the front
    mine = write_pack(
        tmp_path / "packs", "mine", requires={"core": ">=1.0", "western": ">=1.0"}, ruleset="western:battlegroup"
    )
    folder, pack_id, scenario, _, new, sid = plan_output(mine / "scenarios" / "hill.yaml", None, "western")
    assert (folder, pack_id, new, sid) == (mine, "mine", False, "hill")
    written = write_battle(build(content, "meeting"), content, mine, requires={}, ruleset="")
    assert written.manifest_path is None and written.scenario_path.parent == mine / "scenarios"
    issues = load_packs([mine], env={}, include_user_dir=False).all_issues()
    assert [i.format() for i in issues] == []
    with pytest.raises(BuildError, match="already exist"):
        write_battle(build(content, "meeting"), content, mine, requires={}, ruleset="")
    other = write_pack(tmp_path / "packs", "other", requires={"core": ">=1.0"})
    with pytest.raises(BuildError, match="does not require 'western'"):
        plan_output(other, None, "western")
    _, pack_id, *_ = plan_output(tmp_path / "western", None, "western", taken_ids={"western", "core"})
    assert pack_id == "western_battles"


# -- the command -----------------------------------------------------------------------------------------------------
@pytest.fixture
def run_new():
    return lambda *argv: cli.main(["new", *map(str, argv)])


def test_new_command(run_new, tmp_path, capsys):
    out = tmp_path / "battles"
    assert (
        run_new(
            "--pack",
            "western",
            "--type",
            "german-pursuit",
            "--period",
            2,
            "--size",
            "small",
            "--seed",
            4,
            "--river",
            "--cover",
            3,
            "--turns",
            25,
            "--handicap",
            2,
            "--visibility",
            12,
            "-o",
            out,
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "play it: tacforge --pack-path" in text and "german-pursuit-p2-s4" in text
    scenario = (out / "scenarios" / "german-pursuit-p2-s4.yaml").read_text()
    assert "turns: 25" in scenario and "handicap: 2" in scenario and "visibility: 12" in scenario
    assert "command_delays" not in scenario and "--seed 4" in scenario
    # the file exists: refused without --force, replaced with it
    args = ("--pack", "western", "--type", "german-pursuit", "--period", 2, "--seed", 4, "-o", out)
    assert run_new(*args) == 2 and "already exist" in capsys.readouterr().err
    assert run_new(*args, "--force", "--format", "json") == 0
    body = json.loads(capsys.readouterr().out)
    assert body["issues"] == [] and body["size"] == "large" and set(body["forces"]) == {"allied", "german"}


def test_new_command_errors(run_new, tmp_path, capsys):
    base = ("--type", "meeting", "--period", 3, "-o", tmp_path / "x")
    assert run_new("--pack", "eastern", *base, "--turns", 40) == 2
    assert "fixed game lengths" in capsys.readouterr().err
    assert run_new("--pack", "nowhere", *base) == 2
    assert run_new("--pack", "western", *base, "--auto-select", "martians") == 2
    assert (
        run_new("--pack", "western", *base, "--buy", "allied=us_tank_company_76,us_tank_company_76,us_tank_company_76")
        == 2
    )
    assert "budget" in capsys.readouterr().err
    assert run_new("--pack", "western", *base, "--visibility", "fog") == 2
    assert not (tmp_path / "x").exists()


# -- every battle type, both packs, several periods, with the random map generator ------------------------------------
MATRIX = [
    (pack, battle, period)
    for pack, periods in (("western", (1, 3, 5)), ("eastern", (1, 5, 8)))
    for battle in (
        "german-pursuit",
        "german-assault",
        "meeting",
        "allied-assault" if pack == "western" else "soviet-assault",
        "allied-pursuit" if pack == "western" else "soviet-pursuit",
    )
    for period in periods
]


@pytest.mark.parametrize("pack,battle_type,period", MATRIX)
def test_new_validates_clean_and_plays(run_new, tmp_path, capsys, pack, battle_type, period):
    out = tmp_path / "pack"
    seed = period * 7 + len(battle_type)
    assert (
        run_new(
            "--pack",
            pack,
            "--type",
            battle_type,
            "--period",
            period,
            "--seed",
            seed,
            "--river" if period % 2 else "--cover",
            *([] if period % 2 else [8]),
            "-o",
            out,
        )
        == 0
    )
    capsys.readouterr()
    packset = load_packs([out], env={}, include_user_dir=False)
    assert [i.format() for i in packset.all_issues()] == []
    scenario = packset.packs["pack"].docs.scenarios[0]
    battle = Battle(packset.content("pack"), scenario, seed=1)
    players = {s: ComputerPlayer() for s in battle.state.sides}
    for _ in range(3):
        battle.orders_phase({s: p.orders(battle, s) for s, p in players.items()})
        battle.combat_phase()
    assert battle.state.turn >= 3 or battle.over
