"""The rules' view of a unit in a shot (engine.rules.fire's Firer and Target), shared by direct fire (combat.py) and
bombardment missions (bombard.py); and the same inputs passed to the compiled fire (engine.rules.fire_core)."""

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


def compiled_shot(
    unit: UnitState,
    target: UnitState,
    distance: int,
    pulses: int,
    arc: bool | None,
    battle: BattleView,
    indirect: bool = False,
) -> fire_core.Shot | None:
    """rules.fire.direct_fire(firer_of(unit), target_of(target), ...), or indirect_fire with `indirect`, through
    the compiled loop, as a Shot; None where it does not apply (then the caller asks rules.fire)."""
    weapon = unit.weapon
    pos = square_of(target, battle.state)
    moving = battle.moving
    return fire_core.shot(
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
