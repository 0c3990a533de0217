"""A numpy array of pixels seen as a QImage without a copy: the one place the editor hands an array's buffer to
Qt (the map's overview and detail pictures, overlay masks, terrain tiles)."""

from __future__ import annotations

import numpy as np
from PyQt6.QtGui import QImage


def image_over(pixels: np.ndarray, image_format: QImage.Format) -> QImage:
    """A QImage reading `pixels` (C-contiguous rows: (height, width) of 32-bit pixels, or (height, width, 3) of
    bytes) in place: the array must outlive the image, or the image be copied."""
    height, width = pixels.shape[:2]
    # QImage reads any buffer (here the array's); PyQt6's stubs name only bytes
    return QImage(pixels.data, width, height, pixels.strides[0], image_format)  # type: ignore[call-overload]
