"""What the play-by-file tests share: a short scenario in a pack of its own, and each player's own user folder."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from conftest import REPO

from tacforge.engine.cli import main

BOCAGE = REPO / "plugins" / "western" / "tacforge_western" / "pack" / "scenarios" / "bocage_crossroads.yaml"


def short_pack(root: Path, turns: int = 5) -> Path:
    """A pack `pbemtest` holding `short`: Bocage Crossroads cut to `turns` turns (5, the fewest a scenario may have: a
    whole game plays in seconds)."""
    folder = root / "pbemtest"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "pack.yaml").write_text(
        "id: pbemtest\nname: PBEM test\nversion: 1.0.0\nschema_version: 1\n"
        'requires:\n  western: ">=1.0"\nruleset: western:battlegroup\n',
        encoding="utf-8",
    )
    text = BOCAGE.read_text(encoding="utf-8").split("\n", 1)[1]  # without the schema comment (a relative path)
    text = re.sub(r"^id: .*$", "id: short", text, count=1, flags=re.M)
    text = re.sub(r"^map: .*$", "map: western:bocage_crossroads", text, count=1, flags=re.M)
    text = re.sub(r"^turns: .*$", f"turns: {turns}", text, count=1, flags=re.M)
    (folder / "scenarios" / "short.yaml").write_text(text, encoding="utf-8")
    return folder


class Players:
    """Two players on one machine, each with a user data folder of their own (their journals live there)."""

    def __init__(self, tmp_path: Path, monkeypatch, pack_root: Path | None = None):
        self.tmp, self.monkeypatch = tmp_path, monkeypatch
        self.extra = ["--pack-path", str(pack_root)] if pack_root else []

    def data(self, who: str) -> Path:
        return self.tmp / f"data-{who}"

    def run(self, who: str, *argv: str, stdin: str = "") -> tuple[int, str]:
        """`tacforge ARGV` as player `who`: the exit code and what it printed (stdout and stderr)."""
        self.monkeypatch.setenv("XDG_DATA_HOME", str(self.data(who)))
        self.monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = main([*argv, *self.extra])
        return code, out.getvalue()

    def file(self, n: int) -> Path:
        return self.tmp / f"{n}.pbem"


def play_to_end(players: Players, scenario: str, first: str, second: str, seed: int | None = None) -> list[str]:
    """A whole game, both sides --auto: what each `tacforge pbem` printed, in order."""
    seed_args = ["--seed", str(seed)] if seed is not None else []
    code, out = players.run(
        first, "pbem", "start", scenario, "--as", first, *seed_args, "--auto", "-o", str(players.file(1))
    )
    assert code == 0, out
    printed, n = [out], 1
    while True:
        who = second if n % 2 == 1 else first
        next_file = players.file(n + 1)
        code, out = players.run(who, "pbem", "play", str(players.file(n)), "--as", who, "--auto", "-o", str(next_file))
        assert code == 0, out
        printed.append(out)
        if not next_file.exists():
            return printed
        n += 1
