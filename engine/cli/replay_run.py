"""`tacforge play --replay FILE`: play again the game of a replay log (`--log`), printing the per-turn reports, and
check that it gives the logged events; or report the game of a saved game (`--save`) from its events."""

from __future__ import annotations

import json
import sys

from .common import CommandError, fail


def run_replay(args) -> int:
    from ..packs.scenario_lookup import find_scenario
    from ..sim.record import RecordError, file_format, read_replay_file
    from ..sim.savegame import FORMAT as SAVE_FORMAT

    if args.scenario or args.load or args.human or args.hotseat:
        return fail(CommandError("--replay plays the game of its file: give no scenario, --load, --human or --hotseat"))
    try:
        if file_format(args.replay) == SAVE_FORMAT:
            return _report_save(args)
        replay = read_replay_file(args.replay)
        content, scenario = find_scenario(replay.record.scenario, args.pack_path)
    except RecordError as exc:
        return fail(CommandError(str(exc), code=1))
    except CommandError as exc:
        return fail(exc)
    return _play_again(args, replay, content, scenario)


def _report_save(args) -> int:
    """A saved game holds its state and events, not the orders that led there: report its turns and its score."""
    from ..packs.scenario_lookup import find_scenario
    from ..sim.record import RecordError, event_from_dict, saved_scenario
    from ..sim.savegame import SaveError, load
    from .turn_text import final_report, result_json, turn_summary

    try:
        content, _ = find_scenario(saved_scenario(args.replay), args.pack_path)
        battle, saved = load(args.replay, content)
        events = [event_from_dict(e) for e in saved if isinstance(e, dict)]
    except (SaveError, RecordError) as exc:
        return fail(CommandError(str(exc), code=1))
    except CommandError as exc:
        return fail(exc)
    if args.format == "text":
        if not args.quiet:
            for turn in sorted({e.turn for e in events if e.turn > 0}):
                print(turn_summary(battle, events, turn))
        print(final_report(battle, battle.result()))
    else:
        print(json.dumps(result_json(battle, battle.result()), indent=2))
    return 0


def _play_again(args, replay, content, scenario) -> int:
    from ..ai.session import replay as replay_session
    from ..sim.record import RecordError
    from .turn_text import final_report, result_json, turn_summary

    text = args.format == "text"

    def report(session, turn):
        if text and not args.quiet:
            print(turn_summary(session.battle, session.battle.events, turn))

    record, logged = replay.record, replay.logged
    try:
        session = replay_session(record, content, scenario, after_turn=report)
    except RecordError as exc:
        return fail(CommandError(f"{args.replay}: {exc}", code=1))
    battle = session.battle
    played = [e.to_dict() for e in battle.events]
    # the first difference within the shorter of the two; a length difference is told below
    differs = next((i for i, (a, b) in enumerate(zip(played, logged, strict=False)) if a != b), None)
    if differs is None and len(played) != len(logged):
        differs = min(len(played), len(logged))
    result = battle.result()
    print(final_report(battle, result) if text else json.dumps(result_json(battle, result), indent=2))
    if differs is not None:
        # the log is as tacforge wrote it (its digest matches), so what differs is how the engine plays it
        why = (
            "the engine has changed since the game was played"
            if replay.intact
            else "the file was edited, or the engine has changed since the game was played (the log is older "
            "than replay digests, so which cannot be told)"
        )
        print(f"tacforge: the replay differs from the log from event {differs + 1} on: {why}", file=sys.stderr)
        return 1
    return 0
