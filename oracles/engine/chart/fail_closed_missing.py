"""Fail-closed rules of the chart check about data the chart cannot hold as drawn, beside fail_closed_asks.py.

- Rows of several numbers ("ingest_raw 12 340 0.8"): with no header naming the columns, the check does not
  know which number to plot, so a label holding bare numbers that are the other columns of its row is refused
  with a hint to say which column. Numbers that are part of a name ("Route 66", "iPhone 15", "Q3 2024",
  "ages 35-44") hold at most one bare number and pass.
- Data said to be elsewhere ("in the attached sheet", "see attachment", "from last week's report"): a part of
  the request the chart cannot draw, refused.
- A comparison asked ("A vs B", "compare A and B", "grouped bars", "side by side") and one series drawn, with
  the sides of the comparison not both drawn: the second side has no data, refused.

- A pie whose slices add up to more than the whole the intent states ("(out of 10 tasks): done 7, in progress 4,
  blocked 2", "n=120", "200 in total"): the parts cannot all be parts of it, refused.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

from .calendar import is_time_like

_Reader = Any
Refusal = tuple[str, str]

# ---------------------------------------------------------------------------------------------
# 1. Rows of several numbers drawn as labels

# A bare number standing alone in a label ("12", "0.8", "1,200"), not glued to letters ("Q3", "v2") nor part of a
# range or a ratio ("35-44", "3/4").
_BARE_NUMBER = re.compile(r"(?<![\w.,/:–—-])\d+(?:[.,]\d+)*(?![\w.,/:–—-]|[.,]\d)")


def _row_columns_in_labels(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                           used: set[int]) -> Refusal | None:
    """"ingest_raw 12 340 0.8" drawn as 'ingest_raw 12 340' with 0.8: the label holds the row's other columns."""
    for point in reader.points:
        label = point.label
        if not isinstance(label, str) or is_time_like(label):
            continue
        if len(_BARE_NUMBER.findall(label)) >= 2:
            name = _BARE_NUMBER.sub("", label).strip() or "name"
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' holds several numbers of one row, and nothing says which one to plot. Say "
                f"which column to chart, e.g. a header line 'job, runs, events, ratio' above the rows, or "
                f"'{name} {point.value:g}' with one number per name."))
    return None


# ---------------------------------------------------------------------------------------------
# 2. Data said to be elsewhere

_ELSEWHERE = re.compile(
    r"\b(?:(?:in|on|from)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?(?:attached|enclosed|linked|shared|uploaded)\s+"
    r"(?:sheet|spreadsheet|file|doc(?:ument)?|csv|excel|workbook|table|report|pdf)|"
    r"(?:see|check|per|in)\s+(?:the\s+)?(?:attachment|attached|enclosure)|"
    r"(?:in|on|from)\s+the\s+(?:spreadsheet|workbook|excel(?:\s+file)?|google\s+sheet)|"
    r"from\s+(?:last|the\s+previous|the\s+last|yesterday['’]s|last\s+\w+['’]s)\s+(?:\w+\s+)?(?:report|deck|email|sheet)|"
    r"(?:last|yesterday)['’]s\s+(?:\w+\s+)?report|"
    r"(?:will\s+)?(?:send|share)\s+(?:them|it|those|the\s+rest)\s+(?:later|separately|tomorrow))",
    re.IGNORECASE)


