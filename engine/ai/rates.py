"""Expected kills per pulse, from the fire formulas of engine.rules.fire (docs/rules.md 6.4-6.6, 3.10), and the
victory points at stake: what the computer player weighs its moves with. Pure and memoised."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..caching import LRU
from ..rules import fire as rf
from ..rules import fire_core
from ..sim.victory import kill_vp

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import UnitState


def content_memo(battle: Battle, name: str, limit: int) -> LRU:
    """A memo kept with the battle's content (Content.memos), of at most `limit` entries: what the computer player
    works out from the rules data is shared by the battles of that content and by no other (an edited copy of the
    pack, the scenario's own parameters)."""
    memo = battle.content.memos.get(name)
    if memo is None:  # setdefault: two threads that get here at once share one memo
        memo = battle.content.memos.setdefault(name, LRU(limit))
    return memo


def kill_rate(
    battle: Battle,
    firer: UnitState,
    target_weapon,
    rng: int,
    pulses: int,
    *,
    front: bool = True,
    cover: bool = False,
    target_moving: bool = False,
    target_speed: int = 0,
    count: int | None = None,
    firer_moving: bool = False,
) -> float:
    """Expected kills per pulse of `firer` against one unit armed with `target_weapon` (memoised; pure)."""
    content = battle.content
    weapon = firer.weapon
    n = firer.count if count is None else count
    if n <= 0 or weapon.mr <= 0 or rng > weapon.mr:
        return 0.0
    key = (
        weapon.id,
        n,
        firer.nationality,
        target_weapon.id,
        rng,
        pulses,
        front,
        cover,
        target_moving,
        target_speed > 0,
        firer_moving,
    )
    rates = content_memo(battle, "ai.kill_rate", 200_000)
    hit = rates.get(key)
    if hit is not None:
        return hit
    classes = content.unit_classes
    value = expected_kills(
        battle,
        weapon,
        classes[weapon.unit_class],
        n,
        firer.nationality,
        firer_moving,
        target_weapon,
        classes[target_weapon.unit_class],
        cover,
        target_speed,
        target_moving,
        rng,
        pulses,
        front,
        classes[weapon.unit_class].indirect_only,
    )
    return rates.put(key, value)


def expected_kills(
    battle: Battle,
    weapon,
    f_cls,
    count: int,
    nationality: str,
    firer_moving: bool,
    target_weapon,
    t_cls,
    cover: bool,
    target_speed: int,
    target_moving: bool,
    rng: int,
    pulses: int,
    front: bool,
    indirect: bool,
) -> float:
    """The kills of rules.fire (direct fire at `rng` for `pulses`, or with `indirect` a 4-pulse bombardment) of
    `count` weapons, unsuppressed, at an unsuppressed target; 0.0 where fire.py refuses the attack.
    Through the compiled loop that the battle's shots take (rules.fire_core, the same numbers as fire.py; tests hold
    the two equal), else through fire.py: the computer player asks this for every range, cover and kind it meets."""
    arc = front if t_cls.armoured else None
    shot = fire_core.shot(
        fire_core.tables(battle.params, battle.flags, battle.reports),
        weapon,
        f_cls,
        nationality,
        count,
        firer_moving,
        0,
        target_weapon,
        t_cls,
        cover,
        target_speed,
        target_moving,
        0,
        rng,
        4 if indirect else pulses,
        arc,
        indirect,
    )
    if shot is not None:
        return float(shot.kills)
    f = rf.Firer.from_weapon(weapon, f_cls, count, nationality=nationality, moving=firer_moving)
    t = rf.Target.from_weapon(target_weapon, t_cls, in_cover=cover, speed_setting=target_speed, moving=target_moving)
    try:
        if indirect:
            res = rf.indirect_fire(f, t, pulses=4, params=battle.params, flags=battle.flags)
        else:
            res = rf.direct_fire(
                f, t, range_=rng, pulses=pulses, front_arc=arc, params=battle.params, flags=battle.flags
            )
        return float(res.kills)
    except ValueError:
        return 0.0


def rate_table(
    battle: Battle, enemy: UnitState, weapon, reach: int, pulses: int, armoured: bool, moving: bool
) -> np.ndarray:
    """kill_rate of `enemy` against `weapon` for every range 0..reach, in the open (row 0) and in cover (row 1).
    Expected kills grow in proportion to the weapons firing (6.4, 6.5), so the table is kept per weapon."""
    return rate_table_one(battle, enemy, weapon, reach, pulses, armoured, moving) * enemy.count


def rate_table_one(
    battle: Battle, enemy: UnitState, weapon, reach: int, pulses: int, armoured: bool, moving: bool
) -> np.ndarray:
    """rate_table for one weapon of the enemy's (shared: do not modify it)."""
    key = (enemy.weapon.id, enemy.nationality, weapon.id, reach, pulses, armoured, moving)
    tables = content_memo(battle, "ai.rate_table", 20_000)
    hit = tables.get(key)
    if hit is None:
        hit = np.zeros((2, reach + 1))
        for r in range(reach + 1):
            for c in (0, 1):
                hit[c, r] = rate_entry(battle, enemy, weapon, r, c, pulses, armoured, moving)
        tables.put(key, hit)
    return hit


def rate_entry(
    battle: Battle, enemy: UnitState, weapon, rng: int, cover: int, pulses: int, armoured: bool, moving: bool
) -> float:
    """One entry of rate_table_one: row `cover` (0 open, 1 cover), column `rng`. For the maps that read only a few
    of a table's entries (threat_maps fills its kinds' tables lazily)."""
    return kill_rate(
        battle,
        enemy,
        weapon,
        rng,
        pulses,
        front=armoured,
        cover=bool(cover),
        target_moving=moving,
        target_speed=weapon.sp if moving else 0,
        count=1,
    )


def siw_rate(battle: Battle, unit: UnitState, target: UnitState) -> float:
    """Expected kills per pulse of a platoon's special weapon against an armoured vehicle in its square."""
    if unit.siw is None or not battle.unit_class(target).armoured:
        return 0.0
    key = (unit.siw.id, unit.count, unit.nationality, target.weapon.id)
    rates = content_memo(battle, "ai.siw_rate", 200_000)
    hit = rates.get(key)
    if hit is None:
        classes = battle.content.unit_classes
        f = rf.Firer.from_weapon(unit.siw, classes[unit.siw.unit_class], unit.count, nationality=unit.nationality)
        t = rf.Target.from_weapon(target.weapon, classes[target.weapon.unit_class])
        hit = rates.put(
            key, float(rf.siw_attack(f, t, men=unit.count, pulses=1, params=battle.params, flags=battle.flags).kills)
        )
    return hit


def unit_value(battle: Battle, unit: UnitState) -> float:
    """VP the enemy scores for one more kill on this unit: its weapon, plus riders lost with a vehicle."""
    vp = float(kill_vp(unit.weapon, battle.content))
    if unit.passengers and unit.count:
        riders = sum(
            kill_vp(battle.state.units[p].weapon, battle.content) * battle.state.units[p].count for p in unit.passengers
        )
        vp += riders / unit.count
    return vp


WORTH = 0.5  # a mission must be expected to take at least this many VP


def indirect_rate(battle: Battle, gun: UnitState, target: UnitState, cover: bool) -> float:
    """Expected kills per pulse of a bombardment by `gun` on `target` with the spotter seeing it (P 4)."""
    key = (gun.weapon.id, gun.count, target.weapon.id, cover)
    rates = content_memo(battle, "ai.indirect_rate", 200_000)
    hit = rates.get(key)
    if hit is None:
        classes = battle.content.unit_classes
        hit = expected_kills(
            battle,
            gun.weapon,
            classes[gun.weapon.unit_class],
            gun.count,
            gun.nationality,
            False,
            target.weapon,
            classes[target.weapon.unit_class],
            cover,
            0,
            False,
            0,
            4,
            False,
            True,
        )
        rates.put(key, hit)
    return hit
