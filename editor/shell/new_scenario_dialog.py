"""The New Scenario dialog (File ▸ New scenario…): gathers a `NewScenario` (scenario/new_scenario.py) and writes it.

Choices come from the packs' typed content (ruleset sides, battle types and force types; the periods table with
its dates), never from constants here. Destinations are the designer's own packs and a new pack in the user's
packs folder; an installed plugin's folder is never offered (pack_places.py).
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from tacforge.engine.battlegen import BattleChoices, BuildError
from tacforge.engine.battlegen.plan import SIZES, map_size
from tacforge.engine.battlegen.scenario_writer import WrittenBattle
from tacforge.engine.model.modules import POINTS

from ..common.date_field import DateField
from ..scenario.modules_box import module_boxes
from ..scenario.new_scenario import NewScenario, create_scenario
from .new_files import id_pattern
from .pack_places import installed_pack_at, user_packs_folder
from .workspace import pack_folder_of

MAP_SIZE_LIMIT = 256  # the largest blank map a designer may ask for (the map schema's bound)
POINTS_LIMIT = 99_999  # the spin box's top; whether a budget fits its game size is the battle builder's check


class NewScenarioDialog(QDialog):
    def __init__(self, workspace, parent=None, current_pack: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.workspace = workspace
        self.written: WrittenBattle | None = None
        packset = workspace.packset
        form = QFormLayout(self)
        self.scenario_id, self.name = QLineEdit("new_battle"), QLineEdit("New battle")
        form.addRow("Scenario id", self.scenario_id)
        form.addRow("Name", self.name)
        self.front = QComboBox()
        for pack in packset.all:
            if pack.manifest is not None and pack.manifest.ruleset and pack.id in packset.packs:
                self.front.addItem(f"{pack.manifest.name} ({pack.id})", pack.id)
        form.addRow("Rules (front pack)", self.front)
        self.destination = QComboBox()
        self.new_pack_parent = user_packs_folder()  # where a new pack goes; "Choose folder…" changes it
        self.destination.addItem(f"New pack in {self.new_pack_parent}", None)
        for pack in packset.all:
            if installed_pack_at(packset, pack.location.folder) is None and pack.manifest is not None:
                self.destination.addItem(f"{pack.id} ({pack.location.folder})", str(pack.location.folder))
                if current_pack is not None and Path(current_pack).resolve() == pack.location.folder:
                    self.destination.setCurrentIndex(self.destination.count() - 1)
        self.choose_folder = QPushButton("Choose folder…")
        self.choose_folder.setToolTip(
            "a pack folder of your own to add the scenario to, or the folder a new pack is to be made in"
        )
        self.choose_folder.clicked.connect(self.pick_folder)
        destination = QWidget()
        row = QHBoxLayout(destination)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.destination, 1)
        row.addWidget(self.choose_folder)
        form.addRow("Pack", destination)
        self.new_pack_id = QLineEdit("my_battles")
        form.addRow("New pack id", self.new_pack_id)
        self.period, self.date, self.battle_type = QComboBox(), DateField(), QComboBox()
        self.use_date = QCheckBox("Calendar date")
        self.use_date.setChecked(True)
        form.addRow("Period", self.period)
        form.addRow(self.use_date, self.date)
        form.addRow("Battle type", self.battle_type)
        # (not `size`: that is QWidget.size())
        self.battle_size, self.handicap, self.visibility = QComboBox(), QSpinBox(), QSpinBox()
        self.handicap.setRange(1, 5)
        self.handicap.setValue(3)
        self.visibility.setSpecialValueText("random")
        form.addRow("Size", self.battle_size)
        # a tabletop game size's budget (docs/rules.md 16.4); 0 stands for the size's standard points. Whether it
        # fits the size is checked where `tacforge new` checks it (battlegen/plan.py checked_points), on OK
        self.points = QSpinBox()
        self.points.setRange(0, POINTS_LIMIT)
        self.points.setSingleStep(50)
        self.points.setToolTip("each side's budget in points; both sides get the same, as on the tabletop")
        form.addRow("Points", self.points)
        modules = QWidget()
        row = QHBoxLayout(modules)
        row.setContentsMargins(0, 0, 0, 0)
        self.modules = module_boxes(row)
        row.addStretch(1)
        form.addRow("Modules", modules)
        form.addRow("Handicap", self.handicap)
        form.addRow("Visibility", self.visibility)
        self.sides = QWidget()
        self.sides_form = QFormLayout(self.sides)
        self.sides_form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Sides", self.sides)
        self.force_types: dict[str, QComboBox] = {}
        maps = QWidget()
        row = QHBoxLayout(maps)
        row.setContentsMargins(0, 0, 0, 0)
        self.map_choice = QButtonGroup(self)
        for source, text in (("generated", "Generated"), ("blank", "New blank"), ("existing", "Existing:")):
            button = QRadioButton(text)
            button.setObjectName(source)
            self.map_choice.addButton(button)
            row.addWidget(button)
        self.map_choice.buttons()[0].setChecked(True)
        self.existing_map = QComboBox()
        row.addWidget(self.existing_map)
        form.addRow("Map", maps)
        self.map_width, self.map_height = QSpinBox(), QSpinBox()
        blank = QWidget()
        row = QHBoxLayout(blank)
        row.setContentsMargins(0, 0, 0, 0)
        for caption, spin in (("Width", self.map_width), ("Height", self.map_height)):
            spin.setRange(1, MAP_SIZE_LIMIT)
            row.addWidget(QLabel(caption))
            row.addWidget(spin)
        row.addStretch(1)
        self.blank_size = blank
        form.addRow("Blank map size", blank)
        self.river, self.cover, self.seed = QCheckBox("River"), QSpinBox(), QSpinBox()
        self.cover.setRange(0, 9)
        self.cover.setValue(5)
        self.seed.setRange(1, 999_999)
        terrain = QWidget()
        row = QHBoxLayout(terrain)
        row.setContentsMargins(0, 0, 0, 0)
        for label, widget in ((None, self.river), ("Cover density", self.cover), ("Seed", self.seed)):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget)
        form.addRow("Generated map", terrain)
        self.generated_controls = terrain
        self.auto_select, self.auto_deploy = QCheckBox("Auto-select forces"), QCheckBox("Auto-deploy")
        self.auto_select.setChecked(True)
        self.auto_deploy.setChecked(True)
        form.addRow(self.auto_select, self.auto_deploy)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.front.currentIndexChanged.connect(self._front_changed)
        self.period.currentIndexChanged.connect(self._period_changed)
        self.destination.currentIndexChanged.connect(self._destination_changed)
        self.battle_type.currentIndexChanged.connect(self._battle_type_changed)
        self.battle_size.currentIndexChanged.connect(self._battle_type_changed)
        self.battle_size.currentIndexChanged.connect(lambda _i: self._size_changed())
        self.map_choice.buttonToggled.connect(lambda *_: self._map_source_changed())
        self.use_date.toggled.connect(self.date.setEnabled)
        self._front_changed()
        self._size_changed()
        self._destination_changed()
        self._map_source_changed()

    # -- choices follow the front pack's content ----------------------------------------------------------------
    def content(self):
        front = self.front.currentData()
        return self.workspace.packset.content(front) if front else None

    def _front_changed(self) -> None:
        content = self.content()
        if content is None or content.ruleset is None:
            return
        profile = content.ruleset
        self.period.clear()
        for number, period in sorted(content.periods.items()):
            self.period.addItem(f"{number}: {period.name}", number)
        self.battle_type.clear()
        for battle in profile.battle_types:
            self.battle_type.addItem(battle.name, battle.id)
            self.battle_type.setItemData(self.battle_type.count() - 1, battle.description, Qt.ItemDataRole.ToolTipRole)
        chosen = self.battle_size.currentData()
        self.battle_size.clear()
        for size in SIZES:  # the manuals' sizes, bought with selection points
            self.battle_size.addItem(size, size)
        for game_size in profile.game_sizes:  # the tabletop's, bought with points (16.4)
            self.battle_size.addItem(f"{game_size.id} ({game_size.range_text()} points)", game_size.id)
        self.battle_size.setCurrentIndex(max(0, self.battle_size.findData(chosen)))
        spotting = content.parameters.spotting
        self.visibility.setRange(spotting.visibility_min - 1, spotting.visibility_max)
        self.visibility.setValue(self.visibility.minimum())  # random
        while self.sides_form.rowCount():
            self.sides_form.removeRow(0)
        self.force_types = {}
        for side in profile.sides:
            combo = QComboBox()
            combo.addItem("(chosen for the battle)", None)
            for ft in profile.force_types:
                if ft.side == side.id:
                    combo.addItem(ft.name, ft.id)
            self.force_types[side.id] = combo
            self.sides_form.addRow(f"{side.name} (home edge {side.home_edge})", combo)

    def game_size(self):
        """The ruleset's tabletop game size chosen, or None for the manuals' large and small."""
        content = self.content()
        return content.ruleset.game_size(self.battle_size.currentData() or "") if content and content.ruleset else None

    def _size_changed(self) -> None:
        """Points are asked only with a tabletop game size, and buying with them turns the points module on
        (as `tacforge new --size company` does): its box shows that, ticked and fixed."""
        chosen = self.game_size()
        self.points.setEnabled(chosen is not None)
        self.points.setSpecialValueText(f"standard ({chosen.standard_points})" if chosen else "(selection points)")
        box = self.modules[POINTS]
        if chosen is not None:
            box.setChecked(True)
        elif not box.isEnabled():  # back from a game size: the tick was the size's, not the designer's
            box.setChecked(False)
        box.setEnabled(chosen is None)

    def _period_changed(self) -> None:
        content, number = self.content(), self.period.currentData()
        if content is None or number is None:
            return
        period = content.periods[number]
        self.date.set_range(period.start, period.end)
        self.date.set_date(period.start)

    def _battle_type_changed(self) -> None:
        """A blank map's size starts at what the battle type plays on; the designer may change it."""
        content = self.content()
        battle = content.ruleset.battle_type(self.battle_type.currentData()) if content and content.ruleset else None
        if battle is not None:
            width, height = map_size(content, battle)
            self.map_width.setValue(width)
            self.map_height.setValue(height)

    def _map_source_changed(self) -> None:
        """Only the chosen kind of map's controls are enabled: the generator's for a generated map, the size for
        a blank one."""
        source = self.map_source()
        self.generated_controls.setEnabled(source == "generated")
        self.blank_size.setEnabled(source == "blank")
        self.existing_map.setEnabled(source == "existing")

    def map_source(self) -> str:
        button = self.map_choice.checkedButton()
        return button.objectName() if button is not None else "generated"

    def pick_folder(self) -> None:
        """A folder of the designer's: a pack (its pack.yaml found upward) to add the scenario to, else where a
        new pack is made. An installed pack's folder is refused, as in the list."""
        chosen = QFileDialog.getExistingDirectory(
            self, "Pack folder, or where to make a new pack", str(self.new_pack_parent)
        )
        if not chosen:
            return
        folder = pack_folder_of(Path(chosen))
        if folder is None:
            self.new_pack_parent = Path(chosen)
            self.destination.setItemText(0, f"New pack in {self.new_pack_parent}")
            self.destination.setCurrentIndex(0)
            return
        if installed_pack_at(self.workspace.packset, folder) is not None:
            QMessageBox.warning(
                self,
                "New scenario",
                f"{folder} is an installed pack: a scenario there would be lost when it is updated. "
                f"Choose a folder of your own, such as {user_packs_folder()}.",
            )
            return
        at = self.destination.findData(str(folder.resolve()))
        if at < 0:
            self.destination.addItem(f"{folder.name} ({folder.resolve()})", str(folder.resolve()))
            at = self.destination.count() - 1
        self.destination.setCurrentIndex(at)

    def _destination_changed(self) -> None:
        folder = self.destination.currentData()
        self.new_pack_id.setEnabled(folder is None)
        self.existing_map.clear()
        pack = next((p for p in self.workspace.packset.all if str(p.location.folder) == folder), None)
        content = (
            self.workspace.packset.content(pack.id)
            if pack is not None and pack.id in self.workspace.packset.packs
            else None
        )
        if pack is not None and content is not None:
            for map_id in sorted(content.maps):
                if map_id.split(":")[0] == pack.id:
                    self.existing_map.addItem(map_id.split(":")[-1], map_id)
        self.map_choice.buttons()[2].setEnabled(self.existing_map.count() > 0)

    # -- the result ---------------------------------------------------------------------------------------------
    def request(self) -> NewScenario:
        folder = self.destination.currentData()
        target = Path(folder) if folder else self.new_pack_parent / self.new_pack_id.text().strip()
        visibility = self.visibility.value()
        points = self.points.value() if self.game_size() is not None else 0
        choices = BattleChoices(
            self.battle_type.currentData(),
            self.period.currentData(),
            self.battle_size.currentData(),
            self.handicap.value(),
            None,
            visibility if visibility >= self.visibility.minimum() + 1 else "random",
            self.river.isChecked(),
            self.cover.value(),
            True,
            self.seed.value(),
            points or None,
        )
        return NewScenario(
            self.front.currentData(),
            target,
            self.scenario_id.text().strip(),
            self.name.text().strip(),
            choices,
            self.date.date() if self.use_date.isChecked() else None,
            self.map_source(),
            self.existing_map.currentData(),  # (one is checked)
            tuple((side, combo.currentData()) for side, combo in self.force_types.items() if combo.currentData()),
            self.auto_select.isChecked(),
            self.auto_deploy.isChecked(),
            (self.map_width.value(), self.map_height.value()) if self.map_source() == "blank" else None,
            tuple(module for module, box in self.modules.items() if box.isChecked()),
        )

    def accept(self) -> None:
        for label, text in (("scenario", self.scenario_id.text()), ("pack", self.new_pack_id.text())):
            if not id_pattern().match(text.strip()):
                QMessageBox.warning(
                    self,
                    "New scenario",
                    f"'{text}' is not a {label} id: use lower-case letters, "
                    "digits, '_' and '-', starting with a letter or digit.",
                )
                return
        if self.use_date.isChecked() and self.date.date() is None:
            QMessageBox.warning(self, "New scenario", f"The date: {self.date.problem}.")
            return
        try:
            self.written = create_scenario(self.workspace.packset, self.request())
        except BuildError as exc:
            QMessageBox.warning(self, "New scenario", str(exc))
            return
        super().accept()
