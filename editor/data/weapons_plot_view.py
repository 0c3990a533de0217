"""The weapons room's live plots (pyqtgraph): kill probability or expected kills against range, a heat map of
firers against targets, and infantry suppression against range. Every number comes from weapon_plots, which calls
the engine's combat functions. A draft (the value being typed) is drawn over the committed values, dashed."""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

import numpy as np
import pyqtgraph as pg
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.model import Weapon

from ..qt_abstract import QtABCMeta
from ..qt_present import present
from .heat_scale import HeatReading
from .weapon_plots import (
    FireSettings,
    HeatMap,
    armoured_targets,
    direct_firers,
    fire_curves,
    heat_map,
    heat_map_with,
    infantry_targets,
    kill_curves,
    opponents,
    sides,
)

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setToolTip(tip)
    return box


class Inputs:
    """What the plots draw from: the pack's content, the weapons to choose targets from, the selected firer and
    the draft of a weapon being edited (None when nothing is being typed)."""

    def __init__(self, content, pool: list[Weapon], firer: Weapon | None, draft: Weapon | None = None):
        self.content, self.pool, self.firer, self.draft = content, pool, firer, draft

    def drafted(self, weapon: Weapon) -> Weapon:
        return self.draft if self.draft is not None and weapon.id == self.draft.id else weapon

    def by_id(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.pool if w.id == weapon_id), None)


class _ShownPlot(QWidget, metaclass=QtABCMeta):
    """A plot drawn only while it is shown; a hidden one is drawn from the last inputs when it is shown again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inputs: Inputs | None = None

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.inputs is not None:
            self.redraw(self.inputs)

    @abstractmethod
    def redraw(self, inputs: Inputs) -> None: ...


class _RangePlot(_ShownPlot):
    """A plot of one value against range for the firer against several targets, with hover text."""

    @property
    def value_name(self) -> str:
        """What the plotted value is (the y axis's label)."""
        return ""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(background="w")
        self.plot.showGrid(x=True, y=True, alpha=0.3)
        self.plot.setLabel("bottom", "range (squares)")
        for side in ("left", "bottom"):
            self.plot.getAxis(side).enableAutoSIPrefix(False)
        self.plot.addLegend(offset=(-10, 10))
        self.hover = pg.TextItem(color="k", fill=pg.mkBrush(255, 255, 240, 230), border=pg.mkPen("#888"))
        self.hover.setZValue(10)
        self.plot.addItem(self.hover, ignoreBounds=True)
        self.hover.hide()
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)
        self.controls = QHBoxLayout()
        self.rows = QVBoxLayout(self)  # the controls over the plot (a subclass may add a row)
        self.rows.setContentsMargins(2, 2, 2, 2)
        self.rows.addLayout(self.controls)
        self.rows.addWidget(self.plot, 1)
        self.drawn: list = []  # (label, points) of the curves drawn, for hovering
        self._curves: list = []  # one solid curve per target: the values as they stand (or as typed)
        self._ghosts: list = []  # one dashed curve per target: the committed values, while an edit is typed
        self._labels: list[str] = []

    def settings(self) -> FireSettings:
        return FireSettings()

    def _again(self, *_) -> None:
        if self.inputs is not None:
            self.redraw(self.inputs)

    @abstractmethod
    def value(self, point) -> float: ...

    @abstractmethod
    def others(self, inputs: Inputs) -> list[Weapon]:
        """The weapons the selected one is plotted against."""

    def series(self, inputs: Inputs, selected: Weapon, others: list[Weapon]) -> list:
        """One series per other weapon; the default: the selected weapon firing at each."""
        return kill_curves(inputs.content, selected, others, self.settings(), exact=False)

    def redraw(self, inputs: Inputs) -> None:
        self.inputs = inputs
        if not self.isVisible():
            return  # drawn when its tab is shown
        plot = self.plot.getPlotItem()
        self.hover.hide()
        self.drawn = []
        if inputs.firer is None or inputs.content.ruleset is None:
            plot.setTitle("select a weapon in the table")
            self._show([], [], False)
            return
        selected, others = inputs.firer, self.others(inputs)
        editing = inputs.draft is not None
        after = self.series(inputs, inputs.drafted(selected), [inputs.drafted(w) for w in others])
        before = self.series(inputs, selected, others) if editing else after
        plot.setTitle(self.title(inputs.drafted(selected)) + ("; dashed: before this edit" if editing else ""))
        self._show(before, after, editing)

    def _show(self, before, after, editing: bool) -> None:
        """Put the series into the curve items, which are made again only when the targets change: making
        pyqtgraph items and legend rows is most of a redraw's time, and a keystroke only moves points."""
        plot = self.plot.getPlotItem()
        labels = [s.label + (f": {s.problem}" if s.problem else "") for s in after]
        if labels != self._labels:
            for item in self._curves + self._ghosts:
                plot.removeItem(item)
            self._curves, self._ghosts, self._labels = [], [], labels
            for i, label in enumerate(labels):
                color = PALETTE[i % len(PALETTE)]
                self._ghosts.append(plot.plot([], [], pen=pg.mkPen(color, width=1, style=Qt.PenStyle.DashLine)))
                self._curves.append(
                    plot.plot(
                        [], [], pen=pg.mkPen(color, width=2), symbol="o", symbolSize=5, symbolBrush=color, name=label
                    )
                )
        for old, new, ghost, curve in zip(before, after, self._ghosts, self._curves, strict=True):
            curve.setData([p.range for p in new.points], [self.value(p) for p in new.points])
            if editing and old.points and old.points != new.points:
                ghost.setData([p.range for p in old.points], [self.value(p) for p in old.points])
            else:
                ghost.setData([], [])
            if new.points:
                self.drawn.append((new.label, new.points))

    def _mouse_moved(self, position) -> None:
        box = self.plot.getPlotItem().vb
        if not self.drawn or not self.plot.sceneBoundingRect().contains(position):
            self.hover.hide()
            return
        at = box.mapSceneToView(position)
        scale_x, scale_y = box.viewPixelSize()
        best, where = None, float("inf")
        for label, points in self.drawn:
            for p in points:
                d = ((p.range - at.x()) / scale_x) ** 2 + ((self.value(p) - at.y()) / scale_y) ** 2
                if d < where:
                    best, where = (label, p), d
        if best is None or where > 20**2:
            self.hover.hide()
            return
        label, p = best
        self.hover.setText(self.describe(label, p))
        # open towards the middle of the plot, so that the text stays inside it
        (x0, x1), (y0, y1) = box.viewRange()
        self.hover.setAnchor((1 if p.range > (x0 + x1) / 2 else 0, 0 if self.value(p) > (y0 + y1) / 2 else 1))
        self.hover.setPos(p.range, self.value(p))
        self.hover.show()

    def title(self, selected: Weapon) -> str:
        return f"{selected.name} x{self.settings().count}, pulse {self.settings().pulses}"

    def describe(self, label: str, point) -> str:
        return "\n".join([f"{label}, range {point.range}: {self.value_name} {self.value(point):.4g}", *point.detail])


