"""The tabletop scenario types (docs/rules.md 16.5): a battle type whose `setup:` (rules.yaml) says where each side
deploys, who starts on the table and who arrives later, where the objectives lie and whether the defender is pinned
by a preliminary bombardment. The dice the tabletop rolls while setting up are rolled here, when the battle is built,
from the battle's seed: the written scenario holds their result (which formation arrives in which turn, which
units start pinned), so a designer sees it and the engine needs no rule of its own.

    plan = adjust_plan(content, plan, game_map)              # start lines and objective area of the type
    arrange(content, battle, deployed_sides, seed)           # waves, arrivals, scouts, objectives, bombardment
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ..model import Arrival, Map, Objective
from ..model.content import Content
from ..model.tabletop import CENTRE, CORNERS, HILL, TabletopSetup, Wave
from ..rules.terrain_grid import TerrainGrid
from .deploy import deploy
from .forces import ForceDraft, FormationDraft
from .plan import BattlePlan

SCOUT_ROLE = "recon"  # a formation whose units are mostly of a class with this role (content/rules.yaml) scouts


def setup_of(plan: BattlePlan) -> TabletopSetup | None:
    return plan.battle.setup


def _line(plan: BattlePlan, side: str, depth_from_edge: int) -> int:
    """The column `depth_from_edge` squares in from the side's home edge."""
    return depth_from_edge if plan.home_edges[side] == "west" else plan.width - 1 - depth_from_edge


