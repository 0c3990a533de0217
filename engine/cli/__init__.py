"""The `tacforge` command line. Each subcommand lives in its own module and registers itself here.

Building the parser imports every command module, so `tacforge --help` costs what their top-level imports cost
(docs/architecture.md 8: under 150 ms, whole process). A command module therefore imports only light things at its top
(argparse, engine.issues, .common) and the engine it drives (the loader, the simulator, NumPy, ...) inside the function
that runs the command; tests/test_cli_startup.py keeps it so.
"""

from __future__ import annotations

import argparse
import sys

from . import (
    batch_cmd,
    calc_cmd,
    map_cmd,
    new_cmd,
    pack_cmd,
    packs_cmd,
    pbem_cmd,
    play_cmd,
    rules_cmd,
    schemas_cmd,
    validate_cmd,
)
from .common import CommandError, fail, path_problem

COMMANDS = (
    packs_cmd,
    validate_cmd,
    play_cmd,
    calc_cmd,
    rules_cmd,
    new_cmd,
    map_cmd,
    batch_cmd,
    schemas_cmd,
    pack_cmd,
    pbem_cmd,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tacforge",
        description="Scenario and force design toolkit for platoon-level WWII tactical battles.",
    )
    parser.add_argument("--version", action=_PrintVersion)
    parser.add_argument(
        "--pack-path",
        action="append",
        default=[],
        metavar="DIR",
        help="also look for packs in DIR (a pack folder or a folder of packs); may repeat",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    _accept_pack_path_after_the_command(sub)
    return parser


class _PrintVersion(argparse.Action):
    """argparse's 'version' action, but reading the version only when asked (see engine.__getattr__)."""

    def __init__(self, option_strings, dest, **_):
        super().__init__(
            option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0, help="show the version and exit"
        )

    def __call__(self, parser, namespace, values, option_string=None):
        from .. import __version__

        print(f"tacforge {__version__}")
        parser.exit()


def _accept_pack_path_after_the_command(sub: argparse._SubParsersAction) -> None:
    """`--pack-path` also after the subcommand (and its own subcommands): a subparser writes its namespace over the
    main one, so it collects into a separate list that main() adds to the one given before the subcommand."""
    for parser in set(sub.choices.values()):
        parser.add_argument(
            "--pack-path",
            action="append",
            dest="pack_path_after",
            default=argparse.SUPPRESS,
            metavar="DIR",
            help="also look for packs in DIR (as before the command); may repeat",
        )
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                _accept_pack_path_after_the_command(action)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.pack_path = [*args.pack_path, *getattr(args, "pack_path_after", [])]
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    problem = path_problem(args)
    if problem is not None:
        return fail(CommandError(problem, code=2))
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
