"""Calendar vocabulary: weekday/month/quarter names, ranges like "Mon to Fri", time-likeness.

Shared knowledge (not parsing state), so both the drafter and the checker use it: a label such
as "Wed" that the intent only implies through "Monday to Friday" is legitimate for both.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .limits import CHART_LIMITS

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


def calendar_ranges(text: str) -> list[list[str]]:
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


# Numbered periods and steps whose labels a numeric range implies: "weeks 1 to 4" → Week 1 … Week 4.
SEQUENCE_NOUNS = {"week", "wk", "day", "month", "year", "yr", "quarter", "round", "sprint", "game", "match",
                  "level", "step", "stage", "episode", "chapter", "hour", "lap", "version", "phase", "iteration",
                  "season", "trial", "run", "lesson", "session", "batch", "cohort", "wave", "term", "semester",
                  "release", "test", "period", "grade", "race", "leg", "heat", "inning", "set"}
YEAR_NOUNS = {"year", "yr"}
NUMERIC_RANGE_RE = re.compile(
    r"(?:\b(?P<noun>[A-Za-z]{2,12})\s+)?(?<![\w.,$€£¥])(?P<first>\d{1,4})\s*(?:-|–|—|to|through|thru|until|till|\.\.)\s*"
    r"(?:(?P<noun2>[A-Za-z]{2,12})\s*)?(?P<last>\d{1,4})(?![\w%‰°]|[.,]\d)",
    re.IGNORECASE,
)


def _singular(word: str) -> str:
    word = word.lower()
    for cut in (2, 1):  # "matches" → "match", "weeks" → "week"
        if len(word) > cut + 1 and word.endswith("es"[2 - cut:]) and word[:-cut] in SEQUENCE_NOUNS:
            return word[:-cut]
    return word


def numeric_ranges(text: str) -> list[tuple[int, int, list[str]]]:
    """Numbered ranges with their spans: "weeks 1 to 4" → (start, end, ["Week 1", …, "Week 4"]),
    "for 2021 to 2024" → ["2021", …, "2024"]. A range needs a period/step noun ("rounds 1
    through 5") or two years; a bare "1 to 4" names nothing."""
    found = []
    for match in NUMERIC_RANGE_RE.finditer(text):
        first, last = int(match.group("first")), int(match.group("last"))
        noun = _singular(match.group("noun") or "")
        years = all(1900 <= n <= 2100 and len(str(n)) == 4 for n in (first, last))
        if match.group("noun2") and _singular(match.group("noun2")) != noun:
            continue
        if noun not in SEQUENCE_NOUNS and not years:
            continue
        if not 0 < last - first < int(CHART_LIMITS["max_values"]):
            continue
        outside = text[:match.start()] + " " + text[match.end():]
        if noun in SEQUENCE_NOUNS and re.search(rf"\b{noun}s?\s*\d", outside, re.IGNORECASE):
            continue  # "Day 1 - 120, Day 2 - 135": labelled values, not a range
        if years and (noun in YEAR_NOUNS or noun not in SEQUENCE_NOUNS):
            labels = [str(n) for n in range(first, last + 1)]
        else:
            written = match.group("noun")
            name = written[:len(noun)] if written.lower().startswith(noun) else noun
            name = name if name.isupper() else name.capitalize()
            labels = [f"{name} {n}" for n in range(first, last + 1)]
        start = match.start("noun") if match.group("noun") and noun in SEQUENCE_NOUNS else match.start("first")
        found.append((start, match.end(), labels))
    return found


def expand_ranges(text: str) -> list[list[str]]:
    """Calendar ranges ("Mon to Wed" → Mon, Tue, Wed), then numbered ones ("weeks 1 to 4")."""
    return calendar_ranges(text) + [labels for _, _, labels in numeric_ranges(text)]


def calendar_with_count(label: str) -> bool:
    """"Jan 100", "Mon 250", "Q3 120": a month, weekday or quarter followed by a number that is neither
    a day of the month nor a year, so the number is a value and not part of the label."""
    match = re.fullmatch(r"([^\W\d_]{2,9}\.?)\s+(\d+)", label.strip())
    if match is None or not is_calendar_word(match.group(1)):
        return False
    number = int(match.group(2))
    day = number <= 31 and match.group(1).lower().rstrip(".") in MONTH_INDEX
    return not day and not 1900 <= number <= 2100


def is_calendar_word(word: str) -> bool:
    """A weekday, month or quarter name (full or abbreviated)."""
    return _calendar_of(word) is not None


_TIME_LIKE_RE = re.compile(
    r"^(?:\d{4}(?:-\d{1,2}){0,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}:\d{2}.*|\d{1,2}\s?[ap]\.?m\.?"
    r"|(?:week|wk|w|day|month|year|fy|h)\s?\d{1,4}|q[1-4](?:\s?\d{2,4})?|\d{4}\s?q[1-4]|[a-z]{3,9}\.?\s?'?\d{2,4})$",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # a pure reading of one label, asked by several rules of every label of a chart
def is_time_like(label: str) -> bool:
    """Labels that name points in time (months, weekdays, quarters, years, dates, weeks)."""
    text = label.strip()
    if _TIME_LIKE_RE.match(text):
        first = text.split()[0] if text.split() else text
        # "Apple 2024" is not time-like; "Jan 2024" is.
        return not text[0].isalpha() or is_calendar_word(first.rstrip("'0123456789 ")) or \
            bool(re.match(r"^(?:week|wk|w|day|month|year|fy|h|q)\s?\d", text, re.IGNORECASE))
    return is_calendar_word(text)
