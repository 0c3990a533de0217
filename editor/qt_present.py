"""`present`: the one way the editor takes a PyQt6 value that its stubs mark Optional but that Qt guarantees where
we ask for it.

PyQt6 types every returned object pointer `X | None`, because the C++ may return nullptr in general: a
QMainWindow's menuBar() and statusBar() (created on first call), a scroll area's viewport() and scroll bars, a
view's header and selection model, a model's index for a row that exists, the current tab of a tab widget that has
tabs. Where the code asks in such a case, None would be a broken Qt object tree, not a state to handle: `present`
says so once and fails loudly rather than letting an AttributeError on None surface somewhere later.
Where a value can really be missing (no current item, no tab open, a model not yet set), the code tests for None
instead.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    """`value`, which Qt guarantees is there; a RuntimeError if it is not."""
    if value is None:
        raise RuntimeError("a Qt object the editor relies on is missing (its parent was deleted, or it was never set)")
    return value