def adjust_plan(content: Content, plan: BattlePlan, game_map: Map) -> BattlePlan:
    """The start lines and objective area a tabletop type asks for; the manuals' plan for any other type."""
    setup = setup_of(plan)
    if setup is None:
        return plan
    lines = dict(plan.start_lines)
    objective = plan.objective
    defender = plan.defender()
    radius = content.parameters.time_space.objective_area_size // 2
    if setup.first_objective == HILL and defender is not None:
        objective = _hill(content, plan, game_map, defender, radius)
        lines[defender] = objective[0] - radius if plan.home_edges[defender] == "east" else objective[0] + radius
    if setup.front_zone and defender is not None:  # the objective area fills the central third, the front line zone
        east = plan.home_edges[defender] == "east"
        third = plan.width // 3
        x = third + radius if east else plan.width - 1 - third - radius
        objective = (x, objective[1])
        lines[defender] = x - radius if east else x + radius
    for side in plan.attackers:
        if setup.scouts_forward:  # scouts come up to a few squares short of the centre line
            lines[side] = _line(plan, side, plan.width // 2 - setup.scouts_forward)
        elif setup.deploy_from == CORNERS:
            lines[side] = _line(plan, side, setup.zone)
        elif setup.attack_line:
            lines[side] = _line(plan, side, setup.attack_line)
    return replace(plan, start_lines=lines, objective=objective)


def _hill(content: Content, plan: BattlePlan, game_map: Map, defender: str, radius: int) -> tuple[int, int]:
    """The highest ground in the defender's half, clear of the edges by the objective area (most cover first among
    equals, then nearest the middle row and the centre line)."""
    grid = TerrainGrid.from_map(game_map, content)
    w, h = plan.width, plan.height
    east = plan.home_edges[defender] == "east"
    columns = range(w // 2 + 3, w - radius - 1) if east else range(radius + 1, w // 2 - 3)
    rows = range(min(radius, h // 2), max(h - radius, h // 2 + 1))
    squares = [(x, y) for x in columns for y in rows]
    if not squares:  # a map too small for a hill clear of the edges: the objective area stays where it was
        return plan.objective
    return max(
        squares,
        key=lambda s: (
            int(grid.level[s[1], s[0]]),
            int(grid.cover[s[1], s[0]]),
            -abs(s[1] - h // 2),
            -abs(s[0] - w // 2),
        ),
    )


def _units(formation: FormationDraft) -> int:
    return len(formation.units)


def _roll(rng: random.Random, dice: int) -> int:
    return sum(rng.randint(1, 6) for _ in range(dice))


def split(formations: list[FormationDraft], wave: Wave, rng: random.Random) -> tuple[list, list, list]:
    """(scouts on the table, others on the table, reserves): the command HQ (the first formation) always starts on
    the table, since the computer player commands from it; the others in the order they were bought."""
    command, rest = formations[:1], formations[1:]
    if not wave.reserves_turn:
        return [], command + rest, []
    scouts = [f for f in rest if f.role == SCOUT_ROLE] if wave.scouts else []
    others = [f for f in rest if f not in scouts]
    total = sum(_units(f) for f in rest)
    wanted = _roll(rng, wave.dice) + wave.units + math.ceil(wave.share * total)
    first, count = [], 0
    for formation in others:
        if count >= wanted:
            break
        first.append(formation)
        count += _units(formation)
    return scouts, command + first, [f for f in others if f not in first]


def schedule(reserves: list[FormationDraft], wave: Wave, large: bool, rng: random.Random) -> list[int]:
    """The turn each reserve formation arrives: from the wave's reserves turn, all then, or every turn as many units
    as the dice roll (a roll left over carries to the next turn; at least one formation a turn)."""
    if wave.all_at_once:
        return [wave.reserves_turn] * len(reserves)
    dice = wave.reserve_dice_large if large else wave.reserve_dice
    turns: list[int] = []
    turn, allowance = wave.reserves_turn, 0
    while len(turns) < len(reserves):
        allowance += _roll(rng, dice)
        came = 0
        while len(turns) < len(reserves) and (came == 0 or allowance >= _units(reserves[len(turns)])):
            allowance = max(0, allowance - _units(reserves[len(turns)]))
            turns.append(turn)
            came += 1
        turn += 1
    return turns


def _corner_row(plan: BattlePlan, side: str, flank: bool, north_first: bool) -> int:
    """The middle row of the side's corner zone: the first side in the plan's order takes the north corner when
    `north_first`, the other side the opposite corner; the flank corner is the other one on the same edge."""
    north = (side == plan.sides[0]) == north_first
    north = north != flank
    return 0 if north else plan.height - 1


def _entry(plan: BattlePlan, side: str, setup: TabletopSetup, corner: int) -> tuple[tuple[int, int], ...]:
    """Entry squares within the zone of the corner along the side's home edge, nearest the corner first."""
    x = _line(plan, side, 0)
    h = plan.height
    rows = range(0, min(h, setup.zone)) if corner == 0 else range(h - 1, max(-1, h - 1 - setup.zone), -1)
    return tuple((x, y) for y in rows)


def _deploy_group(content, game_map, plan, force, group, seed, taken, line=None, row=None) -> list[tuple[int, int]]:
    """AUTO-DEPLOY of some of the force's formations, with the start line or the row they gather on moved."""
    if not group:
        return []
    side = force.side
    lines = dict(plan.start_lines)
    if line is not None:
        lines[side] = _line(plan, side, line)
    objective = plan.objective if row is None else (plan.objective[0], row)
    sub_plan = replace(plan, start_lines=lines, objective=objective)
    sub = replace(force, formations=group)
    return deploy(content, game_map, sub_plan, sub, seed, taken=taken)


def arrange(content: Content, battle, deployed: set[str], seed: int) -> None:
    """Apply the battle type's set-up to a built battle (engine.battlegen.battle.GeneratedBattle)."""
    plan = battle.plan
    setup = setup_of(plan)
    if setup is None:
        return
    rng = random.Random(f"tabletop:{seed}")
    north_first = rng.random() < 0.5
    large = plan.choices.size == "large"
    taken: dict[tuple[int, int], int] = {}
    for side in plan.sides:
        force: ForceDraft = battle.forces[side]
        wave = setup.attacker if plan.attacking(side) else setup.defender
        side_rng = random.Random(f"tabletop:{seed}:{side}")
        scouts, first, reserves = split(force.formations, wave, side_rng)
        corner = _corner_row(plan, side, False, north_first)
        entry = _entry(plan, side, setup, corner) if setup.deploy_from == CORNERS else ()
        for formation, turn in zip(reserves, schedule(reserves, wave, large, side_rng), strict=True):
            formation.arrives = Arrival(turn, turn, squares=entry)
            for unit in formation.units:
                unit.at = None
        if side not in deployed:
            continue
        squares: list[tuple[int, int]] = []
        if setup.deploy_from == CORNERS:
            mid = setup.zone // 2 if corner == 0 else plan.height - 1 - setup.zone // 2
            squares += _deploy_group(content, battle.game_map, plan, force, first, seed, taken, setup.zone, mid)
        else:
            squares += _deploy_group(content, battle.game_map, plan, force, first, seed, taken)
        if setup.flank_scouts:
            flank = _corner_row(plan, side, True, north_first)
            mid = setup.zone // 2 if flank == 0 else plan.height - 1 - setup.zone // 2
            squares += _deploy_group(content, battle.game_map, plan, force, scouts, seed, taken, setup.zone, mid)
        else:  # scouts forward: the plan's start line is theirs
            squares += _deploy_group(content, battle.game_map, plan, force, scouts, seed, taken)
        if squares:  # the parts' entrenchments together, within the ruleset's limit
            battle.entrenchments[side] = list(dict.fromkeys(squares))[: content.known_ruleset.entrenchment_max]
        else:
            battle.entrenchments.pop(side, None)
    battle.objectives = objectives(content, plan, battle.game_map, setup, rng)
    _bombard(content, battle, setup, rng)


def objectives(content: Content, plan: BattlePlan, game_map: Map, setup: TabletopSetup, rng: random.Random):
    """The type's objectives: the first at the centre or on the hill (the objective area's centre), the others
    drawn on land, `objective_spacing` from each other and from every edge, in the front line zone when the type has
    one. Each attacker may capture each; a defender scores for holding it at the end."""
    count = rng.randint(setup.objectives, max(setup.objectives, setup.objectives_max))
    if not count:
        return []
    grid = TerrainGrid.from_map(game_map, content)
    w, h, gap = plan.width, plan.height, setup.objective_spacing
    placed: list[tuple[int, int]] = []
    if setup.first_objective == CENTRE:
        placed.append((w // 2, h // 2))
    elif setup.first_objective == HILL:
        placed.append(plan.objective)
    low, high = (w // 3, w - 1 - w // 3) if setup.front_zone else (gap, w - 1 - gap)
    free = [
        (x, y)
        for x in range(max(gap, low), min(w - gap, high + 1))
        for y in range(gap, h - gap)
        if grid.level[y, x] > 0
    ]
    rng.shuffle(free)
    for square in free:
        if len(placed) >= count:
            break
        if all(max(abs(square[0] - p[0]), abs(square[1] - p[1])) >= gap for p in placed):
            placed.append(square)
    return [
        Objective(
            f"objective-{n}-{side}",
            "capture" if plan.attacking(side) else "hold",
            side,
            setup.objective_points,
            f"Objective {n}",
            at,
        )
        for n, at in enumerate(placed, 1)
        for side in plan.sides
    ]


def _bombard(content: Content, battle, setup: TabletopSetup, rng: random.Random) -> None:
    """The preliminary bombardment: some of the defender's units on the table start pinned (drawn at random). Only
    units that can be pinned: an armoured vehicle carries too little suppression to be (docs/rules.md 6.7)."""
    defender = battle.plan.defender()
    low, high = setup.bombardment
    if defender is None or not high:
        return
    units = [
        u
        for f in battle.forces[defender].formations
        for u in f.units
        if u.at is not None and u.carrier is None and not content.unit_class_of(u.weapon).armoured
    ]
    for unit in rng.sample(units, min(len(units), rng.randint(low, high))):
        unit.suppression = setup.pinned_suppression


def briefing_lines(content: Content, battle) -> list[str]:
    """What the briefing says of a tabletop type's set-up: the objectives, and when each side's reserves arrive."""
    if setup_of(battle.plan) is None:
        return []
    profile = content.known_ruleset
    lines = []
    squares = list(dict.fromkeys(o.square for o in battle.objectives))
    if squares:
        lines += ["", "Objectives: " + ", ".join(f"{x},{y}" for x, y in squares) + "."]
    for side, force in battle.forces.items():
        by_turn: dict[int, list[str]] = {}
        for formation in force.formations:
            if formation.arrives is not None:
                by_turn.setdefault(formation.arrives.turn, []).append(formation.letter)
        if by_turn:
            when = "; ".join(f"turn {t}: {', '.join(letters)}" for t, letters in sorted(by_turn.items()))
            lines.append(f"{profile.known_side(side).name} reserves arrive on {when}.")
    return lines
