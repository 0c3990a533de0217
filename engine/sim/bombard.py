"""Bombardment missions (docs/rules.md 5.4, 6.6, 13 U17): delay, spotting, drift, firing on every enemy unit in
the target square, cancellation when friends are there."""

from __future__ import annotations

from ..rules import fire as rf
from . import events as ev
from .battle_view import BattleView
from .combat import apply_shot
from .command import position
from .fire_inputs import shot_of
from .state import UnitState

ADJACENT = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def run_mission(unit: UnitState, battle: BattleView) -> None:
    mission, state = unit.mission, battle.state
    if mission is None or not unit.alive or unit.carrier is not None:
        return
    if mission.starts_in > 0:
        mission.starts_in -= 1
        if mission.starts_in == 0:
            battle.emit(ev.BombardmentStarted(state.turn, state.pulse, unit.uid, mission.square))
        return
    if unit.ammo <= 0 or mission.pulses_left <= 0:
        unit.mission = None
        return
    square = mission.square
    units_there = [u for u in battle.units_at(square) if u.count > 0]  # (u.alive, without the call)
    if any(u.side == unit.side for u in units_there):
        unit.mission = None
        battle.emit(ev.BombardmentCancelled(state.turn, state.pulse, unit.uid, "friendly units in the target square"))
        return
    spotter = state.units.get(mission.spotter)
    spotter_pos = position(spotter, state) if spotter is not None and spotter.alive else None
    los = spotter_pos is not None and battle.sees(spotter_pos, square)
    enemies = [u for u in units_there if u.side != unit.side]
    sees_enemy = los and spotter_pos is not None and any(battle.sees_unit_from(spotter_pos, e) for e in enemies)
    pulses = rf.spotting_pulses(los, sees_enemy, battle.params)
    unit.ammo -= 1
    unit.fired = True
    mission.pulses_left -= 1
    attack_square(unit, enemies, pulses, battle, [f"spotting P {pulses}"])
    if not sees_enemy and state.rng.random() < 0.5:  # drift (13 U17)
        dx, dy = ADJACENT[state.rng.randrange(8)]
        new = (min(max(square[0] + dx, 0), battle.map.width - 1), min(max(square[1] + dy, 0), battle.map.height - 1))
        if new != square:
            mission.square = new
            battle.emit(ev.BombardmentDrifted(state.turn, state.pulse, unit.uid, square, new))
    if mission.pulses_left <= 0 or unit.ammo <= 0:
        unit.mission = None


def attack_square(unit: UnitState, enemies: list[UnitState], pulses: int, battle: BattleView, notes: list[str]) -> None:
    """Indirect fire at every enemy unit in the target square, each separately (6.6); also an aircraft's attack
    (engine/sim/air_support.py)."""
    for enemy in enemies:
        if not enemy.alive:
            continue
        shot = shot_of(unit, enemy, 0, pulses, None, battle, indirect=True)
        apply_shot(unit, enemy, shot, 0, unit.weapon.name, battle, notes)
