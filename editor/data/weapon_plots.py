"""The numbers the weapons room plots, computed by the engine's own combat functions (engine.rules.fire, the
ones `tacforge calc` calls) and never by a copy of a formula: expected kills and kill probability against range,
a heat map of firers against targets at one range, and suppression of infantry against range. Qt-free.

With `exact` the arithmetic is in Fractions, as in `tacforge calc`; the widgets redraw on every keystroke and ask
for floats (the same functions, the same numbers to within rounding, several times faster).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon
from tacforge.engine.model.content import Content
from tacforge.engine.rules import fire as rf


@dataclass(frozen=True)
class FireSettings:
    """What the calculator's options are: armour facing fired at, the pulse (P) and the weapons firing (N)."""

    facing: str = "front"  # front | back
    pulses: int = 1
    count: int = 1


@dataclass(frozen=True)
class Point:
    """One attack at one range. `kills` are expected kills; `kill_probability` the chance of at least one kill
    (whole kills are floor(K) plus one with probability frac(K), 13 U15); `detail` the calculator's modifier list."""

    range: int
    kills: Fraction | float
    kill_probability: Fraction | float
    suppression: Fraction | float
    detail: tuple[str, ...]


@dataclass(frozen=True)
class Series:
    label: str
    target_id: str
    points: tuple[Point, ...]
    problem: str = ""  # why there are no points (a target without armour, a SIW at soft targets, ...)


def _text(x) -> str:
    return f"{float(x):.4g}"


def describe(result: rf.FireResult) -> tuple[str, ...]:
    """The calc's lines for one result: accuracy base, each modifier (halvings and the rule that applied), armour or
    defence, notes, and the totals."""
    main = result.main
    lines = [f"accuracy base {_text(main.accuracy_base)}"]
    lines += [f"x {_text(m.factor)}  {m.reason}" for m in main.modifiers]
    lines.append(f"accuracy {_text(main.accuracy)}")
    if main.apf is not None:
        capped = f", capped at {_text(main.apf_capped)}" if main.apf_capped != main.apf else ""
        lines.append(f"armour ({main.facing}) {_text(main.armour)}; APF {_text(main.apf)}{capped}")
    if main.defence is not None:
        lines.append(f"defence {_text(main.defence)}")
    if result.mg is not None:
        lines.append(f"machine guns add {_text(result.mg.kills)} kills")
    lines += [f"note: {n}" for n in main.notes]
    lines.append(f"expected kills {_text(result.kills)}; suppression {_text(result.suppression)}")
    return tuple(lines)


def _unit_class(content: Content, weapon: Weapon):
    cls = content.unit_classes.get(weapon.unit_class)
    if cls is None:
        raise ValueError(f"unknown class '{weapon.unit_class}'")
    return cls


def attack(
    content: Content, firer: Weapon, target: Weapon, range_: int, settings: FireSettings, exact: bool = True
) -> rf.FireResult:
    """One direct-fire attack, as `tacforge calc kills` computes it: in exact fractions, or (exact False, for the
    heat map's thousands of cells) in floats."""
    number = Fraction if exact else float
    f = rf.Firer.from_weapon(firer, _unit_class(content, firer), number(settings.count))
    t = rf.Target.from_weapon(target, _unit_class(content, target))
    return rf.content_direct_fire(
        content, f, t, range_=number(range_), pulses=settings.pulses, front_arc=settings.facing == "front"
    )


def _point(result: rf.FireResult, range_: int) -> Point:
    return Point(range_, result.kills, min(result.kills, 1), result.suppression, describe(result))


def range_series(content: Content, firer: Weapon, target: Weapon, settings: FireSettings, exact: bool = True) -> Series:
    """The attack at every range from 0 to the firer's maximum range."""
    facing = f" ({settings.facing})" if _unit_class(content, target).armoured else ""
    label = f"{target.name}{facing}"
    try:
        points = tuple(_point(attack(content, firer, target, r, settings, exact), r) for r in range(firer.mr + 1))
    except ValueError as exc:
        return Series(label, target.id, (), str(exc))
    return Series(label, target.id, points)


def kill_curves(
    content: Content, firer: Weapon, targets: Iterable[Weapon], settings: FireSettings, exact: bool = True
) -> list[Series]:
    return [range_series(content, firer, t, settings, exact) for t in targets]


