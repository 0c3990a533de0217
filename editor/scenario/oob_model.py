"""The order of battle of an open scenario, as a tree per side (command HQ -> formations A-U -> units 0-9), and
its edits. No widgets: the OOB dock (oob_dock.py) shows `order_of_battle(document)` and calls the edits here.

The tree is read from the document's typed model (`document.model.scenario`, engine/model/scenario.py) and the
pack's content; every edit is ONE undo command on the document's history (a `bulk_edit` when it takes more than
one change), so the issues dock revalidates after each, as after any other edit.

Tabletop points (the points module, docs/rules.md 16.4): shown beside selection points when the scenario turns
the module on or gives a points budget, reckoned the same way (engine/validation/points_checks.py); every unit also
shows its own points and what it adds to its side's battle rating (engine/sim/battle_rating.py unit_rating).

Selection points: a formation bought from a TO&E template costs the template's `cost`; the command HQ (formation
A) is free (docs/rules.md 13 U10) and a formation built by hand has no price in the pack's data, so it counts
nothing and the dock says so. The budget is the ruleset's selection budget for the side's force size in the
battle type (docs/rules.md 8.2), halved for a small battle: the validator's own reckoning
(engine/validation/scenario_checks.py selection_budget / selection_spent), which warns when it is exceeded.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager
from typing import Any

from ruamel.yaml.comments import CommentedMap

from tacforge.engine.battlegen.forces import is_available, nationalities, template_units
from tacforge.engine.battlegen.scenario_writer import unit_document
from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import FormationTemplate, Weapon
from tacforge.engine.model.content import Content
from tacforge.engine.model.scenario import Formation, Scenario, Unit
from tacforge.engine.sim.battle_rating import unit_rating
from tacforge.engine.sim.initial_state import handicap_factor, scaled_count
from tacforge.engine.validation.points_checks import points_budget, points_spent, unit_points, uses_points
from tacforge.engine.validation.scenario_checks import selection_budget, selection_spent

from ..document import MISSING, bulk_edit

HANDICAP_LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class UnitNode:
    unit: Unit
    weapon: Weapon | None  # None: the reference does not resolve (the issues dock says why)
    unit_id: str  # letter + index, as a carrier names it: "C5"
    passengers: tuple[str, ...]  # unit ids riding in this one
    transport_used: int | None  # transport points its passengers take (of `capacity` per vehicle)
    capacity: int | None  # what this unit can lift in all (per vehicle x count); None: no carrier
    points: int | None = None  # tabletop points: count x its weapon's (None: the weapon has none)
    rating: int | None = None  # what it adds to its side's battle rating (docs/rules.md 16.1); None: no weapon


@dataclass(frozen=True)
class FormationNode:
    formation: Formation
    units: tuple[UnitNode, ...]
    template: FormationTemplate | None
    cost: int | None  # selection points; None: built by hand (the pack prices templates only)
    points: int | None = None  # the template's tabletop points (docs/rules.md 16.4); None: by hand, or none given


@dataclass(frozen=True)
class SideOrder:
    side: str
    name: str
    force_type: str | None
    formations: tuple[FormationNode, ...]
    budget: int | None  # None: the battle type names no force size for the side
    spent: int
    hand_built: int  # formations without a template (not priced)
    uses_points: bool = False  # the scenario counts tabletop points (the points module, 16.4)
    points_budget: int | None = None  # None: the scenario gives the side none
    points_spent: int = 0

    def strength(self, content: Content, level: int) -> int:
        """Men and vehicles the side would field at handicap `level` (the engine's own scaling, 8.1)."""
        factor = handicap_factor(content, self.side, level)
        return sum(scaled_count(u.unit.count, factor) for f in self.formations for u in f.units)


def sides_of(content: Content | None, scenario: Scenario | None) -> tuple[str, ...]:
    """The ruleset's sides, then any other side the scenario names (so a typo still shows)."""
    sides = list(content.ruleset.side_ids()) if content is not None and content.ruleset else []
    if scenario is not None:
        sides += [f.side for f in scenario.forces if f.side not in sides]
    return tuple(sides)


def order_of_battle(content: Content, scenario: Scenario) -> tuple[SideOrder, ...]:
    out = []
    for side in sides_of(content, scenario):
        force = scenario.force(side)
        nats = content.side_nationalities(side)
        nodes = tuple(_formation_node(content, f, nats) for f in (force.formations if force else ()))
        command_hq = _letters(content)[0]
        hand_built = sum(1 for n in nodes if n.template is None and n.formation.letter != command_hq)
        out.append(
            SideOrder(
                side,
                force.name if force else "",
                force.force_type if force else None,
                nodes,
                selection_budget(content, scenario, side),
                selection_spent(content, force) if force else 0,
                hand_built,
                uses_points(scenario),
                points_budget(scenario, side),
                points_spent(content, force) if force else 0,
            )
        )
    return tuple(out)


def _formation_node(content: Content, formation: Formation, nats) -> FormationNode:
    template = content.formation(formation.template) if formation.template else None
    weapons = {u.index: content.resolve_weapon(u.weapon, nats) for u in formation.units}
    per_vehicle = content.parameters.units.transport_capacity_per_vehicle
    units = []
    for unit in formation.units:
        uid = f"{formation.letter}{unit.index}"
        riders = [u for u in formation.units if u.carrier == uid]
        weapon = weapons[unit.index]
        lifts = weapon is not None and content.carries(weapon) != "none"
        used = sum(
            (content.transport_cost(rider) or 0) * r.count for r in riders if (rider := weapons[r.index]) is not None
        )
        units.append(
            UnitNode(
                unit,
                weapon,
                uid,
                tuple(f"{formation.letter}{r.index}" for r in riders),
                used if lifts or riders else None,
                per_vehicle * unit.count if lifts else None,
                unit_points(weapon, unit.count),
                None
                if weapon is None or weapon.unit_class not in content.unit_classes
                else unit_rating(content, weapon, unit.index == 0),
            )
        )
    return FormationNode(
        formation,
        tuple(units),
        template,
        template.cost if template else None,
        template.points if template else None,
    )


def _letters(content: Content) -> str:
    return content.parameters.units.formation_letters


def templates_for(content: Content, scenario: Scenario, side: str) -> list[FormationTemplate]:
    """The pack's TO&E templates the side's force may buy in the scenario's period (engine/battlegen/forces.py),
    in the formations file's order. A force without a force type may buy what any of its side's types may."""
    force = scenario.force(side)
    battle = content.ruleset.battle_type(scenario.battle_type) if content.ruleset else None
    assault = bool(battle and battle.assault)
    types = (
        [force.force_type]
        if force and force.force_type
        else [t.id for t in content.ruleset.force_types if t.side == side]
        if content.ruleset
        else []
    )
    return [
        t
        for t in content.formations.values()
        if any(is_available(content, t, side, ft, scenario.period, assault) for ft in types)
    ]


def fielding_nationalities(content: Content, scenario: Scenario, side: str, formation_row: int | None = None):
    """The nationalities whose weapons a unit of `side` may have (what the weapon picker offers): the formation's
    template's, else the force type's, else the side's (the battle builder's own rule, battlegen.forces)."""
    force = scenario.force(side)
    formation = force.formations[formation_row] if force and formation_row is not None else None
    template = content.formation(formation.template) if formation is not None and formation.template else None
    if force is None or not force.force_type:
        return [template.nationality] if template and template.nationality else content.side_nationalities(side)
    return nationalities(content, side, force.force_type, template)


# -- edits (each one undo step) ---------------------------------------------------------------------------------
def _force_path(side: str) -> tuple:
    return ("forces", side, "formations")


def _next_letter(content: Content, scenario: Scenario, side: str) -> str | None:
    force = scenario.force(side)
    taken = {f.letter for f in force.formations} if force else set()
    return next((letter for letter in _letters(content) if letter not in taken), None)


def _ensure_force(document, side: str) -> None:
    """A side the scenario has no force for yet gets an empty one (inside the caller's bulk edit)."""
    if document.value("forces", side) is None:
        document.set_value(("forces", side), CommentedMap([("formations", [])]), f"Add the {side} force")


def _append_formation(document, side: str, row: CommentedMap, text: str) -> None:
    with bulk_edit(document, text), _unused_points_follow(document, side, text):
        _ensure_force(document, side)
        rows = document.value(*_force_path(side))
        document.insert_rows(_force_path(side), len(rows), [row], text)


def _budget_left(document, side: str) -> int | None:
    """The side's selection budget less what its formations cost, or None without a budget."""
    content, scenario = document.content, document.model.scenario
    budget = selection_budget(content, scenario, side) if scenario is not None else None
    force = scenario.force(side) if scenario is not None else None
    return None if budget is None else budget - (selection_spent(content, force) if force else 0)


@contextmanager
def _unused_points_follow(document, side: str, text: str):
    """Keep the side's `unused_selection_points` at what its budget leaves when a formation is bought or deleted,
    if it was so before (the rules score unspent points; a value the designer set by hand is left alone)."""
    before = _budget_left(document, side)
    was = dict(document.model.scenario.unused_selection_points).get(side)
    yield
    after = _budget_left(document, side)
    if was is not None and before is not None and after is not None and was == max(0, before) and after != before:
        document.set_value(("unused_selection_points", side), max(0, after), text)


class OobError(Exception):
    """An edit the order of battle cannot take (no letter left, no unit index left); the message says why."""


def add_template_formation(document, side: str, template: FormationTemplate) -> str:
    """Buy `template` for `side`: a new formation with the next free letter, its HQ as unit 0. Its letter."""
    content, scenario = document.content, document.model.scenario
    letter = _next_letter(content, scenario, side)
    if letter is None:
        raise OobError(
            f"{side} has all {len(_letters(content))} formations ({_letters(content)[0]}-{_letters(content)[-1]})"
        )
    force = scenario.force(side)
    nats = (
        nationalities(content, side, force.force_type, template)
        if force and force.force_type
        else [template.nationality]
        if template.nationality
        else content.side_nationalities(side)
    )
    row = CommentedMap([("letter", letter), ("name", template.name), ("template", template.id.split(":")[-1])])
    row["units"] = [unit_document(u) for u in template_units(content, template, nats)]
    _append_formation(document, side, row, f"Add {template.name} ({side} {letter})")
    return letter


def add_hand_formation(document, side: str, weapon: Weapon, count: int, name: str) -> str:
    """A formation built by hand: its HQ (unit 0) of `count` x `weapon`; add units with `add_unit`."""
    content, scenario = document.content, document.model.scenario
    letter = _next_letter(content, scenario, side)
    if letter is None:
        raise OobError(f"{side} has no formation letter left")
    row = CommentedMap([("letter", letter), ("name", name)])
    row["units"] = [_unit_row(0, weapon, count, "HQ")]
    _append_formation(document, side, row, f"Add formation {side} {letter}")
    return letter


def _unit_row(index: int, weapon: Weapon, count: int, name: str) -> CommentedMap:
    row = CommentedMap([("index", index), ("weapon", weapon.local_id), ("count", count)])
    if name:
        row["name"] = name
    row.fa.set_flow_style()
    return row


def add_unit(document, side: str, formation_row: int, weapon: Weapon, count: int, name: str = "") -> int:
    """A unit with the formation's lowest free index; the index."""
    formation = document.model.scenario.force(side).formations[formation_row]
    taken = {u.index for u in formation.units}
    most = document.content.parameters.units.max_units_per_formation  # besides the HQ, index 0
    index = next((i for i in range(most + 1) if i not in taken), None)
    if index is None:
        raise OobError(f"formation {formation.letter} has its HQ and all {most} units the rules allow")
    table = (*_force_path(side), formation_row, "units")
    document.insert_rows(
        table,
        len(document.value(*table)),
        [_unit_row(index, weapon, count, name)],
        f"Add unit {formation.letter}{index}",
    )
    return index


def remove_formation(document, side: str, formation_row: int) -> None:
    letter = document.model.scenario.force(side).formations[formation_row].letter
    text = f"Delete formation {side} {letter}"
    with bulk_edit(document, text), _unused_points_follow(document, side, text):
        document.remove_rows(_force_path(side), formation_row, 1, text)


def remove_unit(document, side: str, formation_row: int, unit_row: int) -> None:
    formation = document.model.scenario.force(side).formations[formation_row]
    unit = formation.units[unit_row]
    document.remove_rows(
        (*_force_path(side), formation_row, "units"), unit_row, 1, f"Delete unit {formation.letter}{unit.index}"
    )


def set_unit_value(document, side: str, formation_row: int, unit_row: int, key: str, value: Any, text: str) -> None:
    """Weapon, count, name, siw, facing, carrier, at (MISSING from editor.document removes the key)."""
    document.set_value((*_force_path(side), formation_row, "units", unit_row, key), value, text)


def set_carrier(document, side: str, formation_row: int, unit_row: int, text: str) -> None:
    """The unit rides in the carrier `text` names ("C4", or "rides in C4" as its Transport cell shows it); an
    empty text puts it on foot. Only a unit of its own formation that lifts (a halftrack, a truck, a carrier)
    can carry it, as the engine loads riders: OobError otherwise, the file untouched."""
    wanted = text.strip().removeprefix("rides in").strip().upper()
    formation = document.model.scenario.force(side).formations[formation_row]
    unit = formation.units[unit_row]
    uid = f"{formation.letter}{unit.index}"
    if wanted == (unit.carrier or ""):
        return
    if wanted:
        content, nats = document.content, document.content.side_nationalities(side)
        lifts = sorted(
            f"{formation.letter}{u.index}"
            for u in formation.units
            if u is not unit
            and (weapon := content.resolve_weapon(u.weapon, nats)) is not None
            and content.carries(weapon) != "none"
        )
        if wanted not in lifts:
            choose = f"one of {', '.join(lifts)}" if lifts else "none: the formation has no vehicle that lifts"
            raise OobError(
                f"{wanted} cannot carry {uid}: its carrier is a unit of formation {formation.letter} ({choose})"
            )
    what = f"{side} {uid} rides in {wanted}" if wanted else f"{side} {uid} goes on foot"
    set_unit_value(document, side, formation_row, unit_row, "carrier", wanted or MISSING, what)


def name_of(document, side: str, formation_row: int | None, unit_row: int | None) -> str:
    """The name the side's force (formation_row None), a formation (unit_row None) or a unit has in the file ("" when
    it has none)."""
    if document is None:
        return ""
    path = _named_path(side, formation_row, unit_row)
    return str(document.value(*path, "name", default="") or "")


def rename(document, side: str, formation_row: int | None, unit_row: int | None, name: str) -> None:
    """Name the side's force (formation_row None), a formation (unit_row None) or a unit: one undo step; an empty
    name removes the key (names are optional in the schema), and the same name again changes nothing."""
    name = name.strip()
    if name == name_of(document, side, formation_row, unit_row):
        return
    force = document.model.scenario.force(side)
    if force is None:  # a side with no force in the file has nothing to name yet
        return
    if formation_row is None:
        what = "force"
    else:
        formation = force.formations[formation_row]
        what = f"{formation.letter}{formation.units[unit_row].index}" if unit_row is not None else formation.letter
    path = _named_path(side, formation_row, unit_row)
    document.set_value((*path, "name"), name or MISSING, f"Rename {side} {what} to '{name}'")


def _named_path(side: str, formation_row: int | None, unit_row: int | None) -> tuple:
    """Where the name of a side's force, a formation or a unit sits in the file."""
    if formation_row is None:
        return ("forces", side)
    return (*_force_path(side), formation_row) + (("units", unit_row) if unit_row is not None else ())


def copy_formation(document, side: str, formation_row: int):
    """The formation's round-trip data, for `paste_formation` into this or another scenario (a deep copy)."""
    return copy.deepcopy(document.value(*_force_path(side), formation_row))


def paste_formation(document, side: str, data) -> str:
    """A copied formation as the side's next formation: a new letter, its riders' carriers renamed with it, and
    no squares (a copy from the other side would stand on the wrong side of the start line)."""
    content, scenario = document.content, document.model.scenario
    letter = _next_letter(content, scenario, side)
    if letter is None:
        raise OobError(f"{side} has no formation letter left")
    row = copy.deepcopy(data)
    old = row.get("letter")
    row["letter"] = letter
    for unit in row.get("units", []):
        unit.pop("at", None)
        carrier = unit.get("carrier")
        if isinstance(carrier, str) and carrier[:1] == old:
            unit["carrier"] = letter + carrier[1:]
        elif carrier is not None:
            del unit["carrier"]  # it rode in a vehicle of a formation that was not copied
    _append_formation(document, side, row, f"Paste formation as {side} {letter}")
    return letter


def points_totals(orders) -> str:
    """The budget line's tabletop points (HTML, after the selection points), "" when the scenario counts none:
    each side's points spent against its budget, red when one is over."""
    if not any(o.uses_points for o in orders):
        return ""
    parts = [
        f"<b>{o.side}</b>: {o.points_spent} of {o.points_budget} points"
        if o.points_budget is not None
        else f"<b>{o.side}</b>: {o.points_spent} points (no budget)"
        for o in orders
    ]
    over = any(o.points_budget is not None and o.points_spent > o.points_budget for o in orders)
    colour = "#b00020" if over else "#1b5e20"
    return f"<br><span style='color:{colour}'>Tabletop points — " + "; ".join(parts) + "</span>"


def worth_text(content: Content | None, scenario: Scenario, side: str, row: int, unit_row: int | None) -> str:
    """What a selected unit (or, with unit_row None, formation) is worth: its tabletop points (count x the weapon's,
    16.4) and what it adds to its side's battle rating (16.1); "" when the row is gone."""
    if content is None:
        return ""
    order = next((o for o in order_of_battle(content, scenario) if o.side == side), None)
    if order is None or not 0 <= row < len(order.formations):
        return ""
    node = order.formations[row]
    if unit_row is not None and not 0 <= unit_row < len(node.units):
        return ""
    units = node.units if unit_row is None else (node.units[unit_row],)
    points = [u.points for u in units if u.points is not None]
    ratings = [u.rating for u in units if u.rating is not None]
    shown = str(sum(points)) if points else "none in the pack"
    return f"Tabletop points {shown}; battle rating {sum(ratings)}"
