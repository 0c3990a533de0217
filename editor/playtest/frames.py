"""Frames of a battle: what every unit looked like at one moment (the orders phase of a turn, or after one pulse of
its combat phase), so the battle window can step, pause and scrub while the engine runs on. Qt-free.

A frame is immutable: the engine keeps playing in a worker thread while the window draws frames already taken.
`FrameRecorder` listens to the battle's events and takes a frame after each pulse: at the next pulse's start, and
after the last pulse when the turn is scored.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.sim import events as ev
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.command import position

ORDERS = "orders"
PULSE = "pulse"
END = "end of turn"


@dataclass(frozen=True)
class UnitView:
    uid: str
    side: str
    label: str
    weapon: str  # the weapon's name
    unit_class: str
    count: int
    initial_count: int
    pos: tuple[int, int] | None  # where it is on the map (a passenger: its carrier's square); None off the map
    facing: str
    speed: int
    max_speed: int
    range_limit: int
    ammo: int
    suppression: float
    routed: bool
    carried: bool
    in_command: bool
    objectives: tuple[tuple[int, int], ...]
    delay: int
    offmap: bool  # off-map artillery

    @property
    def alive(self) -> bool:
        return self.count > 0


@dataclass(frozen=True)
class Frame:
    turn: int
    pulse: int
    stage: str  # ORDERS, PULSE or END
    units: dict[str, UnitView]
    seen: dict[str, frozenset[str]]  # side -> enemy uids it has spotted so far
    event_end: int  # the events up to this frame are battle.events[:event_end]

    @property
    def title(self) -> str:
        return f"turn {self.turn}, " + {ORDERS: "orders", END: f"pulse {self.pulse}, end"}.get(
            self.stage, f"pulse {self.pulse}"
        )

    def visible_to(self, side: str | None) -> list[UnitView]:
        """The units on the map that `side` knows of (its own and the enemies it has spotted); every one for None."""
        shown = [u for u in self.units.values() if u.alive and u.pos is not None and not u.offmap]
        if side is None:
            return shown
        return [u for u in shown if u.side == side or u.uid in self.seen.get(side, ())]


def snapshot(battle: Battle, stage: str, event_end: int, pulse: int | None = None) -> Frame:
    state = battle.state
    units = {}
    for u in state.units.values():
        if not u.present:
            continue
        pos = position(u, state) if u.alive else u.pos
        units[u.uid] = UnitView(
            u.uid,
            u.side,
            u.label,
            u.weapon.name,
            u.weapon.unit_class,
            u.count,
            u.initial_count,
            pos,
            u.facing,
            u.speed,
            u.weapon.sp,
            u.range_limit,
            u.ammo,
            u.suppression,
            u.routed,
            u.carrier is not None,
            u.alive and battle.in_command(u),
            tuple(u.objectives),
            u.delay,
            u.offmap,
        )
    return Frame(
        state.turn,
        state.pulse if pulse is None else pulse,
        stage,
        units,
        {s: frozenset(v) for s, v in battle.seen_by_side.items()},
        event_end,
    )


class FrameRecorder:
    """Adds a frame to `frames` after every pulse of the battle's combat phases (a listener of its events)."""

    def __init__(self, battle: Battle, frames: list[Frame]):
        self.battle, self.frames = battle, frames
        battle.listeners.append(self)

    def __call__(self, event: ev.Event) -> None:
        if isinstance(event, ev.PulseStarted) and event.pulse > 1:
            self.frames.append(snapshot(self.battle, PULSE, len(self.battle.events) - 1, event.pulse - 1))
        elif isinstance(event, ev.VictoryScored):
            self.frames.append(snapshot(self.battle, END, len(self.battle.events)))
