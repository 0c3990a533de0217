"""AUTO-DEPLOY: a hasty but sensible deployment for either side (docs/rules.md 8.2, 1.6, 2.2, 13 U13).

Every unit goes on the friendly side of its start line, inside the map, on a square its vehicles can enter and
never in water, with at most a few units per square (the stacking limit where the ruleset has one, else 3).
Formations deploy as groups: the HQ first, at the formation's place in the layout, then its units within 4
(attack) or 5 squares (defence: in command even where the HQ cannot see them, 2.2) of it.

Attack (the attacker, and both sides of a meeting engagement): armour and mounted infantry up on the start line in
sectors facing the objective, support and anti-tank a few squares behind, the command HQ at the rear; infantry,
mortars and guns ride in their formation's own vehicles (engine.battlegen.transport).

Defence: infantry and machine guns forward near the start line in cover (woods, town, broken) and inside the
objective area; anti-tank guns behind them where they see the approach; mortars and HQs on high ground with a view;
tanks and assault guns in reserve in cover; empty vehicles at the rear. In assault battles the defender entrenches
(1.6): first the clear or road squares (the ruleset's entrenchment terrain) its infantry, machine guns, mortars and
guns stand on, then a staggered belt of squares along the front of the objective area, up to half the ruleset's limit,
or more when the occupied squares alone need it, never past the limit.
"""

from __future__ import annotations

import random

import numpy as np

from ..model import Map
from ..model.content import Content
from ..rules.los import viewshed
from ..rules.terrain_grid import TerrainGrid
from ..sim.initial_state import EDGE_FACING
from .forces import ForceDraft, FormationDraft, UnitDraft
from .plan import BattlePlan, BuildError
from .transport import is_transport, load, unload

# Depths behind the line by the unit class's `placement` (content/rules.yaml) and by the formation's role.
UNIT_DEPTH = {
    "defend": {
        "infantry": 2,
        "machine_gun": 2,
        "gun": 5,
        "field_gun": 7,
        "indirect": 8,
        "armour": 11,
        "recon": 1,
        "battery": 13,
        "transport": 16,
    },
    "attack": {
        "infantry": 3,
        "machine_gun": 3,
        "gun": 4,
        "field_gun": 5,
        "indirect": 5,
        "armour": 1,
        "recon": 1,
        "battery": 7,
        "transport": 2,
    },
}
FORMATION_DEPTH = {
    "defend": {
        "infantry": 2,
        "recon": 1,
        "antitank": 5,
        "tank_hunter": 6,
        "support": 6,
        "armour": 11,
        "assault_armour": 10,
        "artillery": 13,
        "command": 9,
    },
    "attack": {
        "armour": 2,
        "infantry": 2,
        "recon": 1,
        "tank_hunter": 3,
        "assault_armour": 4,
        "antitank": 6,
        "support": 6,
        "artillery": 8,
        "command": 11,
    },
}
BANDS = {
    "defend": (
        ("infantry", "recon"),
        ("antitank", "tank_hunter", "support"),
        ("armour", "assault_armour", "artillery"),
    ),
    "attack": (("armour", "infantry", "recon", "tank_hunter", "assault_armour"), ("antitank", "support", "artillery")),
}


