"""`tacforge play`: play a scenario to the end, computer against computer, a human against the computer, or two
humans in turn (hot seat); print a report per turn and the final victory points."""

from __future__ import annotations

import json
from pathlib import Path

from .common import CommandError, fail, seed, turn_count, writable_file


def register(sub) -> None:
    p = sub.add_parser(
        "play",
        description="Play a scenario to the end and report the result. Computer against computer "
        "unless --human or --hotseat.",
    )
    p.add_argument("scenario", nargs="?", help="scenario id (pack:id or id) or the path of a scenario file")
    p.add_argument("--seed", type=seed, default=1)
    who = p.add_mutually_exclusive_group()
    who.add_argument("--human", metavar="SIDE", help="you command SIDE; the computer the other")
    who.add_argument("--hotseat", action="store_true", help="two humans take turns at the keyboard")
    p.add_argument("--turns", type=turn_count, help="play this many turns instead of the scenario's length")
    p.add_argument("--handicap", type=int, choices=range(1, 6), metavar="1-5")
    p.add_argument(
        "--log",
        type=writable_file,
        help="write a replay to FILE: the seed, handicap and human orders, then every event as JSON lines",
    )
    p.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="play again the game of a --log FILE (or report the game of a --save FILE)",
    )
    p.add_argument("--save", type=writable_file, help="save the game to FILE after every turn")
    p.add_argument("--load", type=Path, help="continue the game saved in FILE")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--quiet", action="store_true", help="no per-turn report")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..ai import ComputerPlayer, Player
    from ..atomic_files import atomic_write_text, remove_stale_temporaries
    from ..packs.scenario_lookup import find_scenario
    from ..sim.battle import Battle
    from ..sim.initial_state import SetupError
    from ..sim.savegame import SaveError, load
    from .human import HumanPlayer
    from .turn_text import final_report, opening_text, result_json, turn_summary

    if args.replay:
        from .replay_run import run_replay

        return run_replay(args)
    if not args.scenario:
        return fail(CommandError("name a scenario to play, or give --replay FILE"))
    # what an earlier `play` killed mid-save left beside its files
    remove_stale_temporaries(Path(p).parent for p in (args.save, args.log) if p is not None)
    try:
        content, scenario = find_scenario(args.scenario, args.pack_path)
        previous: list = []
        if args.load:
            battle, previous = load(args.load, content, expected=scenario)
        else:
            battle = Battle(content, scenario, seed=args.seed, handicap=args.handicap, turns=args.turns)
        sides = battle.state.sides
        if args.human and args.human not in sides:
            raise CommandError(f"--human must be one of: {', '.join(sides)}")
    except CommandError as exc:
        return fail(exc)
    except (SetupError, SaveError) as exc:
        return fail(CommandError(str(exc), code=1))
    players: dict[str, Player] = {side: ComputerPlayer() for side in sides}
    if args.hotseat:
        players = {side: HumanPlayer() for side in sides}
    elif args.human:
        players[args.human] = HumanPlayer()
    humans = [p for p in players.values() if isinstance(p, HumanPlayer)]
    text = args.format == "text"
    if text and not args.load:
        watched = () if humans else sides  # a human is shown their own side's briefing before their first orders
        print(
            opening_text(
                scenario, battle.ruleset, battle.state.last_turn, battle.state.visibility, battle.state.seed, watched
            )
        )
    result = battle.result()
    played_on: list[int] = []
    saved_turns: list[int] = []
    try:
        while True:
            while not battle.over:
                battle.start()  # turn 1 begins (and its reinforcements arrive) before anyone gives orders
                orders = {side: players[side].orders(battle, side) for side in sides}
                if humans and all(h.agrees_to_end() for h in humans):
                    result = battle.end_now()  # the computer always agrees
                    break
                battle.orders_phase(orders)
                turn = battle.state.turn
                result = battle.combat_phase()
                if text and not args.quiet:
                    print(turn_summary(battle, battle.events, turn))
                if args.save:
                    save_or_stop(battle, args.save)  # atomic: the previous turn's file stays until this one is whole
                    saved_turns.append(turn)
            if not (humans and all(h.wants_to_continue(battle) for h in humans)):
                break
            for h in humans:
                h.wants_end = False
            played_on.append(battle.state.turn)
            battle.continue_after_end()
    except KeyboardInterrupt:  # at once: the turn under way is dropped, never saved half played (issue 24)
        if args.save and args.save.is_file() and saved_turns:
            print(f"\ninterrupted; the game as it was after turn {saved_turns[-1]} is saved in {args.save}")
        else:
            print("\ninterrupted; nothing is saved")
        return 130
    except SaveWriteError as exc:
        return fail(CommandError(str(exc), code=1))
    if args.log:
        try:
            atomic_write_text(args.log, _replay_log(args, battle, players, humans, played_on, previous))
        except OSError as exc:
            return fail(CommandError(f"cannot write the log {args.log}: {exc.strerror}", code=1))
    if text:
        print(final_report(battle, result))
    else:
        print(json.dumps(result_json(battle, result), indent=2))
    return 0


class SaveWriteError(Exception):
    """--save could not write its file: the game stops there, with a message rather than a traceback."""


def save_or_stop(battle, path: Path) -> None:
    from ..sim.savegame import save

    try:
        save(battle, path)
    except OSError as exc:
        raise SaveWriteError(
            f"cannot save the game to {path}: {exc.strerror or exc}; the previous save, if any, is as it was "
            "(free some space or choose another --save FILE)"
        ) from None


def _replay_log(args, battle, players: dict, humans: list, played_on: list[int], previous: list) -> str:
    """The --log file: the game record as its first line (engine/sim/record.py), then every event."""
    from ..sim.record import COMPUTER, HUMAN, GameRecord, replay_text
    from ..sim.savegame import content_fingerprint

    state = battle.state
    record = GameRecord(
        state.scenario,
        state.pack,
        content_fingerprint(battle.content),
        state.seed,
        args.handicap,
        args.turns,
        {side: HUMAN if p in humans else COMPUTER for side, p in players.items()},
        [given for h in humans for given in h.given],
        [p for h in humans for p in h.proposed],
        played_on,
    )
    # a game continued from a save began before it: its first turns' orders are not known, so it is no replay
    return replay_text(record, previous + battle.events, continues_save=str(args.load) if args.load else None)
