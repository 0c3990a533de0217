"""The tool-options bar: the current map tool's options as controls in a toolbar, as Tiled and GIMP show them, in
place of a dialog per option. It shows only the options of the tool in use (the brush's size, shape and "Keep roads
and rivers"; the elevation tool's mode, the level it sets, size and shape; the line of sight's observer height and
visibility) and says what the designer changed through `optionsChanged`; the shell passes that to the current tab's
map view, whose tool keeps the options. `show_tool` fills the controls from the view's tool whenever the tool or
the tab changes, so the bar never shows a value the tool does not have.
"""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QSpinBox, QToolBar, QWidget

from tacforge.engine.cached_dataclass import dataclass

from ..qt_present import present

# What the bar shows for each tool, in order (a tool not listed has no options here: the pointer, select...).
SHOWN: dict[str, tuple[str, ...]] = {
    "brush": ("size", "shape", "keep_lines"),
    "rectangle": ("keep_lines",),
    "fill": ("diagonal", "same_level", "keep_lines"),
    "line": ("crossing",),
    "elevation": ("mode", "level", "size", "shape"),
    "los": ("height", "visibility"),
}
NO_VISIBILITY = 0  # the visibility spin box's special value: the scenario's own visibility


@dataclass(frozen=True)
class Choice:
    """A combo box's entries: (shown text, the option's value)."""

    entries: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Spin:
    low: int
    high: int
    suffix: str = ""


@dataclass(frozen=True)
class Check:
    pass


@dataclass(frozen=True)
class Control:
    key: str
    label: str  # before the control ("" for a check box, which carries its own text)
    kind: Choice | Spin | Check
    text: str = ""  # a check box's text
    tip: str = ""


CONTROLS = {
    c.key: c
    for c in (
        Control("mode", "Mode", Choice((("Raise", "raise"), ("Lower", "lower"), ("Set level", "set")))),
        Control(
            "level",
            "Level",
            Choice((("1 (plain)", 1), ("3 (hill)", 3), ("5 (high hill)", 5))),
            tip="The level 'Set level' gives every square the brush passes, however often it passes",
        ),
        Control("size", "Squares across", Spin(1, 9), tip="The brush's width in squares"),
        Control("shape", "Shape", Choice((("Square", "square"), ("Round", "round")))),
        Control(
            "keep_lines",
            "",
            Check(),
            "Keep roads and rivers",
            "Painting an area (woods, broken ground...) leaves roads, rivers, bridges and fords under it alone",
        ),
        Control("diagonal", "", Check(), "Diagonal", "The fill also spreads through corners"),
        Control("same_level", "", Check(), "Same level only", "The fill stays at the level of the square clicked"),
        Control("crossing", "Crossing", Choice((("Bridge", "bridge"), ("Ford", "ford")))),
        Control("height", "Observer height (levels)", Spin(0, 4), tip="The observer stands this many levels up"),
        Control(
            "visibility",
            "Visibility",
            Spin(NO_VISIBILITY, 99, " squares"),
            tip="How far the observer sees; the lowest value follows the scenario",
        ),
    )
}


class ToolOptionsBar(QToolBar):
    optionsChanged = pyqtSignal(dict)  # {option: value} the designer set on the current tool

    def __init__(self, parent=None) -> None:
        super().__init__("Tool options", parent)
        self.setObjectName("tool_options")
        self.tool: str | None = None
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; padding: 0 6px;")
        self.addWidget(self.title)
        self.editors: dict[str, QComboBox | QSpinBox | QCheckBox] = {}
        self._actions = {}
        for control in CONTROLS.values():
            box = QWidget()
            row = QHBoxLayout(box)
            row.setContentsMargins(6, 0, 6, 0)
            if control.label:
                row.addWidget(QLabel(control.label))
            editor = self._editor(control)
            editor.setToolTip(control.tip)
            row.addWidget(editor)
            self.editors[control.key] = editor
            self._actions[control.key] = present(self.addWidget(box))
        self.show_tool(None, {})

    def _editor(self, control: Control) -> QComboBox | QSpinBox | QCheckBox:
        key, kind = control.key, control.kind
        if isinstance(kind, Choice):
            combo = QComboBox()
            for text, value in kind.entries:
                combo.addItem(text, value)
            combo.activated.connect(lambda i: self._changed(key, combo.itemData(i)))
            return combo
        if isinstance(kind, Spin):
            spin = QSpinBox()
            spin.setRange(kind.low, kind.high)
            spin.setSuffix(kind.suffix)
            spin.setKeyboardTracking(False)  # typing "12" sets 12 once, not 1 and then 12
            spin.valueChanged.connect(lambda v: self._changed(key, self._value_of(key, v)))
            return spin
        check = QCheckBox(control.text)
        check.toggled.connect(lambda on: self._changed(key, on))
        return check

    def _set(self, key: str, value) -> None:
        """Show `value` in the control of `key` without telling anyone (it is the tool's value already)."""
        editor = self.editors[key]
        editor.blockSignals(True)
        try:
            if isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(value)))
            elif isinstance(editor, QSpinBox):
                editor.setValue(NO_VISIBILITY if value is None else int(value))
            else:
                editor.setChecked(bool(value))
        finally:
            editor.blockSignals(False)

    @staticmethod
    def _value_of(key: str, value: int):
        return None if key == "visibility" and value == NO_VISIBILITY else value

    def _changed(self, key: str, value) -> None:
        if key == "mode":
            self.editors["level"].setEnabled(value == "set")
        self.optionsChanged.emit({key: value})

    def show_view(self, view) -> None:
        """Show the options of the current tool of `view` (map/view.py MapView; None: no map, nothing shown)."""
        if view is None:
            self.show_tool(None, {})
            return
        tool = view.controller.current
        self.show_tool(tool.id, dict(tool.options), name=tool.name, visibility=view.sight_range())

    def show_tool(self, tool: str | None, options: dict, *, name: str = "", visibility: int | None = None) -> None:
        """Show the options of `tool` (its id) with the values in `options`; `visibility` is the scenario's (or the
        pack's), which the visibility box offers as its default."""
        self.tool = tool
        shown = SHOWN.get(tool or "", ())
        self.title.setText(f"{name}:" if name and shown else name)
        for key, action in self._actions.items():
            action.setVisible(key in shown)
            if key in shown and key in options:
                self._set(key, options[key])
        visibility_box = self.editors["visibility"]
        if isinstance(visibility_box, QSpinBox):
            visibility_box.setSpecialValueText(f"scenario's ({visibility})" if visibility is not None else "default")
        self.editors["level"].setEnabled(options.get("mode") == "set")