@dataclass(frozen=True)
class HeatMap:
    """Expected kills (floats) of each firer (rows) against each target (columns) at one range; None: out of range
    or an attack the rules do not allow."""

    firers: tuple[Weapon, ...]
    targets: tuple[Weapon, ...]
    range: int
    kills: tuple[tuple[float | None, ...], ...]


def heat_map(
    content: Content, firers: Iterable[Weapon], targets: Iterable[Weapon], range_: int, settings: FireSettings
) -> HeatMap:
    firers, targets = tuple(firers), tuple(targets)
    rows = []
    for f in firers:
        row = []
        for t in targets:
            try:
                row.append(
                    float(attack(content, f, t, range_, settings, exact=False).kills) if range_ <= f.mr else None
                )
            except ValueError:
                row.append(None)
        rows.append(tuple(row))
    return HeatMap(firers, targets, range_, tuple(rows))


def armoured_targets(content: Content, weapons: Iterable[Weapon], period: int | None) -> list[Weapon]:
    """The armoured vehicles of a period (all periods with None): the heat map's columns."""
    return [
        w
        for w in weapons
        if (period is None or w.available_in(period))
        and (cls := content.unit_classes.get(w.unit_class)) is not None
        and cls.armoured
    ]


def direct_firers(content: Content, weapons: Iterable[Weapon], period: int | None) -> list[Weapon]:
    """Weapons that fire directly on the map at armour in a period: the heat map's rows (no SIWs, off-map or
    indirect-only batteries, no small arms that cannot kill armour)."""
    out = []
    for w in weapons:
        cls = content.unit_classes.get(w.unit_class)
        if cls is None or cls.special_weapon or cls.offmap or cls.indirect_only or not cls.kills_armour or w.mr <= 0:
            continue
        if period is None or w.available_in(period):
            out.append(w)
    return out


def infantry_targets(content: Content, weapons: Iterable[Weapon]) -> list[Weapon]:
    """Infantry platoons (classes marked `infantry`, not armoured): the targets of the suppression plot."""
    return [
        w
        for w in weapons
        if (cls := content.unit_classes.get(w.unit_class)) is not None and cls.infantry and not cls.armoured
    ]


def heat_map_with(previous: HeatMap, content: Content, weapon: Weapon, settings: FireSettings) -> HeatMap:
    """The heat map with one weapon changed: only its row and column are computed again (a keystroke's redraw)."""
    firers = tuple(weapon if f.id == weapon.id else f for f in previous.firers)
    targets = tuple(weapon if t.id == weapon.id else t for t in previous.targets)
    if firers == previous.firers and targets == previous.targets:
        return previous
    fresh = heat_map(content, [weapon], targets, previous.range, settings) if weapon in firers else None
    column = [j for j, t in enumerate(targets) if t.id == weapon.id]
    rows = []
    for i, f in enumerate(firers):
        if fresh is not None and f.id == weapon.id:  # (the weapon is among the firers exactly when fresh is made)
            rows.append(fresh.kills[0])
            continue
        row = list(previous.kills[i])
        if column:
            row[column[0]] = heat_map(content, [f], [weapon], previous.range, settings).kills[0][0]
        rows.append(tuple(row))
    return HeatMap(firers, targets, previous.range, tuple(rows))


def sides(content: Content, weapon: Weapon) -> tuple[set[str], set[str]]:
    """(the nationalities of the weapon's side, those of the other side), from the ruleset's nationalities."""
    if content.ruleset is None:
        return set(), set()
    own = {n.side for n in content.ruleset.nationalities if n.id in weapon.nationalities}
    friends = {n.id for n in content.ruleset.nationalities if n.side in own}
    return friends, {n.id for n in content.ruleset.nationalities if n.side not in own}


def opponents(content: Content, candidates: Iterable[Weapon], weapon: Weapon, limit: int = 4) -> list[Weapon]:
    """The first candidates the weapon would meet: fielded by the other side, in a period it is fielded in."""
    enemy = sides(content, weapon)[1]
    first, last = weapon.periods
    found = [
        w
        for w in candidates
        if w.fielded_by(enemy) and "any" not in w.nationalities and w.periods[0] <= last and first <= w.periods[1]
    ]
    return found[:limit]


def fire_curves(
    content: Content, firers: Iterable[Weapon], target: Weapon, settings: FireSettings, exact: bool = True
) -> list[Series]:
    """Several firers against one target (how a vehicle's armour holds up), one series per firer, labelled by it."""
    out = []
    for firer in firers:
        series = range_series(content, firer, target, settings, exact)
        out.append(Series(firer.name, firer.id, series.points, series.problem))
    return out
