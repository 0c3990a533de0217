"""Two weapons side by side: every column of the table for both, and whether they differ (the comparison dialog
highlights those). Qt-free."""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon

from .weapon_columns import all_columns, applies

NOT_TAKEN = "—"  # a value the weapon's class does not have (a truck's front armour)


@dataclass(frozen=True)
class Line:
    header: str
    key: str
    left: str
    right: str

    @property
    def differs(self) -> bool:
        return self.left != self.right


def compare(left: Weapon, right: Weapon) -> list[Line]:
    """One line per column, in the table's order."""

    def text(weapon: Weapon, col) -> str:
        return col.text(weapon) if applies(col, weapon) else NOT_TAKEN

    return [Line(c.header, c.key, text(left, c), text(right, c)) for c in all_columns()]
