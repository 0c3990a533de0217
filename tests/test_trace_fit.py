"""Fitting a trace image to control points, without widgets: a known affine transform comes back exactly, a point
moved off it shows its residual, and points that cannot fix a transform are refused with a message."""

import math

import numpy as np
import pytest

from tacforge.editor.map.trace_fit import ControlPoint, FitError, apply, fit_affine, invert, manual_matrix

# a scan at 8 pixels per square, turned 30 degrees clockwise, sheared a little, its corner at (5, -2) squares
KNOWN = ((0.108253, -0.0625, 5.0), (0.075, 0.108253, -2.0))


def points_of(matrix, pixels):
    """Control points lying exactly on `matrix`: their map places are square numbers (centre-based)."""
    return [ControlPoint(px, tuple(c - 0.5 for c in apply(matrix, *px))) for px in pixels]


def test_a_known_affine_is_recovered_exactly_from_three_points_and_from_more():
    for pixels in ([(0, 0), (400, 30), (50, 300)], [(0, 0), (400, 30), (50, 300), (380, 410), (200, 200)]):
        fit = fit_affine(points_of(KNOWN, pixels))
        assert np.allclose(fit.matrix, KNOWN, atol=1e-12)
        assert max(fit.residuals) < 1e-9 and len(fit.residuals) == len(pixels)


def test_a_point_moved_off_the_transform_shows_its_residual():
    pixels = [(0, 0), (400, 0), (0, 400), (400, 400)]
    square = ((0.125, 0.0, 0.0), (0.0, 0.125, 0.0))  # 8 px per square, north-up: (400, 400) is at (50, 50)
    points = points_of(square, pixels)
    points[3] = ControlPoint((400, 400), (50.5, 49.5))  # one square east of where the others put it
    fit = fit_affine(points)
    # least squares over a square of four points spreads a one-square error evenly: each residual is a quarter of
    # the error's length on each axis, i.e. 0.25 squares east-west; the moved point and its opposite corner the same
    assert fit.residuals == pytest.approx([0.25, 0.25, 0.25, 0.25], abs=1e-9)
    assert fit.rms == pytest.approx(0.25)
    # with the edges' midpoints and the centre exact too, the moved point stands out, twice the next largest (a
    # single centre point is not enough: least squares then gives the moved corner and its opposite the same
    # residual, and which of two equal floats is larger depends on the last bits of the solver's arithmetic)
    middles = [(200, 0), (0, 200), (200, 200), (400, 200), (200, 400)]
    points += points_of(square, middles)
    fit = fit_affine(points)
    assert max(range(len(points)), key=lambda i: fit.residuals[i]) == 3
    assert fit.residuals[3] > 1.9 * sorted(fit.residuals)[-2]


def test_the_manual_placement_is_the_same_transform_the_view_drew_before():
    matrix = manual_matrix(10.0, 3.0, 4.0, 90.0)  # a quarter turn clockwise about the image's corner
    x, y = apply(matrix, 10, 0)  # ten pixels along the image's top edge: one square, now pointing south
    assert (x, y) == pytest.approx((3.0, 5.0))
    assert invert(matrix, x, y) == pytest.approx((10, 0))
    assert apply(manual_matrix(4.0, 0, 0, 0), 120, 120) == (30.0, 30.0)


@pytest.mark.parametrize(
    ("pixels", "squares", "message"),
    [
        ([(0, 0), (100, 100)], [(0, 0), (10, 10)], "needs at least 3"),
        ([(0, 0), (100, 100), (200, 200)], [(0, 0), (10, 0), (0, 10)], "lie on one line of the image"),
        ([(0, 0), (100, 100), (100, 100)], [(0, 0), (10, 0), (0, 10)], "lie on one line of the image"),
        ([(0, 0), (100, 0), (0, 100)], [(0, 0), (10, 10), (20, 20)], "map places lie on one line"),
        ([(0, 0), (100, 0), (0, 100)], [(0, 0), (0, 10), (10, 0)], "mirror image"),
    ],
)
def test_points_that_cannot_fix_a_transform_are_refused_with_a_message(pixels, squares, message):
    with pytest.raises(FitError, match=message):
        fit_affine([ControlPoint(px, sq) for px, sq in zip(pixels, squares, strict=True)])


def test_nearly_collinear_points_are_refused_too():
    # a point 0.5 pixel off a 400-pixel line: any mis-click would swing the fit
    points = [ControlPoint((0, 0), (0, 0)), ControlPoint((400, 0), (40, 0)), ControlPoint((200, 0.5), (20, 3))]
    with pytest.raises(FitError, match="one line"):
        fit_affine(points)
    assert math.isfinite(fit_affine([*points[:2], ControlPoint((200, 60), (20, 6))]).rms)
