"""The edits of a scenario's set-up values that the Properties dock makes, and the values it shows that are not
in the file (defaults from the rules, the preview of the briefing). Qt-free: each function takes the open
scenario document (editor/document) and makes ONE undo command (a `bulk_edit` when it takes more than one change).

Per-side values (start lines, command delays, starting victory points, unused selection points, side briefings)
are mappings side -> value; a side without a value plays with the default, so clearing a value removes its key
and the last key takes the mapping with it (the file keeps no empty `command_delays: {}`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from tacforge.engine.cli.turn_text import opening_text, side_briefing_text
from tacforge.engine.model import Period, Scenario
from tacforge.engine.model.content import Content

from ..document import MISSING

# The per-side mappings of a scenario (schemas/scenario.schema.json) the Properties dock edits, with the words of
# its undo steps.
SIDE_KEYS = {
    "start_lines": "start line",
    "command_delays": "command delay",
    "starting_vp": "starting victory points",
    "unused_selection_points": "unused selection points",
    "points": "points budget",
    "side_briefings": "briefing",
}


def set_scalar(document, key: str, value: Any, text: str) -> bool:
    """Set (MISSING: remove) a top-level value; no step when the file already says so. True if an edit was made."""
    if document.value(key, default=MISSING) == value:
        return False
    document.set_value((key,), value, text)
    return True


def set_side_value(document, key: str, side: str, value: Any) -> bool:
    """Set `side`'s value in the mapping `key` (MISSING: back to the default), as one undo step. True if an edit
    was made."""
    mapping = document.value(key)
    current = mapping.get(side, MISSING) if isinstance(mapping, dict) else MISSING
    if current == value:
        return False
    text = f"{'Clear' if value is MISSING else 'Change'} {side} {SIDE_KEYS[key]}"
    if not isinstance(mapping, dict):
        new = CommentedMap([(side, value)])
        if not isinstance(value, str):
            new.fa.set_flow_style()  # as the bundled files write them: {allied: 15, german: 44}
        document.set_value((key,), new, text)
    elif value is MISSING and list(mapping) == [side]:
        document.set_value((key,), MISSING, text)
    else:
        document.set_value((key, side), value, text)
    return True


def set_briefing(document, side: str | None, text: str) -> bool:
    """The briefing both sides are told (side None) or one side's own; a text of several lines is written as a
    block, as the bundled files write it; an empty one removes the key."""
    value = MISSING if not text.strip() else LiteralScalarString(text) if "\n" in text.strip() else text
    if side is None:
        return set_scalar(document, "briefing", value, "Change briefing")
    return set_side_value(document, "side_briefings", side, value)


def set_notes(document, text: str) -> bool:
    """The designer's notes (sources, assumptions: for other designers, never shown to the players), written as
    a block when they run to several lines; empty ones remove the key."""
    value = MISSING if not text.strip() else LiteralScalarString(text) if "\n" in text.strip() else text
    return set_scalar(document, "notes", value, "Change notes")


def set_date(document, day: date | None) -> bool:
    """The calendar date (None: none), written as the bundled files write it: "1944-07-29"."""
    return set_scalar(document, "date", MISSING if day is None else day.isoformat(), "Change date")


def flow_square(square) -> CommentedSeq:
    """A square as the bundled files write it: [x, y] on one line."""
    seq = CommentedSeq(list(square))
    seq.fa.set_flow_style()
    return seq


def set_objective_center(document, square: tuple[int, int] | None) -> bool:
    """The centre of the rules' objective area (None: the middle of the map, as the engine takes it)."""
    if square is None:
        return set_scalar(document, "objective", MISSING, "Clear the objective area")
    node = CommentedMap([("center", flow_square(square))])
    node.fa.set_flow_style()
    current = document.value("objective", "center")
    if current is not None and tuple(current) == tuple(square):
        return False
    return set_scalar(document, "objective", node, "Move the objective area")


