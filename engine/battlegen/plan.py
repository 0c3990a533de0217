"""Battle set-up: the choices of the manuals' "build your own scenario" screens turned into a plan (docs/rules.md
8.1-8.4, 1.5, 13 U5, U7).

    plan = plan_battle(content, BattleChoices("allied-assault", period=4, size="large", seed=7), game_map)

The plan fixes the battle type, period, size, handicap, game length, visibility, each side's selection-point budget,
the objective area and both start lines. Command delays are deliberately left out: a built scenario names none,
so the period table applies, with BG's random +1/+2 (docs/rules.md 4.3, 4.4), exactly as in the manuals' own
custom battles.
"""

from __future__ import annotations

import random
from dataclasses import field, replace

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from ..model import BattleType, Map
from ..model.content import Content

SIZES = ("large", "small")
MEETING_LINE = 15  # meeting engagement: start lines this far from each home edge (13 U5)
OBJECTIVE_INSET = (12, 15)  # assault/pursuit: objective centre this far inside the defender's half
ATTACKER_LINE = (15, 20)  # assault/pursuit: attacker start line this far from its home edge


class BuildError(Exception):
    """A set-up choice that cannot be honoured; the message says what to change."""


@dataclass(frozen=True)
class BattleChoices:
    """What the player chooses before a battle is built (docs/rules.md 8.1, 8.2)."""

    battle_type: str
    period: int
    size: str = "large"  # large | small: a small battle halves both budgets; or a tabletop game size (16.4)
    handicap: int = 3  # 1-5 (8.1)
    turns: int | None = None  # None: 30 for assaults, 20 otherwise (8.4); only where the ruleset allows
    visibility: int | str = "random"  # "random" (rolled 7-20 when the battle starts) or a fixed value
    river: bool = False
    cover: int = 5  # cover terrain density 0-9 (1.4)
    hills: bool = True
    seed: int = 1
    points: int | None = None  # with a tabletop game size: each side's budget in points (None: the standard)


@dataclass(frozen=True)
class BattlePlan:
    choices: BattleChoices
    battle: BattleType
    width: int
    height: int
    turns: int
    sides: tuple[str, ...]
    attackers: tuple[str, ...]
    home_edges: dict[str, str]
    sizes: dict[str, str]  # side -> large | medium | small (the battle type's sizes)
    budgets: dict[str, int]  # side -> selection points, or tabletop points when `points` is set (16.4)
    objective: tuple[int, int] = (0, 0)
    start_lines: dict[str, int] = field(default_factory=dict)
    points: int | None = None  # each side's budget in tabletop points (16.4); None: the budgets are selection points

    @property
    def budget_unit(self) -> str:
        return "selection points" if self.points is None else "points"

    @property
    def assault(self) -> bool:
        return self.battle.assault

    @property
    def small(self) -> bool:
        return self.choices.size == "small"

    def attacking(self, side: str) -> bool:
        return side in self.attackers

    def defender(self) -> str | None:
        others = [s for s in self.sides if s not in self.attackers]
        return others[0] if others else None

    def depth(self, side: str, x: int) -> int:
        """How far column x lies behind the side's start line, towards its home edge (negative: beyond it)."""
        line = self.start_lines[side]
        return line - x if self.home_edges[side] == "west" else x - line

    def column(self, side: str, depth: int) -> int:
        """The column `depth` squares behind the side's start line."""
        line = self.start_lines[side]
        return line - depth if self.home_edges[side] == "west" else line + depth

    def max_depth(self, side: str) -> int:
        return self.depth(side, 0 if self.home_edges[side] == "west" else self.width - 1)


def map_size(content: Content, battle: BattleType) -> tuple[int, int]:
    """60x60, and 60x30 for assault battles (docs/rules.md 1.4, 13 U3)."""
    t = content.parameters.time_space
    return t.map_width, t.assault_map_height if battle.assault else t.map_height


def battle_type_of(content: Content, c: BattleChoices) -> BattleType:
    """The battle type chosen, from the content's ruleset."""
    profile = content.ruleset
    if profile is None:
        raise BuildError(f"pack '{content.pack_id}' has no ruleset profile; build battles with a front pack")
    battle = profile.battle_type(c.battle_type)
    if battle is None:
        raise BuildError(
            f"unknown battle type '{c.battle_type}'; {profile.name} has: "
            + ", ".join(b.id for b in profile.battle_types)
        )
    return battle


def _check(content: Content, c: BattleChoices) -> BattleType:
    battle = battle_type_of(content, c)
    profile = content.known_ruleset
    if c.period not in content.periods:
        raise BuildError(f"period {c.period} does not exist in {profile.name} (1-{profile.periods})")
    if not 1 <= c.handicap <= 5:
        raise BuildError(f"handicap must be 1-5, not {c.handicap}")
    if not 0 <= c.cover <= 9:
        raise BuildError(f"cover density must be 0-9, not {c.cover}")
    p = content.parameters
    low, high = p.spotting.visibility_min, p.spotting.visibility_max
    if c.visibility != "random" and not (isinstance(c.visibility, int) and low <= c.visibility <= high):
        raise BuildError(f"visibility must be 'random' or {low}-{high}, not {c.visibility}")
    if c.turns is not None:
        if not profile.custom_game_length:
            raise BuildError(f"{profile.name} has fixed game lengths (20 turns, 30 for assaults); leave out the length")
        first, last = profile.game_length_min or 1, profile.game_length_max or 255
        if not first <= c.turns <= last:
            raise BuildError(f"a {profile.name} battle lasts {first}-{last} turns, not {c.turns}")
    for side in profile.side_ids():
        edge = profile.known_side(side).home_edge
        if edge not in ("west", "east"):
            raise BuildError(
                f"side '{side}' has home edge {edge}; start lines are columns, "
                "so battles are built only for west and east home edges"
            )
    return battle


