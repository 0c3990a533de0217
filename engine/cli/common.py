"""What several commands share: finding a scenario by id or file (engine.packs.scenario_lookup), and printing a
clean error."""

from __future__ import annotations

import sys

# CommandError and find_scenario live with the packs, where balance.batch (below the CLI) finds scenarios too; the
# commands import them from here.
from ..packs.scenario_lookup import CommandError, find_pack_content, find_scenario

__all__ = ["CommandError", "fail", "find_pack_content", "find_scenario"]


def fail(exc: CommandError) -> int:
    print(f"tacforge: {exc}", file=sys.stderr)
    return exc.code
