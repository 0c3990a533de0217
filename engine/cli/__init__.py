"""The `tacforge` command line. Each subcommand lives in its own module and registers itself here."""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from . import batch_cmd, calc_cmd, new_cmd, packs_cmd, play_cmd, rules_cmd, schemas_cmd, validate_cmd

COMMANDS = (packs_cmd, validate_cmd, play_cmd, calc_cmd, rules_cmd, new_cmd, batch_cmd, schemas_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tacforge",
        description="Scenario and force design toolkit for platoon-level WWII tactical battles.",
    )
    parser.add_argument("--version", action="version", version=f"tacforge {__version__}")
    parser.add_argument("--pack-path", action="append", default=[], metavar="DIR",
                        help="also look for packs in DIR (a pack folder or a folder of packs); may repeat")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0

