"""The computer player's expected kills (engine/ai/rates.py, expected_kills) go through the compiled loop the battle's
shots take (engine/rules/fire_core.py); with it switched off they go through fire.py, and the two give the same
float, bit for bit, for every weapon of a scenario of each front against every other, at every range, in and out of
cover, moving or not, over 2 and 4 pulses, and as a bombardment."""

from __future__ import annotations

import itertools

import pytest

from tacforge.engine.ai.rates import expected_kills
from tacforge.engine.rules import fire_core
from tacforge.engine.sim.battle import Battle

SCENARIOS = [("western", "bocage_crossroads"), ("eastern", "steppe_village")]


@pytest.mark.parametrize("pack, scenario_id", SCENARIOS)
def test_expected_kills_through_the_compiled_loop_are_fire_pys(bundled, pack, scenario_id, monkeypatch):
    content = bundled.content(pack)
    battle = Battle(content, content.scenario(scenario_id), seed=1)
    classes = content.unit_classes
    weapons = {u.weapon.id: (u.weapon, u.nationality) for u in battle.state.units.values()}
    cases = []
    for (firer, nationality), (target, _) in itertools.product(weapons.values(), repeat=2):
        f_cls, t_cls = classes[firer.unit_class], classes[target.unit_class]
        for rng, cover, moving, pulses in itertools.product(range(firer.mr + 1), (False, True), (False, True), (2, 4)):
            speed = target.sp if moving else 0
            for indirect in {f_cls.indirect_only, False}:
                args = (firer, f_cls, 2, nationality, moving, target, t_cls, cover, speed, moving, rng, pulses, True)
                cases.append((*args, indirect))
    compiled = [expected_kills(battle, *case) for case in cases]
    monkeypatch.setattr(fire_core, "USE_COMPILED", False)
    plain = [expected_kills(battle, *case) for case in cases]
    assert [repr(k) for k in compiled] == [repr(k) for k in plain]
    assert sum(k > 0 for k in plain) > 100  # (not only zeros)
