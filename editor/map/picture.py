"""The map's pictures for the view, kept in step with the model rectangle by rectangle.

* the overview: one pixel per square (QImage over a NumPy RGB buffer), drawn scaled when squares are small and
  shared with the minimap;
* the detail: the visible block of squares (plus a margin, so panning is cheap) composed from tiles at exactly the
  current square size, with contour hints; patched in place when the model changes a rectangle inside it.
"""

from __future__ import annotations

import numpy as np
from PyQt6.QtGui import QImage

from ..common.pixels import image_over
from ..common.terrain_look import CodeInfo, level_edges, tile_keys
from ..common.tiles import TileAtlas

MARGIN = 8  # squares of detail composed beyond the visible block on each side


class MapPicture:
    def __init__(self, model) -> None:
        self.model = model
        self.info = CodeInfo.of(model.content)
        self.lut = self.info.colour_lut()
        self.atlas = TileAtlas(self.info)
        self._detail: tuple[np.ndarray, QImage, tuple[int, int, int, int]] | None = None
        self.rebuild()

    # -- overview ----------------------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.shape = self.model.codes.shape
        h, w = self.shape
        self._rgb = np.ascontiguousarray(self.lut[self.model.codes])
        self.overview = image_over(self._rgb, QImage.Format.Format_RGB888)
        self._detail = None

    def update(self, rect: tuple[int, int, int, int]) -> None:
        """The model changed the squares of `rect` (half-open): refresh both pictures there."""
        if self.model.codes.shape != self.shape:
            self.rebuild()
            return
        x0, y0, x1, y1 = rect
        self._rgb[y0:y1, x0:x1] = self.lut[self.model.codes[y0:y1, x0:x1]]
        if self._detail is not None:
            arr, _, (bx0, by0, bx1, by1) = self._detail
            ix0, iy0, ix1, iy1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
            if ix0 < ix1 and iy0 < iy1:
                s = self.atlas.tile_px
                arr[(iy0 - by0) * s : (iy1 - by0) * s, (ix0 - bx0) * s : (ix1 - bx0) * s] = self.block(
                    ix0, iy0, ix1, iy1
                )

    # -- detail ------------------------------------------------------------------------------------------------
    def block(self, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
        """uint32 picture of squares [x0, x1) x [y0, y1) at the atlas's tile size (context read around it)."""
        h, w = self.shape
        cx0, cy0, cx1, cy1 = max(0, x0 - 1), max(0, y0 - 1), min(w, x1 + 1), min(h, y1 + 1)
        codes = self.model.codes[cy0:cy1, cx0:cx1]
        keys = tile_keys(codes, self.info)
        east, south = level_edges(codes, self.info)
        img = self.atlas.compose(keys, east, south)
        s = self.atlas.tile_px
        return img[(y0 - cy0) * s : (y1 - cy0) * s, (x0 - cx0) * s : (x1 - cx0) * s]

    def detail(self, tile_px: int, x0: int, y0: int, x1: int, y1: int, grid: bool = True) -> tuple[QImage, int, int]:
        """The detail picture covering squares [x0, x1) x [y0, y1) at `tile_px` (with the grid drawn into the
        tiles or not): (image, its first x, first y)."""
        h, w = self.shape
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if tile_px != self.atlas.tile_px or grid != self.atlas.grid:
            self.atlas.set_tile_px(tile_px, grid)
            self._detail = None
        if self._detail is not None:
            _, image, (bx0, by0, bx1, by1) = self._detail
            if bx0 <= x0 and by0 <= y0 and x1 <= bx1 and y1 <= by1:
                return image, bx0, by0
        bx0, by0 = max(0, x0 - MARGIN), max(0, y0 - MARGIN)
        bx1, by1 = min(w, x1 + MARGIN), min(h, y1 + MARGIN)
        arr = np.ascontiguousarray(self.block(bx0, by0, bx1, by1))
        image = image_over(arr, QImage.Format.Format_RGB32)
        self._detail = (arr, image, (bx0, by0, bx1, by1))
        return image, bx0, by0

    def drop_detail(self) -> None:
        self._detail = None
