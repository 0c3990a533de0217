"""Semantic checks of scenarios, formations, maps and rules, on a small pack built on the Western pack."""

import textwrap

import pytest
from conftest import load_with, write_pack

MAP = """
id: field
name: Field
width: 12
height: 8
legend: {".": 0, "-": 1, "h": 8, "w": 9, "~": 19}
rows:
  - "............"
  - "...hh......."
  - "------------"
  - "....ww......"
  - "....ww......"
  - "............"
  - "..........~."
  - "............"
"""

SCENARIO = """
id: fight
name: Fight
map: field
period: 4
battle_type: allied-assault
turns: 20
visibility: 12
objective: {center: [8, 4]}
start_lines: {allied: 4, german: 7}
entrenchments:
  german: [[9, 0], [10, 0]]
offmap_artillery:
  allied: [{weapon: m-art, count: 4}]
forces:
  allied:
    force_type: us_armour
    formations:
      - letter: A
        units:
          - {index: 0, weapon: allied_halftrack, count: 1, at: [0, 0], facing: E}
          - {index: 1, weapon: rifle, count: 30, siw: bazooka, at: [1, 1], carrier: A2}
          - {index: 2, weapon: allied_truck, count: 3, at: [1, 1]}
          - {index: 3, weapon: sherman, count: 5, at: [2, 5]}
  german:
    formations:
      - letter: A
        units:
          - {index: 0, weapon: smg, count: 8, at: [11, 0], facing: W}
          - {index: 1, weapon: panther, count: 5, at: [11, 7]}
"""


def issues_for(tmp_path, scenario=SCENARIO, game_map=MAP, extra=None):
    files = {"maps/field.yaml": game_map, "scenarios/fight.yaml": scenario, **(extra or {})}
    folder = write_pack(
        tmp_path, "mini", requires={"core": ">=1", "western": ">=1"}, ruleset="western:battlegroup", files=files
    )
    pack = load_with(folder).packs["mini"]
    return [i for i in pack.issues.items]


def codes(tmp_path, scenario):
    return sorted(i.code for i in issues_for(tmp_path, textwrap.dedent(scenario)) if i.is_error)


def test_the_base_scenario_is_clean(tmp_path):
    assert [i.format() for i in issues_for(tmp_path)] == []


@pytest.mark.parametrize(
    "change,code",
    [
        ("weapon: panther, count: 5, at: [11, 7]", "ref.unknown-weapon"),
        ("period: 4", "scenario.period-unavailable"),
        ("at: [2, 5]", "scenario.placement-outside-map"),
        ("at: [11, 0]", "scenario.wrong-side-of-start-line"),
        ("letter: A\n        units:\n          - {index: 0, weapon: smg", "formation.letter"),
        ("index: 3, weapon: sherman", "formation.index-duplicate"),
        ("count: 3, at: [1, 1]", "transport.over-capacity"),
        ("carrier: A2", "transport.unknown-carrier"),
        ("siw: bazooka", "ref.unknown-siw"),
        ("battle_type: allied-assault", "ref.unknown-battle-type"),
        ("map: field", "ref.unknown-map"),
        ("[9, 0], [10, 0]", "scenario.entrenchment-terrain"),
        ("visibility: 12", "scenario.visibility"),
        ("weapon: m-art", "scenario.offmap-weapon"),
    ],
)
def test_each_problem_is_found(tmp_path, change, code):
    replacement = {
        "weapon: panther, count: 5, at: [11, 7]": "weapon: pantherr, count: 5, at: [11, 7]",
        "period: 4": "period: 1",
        "at: [2, 5]": "at: [2, 15]",
        "at: [11, 0]": "at: [5, 0]",
        "letter: A\n        units:\n          - {index: 0, weapon: smg": (
            "letter: V\n        units:\n          - {index: 0, weapon: smg"
        ),
        "index: 3, weapon: sherman": "index: 2, weapon: sherman",
        "count: 3, at: [1, 1]": "count: 2, at: [1, 1]",
        "carrier: A2": "carrier: B2",
        "siw: bazooka": "siw: panzerschreck",
        "battle_type: allied-assault": "battle_type: allied-asault",
        "map: field": "map: meadow",
        "[9, 0], [10, 0]": "[9, 0], [10, 6]",
        "visibility: 12": "visibility: 30",
        "weapon: m-art": "weapon: sherman",
    }[change]
    scenario = SCENARIO.replace(change, replacement, 1)
    assert scenario != SCENARIO
    found = codes(tmp_path, scenario)
    assert code in found, found


