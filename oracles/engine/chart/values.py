"""The oracle's own rule, checked from the raw intent text and not from the drafter's reading:
every number drawn is a number the intent states, every value the drafter read is in the chart
with its label and series, and no stated value is left out.

The scanner here is deliberately separate from the drafter's tokenizer: it is simpler and
more permissive about what a number can be (every plausible reading of `1,200` or `$1.2k`),
so a drafter bug cannot make the two agree on a wrong value by construction.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .calendar import expand_ranges

_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9,
          "billion": 1e9, "trillion": 1e12}
_NUMBER_RE = re.compile(
    r"(?P<sign>(?<![\w)])[-−])?[$€£¥]?(?P<digits>\d[\d,]*(?:\.\d+)?|\.\d+)(?P<exp>[eE][+-]?\d+)?"
    r"(?:\s?(?P<word>thousand|million|billion|trillion)\b|(?P<suffix>[kKMB]|bn|mn)(?![A-Za-z]))?"
)
_DATE_OR_TIME_RE = re.compile(
    r"\d{4}-\d{1,2}(?:-\d{1,2})?|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}:\d{2}|\d{1,2}\s?[ap]\.?m\b", re.IGNORECASE
)
# "top 5", "last 7 days": numbers that size the question, not values to draw.
_COUNT_BEFORE_RE = re.compile(r"\b(?:top|last|past|next|first|every|each|bottom)\s*$", re.IGNORECASE)
_COUNT_AFTER_RE = re.compile(
    r"^\s*(?:days?|weeks?|months?|years?|hours?|minutes?|quarters?|series|items?|categories|bars?|points?|"
    r"values|lines?|slices?|columns?|rows?|charts?|colou?rs?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class StatedNumber:
    """A number as the intent writes it, with every value it may denote."""

    text: str
    readings: frozenset[float]
    is_data_candidate: bool  # False for Q1-style labels, dates, counts like "top 5"


def _key(value: float) -> float:
    return float(f"{value:.10g}")


def stated_numbers(intent: str) -> list[StatedNumber]:
    """Every numeric token in the intent with all its plausible readings."""
    masked = [(m.start(), m.end()) for m in _DATE_OR_TIME_RE.finditer(intent)]
    found: list[StatedNumber] = []
    for match in _NUMBER_RE.finditer(intent):
        start = match.start("digits")
        digits = match.group("digits")
        glued_before = start > 0 and (intent[start - 1].isalpha() or intent[start - 1] in "_")
        after = intent[match.end():match.end() + 1]
        glued_after = after.isalpha() and not match.group("suffix") and not match.group("word")
        sign = -1.0 if match.group("sign") else 1.0
        scale = _SCALE.get((match.group("word") or match.group("suffix") or "").lower(), 1.0)
        exponent = match.group("exp") or ""
        readings: set[float] = set()
        candidates = [digits.replace(",", "")] + (digits.split(",") if "," in digits else [])
        for candidate in candidates:
            if not candidate or candidate == ".":
                continue
            try:
                number = float(candidate + exponent)
            except (ValueError, OverflowError):
                continue
            value = sign * number * scale
            if math.isfinite(value):
                readings.add(_key(value))
        in_date = any(a <= start < b for a, b in masked)
        is_count = bool(_COUNT_BEFORE_RE.search(intent[max(0, start - 12):start])
                        or _COUNT_AFTER_RE.match(intent[match.end():match.end() + 16]))
        found.append(StatedNumber(match.group(0), frozenset(readings),
                                  not (glued_before or glued_after or in_date or is_count)))
    return found


def _norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text)).strip().casefold()


def label_stated(label: Any, intent: str, ranges: list[list[str]]) -> bool:
    """A label is stated when the intent contains it, or a calendar range in it implies it."""
    norm = _norm(label)
    if not norm:
        return False
    if isinstance(label, int | float) and not isinstance(label, bool):
        return True  # a numeric x of a pair: checked as a value instead
    if norm in _norm(intent):
        return True
    return any(norm in (_norm(name) for name in expanded) for expanded in ranges)


def numbers_in_rows(rows: Iterable[dict[str, Any]]) -> list[float]:
    """Every number in the chart's data rows."""
    return [_key(v) for row in rows for v in row.values()
            if isinstance(v, int | float) and not isinstance(v, bool)]


