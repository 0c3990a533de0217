"""The battle window's panels: the unit list, the combat log, the timeline and the briefing. Each shows a frame or
the scenario; none holds any truth of its own."""

from __future__ import annotations

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSlider,
    QTextBrowser,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from tacforge.engine.cli.turn_text import opening_text

from .frames import Frame
from .log_lines import log_line, shown_to

UID_ROLE = Qt.ItemDataRole.UserRole


class UnitList(QTreeWidget):
    """The units the viewer knows of: composition, ammunition, speed, suppression and command status."""

    unitsPicked = pyqtSignal(object)  # set of uids

    COLUMNS = ["Unit", "Weapon", "Strength", "Ammo", "Speed", "Range", "Supp.", "Command", "Status"]

    def __init__(self, side_name):
        super().__init__()
        self.side_name = side_name
        self.setHeaderLabels(self.COLUMNS)
        self.setRootIsDecorated(True)
        self.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        self.setColumnWidth(0, 90)
        self.setColumnWidth(1, 150)
        self._quiet = False
        self.itemSelectionChanged.connect(self._picked)

    def show_frame(self, frame: Frame, viewer: str | None, selected: set[str]) -> None:
        self._quiet = True
        self.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for unit in sorted(
            frame.visible_to(viewer)
            + [u for u in frame.units.values() if u.offmap and (viewer is None or u.side == viewer) and u.alive],
            key=lambda u: (u.side, u.label[:1], int(u.label[1:] or 0)),
        ):
            own = viewer is None or unit.side == viewer
            group = groups.get(unit.side)
            if group is None:
                group = groups[unit.side] = QTreeWidgetItem([self.side_name(unit.side)])
                self.addTopLevelItem(group)
                group.setExpanded(True)
            status = ", ".join(
                s
                for s, on in (
                    ("routed", unit.routed),
                    ("carried", unit.carried),
                    ("off map", unit.offmap),
                    (f"orders in {unit.delay}", unit.delay > 0),
                )
                if on
            )
            values = [unit.label, unit.weapon, f"{unit.count}/{unit.initial_count}"]
            values += (
                [
                    str(unit.ammo),
                    f"{unit.speed}/{unit.max_speed}",
                    str(unit.range_limit),
                    f"{unit.suppression:.0f}",
                    "yes" if unit.in_command else "NO",
                    status,
                ]
                if own
                else ["", "", "", f"{unit.suppression:.0f}", "", status]
            )
            item = QTreeWidgetItem(values)
            item.setData(0, UID_ROLE, unit.uid)
            group.addChild(item)
            item.setSelected(unit.uid in selected)
        self._quiet = False

    def _picked(self) -> None:
        if not self._quiet:
            self.unitsPicked.emit({i.data(0, UID_ROLE) for i in self.selectedItems() if i.data(0, UID_ROLE)})


class CombatLog(QListWidget):
    """The events up to the frame shown, as report lines; the tooltip of a line gives the numbers behind it."""

    def __init__(self, name, side_name, side_of) -> None:
        super().__init__()
        self.name, self.side_name, self.side_of = name, side_name, side_of
        self.shown = 0  # events shown: battle.events[:shown]
        self.viewer: str | None = None

    def show_until(self, events: list, end: int, viewer: str | None, seen) -> None:
        """The lines of events[:end] that `viewer` may read (every one for None), who has spotted `seen`."""
        if end < self.shown or viewer != self.viewer:
            self.clear()
            self.shown, self.viewer = 0, viewer
        for event in events[self.shown : end]:
            if not shown_to(event, viewer, self.side_of, seen):
                continue
            line = log_line(event, self.name, self.side_name)
            if line is None:
                continue
            item = QListWidgetItem(line[0])
            if line[1]:
                item.setToolTip(line[1])
            self.addItem(item)
        if end > self.shown:
            self.scrollToBottom()
        self.shown = end


class Timeline(QWidget):
    """A scrubber over the frames taken so far, with play/pause, step and skip to the end of the turn."""

    frameChosen = pyqtSignal(int)

    def __init__(self) -> None:
        super().__init__()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(self.frameChosen.emit)
        self.label = QLabel("")
        self.label.setMinimumWidth(150)
        self.buttons: dict[str, QToolButton] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        for name, text, tip in (
            ("back", "◀", "back one pulse (Left)"),
            ("play", "▶", "play / pause (Space)"),
            ("step", "▶|", "step one pulse (Right)"),
            ("skip", "▶▶", "to the end of the turn (End)"),
        ):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            self.buttons[name] = button
            layout.addWidget(button)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.label)
        self.setMaximumHeight(self.sizeHint().height())

    def set_frames(self, count: int, index: int, title: str) -> None:
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, count - 1))
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.label.setText(title)

    def set_playing(self, playing: bool) -> None:
        self.buttons["play"].setText("❚❚" if playing else "▶")


def briefing_text(battle, side: str | None) -> str:
    """What `side` is told before the battle: the opening text `tacforge play` prints (the battle in a line, the
    briefing both sides are told) and that side's own briefing, from engine/cli/turn_text.py, never formatted twice;
    every side's for None (a computer-against-computer game or a replay shows everything). Qt-free."""
    state = battle.state
    sides = (side,) if side is not None else tuple(state.sides)
    return reflowed(opening_text(battle.scenario, battle.ruleset, state.last_turn, state.visibility, state.seed, sides))


def reflowed(text: str) -> str:
    """A YAML block's text with its paragraphs joined into lines the panel wraps itself (a block keeps the line
    breaks of the file, which break mid-sentence in a narrow panel); list items keep their own lines."""
    paragraphs = []
    for paragraph in text.strip().split("\n\n"):
        lines: list[str] = []
        for line in (raw.strip() for raw in paragraph.splitlines()):
            if lines and line and not line.startswith(("-", "*", "•")) and not line[:1].isdigit():
                lines[-1] += " " + line
            elif line:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(p for p in paragraphs if p)


class BriefingView(QTextBrowser):
    """The viewing side's briefing, as the scenario tells it."""

    def show_briefing(self, battle, side: str | None) -> None:
        self.setPlainText(briefing_text(battle, side))
