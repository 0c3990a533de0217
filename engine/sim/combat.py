"""One unit's part of a pulse (docs/rules.md 6.2-6.8, 6.13-6.15): search, select a target, fire, and what the
fire does to the target (kills, suppression, disembarking under fire, rout)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from ..rules import fire as rf
from ..rules import sighting
from ..rules import suppression as rs
from ..rules.fire_core import Shot
from ..rules.geometry import chebyshev
from ..rules.los import FACING_VECTORS, FACINGS, facing_index, front_arc, in_arc
from . import events as ev
from .battle_view import BattleView
from .command import position, square_of
from .fire_inputs import firer_of, shot_of, target_of
from .orders import disembark
from .roster import Listed, Roster
from .state import GameState, UnitState
from .victory import kill_vp

_compiled: ModuleType | None
try:  # the compiled search (_search_core.c), built by make setup; without it the loop below runs in Python
    from . import _search_core as _compiled
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _compiled = None

USE_COMPILED = True  # tests switch it off to play the same battle through the Python search

# rules.los.FACING_VECTORS by the state's facings and the manual's numbers, for the compiled search
_VECTORS: dict[int | str, tuple[int, int]] = {**dict(zip(FACINGS, FACING_VECTORS, strict=True))}
_VECTORS.update({i + 1: v for i, v in enumerate(FACING_VECTORS)})


def is_moving(unit: UnitState, battle: BattleView) -> bool:
    """A5: it has an objective, a speed, no delay left, is not pinned (routed units always move)."""
    if unit.routed:
        return True
    return (
        bool(unit.objectives)
        and unit.speed > 0
        and unit.delay == 0
        and not rs.is_pinned(unit.suppression, battle.params)
    )


def sighting_range(target: UnitState, battle: BattleView) -> float:
    """How far away the target can be sighted now, where it stands (rules.sighting)."""
    pos = position(target, battle.state)
    return sighting.sighting_range(
        target.weapon.sl,
        pos is not None and bool(battle.grid.cover[pos[1], pos[0]]),
        target.uid in battle.moving,
        battle.state.visibility,
        battle.params.spotting,
    )


def search(
    unit: UnitState, battle: BattleView, reach: int, roster: Roster | None = None, listed: Listed | None = None
) -> list[UnitState]:
    """A search (6.2): every enemy the unit sees for the first time is spotted (a Spotted event, in the order of
    enemies_on_map), and the enemies it sees within `reach` are returned, in that order. It sees an enemy on its
    own square, and one elsewhere within the enemy's sighting range (or seen firing this pulse, battle.revealed) in
    its field of vision and line of sight. The roster lists those within sighting range (or on the unit's square)
    and the revealed ones, less those the side has spotted beyond the reach of every search from the square, and
    only they are tested for the arc and the line of sight. An enemy the side has already spotted
    and that is out of reach is not tested at all: seeing it changes nothing (docs/engine.md, "Performance").
    `roster` is the side's (battle.roster) and `listed` its lists for the unit's square (near_or_revealed), when
    the caller has them at hand."""
    a = unit.pos
    if a is None:
        return []
    if roster is None:
        roster = battle.roster(unit.side)
    if listed is None:
        if _compiled is not None and USE_COMPILED:
            marks = roster.revealed_marks(battle.revealed.get(unit.side))
            return _compiled.search(roster.context or _search_context(roster, battle), marks, unit, reach)
        listed = roster.near_or_revealed(a, battle.revealed.get(unit.side))
    near, distances = listed
    if not near:
        return []  # no enemy in sight range of the square: half the searches of a large battle, most of a small one
    found = []
    units = roster.units
    spotted = battle.seen_by_side[unit.side]
    known, vis = battle.los_known, battle.state.visibility  # battle.sees, inline where it knows the answer
    degrees = None
    fx = fy = 0
    exact_arc = False  # in_arc's exact integer tests, with the facing (fx, fy) looked up once
    for i, d in zip(near, distances, strict=True):
        e = units[i]
        if e.count <= 0:  # destroyed since the roster was made
            continue
        if d > reach and e.uid in spotted:
            continue
        if d:
            b = e.pos
            assert b is not None  # the roster's enemies stand on the map (its units are dropped when one leaves it)
            tx, ty = b[0] - a[0], b[1] - a[1]
            if degrees is None:
                degrees = battle.params.spotting.field_of_view(unit.uid in battle.moving)
                if degrees in (90, 180):
                    fx, fy = FACING_VECTORS[facing_index(unit.facing)]
                    exact_arc = True
            if exact_arc:
                dot = fx * tx + fy * ty
                if dot < 0 or degrees == 90 and 2 * dot * dot < (fx * fx + fy * fy) * (tx * tx + ty * ty):
                    continue
            elif not in_arc(a, unit.facing, b, degrees):
                continue
            los = known.get((a, b) if a <= b else (b, a))
            if los is None:
                if not battle.sees(a, b):
                    continue
            elif not (los and d <= vis):
                continue
        battle.note_spotted(unit, e)  # units always see their own square
        if d <= reach:
            found.append(e)
    return found


def _search_context(roster: Roster, battle: BattleView) -> tuple:
    """The roster as the compiled search reads it (_search_core.c, CTX_*), kept on the roster."""
    spotting = battle.params.spotting
    roster.context = (
        roster.table.tobytes(),  # read in place (no buffer request per call)
        roster.units,
        roster.uids,
        roster.spotted if roster.spotted is not None else set(),
        battle.los_known,
        battle.sees,
        battle.note_spotted,
        battle.state.visibility,
        battle.moving,
        spotting.field_of_view_moving,
        spotting.field_of_view_stationary,
        _VECTORS,
        _vector_of,
        in_arc,
    )
    return roster.context


def _vector_of(facing: int | str) -> tuple[int, int]:
    return FACING_VECTORS[facing_index(facing)]


def keeps_target(unit: UnitState, target: UnitState, reach: int, roster: Roster, battle: BattleView) -> bool:
    """Whether the unit keeps the living target it had (6.3: "sighted enemy units within the target-selection
    range"): the target is within `reach` and the unit still sights it (6.2, what a search tests: on the unit's
    square, or within the target's sighting range - or seen firing - in the unit's field of vision and line of
    sight), and it is not infantry stunned by suppression off the unit's square. Keeping it needs no search. A
    target that drives behind a hill, behind the unit's back or stops out of sighting range is lost, and the unit
    searches again. The target's sighting range is the roster's where the roster lists it (the same number as
    sighting_range's: Roster)."""
    a, b = unit.square, square_of(target, battle.state)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = max(dx if dx >= 0 else -dx, dy if dy >= 0 else -dy)  # chebyshev(a, b)
    if d > reach:
        return False
    if not d:
        return True  # units always search their own square
    i = roster.index.get(target.uid)
    seen_within = roster.sighting[i] if i is not None else sighting_range(target, battle)
    if d > seen_within and target.uid not in battle.revealed.get(unit.side, ()):
        return False
    if not in_arc(a, unit.facing, b, battle.params.spotting.field_of_view(unit.uid in battle.moving)):
        return False
    if not battle.sees(a, b):
        return False
    stunned = target.suppression >= float(battle.params.suppression.suppression_retarget)
    return not (stunned and battle.unit_class(target).infantry)


def select_target(unit: UnitState, battle: BattleView) -> tuple[UnitState | None, bool]:
    """The unit's target for this pulse and whether it was newly selected (7.2)."""
    state = battle.state
    current = state.units.get(unit.target) if unit.target else None
    here = unit.pos  # a unit that fires is on the map (Battle.combat_phase)
    assert here is not None
    # The side's roster and its lists for the square: no event comes before the search below, so the same then.
    roster = battle.roster(unit.side)
    context = None
    if _compiled is not None and USE_COMPILED:  # the search below goes through the whole roster too
        listed = None
        context = roster.context or _search_context(roster, battle)
        intruder = _compiled.standing_on(context, here)
    else:
        listed = roster.near_or_revealed(here, battle.revealed.get(unit.side))
        intruder = roster.standing_on(listed)
    if intruder is not None and (current is None or position(current, state) != here):
        return intruder, True  # an enemy entering the unit's square is fired on at once
    reach = min(unit.range_limit, unit.weapon.mr, state.visibility)  # the target-selection range
    if current is not None and current.count > 0 and keeps_target(unit, current, reach, roster, battle):
        return current, False
    suppression = unit.suppression
    # unsuppressed, a unit searches (the limit is a parameter of at least 0) and the chance to fail is 0: its draw
    # is made all the same
    if suppression and suppression > float(battle.params.suppression.suppression_no_search_above):
        return None, False
    u = state.rng.random()  # drawn by every unit that searches, in the order of the pulse
    if suppression and rs.fails_to_search(suppression, u, battle.params):
        return None, False
    if _compiled is not None and context is not None:  # search(), compiled, without its call
        revealed = battle.revealed.get(unit.side)
        candidates = _compiled.search(context, roster.revealed_marks(revealed) if revealed else None, unit, reach)
    else:
        candidates = search(unit, battle, reach, roster, listed)
    if unit.priority:
        chosen = next((e for e in candidates if e.uid == unit.priority), None)
        if chosen is not None:
            return chosen, chosen.uid != unit.target
    if not candidates:
        return None, False
    if unit.weapon.mp > 0:
        classes = battle.content.unit_classes
        armoured = [e for e in candidates if classes[e.weapon.unit_class].armoured]  # battle.unit_class, inline
        if armoured:
            candidates = armoured
    # the nearest, the least uid among the nearest; a lone candidate is chosen without its key
    chosen = candidates[0] if len(candidates) == 1 else min(candidates, key=_nearest_key(here, state))
    return chosen, chosen.uid != unit.target


def _nearest_key(here: tuple[int, int], state: GameState) -> Callable[[UnitState], tuple[int, str]]:
    return lambda e: (chebyshev(here, square_of(e, state)), e.uid)


def unit_fires(unit: UnitState, battle: BattleView) -> None:
    if unit.mission is not None or unit.ammo <= 0 or unit.weapon.mr == 0 and unit.siw is None:
        return
    target, new = select_target(unit, battle)
    if target is None:
        unit.target, unit.pulses_at_target = None, 0
        return
    if target.uid != unit.target:
        unit.target, unit.pulses_at_target = target.uid, 0
    distance = chebyshev(unit.square, square_of(target, battle.state))
    if new and distance > 0 and not battle.unit_class(unit).fire_on_selection:
        return  # assault guns, tank destroyers and artillery fire from the next pulse (7.2)
    unit.pulses_at_target += 1
    unit.ammo -= 1
    unit.fired = True
    resolve_attack(unit, target, distance, battle)


def resolve_attack(unit: UnitState, target: UnitState, distance: int, battle: BattleView) -> None:
    content, params, flags = battle.content, battle.params, battle.flags
    target_cls = battle.unit_class(target)
    pulses = unit.pulses_at_target
    siw = unit.siw
    notes = []
    if siw is not None and distance == 0 and target_cls.armoured:
        result = rf.siw_attack(
            firer_of(unit, battle, siw),
            target_of(target, battle),
            men=unit.count,
            pulses=pulses,
            params=params,
            flags=flags,
            reports=battle.reports,
        )
        shot = Shot.from_result(result)
        weapon_name = siw.name
        if siw.single_use:  # once per game (flamethrower, Panzerfaust); then the default SIW, grenades (6.1)
            unit.siw = content.resolve_weapon(battle.ruleset.default_siw, (unit.nationality,))
            notes.append(f"{siw.name} used up")
    elif battle.unit_class(unit).indirect_only:
        shot = shot_of(unit, target, distance, 4, None, battle, indirect=True)
        weapon_name = unit.weapon.name
    else:
        arc = None
        if target_cls.armoured and distance > 0:
            arc = front_arc(square_of(target, battle.state), target.facing, unit.square)
        shot = shot_of(unit, target, distance, pulses, arc, battle)
        weapon_name = unit.weapon.name
    apply_shot(unit, target, shot, distance, weapon_name, battle, notes)
    after_attack(unit, target, pulses, distance, battle)


def after_attack(unit: UnitState, target: UnitState, pulses: int, distance: int, battle: BattleView) -> None:
    """Whether the firer is sighted (6.13), and a moving target's close combat (7.15)."""
    params = battle.params
    if unit.uid not in battle.revealed.get(target.side, ()):
        if battle.state.rng.random() < float(rs.firing_sighting_chance(pulses, distance)):
            battle.revealed.setdefault(target.side, set()).add(unit.uid)
    target_cls = battle.unit_class(target)
    close = target_cls.armoured or target_cls.infantry  # 6.14: not trucks or guns
    if (
        close
        and target.alive
        and target.uid in battle.moving
        and target.range_limit == 0
        and distance <= params.units.close_combat_range
    ):
        if unit.square not in target.objectives[:1]:
            target.objectives.insert(0, unit.square)  # close-combat mode: go for the firer (7.15)


def apply_shot(
    unit: UnitState,
    target: UnitState,
    shot: Shot,
    distance: int,
    weapon_name: str,
    battle: BattleView,
    notes: list | None = None,
) -> None:
    """A shot's numbers applied to the target: whole kills, suppression, the Fired event and what follows."""
    state, params = battle.state, battle.params
    kills = rs.resolve_kills(shot.kills, state.rng.random(), target.count)
    defence = shot.defence
    target.suppression = float(
        rs.add_suppression(
            target.suppression, shot.suppression, armoured=battle.unit_class(target).armoured, params=params
        )
    )
    battle.emit(
        ev.Fired(
            state.turn,
            state.pulse,
            unit.uid,
            target.uid,
            weapon_name,
            distance,
            shot.report,
            int(shot.pulses),
            shot.accuracy,
            shot.penetration,
            defence,
            shot.kills,
            kills,
            float(shot.suppression),
            tuple(notes) + shot.reasons if notes else shot.reasons,
        )
    )
    if kills:
        apply_kills(target, kills, unit, battle)
    elif shot.suppression:
        battle.emit(ev.Suppressed(state.turn, state.pulse, target.uid, round(target.suppression, 3)))
    if target.alive and target.passengers:
        tows = battle.content.carries(target.weapon) == "all"
        if kills or (not tows and target.suppression >= float(params.suppression.suppression_cap_armoured)):
            battle.emit(*disembark(target, state, battle.content, under_fire=True))
    if kills and battle.flags.panic_rules and target.alive and not target.routed:
        check_rout(target, kills, defence, battle)


def apply_kills(target: UnitState, kills: int, by: UnitState | None, battle: BattleView) -> None:
    state = battle.state
    vehicles_before = target.count
    target.count -= kills
    if by is not None:
        state.kill_vp[by.side] = state.kill_vp.get(by.side, 0) + kill_vp(target.weapon, battle.content) * kills
    battle.emit(
        ev.Killed(state.turn, state.pulse, target.uid, by.uid if by else "", kills, target.count, target.count == 0)
    )
    if target.passengers:
        lost = {}
        for uid in list(target.passengers):  # riders in destroyed vehicles die with them (13 U16)
            rider = state.units[uid]
            dead = min(rider.count, round(rider.count * kills / vehicles_before))
            if dead:
                lost[uid] = dead
                rider.count -= dead
                if by is not None:
                    state.kill_vp[by.side] += kill_vp(rider.weapon, battle.content) * dead
                battle.emit(
                    ev.Killed(state.turn, state.pulse, uid, by.uid if by else "", dead, rider.count, rider.count == 0)
                )
        if not target.alive:
            battle.emit(*disembark(target, state, battle.content, under_fire=True, lost=lost))
    if not target.alive:
        target.target = None
        target.objectives.clear()
        target.mission = None


def check_rout(target: UnitState, kills: int, defence: float, battle: BattleView) -> None:
    """BG 7.8 (A14): rout if KILLS x DELAY x U1 x m > SURVIVORS x U2; defence is the DF, or the armour fired on."""
    p, rng = battle.params, battle.state.rng
    cls = battle.unit_class(target)
    m = 1
    if defence < p.panic.rout_soft_defence_below:
        m *= p.panic.rout_low_defence_multiplier
    if not cls.vehicle:
        m *= p.panic.rout_non_vehicle_multiplier
    delay = battle.state.delays[target.side][0]
    if kills * delay * rng.random() * m > target.count * rng.random():
        target.routed = True
        target.objectives.clear()
        target.target = None
        target.mission = None
        battle.emit(ev.Routed(battle.state.turn, battle.state.pulse, target.uid))
