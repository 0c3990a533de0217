"""Where the map view puts its texts, without widgets or fonts (the painter measures, this decides): a label moved
inside the map rather than cut off at its edge, an objective's label beside its disc on the side where it fits,
and the objectives sharing a square gathered into one stack of lines (a hill may be one side's capture and the
other's hold), so that no two texts are drawn on top of each other."""

from __future__ import annotations

from dataclasses import dataclass

from PyQt6.QtCore import QRectF


def kept_inside(box: QRectF, bounds: QRectF) -> QRectF:
    """`box` moved the least that puts it inside `bounds` (its left and top kept in where it is the larger)."""
    x = max(bounds.left(), min(box.left(), bounds.right() - box.width()))
    y = max(bounds.top(), min(box.top(), bounds.bottom() - box.height()))
    return QRectF(x, y, box.width(), box.height())


def beside(right_of: float, left_of: float, width: float, left: float, right: float) -> float:
    """The left end of a text `width` wide next to a mark: from `right_of` rightwards where that ends before
    `right`, else ending at `left_of` where that starts after `left`, else as far right as it fits."""
    if right_of + width <= right:
        return right_of
    if left_of - width >= left:
        return left_of - width
    return max(left, right - width)


@dataclass(frozen=True)
class SquareObjectives:
    """The typed objectives standing on one square: each one's (kind, side), in the file's order, and the lines
    of their label."""

    square: tuple[int, int]
    marks: tuple[tuple[str, str], ...]
    lines: tuple[str, ...]


def objective_labels(objectives) -> list[SquareObjectives]:
    """One entry per square that holds objectives (those without a square are not on the map). One objective
    reads "name: kind points VP"; several name their sides, under their shared name if they have one."""
    by_square: dict[tuple[int, int], list] = {}
    for objective in objectives:
        if objective.at is not None:
            by_square.setdefault(tuple(objective.at), []).append(objective)
    out = []
    for square, here in by_square.items():
        names = [o.name or o.id for o in here]
        if len(here) == 1:
            lines = [f"{names[0]}: {here[0].kind} {here[0].points} VP"]
        elif len(set(names)) == 1:
            lines = [names[0]] + [f"{o.side} {o.kind} {o.points} VP" for o in here]
        else:
            lines = [f"{name}: {o.side} {o.kind} {o.points} VP" for name, o in zip(names, here, strict=True)]
        out.append(SquareObjectives(square, tuple((o.kind, o.side) for o in here), tuple(lines)))
    return out