def checked_points(content: Content, size: str, points: int | None) -> int | None:
    """Each side's budget in tabletop points for a battle of `size` (docs/rules.md 16.4), None for the manuals'
    large and small, which buy with selection points. With a tabletop game size (the ruleset's `game_sizes`) both
    sides get the same budget, as the tabletop rules have it (equal points, an even game): the points asked for,
    else the size's standard points. A BuildError names what to change when the size or points do not fit."""
    profile = content.known_ruleset
    chosen = profile.game_size(size)
    if size in SIZES or chosen is None:
        if size not in SIZES:
            names = [*SIZES, *(g.id for g in profile.game_sizes)]
            raise BuildError(f"size must be one of {', '.join(names)}, not '{size}'")
        if points is not None:
            names_text = ", ".join(g.id for g in profile.game_sizes) or "none in this ruleset"
            raise BuildError(f"a points budget goes with a tabletop game size ({names_text}), not with the {size} size")
        return None
    if points is None:
        return chosen.standard_points
    if not chosen.allows(points):
        raise BuildError(
            f"a {chosen.name.lower()}-sized game is bought with {chosen.range_text()} points, not {points}; "
            "change the points or the size"
        )
    return points


def plan_battle(content: Content, choices: BattleChoices, game_map: Map | None = None) -> BattlePlan:
    """Check the choices and plan the battle. With a map, the objective area goes where it holds the most cover
    within the places the rules allow; without one, where the seed puts it."""
    battle = _check(content, choices)
    profile, t = content.known_ruleset, content.parameters.time_space
    width, height = (game_map.width, game_map.height) if game_map is not None else map_size(content, battle)
    turns = choices.turns or (t.default_turns_assault if battle.assault else t.default_turns_other)
    sides = profile.side_ids()
    sizes = dict(battle.sizes)
    missing = [s for s in sides if s not in sizes]
    if missing:
        raise BuildError(f"battle type '{battle.id}' gives no force size for {', '.join(missing)}")
    small = choices.size == "small"
    points = checked_points(content, choices.size, choices.points)
    plan = BattlePlan(
        choices,
        battle,
        width,
        height,
        turns,
        sides,
        tuple(battle.attackers),
        {s: profile.known_side(s).home_edge for s in sides},
        {s: sizes[s] for s in sides},
        {s: profile.selection_budget(sizes[s], small) if points is None else points for s in sides},
        points=points,
    )
    objective, lines = _place(content, plan, game_map, random.Random(f"objective:{choices.seed}"))
    return replace(plan, objective=objective, start_lines=lines)


def _edge_column(edge: str, depth: int, width: int) -> int:
    return depth if edge == "west" else width - 1 - depth


def _area_score(content: Content, game_map: Map | None, center: tuple[int, int], radius: int) -> float:
    if game_map is None:
        return 0.0
    from ..rules.terrain_grid import LOS_TOWN, TerrainGrid

    grid = TerrainGrid.from_map(game_map, content)
    x, y = center
    box = np.s_[max(0, y - radius) : y + radius + 1, max(0, x - radius) : x + radius + 1]
    cover = int(grid.cover[box].sum())
    towns = int((grid.los_kind[box] == LOS_TOWN).sum())
    water = int((grid.level[box] == 0).sum())
    return cover + 2 * towns - 2 * water


def _place(content: Content, plan: BattlePlan, game_map: Map | None, rng: random.Random):
    """Objective centre and start lines by battle type (docs/rules.md 13 U5)."""
    w, h = plan.width, plan.height
    radius = content.parameters.time_space.objective_area_size // 2
    spread = min(6, max(0, h // 2 - radius - 1))
    rows = [h // 2 + d for d in range(-spread, spread + 1)]
    defender = plan.defender()
    if defender is None:  # meeting engagement: centred objective, lines 15 squares from each home edge
        columns = [w // 2]
        lines = {s: _edge_column(plan.home_edges[s], MEETING_LINE, w) for s in plan.sides}
    else:
        edge = plan.home_edges[defender]
        columns = [
            (w // 2 + inset) if edge == "east" else (w - 1 - (w // 2 + inset))
            for inset in range(OBJECTIVE_INSET[0], OBJECTIVE_INSET[1] + 1)
        ]
        lines = {s: _edge_column(plan.home_edges[s], rng.randint(*ATTACKER_LINE), w) for s in plan.attackers}
    best = max(
        ((x, y) for x in columns for y in rows), key=lambda c: (_area_score(content, game_map, c, radius), rng.random())
    )
    if defender is not None:  # the defender's line at the objective area's attacker-side edge
        lines[defender] = best[0] - radius if plan.home_edges[defender] == "east" else best[0] + radius
    return best, {s: lines[s] for s in plan.sides}
