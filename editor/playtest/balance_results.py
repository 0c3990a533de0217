"""The results of a balance run as widgets: a summary line, the two plots, losses by class, the deciding units and
the notable games (balance_compare shows two runs side by side). They show what one BatchReport holds
(balance_figures reads it) and pass clicks on as signals: a deciding unit (`unitChosen(uid)`) and a game to watch
(`gameChosen(game)`)."""

from __future__ import annotations

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tacforge.engine.balance import BatchReport

from ..qt_present import present
from .balance_figures import (
    notable_games,
    percent,
    ratio_text,
    run_description,
    share_with_interval,
    vp_text,
)
from .balance_plans import plan_rows
from .balance_plots import LevelsPlot, RatioHistogram

DECIDERS_SHOWN = 10
KEY = Qt.ItemDataRole.UserRole


def withdrawals_text(report: BatchReport) -> str:
    """How often each side withdrew (the battle_rating module, docs/rules.md 16), as a line of the summary; empty
    when no game had the module on."""
    withdrawals = report.withdrawals()
    if withdrawals is None:
        return ""
    parts = "; ".join(
        f"{report.side_names[side]} {share_with_interval(w['games'], report.n)}, counters {w['mean_counters']:.1f} "
        f"of {w['rating']}"
        for side, w in withdrawals.items()
    )
    return f"<br>Withdrew (battle rating): {parts}"


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    rows, columns = present(table.verticalHeader()), present(table.horizontalHeader())
    rows.setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    columns.setStretchLastSection(True)
    rows.setDefaultSectionSize(table.fontMetrics().height() + 6)
    return table


def _fill(table: QTableWidget, rows: list[list[str]], keys: list | None = None) -> None:
    table.setRowCount(0)
    for r, cells in enumerate(rows):
        table.insertRow(r)
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c and _numeric(text):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if keys is not None:
                item.setData(KEY, keys[r])
            table.setItem(r, c, item)


def _numeric(text: str) -> bool:
    return text[:1].isdigit() or text[:1] == "-"


def _titled(title: str, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    heading = QLabel(f"<b>{title}</b>")
    layout.addWidget(heading)
    layout.addWidget(widget, 1)
    return box


class BalanceResults(QWidget):
    unitChosen = pyqtSignal(str)  # a unit's id in the battle, e.g. "allied:C5"
    gameChosen = pyqtSignal(object)  # a GameSummary to watch as a replay

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.report: BatchReport | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.levels = LevelsPlot()
        self.ratio = RatioHistogram()
        self.losses = _table(["Side", "Class", "Lost per game", "Fielded", "VP conceded"])
        self.deciders = _table(["Unit", "Class", "Games", "Share", "Mean VP"])
        self.deciders.setToolTip(
            "The winner's top units by VP in each game; click one to select it in the order of battle"
        )
        self.deciders.itemClicked.connect(lambda item: self.unitChosen.emit(item.data(KEY)))
        self.notable = _table(["Game", "Why", "Result", "Ratio", "Seed", "VP"])
        self.notable.setToolTip("Double-click a game to watch it as a replay")
        self.notable.itemDoubleClicked.connect(lambda item: self.gameChosen.emit(item.data(KEY)))
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.summary, 0, 0, 1, 2)
        grid.addWidget(self.levels, 1, 0)
        grid.addWidget(self.ratio, 1, 1)
        grid.addWidget(_titled("Losses by unit class", self.losses), 2, 0)
        grid.addWidget(
            _titled("Units that most often decided the battle (click: select in the order of battle)", self.deciders),
            2,
            1,
        )
        grid.addWidget(_titled("Notable games (double-click to watch the replay)", self.notable), 3, 0, 1, 2)
        self.plans = _table(["Side", "AI plan", "Games drawn", "Wins", "Draws", "Defeats", "Mean victory ratio"])
        self.plans.setToolTip(
            "Each AI plan's games (the plan is drawn by weight for each game) and how its side fared in them: "
            "games, share and 95% interval; the mean victory ratio with its 95% interval"
        )
        self.plans_box = _titled("Results per AI plan (games, share, 95% interval)", self.plans)
        grid.addWidget(self.plans_box, 4, 0, 1, 2)
        grid.setRowStretch(1, 5)
        grid.setRowStretch(2, 3)
        grid.setRowStretch(3, 3)
        grid.setRowStretch(4, 2)

    def show_report(self, report: BatchReport) -> None:
        self.report = report
        names = report.side_names
        wins = "; ".join(
            f"{'draws' if key == 'draw' else names[key]} {share_with_interval(w['games'], report.n)}"
            for key, w in report.wins().items()
        )
        self.summary.setText(
            f"<b>{report.scenario_name}</b>: {run_description(report)}; {report.jobs} "
            f"process{'es' if report.jobs > 1 else ''}, {report.elapsed:.1f} s.<br>"
            f"Wins (share, 95% interval): {wins}" + withdrawals_text(report)
        )
        self.levels.show_report(report)
        self.ratio.show_report(report)
        _fill(
            self.losses,
            [
                [names[side], cls, f"{row['mean_lost']:.2f}", str(row["strength"]), f"{row['mean_vp_conceded']:.1f}"]
                for side, rows in report.losses().items()
                for cls, row in rows.items()
            ],
        )
        deciders = report.deciders(top=DECIDERS_SHOWN)
        _fill(
            self.deciders,
            [
                [
                    f"{names[d['side']]} {d['unit'].split(':', 1)[1]} {d['name']}",
                    d["unit_class"],
                    str(d["games"]),
                    percent(d["share"]),
                    f"{d['mean_vp']:.1f}",
                ]
                for d in deciders
            ],
            [d["unit"] for d in deciders],
        )
        plans = plan_rows(report)
        self.plans_box.setVisible(bool(plans))  # a scenario without AI plans shows no such table
        _fill(self.plans, [[r.side, r.plan, r.drawn, r.wins, r.draws, r.defeats, r.ratio] for r in plans])
        notable = notable_games(report)
        _fill(
            self.notable,
            [
                [
                    str(n.game.index),
                    n.why,
                    n.game.label,
                    ratio_text(report, n.game),
                    str(n.game.seed),
                    vp_text(report, n.game),
                ]
                for n in notable
            ],
            [n.game for n in notable],
        )
