"""The air_support module's scenario checks (docs/rules.md 16.6): each aircraft's side, weapon, class and period,
and aircraft given without the module turned on (which would be left out of the battle without a word)."""

from __future__ import annotations

from ..issues import Issue, did_you_mean, warning
from ..model import Scenario
from ..model.content import Content
from ..model.modules import AIR_SUPPORT
from .force_checks import _at, _weapon_issue


def check_air_support(s: Scenario, content: Content, sides: list[str], dropped: set[str]) -> list[Issue]:
    out: list[Issue] = []
    if s.air_support and AIR_SUPPORT not in s.modules:
        out.append(
            _at(
                "scenario.air-support-off",
                "the scenario lists air support but does not turn the air_support module on: no aircraft will fly",
                s.air_support[0].source,
                severity=warning,
                hint="add 'modules: [air_support]' or remove 'air_support:'",
            )
        )
    for entry in s.air_support:
        if entry.side not in sides:
            out.append(
                _at(
                    "ref.unknown-side",
                    f"unknown side '{entry.side}'",
                    entry.source,
                    hint=did_you_mean(entry.side, sides),
                )
            )
            continue
        weapon = content.resolve_weapon(entry.aircraft, content.side_nationalities(entry.side))
        if weapon is None:
            issue = _weapon_issue(entry.aircraft, content, entry.source, dropped)
            if issue:
                out.append(issue)
            continue
        cls = content.unit_class_of(weapon)
        if cls is None or not cls.aircraft:
            out.append(
                _at(
                    "scenario.not-aircraft",
                    f"{weapon.name} is not an aircraft",
                    entry.source,
                    "aircraft",
                    hint="name a weapon of the aircraft class (in the pack's weapons.yaml)",
                )
            )
        elif not weapon.available_in(s.period):
            out.append(
                _at(
                    "scenario.period-unavailable",
                    f"{weapon.name} flies in periods {weapon.periods[0]}-{weapon.periods[1]}, not in period {s.period}",
                    entry.source,
                    "aircraft",
                    hint="pick an aircraft of this period",
                )
            )
    return out
