"""What a weapon or class does is data (docs/architecture.md 5): the engine never names a weapon or class id, and a new
weapon gets its behaviour from its flags alone."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from conftest import REPO, load_with

from tacforge.engine.sim import events as ev
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.combat import resolve_attack

NEW_WEAPONS = REPO / "tests" / "data" / "behaviour" / "newweapons"
QUOTED = re.compile(r"""["']([A-Za-z0-9_\-]+)["']""")


def _schema_field_names() -> set[str]:
    """Every property name of every schema: a class id that is also a document field (`siw:`, `carrier:`,
    `offmap_artillery:`) may be quoted as the field's name."""
    names: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            names.update((node.get("properties") or {}).keys())
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in (REPO / "schemas").glob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return names


def test_the_engine_names_no_weapon_or_class_id(bundled):
    ids = set()
    for pack_id in bundled.packs:
        content = bundled.content(pack_id)
        ids.update(w.local_id for w in content.weapons.values())
        ids.update(content.unit_classes)
    assert {"flameth", "pzfaust", "81mor", "tank", "rifle", "mortar"} <= ids  # the scan looks for the right things
    forbidden = ids - _schema_field_names()
    found = []
    for path in sorted((REPO / "engine").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hits = sorted(set(QUOTED.findall(line)) & forbidden)
            if hits:
                found.append(f"{path.relative_to(REPO)}:{number}: {', '.join(hits)}")
    assert found == [], "weapon or class ids in engine code (make them a flag in the data):\n" + "\n".join(found)


@pytest.fixture(scope="module")
def new_weapons():
    packs = load_with(NEW_WEAPONS)
    assert not [i for i in packs.all_issues() if i.is_error]
    return packs.content("newweapons")


def _battle(content) -> Battle:
    battle = Battle(content, content.scenario("western:bocage_crossroads"), seed=1)
    battle.start()
    return battle


def _fired(battle: Battle, start: int) -> list[ev.Fired]:
    return [e for e in battle.events[start:] if isinstance(e, ev.Fired)]


def test_a_new_single_use_flamethrower_is_used_up(new_weapons):
    battle = _battle(new_weapons)
    platoon, tank = battle.state.units["allied:C1"], battle.state.units["german:B1"]
    platoon.siw = new_weapons.weapons["newweapons:wasp_flame"]
    tank.pos = platoon.pos
    start = len(battle.events)
    resolve_attack(platoon, tank, 0, battle)
    resolve_attack(platoon, tank, 0, battle)
    first, second = _fired(battle, start)
    assert first.weapon == "Wasp Flame Projector" and first.report == "WASP FLAME PROJECTOR ATTACK"
    assert "Wasp Flame Projector used up" in first.notes
    assert second.weapon == "Grenade" and second.report == "GRENADE ATTACK"
    assert platoon.siw.id == "western:grenade"


def test_a_special_weapon_without_the_flag_is_kept(new_weapons):
    battle = _battle(new_weapons)
    platoon, tank = battle.state.units["allied:C1"], battle.state.units["german:B1"]
    flame = new_weapons.weapons["newweapons:wasp_flame"]
    platoon.siw = dataclasses.replace(flame, single_use=False)
    tank.pos = platoon.pos
    resolve_attack(platoon, tank, 0, battle)
    assert platoon.siw.local_id == "wasp_flame"


def test_a_new_mortar_fires_indirect_only(new_weapons):
    """Indirect fire always counts 4 pulses (6.6); direct fire counts the pulses at the target, here 1."""
    mortar = new_weapons.weapons["newweapons:spigot_mortar"]
    for weapon, pulses in ((mortar, 4), (dataclasses.replace(mortar, unit_class="howitzer"), 1)):
        battle = _battle(new_weapons)
        firer, target = battle.state.units["german:A2"], battle.state.units["allied:C1"]
        firer.weapon, firer.pulses_at_target = weapon, 1
        start = len(battle.events)
        resolve_attack(firer, target, 5, battle)
        (shot,) = _fired(battle, start)
        assert (shot.weapon, shot.pulses) == ("Spigot Mortar", pulses)