def check_values(intent: str, facts: dict[str, Any], rows: list[dict[str, Any]], generated: bool) -> tuple[str, str] | None:
    """Apply the rule; return (code, message) for the first violation, None when it holds."""
    stated = stated_numbers(intent)
    allowed = {value for number in stated for value in number.readings}
    ranges = expand_ranges(intent)
    if not generated:
        for value in numbers_in_rows(rows):
            if value not in allowed:
                return "VALUE_NOT_IN_INTENT", f"The chart's data holds {value:g}, which the intent does not state."
    series_list = facts.get("series") or []
    multi = len(series_list) > 1
    expected_rows = 0
    for series in series_list:
        name = series.get("name")
        if not generated and multi and not label_stated(name, intent, ranges):
            return "FACT_NOT_IN_INTENT", f"The series '{name}' is not named in the intent."
        for point in series.get("points", []):
            expected_rows += 1
            label, value = point.get("label"), point.get("value")
            if not generated:
                if _key(value) not in allowed:
                    return "FACT_NOT_IN_INTENT", f"The value {value} for '{label}' is not in the intent."
                if isinstance(label, int | float) and _key(label) not in allowed:
                    return "FACT_NOT_IN_INTENT", f"The x value {label} is not in the intent."
                if not label_stated(label, intent, ranges):
                    return "FACT_NOT_IN_INTENT", f"The label '{label}' is not in the intent."
            if not _row_holds(rows, label, value, name if multi else None):
                where = f" in series '{name}'" if multi else ""
                return "VALUE_MISSING", f"The chart does not show {value} for '{label}'{where}."
    if len(rows) != expected_rows:
        return "VALUE_NOT_IN_INTENT", f"The chart has {len(rows)} data rows for {expected_rows} stated values."
    if not generated:
        missing = _unshown(stated, rows, facts)
        if missing:
            return "VALUE_MISSING", (f"The intent states {missing}, which the chart does not show. "
                                     "Give each value a label, e.g. 'Mon 34, Tue 41'.")
    return None


def _row_holds(rows: list[dict[str, Any]], label: Any, value: Any, series: str | None) -> bool:
    for row in rows:
        cells = list(row.values())
        has_value = any(isinstance(c, int | float) and not isinstance(c, bool) and _key(c) == _key(value) for c in cells)
        if isinstance(label, int | float) and not isinstance(label, bool):
            has_label = sum(1 for c in cells if isinstance(c, int | float) and not isinstance(c, bool)
                            and _key(c) in (_key(label), _key(value))) >= (1 if _key(label) == _key(value) else 2)
        else:
            has_label = any(isinstance(c, str) and _norm(c) == _norm(label) for c in cells)
        has_series = series is None or any(isinstance(c, str) and _norm(c) == _norm(series) for c in cells)
        if has_value and has_label and has_series:
            return True
    return False


def _unshown(stated: list[StatedNumber], rows: list[dict[str, Any]], facts: dict[str, Any]) -> str | None:
    """A stated number that is neither drawn nor part of a label, series name or title."""
    shown = set(numbers_in_rows(rows))
    words = " ".join(str(c) for row in rows for c in row.values() if isinstance(c, str))
    words += " " + " ".join(str(facts.get(k) or "") for k in ("title", "x_title", "y_title"))
    word_tokens = set(re.findall(r"[\d][\d,.]*", words))
    for number in stated:
        if not number.is_data_candidate or not number.readings:
            continue
        if number.readings & shown:
            continue
        digits = re.sub(r"[^\d.,]", "", number.text)
        if digits in word_tokens or digits.replace(",", "") in word_tokens:
            continue
        return number.text.strip()
    return None
