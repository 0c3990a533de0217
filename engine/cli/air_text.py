"""The air_support module's news in `tacforge play`'s turn lines (docs/rules.md 16.7, 16.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # as turn_text: the simulator is not imported for the editor's briefing preview
    from ..sim.battle import Battle

AIR_EVENT_KINDS = ("air_attack", "aa_fire", "aircraft_lost")


def air_news(battle: Battle, e) -> str | None:
    """One event of AIR_EVENT_KINDS as a phrase, or None when there is nothing to tell (flak that missed)."""
    units = battle.state.units
    if e.kind == "air_attack":
        side = battle.ruleset.known_side(e.side).name
        where = f"{tuple(e.square)}" + (
            "" if tuple(e.aimed_at) == tuple(e.square) else f" (aimed at {tuple(e.aimed_at)})"
        )
        return f"{side} air attack: {e.aircraft} on {where}, {e.attacked} enemy unit(s) there"
    if e.kind == "aa_fire":
        if not e.pinned and not e.hits:
            return None
        what = "pinned, breaks off" if e.pinned else ""
        if e.hits:
            what += f"{', ' if what else ''}{e.hits} hit(s), {e.hits_left} left"
        if e.returned:
            what += ", returns to base"
        return f"flak at {units[e.unit].name}: {what}"
    if e.kind == "aircraft_lost":
        side = battle.ruleset.known_side(e.side).name
        shooter = units[e.by].label if e.by in units else e.by
        return f"{side} {e.aircraft} shot down (by {shooter})"
    return None
