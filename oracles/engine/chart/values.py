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
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .calendar import expand_ranges, is_time_like

_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9,
          "billion": 1e9, "t": 1e12, "tn": 1e12, "trn": 1e12, "trillion": 1e12}
_NUMBER_RE = re.compile(
    r"(?P<sign>(?<![\w)])[-−+])?(?P<currency>[$€£¥])?"
    r"(?P<digits>\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d,])"  # "1.234,50": dots between thousands, a decimal comma
    r"|\d{1,3}(?:['’\u00a0\u2009\u202f]\d{3})+(?![\d'’])(?:\.\d+)?"  # "48'200", "289 330" with a no-break space
    r"|\d{1,2}(?:,\d{2})+,\d{3}(?!\d)(?:\.\d+)?"  # Indian grouping: "1,23,456"
    r"|\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?P<exp>[eE][+-]?\d+)?"
    r"(?:\s?(?P<word>thousand|million|billion|trillion)\b|(?P<suffix>[kKMB]|bn|mn|trn|tn|m|(?(currency)T(?=\W|$)|(?!)))(?![A-Za-z²³]))?"
)
_GROUP_MARKS_RE = re.compile("['’\u00a0\u2009\u202f]")
# "289 330" with plain spaces: one number only where the intent shows it writes thousands so (a group
# that starts with 0, or a currency before it); otherwise two numbers, and the faithfulness check
# refuses a label that ends with the first group.
# "04:00 800": the minutes of a clock time are never the head of a thousands group (read on its own here).
_SPACED_GROUPS_RE = re.compile(r"(?<![\w.,'’])(?<!\d:)(?P<currency>[$€£¥]\s?)?(?P<num>\d{1,3}(?: \d{3})+)(?![\d'’]|[.,]\d| \d)")
_WORD_BEFORE_RE = re.compile(r"([^\W\d_][\w'’-]*)\s$")
# "Marketing (4,500), Sales 1,200": a bracketed value right after a label, before an item break.
_ITEM_END_RE = re.compile(r"\s*(?:[,;\n|]|\.(?:\s|$)|$)")
ACCOUNTING_SAID_RE = re.compile(
    r"\baccounting\b|\bnegatives?\s+(?:are\s+|shown\s+|written\s+)?(?:in\s+)?(?:brackets|parenthes[ie]s)\b", re.IGNORECASE)
_DATE_OR_TIME_RE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"(?:\s*[-–—]\s*\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|,?\s+\d{4})\b|"  # "March 3–7, 2025": a date, not values
    r"\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|q[1-4])\s*(?:[-–—]|to)\s*"  # "Jan–Apr 2024"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|q[1-4]),?\s+\d{4}\b|"
    r"\d{4}-\d{1,2}(?:-\d{1,2})?|(?<!\d)(?:[0-2]?\d|3[01])/(?:[0-2]?\d|3[01])(?:/\d{2,4})?(?!\d)|\d{1,2}:\d{2}|\d{1,2}\s?[ap]\.?m\b", re.IGNORECASE
)
# "top 5", "last 7 days": numbers that size the question, not values to draw. The counted word is on the
# number's own line: "Zorvex, 937\nbar chart please" states a value, not "937 bars".
_COUNT_BEFORE_RE = re.compile(r"(?:\b(?:top|last|past|next|first|every|each|bottom|question)|\bn\s*=)\s*-?\s*$",
                              re.IGNORECASE)
# "25%", "25 percent": a share follows the number (a share is never a count of items)
SHARE_AFTER_RE = re.compile(r"[ \t]*(?:%|percent\b|per\s+cent\b)", re.IGNORECASE)
_COUNT_AFTER_RE = re.compile(
    r"^[ \t]*(?:days?|weeks?|months?|years?|hours?|minutes?|quarters?|series|items?|categories|bars?|points?|"
    r"values|lines?|slices?|columns?|rows?|charts?|colou?rs?)\b"
    r"|^\s*(?:%|px)\s*(?:opacity|transparen\w*|alpha|wide|tall|high\b)|^px\b", re.IGNORECASE)  # "40% opacity", "800px wide"


@dataclass(frozen=True)
class StatedNumber:
    """A number as the intent writes it, with every value it may denote."""

    text: str
    readings: frozenset[float]
    is_data_candidate: bool  # False for Q1-style labels, dates, counts like "top 5"
    start: int = 0  # where the token (with its sign and currency) starts in the intent
    end: int = 0


def _key(value: float) -> float:
    return float(f"{value:.10g}")


