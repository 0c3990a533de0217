"""The playtest's battle controller without widgets (issue 15): orders given through it give the event log of the
same orders typed at `tacforge play`, and a battle played again from its record reproduces its event log exactly."""

import io

import pytest

from tacforge.editor.playtest.controller import BattleController, PlaytestChoice, Stopped
from tacforge.editor.playtest.frames import END, ORDERS, PULSE
from tacforge.editor.playtest.log_lines import log_line, shown_to
from tacforge.engine.ai.session import replay
from tacforge.engine.cli import main
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.sim import events as ev
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.record import COMPUTER, HUMAN, RecordError, read_replay

# the same orders, as typed at the text player's prompt and as the window gives them
TYPED = ["move B1 30 30", "range B1 4", "face B2 NE", "speed B* 4", "target B1 C2"]
GIVEN = [
    o.Move("allied:B1", (30, 30)),
    o.SetRange("allied:B1", 4),
    o.Face("allied:B2", "NE"),
    o.AllUnits("allied", "B", "speed", 4),
    o.Priority("allied:B1", "german:C2"),
]


@pytest.fixture(scope="module")
def bocage():
    return find_scenario("western:bocage_crossroads", [])


def play_through_controller(content, scenario, turns=2):
    controller = BattleController.start(
        content, scenario, PlaytestChoice({"allied": HUMAN, "german": COMPUTER}, seed=5, turns=turns)
    )
    controller.advance()
    for order in GIVEN:
        controller.give(order)
    controller.end_orders()
    while not controller.over:
        controller.advance()
        if controller.waiting:
            controller.end_orders()  # "done" at the prompt
    return controller


def test_orders_through_the_controller_give_the_event_log_of_the_text_player(bocage, tmp_path, monkeypatch):
    log = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(TYPED) + "\ndone\ndone\n"))
    assert (
        main(
            [
                "play",
                "bocage_crossroads",
                "--human",
                "allied",
                "--seed",
                "5",
                "--turns",
                "2",
                "--quiet",
                "--log",
                str(log),
            ]
        )
        == 0
    )
    record, logged = read_replay(log)
    controller = play_through_controller(*bocage)
    assert [e.to_dict() for e in controller.battle.events] == logged
    assert any(e["kind"] == "order" and e["unit"] == "allied:B1" and e["order"] == "priority" for e in logged)
    assert [order for _, _, order in record.orders] == GIVEN  # the log's record holds the typed orders
    assert main(["play", "--replay", str(log), "--quiet"]) == 0  # and plays the game again, event for event


def test_a_battle_played_again_from_its_record_reproduces_its_event_log(bocage, tmp_path):
    played = play_through_controller(*bocage, turns=3)
    again = BattleController.replaying(played.record, *bocage)
    again.advance()
    assert again.over and [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in played.battle.events]
    assert [(f.turn, f.pulse, f.stage) for f in again.frames] == [(f.turn, f.pulse, f.stage) for f in played.frames]
    log = tmp_path / "replay.jsonl"
    log.write_text(played.replay_log())
    record, logged = read_replay(log)
    assert [e.to_dict() for e in replay(record, *bocage).battle.events] == logged
    assert main(["play", "--replay", str(log), "--quiet"]) == 0


def test_frames_are_the_orders_phase_each_pulse_and_the_end_of_each_turn(bocage):
    controller = play_through_controller(*bocage, turns=1)
    pulses = controller.battle.params.time_space.pulses_per_turn
    stages = [(f.stage, f.pulse) for f in controller.frames]
    assert stages == [(ORDERS, 0)] + [(PULSE, p) for p in range(1, pulses)] + [(END, pulses)]
    ends = [f.event_end for f in controller.frames]
    assert ends == sorted(ends) and ends[-1] == len(controller.battle.events)
    first = controller.frames[0]
    assert first.units["allied:B1"].objectives == ((30, 30),)  # the orders frame shows the orders given
    assert first.units["allied:B2"].facing == "NE"
    shown = {u.uid for u in first.visible_to("german")}
    own = {u.uid for u in first.units.values() if u.side == "german" and u.pos is not None and not u.offmap}
    assert own <= shown and shown - own <= first.seen["german"]
    assert shown < {u.uid for u in first.visible_to(None)}  # fog of war hides the unspotted allied units


def test_stop_abandons_the_battle_at_the_next_event(bocage):
    controller = BattleController.start(*bocage, PlaytestChoice({"allied": COMPUTER, "german": COMPUTER}))
    controller.stop()
    with pytest.raises(Stopped):
        controller.advance()


def test_a_replay_of_other_rules_or_an_old_log_is_refused(bocage, tmp_path, capsys):
    played = play_through_controller(*bocage, turns=1)
    log = tmp_path / "replay.jsonl"
    played.record.rules_fingerprint = "0" * 16  # as a game played with other weapon tables records it
    log.write_text(played.replay_log())
    record, _ = read_replay(log)
    with pytest.raises(RecordError, match="rules changed"):
        BattleController.replaying(record, *bocage)
    old = tmp_path / "old.jsonl"
    old.write_text("".join(line + "\n" for line in played.replay_log().splitlines()[1:]))
    assert main(["play", "--replay", str(old)]) == 1
    assert "older tacforge" in capsys.readouterr().err
    assert main(["play", "--replay", str(log)]) == 1
    assert "rules changed" in capsys.readouterr().err


