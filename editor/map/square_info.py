"""What the status bar says about the square under the cursor: coordinates, code, terrain, level, movement cost
per mobility class, cover, and which units of an open scenario can see it."""

from __future__ import annotations

from tacforge.engine.rules.geometry import chebyshev
from tacforge.engine.rules.los import has_los


def describe_square(model, content, x: int, y: int, scenario_units, grid, operator: str, visibility: int) -> str:
    """`operator` is the ruleset's line-of-sight comparison and `visibility` the scenario's sight range (both
    rules data: the caller reads them from the pack's profile and the scenario's typed model)."""
    if not (0 <= x < model.width and 0 <= y < model.height):
        return ""
    code = int(model.codes[y, x])
    entry = content.terrain_codes.get(code)
    terrain = content.terrain_type(entry.type) if entry else None
    parts = [f"{x},{y}", f"code {code}"]
    if terrain is not None:
        parts.append(f"{terrain.name} level {entry.level}" + (" (cover)" if terrain.cover else ""))
        costs = []
        for mobility in sorted(content.mobility.values(), key=lambda m: m.id):
            cost = terrain.cost(mobility.id)
            costs.append(f"{mobility.name.split()[0].lower()} {'-' if cost is None else cost}")
        parts.append("move " + " / ".join(costs))
    if grid is not None and scenario_units:
        seers = [
            label
            for (ux, uy, side, label) in scenario_units
            if chebyshev((ux, uy), (x, y)) <= visibility and has_los(grid, (ux, uy), (x, y), operator, visibility)
        ]
        if seers:
            shown = ", ".join(seers[:8]) + (f" +{len(seers) - 8}" if len(seers) > 8 else "")
            parts.append(f"seen by {shown}")
    return "   ".join(parts)
