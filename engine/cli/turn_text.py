"""Reading the event stream into the concise text a person follows: per-turn summaries and the final score."""

from __future__ import annotations

from collections import defaultdict

from ..sim.battle import Battle
from ..sim.victory import VictoryResult


def turn_summary(battle: Battle, events: list, turn: int) -> str:
    state = battle.state
    killed: dict[str, int] = defaultdict(int)
    fired = 0
    spotted = 0
    for e in events:
        if e.turn != turn:
            continue
        if e.kind == "killed":
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
        name = battle.ruleset.side(side).name
        lost = ", ".join(losses[side]) if losses[side] else "nothing"
        parts.append(f"{name} lost {lost};")
    last = next((e for e in reversed(events) if e.kind == "victory" and e.turn == turn), None)
    if last is not None:
        vp = " / ".join(f"{battle.ruleset.side(s).name} {last.points[s]}" for s in state.sides)
        parts.append(f"VP {vp} -> {last.result}")
    if fired or spotted:
        parts.append(f"({fired} shots, {spotted} new sightings)")
    return " ".join(parts)


def final_report(battle: Battle, result: VictoryResult) -> str:
    state, lines = battle.state, []
    lines.append(f"Result after turn {state.turn}: {result.label}")
    if result.rounded_ratio is not None:
        numerator = battle.ruleset.ratio_numerator
        lines.append(f"Victory ratio ({battle.ruleset.side(numerator).name} / "
                     f"{battle.ruleset.side(state.enemy_of(numerator)).name}): {float(result.rounded_ratio):.2f}")
    lines.append(f"{'side':<10} {'kills':>6} {'objective':>10} {'bonus':>6} {'doubled':>8} {'total':>6}")
    for side in state.sides:
        s = result.scores[side]
        lines.append(f"{battle.ruleset.side(side).name:<10} {s.kills:>6} {s.objective:>10} {s.bonus:>6} "
                     f"{'yes' if s.doubled else 'no':>8} {s.total:>6}")
    for side in state.sides:
        units = state.side_units(side)
        lost = sum(u.initial_count - u.count for u in units)
        total = sum(u.initial_count for u in units)
        lines.append(f"{battle.ruleset.side(side).name}: lost {lost} of {total} vehicles, guns and men")
    return "\n".join(lines)


def result_json(battle: Battle, result: VictoryResult) -> dict:
    state = battle.state
    return {
        "scenario": state.scenario, "seed": state.seed, "turns": state.turn, "result": result.label,
        "winner": result.winner, "level": result.result,
        "ratio": float(result.rounded_ratio) if result.rounded_ratio is not None else None,
        "scores": {side: vars(score) for side, score in result.scores.items()},
        "losses": {side: {u.label: u.initial_count - u.count for u in state.side_units(side) if u.count < u.initial_count}
                   for side in state.sides},
    }
