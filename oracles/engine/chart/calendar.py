"""Calendar vocabulary: weekday/month/quarter names, ranges like "Mon to Fri", time-likeness.

Shared knowledge (not parsing state), so both the drafter and the checker use it: a label such
as "Wed" that the intent only implies through "Monday to Friday" is legitimate for both.
"""

from __future__ import annotations

import re

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
QUARTERS = ["q1", "q2", "q3", "q4"]


def _abbreviations(names: list[str]) -> dict[str, int]:
    table: dict[str, int] = {}
    for index, name in enumerate(names):
        table[name] = index
        table[name[:3]] = index
    return table


WEEKDAY_INDEX = _abbreviations(WEEKDAYS) | {"tues": 1, "weds": 2, "thur": 3, "thurs": 3}
MONTH_INDEX = _abbreviations(MONTHS) | {"sept": 8}
QUARTER_INDEX = {q: i for i, q in enumerate(QUARTERS)}

_NAME = r"[A-Za-z]{2,9}\.?|[Qq][1-4]"
RANGE_RE = re.compile(
    rf"\b(?P<first>{_NAME})\s*(?:-|–|—|to|through|thru|until|till|\.\.)\s*(?P<last>{_NAME})(?![A-Za-z])",
    re.IGNORECASE,
)


def _calendar_of(word: str) -> tuple[list[str], dict[str, int]] | None:
    key = word.lower().rstrip(".")
    for names, index in ((WEEKDAYS, WEEKDAY_INDEX), (MONTHS, MONTH_INDEX), (QUARTERS, QUARTER_INDEX)):
        if key in index:
            return names, index
    return None


def _styled(name: str, like: str) -> str:
    """Write a calendar name in the style the person used: `Mon`, `Monday`, `MON`, `Q1`."""
    if name.startswith("q"):
        return name.upper()
    text = name if len(like.rstrip(".")) > 3 else name[:3]
    if like.isupper() and len(like) > 2:
        return text.upper()
    return text.capitalize()


def expand_ranges(text: str) -> list[list[str]]:
    """Every calendar range in the text, expanded: "Mon to Wed" → ["Mon", "Tue", "Wed"]."""
    ranges: list[list[str]] = []
    for match in RANGE_RE.finditer(text):
        first, last = match.group("first"), match.group("last")
        first_cal, last_cal = _calendar_of(first), _calendar_of(last)
        if first_cal is None or last_cal is None or first_cal[0] is not last_cal[0]:
            continue
        names, index = first_cal
        start, stop = index[first.lower().rstrip(".")], index[last.lower().rstrip(".")]
        if stop <= start:
            stop += len(names)  # "Fri to Mon", "Nov–Feb" wrap around
        ranges.append([_styled(names[i % len(names)], first) for i in range(start, stop + 1)])
    return ranges


def is_calendar_word(word: str) -> bool:
    """A weekday, month or quarter name (full or abbreviated)."""
    return _calendar_of(word) is not None


_TIME_LIKE_RE = re.compile(
    r"^(?:\d{4}(?:-\d{1,2}){0,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}:\d{2}.*|\d{1,2}\s?[ap]\.?m\.?"
    r"|(?:week|wk|w|day|month|year|fy|h)\s?\d{1,4}|q[1-4](?:\s?\d{2,4})?|\d{4}\s?q[1-4]|[a-z]{3,9}\.?\s?'?\d{2,4})$",
    re.IGNORECASE,
)


def is_time_like(label: str) -> bool:
    """Labels that name points in time (months, weekdays, quarters, years, dates, weeks)."""
    text = label.strip()
    if _TIME_LIKE_RE.match(text):
        first = text.split()[0] if text.split() else text
        # "Apple 2024" is not time-like; "Jan 2024" is.
        return not text[0].isalpha() or is_calendar_word(first.rstrip("'0123456789 ")) or \
            bool(re.match(r"^(?:week|wk|w|day|month|year|fy|h|q)\s?\d", text, re.IGNORECASE))
    return is_calendar_word(text)
