"""The battle window of a playtest or a replay: the map with the units the viewing side knows of, the unit list, the
combat log and the timeline; a human side's orders by mouse and keys (editor/playtest/mouse_orders.py), given
through the controller, that is through the engine's order API. The engine plays in a worker thread
(worker.EngineThread); the window shows its frames pulse by pulse, and can pause, step, skip to the end of the turn
or scrub back to any pulse. Hot seat covers the map between the two players' phases. The viewing side's briefing
shows at the start (Battle ▸ Briefing shows it again); the status line names the turn shown, and says the battle is
over only when its end is shown.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtCore import Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.sim import events as ev

from ..qt_present import present
from .air_strikes import air_strikes
from .battle_map import BattleMapView
from .battle_orders import OrdersInput
from .battle_panels import BriefingView, CombatLog, Timeline, UnitList
from .controller import BattleController
from .frames import END, ORDERS, Frame
from .log_lines import plan_status, rating_status, shown_to
from .worker import EngineThread

if TYPE_CHECKING:
    from .report import BattleReport  # (imported when the battle ends: it draws with pyqtgraph)

PULSE_MS = 220  # one pulse of the animation
POLL_MS = 30  # how often the window looks for new frames (the first is shown as soon as it exists)


class BattleWindow(OrdersInput, QMainWindow):
    closed = pyqtSignal()
    unitChosen = pyqtSignal(str)  # a unit picked in the end-of-battle report: its uid

    def __init__(self, controller: BattleController, title: str = "", parent=None):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.controller, battle = controller, controller.battle
        self.setWindowTitle(f"Battle: {title or battle.scenario.name}")
        self.index = -1  # the frame shown
        self.selected: set[str] = set()
        self.asking: str | None = None  # the human side giving orders now
        self.mode: str | None = None  # what the next click means: target | embark | bombard
        self.battery: str | None = None  # the artillery of a bombardment being ordered
        humans = controller.choice.humans
        self.viewer: str | None = humans[0] if humans else battle.state.sides[0]
        self.engine_thread: EngineThread | None = None  # (not `thread`: that is QObject.thread())
        self.report: BattleReport | None = None
        self.map = BattleMapView(battle)
        self.map.squareClicked.connect(self._clicked)
        self.map.squareOrdered.connect(self._ordered)
        self.map.cellHovered.connect(self._hovered)
        self.cover = QWidget()
        self.cover_button = QPushButton()
        self.cover_button.clicked.connect(self._uncover)
        cover_layout = QVBoxLayout(self.cover)
        cover_layout.addStretch()
        cover_layout.addWidget(self.cover_button, 0, Qt.AlignmentFlag.AlignCenter)
        cover_layout.addStretch()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.map)
        self.stack.addWidget(self.cover)
        self.setCentralWidget(self.stack)
        self.units = UnitList(self.side_name)
        self.units.unitsPicked.connect(self._picked)
        self.log = CombatLog(self.unit_name, self.side_name, self.side_of)
        self.timeline = Timeline()
        self.timeline.frameChosen.connect(self._scrub)
        for name, slot in (
            ("back", lambda: self.show_frame(self.index - 1)),
            ("play", self.toggle_play),
            ("step", self.step),
            ("skip", self.skip_turn),
        ):
            self.timeline.buttons[name].clicked.connect(slot)
        units_dock = self._dock("Units", self.units, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = self._dock("Combat log", self.log, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Timeline", self.timeline, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([units_dock], [480], Qt.Orientation.Horizontal)
        self.prompt = QLabel()
        present(self.statusBar()).addWidget(self.prompt, 1)
        self.plans = QLabel()  # the computer's AI plans and their triggers, as far as the viewer may know
        present(self.statusBar()).addPermanentWidget(self.plans)
        self.rating = QLabel()  # each side's battle counters against its rating (the battle_rating module)
        present(self.statusBar()).addPermanentWidget(self.rating)
        self._build_actions(fog=controller.choice.fog)
        self.briefing = BriefingView()
        self.briefing_dock = self._dock("Briefing", self.briefing, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.log_dock, self.briefing_dock)
        if len(humans) > 1:  # hot seat: each player reads their own when the seat is theirs (_start_orders)
            self.briefing_dock.hide()
        else:
            self.show_briefing()
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.shown_at = 0.0  # time.monotonic() when the animation last moved on
        self.timer.timeout.connect(self._tick)
        self.resize(1300, 850)
        self._run_engine()

    # -- construction ---------------------------------------------------------------------------------------------
    def _dock(self, title: str, widget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, bar, text: str, slot, keys=(), checkable=False, order=False) -> QAction:
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setCheckable(checkable)
        # triggered(checked) would fill a slot's first optional parameter (save_replay's path got False): the
        # slots read a checkable action's state from the action itself
        action.triggered.connect(lambda _checked=False: slot())
        bar.addAction(action)
        if order:
            self.order_actions.append(action)
        return action

    def _build_actions(self, fog: bool) -> None:
        self.order_actions: list[QAction] = []
        file_menu = present(present(self.menuBar()).addMenu("&Battle"))
        self._action(file_menu, "Save replay…", self.save_replay, ["Ctrl+S"])
        self._action(file_menu, "Briefing", self.show_briefing, ["Ctrl+I"])
        self._action(file_menu, "Play on after the end", self.play_on)
        self._action(file_menu, "Close", self.close, ["Ctrl+W"])
        view = present(self.addToolBar("View"))
        view.setObjectName("view")
        self.show_all = self._action(view, "Show all", lambda: self._refresh(), ["V"], checkable=True)
        self.show_all.setChecked(not fog)
        self.show_all.setToolTip("show every unit, not only what the viewing side has spotted (V)")
        self._action(view, "Line of sight", self.toggle_los, ["L"])
        orders = present(self.addToolBar("Orders"))
        orders.setObjectName("orders")
        self._action(orders, "Formation", self.select_formation, ["A"], order=True)
        self._action(orders, "Speed…", lambda: self._ask_value("speed"), ["S"], order=True)
        self._action(orders, "Range…", lambda: self._ask_value("range"), ["R"], order=True)
        self._action(orders, "Face…", lambda: self._ask_value("face"), ["F"], order=True)
        self._action(orders, "Bombard…", self.begin_bombard, ["B"], order=True)
        self._action(orders, "Priority target", lambda: self._set_mode("target"), ["T"], order=True)
        self._action(orders, "Embark", lambda: self._set_mode("embark"), ["E"], order=True)
        self._action(orders, "Embark formation", lambda: self._set_mode("embark formation"), ["Shift+E"], order=True)
        self._action(orders, "Disembark", self.disembark, ["D"], order=True)
        self._action(orders, "Cancel orders", self.cancel_orders, ["C", "Delete"], order=True)
        self._action(orders, "End phase", lambda: self.end_phase(), ["Return", "Ctrl+Return"], order=True)
        self._action(orders, "Propose end", lambda: self.end_phase(propose_end=True), [], order=True)
        self._action(self, "Play / pause", self.toggle_play, ["Space"])
        self._action(self, "Step", self.step, ["Right"])
        self._action(self, "Back", lambda: self.show_frame(self.index - 1), ["Left"])
        self._action(self, "Skip to end of turn", self.skip_turn, ["End"])
        self._action(self, "Escape", lambda: self._set_mode(None), ["Escape"])
        self._enable_orders(False)

    # -- names ----------------------------------------------------------------------------------------------------
    def side_name(self, side: str) -> str:
        ruleset = self.controller.battle.ruleset
        found = ruleset.side(side) if ruleset else None
        return found.name if found else side

    def side_of(self, uid: str) -> str:
        return self.controller.battle.state.units[uid].side

    def unit_name(self, uid: str) -> str:
        unit = self.controller.battle.state.units.get(uid)
        return f"{self.side_name(unit.side)} {unit.label} {unit.weapon.name}" if unit else uid

    # -- the engine -----------------------------------------------------------------------------------------------
    @property
    def engine_busy(self) -> bool:
        return self.engine_thread is not None and self.engine_thread.isRunning()

    def _run_engine(self) -> None:
        self.engine_thread = EngineThread(self.controller, self)
        self.engine_thread.failed.connect(self._failed)
        self.engine_thread.finished.connect(self._engine_idle)
        self.prompt.setText("the battle is being played…")
        self.engine_thread.start()
        self.set_playing(True)

    def _engine_idle(self) -> None:
        if self.index < 0 or self.index == len(self.controller.frames) - 1:
            self.show_frame(len(self.controller.frames) - 1)
        else:  # an earlier frame is shown (paused, or the battle ran ahead of the timer): the timeline still spans
            self._refresh()  # every frame taken, so that it can be scrubbed to the end

    def _failed(self, message: str) -> None:
        self.set_playing(False)
        QMessageBox.critical(self, "The battle stopped", message)

    # -- frames ---------------------------------------------------------------------------------------------------
    def _frame(self) -> Frame | None:
        frames = self.controller.frames
        return frames[self.index] if 0 <= self.index < len(frames) else None

    def current_viewer(self) -> str | None:
        return None if self.show_all.isChecked() else self.viewer

    def show_frame(self, index: int) -> None:
        frames = self.controller.frames
        if not frames:
            return
        self.index = max(0, min(index, len(frames) - 1))
        self._refresh()
        if self.index == len(frames) - 1 and not self.engine_busy:
            self._arrived()

    def _refresh(self) -> None:
        frame = self._frame()
        if frame is None:
            return
        viewer = self.current_viewer()
        self.map.selected = self.selected
        strikes = air_strikes(self.controller.battle.events, frame.turn, frame.event_end)
        self.map.show_frame(frame, viewer, self._fire_lines(frame, viewer), strikes)
        self.units.show_frame(frame, viewer, self.selected)
        seen = frame.seen.get(viewer, ()) if viewer is not None else ()
        self.log.show_until(self.controller.battle.events, frame.event_end, viewer, seen)
        self.plans.setText(plan_status(self.controller.battle.events, frame.event_end, viewer, self.side_name))
        rating = self.controller.battle.rating
        self.rating.setText(
            rating_status(
                self.controller.battle.events,
                frame.event_end,
                None if rating is None else rating.ratings,
                viewer,
                self.side_name,
            )
        )
        self.timeline.set_frames(len(self.controller.frames), self.index, frame.title)
        if self.asking is None and self.mode is None:
            self.prompt.setText(self.status_text(frame))

    def status_text(self, frame: Frame) -> str:
        """What the status line says of the frame shown when no one is giving orders: its turn, and that the battle
        is over only once its last frame is shown (a replay's engine finishes long before its animation)."""
        last = self.index == len(self.controller.frames) - 1
        if last and self.controller.over and not self.engine_busy:
            if self.controller.script is not None:
                return f"turn {frame.turn}: the replay is over"
            return f"turn {frame.turn}: the battle is over; Battle ▸ Play on continues it"
        final = self.controller.frames[-1].turn
        if self.controller.script is not None:
            return f"replay, turn {frame.turn} of {final}"
        if self.engine_busy:
            return f"turn {frame.turn}: the battle is being played (turn {final} reached)"
        return f"turn {frame.turn} of {final}"

    def show_briefing(self) -> None:
        """The briefing of the side viewing the battle (every side's when all is shown to a spectator)."""
        humans = self.controller.choice.humans
        side = self.viewer if humans or not self.show_all.isChecked() else None
        self.briefing.show_briefing(self.controller.battle, side)
        self.briefing_dock.show()
        self.briefing_dock.raise_()

    def _fire_lines(self, frame, viewer) -> list:
        """The shots of the pulse that ended with `frame` that `viewer` may know of: (from, at, killed any)."""
        if self.index < 1 or frame.stage == ORDERS:
            return []
        seen = frame.seen.get(viewer, ())
        lines = []
        for event in self.controller.battle.events[self.controller.frames[self.index - 1].event_end : frame.event_end]:
            if isinstance(event, ev.Fired) and shown_to(event, viewer, self.side_of, seen):
                firer, target = frame.units.get(event.unit), frame.units.get(event.target)
                if firer and target and firer.pos and target.pos:
                    lines.append((firer.pos, target.pos, event.kills > 0))
        return lines

    def _scrub(self, index: int) -> None:
        self.set_playing(False)
        self.show_frame(index)

    def set_playing(self, playing: bool) -> None:
        self.timer.start() if playing else self.timer.stop()
        self.timeline.set_playing(playing)

    def toggle_play(self) -> None:
        self.set_playing(not self.timer.isActive())

    def step(self) -> None:
        self.set_playing(False)
        self.show_frame(self.index + 1)

    def skip_turn(self) -> None:
        """To the end of the turn shown (or of the next, from an orders phase)."""
        self.set_playing(False)
        frames = self.controller.frames
        later = [i for i in range(self.index + 1, len(frames)) if frames[i].stage == END]
        self.show_frame(later[0] if later else len(frames) - 1)

    def _tick(self) -> None:
        due = self.index < 0 or time.monotonic() - self.shown_at >= PULSE_MS / 1000
        if self.index < len(self.controller.frames) - 1:
            if due:
                self.shown_at = time.monotonic()
                self.show_frame(self.index + 1)
        elif not self.engine_busy:
            self.set_playing(False)
            self.show_frame(self.index)

    def _arrived(self) -> None:
        """The present is shown and the engine waits: a human's orders phase, or the end of the battle."""
        waiting = self.controller.waiting
        if waiting is not None and self.asking is None:
            self.set_playing(False)
            hot_seat = len(self.controller.choice.humans) > 1
            self.asking, self.viewer = waiting, waiting
            if hot_seat:  # neither player's units, log or past shows while the seat changes hands
                self.cover_button.setText(f"Hand over to the {self.side_name(waiting)} player: click when ready")
                self.stack.setCurrentWidget(self.cover)
                self._set_covered(True)
                return
            self._start_orders()
        elif waiting is None and self.controller.over and self.report is None:
            self._show_report()

    def _uncover(self) -> None:
        self.stack.setCurrentWidget(self.map)
        self._set_covered(False)
        self._start_orders()

    def _set_covered(self, covered: bool) -> None:
        for widget in (self.units, self.log, self.timeline, self.briefing):
            widget.setVisible(not covered)

    def _start_orders(self) -> None:
        if self.asking is None:
            return  # (_arrived sets the side giving orders before they start)
        self.selected = set()
        self._enable_orders(True)
        if len(self.controller.choice.humans) > 1:  # hot seat: the player now at the map reads their own
            self.show_briefing()
        self._refresh()
        self.prompt.setText(
            f"{self.side_name(self.asking)} orders, turn {self.controller.battle.state.turn}: "
            "click a unit (A: its formation), right-click to move; Enter ends the phase"
        )

    def _show_report(self) -> None:
        from .report import BattleReport

        self.report = BattleReport(self.controller)
        self.report.unitChosen.connect(self.unitChosen)
        self.report_dock = self._dock("Result", self.report, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.log_dock, self.report_dock)
        self.report_dock.show()
        self.report_dock.raise_()

    def play_on(self) -> None:
        """After the end, as the rules allow (8.4): more turns, or until the players end it."""
        if not self.controller.session.over or self.controller.script is not None or self.engine_busy:
            return
        if self.report is not None:
            self.removeDockWidget(self.report_dock)
            self.report_dock.deleteLater()
            self.report = None
        self.controller.session.play_on()
        self._run_engine()

    def save_replay(self, path: str | None = None) -> None:
        """The replay of the battle so far (a `tacforge play --log` file: `tacforge play --replay` plays it)."""
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save replay", "replay.jsonl", "Replays (*.jsonl)")
        if path:
            try:
                atomic_write_text(Path(path), self.controller.replay_log())
            except OSError as exc:
                QMessageBox.warning(self, "Save replay", f"cannot write {path}: {exc.strerror}")

    # -- closing --------------------------------------------------------------------------------------------------
    def stop_engine(self) -> None:
        self.set_playing(False)
        if self.engine_thread is not None and self.engine_thread.isRunning():
            self.controller.stop()
            self.engine_thread.wait()

    def closeEvent(self, event) -> None:
        self.stop_engine()
        self.closed.emit()
        event.accept()