def in_spans(position: int, starts: list[int], ends: list[int]) -> bool:
    """Whether `position` lies in one of the sorted, disjoint spans [starts[i], ends[i]) —
    the same as `any(a <= position < b ...)`, in O(log n) instead of O(n) per lookup."""
    index = bisect_right(starts, position) - 1
    return index >= 0 and position < ends[index]


# "1,72 ; 1,69" or "Januar\t1,8": decimal commas, in an intent whose items are not comma-separated.
DECIMAL_COMMA_RE = re.compile(r"(?<![\d,])(\d+),(\d{1,2})(?![\d,])")
_DECIMAL_BEFORE_COMMA_SPACE_RE = re.compile(r"(?<![\d,.])\d+,\d{1,2}(?!\d|,\d)")
_DIGIT_COMMA_DIGIT_RE = re.compile(r"\d,\d")
_EUROPEAN_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d,])")


def uses_decimal_commas(intent: str) -> bool:
    """Whether "1,8" in this intent is one and eight tenths: a decimal comma in a list of items split
    by ';' or tabs (with commas between items, "120,80" is two numbers), or in a list split by ", "
    where every comma between digits is unspaced and has one or two digits after it ("maths 12,5,
    histoire 14,25"): there a comma between digits is never a list break nor a thousands group. The same
    holds in a list split by lines, pipes or spaced dashes and slashes whose every comma is such a decimal comma."""
    if DECIMAL_COMMA_RE.search(intent) and (";" in intent or "\t" in intent):
        return True
    if DECIMAL_COMMA_RE.search(intent) and re.search(r"\n|\s[|·•/–—]\s", intent) \
            and intent.count(",") == len(DECIMAL_COMMA_RE.findall(intent)):
        return True  # "A: 3,2 | B: 4,7", "A 3,2 – B 4,7": no comma splits the list or groups thousands
    european = _EUROPEAN_RE.sub(lambda m: "#" * len(m.group(0)), intent)
    if european != intent:  # "Wien 1.234,50 · Graz 987,25": with dotted thousands, a comma is a decimal mark
        return len(_DECIMAL_BEFORE_COMMA_SPACE_RE.findall(european)) == len(_DIGIT_COMMA_DIGIT_RE.findall(european))
    decimals = _DECIMAL_BEFORE_COMMA_SPACE_RE.findall(intent)
    return len(decimals) >= 2 and len(decimals) == len(_DIGIT_COMMA_DIGIT_RE.findall(intent)) \
        and ", " in intent and not re.search(r"\(\s*\d+,\d+\s*\)", intent)


# Asked of every number (a 1,000-value intent has 2,000): compiled here, not looked up in re's cache each time.
_MILLIONS_AFTER_RE = re.compile(r"\s[mM](?![\w²³])")
_DOTTED_THOUSANDS_RE = re.compile(r"\d{1,3}(?:\.\d{3})+,\d{1,2}")
_DECIMAL_COMMA_RE = re.compile(r"\d+,\d{1,2}")
_NUMBERING_AFTER_RE = re.compile(r"[.)]\s+[^\W\d_]")
_NUMBERING_BEFORE_RE = re.compile(r"(?:^|[\n,;])\s*$")
_REFERENCE_BEFORE_RE = re.compile(r"\b(?:Figure|Fig\.|Table|Exhibit|Chart|Slide|Section|Appendix)\s+$")
_REFERENCE_AFTER_RE = re.compile(r"(?:[.:)]\s|\s+[a-z])")
_BRACKET_AFTER_WORD_RE = re.compile(r"(\S+)[ \t]\(\s*$")


