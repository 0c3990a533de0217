"""The battle window draws the air strikes of the air_support module (docs/rules.md 16.7): watching a computer game
of the Eastern Steppe Village, which turns the module on, a frame of the turn of the first air attack shows an arrow
from the attacking side's map edge to the square attacked; stepping back with the Left key to an earlier turn shows
none."""

from __future__ import annotations

from PyQt6.QtCore import Qt

from tacforge.editor.playtest import watch_game
from tacforge.engine.sim import events as ev


def test_the_battle_window_draws_the_turns_air_strikes(qtbot):
    window = watch_game(None, "eastern:steppe_village", [], 5, None, turns=4)
    qtbot.waitUntil(lambda: window.controller.over and not window.engine_busy, timeout=30_000)
    events = window.controller.battle.events
    attack = next(e for e in events if isinstance(e, ev.AirAttack))  # the first: no earlier turn has one
    frames = window.controller.frames
    index = next(i for i, f in enumerate(frames) if f.turn == attack.turn and f.event_end > events.index(attack))
    window.set_playing(False)
    window.show_frame(index)
    assert (attack.entry, attack.square) in [(entry, square) for entry, square, _ in window.map.strikes]
    window.map.viewport().grab()  # paints the arrow: an error in the painting would surface here
    while frames[window.index].turn >= attack.turn:
        at = window.index
        qtbot.keyClick(window, Qt.Key.Key_Left)
        qtbot.waitUntil(lambda at=at: window.index == at - 1)
    assert window.map.strikes == []
    window.close()
