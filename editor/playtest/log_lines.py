"""The battle window's combat log: each event as a line that reads like the manuals' combat reports, with the
numbers behind a result (accuracy, penetration against defence, expected kills, the modifiers) for its tooltip.
Qt-free: a name function turns a unit id into what the player sees ("Allied B1 Sherman")."""

from __future__ import annotations

from collections.abc import Callable

from tacforge.engine.sim import events as ev

Names = Callable[[str], str]


# What a side learns only of its own units: the other side's orders, sightings and fire requests
_PRIVATE = (ev.OrderGiven, ev.Spotted, ev.BombardmentRequested, ev.BombardmentCancelled, ev.Arrived, ev.Rallied)
# ... and what only the side itself knows: the AI plan it follows and the triggers that fired
_SIDE_PRIVATE = (ev.PlanChosen, ev.TriggerFired)


def shown_to(event: ev.Event, viewer: str | None, side_of: Names, seen) -> bool:
    """Whether the log shows `event` to `viewer` (None: every event), who has spotted the enemy units `seen`: all
    about its own units, what is done to them, and what spotted enemies do; none of the enemy's orders or plan."""
    if isinstance(event, _SIDE_PRIVATE):
        return viewer is None or event.side == viewer
    unit = getattr(event, "unit", None)
    if viewer is None or unit is None or side_of(unit) == viewer:
        return True
    if isinstance(event, _PRIVATE):
        return False
    target = getattr(event, "target", None)
    return unit in seen or (target is not None and side_of(target) == viewer)


def log_line(event: ev.Event, name: Names, side_name: Names) -> tuple[str, str] | None:
    """(line, numbers) for an event worth a line of the log (None for bookkeeping such as a pulse starting)."""
    when = f"T{event.turn}.{event.pulse}"
    if isinstance(event, ev.Fired):
        result = f"{event.kills} killed" if event.kills else ("suppressed" if event.suppression else "no effect")
        numbers = (
            f"{event.report}\nrange {event.range}, {event.pulses} pulse(s) at this target\n"
            f"accuracy {event.accuracy:.3f}\npenetration {event.penetration:.2f} against defence "
            f"{event.defence:.2f}\nexpected kills {event.expected_kills:.4f} -> {event.kills} killed\n"
            f"suppression {event.suppression:.1f}" + "".join(f"\n  {n}" for n in event.notes)
        )
        return (
            f"{when} {name(event.unit)} fires at {name(event.target)} ({event.range}): {event.report}, {result}",
            numbers,
        )
    if isinstance(event, ev.Killed):
        gone = "destroyed" if event.destroyed or event.remaining == 0 else f"{event.remaining} left"
        return f"{when} {name(event.unit)} loses {event.count} ({gone})", f"by {name(event.by)}"
    simple = {
        ev.Routed: lambda e: f"{name(e.unit)} routs",
        ev.Rallied: lambda e: f"{name(e.unit)} rallies",
        ev.Spotted: lambda e: f"{name(e.unit)} spots {name(e.target)} at {e.range}",
        ev.Embarked: lambda e: f"{name(e.unit)} boards {name(e.carrier)}",
        ev.Disembarked: lambda e: (
            f"{name(e.unit)} leaves {name(e.carrier)}" + (f" under fire, {e.lost} lost" if e.under_fire else "")
        ),
        ev.BombardmentRequested: lambda e: (
            f"{name(e.unit)} ordered to bombard {_sq(e.square)} (spotter {name(e.spotter)}, in {e.delay} pulses)"
        ),
        ev.BombardmentStarted: lambda e: f"{name(e.unit)} bombards {_sq(e.square)}",
        ev.BombardmentDrifted: lambda e: f"{name(e.unit)}'s fire drifts from {_sq(e.frm)} to {_sq(e.to)}",
        ev.BombardmentCancelled: lambda e: f"{name(e.unit)}'s bombardment cancelled: {e.reason}",
        ev.Arrived: lambda e: f"{name(e.unit)} arrives at {_sq(e.at)}",
        ev.Exited: lambda e: f"{name(e.unit)} leaves the map at {_sq(e.at)}",
        ev.PlanChosen: lambda e: f"{side_name(e.side)} follows AI plan {e.plan}",
        ev.TriggerFired: lambda e: f"{side_name(e.side)}'s AI plan trigger {e.trigger} fires",
        ev.ObjectiveCaptured: lambda e: f"{side_name(e.side)} takes {e.objective} (+{e.points})",
        ev.OrderGiven: lambda e: f"{name(e.unit)}: {e.order} {e.detail}" + (f" (delay {e.delay})" if e.delay else ""),
        ev.AirAttack: lambda e: (
            f"{name(e.unit)} attacks {_sq(e.square)} from the air"
            + ("" if tuple(e.aimed_at) == tuple(e.square) else f" (aimed at {_sq(e.aimed_at)})")
        ),
        ev.AntiAircraftFire: lambda e: (
            f"flak at {name(e.unit)} from {e.firers} unit(s): "
            + ("pinned" if e.pinned else "no effect")
            + (f", {e.hits} hit(s), {e.hits_left} left" if e.hits else "")
            + (", returns to base" if e.returned else "")
        ),
        ev.AircraftLost: lambda e: f"{name(e.unit)} shot down by {name(e.by)}",
        ev.VictoryScored: lambda e: (
            "VP " + " / ".join(f"{side_name(s)} {p}" for s, p in e.points.items()) + f" -> {e.result}"
        ),
    }
    make = simple.get(type(event))
    if make is None:
        return None
    return f"{when} {make(event)}", ""