def test_period_message_names_the_periods(tmp_path):
    found = [
        i
        for i in issues_for(tmp_path, SCENARIO.replace("period: 4", "period: 1"))
        if i.code == "scenario.period-unavailable"
    ]
    assert any("Panther is available in periods 2-5, not in period 1" in i.message for i in found)


def test_formation_without_hq_and_too_many_units(tmp_path):
    units = "\n".join(f"          - {{index: {i}, weapon: rifle, count: 10, at: [0, 3]}}" for i in range(1, 10))
    scenario = SCENARIO.replace(
        "          - {index: 0, weapon: allied_halftrack, count: 1, at: [0, 0], facing: E}\n", ""
    )
    scenario = scenario.replace(
        "  german:\n    formations:\n",
        "  german:\n    formations:\n      - letter: B\n        units:\n" + units.replace("[0, 3]", "[10, 3]") + "\n",
        1,
    )
    found = codes(tmp_path, scenario)
    assert "formation.no-hq" in found and "formation.size" in found


def test_offmap_artillery_only_in_assaults(tmp_path):
    scenario = SCENARIO.replace("battle_type: allied-assault", "battle_type: meeting").replace(
        "entrenchments:\n  german: [[9, 0], [10, 0]]\n", ""
    )
    assert codes(tmp_path, scenario) == ["scenario.offmap-not-allowed"]


def test_infantry_carrier_cannot_tow_guns(tmp_path):
    scenario = SCENARIO.replace(
        "{index: 1, weapon: rifle, count: 30, siw: bazooka, at: [1, 1], carrier: A2}",
        "{index: 1, weapon: 57at, count: 2, at: [2, 5], carrier: A3}",
    )
    assert "transport.not-carriable" in codes(tmp_path, scenario)


def test_map_problems(tmp_path):
    game_map = MAP.replace('legend: {".": 0,', 'legend: {".": 99,').replace(
        '"....ww......"\n  - "....ww......"', '"....ww....."\n  - "....wwQ....."'
    )
    found = sorted(i.code for i in issues_for(tmp_path, game_map=game_map))
    assert "map.width" in found and "map.unknown-glyph" in found


def test_unknown_terrain_code_in_legend(tmp_path):
    found = [i for i in issues_for(tmp_path, game_map=MAP.replace('"~": 19', '"~": 99')) if i.is_error]
    assert [i.code for i in found] == ["terrain.unknown-code"]


def test_victory_bands_order(tmp_path):
    rules = (
        "victory_bands:\n"
        "  - {min_ratio: 1.0, result: draw}\n"
        "  - {min_ratio: 2.0, result: decisive, favours: numerator}\n"
    )
    found = [i.code for i in issues_for(tmp_path, extra={"rules.yaml": rules})]
    assert "victory.bands-order" in found and "victory.bands-floor" in found


def test_duplicate_weapon_id_and_wrong_nationality(tmp_path):
    weapon = (
        "  - {id: gun, name: Gun, nationality: martian, class: at_gun, mr: 5, mp: 5, ss: 3, ac: 5, sp: 0, df: 3,"
        " sl: 1, periods: [1, 2]}\n"
    )
    found = [i.code for i in issues_for(tmp_path, extra={"weapons.yaml": "weapons:\n" + weapon + weapon})]
    assert "id.duplicate" in found and "ref.unknown-nationality" in found


def test_formation_template_checks(tmp_path):
    formations = """
formations:
  - id: bad
    name: Bad
    side: axis
    periods: [1, 2]
    cost: 3
    units:
      - {weapon: pershing, count: 5}
"""
    found = [i.code for i in issues_for(tmp_path, extra={"formations.yaml": formations})]
    assert "ref.unknown-side" in found and "formation.period" in found
