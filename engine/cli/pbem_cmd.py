"""`tacforge pbem start|play|verify`: play a battle by sending game files back and forth (docs/pbem.md). The
checks, the protocol and the journal are engine.pbem's; this module shows the battle and asks for the orders."""

from __future__ import annotations

from pathlib import Path

from .common import CommandError, fail, seed, writable_file


def register(sub) -> None:
    p = sub.add_parser(
        "pbem",
        description="Play a battle by file (e-mail or any other way of sending a file). Each file is checked "
        "against the packs, the game's chain of turns and your own journal of the game; see docs/pbem.md.",
    )
    pbem_sub = p.add_subparsers(dest="pbem_command", metavar="ACTION", required=True)
    s = pbem_sub.add_parser("start", help="begin a game; the file goes to the opponent")
    s.add_argument("scenario", help="scenario id (pack:id or id) or the path of a scenario file")
    s.add_argument("--as", dest="side", required=True, metavar="SIDE", help="the side you play")
    s.add_argument("--seed", type=seed, help="a seed both players agree on (the game then plays as `play --seed`)")
    s.add_argument(
        "--auto",
        action="store_true",
        help="the computer gives your orders (the start holds none yet: give --auto to each pbem play too)",
    )
    s.add_argument("-o", "--output", type=writable_file, required=True, metavar="FILE")
    s.set_defaults(run=run_start)
    q = pbem_sub.add_parser("play", help="open the opponent's file, see what happened, give orders, write the next")
    q.add_argument("file", type=Path, metavar="FILE")
    q.add_argument("--as", dest="side", required=True, metavar="SIDE", help="the side you play")
    q.add_argument("--auto", action="store_true", help="the computer gives your orders")
    q.add_argument("-o", "--output", type=writable_file, required=True, metavar="NEXT")
    q.set_defaults(run=run_play)
    v = pbem_sub.add_parser("verify", help="check a game file's whole chain and play its turns again")
    v.add_argument("file", type=Path, metavar="FILE")
    v.set_defaults(run=run_verify)


def _side_name(content, side: str) -> str:
    found = content.ruleset.side(side) if content.ruleset else None
    return found.name if found else side


def _write(path: Path, game) -> None:
    from ..atomic_files import atomic_write_text
    from ..pbem.protocol import PbemError

    try:
        atomic_write_text(path, game.text())
    except OSError as exc:
        raise PbemError(f"cannot write {path}: {exc.strerror or exc}") from None


def run_start(args) -> int:
    from ..packs.scenario_lookup import find_scenario
    from ..pbem import moves
    from ..pbem.protocol import PbemError

    try:
        content, scenario = find_scenario(args.scenario, args.pack_path)
        game, journal = moves.start(content, scenario, args.side, args.seed, args.pack_path)
        _write(args.output, game)  # the file first: a journal without its file would refuse a new start's reply
        journal.save()
    except CommandError as exc:
        return fail(exc)
    except PbemError as exc:
        return fail(CommandError(str(exc), code=1))
    other = game.header.sides[1]
    print(f"{scenario.name} ({scenario.id}): you play {_side_name(content, args.side)}")
    print(f"wrote {args.output}: send it to {_side_name(content, other)}")
    return 0


def run_play(args) -> int:
    from ..packs.scenario_lookup import find_scenario
    from ..pbem import moves
    from ..pbem.protocol import COMPUTER, PbemError, read_game_file

    try:
        header = read_game_file(args.file).header
        content, scenario = find_scenario(header.scenario, args.pack_path)
        turn = moves.receive(args.file, args.side, content, scenario, args.pack_path)
        _show(turn, content, scenario)
        orders: list[dict] | str = [] if not turn.needs_orders else COMPUTER if args.auto else _ask(turn)
        game = turn.reply(orders)
        if game is not None:
            _write(args.output, game)  # the file first: a journal never runs ahead of the files
            turn.journal.save()
        if turn.needs_orders:
            print(_orders_line(turn, orders, content))
    except CommandError as exc:
        return fail(exc)
    except PbemError as exc:
        return fail(CommandError(str(exc), code=1))
    if turn.over:
        from .turn_text import final_report

        assert turn.battle is not None
        print("game over: " + final_report(turn.battle, turn.battle.result()))
    if game is not None:
        other = next(s for s in header.sides if s != args.side)
        print(f"wrote {args.output}: send it to {_side_name(content, other)}")
    else:
        print(f"the game is over: there is no file to send (nothing was written to {args.output})")
    return 0


def _show(turn, content, scenario) -> None:
    """What happened since this side's last file: the battle's opening once the set-up is known, then the turn
    resolved now, as `tacforge play` prints them."""
    from .turn_text import opening_text, turn_summary

    battle = turn.battle
    if battle is None:
        first = turn.game.header.sides[0]
        print(
            f"{scenario.name} ({scenario.id}): {_side_name(content, first)} began this game; you play "
            f"{_side_name(content, turn.side)}"
        )
        seed = turn.game.header.seed
        print(
            f"the set-up follows the agreed seed {seed}; it is shown from the next file on"
            if seed is not None
            else "the set-up is drawn from both players' shares; it is shown from the next file on"
        )
        return
    state = battle.state
    if turn.newest_turn == 0:
        seed = state.seed if turn.game.header.seed is not None else None
        print(opening_text(scenario, battle.ruleset, state.last_turn, state.visibility, seed, (turn.side,)))
    else:
        print(turn_summary(battle, battle.events, turn.newest_turn))


def _orders_line(turn, orders, content) -> str:
    """What became of this side's orders: sealed (only their hash is sent) or sent in the open."""
    given = "given by the computer" if isinstance(orders, str) else f"{len(orders)} given"
    turn_no = turn.newest_turn + 1
    first, second = turn.game.header.sides
    if turn.side == first:
        return f"your orders of turn {turn_no}: {given}, sealed until {_side_name(content, second)} gives theirs"
    opponent = _side_name(content, first)
    return f"your orders of turn {turn_no}: {given}, sent in the open ({opponent}'s are sealed already)"


def _ask(turn) -> list[dict]:
    """The orders of this side for the coming turn, at the prompts of `play --human`, given on a copy of the
    battle (the turn itself is played out when both sides' orders are known)."""
    from ..sim.record import order_to_dict
    from .human import HumanPlayer

    battle = turn.battle
    player = HumanPlayer()
    player.briefed = True  # the opening above showed the side's briefing
    player.orders(battle, turn.side)
    if player.proposed:
        print("(ending the game by agreement is not part of play by file; the orders so far are sent)")
    return [order_to_dict(order) for _, _, order in player.given]


def run_verify(args) -> int:
    from ..packs.scenario_lookup import find_scenario
    from ..pbem import moves
    from ..pbem.protocol import PbemError, read_game_file
    from .turn_text import final_report

    try:
        header = read_game_file(args.file).header
        content, scenario = find_scenario(header.scenario, args.pack_path)
        game, played = moves.verify(args.file, content, scenario, args.pack_path)
    except CommandError as exc:
        return fail(exc)
    except PbemError as exc:
        return fail(CommandError(str(exc), code=1))
    sides = " and ".join(_side_name(content, s) for s in header.sides)
    print(f"{args.file}: {scenario.name} ({scenario.id}) between {sides}, {len(game.messages)} messages")
    print(
        f"chain intact, every revealed order matches its commitment, packs as the game began; turns played: "
        f"{played.resolved}"
    )
    if played.battle is not None and played.battle.over:
        print("game over: " + final_report(played.battle, played.battle.result()))
    return 0
