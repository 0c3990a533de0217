"""The aircraft `tacforge new --modules air_support` gives each side (docs/rules.md 16.10)."""

from __future__ import annotations

from ..model import AirSortie
from ..model.content import Content
from .forces import nationalities


def generated_air_support(content: Content, period: int, force_types: dict[str, str]) -> tuple[AirSortie, ...]:
    """Per side, the first aircraft of the pack (in its weapons' order) that the side's force fields in the period,
    with the ruleset's generated sorties and arrival turn; a side the pack has no such aircraft for gets none."""
    p = content.parameters.air_support
    out = []
    for side, force_type in force_types.items():
        nats = nationalities(content, side, force_type)
        aircraft = next(
            (
                w
                for w in content.weapons.values()
                if w.available_in(period)
                and w.fielded_by(nats)
                and getattr(content.unit_class_of(w), "aircraft", False)
            ),
            None,
        )
        if aircraft is not None and p.generated_sorties > 0:
            out.append(AirSortie(side, aircraft.local_id, p.generated_sorties, p.generated_arrival))
    return tuple(out)
