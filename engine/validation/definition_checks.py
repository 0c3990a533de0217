"""Semantic checks of what a pack defines that the engine relies on when a battle is played (issue 24): a weapon a
shot can be resolved against, names that mean one weapon, unit classes that can move, periods that follow each
other. Each is reported where the definition is, so that the scenarios using it are not blamed."""

from __future__ import annotations

from ..issues import Issue, error, warning
from ..model import Weapon
from ..model.content import Content, normalise
from ..model.source import Source


def _at(code: str, message: str, src: Source, *path, hint: str | None = None, severity=error) -> Issue:
    return severity(code, message, file=src.file, path=src.path + tuple(path), hint=hint, pack=src.pack)


def weapon_problems(w: Weapon, content: Content) -> list[Issue]:
    """What stops a weapon of this pack from being fired at or named (docs/rules.md 6.5: a soft target's kills are
    divided by its defence)."""
    out = []
    cls = content.unit_class_of(w)
    if cls is not None and not cls.armoured and not cls.special_weapon and not cls.offmap and w.df <= 0:
        out.append(
            _at(
                "weapon.defence",
                f"{w.name} is not armoured, so shots at it are divided by its defence (DF), which is {w.df}",
                w.source,
                "df",
                hint="give a defence of at least 1 (a rifle platoon has 9)",
            )
        )
    if w.fires_as is not None:
        seen, current = [w.id], w
        while current.fires_as is not None:
            nxt = content.resolve_weapon(current.fires_as, current.nationalities)
            if nxt is None:
                break  # an unknown name is ref.unknown-weapon (semantic.check_weapon)
            if nxt.id in seen:
                loop = " -> ".join(x.split(":")[-1] for x in [*seen[seen.index(nxt.id) :], nxt.id])
                out.append(
                    _at(
                        "weapon.fires-as-loop",
                        f"fires_as goes round in a circle ({loop}): no weapon is left to fire as",
                        w.source,
                        "fires_as",
                        hint="name a weapon that fires as itself (one without fires_as)",
                    )
                )
                break
            seen.append(nxt.id)
            current = nxt
    return out


def alias_problems(weapons: list[Weapon]) -> list[Issue]:
    """An alias of one weapon that is the id or name of another weapon of the pack: a scenario naming it would get
    whichever the lookup finds, or be told the name is ambiguous."""
    owners: dict[str, Weapon] = {}
    for w in weapons:
        for name in (w.local_id, w.name):
            owners.setdefault(normalise(name), w)
    out = []
    for w in weapons:
        for i, alias in enumerate(w.aliases):
            other = owners.get(normalise(alias))
            if other is not None and other.id != w.id:
                what = "id" if normalise(other.local_id) == normalise(alias) else "name"
                out.append(
                    _at(
                        "weapon.alias-taken",
                        f"the alias '{alias}' of {w.name} is also the {what} of {other.id}",
                        w.source,
                        "aliases",
                        i,
                        hint="drop the alias or make it unique: names and aliases each mean one weapon",
                    )
                )
    return out


def duplicate_name_problems(weapons: list[Weapon], content: Content) -> list[Issue]:
    """Two weapons of one name (this pack's, or one of this pack's and one of a pack it requires): `tacforge calc`
    and a scenario naming it cannot tell which is meant. A warning on the later one: a battle still plays when the
    units name the weapons by id."""
    own = {w.id for w in weapons}
    first: dict[str, Weapon] = {}
    for w in content.weapons.values():
        if w.id not in own:
            first.setdefault(normalise(w.name), w)
    out = []
    for w in weapons:
        other = first.setdefault(normalise(w.name), w)
        if other.id != w.id:
            out.append(
                _at(
                    "weapon.name-duplicate",
                    f"{w.id} is named '{w.name}', as {other.id} is: `tacforge calc` and a scenario naming "
                    f"'{w.name}' cannot tell the two apart",
                    w.source,
                    "name",
                    hint="give it a name of its own (a variant's name says what differs, e.g. 'Sherman (76mm)')",
                    severity=warning,
                )
            )
    return out


def unit_class_problems(classes: dict, content: Content, rules_file: Source) -> list[Issue]:
    """A class whose mobility class does not exist: its units could enter no square, and would stand still all game."""
    out = []
    for class_id, cls in classes.items():
        if cls.mobility is not None and content.mobility_class(cls.mobility) is None:
            known = sorted(m.split(":")[-1] for m in content.mobility)
            out.append(
                _at(
                    "ref.unknown-mobility",
                    f"unit class '{class_id}' has unknown mobility class '{cls.mobility}': its units could not move",
                    rules_file,
                    "unit_classes",
                    class_id,
                    "mobility",
                    hint="one of: " + ", ".join(known),
                )
            )
    return out


def period_overlap_problems(periods: list) -> list[Issue]:
    """Periods that overlap: a date in both would belong to two periods."""
    out = []
    ordered = sorted((p for p in periods if p.start <= p.end), key=lambda p: p.number)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if after.start <= before.end:
            out.append(
                _at(
                    "period.overlap",
                    f"period {after.number} starts on {after.start}, before period {before.number} ends ({before.end})",
                    after.source,
                    "start",
                    hint=f"start period {after.number} after {before.end}",
                )
            )
    return out
