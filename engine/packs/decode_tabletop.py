"""A battle type's `setup:` (rules.yaml, schemas/rules.schema.json) as a TabletopSetup (docs/rules.md 16.5)."""

from __future__ import annotations

from ..model.tabletop import TabletopSetup, Wave


def _wave(r: dict | None) -> Wave:
    if not r:
        return Wave()
    dice = r.get("reserve_dice", [1, 1])
    return Wave(
        scouts=r.get("scouts", False),
        dice=r.get("dice", 0),
        units=r.get("units", 0),
        share=r.get("share", 0.0),
        reserves_turn=r.get("reserves_turn", 0),
        all_at_once=r.get("all_at_once", False),
        reserve_dice=dice[0],
        reserve_dice_large=dice[1],
    )


def tabletop_setup(r: dict | None) -> TabletopSetup | None:
    """None for a battle type without `setup:` (the manuals' battle types)."""
    if r is None:
        return None
    objectives = r.get("objectives", [0, 0])
    return TabletopSetup(
        deploy_from=r.get("deploy_from", "edges"),
        zone=r.get("zone", 17),
        scouts_forward=r.get("scouts_forward", 0),
        flank_scouts=r.get("flank_scouts", False),
        objectives=objectives[0],
        objectives_max=objectives[1],
        first_objective=r.get("first_objective", "none"),
        objective_points=r.get("objective_points", 50),
        objective_spacing=r.get("objective_spacing", 8),
        attack_line=r.get("attack_line", 0),
        front_zone=r.get("front_zone", False),
        bombardment=tuple(r.get("bombardment", [0, 0])),
        pinned_suppression=r.get("pinned_suppression", 100),
        attacker=_wave(r.get("attacker")),
        defender=_wave(r.get("defender")),
    )
