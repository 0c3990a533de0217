"""The `tacforge` command line. Each subcommand lives in its own module, which adds its parser when it is run.

`tacforge --help` lists the commands from COMMANDS alone; a command's module is imported, and its arguments added,
only when that command is the one parsed (its run, or its --help). Building every command's parser was a tenth of what
`tacforge --help` and a short `tacforge validate` cost (docs/architecture.md 8). A command module imports only light
things at its top (argparse, engine.issues, .common) and the engine it drives (the loader, the simulator, NumPy, ...)
inside the function that runs the command; tests/test_cli_startup.py keeps it so.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import cast

from .common import CommandError, fail, path_problem

# command -> (its module in this package, the line `tacforge --help` shows for it), in the order that help lists them
COMMANDS: dict[str, tuple[str, str]] = {
    "packs": ("packs_cmd", "list the packs tacforge finds"),
    "validate": ("validate_cmd", "check packs for errors"),
    "play": ("play_cmd", "play a scenario to the end"),
    "calc": ("calc_cmd", "kill-probability calculator"),
    "rules": ("rules_cmd", "show the rules parameters in effect"),
    "new": ("new_cmd", "build a random battle: map, forces, deployment"),
    "map": ("map_cmd", "make maps: import real ground"),
    "batch": ("batch_cmd", "play a scenario many times, computer against computer, and report its balance"),
    "schemas": ("schemas_cmd", "show or copy the JSON Schemas of pack files"),
    "pack": ("pack_cmd", "build, install or remove a pack archive (.tacpack)"),
    "pbem": ("pbem_cmd", "play by file: two players send each other game files"),
}


class _Commands(argparse._SubParsersAction):
    """The subcommands: each listed by its COMMANDS line, its parser built by its module's register() the first time
    the command is parsed (or asked for by command_parser)."""

    def add_command(self, name: str, summary: str) -> None:
        self._choices_actions.append(self._ChoicesPseudoAction(name, (), summary))
        self._name_parser_map[name] = None  # a name argparse accepts; its parser comes in command_parser

    def command_parser(self, name: str) -> argparse.ArgumentParser:
        parsers = self._name_parser_map  # also argparse's `choices`, in the order the commands are listed
        if parsers.get(name) is None:
            order = list(parsers)
            del parsers[name]  # add_parser refuses a name it holds
            importlib.import_module(f"{__name__}.{COMMANDS[name][0]}").register(self)
            _accept_pack_path_after_the_command(parsers[name])
            built = [(command, parsers[command]) for command in order]
            parsers.clear()
            parsers.update(built)
        return parsers[name]

    def __call__(self, parser, namespace, values, option_string=None):
        if values and values[0] in COMMANDS:
            self.command_parser(values[0])
        super().__call__(parser, namespace, values, option_string)


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
    commands = cast(_Commands, parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands))
    for name, (_, summary) in COMMANDS.items():
        commands.add_command(name, summary)
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


def _accept_pack_path_after_the_command(parser: argparse.ArgumentParser) -> None:
    """`--pack-path` also after the subcommand (and its own subcommands): a subparser writes its namespace over the
    main one, so it collects into a separate list that main() adds to the one given before the subcommand."""
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
            for inner in set(action.choices.values()):
                _accept_pack_path_after_the_command(inner)


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
