"""Map tiles for the zoomed-in map: one small picture per (terrain code, road arms) key, painted once per zoom
with QPainter and kept in a NumPy atlas; a block of squares is then composed by a single gather (docs/architecture.md 6:
the map is drawn from an image buffer, never one graphics item per square); and a code's tile as an icon, for the
terrain palette and the terrain room's code table."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import QLineF, QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QIcon, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from tacforge.engine.mapping import render
from tacforge.engine.mapping.autotile import (
    BRIDGE,
    BROKEN,
    DIRS,
    ENTRENCHMENT,
    FORD,
    NE,
    NW,
    RIVER,
    ROAD_SLOPE,
    ROADLIKE,
    SE,
    SLOPE,
    SW,
    TOWN,
    WOODS,
    E,
    N,
    S,
    W,
)

from .pixels import image_over
from .terrain_look import CodeInfo

WATER_RGB, BANK_RGB = (78, 128, 212), (44, 86, 160)
VARIANT_ARMS = {1: E | W, 2: N | S, 3: NE | SW, 4: NW | SE, 5: N | E | S | W, 6: N | S | W, 7: N | S | E}
RIVER_PATHS = {
    1: ((0.5, 0), (0.5, 1)),
    2: ((0.5, 0), (0.5, 0.5), (1, 0.5)),
    3: ((0.5, 0), (0.5, 0.5), (0, 0.5)),
    4: ((1, 0.5), (0.5, 0.5), (0.5, 1)),
    5: ((0.5, 1), (0.5, 0.5), (0, 0.5)),
    6: ((0, 0.5), (1, 0.5)),
}
SLOPE_DOWN = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0), 5: (0, -1), 6: (0, 1)}
SPECKS = ((0.2, 0.25), (0.62, 0.18), (0.8, 0.55), (0.35, 0.6), (0.55, 0.85), (0.15, 0.82), (0.7, 0.35))
ICON = 24  # pixels of a code's tile in a list (the terrain palette, the terrain room's code table)


def _rgb(c, factor: float = 1.0) -> QColor:
    return QColor(*(max(0, min(255, int(v * factor))) for v in c[:3]))


class TileAtlas:
    """Tiles of `tile_px` pixels, rendered on demand; `compose` builds the picture of a block of squares."""

    def __init__(self, info: CodeInfo, tile_px: int = 16, grid: bool = False):
        self.info = info
        self.tile_px, self.grid = 0, grid
        self.set_tile_px(tile_px, grid)

    def set_tile_px(self, px: int, grid: bool | None = None) -> None:
        """Tiles of `px` pixels, with a grid line along their top and left edges if `grid`."""
        px, grid = int(px), self.grid if grid is None else bool(grid)
        if px != self.tile_px or grid != self.grid:
            self.tile_px, self.grid = px, grid
            self._index: dict[int, int] = {}
            self.atlas = np.zeros((0, px, px), np.uint32)

    def ids(self, keys: np.ndarray) -> np.ndarray:
        uniq, inverse = np.unique(keys, return_inverse=True)
        missing = [int(k) for k in uniq if int(k) not in self._index]
        if missing:
            new = np.stack([self._paint(k) for k in missing])
            for i, k in enumerate(missing):
                self._index[k] = len(self.atlas) + i
            self.atlas = np.concatenate([self.atlas, new])
        mapped = np.array([self._index[int(k)] for k in uniq], np.intp)
        return mapped[inverse].reshape(keys.shape)

    def compose(self, keys: np.ndarray, east: np.ndarray, south: np.ndarray) -> np.ndarray:
        """uint32 (0xffRRGGBB) picture of a (h, w) block: tiles, then contour hints along level edges."""
        h, w = keys.shape
        s = self.tile_px
        ids = self.ids(keys)  # may grow the atlas: look it up afterwards
        img = self.atlas[ids].transpose(0, 2, 1, 3).reshape(h * s, w * s)
        cells = img.reshape(h, s, w, s).transpose(0, 2, 1, 3)  # a (h, w, s, s) view
        for mask, here, there in (
            (east, (slice(None), s - 1), (slice(None), 0)),
            (south, (s - 1, slice(None)), (0, slice(None))),
        ):
            if not mask.any():
                continue
            shifted = np.zeros_like(mask)
            if mask is east:
                shifted[:, 1:] = mask[:, :-1]
            else:
                shifted[1:] = mask[:-1]
            for m, side in ((mask, here), (shifted, there)):
                edge = cells[(m,) + side]
                cells[(m,) + side] = ((edge >> 1) & 0x7F7F7F) | 0xFF000000
        return img

    # -- painting one tile -------------------------------------------------------------------------------------
    def _paint(self, key: int) -> np.ndarray:
        s = self.tile_px
        image = QImage(s, s, QImage.Format.Format_RGB32)
        code, arms = key >> 8, key & 255
        info = self.info
        t, level, variant = int(info.type_of[code]), int(info.level_of[code]), int(info.variant_of[code])
        image.fill(_rgb(info.ground(code)) if t != 255 else QColor(255, 0, 255))
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, s >= 10)
        p.scale(s, s)
        shade = render.LEVEL_SHADE.get(level, 0.7)
        if t == WOODS:
            self._woods(p, shade)
        elif t == TOWN:
            self._town(p, shade)
        elif t in (BROKEN, ENTRENCHMENT):
            self._broken(p, info.ground(code), t == ENTRENCHMENT)
        elif t in (SLOPE, ROAD_SLOPE):
            self._hachures(p, info.ground(code), variant if t == SLOPE else 0)
        if self.grid:  # over the ground and its symbols, under water and roads (which stay unbroken)
            self._grid(p)
        if t in (RIVER, FORD, BRIDGE):
            crossing_water = RIVER_PATHS[6] if variant == 2 else RIVER_PATHS[1]  # the road crosses it
            self._water(p, RIVER_PATHS.get(variant, RIVER_PATHS[1]) if t == RIVER else crossing_water)
        if t in ROADLIKE:
            self._road(p, arms or VARIANT_ARMS.get(variant, E | W), t)
        if info.mark_of[code] and s >= 10:
            self._mark(p, info.mark_of[code])
        p.end()
        pixels = image.constBits().asstring(image.sizeInBytes())  # (bytes: the image goes on return)
        return np.frombuffer(pixels, np.uint32).reshape(s, image.bytesPerLine() // 4)[:, :s].copy()

    def _mark(self, p: QPainter, mark: str) -> None:
        """A pack's own terrain type: its symbol in a light box in the lower right corner."""
        p.save()
        p.resetTransform()
        s = self.tile_px
        box = QRectF(s * 0.45, s * 0.45, s * 0.55, s * 0.55)
        p.fillRect(box, QColor(255, 255, 240, 210))
        font = p.font()
        font.setPixelSize(max(6, int(s * 0.45)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor(20, 20, 20))
        p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), mark)
        p.restore()

    def _grid(self, p: QPainter) -> None:
        s = self.tile_px
        p.save()
        p.resetTransform()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(QPen(QColor(0, 0, 0, 46 if s < 12 else 64), 0))
        p.drawLine(0, 0, s - 1, 0)
        p.drawLine(0, 1, 0, s - 1)
        p.restore()

    def _pen(self, colour: QColor, width_px: float, cap=Qt.PenCapStyle.RoundCap) -> QPen:
        pen = QPen(colour, width_px / self.tile_px)
        pen.setCapStyle(cap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return pen

    def _woods(self, p: QPainter, shade: float) -> None:
        p.fillRect(QRectF(0, 0, 1, 1), _rgb((66, 130, 62), shade))
        p.setPen(self._pen(_rgb((22, 64, 26), shade), max(1.0, self.tile_px / 16)))
        for x, y, r in ((0.3, 0.32, 0.21), (0.72, 0.36, 0.19), (0.48, 0.72, 0.22)):
            p.setBrush(_rgb((38, 100, 45), shade))
            p.drawEllipse(QPointF(x, y), r, r)

    def _town(self, p: QPainter, shade: float) -> None:
        p.fillRect(QRectF(0, 0, 1, 1), _rgb((226, 214, 190), shade))
        p.setPen(self._pen(_rgb((96, 30, 26), shade), max(1.0, self.tile_px / 16), Qt.PenCapStyle.SquareCap))
        p.setBrush(_rgb((196, 62, 50), shade))
        for rect in ((0.1, 0.12, 0.36, 0.3), (0.56, 0.1, 0.32, 0.4), (0.16, 0.58, 0.5, 0.3)):
            p.drawRect(QRectF(*rect))

    def _broken(self, p: QPainter, ground, trench: bool) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_rgb((128, 110, 86)))
        for x, y in SPECKS:
            p.drawEllipse(QPointF(x, y), 0.07, 0.055)
        if trench:
            p.setPen(self._pen(_rgb((90, 60, 30)), max(1.5, self.tile_px / 10)))
            p.drawPolyline(
                QPolygonF(
                    [QPointF(0.1, 0.5), QPointF(0.3, 0.35), QPointF(0.5, 0.55), QPointF(0.7, 0.35), QPointF(0.9, 0.5)]
                )
            )

    def _hachures(self, p: QPainter, ground, variant: int) -> None:
        """Short strokes pointing downhill (towards the lower ground the slope faces)."""
        if not variant:
            return
        dx, dy = SLOPE_DOWN[variant]
        p.setPen(self._pen(_rgb(ground, 0.62), max(1.0, self.tile_px / 14)))
        for k in (0.2, 0.5, 0.8):
            if dx:
                p.drawLine(QLineF(0.5 - dx * 0.3, k, 0.5 + dx * 0.15, k))
            else:
                p.drawLine(QLineF(k, 0.5 - dy * 0.3, k, 0.5 + dy * 0.15))

    def _water(self, p: QPainter, points) -> None:
        path = QPainterPath(QPointF(*points[0]))
        for pt in points[1:]:
            path.lineTo(QPointF(*pt))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(self._pen(QColor(*BANK_RGB), 0.62 * self.tile_px + 2, Qt.PenCapStyle.FlatCap))
        p.drawPath(path)
        p.setPen(self._pen(QColor(*WATER_RGB), 0.62 * self.tile_px, Qt.PenCapStyle.FlatCap))
        p.drawPath(path)

    def _road(self, p: QPainter, arms: int, t: int) -> None:
        width = max(2.0, self.tile_px * 0.2)
        # (`arms` is never 0: there is a line, which drawLines(*lines) needs)
        lines = [
            QLineF(0.5, 0.5, 0.5 + dx * 0.5, 0.5 + dy * 0.5) for bit, (dx, dy) in enumerate(DIRS) if arms >> bit & 1
        ]
        fill = {FORD: (206, 176, 120), BRIDGE: (176, 168, 152)}.get(t, render.ROAD_COLOUR)
        if t == BRIDGE:  # parapets: a dark band wider than the deck
            p.setPen(self._pen(QColor(40, 34, 28), width + max(4.0, self.tile_px * 0.2), Qt.PenCapStyle.FlatCap))
            p.drawLines(*lines)
        elif t == FORD:  # the shallow crossing: a sandy bar over the water, with stepping stones
            p.setPen(self._pen(QColor(206, 186, 140), width * 2.2, Qt.PenCapStyle.FlatCap))
            p.drawLines(*lines)
        p.setPen(self._pen(_rgb(fill, 0.6), width + 2))
        p.drawLines(*lines)
        p.setPen(self._pen(QColor(*fill), width))
        p.drawLines(*lines)
        if t == FORD:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(110, 96, 80))
            r = max(0.6, width / 5) / self.tile_px
            for bit, (dx, dy) in enumerate(DIRS):
                if arms >> bit & 1:
                    for k in (0.12, 0.3):
                        p.drawEllipse(QPointF(0.5 + dx * k, 0.5 + dy * k), r, r)


def tile_icon(atlas: TileAtlas, code: int) -> QIcon:
    """The tile of `code` (no road arms) as an icon; `atlas` is one of ICON pixels."""
    index = atlas.ids(np.array([code * 256], np.int32))[0]  # may grow the atlas: look it up afterwards
    tile = np.ascontiguousarray(atlas.atlas[index])
    image = image_over(tile, QImage.Format.Format_RGB32).copy()
    return QIcon(QPixmap.fromImage(image))
