"""The rules' view of a unit in a shot (engine.rules.fire's Firer and Target), shared by direct fire (combat.py) and
bombardment missions (bombard.py); and a shot's numbers from them, by the compiled fire (engine.rules.fire_core) or
rules.fire."""

from __future__ import annotations

from ..rules import fire as rf
from ..rules import fire_core
from .battle_view import BattleView
from .command import square_of
from .state import UnitState


def firer_of(unit: UnitState, battle: BattleView, weapon=None) -> rf.Firer:
    """The unit as a firer of its weapon, or of `weapon` (its special infantry weapon)."""
    weapon = weapon or unit.weapon
    return rf.Firer.from_weapon(
        weapon,
        battle.content.unit_classes[weapon.unit_class],
        unit.count,
        nationality=unit.nationality,
        moving=unit.uid in battle.moving,
        suppression=unit.suppression,
    )


def target_of(target: UnitState, battle: BattleView) -> rf.Target:
    pos = square_of(target, battle.state)
    return rf.Target.from_weapon(
        target.weapon,
        battle.unit_class(target),
        in_cover=bool(battle.grid.cover[pos[1], pos[0]]),
        speed_setting=target.speed,
        moving=target.uid in battle.moving,
        suppression=target.suppression,
    )


def shot_of(
    unit: UnitState,
    target: UnitState,
    distance: int,
    pulses: int,
    arc: bool | None,
    battle: BattleView,
    indirect: bool = False,
) -> fire_core.Shot:
    """rules.fire.direct_fire(firer_of(unit), target_of(target), ...), or indirect_fire with `indirect`, as a Shot:
    the compiled loop's numbers (rules.fire_core), else, where it does not apply, rules.fire's result."""
    weapon = unit.weapon
    pos = square_of(target, battle.state)
    moving = battle.moving
    shot = fire_core.shot(
        fire_core.tables(battle.params, battle.flags, battle.reports),
        weapon,
        battle.content.unit_classes[weapon.unit_class],
        unit.nationality,
        unit.count,
        unit.uid in moving,
        unit.suppression,
        target.weapon,
        battle.unit_class(target),
        bool(battle.grid.cover[pos[1], pos[0]]),
        target.speed,
        target.uid in moving,
        target.suppression,
        distance,
        pulses,
        arc,
        indirect,
    )
    if shot is not None:
        return shot
    firer, aimed_at = firer_of(unit, battle), target_of(target, battle)
    params, flags, reports = battle.params, battle.flags, battle.reports
    if indirect:
        result = rf.indirect_fire(firer, aimed_at, pulses=pulses, params=params, flags=flags, reports=reports)
    else:
        result = rf.direct_fire(
            firer, aimed_at, range_=distance, pulses=pulses, front_arc=arc, params=params, flags=flags, reports=reports
        )
    return fire_core.Shot.from_result(result)
