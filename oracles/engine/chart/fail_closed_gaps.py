"""Fail-closed rules for what the data leave open: a subject run into the first label, a label asked
for with no value, and series measured in different units on one axis.

- "bar: downloads iOS 1.2k, Android 3.4k, Web 860": the first label drawn as "downloads iOS" while its
  siblings are one word each. "downloads" reads as the subject of the list as much as a part of the
  name, so drawing either is a guess; the reason names both readings.
- "W1 120, W2 135, W3 150. Also add W4." / "…, also include Wednesday": a label of the list's own kind
  is asked for but has no value. Drawing the chart without it leaves out what was asked.
- A table whose value columns carry different units ("Units sold" beside "Revenue ($)") drawn as
  series on one axis: the axis can only say one unit, and "chart sales" does not say which column.

The reader is faithfulness._Reader, passed in (no import cycle), like the other fail_closed modules.
"""

from __future__ import annotations

import re
from typing import Any

from .calendar import MONTH_INDEX, WEEKDAY_INDEX

_Reader = Any
Refusal = tuple[str, str]

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


# -- a subject run into the first label -------------------------------------------------------

def _subject_in_first_label(reader: _Reader) -> Refusal | None:
    """The first label is "<lowercase words> <Name>" and every other label is one name like "<Name>"."""
    if reader.pairs or len(reader.points) < 3 or len({p.series for p in reader.points}) != 1:
        return None
    labels = [str(p.label).split() for p in reader.points]
    first, others = labels[0], labels[1:]
    if len(first) < 2 or any(len(words) != 1 for words in others):
        return None
    lead, name = first[:-1], first[-1]
    if not all(w.isalpha() and w.islower() for w in lead) or not name[0].isalpha() or name.islower():
        return None  # "new users 5, returning 7", "under 18 5, 18–39 7": the words are part of the name
    if all(w[0].islower() for words in others for w in words):
        return None  # siblings lowercase too: the casing gives no sign of a subject
    subject = " ".join(lead)
    return ("LABEL_NOT_IN_INTENT", (
        f"The first label '{' '.join(first)}' may be the subject '{subject}' followed by the name '{name}', "
        f"like the other names ({', '.join(w[0] for w in others[:3])}). Put the subject before a colon, "
        f"e.g. '{subject}: {name} …, {others[0][0]} …', or write the label in full for every item."))


# -- a label asked for with no value ----------------------------------------------------------

_ASKED = re.compile(
    r"\b(?:also\s+)?(?:add|include|show|plot|draw)\s+(?:also\s+)?(?:the\s+)?(?P<what>[A-Za-z]{1,12}[ -]?\d{0,4})"
    r"(?=\s*(?:[.,;!?\n)]|$|\s+(?:too|as\s+well|also|please)\b))", re.IGNORECASE)
_PREFIX_NUMBER = re.compile(r"([A-Za-z]{1,8})[ -]?(\d{1,4})")


def _same_kind(what: str, labels: list[str]) -> bool:
    """Whether `what` is a label of the list's own kind: "W4" beside "W1".."W3", a weekday beside weekdays,
    a month beside months."""
    numbered = _PREFIX_NUMBER.fullmatch(what)
    if numbered:
        prefixes = {m.group(1).casefold() for m in map(_PREFIX_NUMBER.fullmatch, labels) if m}
        return numbered.group(1).casefold() in prefixes
    word = what.casefold().rstrip(".")
    for index in (WEEKDAY_INDEX, MONTH_INDEX):
        if word in index and all(label.casefold().rstrip(".") in index for label in labels):
            return True
    return False


def _label_asked_without_value(reader: _Reader) -> Refusal | None:
    if reader.pairs:
        return None
    labels = [str(p.label) for p in reader.points]
    drawn = {label.casefold() for label in labels}
    for match in _ASKED.finditer(reader.intent):
        what = match.group("what").strip()
        if what.casefold() in drawn or not _same_kind(what, labels):
            continue
        return ("VALUE_NOT_PLACED", (
            f"The intent asks to add '{what}', but gives it no value, so the chart would leave it out. "
            f"Give its value like the others, e.g. '{what} 120', or leave it out of the request."))
    return None


# -- series in different units on one axis ----------------------------------------------------

_UNIT_MARK = re.compile(r"\(\s*([^()]{1,12}?)\s*\)|([$€£¥%])")


def _unit_of(series: str) -> str:
    """The unit a series name carries: "Revenue ($)" → "$", "Share %" → "%", "Units sold" → ""."""
    match = _UNIT_MARK.search(series)
    if match is None:
        return ""
    return (match.group(1) or match.group(2) or "").casefold()


def _series_in_different_units(reader: _Reader) -> Refusal | None:
    names = list(dict.fromkeys(str(p.series) for p in reader.points if p.series is not None))
    if len(names) < 2:
        return None
    units = {name: _unit_of(name) for name in names}
    if len(set(units.values())) < 2:
        return None
    with_unit = next(name for name in names if units[name])
    other = next(name for name in names if units[name] != units[with_unit])
    return ("UNITS_MIXED", (
        f"The series '{with_unit}' and '{other}' are measured in different units, and one axis can show only "
        f"one. Say which to chart, e.g. 'chart {other} by …', or ask for one chart per measure."))


def check_gaps(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    return (_subject_in_first_label(reader) or _label_asked_without_value(reader)
            or _series_in_different_units(reader))