class KillPlot(_RangePlot):
    """Kill probability (or expected kills) against range: the selected weapon firing at chosen armoured targets,
    or chosen firers shooting at the selected vehicle (to see what its armour does)."""

    FIRES_AT, FIRED_AT = "fires at", "is fired at by"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.direction = QComboBox()
        self.direction.addItems([self.FIRES_AT, self.FIRED_AT])
        self.measure = QComboBox()  # (not `metric`: that is QWidget.metric())
        self.measure.addItems(["kill probability", "expected kills"])
        self.facing = QComboBox()
        self.facing.addItems(["front", "back"])
        self.facing.setToolTip("armour fired at")
        self.pulses = _spin(1, 20, 1, "pulse fired at the target, counting this one (P)")
        self.count = _spin(1, 99, 1, "weapons firing (N)")
        self.choice = QListWidget()
        self.choice.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.choice.setMaximumHeight(90)
        self.choice.setToolTip("the weapons plotted (Ctrl+click to choose several)")
        # two rows: on one, the controls are wider than the plot needs, and would take the table's width from it
        # in a window 1280 pixels wide
        more = QHBoxLayout()
        for row, label, widget in (
            (self.controls, "selected", self.direction),
            (self.controls, "", self.measure),
            (more, "armour", self.facing),
            (more, "P", self.pulses),
            (more, "N", self.count),
        ):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget)
        self.controls.addStretch(1)
        more.addStretch(1)
        self.rows.insertLayout(1, more)
        self.rows.insertWidget(2, self.choice)
        for widget in (self.direction, self.measure, self.facing):
            widget.currentIndexChanged.connect(self._again)
        for widget in (self.pulses, self.count):
            widget.valueChanged.connect(self._again)
        self.choice.itemSelectionChanged.connect(self._again)
        self._offered: tuple = ()  # (direction, selected id, candidate ids) the list was filled for

    @property
    def value_name(self) -> str:
        return self.measure.currentText()

    @property
    def fired_at(self) -> bool:
        return self.direction.currentText() == self.FIRED_AT

    def settings(self) -> FireSettings:
        return FireSettings(self.facing.currentText(), self.pulses.value(), self.count.value())

    def value(self, point) -> float:
        return float(point.kill_probability if self.measure.currentIndex() == 0 else point.kills)

    def _candidates(self, inputs: Inputs) -> list[Weapon]:
        """Firers (or armoured targets) to choose from, the other side's first."""
        found = (direct_firers if self.fired_at else armoured_targets)(inputs.content, inputs.pool, None)
        if inputs.firer is None:
            return found
        enemy = sides(inputs.content, inputs.firer)[1]
        return sorted(found, key=lambda w: not w.fielded_by(enemy))

    def _fill_choice(self, inputs: Inputs) -> None:
        candidates = self._candidates(inputs)
        selected_id = inputs.firer.id if inputs.firer else None
        offered = (self.direction.currentText(), selected_id, tuple(w.id for w in candidates))
        if offered == self._offered:
            return
        keep = {i.data(Qt.ItemDataRole.UserRole) for i in self.choice.selectedItems()}
        if offered[:2] != self._offered[:2] or not keep:
            keep = {w.id for w in opponents(inputs.content, candidates, inputs.firer)} if inputs.firer else set()
        self._offered = offered
        self.choice.blockSignals(True)
        self.choice.clear()
        for w in candidates:
            stats = f"MP {w.mp} SS {w.ss} AC {w.ac}" if self.fired_at else f"FA {w.fa} BA {w.ba}"
            item = QListWidgetItem(f"{w.name}  ({', '.join(w.nationalities)}; {stats})")
            item.setData(Qt.ItemDataRole.UserRole, w.id)
            self.choice.addItem(item)
            item.setSelected(w.id in keep)
        self.choice.blockSignals(False)

    def redraw(self, inputs: Inputs) -> None:
        self._fill_choice(inputs)
        self.plot.setLabel("left", self.value_name)
        super().redraw(inputs)

    def others(self, inputs: Inputs) -> list[Weapon]:
        ids = [i.data(Qt.ItemDataRole.UserRole) for i in self.choice.selectedItems()]
        return [w for w in (inputs.by_id(i) for i in ids) if w is not None]

    def series(self, inputs: Inputs, selected: Weapon, others: list[Weapon]) -> list:
        if self.fired_at:
            return fire_curves(inputs.content, others, selected, self.settings(), exact=False)
        return super().series(inputs, selected, others)

    def title(self, selected: Weapon) -> str:
        s = self.settings()
        if self.fired_at:
            armour = selected.fa if s.facing == "front" else selected.ba
            return f"at {selected.name} ({s.facing} {armour}), N {s.count}, pulse {s.pulses}"
        return super().title(selected)