class DeploymentArea:
    """The squares one side may deploy on, and what it thinks of each."""

    def __init__(self, content: Content, game_map: Map, plan: BattlePlan, side: str, rng: random.Random):
        self.content, self.plan, self.side, self.rng = content, plan, side, rng
        self.grid = grid = TerrainGrid.from_map(game_map, content)
        profile, p = content.known_ruleset, content.parameters
        self.posture = "attack" if plan.attacking(side) else "defend"
        self.limit = p.units.stacking_limit if profile.flags.stacking else 3
        self.occupied: dict[tuple[int, int], int] = {}
        self.radius = p.time_space.objective_area_size // 2
        allowed = {t.id for ref in profile.entrenchment_terrain if (t := content.terrain_type(ref)) is not None}
        self.entrenchable = np.isin(grid.type_index, [i for i, t in enumerate(grid.types) if t.id in allowed])
        self.digging = plan.battle.id in profile.entrenchment_battle_types and self.posture == "defend"
        cols = np.arange(plan.width)
        depth = np.array([plan.depth(side, int(x)) for x in cols])
        ox, oy = plan.objective
        self.objective = np.zeros((plan.height, plan.width), bool)
        self.objective[
            max(0, oy - self.radius) : oy + self.radius + 1, max(0, ox - self.radius) : ox + self.radius + 1
        ] = True
        if self.posture == "defend":  # what the defenders want to see: the approach beyond their line
            self.watch = np.broadcast_to((depth < 0) & (depth >= -16), (plan.height, plan.width))
        else:
            self.watch = self.objective
        self.operator = profile.flags.los_operator
        self.views: dict[tuple[int, int], int] = {}  # square -> how much of what the side watches it sees

    def view(self, sq: tuple[int, int]) -> int:
        hit = self.views.get(sq)
        if hit is None:
            hit = self.views[sq] = int((viewshed(self.grid, sq, self.operator, 16) & self.watch).sum())
        return hit

    def passable(self, unit: UnitDraft, x: int, y: int) -> bool:
        if self.grid.level[y, x] <= 0:
            return False  # never deploy in water
        terrain = self.grid.terrain_at((x, y))
        cls = self.content.unit_classes.get(unit.weapon.unit_class)
        return terrain is None or cls is None or cls.mobility is None or terrain.cost(cls.mobility) is not None

    def score(self, kind: str, want: int, x: int, y: int, anchor_y: int) -> float:
        g, defend = self.grid, self.posture == "defend"
        cover, level = float(g.cover[y, x]), float(g.level[y, x])
        s = -abs(self.plan.depth(self.side, x) - want) - 0.15 * abs(y - anchor_y) - 1.5 * self.occupied.get((x, y), 0)
        if kind in ("infantry", "machine_gun"):
            s += 4 * cover + (3 * self.entrenchable[y, x] if self.digging else 0) + self.objective[y, x] * defend
        elif kind in ("gun", "field_gun", "indirect", "hq"):
            s += 1.2 * level + min(4.0, self.view((x, y)) / 15) + (2 * cover if defend else 0)
        elif defend:  # armour, recon, transport, batteries: out of sight
            s += 3 * cover
        else:  # vehicles of an attack start in the open, where they move fastest
            s -= 1.5 * cover
        return s + 0.05 * self.rng.random()

    def place(self, unit: UnitDraft, kind: str, want: int, center: tuple[int, int], radius: int) -> tuple[int, int]:
        cx, cy = center
        plan = self.plan
        for r in (radius, radius + 3, 10, max(plan.width, plan.height)):
            best, best_score = None, None
            for y in range(max(0, cy - r), min(plan.height, cy + r + 1)):
                for x in range(max(0, cx - r), min(plan.width, cx + r + 1)):
                    if plan.depth(self.side, x) < 0 or self.occupied.get((x, y), 0) >= self.limit:
                        continue
                    if not self.passable(unit, x, y):
                        continue
                    s = self.score(kind, want, x, y, cy)
                    if best_score is None or s > best_score:
                        best, best_score = (x, y), s
            if best is not None:
                self.occupied[best] = self.occupied.get(best, 0) + 1
                return best
        raise BuildError(f"no room to deploy {self.side} unit {unit.weapon.name} behind the start line")


