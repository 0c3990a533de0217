"""The aircraft a side may call on (docs/rules.md 16.6): what `tacforge new --modules air_support` gives each side
(16.10) and what the editor's air support form offers."""

from __future__ import annotations

from collections.abc import Iterable

from ..model import AirSortie, Weapon
from ..model.content import Content
from .forces import nationalities


def aircraft_choices(content: Content, period: int, nats: Iterable[str]) -> list[Weapon]:
    """The weapons of an aircraft class that these nationalities fly in the period, in the pack's weapons' order."""
    wanted = tuple(nats)
    return [
        w
        for w in content.weapons.values()
        if w.available_in(period) and w.fielded_by(wanted) and getattr(content.unit_class_of(w), "aircraft", False)
    ]


def generated_air_support(content: Content, period: int, force_types: dict[str, str]) -> tuple[AirSortie, ...]:
    """Per side, the first aircraft of the pack (in its weapons' order) that the side's force fields in the period,
    with the ruleset's generated sorties and arrival turn; a side the pack has no such aircraft for gets none."""
    p = content.parameters.air_support
    out = []
    for side, force_type in force_types.items():
        aircraft = next(iter(aircraft_choices(content, period, nationalities(content, side, force_type))), None)
        if aircraft is not None and p.generated_sorties > 0:
            out.append(AirSortie(side, aircraft.local_id, p.generated_sorties, p.generated_arrival))
    return tuple(out)
