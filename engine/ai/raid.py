"""The defender's raid, when the attack it waits for does not come (docs/rules.md 15.3, 15.4, 15.1): the armour goes
around the enemy and takes
it from behind while the infantry and guns hold the objective.

A unit that is not moving sees only the half of the map in front of it (6.2) and is hit on its thinner back
armour from behind (6.4). So the raid is a flank march followed by a sweep of the enemy's rear:

* the march: in column, out on the diagonal to a lane a visibility and more beside the band the enemy is
  expected in (the objective's width; the map's edge where there is less room), along it past the enemy's start
  line (the gate) and on into the enemy's rear;
* the sweep: in line abreast, a square apart, along a line 12 squares behind the enemy's start line and through
  the band, at full range, so that each raider stops by itself to fire at the first enemy back it sees;
* the strike: past the gate, a known enemy is taken from the firing position behind it that promises the most
  victory points for the least danger, by a raider that is already behind it.

Everything follows from the state of the battle and what the side has seen, so a saved game goes on the same."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tacforge.engine.cached_dataclass import dataclass

from ..rules.geometry import chebyshev
from ..sim import orders as o
from .knowledge import Picture
from .strike import strike_square
from .tactics import fighting_armour, go
from .terrain import AREA_RADIUS, enemy_depth, enemy_front, objective, squares_per_turn

if TYPE_CHECKING:
    from ..sim.state import UnitState

SWEEP_BEHIND = 12  # the sweep runs this far behind the enemy's start line (attackers deploy up to 11 behind it),
# the raiders in line abreast a square apart, the first the furthest back
FIGHT_TURNS = 16  # turns the raid wants once it has reached the enemy's rear: the sweep and the fight
MARCH_RANGE = 6  # on the march a raider fights only what it runs into; it does not stop to duel at long range


def raiders(pic: Picture, formations) -> list[str]:
    """Letters of the formations that raid: those with armour that can move (the tank reserve)."""
    out = []
    for letter, members in formations:
        if any(fighting_armour(pic.battle, u) and u.carrier is None for u in members):
            out.append(letter)
    return out


@dataclass(frozen=True)
class Frame:
    """Squares counted from the enemy's home edge: `depth` into the map, `lat` along the edge."""

    edge: str
    width: int
    height: int

    def square(self, depth: int, lat: int) -> tuple[int, int]:
        depth, lat = max(0, min(depth, self.depth_size - 1)), max(0, min(lat, self.lat_size - 1))
        return {
            "west": (depth, lat),
            "east": (self.width - 1 - depth, lat),
            "north": (lat, depth),
            "south": (lat, self.height - 1 - depth),
        }[self.edge]

    def depth(self, sq: tuple[int, int]) -> int:
        return {"west": sq[0], "east": self.width - 1 - sq[0], "north": sq[1], "south": self.height - 1 - sq[1]}[
            self.edge
        ]

    def lat(self, sq: tuple[int, int]) -> int:
        return sq[1] if self.edge in ("west", "east") else sq[0]

    @property
    def depth_size(self) -> int:
        return self.width if self.edge in ("west", "east") else self.height

    @property
    def lat_size(self) -> int:
        return self.height if self.edge in ("west", "east") else self.width


@dataclass(frozen=True)
class Plan:
    frame: Frame
    front: int  # depth of the enemy's start line
    gate_depth: int  # where the march turns along its lane toward the enemy's home edge
    band: tuple[int, int]  # where along the edge the enemy is expected
    lane: int  # the lateral line of the flank march, one for all (the raiders drive in column)
    inward: int  # +1 or -1: from the lane toward the band

    @property
    def gate(self) -> tuple[int, int]:
        """Where the flank march passes the enemy's start line (further back on a narrow map)."""
        return self.frame.square(self.gate_depth, self.lane)

    def sweep_depth(self, i: int) -> int:
        """The depth of raider i's sweep along the enemy's rear."""
        return max(1, min(self.front, self.front - SWEEP_BEHIND + i))

    def turn_in(self, i: int) -> tuple[int, int]:
        """Where raider i reaches the enemy's rear. Where the march has a visibility of room beside the band
        (the gate at the enemy's start line), it slants in from the gate toward the band's near edge as it goes
        deeper, which costs no more moves than going straight (distance is Chebyshev); otherwise straight on."""
        depth = self.sweep_depth(i)
        if self.gate_depth > self.front:
            return self.frame.square(depth, self.lane)
        near = self.band[0] if self.inward > 0 else self.band[1]
        slide = min(self.front - depth, abs(near - self.lane))
        return self.frame.square(depth, self.lane + self.inward * slide)

    def out_to_lane(self, here: tuple[int, int]) -> tuple[int, int]:
        """The square of the lane a unit reaches from `here` on the diagonal toward the enemy (never beyond the
        gate): going there first costs no more moves than going straight to the gate."""
        off = abs(self.frame.lat(here) - self.lane)
        return self.frame.square(max(self.gate_depth, self.frame.depth(here) - off), self.lane)

    def sweep_end(self, i: int) -> tuple[int, int]:
        far = self.band[1] if self.inward > 0 else self.band[0]
        return self.frame.square(self.sweep_depth(i), far)


