"""What the data rooms that show a document as tables (terrain, periods, import profile) do alike: redraw from the
document on every edit, and select the row an issue names."""

from __future__ import annotations

from abc import abstractmethod

from PyQt6.QtWidgets import QLabel, QTableView

from ..common.rooms import DocumentTab
from ..document import Reloaded, RowsInserted, RowsRemoved, ValueChanged
from ..qt_abstract import QtABCMeta

REDRAWN_ON = (ValueChanged, RowsInserted, RowsRemoved, Reloaded)


class TableTab(DocumentTab, metaclass=QtABCMeta):
    """A room tab with a `status` label and a `redraw()` of its tables from the document; `row_views()` names the
    view showing each of the document's lists (its top-level key), for `jump_to`."""

    status: QLabel  # what the last edit or refusal said; cleared when the document changes

    @abstractmethod
    def redraw(self) -> None: ...

    @abstractmethod
    def row_views(self) -> dict[str, QTableView]: ...

    def document_changed(self, document, event) -> None:
        if isinstance(event, REDRAWN_ON):
            self.status.clear()
            self.redraw()
        super().document_changed(document, event)

    def jump_to(self, issue) -> None:
        path = tuple(issue.path or ())
        view = self.row_views().get(path[0]) if len(path) >= 2 and isinstance(path[1], int) else None
        if view is not None:
            view.selectRow(path[1])