def _sq(square) -> str:
    return f"{square[0]},{square[1]}" if square else "?"


def plan_status(events, end: int, viewer: str | None, side_name: Names) -> str:
    """Which AI plan each side follows and which of its triggers have fired (with the turn), in events[:end],
    as far as `viewer` may know (None: every side): "German: plan flank, fired go (T5)"."""
    plans: dict[str, str] = {}
    fired: dict[str, list[str]] = {}
    for event in events[:end]:
        if isinstance(event, _SIDE_PRIVATE) and (viewer is None or event.side == viewer):
            if isinstance(event, ev.PlanChosen):
                plans[event.side] = event.plan
            else:
                fired.setdefault(event.side, []).append(f"{event.trigger} (T{event.turn})")
    parts = []
    for side, plan in plans.items():
        triggers = fired.get(side)
        parts.append(f"{side_name(side)}: plan {plan}" + (f", fired {', '.join(triggers)}" if triggers else ""))
    return "; ".join(parts)


def rating_status(events, end: int, ratings: dict[str, int] | None, viewer: str | None, side_name: Names) -> str:
    """Each side's battle counters against its rating in events[:end] (the battle_rating module, docs/rules.md 16),
    and who withdrew: "Battle rating: Allied 12 of 20; German 3 counters of 29". As on the tabletop, where
    counters lie face down, a side sees the value of its own counters only: of the enemy's, how many it has drawn
    (`viewer` None: every value). Empty when the module is off (`ratings` None)."""
    if ratings is None:
        return ""
    totals = dict.fromkeys(ratings, 0)
    drawn = dict.fromkeys(ratings, 0)
    withdrew = None
    for event in events[:end]:
        if isinstance(event, ev.BattleCounter):
            totals[event.side] = totals.get(event.side, 0) + event.value
            drawn[event.side] = drawn.get(event.side, 0) + 1
        elif isinstance(event, ev.Withdrew):
            withdrew = event.side
    parts = []
    for side, rating in ratings.items():
        if viewer is None or side == viewer:
            parts.append(f"{side_name(side)} {totals[side]} of {rating}")
        else:
            parts.append(f"{side_name(side)} {drawn[side]} counter{'s' if drawn[side] != 1 else ''} of {rating}")
    text = "Battle rating: " + "; ".join(parts)
    return text + (f"; {side_name(withdrew)} withdrew" if withdrew is not None else "")
