"""Players give orders each turn. The computer player follows the manuals' strategy notes (rules-reference 12.0
strategy, 13 U13): attackers advance in formation on the objective with infantry mounted until contact, call
artillery on what they see and close on suppressed enemies; defenders hold cover near the objective with short
ambush ranges, keep guns and armour back, and strike at attackers that reach the objective area."""

from __future__ import annotations

from typing import Protocol

from ..sim import orders as o
from ..sim.battle import Battle
from ..sim.command import chebyshev, position
from ..sim.orders import bombard_range, can_bombard
from ..sim.state import UnitState
from .terrain import cover_near, objective_slots


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
        attacking = side in state.attackers or self._tired_of_waiting(battle, side)
        out: list = []
        seen = [state.units[uid] for uid in battle.seen_by_side[side] if state.units[uid].on_map]
        letters = sorted({u.letter for u in state.side_units(side) if u.alive and not u.offmap})
        slots = objective_slots(battle, side, letters)
        for letter in letters:
            members = [u for u in state.side_units(side) if u.letter == letter and u.alive and not u.offmap]
            if attacking:
                out += self._attack(battle, side, members, slots[letter], seen)
            else:
                out += self._defend(battle, side, members, seen)
        out += self._artillery(battle, side, seen)
        return out

    # -- doctrine -------------------------------------------------------------------------------------------------
    def _tired_of_waiting(self, battle: Battle, side: str) -> bool:
        state = battle.state
        patience = self.patience if self.patience is not None else max(3, state.last_turn // 3)
        center = state.objective_center
        if state.turn < patience or center is None:
            return False
        threat = [u for u in state.units.values() if u.side != side and u.on_map
                  and chebyshev(position(u, state), center) <= 15]
        return not threat

    def _attack(self, battle: Battle, side: str, members: list[UnitState], goal, seen) -> list:
        state, out = battle.state, []
        hq = next((u for u in members if u.is_hq), None)
        anchor = position(hq, state) if hq else position(members[0], state)
        contact = anchor is not None and any(chebyshev(anchor, position(e, state)) <= 8 for e in seen)
        near_goal = anchor is not None and chebyshev(anchor, goal) <= 5
        for unit in members:
            if unit.routed or unit.carrier is not None or unit.pos is None or unit.weapon.sp == 0:
                continue
            cls = battle.unit_class(unit)
            if unit.passengers and (contact or near_goal):
                out.append(o.Disembark(unit.uid))
            if cls.bombard and unit.mission is not None:
                continue
            target = self._assault_target(battle, unit, seen)
            if target is not None:
                if target not in unit.objectives[:1]:
                    out.append(o.Move(unit.uid, target))
                continue
            offset = (unit.pos[0] - anchor[0], unit.pos[1] - anchor[1]) if anchor else (0, 0)
            spread = (max(-3, min(3, offset[0])), max(-3, min(3, offset[1])))
            want = (goal[0] + spread[0], goal[1] + spread[1]) if not unit.is_hq else goal
            if chebyshev(unit.pos, want) <= 1:
                if unit.objectives:
                    out.append(o.Cancel(unit.uid))
                continue
            if not unit.objectives or chebyshev(unit.objectives[-1], want) > 2:
                out.append(o.Move(unit.uid, want))
        return out

    def _assault_target(self, battle: Battle, unit: UnitState, seen) -> tuple[int, int] | None:
        """Infantry and tanks close on a nearby enemy that is fully suppressed (strategy note to 7.6)."""
        cls = battle.unit_class(unit)
        if not (cls.infantry or unit.weapon.unit_class == "tank"):
            return None
        limit = float(battle.params["suppression_no_search_above"])
        for enemy in sorted(seen, key=lambda e: chebyshev(unit.pos, position(e, battle.state))):
            pos = position(enemy, battle.state)
            if chebyshev(unit.pos, pos) <= 3 and enemy.suppression > limit:
                return pos
        return None

    def _defend(self, battle: Battle, side: str, members: list[UnitState], seen) -> list:
        state, out = battle.state, []
        center = state.objective_center
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
            intruders = [e for e in seen if center is not None and chebyshev(position(e, state), center) <= 9]
            if intruders and unit.weapon.unit_class in ("tank", "armoured_car") and not unit.objectives:
                nearest = min(intruders, key=lambda e: chebyshev(unit.pos, position(e, state)))
                out.append(o.Move(unit.uid, position(nearest, state)))  # the armoured reserve counterattacks
        return out

    def _artillery(self, battle: Battle, side: str, seen) -> list:
        state, out = battle.state, []
        if not seen:
            return out
        guns = [u for u in state.side_units(side) if u.alive and not u.routed and u.mission is None and u.ammo > 0
                and can_bombard(u, battle.content) and u.carrier is None]
        observers = [u for u in state.side_units(side) if u.on_map and not u.offmap]
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