@lru_cache(maxsize=8)  # the value rule and the faithfulness check both scan the same intent
def stated_numbers(intent: str) -> tuple[StatedNumber, ...]:
    """Every numeric token in the intent with all its plausible readings."""
    if uses_decimal_commas(intent):  # same length, so positions still point into the intent
        intent = _DECIMAL_BEFORE_COMMA_SPACE_RE.sub(lambda m: m.group(0).replace(",", "."), intent)
    intent = _joined_space_groups(intent)  # same length too
    masked = [(m.start(), m.end()) for m in _DATE_OR_TIME_RE.finditer(intent)]  # finditer: sorted, disjoint
    masked_starts, masked_ends = [a for a, _ in masked], [b for _, b in masked]
    found: list[StatedNumber] = []
    for match in _NUMBER_RE.finditer(intent):
        start = match.start("digits")
        digits = match.group("digits")
        glued_before = start > 0 and (intent[start - 1].isalpha() or intent[start - 1] in "_")
        identifier = start > 1 and intent[start - 1] == "-" and intent[start - 2].isalpha()  # "OPS-4417", "db-01"
        after = intent[match.end():match.end() + 1]
        glued_after = after.isalpha() and not match.group("suffix") and not match.group("word")
        sign = -1.0 if match.group("sign") in ("-", "−") or _accounting(intent, match) else 1.0
        suffix = match.group("suffix") or ""
        scale = _SCALE.get((match.group("word") or suffix).lower(), 1.0)
        # "£4.5m" is million; a glued "12m" with no currency may be metres, so both readings stand
        scales = {scale} if suffix != "m" or match.group("currency") else {1.0, scale}
        if match.group("currency") and not suffix and not match.group("word") \
                and _MILLIONS_AFTER_RE.match(intent[match.end():match.end() + 3]):
            scales = {1e6}  # "$1.2 m": money in millions
        exponent = match.group("exp") or ""
        readings: set[float] = set()
        digits = _GROUP_MARKS_RE.sub("", digits)
        candidates = [digits.replace(",", "")] + (digits.split(",") if "," in digits else [])
        if "," in digits and _DOTTED_THOUSANDS_RE.fullmatch(digits):
            candidates = [digits.replace(".", "").replace(",", ".")]
        if "," in digits and _DECIMAL_COMMA_RE.fullmatch(digits):
            candidates.append(digits.replace(",", "."))  # "0,5": a decimal comma
        for candidate in candidates:
            if not candidate or candidate == ".":
                continue
            try:
                number = float(candidate + exponent)
            except (ValueError, OverflowError):
                continue
            for factor in scales:
                value = sign * number * factor
                if math.isfinite(value):
                    readings.add(_key(value))
        in_date = in_spans(start, masked_starts, masked_ends)
        # ("bottom 25%" of "Top box 45%, middle 30%, bottom 25%": a share is never a count of items)
        is_count = bool((_COUNT_BEFORE_RE.search(intent[max(0, start - 12):start])
                         and not SHARE_AFTER_RE.match(intent, match.end()))
                        or _COUNT_AFTER_RE.match(intent[match.end():match.end() + 16]))
        numbering = len(digits) <= 2 and bool(_NUMBERING_AFTER_RE.match(intent[match.end():match.end() + 4])
                         and _NUMBERING_BEFORE_RE.search(intent[max(0, start - 4):start]))  # "3) Oslo", "1. Oslo"
        reference = bool(_REFERENCE_BEFORE_RE.search(intent[max(0, start - 10):start])
                         and _REFERENCE_AFTER_RE.match(intent[match.end():match.end() + 3]))  # "Figure 3. …"
        is_count = is_count or numbering or reference
        found.append(StatedNumber(match.group(0), frozenset(readings),
                                  not (glued_before or identifier or glued_after or in_date or is_count),
                                  match.start(), match.end()))
    return tuple(found)


def _joined_space_groups(intent: str) -> str:
    """"Stavanger 149 048", "€1 200": thousands written with plain spaces, joined by no-break spaces
    (same length) when some group starts with 0 or a currency leads; "Week 3 450" is a label and a value."""
    found = []
    for match in _SPACED_GROUPS_RE.finditer(intent):
        word = _WORD_BEFORE_RE.search(intent[max(0, match.start() - 30):match.start()])
        head = match.group("num").split(" ")[0]
        if match.group("currency") or not (word and is_time_like(f"{word.group(1)} {head}")):
            found.append(match)
    if not any(m.group("currency") or re.search(r" 0", m.group("num")) for m in found):
        return intent
    for match in found:
        intent = intent[:match.start("num")] + match.group("num").replace(" ", "\u00a0") + intent[match.end("num"):]
    return intent


def _accounting(intent: str, match: re.Match[str]) -> bool:
    """"(4,500)" right after a label and before an item break is -4,500 when the intent says it writes
    accounting figures. Without that word, brackets on some values only read two ways (a loss, or a
    value merely wrapped) and the drafter refuses them (ambiguity.py); the check then holds the same
    one reading, so a drafter that guessed a sign is not confirmed."""
    window = intent[max(0, match.start() - 40):match.start()]
    if "(" not in window:
        return False  # no bracket before the number (the common case, without a regex or a copy of the rest)
    after = intent[match.end():]
    word = _BRACKET_AFTER_WORD_RE.search(window)
    if not (word and re.search(r"[^\W\d_]", word.group(1)) and re.match(r"\s*\)", after)):
        return False  # the bracket follows a name ("Legal (1,250)", "Q2 ($1,100)"), not a value
    if not _ITEM_END_RE.match(after[after.index(")") + 1:]) or re.fullmatch(r"(?:19|20)\d\d", match.group(0)):
        return False
    before = intent[:match.start()].rstrip("( ")
    if before.endswith("\t") and re.match(r"\s*\)[ \t]*(?:\n|$)", after):
        return True  # "Ops\t(1,200)": alone in a tab-separated cell, the accounting notation of -1,200
    return bool(ACCOUNTING_SAID_RE.search(intent))


