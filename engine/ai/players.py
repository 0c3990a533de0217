"""Players give orders each turn. The computer player follows the manuals' strategy notes (rules-reference 12.0
strategy, 13 U13): attackers advance in formation on the objective with infantry mounted until contact, call
artillery on what they see and close on suppressed enemies; defenders hold cover near the objective with short
ambush ranges, keep guns and armour back, and strike at attackers that reach the objective area.

The player keeps no state between turns: everything it decides follows from the battle state, so a saved game
continues exactly as it would have.
"""

from __future__ import annotations

from typing import Protocol

from ..sim import orders as o
from ..sim.battle import Battle
from ..sim.command import chebyshev, position
from ..sim.orders import bombard_range, can_bombard
from ..sim.state import UnitState
from .terrain import cover_near, hunting_goal, objective_slots

# Ranges while advancing: tanks engage at 6 so they close in rather than duel at long range; infantry at 2;
# carriers and soft vehicles not at all. Tank destroyers, assault guns and guns keep their full range (overwatch).
ADVANCE_RANGE = {"tank": 6, "armoured_car": 4, "rifle": 2, "smg": 2, "hmg": 4, "carrier": 0, "truck": 0}
STUCK_PULSES = 8  # firing at one target for two turns outside the objective area: push on


class Player(Protocol):
    def orders(self, battle: Battle, side: str) -> list: ...


class PassivePlayer:
    """Never gives an order: its units stay where they were deployed."""

    def orders(self, battle: Battle, side: str) -> list:
        return []


