"""The air strikes the battle window draws (the air_support module, docs/rules.md 16.7): for the frame shown, each
air attack of its turn so far as (the map-edge square the aircraft flew in from, the square it attacked, whether
it was shot down on that sortie). Aircraft are seen by both sides, so every viewer is shown them. Qt-free."""

from __future__ import annotations

from tacforge.engine.sim import events as ev

Strike = tuple[tuple[int, int], tuple[int, int], bool]


def air_strikes(events, turn: int, end: int) -> list[Strike]:
    """The air_attack events of `turn` among events[:end], in order, one per aircraft and square."""
    strikes: dict[tuple[str, tuple[int, int]], Strike] = {}
    lost: set[str] = set()
    for event in events[:end]:
        if event.turn != turn:
            continue
        if isinstance(event, ev.AirAttack):
            square = (event.square[0], event.square[1])
            strikes[(event.unit, square)] = ((event.entry[0], event.entry[1]), square, False)
        elif isinstance(event, ev.AircraftLost):
            lost.add(event.unit)
    return [(entry, square, uid in lost) for (uid, _), (entry, square, _) in strikes.items()]
