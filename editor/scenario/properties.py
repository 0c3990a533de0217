"""The Properties dock: every set-up value of the current tab's scenario, on four tabs (Scenario, Sides, Objectives,
Briefing), each scrollable. Every change is one undo command on the document's history (scenario_edits.py,
objective_edits.py); every page redraws from `document.model` on each change (undo, redo, a reload from disk) and
holds no truth of its own. Ranges come from the schema (common/schema_bounds.py), defaults from the pack's rules.
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.model.modules import POINTS

from ..common.date_field import DateField
from ..common.schema_bounds import bounds, choices, whole_bound
from ..document import MISSING
from ..qt_present import present
from . import scenario_edits as edits
from .air_support_box import AirSupportBox
from .briefing_page import BriefingPage
from .module_edits import modules_on
from .modules_box import ModulesBox
from .objectives_page import ObjectivesPage
from .sides_page import SidesPage

WARNING_STYLE = "color: #a0400a;"
PREFERRED_WIDTH, PREFERRED_HEIGHT = 420, 640


def bounded_spin(*path, special: str = "") -> QSpinBox:
    """A spin box with the schema's range for the value at `path` of a scenario; with `special`, one below the
    minimum stands for "not set" and shows that text."""
    low, high = bounds("scenario", *path)
    spin = QSpinBox()
    spin.setRange(int(low or 0) - (1 if special else 0), int(high) if high is not None else 2**31 - 1)
    if special:
        spin.setSpecialValueText(special)
    return spin


def scrolled(page: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # labels wrap instead
    area.setWidget(page)
    return area


class GeneralPage(QWidget):
    """Name, pack, period and date, battle type and size, length, visibility, handicap, the objective area, the
    victory bands and the rules parameter overrides."""

    def __init__(self, dock: ScenarioProperties):
        super().__init__()
        self.dock, self.document, self._loading = dock, None, False
        form = self.form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.pack = QLabel()
        self.historical = QCheckBox("a reconstruction of a historical battle")
        self.period = QSpinBox()
        self.period_name = QLabel()
        self.period_name.setWordWrap(True)  # a long period name would widen the form past a narrow dock
        self.has_date = QCheckBox()
        self.date = DateField()  # typed as 1944-06-13, the locale's way or bare digits; shown as 1944-06-13
        self.date_warning = QLabel()
        self.date_warning.setStyleSheet(WARNING_STYLE)
        self.date_warning.setWordWrap(True)
        self.battle = QComboBox()
        self.battle_size = QComboBox()  # (not `size`: that is QWidget.size())
        self.battle_size.addItem("as the battle type says", MISSING)
        for size in choices("scenario", "size"):
            self.battle_size.addItem(size, size)
        self.game_size = QComboBox()  # the points module's (docs/rules.md 16.4); shown while the module is on
        self.turns = bounded_spin("turns")
        self.visibility = bounded_spin("visibility", special="random")
        self.handicap = bounded_spin("handicap")
        self.has_centre = QCheckBox()
        self.centre_x, self.centre_y = bounded_spin("objective", "center", 0), bounded_spin("objective", "center", 1)
        self.bands = QLabel()
        self.bands.setWordWrap(True)
        self.bands.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.overrides = QLabel()
        self.overrides.setWordWrap(True)
        self.modules = ModulesBox()
        self.air_support = AirSupportBox()  # shown only while the air_support module is on
        self.open_parameters = QPushButton("Edit in the Scenario parameters dock")
        self.open_parameters.clicked.connect(self.show_parameters)
        period = _row(self.period, self.period_name)
        date = _row(self.has_date, self.date)
        centre = _row(self.has_centre, QLabel("x"), self.centre_x, QLabel("y"), self.centre_y)
        for label, widget in (
            ("Name", self.name),
            ("Pack", self.pack),
            ("", self.historical),
            ("Period", period),
            ("Date", date),
            ("", self.date_warning),
            ("Battle type", self.battle),
            ("Size", self.battle_size),
            ("Game size", self.game_size),
            ("Turns", self.turns),
            ("Visibility", self.visibility),
            ("Handicap", self.handicap),
            ("Objective area", centre),
            ("Modules", self.modules),
            ("Victory bands", self.bands),
            ("Rules", self.overrides),
            ("", self.open_parameters),
        ):
            form.addRow(label, widget)
            if widget is self.modules:
                form.addRow(self.air_support)  # under the box that turns it on, where it appears
        self.name.editingFinished.connect(self._name_edited)
        self.historical.toggled.connect(
            lambda on: self._set("historical", on if on else MISSING, "Change historical flag")
        )
        self.period.valueChanged.connect(lambda v: self._set("period", v, "Change period"))
        self.has_date.toggled.connect(lambda _on: self._date_edited())
        self.date.dateEdited.connect(lambda _d: self._date_edited())
        self.battle.currentIndexChanged.connect(
            lambda i: self._set("battle_type", self.battle.itemData(i), "Change battle type")
        )
        self.battle_size.currentIndexChanged.connect(
            lambda i: self._set("size", self.battle_size.itemData(i), "Change size")
        )
        self.game_size.currentIndexChanged.connect(
            lambda i: self._set("game_size", self.game_size.itemData(i), "Change game size")
        )
        self.turns.valueChanged.connect(lambda v: self._set("turns", v, "Change game length"))
        self.visibility.valueChanged.connect(
            lambda v: self._set("visibility", "random" if v < self.visibility.minimum() + 1 else v, "Change visibility")
        )
        self.handicap.valueChanged.connect(lambda v: self._set("handicap", v, "Change handicap"))
        self.has_centre.toggled.connect(lambda _on: self._centre_edited())
        self.centre_x.valueChanged.connect(lambda _v: self._centre_edited())
        self.centre_y.valueChanged.connect(lambda _v: self._centre_edited())

    def widget_for(self, path: tuple) -> QWidget | None:
        """The field that shows the value at `path` of the scenario (an issue's path), or None."""
        fields = {
            "name": self.name,
            "historical": self.historical,
            "period": self.period,
            "date": self.date,
            "battle_type": self.battle,
            "size": self.battle_size,
            "game_size": self.game_size,
            "turns": self.turns,
            "visibility": self.visibility,
            "handicap": self.handicap,
            "objective": self.centre_x,
            "parameters": self.open_parameters,
            "modules": self.modules,
            "air_support": self.air_support,
            "weather": self.air_support.weather,
        }
        return fields.get(path[0]) if path else None

    def refresh(self, document) -> None:
        self.document, scenario = document, document.model.scenario
        content = document.content
        profile = content.ruleset if content else None
        self._loading = True
        try:
            if not self.name.hasFocus():
                self.name.setText(scenario.name)
                self.name.setCursorPosition(0)  # a long name shows its start, not its end
            self.pack.setText(content.pack_id if content else "")
            self.pack.setToolTip(str(document.pack_folder or ""))
            self.historical.setChecked(scenario.historical)
            self.period.setRange(1, profile.periods if profile else whole_bound("scenario", "period", upper=True))
            self.period.setValue(scenario.period)
            period = content.periods.get(scenario.period) if content else None
            self.period_name.setText(f"{period.name} ({period.start} to {period.end})" if period else "not in the pack")
            self.has_date.setChecked(scenario.date is not None)
            self.date.setEnabled(scenario.date is not None)
            shown = scenario.date or (period.start if period else None)
            if shown is not None:
                self.date.set_date(shown)
            warning = edits.date_warning(period, scenario.date)
            self.date_warning.setText(warning)
            self.date_warning.setVisible(bool(warning))
            self.battle.clear()
            for bt in profile.battle_types if profile else ():
                self.battle.addItem(bt.name, bt.id)
            self.battle.setCurrentIndex(max(0, self.battle.findData(scenario.battle_type)))
            self.battle_size.setCurrentIndex(max(0, self.battle_size.findData(scenario.size or MISSING)))
            self._show_game_size(document)
            found = profile.battle_type(scenario.battle_type) if profile else None
            self.turns.setValue(document.model.game_length(bool(found and found.assault)))
            spotting = document.model.parameters.spotting
            self.visibility.setSpecialValueText(f"random ({spotting.visibility_min}-{spotting.visibility_max})")
            self.visibility.setValue(
                scenario.visibility if isinstance(scenario.visibility, int) else self.visibility.minimum()
            )
            self.handicap.setValue(scenario.handicap)
            self._show_centre(document)
            self.modules.refresh(document)
            self.air_support.refresh(document)
            self._show_rules(document)
        finally:
            self._loading = False

    def _show_game_size(self, document) -> None:
        """The ruleset's game sizes with their points; shown while the points module is on or a size is given."""
        scenario, content = document.model.scenario, document.content
        self.game_size.clear()
        self.game_size.addItem("none", MISSING)
        for size in content.ruleset.game_sizes if content and content.ruleset else ():
            self.game_size.addItem(f"{size.id} ({size.range_text()} points)", size.id)
        if scenario.game_size and self.game_size.findData(scenario.game_size) < 0:  # the issues dock says why
            self.game_size.addItem(f"{scenario.game_size} (not a game size of the ruleset)", scenario.game_size)
        self.game_size.setCurrentIndex(max(0, self.game_size.findData(scenario.game_size or MISSING)))
        self.form.setRowVisible(self.game_size, POINTS in modules_on(document) or bool(scenario.game_size))

    def _show_centre(self, document) -> None:
        scenario, content = document.model.scenario, document.content
        game_map = content.map(scenario.map) if content else None
        if game_map is not None:
            self.centre_x.setMaximum(game_map.width - 1)
            self.centre_y.setMaximum(game_map.height - 1)
        given = scenario.objective_center is not None
        self.has_centre.setChecked(given)
        self.has_centre.setToolTip("unticked: the middle of the map")
        for spin, value in zip(
            (self.centre_x, self.centre_y), edits.objective_area_centre(content, scenario) or (0, 0), strict=True
        ):
            spin.setValue(value)
            spin.setEnabled(given)

    def _show_rules(self, document) -> None:
        content = document.content
        rows = edits.victory_band_rows(content)
        source = content.victory_bands[0].source.file if content and content.victory_bands else None
        where = (
            f"<br><span style='color: grey'>from {source.name if source else 'the pack'}; a scenario cannot "
            f"set its own</span>"
        )
        self.bands.setText(
            "<br>".join(f"{ratio}: {result}" for ratio, result in rows) + where if rows else "the pack has none"
        )
        own = len(document.model.scenario.parameters)
        self.overrides.setText(
            f"{own} rules parameter{'s' if own != 1 else ''} overridden for this scenario"
            if own
            else "plays with the pack's rules parameters"
        )

    def show_parameters(self) -> None:
        """The Scenario parameters dock (data/parameters_room.py) edits the overrides: bring it to the front."""
        dock = present(self.window()).findChild(QDockWidget, "scenario_parameters")  # (a widget has a window)
        if dock is not None:
            dock.show()
            dock.raise_()

    def _set(self, key, value, text) -> None:
        if (
            not self._loading
            and value is not None
            and self.document is not None
            and self.document.model.scenario is not None
        ):
            edits.set_scalar(self.document, key, value, text)

    def _name_edited(self) -> None:
        name = self.name.text().strip()
        if name:
            self._set("name", name, "Rename scenario")
        elif self.document is not None and self.document.model.scenario is not None:
            self.name.setText(self.document.model.scenario.name)  # a scenario needs a name: keep the one it has

    def _date_edited(self) -> None:
        if self._loading or self.document is None or self.document.model.scenario is None:
            return
        day = self.date.date() if self.has_date.isChecked() else None
        if self.has_date.isChecked() and day is None:  # not a date: say so, and keep the text to be corrected
            self.date_warning.setText(self.date.problem)
            self.date_warning.setVisible(True)
            return
        edits.set_date(self.document, day)

    def _centre_edited(self) -> None:
        if self._loading or self.document is None or self.document.model.scenario is None:
            return
        square = (self.centre_x.value(), self.centre_y.value()) if self.has_centre.isChecked() else None
        edits.set_objective_center(self.document, square)


def _row(*widgets) -> QWidget:
    row = QWidget()
    line = QHBoxLayout(row)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        line.addWidget(widget)
    line.addStretch(1)
    return row


class ScenarioProperties(QWidget):
    """The dock: a heading and the pages, hidden (not greyed) when no scenario is open so that old values never
    linger; a scenario that cannot be read keeps the values shown until it can (the issues dock says why)."""

    def __init__(self):
        super().__init__()
        self.document = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.heading = QLabel("No scenario open")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.general, self.sides = GeneralPage(self), SidesPage()
        self.objectives, self.briefing = ObjectivesPage(), BriefingPage()
        self.fields = QTabWidget()
        for title, page in (
            ("Scenario", self.general),
            ("Sides", self.sides),
            ("Objectives", self.objectives),
            ("Briefing", self.briefing),
        ):
            self.fields.addTab(scrolled(page), title)
        layout.addWidget(self.fields, 1)
        self.turns = self.general.turns  # the length, which the shell's tests and the history follow
        self.fields.hide()

    def sizeHint(self) -> QSize:
        """Tall enough for a page of the form beside the map (the dock area shares its height by the hints)."""
        return QSize(PREFERRED_WIDTH, PREFERRED_HEIGHT)

    def pages(self):
        return (self.general, self.sides, self.objectives, self.briefing)

    def jump_to(self, issue) -> bool:
        """Bring forward the page and field an issue of the shown scenario is about, and focus it; whether there
        was one (issues about units, the map and entrenchments are shown on the map instead)."""
        if self.document is None or issue.file is None or Path(issue.file) != self.document.path:
            return False
        path = tuple(issue.path or ())
        for index, page in enumerate(self.pages()):
            widget = page.widget_for(path)
            if widget is not None:
                self.fields.setCurrentIndex(index)
                self.fields.currentWidget().ensureWidgetVisible(widget)
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return False

    def show_document(self, document) -> None:
        if self.document is not None:
            try:
                self.document.changed.disconnect(self._document_changed)
            except (TypeError, RuntimeError):
                pass
        self.document = document if document is not None and document.kind == "scenario" else None
        if self.document is None:
            self.heading.setText("No scenario open")
            self.fields.hide()
            return
        self.document.changed.connect(self._document_changed)
        self.refresh()
        self.fields.show()

    def _document_changed(self, _event) -> None:
        self.refresh()

    def refresh(self) -> None:
        document = self.document
        if document is None:
            return
        scenario = document.model.scenario
        if scenario is None:
            self.heading.setText(f"{document.path.name}: see the issues")
            return
        self.heading.setText(f"<b>{scenario.name}</b>  ({document.path.name})")
        for page in self.pages():
            page.refresh(document)