class SuppressionPlot(_RangePlot):
    """Suppression the firer adds to each infantry platoon, against range."""

    value_name = "suppression"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = _spin(1, 99, 1, "weapons firing (N)")
        self.controls.addWidget(QLabel("N"))
        self.controls.addWidget(self.count)
        self.controls.addStretch(1)
        self.count.valueChanged.connect(self._again)
        self.plot.setLabel("left", "suppression added")

    def settings(self) -> FireSettings:
        return FireSettings(count=self.count.value())

    def value(self, point) -> float:
        return float(point.suppression)

    def others(self, inputs: Inputs) -> list[Weapon]:
        firer = inputs.firer
        return [
            t
            for t in infantry_targets(inputs.content, inputs.pool)
            if firer is None or t.periods[0] <= firer.periods[1] and firer.periods[0] <= t.periods[1]
        ][:6]


class HeatPlot(_ShownPlot):
    """Expected kills of every direct-fire weapon of a period (rows) against its armoured vehicles (columns)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.range = _spin(0, 60, 4, "range in squares")
        self.period = _spin(1, 99, 1, "period")
        controls = QHBoxLayout()
        for label, widget in (("range", self.range), ("period", self.period)):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addStretch(1)
        self.plot = pg.PlotWidget(background="w")
        self.plot.invertY(True)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(pg.colormap.get("viridis"))
        self.plot.addItem(self.image)
        self.reading = HeatReading(self.plot, self.image, "viridis")  # the colour scale and the hover text
        self.label = QLabel(" ")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(controls)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.label)
        self.map: HeatMap | None = None
        self.range.valueChanged.connect(self._again)
        self.period.valueChanged.connect(self._again)
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)

    def _again(self, *_):
        self.map = None
        if self.inputs is not None:
            self.redraw(self.inputs)

    def redraw(self, inputs: Inputs) -> None:
        self.inputs = inputs
        content = inputs.content
        if content.ruleset is None or not self.isVisible():
            return  # drawn when shown: a full heat map is a few thousand attacks
        self.period.setMaximum(content.ruleset.periods)
        settings, period = FireSettings(), self.period.value()
        pool = [inputs.drafted(w) for w in inputs.pool]
        firers, targets = direct_firers(content, pool, period), armoured_targets(content, pool, period)
        if inputs.firer is not None:  # the selected weapon's side against the other side's armour
            own, enemy = sides(content, inputs.firer)
            firers = [f for f in firers if f.fielded_by(own)] or firers
            targets = [t for t in targets if t.fielded_by(enemy) and "any" not in t.nationalities] or targets
        heat = self.map
        same_rows = (
            heat is not None
            and heat.range == self.range.value()
            and [f.id for f in firers] == [f.id for f in heat.firers]
            and [t.id for t in targets] == [t.id for t in heat.targets]
        )
        if heat is None or not same_rows:
            heat = heat_map(content, firers, targets, self.range.value(), settings)
        else:  # a keystroke, a commit or an undo: only the rows and columns of the weapons that changed
            drawn = {w.id: w for w in (*heat.firers, *heat.targets)}
            for weapon in {w.id: w for w in (*firers, *targets)}.values():
                if drawn[weapon.id] != weapon:
                    heat = heat_map_with(heat, content, weapon, settings)
        self.map = heat
        values = np.array([[np.nan if k is None else k for k in row] for row in heat.kills] or [[np.nan]], np.float64)
        self.image.setImage(
            values,
            autoLevels=False,
            levels=(0, max(1e-9, float(np.nanmax(values)) if np.isfinite(values).any() else 1)),
        )
        self.plot.getAxis("left").setTicks([[(i + 0.5, f.name) for i, f in enumerate(heat.firers)]])
        # every third name always, the others where they fit (pyqtgraph drops overlapping lower-level labels)
        names = [(j + 0.5, t.name) for j, t in enumerate(heat.targets)]
        self.plot.getAxis("bottom").setTicks([names[::3], [n for j, n in enumerate(names) if j % 3]])
        self.plot.setTitle(f"expected kills at range {heat.range}, period {period}, front armour, pulse 1")
        self.reading.levels_changed()

    def _mouse_moved(self, position) -> None:
        if self.map is None or not self.map.firers:
            return
        at = self.plot.getPlotItem().vb.mapSceneToView(position)
        self.reading.pointer_at(self.map, at.x(), at.y())
        i, j = int(at.y()), int(at.x())
        if 0 <= i < len(self.map.firers) and 0 <= j < len(self.map.targets) and at.x() >= 0 and at.y() >= 0:
            k = self.map.kills[i][j]
            shown = "out of range" if k is None else f"{k:.4g} expected kills"
            self.label.setText(f"{self.map.firers[i].name} -> {self.map.targets[j].name}: {shown}")


Plot = TypeVar("Plot", bound=_ShownPlot)


class WeaponPlots(QTabWidget):
    """The three plots, redrawn together from one set of inputs. The heat map and the suppression plot are made
    when first shown (or asked for): making a pyqtgraph plot is a good part of opening the room
    (docs/architecture.md 8)."""

    # tabs 1 and 2
    LATER: tuple[tuple[str, type[_ShownPlot]], ...] = (("Heat map", HeatPlot), ("Suppression", SuppressionPlot))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kills = KillPlot()
        self._made: dict[type[_ShownPlot], _ShownPlot] = {}
        self._inputs: Inputs | None = None
        self.addTab(self.kills, "Kills by range")
        for title, _kind in self.LATER:
            self.addTab(QWidget(), title)  # a stand-in until the tab is first shown
        self.currentChanged.connect(lambda index: index > 0 and self._plot(self.LATER[index - 1][1]))

    @property
    def heat(self) -> HeatPlot:
        return self._plot(HeatPlot)

    @property
    def suppression(self) -> SuppressionPlot:
        return self._plot(SuppressionPlot)

    def _plot(self, kind: type[Plot]) -> Plot:
        """The plot of `kind`, made in place of its tab's stand-in when first shown or asked for."""
        made = self._made.get(kind)
        if isinstance(made, kind):
            return made
        index = 1 + [k for _t, k in self.LATER].index(kind)
        title = self.LATER[index - 1][0]
        plot = kind()
        self._made[kind] = plot
        plot.inputs = self._inputs  # drawn from these when shown
        current, stand_in = self.currentIndex(), present(self.widget(index))
        self.blockSignals(True)
        self.removeTab(index)
        self.insertTab(index, plot, title)
        self.setCurrentIndex(current)
        self.blockSignals(False)
        stand_in.deleteLater()
        return plot

    def redraw(self, inputs: Inputs) -> None:
        self._inputs = inputs
        self.kills.redraw(inputs)
        for plot in self._made.values():
            plot.redraw(inputs)
