"""The `tacforge-editor` command: checks that the optional editor dependencies can be imported before starting Qt.

The editor is an extra of the tacforge distribution (`tacforge[editor]`); a designer who installed tacforge alone
gets a message saying how to add it instead of an ImportError traceback.
"""

from __future__ import annotations

import sys

EDITOR_MODULES = ("PyQt6", "pyqtgraph")
INSTALL_HINT = (
    "install the editor extra: pip install 'tacforge[editor]'  "
    "(installed with pipx: pipx inject tacforge 'PyQt6>=6.11,<6.12' pyqtgraph)"
)


def missing_editor_dependency() -> str | None:
    """Why the editor cannot start, in words, or None when PyQt6 and pyqtgraph import."""
    try:
        import PyQt6.QtWidgets  # noqa: F401  (loads Qt's shared libraries, which may be missing too)
        import pyqtgraph  # noqa: F401
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in EDITOR_MODULES:
            return f"the editor needs {exc.name}, which is not installed; {INSTALL_HINT}"
        raise
    except ImportError as exc:
        # PyQt6 is there but Qt's system libraries are not (libGL, libEGL, fonts, ...)
        return (
            f"PyQt6 is installed but cannot load Qt: {exc}; on Debian/Ubuntu run scripts/setup-system.sh "
            "from a tacforge checkout, or install the libraries it lists"
        )
    return None


def main(argv: list[str] | None = None) -> int:
    problem = missing_editor_dependency()
    if problem is not None:
        print(f"tacforge-editor: {problem}", file=sys.stderr)
        return 1
    from .shell.app import main as run_editor

    return run_editor(argv)


if __name__ == "__main__":
    sys.exit(main())