def _data_elsewhere(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"Actuals are in the attached sheet": the chart cannot draw what the intent does not hold."""
    for match in reader.scan.matches(_ELSEWHERE):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        return ("VALUE_MISSING", (
            f"The intent says part of the data is elsewhere ('{match.group(0).strip()}'), and I only chart what "
            "the request holds. Paste those values into the request, e.g. 'Actual: Marketing 110k, IT 240k'."))
    return None


# ---------------------------------------------------------------------------------------------
# 3. A comparison with one side drawn

_SIDE = r"[^\W\d_][\w'’-]*"
_COMPARISON = re.compile(
    rf"(?P<a>{_SIDE})\s+(?:vs\.?|versus)\s+(?P<b>{_SIDE})|"  # not "against": "reviews against rating" names axes
    rf"\bcompare\s+(?:the\s+)?(?P<c>{_SIDE})\s+(?:and|with|to|against)\s+(?:the\s+)?(?P<d>{_SIDE})|"
    r"\b(?P<grouped>grouped|side[\s-]+by[\s-]+side|clustered)\b", re.IGNORECASE)
# "variance vs budget", "anomaly vs the 1991-2020 average": one series of differences from a reference, not two.
_RELATIVE = frozenset("""variance variances anomaly anomalies delta deltas difference differences change changes deviation
deviations gap gaps error errors growth uplift lift drift the a an""".split())


def _comparison_one_side(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                         used: set[int]) -> Refusal | None:
    """"Budget vs actual, grouped bars. Budget: …" drawn with budget alone: the actuals have no data."""
    if reader.pairs:
        return None  # "temperature vs time" of x/y pairs names the axes
    series = {p.series for p in reader.points if isinstance(p.series, str) and p.series.strip()}
    if len(series) >= 2:
        return None
    for match in reader.scan.matches(_COMPARISON):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        sides = [s for s in (match.group("a") or match.group("c"), match.group("b") or match.group("d")) if s]
        if any(s.casefold() in _RELATIVE for s in sides):
            continue
        if sides and all(s.casefold() in reader.drawn.hyphenated_words for s in sides):  # words as _SIDE reads them
            continue  # "Python vs Go: Python 48, Go 12" compares two drawn categories
        asked = match.group(0).strip()
        return ("VALUE_MISSING", (
            f"The intent asks for a comparison ('{asked}'), but the chart draws one series only. Give both sides "
            "their values, e.g. 'Budget: Marketing 120, IT 250; Actual: Marketing 110, IT 240'."))
    return None


# ---------------------------------------------------------------------------------------------
# 4. Parts of a pie that exceed the whole the intent states

# "(out of 10 tasks)", "200 in total", "a total of 40", "n=120", "Total budget is $50,000.": the whole the slices
# are parts of.
_WHOLE = re.compile(
    r"\bout\s+of\s+(?P<a>\d[\d,]*)\b|\b(?P<b>\d[\d,]*)\s+(?:in\s+total|total|altogether|overall)\b|"
    r"\btotal(?:\s+of|\s*[:=]|\s+(?:is|was))?\s+(?P<c>\d[\d,]*)\b|\bn\s*=\s*(?P<d>\d[\d,]*)\b"
    # "Total project budget is $50,000." in a sentence of its own: up to three words between
    r"|\btotal(?:\s+[^\W\d_]+){1,3}\s+(?:is|was|of|comes\s+to|=|:)\s*[$€£]?\s*(?P<e>\d[\d,]*)\b", re.IGNORECASE)


def _parts_exceed_the_whole(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                            used: set[int]) -> Refusal | None:
    """"pie of sprint task status (out of 10 tasks): done 7, in progress 4, blocked 2": slices of 13 in a whole of 10."""
    if reader.mark != "arc" or reader.pairs or "%" in reader.intent:
        return None  # shares in percent are the drafter's rule (more than 100%); only a pie is parts of one whole
    total = sum(p.value for p in reader.points)
    for match in _WHOLE.finditer(reader.intent):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        whole = float(next(g for g in match.groups() if g).replace(",", ""))
        if whole and total > whole:
            return ("UNSUPPORTED_CHART", (
                f"The slices add up to {total:g}, more than the whole the intent states ('{match.group(0).strip()}'), "
                "so they cannot all be parts of it. Check the numbers (a part counted twice?), or ask for bars to "
                "compare them."))
    return None


def check_missing(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    for rule in (_row_columns_in_labels, _data_elsewhere, _comparison_one_side, _parts_exceed_the_whole):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    return None
