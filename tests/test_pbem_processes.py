"""Two players, each a process of its own with its own user data folder, play a game to the end through files
(issue 30): nothing but the files passes between them."""

from __future__ import annotations

import os
import subprocess
import sys

from pbem_helpers import short_pack


def test_two_processes_with_their_own_user_folders_play_a_game_to_the_end(tmp_path):
    packs = short_pack(tmp_path / "packs").parent

    def tacforge(who: str, *argv: str) -> str:
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / f"home-{who}"), "TACFORGE_PACK_PATH": str(packs)}
        done = subprocess.run(
            [sys.executable, "-m", "tacforge.engine.cli", *argv],
            env=env,
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    tacforge("german", "pbem", "start", "pbemtest:short", "--as", "german", "--auto", "-o", "1.pbem")
    n, printed = 1, []
    while n < 40:
        who = "allied" if n % 2 == 1 else "german"
        printed.append(tacforge(who, "pbem", "play", f"{n}.pbem", "--as", who, "--auto", "-o", f"{n + 1}.pbem"))
        if not (tmp_path / f"{n + 1}.pbem").exists():
            break
        n += 1
    # 1-2: the shares of the set-up; from 3 on, two files a turn; the 13th reveals turn 5's orders and ends the game
    assert n == 13
    ends = [out[out.index("game over:") :].splitlines()[:7] for out in printed[-2:]]
    assert ends[0] == ends[1] and ends[0][0].startswith("game over: Result after turn 5:")
    for who in ("allied", "german"):  # each journal is in its own player's folder, and only there
        assert len(list((tmp_path / f"home-{who}" / "tacforge" / "pbem").glob(f"*-{who}.json"))) == 1
    assert "turns played: 5" in tacforge("allied", "pbem", "verify", "13.pbem")
