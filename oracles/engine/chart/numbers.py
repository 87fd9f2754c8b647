"""Numeric value tokens as people write them in chart intents.

`120`, `-4`, `−4`, `1,200`, `3.5`, `$1.2k`, `€3M`, `2.5 million`, `65%`, `3°C`, `12ms`.
A number glued to letters in front (`Q1`, `v2`) or behind (`2nd`, `3D`, `9am`) is part of a
label, and dates/times (`2024-01-05`, `09:30`) are labels too, never values.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass

from ..contracts import EngineRefusal
from .limits import CHART_LIMITS

MULTIPLIERS: dict[str, float] = {
    "k": 1e3, "K": 1e3, "thousand": 1e3,
    "M": 1e6, "mn": 1e6, "million": 1e6,
    "B": 1e9, "bn": 1e9, "billion": 1e9,
    "T": 1e12, "tn": 1e12, "trn": 1e12, "trillion": 1e12,  # "T" only after a currency: "$3.4T"
}
# Letters that may follow a number directly and still leave it a value (a unit).
GLUED_UNITS = {
    "ms", "s", "sec", "secs", "min", "mins", "h", "hr", "hrs", "kg", "g", "mg", "lb", "lbs",
    "km", "m", "mi", "cm", "mm", "ft", "in", "kb", "mb", "gb", "tb", "kwh", "w", "kw", "mw",
    "x", "pts", "pt", "px", "mph", "kmh", "l", "ml", "rpm", "fps", "usd", "eur",
}

# Spans that contain digits but are labels: ISO dates, d/m/y dates, clock times, 9am.
LABEL_SPAN_RE = re.compile(
    r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b"
    r"|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b"
    r"|\b\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?(?![\w])"
    r"|\b\d{1,2}\s?[ap]\.?m\b\.?"
    # "Jan–Apr 2024", "Q1 to Q3 2025": the year of a range of months or quarters dates it
    r"|\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|q[1-4])\s*(?:[-–—]|to)\s*"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|q[1-4]),?\s+\d{4}\b"
    # "weeks 10–14 of 2025", "days 1 to 5, 2024": the year of a numbered range of periods dates it
    r"|\b(?:weeks?|wks?|days?|months?|sprints?|periods?)\s*\d{1,2}\s*(?:[-–—]|to|through)\s*"
    r"(?:(?:weeks?|wks?|days?|months?|sprints?|periods?)\s*)?\d{1,2}(?:,|\s+(?:of|in))?\s+(?:19|20)\d\d\b",
    re.IGNORECASE,
)
# "Figure 3. Emissions", "Table 2 summarises": the number of a figure or table, not a value.
REFERENCE_BEFORE_RE = re.compile(r"\b(?:Figure|Fig\.|Table|Exhibit|Chart|Slide|Section|Appendix)\s+$")
REFERENCE_AFTER_RE = re.compile(r"^(?:[.:)]\s|\s+[a-z])")

# Thousands groups besides the comma: "48'200" (Swiss), "289 330" with a no-break or thin space
# (French, Nordic), and Indian grouping "1,23,456". A plain space between groups is read in
# `space_grouped_spans`, since "Route 66 120" may be a name and a value.
GROUP_MARKS = "'’\u00a0\u2009\u202f"
_SEPARATORS_RE = re.compile(f"[,{GROUP_MARKS}]")  # taken out of every number's digits: compiled once
VALUE_RE = re.compile(
    r"""
    (?<![\w.,])                              # not the tail of a word, decimal or group (Q1, 1.5)
    (?<![^\W\d_]-)                           # not the number of an identifier (OPS-4417, db-01)
    (?P<sign>[-−+])?
    (?P<cur>[$€£¥]|(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|INR|CNY|RMB|BRL|MXN|ZAR|PLN|SGD|HKD)\s?)?
    (?P<num>\d{1,3}(?:['’\u00a0\u2009\u202f]\d{3})+(?:\.\d+)?(?![\d'’]|[\u00a0\u2009\u202f]\d)
      |\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,]\d)
      |\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]\d)|\d+(?:\.\d+)?|\.\d+)
    (?:[eE](?P<exp>[+-]?\d+))?
    (?:
        \s?(?P<wordmult>thousand|million|billion|trillion)\b
      | (?P<mult>k|K|M|B|bn|mn|trn|tn|(?(cur)T(?=\W|$)|(?!)))(?![A-Za-z])  # "$3.4T", never "5T"
    )?
    (?P<unit>%|‰|°\s?[CF]?|[A-Za-zµ]+)?
    """,
    re.VERBOSE,
)


@dataclass(frozen=True)
class ValueToken:
    """One numeric value in the text, with its span and unit."""

    start: int
    end: int
    value: int | float
    unit: str | None
    text: str
    plain_integer: bool  # no sign, unit, currency, decimals: could be a label such as a year


def finite_number(value: float, where: str) -> int | float:
    """Return the value as int when integral; refuse NaN, infinities and absurd magnitudes."""
    limit = float(CHART_LIMITS["max_abs_number"])
    if not math.isfinite(value):
        raise EngineRefusal(
            "VALUE_OUT_OF_RANGE",
            f"{where} is not a finite number. Give plain numbers such as 120 or 3.5.",
        )
    if abs(value) > limit:
        raise EngineRefusal(
            "VALUE_OUT_OF_RANGE",
            f"{where} is larger than {limit:g} in magnitude; scale the values (e.g. in millions).",
        )
    # 1.1 * 1000 is 1100.0000000000002 in binary floating point: keep 12 significant digits.
    value = float(f"{value:.12g}")
    if value.is_integer():
        return int(value)
    return value


def _token_from_match(match: re.Match[str]) -> ValueToken | None:
    unit = match.group("unit")
    currency = match.group("cur")
    if unit and unit[0].isalpha() and unit.lower() not in GLUED_UNITS:
        return None  # "2nd", "3D", "4th": a word, not a value
    digits = _SEPARATORS_RE.sub("", match.group("num"))
    try:
        raw = float(digits + (f"e{match.group('exp')}" if match.group("exp") else ""))
    except (ValueError, OverflowError):
        raw = math.inf
    multiplier_word = match.group("wordmult") or match.group("mult")
    if multiplier_word:
        raw *= MULTIPLIERS[multiplier_word]
    if match.group("sign") in ("-", "−"):
        raw = -raw
    value = finite_number(raw, f"The number '{match.group(0).strip()}'")
    unit_label = (unit or "").replace(" ", "") or None
    if currency:
        unit_label = currency.strip()
    plain = not (match.group("sign") or currency or unit or multiplier_word or "." in digits
                 or match.group("exp") or digits != match.group("num"))
    return ValueToken(match.start(), match.end(), value, unit_label, match.group(0), plain)


# "top 5 languages", "last 7 days", "3 series": numbers that size the question, not values.
COUNT_BEFORE_RE = re.compile(r"(?:\b(?:top|bottom|last|past|next|first|over\s+the\s+last|question)-?|\bn\s*=|#"
                             # "Of the 60 beds: …", "(out of 500 asked)": the whole the values are parts of
                             r"|(?:^|[.(:;]\s*)(?:of|out\s+of)\s+(?:the\s+|all\s+)?)\s*$",
                             re.IGNORECASE)
COUNT_AFTER_RE = re.compile(r"^\s*(?:series|items|categories|bars|slices|lines|values|points)\b", re.IGNORECASE)
# "green fill at 40% opacity, 800px wide": numbers that style the chart, not values to draw
STYLE_AFTER_RE = re.compile(r"^\s*(?:opacity|transparen\w*|alpha|wide|tall|high\b(?!er)|pixels?|px\b)", re.IGNORECASE)


LIST_NUMBER_RE = re.compile(r"(^|[\n;]\s*|(?<!\d),\s*)\d{1,2}[.)](?=\s+[^\W\d_])", re.MULTILINE)  # not "4,0. Make"


def blank_list_numbers(text: str) -> str:
    """"1. Oslo 0.7M", "3) Organic search: 46%": the numbering of a list item, blanked (same length, so
    positions found in the result still point into `text`); it counts items, it is not a value."""
    return LIST_NUMBER_RE.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), text)


def find_value_tokens(text: str) -> list[ValueToken]:
    """All numeric value tokens of `text`, in order, skipping dates, times, glued labels and
    counts such as "top 5"."""
    # finditer yields sorted, disjoint spans: the one that could hold a position is found by bisection
    masked = [(m.start(), m.end()) for m in LABEL_SPAN_RE.finditer(text)]
    masked_starts = [start for start, _ in masked]
    tokens: list[ValueToken] = []
    for match in VALUE_RE.finditer(text):
        span = bisect_right(masked_starts, match.start()) - 1
        if span >= 0 and match.start() < masked[span][1]:
            continue
        if COUNT_BEFORE_RE.search(text[max(0, match.start() - 16):match.start()]) or \
                COUNT_AFTER_RE.match(text[match.end():match.end() + 12]) or (
                    match.group("unit") in ("px", "%") and STYLE_AFTER_RE.match(text[match.end():match.end() + 14])):
            continue
        if REFERENCE_BEFORE_RE.search(text[max(0, match.start() - 10):match.start()]) and \
                REFERENCE_AFTER_RE.match(text[match.end():match.end() + 3]):
            continue
        token = _token_from_match(match)
        if token is not None:
            tokens.append(token)
    return tokens


ACCOUNTING_CELL_RE = re.compile(r"\(\s*([$€£¥]?\d[\d,]*(?:\.\d+)?)\s*\)")


def parse_cell(cell: str) -> int | float | None:
    """A table/CSV cell as a number (with units and multipliers), or None when it is text."""
    cell = cell.strip()
    if not cell:
        return None
    if re.fullmatch(r"[-−+]?\d+,\d{1,2}\s?%?", cell):
        cell = cell.replace(",", ".")  # a cell is one number: "1,8" has a decimal comma
    accounting = ACCOUNTING_CELL_RE.fullmatch(cell)
    if accounting:  # "(4,500)" alone in a cell: the accounting notation of -4,500
        cell = "-" + accounting.group(1)
    match = VALUE_RE.fullmatch(cell)
    if match is None:
        return None
    token = _token_from_match(match)
    return None if token is None else token.value


def cell_unit(cell: str) -> str | None:
    """The unit of a numeric cell (`%`, `$`, `°C`), if any."""
    match = VALUE_RE.fullmatch(cell.strip())
    if match is None:
        return None
    token = _token_from_match(match)
    return None if token is None else token.unit


NON_FINITE_WORD_RE = re.compile(
    r"(?:^|(?<=[\s:=,(\[]))[-+]?(?:nan|inf|infinity)(?=$|[\s,;)\]])", re.IGNORECASE
)


def refuse_non_finite_words(text: str) -> None:
    """`NaN`/`inf` written where a value would be: refuse rather than drop it silently."""
    if NON_FINITE_WORD_RE.search(text):
        raise EngineRefusal(
            "VALUE_OUT_OF_RANGE",
            "The intent contains NaN or infinity as a value. Give finite numbers such as 120 or 3.5.",
        )
