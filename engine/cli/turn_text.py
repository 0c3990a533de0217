"""Reading the event stream into the concise text a person follows: per-turn summaries and the final score."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from ..model import Ruleset, Scenario
from .air_text import AIR_EVENT_KINDS, air_news

if TYPE_CHECKING:  # the simulator is imported where a battle is reported on: the editor's briefing preview needs
    # only opening_text, and importing the simulator would add a tenth to the editor's start (docs/architecture.md 8)
    from ..sim.battle import Battle
    from ..sim.victory import VictoryResult


def opening_text(
    scenario: Scenario,
    ruleset: Ruleset,
    turns: int,
    visibility: int | str,
    seed: int | None = None,
    sides: tuple[str, ...] = (),
) -> str:
    """What `tacforge play` prints before the first turn: the battle in a line, the briefing both sides are told,
    and the own briefings of `sides` (the editor's briefing preview shows this very text)."""
    battle_type = ruleset.battle_type(scenario.battle_type)
    head = (
        f"{scenario.name} ({scenario.id}): {battle_type.name if battle_type else scenario.battle_type}, "
        f"{turns} turns, visibility {visibility}" + (f", seed {seed}" if seed is not None else "")
    )
    parts = [head, scenario.briefing.rstrip()] + [side_briefing_text(scenario, ruleset, side) for side in sides]
    return "\n\n".join(part for part in parts if part)


def side_briefing_text(scenario: Scenario, ruleset: Ruleset, side: str) -> str:
    """A side's own briefing as its commander is shown it ("" if it has none)."""
    text = scenario.side_briefing(side).rstrip()
    found = ruleset.side(side)
    return f"{found.name if found else side} briefing:\n{text}" if text else ""


def turn_summary(battle: Battle, events: list, turn: int) -> str:
    state = battle.state
    killed: dict[str, int] = defaultdict(int)
    fired = 0
    spotted = 0
    arrived: dict[str, list[str]] = defaultdict(list)
    news: list[str] = []  # objectives taken and units gone off the map this turn
    for e in events:
        if e.turn != turn:
            continue
        if e.kind == "arrived":
            arrived[state.units[e.unit].side].append(state.units[e.unit].label)
        elif e.kind == "objective_captured":
            news.append(
                f"{battle.ruleset.known_side(e.side).name} took {_objective_name(battle, e.objective)} (+{e.points})"
            )
        elif e.kind == "exited":
            news.append(f"{state.units[e.unit].label} left the map ({_objective_name(battle, e.objective)})")
        elif e.kind == "plan":
            news.append(f"{battle.ruleset.known_side(e.side).name} plan: {_plan_name(battle, e.side, e.plan)}")
        elif e.kind == "trigger":
            news.append(f"{battle.ruleset.known_side(e.side).name} plan: trigger '{e.trigger}' fired")
        elif e.kind == "withdrew":
            news.append(f"{battle.ruleset.known_side(e.side).name} withdrew (battle rating, docs/rules.md 16.3)")
        elif e.kind in AIR_EVENT_KINDS and (phrase := air_news(battle, e)):  # the air_support module (16.7)
            news.append(phrase)
        elif e.kind == "killed":
            killed[e.unit] += e.count
        elif e.kind == "fired":
            fired += 1
        elif e.kind == "spotted":
            spotted += 1
    losses: dict[str, list[str]] = defaultdict(list)
    for uid, count in killed.items():
        unit = state.units[uid]
        losses[unit.side].append(f"{count} {unit.weapon.name} ({unit.label})")
    parts = [f"Turn {turn:>2}:"]
    for side in state.sides:
        if arrived[side]:
            parts.append(f"{battle.ruleset.known_side(side).name} reinforcements arrived: {', '.join(arrived[side])};")
    for side in state.sides:
        name = battle.ruleset.known_side(side).name
        lost = ", ".join(losses[side]) if losses[side] else "nothing"
        parts.append(f"{name} lost {lost};")
    last = next((e for e in reversed(events) if e.kind == "victory" and e.turn == turn), None)
    if last is not None:
        vp = " / ".join(f"{battle.ruleset.known_side(s).name} {last.points[s]}" for s in state.sides)
        parts.append(f"VP {vp} -> {last.result}")
    if fired or spotted:
        parts.append(f"({fired} shots, {spotted} new sightings)")
    if news:
        parts.append("; ".join(news))
    return " ".join(parts)


def _plan_name(battle: Battle, side: str, plan_id: str) -> str:
    plan = next((p for p in battle.scenario.ai_plans.get(side, ()) if p.id == plan_id), None)
    return f"'{plan_id}'" + (f" ({plan.name})" if plan is not None and plan.name else "")


def _objective_name(battle: Battle, objective_id: str) -> str:
    return next((o.name or o.id for o in battle.state.objectives if o.id == objective_id), objective_id)


def objective_lines(battle: Battle, objectives, side: str | None = None) -> list[str]:
    """One line per typed objective: name, kind, whose, worth and earned. With a side, only what that side may see
    (its own objectives and the other side's that are not hidden)."""
    lines = []
    for o in objectives:
        if side is not None and o.hidden and o.side != side:
            continue
        owner = battle.ruleset.known_side(o.side).name
        lines.append(f"  {o.name:<24} {o.kind:<8} {owner:<10} {o.points:>6} {o.earned:>7}")
    if lines:
        lines.insert(0, f"  {'objective':<24} {'kind':<8} {'for':<10} {'points':>6} {'earned':>7}")
    return lines


def final_report(battle: Battle, result: VictoryResult) -> str:
    from ..sim.reinforcements import arrival_report, reinforcement_uids

    state, lines = battle.state, []
    lines.append(f"Result after turn {state.turn}: {result.label}")
    if result.rounded_ratio is not None:
        numerator = battle.ruleset.ratio_numerator
        lines.append(
            f"Victory ratio ({battle.ruleset.known_side(numerator).name} / "
            f"{battle.ruleset.known_side(state.enemy_of(numerator)).name}): {float(result.rounded_ratio):.2f}"
        )
    lines.append(f"{'side':<10} {'kills':>6} {'objective':>10} {'bonus':>6} {'doubled':>8} {'total':>6}")
    for side in state.sides:
        s = result.scores[side]
        lines.append(
            f"{battle.ruleset.known_side(side).name:<10} {s.kills:>6} {s.objective:>10} {s.bonus:>6} "
            f"{'yes' if s.doubled else 'no':>8} {s.total:>6}"
        )
    if battle.rating is not None:
        lines.append(
            "Battle counters against rating: "
            + "; ".join(
                f"{battle.ruleset.known_side(side).name} {state.battle_counters.get(side, 0)} of "
                f"{battle.rating.ratings[side]}"
                for side in state.sides
            )
        )
    if result.objectives:
        lines.append("Objectives (typed objective points are included in the totals, never doubled):")
        lines += objective_lines(battle, result.objectives)
    for side in state.sides:
        units = state.side_units(side)
        lost = sum(u.initial_count - u.count for u in units)
        total = sum(u.initial_count for u in units)
        lines.append(f"{battle.ruleset.known_side(side).name}: lost {lost} of {total} vehicles, guns and men")
    for side, progress in state.plans.items():
        lines.append(
            f"{battle.ruleset.known_side(side).name} followed the AI plan {_plan_name(battle, side, progress.plan)}"
            + (f"; triggers fired: {', '.join(progress.fired)}" if progress.fired else "")
        )
    if reinforcement_uids(battle.scenario):
        for side, report in arrival_report(battle).items():
            name = battle.ruleset.known_side(side).name
            lines.append(
                f"{name} reinforcements: arrived {', '.join(report['arrived']) or 'none'}"
                + (f"; never came: {', '.join(report['waiting'])}" if report["waiting"] else "")
            )
    return "\n".join(lines)


def result_json(battle: Battle, result: VictoryResult) -> dict:
    from ..sim.reinforcements import arrival_report, reinforcement_uids

    state = battle.state
    return {
        "scenario": state.scenario,
        "seed": state.seed,
        "turns": state.turn,
        "result": result.label,
        "winner": result.winner,
        "level": result.result,
        "ratio": float(result.rounded_ratio) if result.rounded_ratio is not None else None,
        "scores": {side: vars(score) for side, score in result.scores.items()},
        "losses": {
            side: {u.label: u.initial_count - u.count for u in state.side_units(side) if u.count < u.initial_count}
            for side in state.sides
        },
        **({"objectives": [vars(o) for o in result.objectives]} if result.objectives else {}),
        **(
            {
                "battle_rating": {
                    "ratings": battle.rating.ratings,
                    "counters": state.battle_counters,
                    "withdrew": state.withdrew,
                }
            }
            if battle.rating is not None
            else {}
        ),
        **({"reinforcements": arrival_report(battle)} if reinforcement_uids(battle.scenario) else {}),
        **(
            {"plans": {side: {"plan": p.plan, "triggers": p.fired} for side, p in state.plans.items()}}
            if state.plans
            else {}
        ),
    }