def plan(pic: Picture, units: list[UnitState]) -> Plan:
    battle = pic.battle
    frame = Frame(battle.ruleset.known_side(pic.enemy).home_edge, battle.map.width, battle.map.height)
    center = objective(battle)
    front = frame.depth(enemy_front(battle, pic.side))
    # The side of the march comes from the scenario alone, so that it does not change as the raid goes on: the
    # side with more room between the march and the objective's width, the low side on a tie.
    lo, hi = max(0, frame.lat(center) - AREA_RADIUS), min(frame.lat_size - 1, frame.lat(center) + AREA_RADIUS)
    clearance = pic.vis + 1
    low, high = max(0, lo - clearance), min(frame.lat_size - 1, hi + clearance)
    lats = [frame.lat(e.square) for e in pic.known if enemy_depth(battle, pic.side, e.square) >= 0]
    band = (min([lo, *lats]), max([hi, *lats]))  # the sweep also takes in the enemies seen beyond the objective's
    # Where the map is too narrow for that much room, the march takes to its lane further back, so that it
    # stays a visibility away from the enemy's start line until it is on the lane, out at the side of the map.
    room, lane, inward = (lo - low, low, 1) if lo - low >= high - hi else (high - hi, high, -1)
    gate_depth = min(frame.depth_size - 1, front + max(0, clearance - room))
    return Plan(frame, front, gate_depth, band, lane, inward)


def route_squares(p: Plan, unit: UnitState, i: int) -> int:
    return chebyshev(unit.square, p.gate) + chebyshev(p.gate, p.turn_in(i))


def attack_coming(pic: Picture) -> bool:
    """An enemy has been seen near the objective, or on our side of its start line: it is advancing."""
    center = objective(pic.battle)
    return any(chebyshev(e.square, center) <= 15 or enemy_depth(pic.battle, pic.side, e.square) < 0 for e in pic.known)


def raid_due(pic: Picture, units: list[UnitState]) -> bool:
    """Time to go: the raid could not reach the enemy's rear and fight any later, and no attack is in sight."""
    if not units or attack_coming(pic):
        return False
    p = plan(pic, units)
    turns = 0.0
    for i, unit in enumerate(units):
        speed = squares_per_turn(pic.battle, unit) or 1.0
        turns = max(turns, (route_squares(p, unit, i) + chebyshev(p.turn_in(i), p.sweep_end(i)) / 2) / speed)
    leave = pic.state.last_turn - math.ceil(turns) - FIGHT_TURNS
    return pic.state.turn >= leave


def raid_orders(pic: Picture, units: list[UnitState]) -> list:
    out: list[o.Order] = []
    movers = sorted(
        (u for u in units if not u.routed and u.carrier is None and u.pos is not None and u.weapon.sp > 0),
        key=lambda u: u.uid,
    )
    p = plan(pic, movers)
    for i, unit in enumerate(movers):
        if unit.passengers:
            out.append(o.Disembark(unit.uid))
            continue
        depth = p.frame.depth(unit.square)
        on_lane = abs(p.frame.lat(unit.square) - p.lane) <= len(movers)
        strike = (
            strike_square(pic, unit, behind=True, rear=p.front - p.sweep_depth(len(movers) - 1))
            if pic.known and depth <= p.gate_depth
            else None
        )
        if strike is not None:  # past the gate, any enemy that can be taken from behind is
            out += go(pic, unit, strike[0])
        elif not on_lane and depth > p.front:
            # out to the lane on the diagonal (as short as any way to the gate, and away from where an attack
            # would come), then along it to the gate
            out += march(pic, unit, [p.out_to_lane(unit.square), p.gate])
        elif on_lane and depth > p.gate_depth:
            out += march(pic, unit, [p.gate, p.turn_in(i)])
        elif on_lane and depth > p.sweep_depth(len(movers) - 1):
            out += march(pic, unit, [p.turn_in(i)])
        else:
            out += sweep(pic, p, unit, i)
    return out


def march(pic: Picture, unit: UnitState, waypoints: list[tuple[int, int]]) -> list:
    """Drive through the waypoints at full speed, not stopping to shoot. A course already set toward one of them is
    kept (a new one costs a delay, 5.6), the later waypoints added while the unit has room for them (two
    objectives, 5.3). (Halting for a turn when fired on from beyond the range at which a unit standing still is
    seen, so that the enemy loses it and starts its count of pulses at the target over again, was tried: it loses
    more, the march taking longer.)"""
    if unit.objectives and unit.objectives[-1] in waypoints:
        later = waypoints[waypoints.index(unit.objectives[-1]) + 1 :][: 2 - len(unit.objectives)]
        out: list[o.Order] = [o.Move(unit.uid, w) for w in later]
        if unit.speed != unit.weapon.sp:
            out.append(o.SetSpeed(unit.uid, unit.weapon.sp))
    else:
        out = [o.Cancel(unit.uid)] if unit.objectives else []
        out += [o.Move(unit.uid, w) for w in waypoints if w != unit.pos]
    if unit.range_limit != min(MARCH_RANGE, unit.weapon.mr):
        out.append(o.SetRange(unit.uid, MARCH_RANGE))
    return out


def sweep(pic: Picture, p: Plan, unit: UnitState, i: int) -> list:
    """In the enemy's rear with no enemy to strike: drive along the rear through the band at full range, so that
    the unit stops by itself to fire at the first enemy it sees (6.10). Moving, it sees 45 degrees either side of
    its way: the enemy's back, ahead and to the side, as it comes within sighting range."""
    out: list[o.Order] = []
    if unit.range_limit != unit.weapon.mr:
        out.append(o.SetRange(unit.uid, unit.weapon.mr))
    end = p.sweep_end(i)
    if unit.target is not None or unit.pos == end or (unit.objectives and unit.objectives[-1] == end):
        return out  # fighting, the band swept, or on its way
    if unit.objectives:
        out.append(o.Cancel(unit.uid))
    out.append(o.Move(unit.uid, end))
    return out