def test_the_combat_log_shows_a_side_its_own_orders_and_what_it_has_seen(bocage):
    controller = play_through_controller(*bocage, turns=2)
    events, frame = controller.battle.events, controller.frames[-1]
    side_of = lambda uid: controller.battle.state.units[uid].side  # noqa: E731
    shown = [e for e in events if shown_to(e, "allied", side_of, frame.seen["allied"])]
    assert any(e.kind == "order" and side_of(e.unit) == "allied" for e in shown)
    assert any(e.kind == "order" and side_of(e.unit) == "german" for e in events)
    assert not any(e.kind in ("order", "spotted") and side_of(e.unit) == "german" for e in shown)
    fired = ev.Fired(
        3,
        2,
        "allied:B1",
        "german:C2",
        "Sherman",
        9,
        "HEAVY CANNON FIRE",
        1,
        0.45,
        8.95,
        15.0,
        0.0011,
        0,
        0.0,
        ("moving vehicle",),
    )
    line, numbers = log_line(fired, str, str)
    assert line == "T3.2 allied:B1 fires at german:C2 (9): HEAVY CANNON FIRE, no effect"
    assert "penetration 8.95 against defence 15.00" in numbers and "expected kills 0.0011" in numbers
    assert numbers.endswith("moving vehicle")


def test_a_computer_game_through_the_controller_is_the_batch_runs_game(bocage):
    """watch_game shows the balance run's notable games: the controller plays them as engine.ai.play_out does."""
    from tacforge.engine.ai.players import ComputerPlayer, play_out
    from tacforge.engine.sim.battle import Battle

    content, scenario = bocage
    controller = BattleController.start(
        content, scenario, PlaytestChoice({"allied": COMPUTER, "german": COMPUTER}, seed=11, turns=4)
    )
    controller.advance()
    batch = play_out(Battle(content, scenario, seed=11, turns=4), {s: ComputerPlayer() for s in ("allied", "german")})
    assert [e.to_dict() for e in controller.battle.events] == [e.to_dict() for e in batch.events]


def test_mouse_orders_for_a_whole_formation_are_all_units_orders(bocage):
    from tacforge.editor.playtest import mouse_orders as mo

    controller = BattleController.start(*bocage, PlaytestChoice({"allied": HUMAN, "german": COMPUTER}))
    controller.advance()
    frame = controller.frames[-1]
    platoon = mo.formation_of(frame, frame.units["allied:B2"])
    assert platoon == {"allied:B0", "allied:B1", "allied:B2", "allied:B3"}
    assert mo.move(frame, platoon, (30, 30)) == [o.Advance("allied", "B", (30, 30), None)]
    assert mo.set_value(frame, platoon, "face", "E") == [o.AllUnits("allied", "B", "face", "E")]
    assert mo.move(frame, {"allied:B1", "allied:B2"}, (30, 30)) == [
        o.Move("allied:B1", (30, 30)),
        o.Move("allied:B2", (30, 30)),
    ]
    assert mo.set_value(frame, {"allied:B1"}, "cancel", None) == [o.Cancel("allied:B1")]
    batteries = mo.batteries(controller.battle, "allied:A0")
    assert batteries and [b.delay for b in batteries] == sorted(b.delay for b in batteries)
    refused = controller.give(mo.move(frame, platoon, (30, 30))[0])
    assert refused is None and all(controller.frames[-1].units[u].objectives for u in platoon)


def test_a_saved_game_is_reported_by_play_replay(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["play", "bocage_crossroads", "--turns", "2", "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["play", "--replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Turn  1:" in out and "Turn  2:" in out and "Result after turn 2" in out


def test_a_battle_played_on_after_its_end_replays_too(bocage):
    played = play_through_controller(*bocage, turns=1)
    played.session.play_on()
    while not played.over:
        played.advance()
        if played.waiting:
            played.end_orders(propose_end=played.battle.state.turn >= 2)
    assert played.record.played_on == [1] and played.record.end_proposals
    again = BattleController.replaying(played.record, *bocage)
    again.advance()
    assert [e.to_dict() for e in again.battle.events] == [e.to_dict() for e in played.battle.events]


def test_the_plan_each_side_follows_and_its_triggers_are_told_to_that_side_only():
    from tacforge.editor.playtest.log_lines import plan_status

    events = [
        ev.PlanChosen(1, 0, side="german", plan="flank"),
        ev.PlanChosen(1, 0, side="allied", plan="hold_fast"),
        ev.TriggerFired(5, 4, side="german", trigger="go"),
    ]
    assert [log_line(e, str, str.title)[0] for e in events] == [
        "T1.0 German follows AI plan flank",
        "T1.0 Allied follows AI plan hold_fast",
        "T5.4 German's AI plan trigger go fires",
    ]
    assert [e for e in events if shown_to(e, "allied", str, ())] == [events[1]]
    assert plan_status(events, 3, None, str.title) == "German: plan flank, fired go (T5); Allied: plan hold_fast"
    assert plan_status(events, 2, "german", str.title) == "German: plan flank"
