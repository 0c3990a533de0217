"""Place names on a map (its `labels`: the towns, hills and roads the briefings speak of), set with the map's
Place name tool: a click on a square asks for the name; a name given to a square that has one renames it, an
emptied name removes it. One undo step each, on the map document (the map's `labels` list in the file)."""

from __future__ import annotations

from PyQt6.QtWidgets import QInputDialog, QLineEdit, QWidget
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from ..document.documents import labels_of


def name_at(labels, square: tuple[int, int]) -> str:
    return next((text for text, x, y in labels if (x, y) == tuple(square)), "")


def ask_place_name(parent: QWidget, square: tuple[int, int], old: str) -> str | None:
    """The name for `square` (its present name offered), or None if the designer cancels."""
    text, ok = QInputDialog.getText(
        parent,
        "Place name",
        f"The name shown at {square[0]},{square[1]} (empty: no name there)",
        QLineEdit.EchoMode.Normal,
        old,
    )
    return text if ok else None


def name_place(map_document, square: tuple[int, int], text: str) -> bool:
    """Name `square` `text` on the map (rename the name there; "" removes it): one undo step. False if nothing
    changed."""
    text, square = text.strip(), (int(square[0]), int(square[1]))
    labels = labels_of(map_document.value("labels", default=None))
    row = next((i for i, (_, x, y) in enumerate(labels) if (x, y) == square), None)
    old = labels[row][0] if row is not None else ""
    if text == old:
        return False
    if row is not None and text:
        map_document.set_value(("labels", row, "text"), text, f"Rename the place '{old}' '{text}'")
    elif row is not None:
        map_document.remove_rows(("labels",), row, 1, f"Remove the place name '{old}'")
    else:
        at = CommentedSeq(square)
        at.fa.set_flow_style()
        new = CommentedMap([("text", text), ("at", at)])
        what = f"Name {square[0]},{square[1]} '{text}'"
        if map_document.value("labels", default=None) is None:
            map_document.set_value(("labels",), CommentedSeq([new]), what)
        else:
            map_document.insert_rows(("labels",), len(labels), [new], what)
    return True
