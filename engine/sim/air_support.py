"""The air_support module (docs/rules.md 16.6-16.10): aircraft called on a square like a bombardment, their passes over
it, the anti-aircraft fire that pins, damages and shoots them down, and the weather that grounds them.

An aircraft is an off-map unit (`<side>:AIR<n>`, built from the scenario's `air_support:` only when the module is
on) whose class says `aircraft`; a sortie is its bombardment mission (orders.Bombard), and its attack goes through
the bombardment pipeline (bombard.attack_square). Battle hands such a unit's mission here instead of to
bombard.run_mission; a scenario without the module has no such unit, so nothing here runs and no number is drawn.
"""

from __future__ import annotations

from ..model import Weapon
from ..rules import fire as rf
from ..rules.geometry import chebyshev
from . import events as ev
from .air_calls import is_air_observer, why_grounded
from .battle_view import BattleView
from .bombard import ADJACENT, attack_square
from .command import position
from .state import AircraftStatus, UnitState


def entry_square(side: str, square: tuple[int, int], battle: BattleView) -> tuple[int, int]:
    """Where on its own side's home edge an aircraft flies in from: level with the target."""
    edge = battle.ruleset.known_side(side).home_edge
    x, y = square
    last_x, last_y = battle.map.width - 1, battle.map.height - 1
    return {"north": (x, 0), "south": (x, last_y), "west": (0, y), "east": (last_x, y)}.get(edge, (x, y))


class AirSupportRule:
    """Flies the sorties of one battle. Made by Battle when its scenario turns the module on."""

    def __init__(self, battle: BattleView):
        self.battle = battle

    def flies(self, unit: UnitState) -> bool:
        return unit.uid in self.battle.state.aircraft

    def run_sortie(self, unit: UnitState) -> None:
        """One pulse of an aircraft's sortie: the call's delay counting down, then its passes (16.7)."""
        battle, state, mission = self.battle, self.battle.state, unit.mission
        if mission is None or not unit.alive:
            return
        if mission.starts_in > 0:
            mission.starts_in -= 1
            return
        weapon = unit.weapon
        if mission.pulses_left == weapon.passes:  # the first pass: the sortie is flown, the bombs aimed
            if why_grounded(unit, state) is not None:  # (a storm cannot start mid-battle; a loaded game may differ)
                unit.mission = None
                return
            unit.ammo -= 1
            mission.square = self._drop_point(unit, mission.square, weapon)
        square = mission.square
        units_there = [u for u in battle.units_at(square) if u.count > 0]
        if any(u.side == unit.side for u in units_there):
            unit.mission = None
            battle.emit(
                ev.BombardmentCancelled(state.turn, state.pulse, unit.uid, "friendly units in the target square")
            )
            return
        enemies = [u for u in units_there if u.side != unit.side]
        caller = state.units.get(mission.spotter)
        battle.emit(
            ev.AirAttack(
                state.turn,
                state.pulse,
                unit.uid,
                unit.side,
                weapon.name,
                square,
                state.aircraft[unit.uid].aimed_at or square,
                entry_square(unit.side, square, battle),
                mission.spotter,
                self._observed(caller, square),
                len(enemies),
            )
        )
        unit.fired = True
        attack_square(
            unit, enemies, self._pulses(caller, square, enemies, weapon), battle, [f"air attack by {weapon.name}"]
        )
        mission.pulses_left -= 1
        self._anti_aircraft_fire(unit, square)
        if unit.mission is not None and mission.pulses_left <= 0:
            unit.mission = None

    # -- the attack ---------------------------------------------------------------------------------------------
    def _observed(self, caller: UnitState | None, square) -> bool:
        if caller is None or not caller.alive or not is_air_observer(caller):
            return False
        here = position(caller, self.battle.state)
        return here is not None and self.battle.sees(here, square)

    def _drop_point(self, unit: UnitState, square: tuple[int, int], weapon: Weapon) -> tuple[int, int]:
        """Where the sortie attacks: guns and rockets where called; bombs drift to a neighbouring square with the
        chance of 16.7, a dive bomber rolling twice and keeping the better roll."""
        battle, state = self.battle, self.battle.state
        state.aircraft[unit.uid].aimed_at = square
        if not weapon.bombs:
            return square
        p = battle.content.parameters.air_support
        caller = state.units.get(unit.mission.spotter) if unit.mission else None
        chance = p.air_drift_observed if self._observed(caller, square) else p.air_drift_unobserved
        drifts = state.rng.random() < chance
        if drifts and weapon.dive_bomber:
            drifts = state.rng.random() < chance
        if not drifts:
            return square
        dx, dy = ADJACENT[state.rng.randrange(8)]
        return (min(max(square[0] + dx, 0), battle.map.width - 1), min(max(square[1] + dy, 0), battle.map.height - 1))

    def _pulses(self, caller: UnitState | None, square, enemies: list[UnitState], weapon: Weapon) -> int:
        """P of the attack (6.6): guns and rockets are aimed by the pilot at what he sees (4); bombs as the caller
        spots for them (16.7), the crew seeing the ground at least (1)."""
        battle = self.battle
        if not weapon.bombs:
            return rf.spotting_pulses(True, True, battle.params)
        here = position(caller, battle.state) if caller is not None and caller.alive else None
        los = here is not None and battle.sees(here, square)
        sees_enemy = los and here is not None and any(battle.sees_unit_from(here, e) for e in enemies)
        return max(1, rf.spotting_pulses(los, sees_enemy, battle.params))

    # -- anti-aircraft fire (16.8) ---------------------------------------------------------------------------------
    def _anti_aircraft_fire(self, unit: UnitState, square: tuple[int, int]) -> None:
        battle, state = self.battle, self.battle.state
        p = battle.content.parameters.air_support
        status = state.aircraft[unit.uid]
        firers = sorted(
            (
                u
                for u in state.units.values()
                if u.side != unit.side
                and u.on_map
                and not u.routed
                and u.weapon.aa_rolls > 0
                and chebyshev(u.square, square) <= u.weapon.mr
            ),
            key=lambda u: u.uid,
        )
        if not firers:
            return
        pinned, hits = False, 0
        for firer in firers:
            for _ in range(firer.weapon.aa_rolls):
                if state.rng.random() >= p.aa_pin_chance:
                    continue
                pinned = True
                if state.rng.random() < p.aa_damage_chance:
                    hits += 2 if firer.weapon.aa_rolls >= 2 else 1  # a multiple mount does two hits
                    if status.hits_taken + hits >= unit.weapon.hits:
                        return self._shot_down(unit, status, hits, len(firers), firer)
        status.hits_taken += hits
        returned = hits > 0 and state.rng.random() < p.aa_return_chance
        if returned:
            status.returned = True
            unit.ammo = 0
        if pinned or returned:
            unit.mission = None  # it climbs away: the sortie is over
        left = unit.weapon.hits - status.hits_taken
        battle.emit(ev.AntiAircraftFire(state.turn, state.pulse, unit.uid, len(firers), pinned, hits, left, returned))

    def _shot_down(self, unit: UnitState, status: AircraftStatus, hits: int, firers: int, by: UnitState) -> None:
        battle, state = self.battle, self.battle.state
        status.hits_taken += hits
        unit.count = 0
        unit.mission = None
        battle.emit(ev.AntiAircraftFire(state.turn, state.pulse, unit.uid, firers, True, hits, 0, False))
        battle.emit(ev.AircraftLost(state.turn, state.pulse, unit.uid, unit.side, unit.weapon.name, by.uid))
