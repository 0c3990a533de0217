"""The README's screenshots of a balance run (docs/screenshots/balance.png and balance-compare.png), offscreen: 40
games of the Western demo scenario, then one assault gun platoon cut to a single gun (not saved) and 40 games
again, compared with the first run.

    .venv/bin/python scripts/screenshot_balance.py docs/screenshots
"""

import sys
from pathlib import Path

RUNS = 40


def main(folder: Path) -> None:
    from offscreen_editor import western_copy_window
    from PyQt6.QtCore import QEventLoop

    app, window, pack = western_copy_window("mywest")
    window.show()
    tab = window.open_path(pack / "scenarios" / "bocage_crossroads.yaml")
    dialog = window.balance_runs.open()
    dialog.runs.setValue(RUNS)

    def run() -> None:
        loop = QEventLoop()
        dialog.run_button.click()
        dialog.run_thread.finished.connect(loop.quit)
        loop.exec()
        while dialog.running:
            app.processEvents()

    run()
    tab.document.set_value(("forces", "allied", "formations", 0, "units", 1, "count"), 1, "One assault gun")
    run()
    app.processEvents()
    dialog.grab().save(str(folder / "balance.png"))
    dialog.compare_with_previous()
    app.processEvents()
    dialog.grab().save(str(folder / "balance-compare.png"))
    dialog.close()
    window.validator.shutdown()


if __name__ == "__main__":  # the balance run's worker processes import this module again: nothing at the top
    main(Path(sys.argv[1]))
