"""What the heat map's colours mean: a colour scale bar beside the map (in expected kills) and the value under the
pointer, shown at the pointer. HeatPlot (weapons_plot_view.py) draws the map and hands its image, its plot and
the pointer's place here."""

from __future__ import annotations

import pyqtgraph as pg

from .weapon_plots import HeatMap

SCALE_LABEL = "expected kills"


class HeatReading:
    """The scale bar and the hover text of one heat map plot."""

    def __init__(self, plot: pg.PlotWidget, image: pg.ImageItem, colour_map: str) -> None:
        self.plot, self.image = plot, image
        self.bar = pg.ColorBarItem(
            values=(0, 1),
            colorMap=pg.colormap.get(colour_map),
            label=SCALE_LABEL,
            interactive=False,
            rounding=0.001,
            pen="k",
            colorMapMenu=False,
            orientation="horizontal",  # under the target names: a bar beside would widen the plot out of its dock
        )
        self.bar.setImageItem(image, insert_in=plot.getPlotItem())
        self.hover = pg.TextItem(color="k", fill=pg.mkBrush(255, 255, 240, 230), border=pg.mkPen("#888"))
        self.hover.setZValue(10)
        plot.addItem(self.hover, ignoreBounds=True)
        self.hover.hide()

    def levels_changed(self) -> None:
        """The image was drawn with new levels: the scale spans the same values."""
        low, high = self.image.getLevels()
        self.bar.setLevels(low=float(low), high=float(high))

    def pointer_at(self, heat: HeatMap | None, x: float, y: float) -> str:
        """Show the value of the cell at (x, y) of the plot beside the pointer; returns the text ('' outside)."""
        i, j = int(y), int(x)
        if heat is None or not (x >= 0 and y >= 0 and i < len(heat.firers) and j < len(heat.targets)):
            self.hover.hide()
            return ""
        k = heat.kills[i][j]
        text = f"{heat.firers[i].name} -> {heat.targets[j].name}\n" + (
            "out of range" if k is None else f"{k:.3f} {SCALE_LABEL}"
        )
        self.hover.setText(text)
        self.hover.setAnchor((1 if j > len(heat.targets) / 2 else 0, 1 if i > len(heat.firers) / 2 else 0))
        self.hover.setPos(x, y)
        self.hover.show()
        return text
