"""The map tools' toolbar: one button per tool, and one per group of tools (registry.TOOLBAR_GROUPS), which shows
the group's tool chosen last and offers the others from its arrow, so that every tool is on a row 1280 pixels wide."""

from __future__ import annotations

from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QMenu, QToolBar, QToolButton

from .tools.registry import toolbar_entries


def fill_tool_bar(bar: QToolBar, actions: dict[str, QAction]) -> dict[tuple[str, ...], QToolButton]:
    """Put each tool's action (`actions`, by tool id) on `bar`; the groups' buttons, by their tools' ids."""
    groups = {}
    for ids in toolbar_entries():
        if len(ids) == 1:
            bar.addAction(actions[ids[0]])
            continue
        button = QToolButton(bar)
        menu = QMenu(button)
        for tool_id in ids:
            menu.addAction(actions[tool_id])
            actions[tool_id].triggered.connect(lambda _=False, b=button, a=actions[tool_id]: _show(b, a))
        _show(button, actions[ids[0]])
        button.setMenu(menu)
        button.setObjectName("tools_" + ids[0])
        bar.addWidget(button)
        groups[ids] = button
    return groups


def _show(button: QToolButton, action: QAction) -> None:
    """The group's button stands for `action` (the tool chosen from it last): a click chooses it again."""
    button.setDefaultAction(action)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
    button.setToolTip(f"{action.text()} (the arrow: the other tools of this group)")
