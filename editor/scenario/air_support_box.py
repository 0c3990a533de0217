"""The Properties dock's air support form (docs/rules.md 16.6-16.9), shown only while the scenario turns the
air_support module on: the weather, who may call a sortie in it, and a row per aircraft a side may call on (its
aircraft, sorties, first turn and name). Every change is one undo command (scenario_edits.py); the form redraws from
the file on each change and holds no truth of its own. The rows are rebuilt only when the rows themselves change,
so a spin box being typed into is not replaced under the designer's fingers.
"""

from __future__ import annotations

from PyQt6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.battlegen.air import aircraft_choices
from tacforge.engine.model.modules import AIR_SUPPORT
from tacforge.engine.model.scenario import WEATHERS

from ..common.schema_bounds import ANY, whole_bound
from ..document import MISSING
from ..qt_present import present
from . import scenario_edits as edits
from .module_edits import modules_on

KEY = "air_support"
# the columns under each side's heading: (title, tooltip)
COLUMNS = (
    ("Aircraft", "a weapon of the pack's aircraft class that the side flies in the scenario's period"),
    ("Sorties", "how many times it may be called"),
    ("From", "the first turn it may be called in"),
    ("Name", "the name the battle gives it (optional: else the aircraft's)"),
)
MIN_AIRCRAFT_CHARS = 6  # the aircraft box may shrink to this in a narrow dock; its list shows the whole names


def who_may_call(weather: str, delay: int) -> str:
    """What the weather leaves of calling a sortie (docs/rules.md 16.7, 16.9), in the form's words."""
    if weather == "storm":
        return "A storm: no aircraft fly, and every call is refused."
    observer = "an air observer (a formation HQ, unit 0, on the map) that sees the target square"
    if weather == "overcast":
        return f"Overcast: only {observer} may call a sortie. It attacks {delay} pulses after the call."
    return (
        f"Clear: any unit of the side may call a sortie, with the bombard order; bombs drift less when {observer} "
        f"calls it. It attacks {delay} pulses after the call."
    )


