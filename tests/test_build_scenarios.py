"""scripts/build_villers_bocage.py and build_prokhorovka.py are the record of how the Western pack's villers_bocage
and the Eastern pack's prokhorovka were made: in the editor's real windows, offscreen, without writing YAML. Run into
a temporary folder (in its own process: it drives a whole main window and answers its dialogs), each must save
exactly the two files its pack holds, so a change to the editor or to the data that would build another battle shows
here. About 20-25 s each."""

import os
import re
import subprocess
import sys

import pytest
from conftest import REPO

PLUGINS = REPO / "plugins"


@pytest.mark.parametrize(
    ("script", "pack", "scenario", "measured"),
    [
        # measured designer actions; more: the editor made the work longer
        ("build_villers_bocage.py", PLUGINS / "western/tacforge_western/pack", "villers_bocage", 525),
        ("build_prokhorovka.py", PLUGINS / "eastern/tacforge_eastern/pack", "prokhorovka", 575),
    ],
)
def test_the_build_script_saves_the_pack_s_scenario_byte_for_byte(tmp_path, script, pack, scenario, measured):
    run = subprocess.run(
        [sys.executable, str(REPO / "scripts" / script), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    for folder in ("scenarios", "maps"):
        built = (tmp_path / folder / f"{scenario}.yaml").read_text()
        assert built == (pack / folder / f"{scenario}.yaml").read_text(), f"{folder}/{scenario}.yaml differs"
    count = int(re.search(r"built in the editor: (\d+) actions", run.stdout).group(1))
    assert count <= measured