def _norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text)).strip().casefold()


def label_stated(label: Any, intent: str, ranges: list[list[str]], intent_norm: str | None = None) -> bool:
    """A label is stated when the intent contains it, or a calendar range in it implies it.

    `intent_norm` is `_norm(intent)` when the caller already has it (it is the same for every
    label of a chart, and normalising a 32k-character intent per label is quadratic)."""
    norm = _norm(label)
    if not norm:
        return False
    if isinstance(label, int | float) and not isinstance(label, bool):
        return True  # a numeric x of a pair: checked as a value instead
    if norm in (_norm(intent) if intent_norm is None else intent_norm):
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
    intent_norm = _norm(intent)
    if not generated:
        for value in numbers_in_rows(rows):
            if value not in allowed:
                return "VALUE_NOT_IN_INTENT", f"The chart's data holds {value:g}, which the intent does not state."
    series_list = facts.get("series") or []
    multi = len(series_list) > 1
    index = _RowIndex(rows)
    expected_rows = 0
    for series in series_list:
        name = series.get("name")
        if not generated and multi and not label_stated(name, intent, ranges, intent_norm):
            return "FACT_NOT_IN_INTENT", f"The series '{name}' is not named in the intent."
        for point in series.get("points", []):
            expected_rows += 1
            label, value = point.get("label"), point.get("value")
            if not generated:
                if _key(value) not in allowed:
                    return "FACT_NOT_IN_INTENT", f"The value {value} for '{label}' is not in the intent."
                if isinstance(label, int | float) and _key(label) not in allowed:
                    return "FACT_NOT_IN_INTENT", f"The x value {label} is not in the intent."
                if not label_stated(label, intent, ranges, intent_norm):
                    return "FACT_NOT_IN_INTENT", f"The label '{label}' is not in the intent."
            if not index.holds(label, value, name if multi else None):
                where = f" in series '{name}'" if multi else ""
                return "VALUE_MISSING", f"The chart does not show {value} for '{label}'{where}."
    if len(rows) != expected_rows:
        return "VALUE_NOT_IN_INTENT", f"The chart has {len(rows)} data rows for {expected_rows} stated values."
    # That every stated number is drawn (or is not data) is the faithfulness check's coverage rule,
    # which reads the intent on its own (faithfulness.py).
    return None


def _is_number(cell: Any) -> bool:
    return isinstance(cell, int | float) and not isinstance(cell, bool)


class _RowIndex:
    """The chart's rows, read once, for "is there a row holding this point?".

    Each row is reduced to its numeric cells (as `_key`s) and its text cells (as `_norm`s), and
    rows are indexed by both. A point's candidate rows are those holding its value (and its
    text label and series, when it has them); the candidates are then tested with exactly the
    predicate a full scan of every row would apply, so the answer is the same — in time linear
    in the rows instead of rows × points.
    """

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._numbers: list[list[float]] = []
        self._texts: list[set[str]] = []
        self._by_number: dict[float, list[int]] = {}
        self._by_text: dict[str, list[int]] = {}
        for position, row in enumerate(rows):
            cells = list(row.values())
            numbers = [_key(c) for c in cells if _is_number(c)]
            texts = {_norm(c) for c in cells if isinstance(c, str)}
            self._numbers.append(numbers)
            self._texts.append(texts)
            for number in set(numbers):
                self._by_number.setdefault(number, []).append(position)
            for text in texts:
                self._by_text.setdefault(text, []).append(position)

    def holds(self, label: Any, value: Any, series: str | None) -> bool:
        """Some row holds `value`, `label` and (when given) `series`."""
        if not self._by_number:
            return False  # no row has a number, so none can hold the value
        value_key = _key(value)
        numeric_label = _is_number(label)
        label_key = _key(label) if numeric_label else None
        label_norm = None if numeric_label else _norm(label)
        series_norm = None if series is None else _norm(series)
        pools = [self._by_number.get(value_key, [])]
        if label_norm is not None:
            pools.append(self._by_text.get(label_norm, []))
        if series_norm is not None:
            pools.append(self._by_text.get(series_norm, []))
        for position in min(pools, key=len):
            numbers, texts = self._numbers[position], self._texts[position]
            if value_key not in numbers:
                continue
            if numeric_label:
                needed = 1 if label_key == value_key else 2
                if sum(1 for n in numbers if n in (label_key, value_key)) < needed:
                    continue
            elif label_norm not in texts:
                continue
            if series_norm is not None and series_norm not in texts:
                continue
            return True
        return False
