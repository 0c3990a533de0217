"""Choosing a weapon: a line edit whose completion finds a weapon by name, alias or id among those a side may field
in a period, and the small dialog that asks for a unit (name, weapon, count) with it. Every place a weapon is
typed uses this (the order of battle's Add unit, a formation's HQ and weapon cell, the off-map batteries), so it
sits in `editor.common`, where the scenario and data rooms can both reach it.

What the text means is decided by the pack's own lookup (`Content.resolve_weapon`, preferring the side's
nationalities), so a typed alias such as `PZ-IVH` is as good as a chosen completion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PyQt6.QtCore import QStringListModel, Qt
from PyQt6.QtWidgets import (
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QWidget,
)

from tacforge.engine.model import Weapon
from tacforge.engine.model.content import Content

SEPARATOR = "  ·  "  # between a weapon's name and its id in a completion
# A weapon cell's reference as the file writes it (an id or alias), where the cell shows the weapon's name: what
# the cell's editor starts from
WRITTEN = Qt.ItemDataRole.UserRole + 1


def weapon_choices(
    content: Content | None, nationalities: Iterable[str] = (), period: int | None = None
) -> list[Weapon]:
    """The weapons a side of these nationalities fields in `period` (all of them when either is not given), by
    name."""
    if content is None:
        return []
    wanted = tuple(nationalities)
    found = [
        w
        for w in content.weapons.values()
        if (not wanted or w.fielded_by(wanted)) and (period is None or w.periods[0] <= period <= w.periods[1])
    ]
    return sorted(found, key=lambda w: (w.name.lower(), w.id))


def choice_text(weapon: Weapon) -> str:
    """A completion's text: the name, then the id and aliases, so typing any of them finds it."""
    extra = ", ".join((weapon.local_id, *weapon.aliases))
    return f"{weapon.name}{SEPARATOR}{extra}"


def weapon_for_text(
    content: Content | None, text: str, nationalities: Iterable[str] = (), choices: Iterable[Weapon] = ()
) -> Weapon | None:
    """The weapon `text` names: a completion's text, else an id, alias or name as the pack resolves them."""
    text = text.strip()
    if content is None or not text:
        return None
    for weapon in choices:
        if choice_text(weapon) == text:
            return weapon
    return content.resolve_weapon(text.split(SEPARATOR)[0].strip(), list(nationalities))


class WeaponPicker(QLineEdit):
    """A weapon typed with completion: any part of a name, alias or id offers the matching weapons."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.content: Content | None = None
        self.nationalities: tuple[str, ...] = ()
        self.choices: list[Weapon] = []
        self.setPlaceholderText("name, alias or id: Sherman, PZ-IVH, pz_ivh")
        self.list = QStringListModel(self)
        completer = QCompleter(self.list, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        completer.setMaxVisibleItems(12)
        self.setCompleter(completer)
        # QLineEdit takes a chosen completion only while it has the focus; a choice made otherwise counts as well
        completer.activated[str].connect(self.setText)

    def set_choices(self, content: Content | None, nationalities: Iterable[str] = (), period: int | None = None):
        """Offer the weapons of these nationalities in `period` (what the scenario's side may field)."""
        self.content, self.nationalities = content, tuple(nationalities)
        self.choices = weapon_choices(content, self.nationalities, period)
        self.list.setStringList([choice_text(w) for w in self.choices])

    def weapon(self) -> Weapon | None:
        return weapon_for_text(self.content, self.text(), self.nationalities, self.choices)


class UnitDialog(QDialog):
    """Asks for a unit: its name (when `ask_name`), its weapon (with completion) and how many."""

    def __init__(
        self,
        parent: QWidget | None,
        title: str,
        content: Content | None,
        nationalities: Iterable[str] = (),
        period: int | None = None,
        ask_name: bool = True,
        name: str = "",
    ):
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.name = QLineEdit(name)
        self.name.setPlaceholderText("e.g. 1st Troop, Baker Company HQ")
        if ask_name:
            form.addRow("Name", self.name)
        self.weapon = WeaponPicker()
        self.weapon.set_choices(content, nationalities, period)
        form.addRow("Weapon", self.weapon)
        self.count = QSpinBox()
        self.count.setRange(1, 255)
        form.addRow("Count", self.count)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #a0400a;")
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        (self.name if ask_name else self.weapon).setFocus()

    def accept(self) -> None:
        if self.weapon.weapon() is None:  # refused with the reason, the dialog stays open with what was typed
            typed = self.weapon.text().strip()
            self.problem.setText(
                f"No weapon '{typed}' in this pack for this side: pick one from the list."
                if typed
                else "Choose a weapon: type part of its name, alias or id."
            )
            return
        super().accept()

    def result_unit(self) -> tuple[str, Weapon, int] | None:
        weapon = self.weapon.weapon()
        return None if weapon is None else (self.name.text().strip(), weapon, self.count.value())


class WeaponCellDelegate(QStyledItemDelegate):
    """A table or tree cell typed with the weapon picker. `choices_for(index)` gives (content, nationalities,
    period) for the row; the cell gets the chosen weapon's id, or the text as typed when nothing matches (the
    issues dock then says what is wrong, as for any other typed reference). A cell that shows the weapon's name
    keeps the reference as written under WRITTEN: the editor starts from that, and leaves the cell alone when it
    is not changed."""

    def __init__(self, parent: QWidget, choices_for: Callable):
        super().__init__(parent)
        self.choices_for = choices_for

    def createEditor(self, parent, option, index):
        picker = WeaponPicker(parent)
        picker.set_choices(*self.choices_for(index))
        return picker

    def setEditorData(self, editor, index) -> None:
        written = index.data(WRITTEN)
        editor.setText(written if written is not None else index.data() or "")

    def setModelData(self, editor, model, index) -> None:
        weapon = editor.weapon()
        text = weapon.local_id if weapon is not None else editor.text().strip()
        if text != index.data(WRITTEN):  # (the shown name is not what the file holds: writing it back would edit)
            model.setData(index, text)