def objective_area_centre(content: Content | None, scenario: Scenario) -> tuple[int, int] | None:
    """The centre of the rules' objective area: the scenario's, else the middle of its map (as the engine takes
    it); None when the map is not in the pack."""
    if scenario.objective_center is not None:
        return scenario.objective_center
    game_map = content.map(scenario.map) if content is not None else None
    return (game_map.width // 2, game_map.height // 2) if game_map is not None else None


def date_warning(period: Period | None, day: date | None) -> str:
    """Why the date does not fit the period ("" if it does, or either is not set); the validator's
    scenario.date-period says the same in the issues dock."""
    if period is None or day is None or period.contains(day):
        return ""
    return f"{day.isoformat()} is outside period {period.number} ({period.start} to {period.end})"


def period_command_delay(content: Content | None, period: int, side: str) -> int | None:
    """The in-command delay the period table gives a side that the scenario gives none (4.3): the default the
    engine plays (engine/sim/initial_state.py command_delays). None: the period or side is not in the table."""
    found = content.periods.get(period) if content is not None else None
    delays = found.delays(side) if found is not None else None
    return delays[0] if delays else None


def victory_band_rows(content: Content | None) -> list[tuple[str, str]]:
    """The pack's victory bands as (ratio, result) texts, highest ratio first as the rules file lists them; a
    scenario cannot set its own (the schema has no key for them)."""
    if content is None or content.ruleset is None:
        return []
    profile = content.ruleset
    numerator = profile.side(profile.ratio_numerator)
    other = next((s for s in profile.sides if s.id != profile.ratio_numerator), None)
    rows = []
    for band in content.victory_bands:
        winner = {"numerator": numerator, "other": other}.get(band.favours or "")
        result = band.result if winner is None else f"{band.result} ({winner.name})"
        rows.append((f"≥ {band.min_ratio:g}", result))
    return rows


def briefing_preview(content: Content | None, scenario: Scenario, side: str, turns: int, visibility: int | str) -> str:
    """What `tacforge play` shows the commander of `side`: the opening text (battle, common briefing) and then, before
    their first orders, their own briefing. Both come from engine/cli/turn_text.py, never formatted twice."""
    if content is None or content.ruleset is None:
        return scenario.briefing
    own = side_briefing_text(scenario, content.ruleset, side)
    opening = opening_text(scenario, content.ruleset, turns, visibility)
    return f"{opening}\n\n{own}" if own else opening


# -- per-side lists: off-map artillery, air support ----------------------------------------------------------------
# A mapping side -> list of rows (schemas/scenario.schema.json), with the words of its undo steps.
SIDE_LISTS = {"offmap_artillery": "off-map battery", "air_support": "aircraft"}


def add_side_row(document, key: str, side: str, values: dict[str, Any]) -> None:
    """A row of `values` after `side`'s others in the per-side list `key`: one undo step."""
    row = CommentedMap(values)
    row.fa.set_flow_style()  # as the bundled files write them: - {weapon: us_105mm, count: 4}
    text = f"Add {side} {SIDE_LISTS[key]}"
    if document.value(key) is None:
        document.set_value((key,), CommentedMap([(side, [row])]), text)
    elif document.value(key, side) is None:
        document.set_value((key, side), [row], text)
    else:
        document.insert_rows((key, side), len(document.value(key, side)), [row], text)


def remove_side_row(document, key: str, side: str, row: int) -> None:
    """One step; a side's last row takes its list, the last list the mapping (no empty keys left)."""
    text = f"Delete {side} {SIDE_LISTS[key]}"
    if len(document.value(key, side)) > 1:
        document.remove_rows((key, side), row, 1, text)
    elif len(document.value(key)) > 1:
        document.set_value((key, side), MISSING, text)
    else:
        document.set_value((key,), MISSING, text)


def set_side_row_value(document, key: str, side: str, row: int, field: str, value: Any) -> bool:
    """One field of one row (MISSING removes an optional one, such as a name); no step when the file already says
    so. True if an edit was made."""
    if document.value(key, side, row, field, default=MISSING) == value:
        return False
    document.set_value((key, side, row, field), value, f"Change {field} of {side} {SIDE_LISTS[key]}")
    return True