class ComputerPlayer:
    def __init__(self, patience: int | None = None):
        self.patience = patience  # turns a defender waits for an attack before it goes looking for one

    def orders(self, battle: Battle, side: str) -> list:
        state = battle.state
        hunting = side not in state.attackers and self._tired_of_waiting(battle, side)
        attacking = side in state.attackers or hunting
        seen = [state.units[uid] for uid in sorted(battle.seen_by_side[side]) if state.units[uid].on_map]
        out: list = []
        letters = sorted({u.letter for u in state.side_units(side) if u.alive and not u.offmap})
        slots = objective_slots(battle, side, letters, hunting_goal(battle, side, seen) if hunting else None)
        for letter in letters:
            members = sorted((u for u in state.side_units(side) if u.letter == letter and u.alive and not u.offmap),
                             key=lambda u: u.index)
            if attacking:
                out += self._attack(battle, members, slots[letter], seen, final=not hunting)
            else:
                out += self._defend(battle, side, members, seen)
        out += self._artillery(battle, side, seen)
        return out

    # -- doctrine -------------------------------------------------------------------------------------------------
    def _tired_of_waiting(self, battle: Battle, side: str) -> bool:
        state = battle.state
        patience = self.patience if self.patience is not None else max(2, state.last_turn // 4)
        center = state.objective_center
        if state.turn < patience or center is None:
            return False
        threat = [u for u in state.units.values() if u.side != side and u.on_map
                  and chebyshev(position(u, state), center) <= 15]
        return not threat

    def _attack(self, battle: Battle, members: list[UnitState], goal, seen, final: bool) -> list:
        state, out = battle.state, []
        hq = next((u for u in members if u.is_hq), None)
        base = hq.start_pos if hq is not None and hq.start_pos else members[0].start_pos
        in_area = lambda pos: state.objective_center is not None and chebyshev(pos, state.objective_center) <= 9  # noqa: E731
        for unit in members:
            if unit.routed or unit.carrier is not None or unit.pos is None:
                continue
            cls = battle.unit_class(unit)
            near = [e for e in seen if chebyshev(unit.pos, position(e, state)) <= 12]
            if unit.passengers and (near or chebyshev(unit.pos, goal) <= 6):
                out.append(o.Disembark(unit.uid))
                if not cls.armoured or unit.weapon.unit_class in ("carrier", "truck"):
                    if unit.objectives:
                        out.append(o.Cancel(unit.uid))  # empty transports stay back
                    continue
            if unit.weapon.sp == 0 or (cls.bombard and unit.mission is not None):
                continue
            if not unit.passengers and unit.weapon.unit_class in ("carrier", "truck") and unit.initial_count and \
                    any(state.units[p].start_pos == unit.start_pos for p in state.units if state.units[p].side == unit.side
                        and state.units[p].carrier is None and state.units[p].letter == unit.letter and p != unit.uid
                        and battle.unit_class(state.units[p]).infantry):
                continue  # a transport that has unloaded waits where it is
            if not final and near:
                # hunting a passive enemy: stop when it comes into view and shoot from where we stand, at full
                # range: a stationary unit is far harder to see than a moving one (7.1)
                if unit.objectives:
                    out.append(o.Cancel(unit.uid))
                if unit.range_limit != unit.weapon.mr:
                    out.append(o.SetRange(unit.uid, unit.weapon.mr))
                continue
            out += self._set_range(battle, unit, in_area(unit.pos) or not final)
            target = self._assault_target(battle, unit, seen)
            if target is not None:
                if target not in unit.objectives[:1]:
                    out.append(o.Move(unit.uid, target))
                continue
            offset = (0, 0)
            if unit.start_pos and base:
                offset = (max(-3, min(3, unit.start_pos[0] - base[0])), max(-3, min(3, unit.start_pos[1] - base[1])))
            want = (goal[0] + offset[0], goal[1] + offset[1])
            want = (min(max(want[0], 0), battle.map.width - 1), min(max(want[1], 0), battle.map.height - 1))
            if chebyshev(unit.pos, want) <= 1:
                continue
            if not unit.objectives or chebyshev(unit.objectives[-1], want) > 3:
                out.append(o.Move(unit.uid, want))
        return out

    def _set_range(self, battle: Battle, unit: UnitState, in_area: bool) -> list:
        wanted = unit.weapon.mr
        if not in_area:
            wanted = min(wanted, ADVANCE_RANGE.get(unit.weapon.unit_class, wanted))
            if unit.pulses_at_target >= STUCK_PULSES:
                wanted = 0
        if wanted != unit.range_limit:
            return [o.SetRange(unit.uid, wanted)]
        return []

    def _assault_target(self, battle: Battle, unit: UnitState, seen) -> tuple[int, int] | None:
        """Infantry and tanks close on a nearby enemy that is fully suppressed (strategy note to 7.6)."""
        cls = battle.unit_class(unit)
        if not (cls.infantry or unit.weapon.unit_class == "tank"):
            return None
        limit = float(battle.params["suppression_no_search_above"])
        for enemy in sorted(seen, key=lambda e: (chebyshev(unit.pos, position(e, battle.state)), e.uid)):
            pos = position(enemy, battle.state)
            if chebyshev(unit.pos, pos) <= 3 and enemy.suppression > limit:
                return pos
        return None

    def _defend(self, battle: Battle, side: str, members: list[UnitState], seen) -> list:
        state, out = battle.state, []
        center = state.objective_center
        intruders = [e for e in seen if center is not None and chebyshev(position(e, state), center) <= 9]
        for unit in members:
            if unit.routed or unit.carrier is not None or unit.pos is None:
                continue
            cls = battle.unit_class(unit)
            if unit.passengers:
                out.append(o.Disembark(unit.uid))
            if state.turn == 1:
                if cls.infantry and unit.range_limit > 3:
                    out.append(o.SetRange(unit.uid, 3))  # ambush: hold fire until they are close
                if center is not None and unit.weapon.sp > 0 and not battle.grid.cover[unit.pos[1], unit.pos[0]]:
                    spot = cover_near(battle, unit, center)
                    if spot is not None and spot != unit.pos:
                        out.append(o.Move(unit.uid, spot))
            if intruders and unit.weapon.unit_class in ("tank", "armoured_car") and not unit.objectives:
                nearest = min(intruders, key=lambda e: (chebyshev(unit.pos, position(e, state)), e.uid))
                out.append(o.Move(unit.uid, position(nearest, state)))  # the armoured reserve counterattacks
        return out

    def _artillery(self, battle: Battle, side: str, seen) -> list:
        state, out = battle.state, []
        if not seen:
            return out
        guns = [u for u in state.side_units(side) if u.alive and not u.routed and u.mission is None and u.ammo > 0
                and can_bombard(u, battle.content) and u.carrier is None]
        observers = sorted((u for u in state.side_units(side) if u.on_map and not u.offmap), key=lambda f: f.uid)
        taken: set = set()
        for gun in sorted(guns, key=lambda u: u.uid):
            here = position(gun, state)
            best = None
            for enemy in seen:
                pos = position(enemy, state)
                if pos in taken or (here is not None and chebyshev(here, pos) > bombard_range(gun)):
                    continue
                if here is not None and chebyshev(here, pos) <= 1:
                    continue
                if any(position(f, state) == pos for f in observers):
                    continue
                value = sum(battle.unit_class(e).objective_vp * e.count for e in seen if position(e, state) == pos)
                spotter = next((f for f in sorted(observers, key=lambda f: (f.letter != gun.letter, not f.is_hq, f.uid))
                                if battle.sees(f.pos, pos)), None)
                if spotter is not None and (best is None or value > best[0]):
                    best = (value, pos, spotter)
            if best is not None:
                taken.add(best[1])
                out.append(o.Bombard(gun.uid, best[2].uid, best[1]))
        return out
