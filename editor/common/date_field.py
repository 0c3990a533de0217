"""A date typed as a designer types it, shown in one format everywhere (ISO, 1944-06-13).

`parse_date` reads ISO (1944-06-13), the locale's short form (13/06/1944 in Britain, 6/13/44 in the United States)
and the same digits typed without separators (13061944, 19440613). A month above 12 is read day first whatever the
locale, so 13061944 is 13 June in every locale, never a month 13 carried into the next year, as a section-by-section
QDateEdit does. Two-digit years are of the last century (these are battles of 1939-45). Qt-free apart from the
widget at the end; the locale's order comes in as a Qt date format string ("dd/MM/yyyy").
"""

from __future__ import annotations

import re
from datetime import date

from PyQt6.QtCore import QLocale, Qt, pyqtSignal
from PyQt6.QtWidgets import QLineEdit

SHOWN = "%Y-%m-%d"  # the one format dates are shown in, as the files write them
EXAMPLE = "1944-06-13"


def field_order(qt_format: str) -> str:
    """ "dmy", "mdy" or "ymd": the order of day, month and year in a Qt date format string."""
    positions = {part: qt_format.find(letter) for part, letter in (("d", "d"), ("m", "M"), ("y", "y"))}
    if min(positions.values()) < 0:
        return "dmy"
    return "".join(sorted(positions, key=positions.__getitem__))


def _year(text: str) -> int:
    value = int(text)
    return 1900 + value if len(text) <= 2 else value


def _in_order(parts: list[str], order: str) -> date | None:
    values = dict(zip(order, parts, strict=True))
    try:
        return date(_year(values["y"]), int(values["m"]), int(values["d"]))
    except ValueError:
        return None


def _split_digits(digits: str, order: str) -> list[str] | None:
    """Separator-free digits cut into day, month and year in `order` (two digits each, the year two or four)."""
    year_length = len(digits) - 4
    if year_length not in (2, 4):
        return None
    parts, at = [], 0
    for part in order:
        length = year_length if part == "y" else 2
        parts.append(digits[at : at + length])
        at += length
    return parts


def parse_date(text: str, locale_format: str = "dd/MM/yyyy") -> date:
    """The date `text` means; ValueError saying what to type."""
    text = text.strip()
    order = field_order(locale_format)
    attempts: list[tuple[str, list[str] | None]]  # (order, the three numbers) to try in turn
    if re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", text):
        attempts = [("ymd", text.split("-"))]
    elif re.fullmatch(r"\d{1,4}\D\d{1,2}\D\d{1,4}", text):
        attempts = [(each, re.split(r"\D", text)) for each in (order, "dmy", "ymd")]
    elif re.fullmatch(r"\d{6}|\d{8}", text):
        year_first = ["ymd"] if len(text) == 8 and text.startswith(("18", "19", "20")) else []
        attempts = [(each, _split_digits(text, each)) for each in (*year_first, order, "dmy")]
    else:
        attempts = []
    for each, parts in attempts:
        if parts is None or len(parts) != 3 or (each != "ymd" and len(parts[2]) not in (2, 4)):
            continue
        found = _in_order(parts, each)
        if found is not None:
            return found
    raise ValueError(f"'{text}' is not a date: type it as {EXAMPLE} (year-month-day)")


def shown(value: date) -> str:
    return value.strftime(SHOWN)


class DateField(QLineEdit):
    """A date typed in any of `parse_date`'s forms, shown again as ISO once typed; `dateEdited` brings the date
    (None for text that is not one: then the field says so in its tooltip and keeps the text to be corrected)."""

    dateEdited = pyqtSignal(object)

    def __init__(self, value: date | None = None):
        super().__init__()
        self.setPlaceholderText(f"{EXAMPLE}, or as your locale writes dates")
        self.low: date | None = None
        self.high: date | None = None
        self.problem = ""
        if value is not None:
            self.set_date(value)
        self.editingFinished.connect(self._typed)

    def keyPressEvent(self, event) -> None:
        """Return on a date not yet shown as ISO shows it (and says when it is not a date) and goes no further: a
        dialog's OK then takes a second Return, after the designer has seen which date was read."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            value = self.date()
            if value is None or self.text() != shown(value):
                self._typed()
                event.accept()
                return
        super().keyPressEvent(event)

    def set_range(self, low: date | None, high: date | None) -> None:
        self.low, self.high = low, high

    def set_date(self, value: date) -> None:
        self.setText(shown(value))
        self._show_problem("")

    def date(self) -> date | None:
        """The date typed, or None (with `problem` saying why) when the text is not a date in the range."""
        try:
            value = parse_date(self.text(), QLocale().dateFormat(QLocale.FormatType.ShortFormat))
        except ValueError as exc:
            self._show_problem(str(exc))
            return None
        if (self.low and value < self.low) or (self.high and value > self.high):
            self._show_problem(f"{shown(value)} is outside {shown(self.low or value)} to {shown(self.high or value)}")
            return None
        self._show_problem("")
        return value

    def _typed(self) -> None:
        value = self.date()
        if value is not None:
            self.setText(shown(value))
        self.dateEdited.emit(value)

    def _show_problem(self, problem: str) -> None:
        self.problem = problem
        self.setToolTip(problem)
        self.setStyleSheet("color: #b00020;" if problem else "")
