"""Ctrl+C in `tacforge play` (issue 24): it stops at once, exit 130, and leaves no partial file: the save of the last
whole turn stays as it was, the turn under way is not saved, and no --log is written."""

from __future__ import annotations

import json

from tacforge.engine.cli import main
from tacforge.engine.sim.battle import Battle


def test_ctrl_c_keeps_the_last_whole_turn_and_writes_nothing_half_done(tmp_path, monkeypatch, capsys):
    played = Battle.combat_phase

    def interrupted_in_turn_3(self):
        if self.state.turn == 3:
            self.state.turn = 99  # what a half-played turn could leave in the state
            raise KeyboardInterrupt
        return played(self)

    monkeypatch.setattr(Battle, "combat_phase", interrupted_in_turn_3)
    save, log = tmp_path / "game.save", tmp_path / "game.log"
    status = main(["play", "western:bocage_crossroads", "--quiet", "--save", str(save), "--log", str(log)])
    assert status == 130
    assert "after turn 2 is saved" in capsys.readouterr().out
    assert json.loads(save.read_text(encoding="utf-8"))["turn"] == 3  # turn 3 about to start, as saved after turn 2
    assert not log.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.save"]
