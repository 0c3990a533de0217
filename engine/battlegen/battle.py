"""Building a whole battle: map, set-up, forces, deployment (docs/rules.md 8.2; the manuals' "build your own").

    battle = build_battle(content, BattleChoices("allied-assault", period=4, seed=7))
    write_battle(battle, content, Path("my-battles"), requires={"core": ">=1.0,<2", "western": ">=1.0,<2"},
                 ruleset=content.ruleset.id)                         # engine.battlegen.scenario_writer

A side with AUTO-SELECT buys a force with engine.battlegen.select; a side given a list of templates buys exactly those;
a side with neither gets only its command HQ (formation A), and its whole budget stays unused (worth 20 VP a point,
capped). A side with AUTO-DEPLOY is deployed by engine.battlegen.deploy; otherwise its units wait in a block at the top
of its deployment area, as in the manuals (1.5), to be placed in the editor.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Iterable
from dataclasses import field
from datetime import date as Date

from tacforge.engine.cached_dataclass import dataclass

from ..model import AirSortie, Map, Objective
from ..model.content import Content
from ..model.modules import AIR_SUPPORT, checked_modules, with_points_module
from .air import generated_air_support
from .deploy import DeploymentArea, deploy
from .forces import ForceDraft, Purchase, buy, formations, is_available
from .plan import BattleChoices, BattlePlan, BuildError, battle_type_of, map_size, plan_battle
from .select import auto_select, choose_force_type
from .tabletop import adjust_plan, arrange, briefing_lines


@dataclass
class GeneratedBattle:
    scenario_id: str
    name: str
    plan: BattlePlan
    game_map: Map
    forces: dict[str, ForceDraft]
    entrenchments: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    briefing: str = ""
    notes: str = ""
    date: Date | None = None  # the calendar date, when the designer gives one (within the period)
    modules: tuple[str, ...] = ()  # the optional ruleset modules it turns on (engine/model/modules.py)
    objectives: list[Objective] = field(default_factory=list)  # typed objectives (a tabletop scenario type's)
    air_support: tuple[AirSortie, ...] = ()  # the air_support module's aircraft (battlegen/air.py)
    weather: str = "clear"  # the scenario's weather (docs/rules.md 16.9)


def make_map(
    content: Content, choices: BattleChoices, map_id: str, name: str, size: tuple[int, int] | None = None
) -> Map:
    """The random map for the battle (engine.mapping; 60x60, 60x30 for assaults, or `size`: width, height)."""
    from ..mapping.generate import generate_map

    width, height = size if size is not None else map_size(content, battle_type_of(content, choices))
    return generate_map(
        content,
        width=width,
        height=height,
        river=choices.river,
        cover=choices.cover,
        seed=choices.seed,
        hills=choices.hills,
        map_id=map_id,
        name=name,
    )


def default_name(content: Content, choices: BattleChoices) -> str:
    battle = battle_type_of(content, choices)
    period = content.periods[choices.period]
    return f"{battle.name}, {period.name} ({choices.size})"


def build_battle(
    content: Content,
    choices: BattleChoices,
    *,
    scenario_id: str = "battle",
    name: str | None = None,
    auto_select_sides=None,
    auto_deploy_sides=None,
    force_types: dict[str, str] | None = None,
    purchases: dict[str, list[str]] | None = None,
    game_map: Map | None = None,
    modules: Iterable[str] = (),
) -> GeneratedBattle:
    """Everything `tacforge new` does except writing files. Sides default to all for auto-select and auto-deploy;
    `purchases` names the templates a side buys instead of auto-selecting; `modules` are the optional ruleset
    modules to turn on (docs/rules.md 16): points buys turn on `points`, `air_support` gives each side aircraft."""
    if content.ruleset is None:
        raise BuildError(f"pack '{content.pack_id}' has no ruleset profile")
    sides = content.ruleset.side_ids()
    auto_select_sides = set(sides if auto_select_sides is None else auto_select_sides)
    auto_deploy_sides = set(sides if auto_deploy_sides is None else auto_deploy_sides)
    force_types, purchases = dict(force_types or {}), dict(purchases or {})
    for side in (*auto_select_sides, *auto_deploy_sides, *force_types, *purchases):
        if side not in sides:
            raise BuildError(f"unknown side '{side}'; the sides are {', '.join(sides)}")
    for side, ft in force_types.items():
        known = [f.id for f in content.ruleset.force_types if f.side == side]
        if ft not in known:
            raise BuildError(f"'{ft}' is not a force type of {side}; choose one of {', '.join(known)}")
    try:
        chosen_modules = checked_modules(modules)
    except ValueError as exc:
        raise BuildError(str(exc)) from None
    plan_battle(content, choices)  # check the choices before the map is made
    name = name or default_name(content, choices)
    if game_map is None:
        game_map = make_map(content, choices, scenario_id, name)
    plan = adjust_plan(content, plan_battle(content, choices, game_map), game_map)  # a tabletop type's lines
    forces: dict[str, ForceDraft] = {}
    entrenchments: dict[str, list[tuple[int, int]]] = {}
    for side in sides:
        rng = random.Random(f"force-type:{choices.seed}:{side}")
        chosen = force_types.get(side)
        if side in purchases:
            bought = chosen or _force_type_for(content, plan, side, purchases[side])
            purchase = buy(
                content,
                side,
                bought,
                choices.period,
                plan.budgets[side],
                purchases[side],
                plan.assault,
                plan.points is not None,
            )
        elif side in auto_select_sides:
            purchase = auto_select(content, plan, side, chosen)
        else:
            purchase = Purchase(side, chosen or choose_force_type(content, plan, side, rng), plan.budgets[side])
        drafts, batteries = formations(content, purchase, choices.period)
        force_type = content.known_ruleset.force_type(purchase.force_type)
        if force_type is None:
            raise BuildError(f"'{purchase.force_type}' is not a force type of {side}")
        force = ForceDraft(
            side, purchase.force_type, f"{force_type.name} force", drafts, batteries, purchase.budget, purchase.spent
        )
        forces[side] = force
        if side in auto_deploy_sides:
            squares = deploy(content, game_map, plan, force, choices.seed)
            if squares:
                entrenchments[side] = squares
        else:
            park(content, game_map, plan, force)
    battle = GeneratedBattle(scenario_id, name, plan, game_map, forces, entrenchments)
    battle.modules = with_points_module(chosen_modules, plan.points is not None)
    if AIR_SUPPORT in chosen_modules:  # each side's aircraft (docs/rules.md 16.10)
        battle.air_support = generated_air_support(
            content, choices.period, {s: f.force_type for s, f in forces.items()}
        )
    arrange(content, battle, auto_deploy_sides, choices.seed)  # a tabletop type's waves and objectives (16.5)
    battle.briefing = briefing(content, battle)
    return battle


def _force_type_for(content: Content, plan: BattlePlan, side: str, refs: list[str]) -> str:
    """The first force type of the side (in the ruleset's order) that may buy every named template."""
    found = [content.formation(ref) for ref in refs]
    templates = [t for t in found if t is not None]
    if len(templates) < len(found):
        raise BuildError(f"unknown formation '{refs[found.index(None)]}'")
    for ft in content.known_ruleset.force_types:
        if ft.side == side and all(
            is_available(content, t, side, ft.id, plan.choices.period, plan.assault) for t in templates
        ):
            return ft.id
    raise BuildError(
        f"no force type of {side} may buy all of {', '.join(refs)} in period {plan.choices.period}"
        + ("" if plan.assault else " (off-map artillery is for assault battles)")
    )


def park(content: Content, game_map: Map, plan: BattlePlan, force: ForceDraft) -> None:
    """No auto-deploy: the units wait in rows from the top of the side's deployment area, nearest the start line
    first, for the designer to place them (docs/rules.md 1.5)."""
    spot = DeploymentArea(content, game_map, plan, force.side, random.Random(0))
    squares = [
        (plan.column(force.side, d), y) for y in range(plan.height) for d in range(plan.max_depth(force.side) + 1)
    ]
    from ..sim.initial_state import EDGE_FACING

    for formation in force.formations:
        for unit in formation.units:
            unit.carrier = None
            unit.facing = EDGE_FACING[plan.home_edges[force.side]]
            unit.at = next(s for s in squares if spot.occupied.get(s, 0) < spot.limit and spot.passable(unit, *s))
            spot.occupied[unit.at] = spot.occupied.get(unit.at, 0) + 1


def _size(plan: BattlePlan, side: str) -> str:
    """The side's force size: the battle type's, or the tabletop game size both sides share (16.4)."""
    return plan.sizes[side] if plan.points is None else f"{plan.choices.size}-sized"


def briefing(content: Content, battle: GeneratedBattle) -> str:
    plan, profile = battle.plan, content.known_ruleset
    ox, oy = plan.objective
    lines = [
        f"{plan.battle.name}: {plan.battle.description}".strip(),
        f"The objective area is the 19x19 squares around {ox},{oy}; the battle lasts {plan.turns} turns.",
    ]
    for side, force in battle.forces.items():
        role = "attacks" if plan.attacking(side) else "defends"
        bought = ", ".join(f"{f.letter} {f.name}" for f in force.formations[1:])
        where = f"{role} from the {plan.home_edges[side]}, behind its start line at column {plan.start_lines[side]}"
        lines.append("")
        if bought:
            lines.append(
                f"{profile.known_side(side).name}: a {_size(plan, side)} {force.name} ({force.spent} of "
                f"{force.budget} {plan.budget_unit}; {force.unused} unused) {where}. Formations: {bought}."
            )
        else:
            # forces still to be chosen (the editor's New Scenario without auto-selection): say nothing that goes stale
            lines.append(
                f"{profile.known_side(side).name}: a {_size(plan, side)} {force.name} with {force.budget} "
                f"{plan.budget_unit} to spend {where}."
            )
        if force.batteries:
            lines.append(
                "Off-map artillery: " + ", ".join(f"{b.count} x {b.weapon.name}" for b in force.batteries) + "."
            )
        if battle.entrenchments.get(side):
            lines.append(f"It has dug {len(battle.entrenchments[side])} entrenchments.")
    lines += briefing_lines(content, battle)
    return "\n".join(textwrap.fill(line, 116) if line else "" for line in lines) + "\n"
