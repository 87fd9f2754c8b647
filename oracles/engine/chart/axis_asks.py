"""What the request says runs along x: "by month", "per quarter", "across regions".

Read alike by the drafter (which lays a table of periods out along x when asked) and by the check
(which refuses periods drawn as the series when the bars were asked by period).

- "by region", "per quarter", "for each team", "across the year": the dimension named runs along x.
- "one colour per year", "a bar per region", "one line per team": a series word before "per" names
  the dimension of the series instead. With stacked bars, "stacked bars per quarter" is one stack per
  quarter: along x again.
- "male vs female respondents by age group — 18-24: male 120, female 135; …": names said together
  in the request are the series compared, so the group headings run along x.
"""

from __future__ import annotations

import re

BY_DIMENSION = re.compile(
    r"(?<!stacked\s)(?<!split\s)(?<!colored\s)(?<!coloured\s)(?<!segmented\s)(?<!down\s)"
    r"\b(?:by|per|for\s+each|across)\s+(?:the\s+|each\s+)?(?P<dim>[^\W\d_]+)", re.IGNORECASE)
SERIES_WORD_BEFORE = re.compile(r"\b(?:colou?rs?|bars?|lines?|series|segments?|slices?|stacks?|legend|hues?)\s*$",
                                re.IGNORECASE)
CALENDAR_DIMENSIONS = frozenset("""year years yr month months quarter quarters week weeks day days date dates period
periods time season seasons weekday weekdays hour hours fy""".split())
_STACK_WORD_BEFORE = re.compile(r"\b(?:bars?|columns?|stacks?)\s*$", re.IGNORECASE)
_STACKED = re.compile(r"\bstack(?:ed|s|ing)?\b", re.IGNORECASE)


def names_the_series(intent: str, start: int) -> bool:
    """Whether the "by"/"per" at `start` names the series' dimension rather than the axis'."""
    before = intent[max(0, start - 20):start]
    if not SERIES_WORD_BEFORE.search(before):
        return False
    return not (_STACK_WORD_BEFORE.search(before) and _STACKED.search(intent))


def periods_asked_along_x(intent: str) -> bool:
    """Every "by"/"per" dimension of the request is a period ("stacked bars per quarter")."""
    dims = [m.group("dim").casefold() for m in BY_DIMENSION.finditer(intent) if not names_the_series(intent, m.start())]
    return bool(dims) and all(d in CALENDAR_DIMENSIONS for d in dims)


# "male vs female", "product A and product B", "completed vs remaining": two names said together
_NAMED_TOGETHER_RE = re.compile(
    r"(?P<a>[^\W\d_][\w'’-]*)\s+(?:vs\.?|versus|and|or|&)\s+(?P<b>[\w'’-]+)(?:\s+(?P<c>[\w'’-]+))?", re.IGNORECASE)


def series_named_together(intent: str, names: list[str]) -> bool:
    """Whether two of the series' names are said together in the intent ("male vs female respondents",
    "product A and product B": the second name may carry the first one's word)."""
    folded = {n.casefold() for n in names}
    for m in _NAMED_TOGETHER_RE.finditer(intent):
        a = m.group("a").casefold()
        if a in folded and ({m.group("b").casefold(), (m.group("c") or "").casefold()} & (folded - {a})):
            return True
    return False
