"""What the editor reopens on start, and the window's title.

The documents open when the editor last closed (or last opened a file) are kept in the settings (`session/open`,
the current one first) and opened again on start; only the very first start, with no session recorded, opens the
first historical Western scenario (`make run` promises Kasserine then). A session whose tabs were all closed
opens nothing. A file that has gone since is skipped.

The title names the current document, its pack and whether it has unsaved edits ("kasserine.yaml (western) —
tacforge", Qt's [*] showing the star).
"""

from __future__ import annotations

from pathlib import Path

OPEN_KEY = "session/open"
APP = "tacforge"


def save_session(settings, paths: list[Path], current: Path | None) -> None:
    """Remember the open documents, `current` first."""
    ordered = ([current] if current is not None else []) + [p for p in paths if p != current]
    settings.setValue(OPEN_KEY, [str(p) for p in ordered])


def last_session(settings) -> list[Path] | None:
    """The documents to open again (the current one last, so it ends up the current tab), or None when no session
    was ever recorded (the first start)."""
    if not settings.contains(OPEN_KEY):
        return None
    stored = settings.value(OPEN_KEY, []) or []
    paths = [Path(p) for p in ([stored] if isinstance(stored, str) else stored)]
    return [p for p in reversed(paths) if p.is_file()]


def window_title(tab) -> str:
    """The main window's title for the current tab (None: no document open)."""
    if tab is None:
        return APP
    document = tab.document
    pack_id = getattr(document.content, "pack_id", None)
    pack = f" ({pack_id})" if pack_id else ""
    return f"{document.title}[*]{pack} — {APP}"
