"""The battle window's order input: what a click, a right click or an order key does while a human side gives its
orders; every order goes through the controller, that is through the engine's order API (mouse_orders.py turns
the selection into engine orders). A base class of BattleWindow, which holds the state it reads: `controller`,
`map`, `selected`, `asking`, `mode`, `battery`, `prompt` (declared below)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QInputDialog, QLabel, QMainWindow

from tacforge.engine.sim.orders import FACINGS

from ..qt_present import present
from . import mouse_orders as mo
from .battle_map import BattleMapView
from .controller import BattleController
from .frames import Frame


class OrdersInput(QMainWindow):
    # what BattleWindow holds and shows (set in its __init__)
    controller: BattleController
    map: BattleMapView
    prompt: QLabel
    order_actions: list[QAction]
    index: int  # the frame shown
    selected: set[str]
    asking: str | None
    mode: str | None
    battery: str | None

    if TYPE_CHECKING:  # and what it does (battle_window.py)

        def show_frame(self, index: int) -> None: ...
        def _frame(self) -> Frame | None: ...
        def _refresh(self) -> None: ...
        def _arrived(self) -> None: ...
        def _run_engine(self) -> None: ...
        def unit_name(self, uid: str) -> str: ...

    # -- orders ---------------------------------------------------------------------------------------------------
    def _enable_orders(self, on: bool) -> None:
        for action in self.order_actions:
            action.setEnabled(on)

    def _can_order(self) -> bool:
        if self.asking is None:
            return False
        if self.index != len(self.controller.frames) - 1:
            self.show_frame(len(self.controller.frames) - 1)  # orders are given in the present
        return True

    def _give(self, orders) -> None:
        if not self._can_order() or not orders:
            return
        refused = [r for r in (self.controller.give(order) for order in orders) if r]
        self.prompt.setText("; ".join(refused) if refused else f"{len(orders)} order(s) given")
        self.show_frame(len(self.controller.frames) - 1)

    def end_phase(self, propose_end: bool = False) -> None:
        if not self._can_order():
            return
        self._set_mode(None)
        self.asking = None
        self._enable_orders(False)
        self.controller.end_orders(propose_end)
        if self.controller.waiting is not None:
            self._arrived()  # the other human, in hot seat
        else:
            self._run_engine()

    def _own(self, units) -> list:
        return [u for u in units if u.side == self.asking and not u.routed]

    def _clicked(self, x: int, y: int) -> None:
        here = self.map.units_at(x, y)
        if self.mode == "target":
            enemies = [u for u in here if u.side != self.asking]
            if enemies:
                self._give(mo.priority(self.selected, enemies[0]))
                self._set_mode(None)
            return
        if self.mode in ("embark", "embark formation"):
            passengers = self._own(here)
            if passengers and len(self.selected) == 1:
                whole = self.mode == "embark formation"
                self._give([mo.embark(next(iter(self.selected)), passengers[0], whole)])
                self._set_mode(None)
            return
        mine = self._own(here) if self.asking else here
        self.selected = {mine[0].uid} if mine else set()
        self._refresh()
        if here:
            self.prompt.setText(", ".join(f"{self.unit_name(u.uid)} ({u.count})" for u in here))

    def _picked(self, uids: set) -> None:
        self.selected = set(uids)
        self.map.selected = self.selected
        present(self.map.viewport()).update()

    def _ordered(self, x: int, y: int) -> None:
        if self.asking is None or not self.selected:
            return
        if self.mode == "bombard" and self.battery:
            spotter = next(iter(self.selected))
            self._give([mo.o.Bombard(self.battery, spotter, (x, y))])
            self._set_mode(None)
            return
        frame = self._frame()
        if frame is not None:
            self._give(mo.move(frame, self.selected, (x, y)))

    def _hovered(self, x: int, y: int) -> None:
        if self.mode is None and self.asking is None:
            here = self.map.units_at(x, y)
            if here:
                present(self.statusBar()).showMessage(", ".join(self.unit_name(u.uid) for u in here), 3000)

    def select_formation(self) -> None:
        frame = self._frame()
        units = [frame.units[u] for u in self.selected if u in frame.units] if frame else []
        if frame is not None and units:
            self.selected = mo.formation_of(frame, units[0])
            self._refresh()

    def _set_mode(self, mode: str | None) -> None:
        self.mode = mode
        if mode == "target":
            self.prompt.setText("click a spotted enemy: the selected units' priority target (Escape: none)")
        elif mode in ("embark", "embark formation"):
            self.prompt.setText(
                f"click the unit whose {'formation' if mode != 'embark' else 'men'} the selected "
                "carrier loads (Escape: none)"
            )

    def _ask_value(self, action: str) -> None:
        frame = self._frame()
        if not self._can_order() or not self.selected or frame is None:
            return
        first = frame.units[sorted(self.selected)[0]]
        value: str | int
        if action == "face":
            value, ok = QInputDialog.getItem(
                self,
                "Face",
                "Facing:",
                list(FACINGS),
                FACINGS.index(first.facing) if first.facing in FACINGS else 0,
                False,
            )
        elif action == "speed":
            value, ok = QInputDialog.getInt(self, "Speed", "Squares per turn:", first.speed, 0, first.max_speed)
        else:
            value, ok = QInputDialog.getInt(self, "Range", "Open fire at up to (squares):", first.range_limit, 0, 99)
        if ok:
            self._give(mo.set_value(frame, self.selected, action, value))

    def begin_bombard(self) -> None:
        """The selected unit spots; choose the battery (each listed with its delay), then right-click the square."""
        if not self._can_order() or len(self.selected) != 1:
            self.prompt.setText("select the one unit that spots for the bombardment")
            return
        spotter = next(iter(self.selected))
        choices = mo.batteries(self.controller.battle, spotter)
        if not choices:
            self.prompt.setText("no artillery of this side can bombard")
            return
        text, ok = QInputDialog.getItem(self, "Bombard", "Artillery:", [b.text for b in choices], 0, False)
        if ok:
            self.battery = next(b.uid for b in choices if b.text == text)
            self.mode = "bombard"
            self.prompt.setText("right-click the square to bombard (Escape: none)")

    def toggle_los(self) -> None:
        frame = self._frame()
        unit = frame.units.get(sorted(self.selected)[0]) if frame and self.selected else None
        if self.map.los_mask is not None or unit is None or unit.pos is None:
            self.map.clear_los()
            return
        self.map.set_los(unit.pos, visibility=self.controller.battle.state.visibility)

    def disembark(self) -> None:
        self._give([mo.o.Disembark(uid) for uid in sorted(self.selected)])

    def cancel_orders(self) -> None:
        frame = self._frame()
        if frame is not None:
            self._give(mo.set_value(frame, self.selected, "cancel", None))
