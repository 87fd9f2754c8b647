"""Labels that number an axis unevenly ("week 1, week 2, week 4, week 8, week 12"): one rule for the reader
and the check, like approximate.py.

Drawn as categories such labels stand evenly apart, so a line through them bends where the data do not: the
gap from week 4 to week 8 looks as long as the one from week 1 to week 2. Where a line or an area runs over
numbered spans of time (weeks, days, sprints, epochs…), or the intent names the number as the x ("retention
against week number", "x = batch size"), they are x/y pairs, the number the x ("week 4 48" → (4, 48)). Bars
asked for stay categories, and so do evenly numbered labels ("week 1, 2, 3, 4") and numbered names on a line
("Route 66, Route 101": the number names, it measures nothing).
"""

from __future__ import annotations

import re

# "week 4", "batch size 64", "Sprint #7": one or two words, then a whole number (no year: "Season 2019");
# "W4", "wk4", "day8": a unit of time glued to its number; "4 weeks", "8 days": the number, then its unit
_NUMBERED = re.compile(r"(?P<stem>[^\W\d_][^\W\d_'’]*(?:[ -][^\W\d_][^\W\d_'’]*)?)\s+#?(?P<n>\d{1,3})|"
                       r"(?P<glued>w|wk|week|d|day|sprint|mo|month|epoch|round)#?(?P<gn>\d{1,3})|"
                       r"(?P<un>\d{1,3})\s*(?P<unit>[^\W\d_]{1,12})", re.IGNORECASE)
# A month or weekday before a number is a date ("May 3"), not a numbered stem.
_CALENDAR_STEM = re.compile(
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|"
    r"sat(?:urday)?|sun(?:day)?", re.IGNORECASE)


def uneven_numbers(labels: list[str]) -> tuple[str, list[int]] | None:
    """(stem, numbers) when every label is one stem and a whole number, at least three, rising, and not
    evenly apart; None otherwise."""
    if len(labels) < 3:
        return None
    stems, numbers = set(), []
    for label in labels:
        match = _NUMBERED.fullmatch(str(label).strip())
        if match is None:
            return None
        stem = match.group("stem") or match.group("glued") or match.group("unit")
        if _CALENDAR_STEM.fullmatch(stem):
            return None
        form = "unit" if match.group("unit") else "stem"
        stems.add((form, stem.casefold().rstrip("s") if form == "unit" else stem.casefold()))
        numbers.append(int(match.group("n") or match.group("gn") or match.group("un")))
    if len(stems) != 1 or any(b <= a for a, b in zip(numbers, numbers[1:], strict=False)):
        return None
    gaps = {b - a for a, b in zip(numbers, numbers[1:], strict=False)}
    if len(gaps) == 1:
        return None
    return next(iter(stems))[1], numbers


# Stems that count spans of time: on a line, their numbers are a time axis.
TIME_STEMS = frozenset("""week wk w day d month mo year yr quarter sprint epoch iteration iter round session cycle
hour hr minute min second sec generation gen release""".split())


def numbers_run_along_x(intent: str, stem: str, mark: str | None) -> bool:
    """Whether the numbers of `stem` labels are the x: a line or an area over spans of time, or the intent
    naming the number as the x."""
    return (mark in ("line", "area") and stem.casefold().rstrip("s") in TIME_STEMS | {"w"}) or number_is_the_x(intent, stem)


def number_is_the_x(intent: str, stem: str) -> bool:
    """The intent names the number as the x: "against week number", "x = batch size", "by week number"."""
    word = re.escape(stem.split()[-1])
    return re.search(
        rf"\bagainst\s+(?:the\s+)?(?:[^\W\d_]+\s+){{0,2}}?{word}s?\b|"
        rf"\bx(?:[\s-]*axis)?\s*(?:=|:|is|as)\s*(?:the\s+)?(?:[^\W\d_]+\s+){{0,2}}?{word}s?\b|"
        rf"\b{word}s?\s+(?:number|no\.|index)\b", intent, re.IGNORECASE) is not None