class AirSupportBox(QGroupBox):
    def __init__(self) -> None:
        super().__init__("Air support")
        self.document, self._loading = None, False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)  # the dock is narrow: a row of five fields must fit it
        weather = QHBoxLayout()
        weather.addWidget(QLabel("Weather"))
        self.weather = QComboBox()
        for name in WEATHERS:
            self.weather.addItem(name, name)
        self.weather.currentIndexChanged.connect(lambda _i: self._weather_chosen())
        weather.addWidget(self.weather)
        weather.addStretch(1)
        layout.addLayout(weather)
        self.callers = QLabel()
        self.callers.setWordWrap(True)
        layout.addWidget(self.callers)
        self.rows_widget = QWidget()
        self.grid = QGridLayout(self.rows_widget)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(4)
        self.grid.setColumnStretch(0, 2)  # the aircraft and its name share what the dock's width leaves
        self.grid.setColumnStretch(3, 1)
        layout.addWidget(self.rows_widget)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: grey")
        layout.addWidget(self.note)
        buttons = QHBoxLayout()
        self.side = QComboBox()
        self.add = QPushButton("Add aircraft")
        self.add.clicked.connect(self._add)
        buttons.addWidget(self.side)
        buttons.addWidget(self.add)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.keys: list[tuple[str, int]] = []  # grid row - 1 -> (side, row of its list)
        self.shown: tuple = ()  # what the rows were built for: (side, index, aircraft offered) each
        self.aircraft: dict[tuple[str, int], QComboBox] = {}
        self.sorties: dict[tuple[str, int], QSpinBox] = {}
        self.arrival: dict[tuple[str, int], QSpinBox] = {}
        self.names: dict[tuple[str, int], QLineEdit] = {}

    # -- showing ------------------------------------------------------------------------------------------------
    def refresh(self, document) -> None:
        self.document = document
        self.setVisible(AIR_SUPPORT in modules_on(document))
        scenario, content = document.model.scenario, document.content
        profile = content.ruleset if content else None
        self._loading = True
        try:
            self.weather.setCurrentIndex(max(0, self.weather.findData(scenario.weather)))
            delay = document.model.parameters.air_support.air_call_delay
            self.callers.setText(who_may_call(scenario.weather, delay))
            current = self.side.currentData()
            self.side.clear()
            for side in profile.sides if profile else ():
                self.side.addItem(side.name, side.id)
            self.side.setCurrentIndex(max(0, self.side.findData(current)))
            offers = self._offers(document)
            shown = tuple((a.side, i, a.aircraft, offers.get(a.side, ())) for i, a in self._rows(scenario))
            if shown != self.shown:
                self._build_rows(document, offers)
                self.shown = shown
            self._show_values(scenario)
        finally:
            self._loading = False

    @staticmethod
    def _rows(scenario):
        """(index within its side's list, sortie) in the file's order."""
        per_side: dict[str, int] = {}
        for sortie in scenario.air_support:
            index = per_side.get(sortie.side, 0)
            per_side[sortie.side] = index + 1
            yield index, sortie

    def _offers(self, document) -> dict[str, tuple[tuple[str, str], ...]]:
        """Per side, (id, name) of the aircraft it flies in the scenario's period."""
        content, scenario = document.content, document.model.scenario
        if content is None or content.ruleset is None:
            return {}
        return {
            side: tuple(
                (w.local_id, w.name)
                for w in aircraft_choices(content, scenario.period, content.side_nationalities(side))
            )
            for side in content.ruleset.side_ids()
        }

    def _build_rows(self, document, offers: dict[str, tuple[tuple[str, str], ...]]) -> None:
        while self.grid.count():
            widget = present(self.grid.takeAt(0)).widget()
            if widget is not None:
                widget.hide()  # at once: the deletion waits for the event loop
                widget.deleteLater()
        for column, (title, tip) in enumerate(COLUMNS):
            heading = QLabel(f"<b>{title}</b>")
            heading.setToolTip(tip)
            self.grid.addWidget(heading, 0, column)
        scenario, profile = document.model.scenario, document.content.ruleset if document.content else None
        self.keys, self.aircraft, self.sorties, self.arrival, self.names = [], {}, {}, {}, {}
        grid_row, last_side = 0, None
        for index, sortie in self._rows(scenario):
            key = (sortie.side, index)
            self.keys.append(key)
            if sortie.side != last_side:  # a heading per side, in the file's order
                side = profile.side(sortie.side) if profile else None
                grid_row += 1
                self.grid.addWidget(QLabel(f"<i>{side.name if side else sortie.side}</i>"), grid_row, 0, 1, -1)
                last_side = sortie.side
            grid_row += 1
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(MIN_AIRCRAFT_CHARS)
            for weapon_id, weapon_name in offers.get(sortie.side, ()):
                combo.addItem(weapon_name, weapon_id)
            if combo.findData(sortie.aircraft) < 0:  # kept as written; the issues dock says what is wrong
                combo.addItem(f"{sortie.aircraft} (not flown by this side in this period)", sortie.aircraft)
            combo.currentIndexChanged.connect(lambda _i, k=key, c=combo: self._edited(k, "aircraft", c.currentData()))
            sorties, arrival = self._spin("sorties"), self._spin("arrival")
            sorties.valueChanged.connect(lambda v, k=key: self._edited(k, "sorties", v))
            arrival.valueChanged.connect(lambda v, k=key: self._edited(k, "arrival", v))
            name = QLineEdit()
            name.setPlaceholderText("name")
            name.setToolTip(COLUMNS[3][1])
            name.editingFinished.connect(lambda k=key, e=name: self._edited(k, "name", e.text().strip() or MISSING))
            delete = QToolButton()
            delete.setText("✕")
            delete.setToolTip("Delete this aircraft")
            delete.clicked.connect(lambda _c=False, k=key: edits.remove_side_row(self.document, KEY, *k))
            cells: tuple[QWidget, ...] = (combo, sorties, arrival, name, delete)
            for column, cell in enumerate(cells):
                self.grid.addWidget(cell, grid_row, column)
            self.aircraft[key], self.sorties[key], self.arrival[key], self.names[key] = combo, sorties, arrival, name

    @staticmethod
    def _spin(field: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(
            whole_bound("scenario", KEY, ANY, ANY, field), whole_bound("scenario", KEY, ANY, ANY, field, upper=True)
        )
        spin.setKeyboardTracking(False)  # one edit when the number is typed, not one per digit
        return spin

    def _show_values(self, scenario) -> None:
        for index, sortie in self._rows(scenario):
            key = (sortie.side, index)
            if key not in self.aircraft:
                continue
            self.aircraft[key].setCurrentIndex(max(0, self.aircraft[key].findData(sortie.aircraft)))
            self.sorties[key].setValue(sortie.sorties)
            self.arrival[key].setValue(sortie.arrival)
            if not self.names[key].hasFocus():
                self.names[key].setText(sortie.name)
        self.note.setText("No aircraft yet: add one for a side (its first aircraft in the period).")
        self.note.setVisible(not self.keys)
        self.rows_widget.setVisible(bool(self.keys))  # no column headings over no rows

    # -- editing ------------------------------------------------------------------------------------------------
    def _usable(self) -> bool:
        return not self._loading and self.document is not None and self.document.model.scenario is not None

    def _weather_chosen(self) -> None:
        if self._usable():
            value = self.weather.currentData()
            # clear is the default: the file says nothing rather than `weather: clear`
            edits.set_scalar(self.document, "weather", MISSING if value == "clear" else value, "Change weather")

    def _edited(self, key: tuple[str, int], field: str, value) -> None:
        if self._usable() and value is not None:
            edits.set_side_row_value(self.document, KEY, *key, field, value)

    def _add(self) -> None:
        side, document = self.side.currentData(), self.document
        if not self._usable() or side is None or document is None:
            return
        offered = self._offers(document).get(side, ())
        if not offered:
            period = document.model.scenario.period
            self.note.setText(f"The pack has no aircraft that {self.side.currentText()} flies in period {period}.")
            self.note.setVisible(True)
            return
        p = document.model.parameters.air_support
        values = {"aircraft": offered[0][0], "sorties": max(1, p.generated_sorties), "arrival": p.generated_arrival}
        edits.add_side_row(document, KEY, side, values)
