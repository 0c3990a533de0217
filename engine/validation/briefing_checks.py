"""Whether a briefing still tells the scenario as it is.

A new scenario (`tacforge new`, the editor's New Scenario) is written with a briefing that states the objective
area, the number of turns and each side's start line as numbers (battlegen/battle.py `briefing`). The designer
then changes those in the scenario, and the text would go on telling the players the old values. Rather than
rewrite the designer's text, a briefing sentence of that form that disagrees with the scenario is a warning that
names both values: the designer keeps the words and fixes the number. Only those sentence forms are read; any
other text of a briefing is the designer's and is never checked.
"""

from __future__ import annotations

import re

from ..issues import Issue, warning
from ..model import Scenario
from ..model.content import Content
from .force_checks import _at

AREA = re.compile(r"the \d+x\d+ squares around (\d+),(\d+)")
TURNS = re.compile(r"the battle lasts (\d+) turns")
START_LINE = re.compile(r"start line at column (\d+)")
HINT = "change the number in the briefing (Properties, Briefing tab) to the scenario's, or reword the sentence"


def check_briefing(s: Scenario, content: Content) -> list[Issue]:
    """Warnings for numbers a briefing states that the scenario no longer has (content: for_scenario's)."""
    if not s.briefing:
        return []
    out: list[Issue] = []
    text = " ".join(s.briefing.split())  # sentences are wrapped at any space

    def stale(what: str, told: str, now: str) -> None:
        out.append(
            _at(
                "scenario.briefing-stale",
                f"the briefing says {what} {told}, but the scenario has {now}",
                s.source,
                "briefing",
                severity=warning,
                hint=HINT,
            )
        )

    area = AREA.search(text)
    if area and s.objective_center is not None and tuple(map(int, area.groups())) != tuple(s.objective_center):
        x, y = s.objective_center
        stale("the objective area is around", f"{area[1]},{area[2]}", f"{x},{y}")
    turns = TURNS.search(text)
    if turns and content.ruleset is not None and int(turns[1]) != content.game_length(s):
        stale("the battle lasts", f"{turns[1]} turns", f"{content.game_length(s)} turns")
    profile = content.ruleset
    lines = dict(s.start_lines)
    for paragraph in s.briefing.split("\n\n"):  # one paragraph per side, opening with the side's name
        words = " ".join(paragraph.split())
        sides = profile.sides if profile is not None else ()
        side = next((x.id for x in sides if words.startswith(f"{x.name}:")), None)
        found = START_LINE.search(words)
        if side is not None and found and side in lines and int(found[1]) != lines[side]:
            stale(f"the {side} start line is at column", found[1], f"column {lines[side]}")
    return out
