"""`tacforge-editor` as a user starts it: main() in a fresh process, nothing holding Qt objects for it."""

import os
import subprocess
import sys

SCRIPT = """
import sys
from tacforge.editor.shell import app

opened = app.open_window


def open_then_quit(argv=None, settings=None):
    window = opened(argv, settings)
    from PyQt6.QtCore import QTimer

    def report():
        print("window visible:", window.isVisible(), "tabs:", window.tabs.count(), flush=True)
        app.QApplication.instance().quit()

    QTimer.singleShot(300, report)
    return window


app.open_window = open_then_quit
sys.exit(app.main([]))
"""


def test_the_editor_starts_and_runs_its_event_loop(tmp_path):
    # A QApplication made inside a function used to be deleted when that function returned, taking the window with
    # it: main() then failed before the event loop ran (and make run with it).
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "TACFORGE_CACHE_DIR": str(tmp_path / "cache"),
    }
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "window visible: True tabs: " in run.stdout
    assert "tabs: 0" not in run.stdout  # the first bundled scenario is open
