"""Where the map view puts its texts, without widgets or fonts (the painter measures, this decides; boxes in,
positions out). Every text the map draws (place names, the scenario's labels, an objective's label, an AI plan's
notes) is placed by one `LabelLayout` in a fixed order: the first of its candidate positions, each moved inside the
map, that covers no text placed before it nor a mark kept clear (a plan's waypoint disc); then the same box moved a
line at a time round its first candidate, nearest first; a text with no free place within that reach is left out
(zooming in makes room), so no two texts ever cover one another. Objectives sharing a square are gathered into one
stack of lines (a hill may be one side's capture and the other's hold)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import field
from functools import lru_cache
from itertools import chain
from typing import NamedTuple

from tacforge.engine.cached_dataclass import dataclass


class Box(NamedTuple):
    """A rectangle in viewport pixels: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def intersects(self, other: Box) -> bool:
        """Whether the two share area (touching edges do not: two lines of text may abut)."""
        return self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)


def kept_inside(box: Box, bounds: Box) -> Box:
    """`box` moved the least that puts it inside `bounds` (its left and top kept in where it is the larger)."""
    x = max(bounds.x, min(box.x, bounds.right - box.w))
    y = max(bounds.y, min(box.y, bounds.bottom - box.h))
    return Box(x, y, box.w, box.h)


# -- candidate positions, best first ---------------------------------------------------------------------------
def stepped(box: Box, step: float, upward: bool = False, count: int = 6) -> Iterator[Box]:
    """`box`, then moved a line at a time, nearest first, down before up (`upward`: up before down, at the map's
    foot): a label of a line or an edge, such as a start line's at the map's head, stays by its line or edge."""
    way = -step if upward else step
    yield box
    for i in range(1, count + 1):
        yield box.moved(0, i * way)
        yield box.moved(0, -i * way)


def around_mark(mark: Box, w: float, h: float, gap: float = 2.0) -> Iterator[Box]:
    """A `w` x `h` text beside `mark` (a disc, a square): right of it, left, above, below, then its corners."""
    middle = mark.y + mark.h / 2 - h / 2
    centre = mark.x + mark.w / 2 - w / 2
    yield Box(mark.right + gap, middle, w, h)
    yield Box(mark.x - gap - w, middle, w, h)
    yield Box(centre, mark.y - gap - h, w, h)
    yield Box(centre, mark.bottom + gap, w, h)
    yield Box(mark.right + gap, mark.y - h, w, h)
    yield Box(mark.right + gap, mark.bottom, w, h)
    yield Box(mark.x - gap - w, mark.y - h, w, h)
    yield Box(mark.x - gap - w, mark.bottom, w, h)


def along(start: tuple[float, float], end: tuple[float, float], w: float, h: float, gap: float = 3.0) -> Iterator[Box]:
    """A `w` x `h` text beside the line from `start` to `end` (an arrow), at points along it from its middle
    outwards, on one side of it then the other, clear of the line by `gap`."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    nx, ny = -dy / length, dx / length  # the line's normal
    clear = abs(nx) * w / 2 + abs(ny) * h / 2 + gap  # from the box's centre to its edge along the normal, and the gap
    for t in (0.5, 0.35, 0.65, 0.2, 0.8):
        cx, cy = start[0] + dx * t, start[1] + dy * t
        for side in (1, -1):
            yield Box(cx + side * nx * clear - w / 2, cy + side * ny * clear - h / 2, w, h)


def nearby(box: Box, step: float, reach: int) -> Iterator[Box]:
    """`box` moved by whole steps, ring by ring out to `reach` steps, nearest first (down, up, right, left first
    within a ring): where a crowded text goes when none of its own candidates is free."""
    for dx, dy in _offsets(reach):
        yield box.moved(dx * step * 2, dy * step)  # (a text is wider than high: sideways twice as far)


@lru_cache(maxsize=8)
def _offsets(reach: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for ring in range(1, reach + 1):
        here = [(x, y) for x in range(-ring, ring + 1) for y in range(-ring, ring + 1) if max(abs(x), abs(y)) == ring]
        out += sorted(here, key=lambda o: (math.hypot(*o), abs(o[0]), -o[1], -o[0]))
    return tuple(out)


def crosses(box: Box, start: tuple[float, float], end: tuple[float, float]) -> bool:
    """Whether the line from `start` to `end` passes through `box` (a text drawn over an arrow gets a backing)."""
    t0, t1 = 0.0, 1.0
    dx, dy = end[0] - start[0], end[1] - start[1]
    for p, q in (
        (-dx, start[0] - box.x),
        (dx, box.right - start[0]),
        (-dy, start[1] - box.y),
        (dy, box.bottom - start[1]),
    ):
        if p == 0:
            if q < 0:
                return False  # parallel to this edge and outside it
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


@dataclass
class LabelLayout:
    """The texts of one paint of the map, placed in the order they are asked for (the earlier keep their place)."""

    bounds: Box | None = None  # the map's rectangle, inside which texts are kept (None: anywhere)
    boxes: list[Box] = field(default_factory=list)  # where each placed text went...
    texts: list[str] = field(default_factory=list)  # ...and its lines
    kept_clear: list[Box] = field(default_factory=list)  # marks no text may cover (a plan's waypoint discs)
    left_out: list[str] = field(default_factory=list)  # texts that found no free place in reach

    def inside(self, box: Box) -> Box:
        b = self.bounds
        if b is None or (b.x <= box.x and box.x + box.w <= b.x + b.w and b.y <= box.y and box.y + box.h <= b.y + b.h):
            return box  # (most candidates: no new box)
        return kept_inside(box, b)

    def free(self, box: Box) -> bool:
        """Whether `box` covers no text placed and no mark kept clear (Box.intersects, unrolled: a paint asks this
        thousands of times)."""
        x0, y0, x1, y1 = box.x, box.y, box.x + box.w, box.y + box.h
        for x, y, w, h in (*self.boxes, *self.kept_clear):
            if x0 < x + w and x < x1 and y0 < y + h and y < y1:
                return False
        return True

    def place(self, text: str, candidates: Iterable[Box], step: float, reach: int = 4) -> Box | None:
        """The first free candidate that lies inside the map, else the first free one moved inside it, else the
        first moved round by `step` (nearby); None, and `text` left out, if none of those is free."""
        moved: list[Box] = []
        seen: set[Box] = set()  # (candidates moved inside often land on one another)
        for candidate in candidates:
            inside = self.inside(candidate)
            if inside is candidate and self.free(candidate):
                return self._take(candidate, text)
            if inside not in seen:
                seen.add(inside)
                moved.append(inside)
        later = (self.inside(box) for box in nearby(moved[0], step, reach)) if moved else ()
        for candidate in chain(moved, later):
            if self.free(candidate):
                return self._take(candidate, text)
        self.left_out.append(text)
        return None

    def _take(self, box: Box, text: str) -> Box:
        self.boxes.append(box)
        self.texts.append(text)
        return box


# -- objectives' labels ------------------------------------------------------------------------------------------
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
