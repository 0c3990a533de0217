"""scripts/build_villers_bocage.py is the record of how the Western pack's villers_bocage was made: in the editor's
real windows, offscreen, without writing YAML. Run into a temporary folder (in its own process: it drives a whole
main window and answers its dialogs), it must save exactly the two files the pack holds, so a change to the editor
or to the script's data that would build another battle shows here. About 20 s."""

import os
import re
import subprocess
import sys

from conftest import REPO

PACK = REPO / "plugins" / "western" / "tacforge_western" / "pack"


def test_the_build_script_saves_the_pack_s_villers_bocage_byte_for_byte(tmp_path):
    run = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build_villers_bocage.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    for folder in ("scenarios", "maps"):
        built = (tmp_path / folder / "villers_bocage.yaml").read_text()
        assert built == (PACK / folder / "villers_bocage.yaml").read_text(), f"{folder}/villers_bocage.yaml differs"
    count = int(re.search(r"built in the editor: (\d+) actions", run.stdout).group(1))
    assert count <= 525  # measured: 525 designer actions; more: the editor made the work longer