def _anchors(field: DeploymentArea, formations: list[FormationDraft]) -> dict[str, tuple[int, int]]:
    """Where each formation's HQ goes: bands by depth, formations spread across the front of each band."""
    plan, posture = field.plan, field.posture
    oy, top = plan.objective[1], plan.max_depth(field.side)
    out = {}
    for roles in BANDS[posture]:
        band = [f for f in formations if f.role in roles]
        n = len(band)
        half = field.radius + 2 if posture == "defend" else min(plan.height // 2 - 2, 3 + 3 * n, field.radius + 8)
        lo, hi = max(2, oy - half), min(plan.height - 3, oy + half)
        slots = [int(round(v)) for v in np.linspace(lo, hi, n)] if n > 1 else [oy]
        slots.sort(key=lambda y: (abs(y - oy), y))
        # an empty band still has its one slot [oy], which nothing takes
        for formation, y in zip(band, slots, strict=False):
            depth = min(FORMATION_DEPTH[posture].get(formation.role, 4), top)
            out[formation.letter] = (plan.column(field.side, depth), y)
    for formation in formations:
        if formation.letter not in out:  # the command HQ and anything unbanded: centre, at its depth
            depth = min(FORMATION_DEPTH[posture].get(formation.role, FORMATION_DEPTH[posture]["command"]), top)
            out[formation.letter] = (plan.column(field.side, depth), oy)
    return out


def _kind(content: Content, unit: UnitDraft) -> str:
    cls = content.unit_class_of(unit.weapon)
    return (cls.placement if cls else None) or "infantry"


def deploy(
    content: Content,
    game_map: Map,
    plan: BattlePlan,
    force: ForceDraft,
    seed: int = 1,
    taken: dict[tuple[int, int], int] | None = None,
) -> list[tuple[int, int]]:
    """Place every unit of the force (sets at, facing and carrier) and return the entrenched squares. `taken`:
    units already on each square (shared by the calls that deploy one force in parts, and kept up to date)."""
    rng = random.Random(f"deploy:{seed}:{force.side}")
    field = DeploymentArea(content, game_map, plan, force.side, rng)
    if taken is not None:
        field.occupied = taken
    facing = EDGE_FACING[plan.home_edges[force.side]]
    for formation in force.formations:
        (load if field.posture == "attack" else unload)(content, formation)
    anchors = _anchors(field, force.formations)
    reach = 4 if field.posture == "attack" else 5
    for formation in force.formations:
        by_id = {f"{formation.letter}{u.index}": u for u in formation.units}
        hq = formation.hq
        lead = by_id[hq.carrier] if hq.carrier else hq
        pieces = [lead] + [u for u in formation.units if u is not lead and u.carrier is None]
        depth = plan.depth(force.side, anchors[formation.letter][0])
        hq_at = None
        for unit in pieces:
            kind = "hq" if unit is lead and not is_transport(content, unit) else _kind(content, unit)
            want = depth if unit is lead else UNIT_DEPTH[field.posture].get(kind, depth)
            center, radius = (anchors[formation.letter], 3) if hq_at is None else (hq_at, reach)
            unit.at = field.place(unit, kind, want, center, radius)
            hq_at = hq_at or unit.at
        for unit in formation.units:
            if unit.carrier:
                unit.at = by_id[unit.carrier].at
            unit.facing = facing
    return entrench(content, plan, field, force) if field.digging else []


def entrench(content: Content, plan: BattlePlan, field: DeploymentArea, force: ForceDraft) -> list[tuple[int, int]]:
    limit = content.known_ruleset.entrenchment_max
    squares: list[tuple[int, int]] = []
    for formation in force.formations:
        for unit in formation.units:
            if (
                unit.at
                and _kind(content, unit) in ("infantry", "machine_gun", "gun", "field_gun", "indirect")
                and unit.carrier is None
            ):
                x, y = unit.at
                if field.entrenchable[y, x] and unit.at not in squares:
                    squares.append(unit.at)
    target = min(limit, max(len(squares), limit // 2))
    ox, oy = plan.objective
    belt = [
        (x, y)
        for y in range(plan.height)
        for x in range(plan.width)  # staggered, like foxholes
        if field.objective[y, x]
        and field.entrenchable[y, x]
        and 0 <= plan.depth(force.side, x) <= 4
        and (x + y) % 2 == 0
        and (x, y) not in squares
    ]
    belt.sort(key=lambda s: (plan.depth(force.side, s[0]), abs(s[1] - oy), s[1], s[0]))
    return (squares + belt[: max(0, target - len(squares))])[:limit]
