"""Fail-closed rules for what the data leave open: a label asked for with no value, and series
measured in different units on one axis. (A subject run into the first label is refused in
fail_closed_references.py.)

- "W1 120, W2 135, W3 150. Also add W4." / "…, also include Wednesday": a label of the list's own kind
  is asked for but has no value. Drawing the chart without it leaves out what was asked. So is an item
  of the list that opens with such a label and has words for its value ("…, Mar same as last year").
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


# "Jan 100, Feb 115, Mar same as last year": an item of the list opening with a label of the list's own
# kind, with words where its value should be. The chart would leave it out.
_ITEM_OPENING = re.compile(r"(?:^|[,;\n]|\band\b)\s*(?P<what>[A-Za-z]{1,12}\.?(?:[ -]?\d{1,4})?)(?=\s+[^\W\d])",
                           re.IGNORECASE | re.MULTILINE)


def _label_of_the_list_without_value(reader: _Reader, used: set[int]) -> Refusal | None:
    if reader.pairs or not used or len({p.series for p in reader.points}) > 1:
        return None
    labels = [str(p.label) for p in reader.points]
    drawn = {label.casefold().rstrip(".") for label in labels}
    for match in _ITEM_OPENING.finditer(reader.intent, min(used)):
        what = match.group("what").strip()
        if what.casefold().rstrip(".") in drawn or not _same_kind(what, labels):
            continue
        return ("VALUE_MISSING", (
            f"'{what}' is in the list but has words instead of a value, so the chart would leave it out. "
            f"Give its value in digits like the others, e.g. '{what} 120', or leave it out."))
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


# The kind of measure a series name says without a unit mark: money beside a count ("Units" and "Revenue") is two
# units on one axis as surely as "($)" beside "(count)". Words that can be either ("sales", "margin") say no kind.
_MEASURE_KINDS = {
    "money": re.compile(r"\b(?:revenues?|costs?|prices?|spend(?:ing)?|profits?|income|budgets?|turnover|salar(?:y|ies)|"
                        r"wages?|fees?|earnings|expenses?|expenditures?|gmv|arr|mrr|umsatz|umsätze|kosten|preis(?:e)?|"
                        r"chiffre\s+d['’]affaires|co[uû]ts?|prix|ingresos|costos?|precios?|receitas?|custos?|pre[çc]os?|"
                        r"ricavi|costi|prezzi|omzet|prijzen?)\b", re.IGNORECASE),
    "count": re.compile(r"\b(?:units?|count|orders|users|visits|visitors|sign[\s-]?ups|customers|headcount|tickets|"
                        r"downloads|quantity|qty|sessions|clicks|employees|people|installs|subscribers|members|"
                        r"stück|anzahl|nombre|unités|unidades|cantidad|quantidade|unit[àa]|quantit[àa]|aantal|stuks)\b",
                        re.IGNORECASE),
    "percent": re.compile(r"\b(?:rate|percent(?:age)?|share|ratio)\b", re.IGNORECASE),
}


def _kind_of(series: str) -> str | None:
    kinds = {kind for kind, pattern in _MEASURE_KINDS.items() if pattern.search(series)}
    return kinds.pop() if len(kinds) == 1 else None


def _series_of_different_kinds(reader: _Reader) -> Refusal | None:
    """"Product / Units / Revenue": a count and an amount of money on one axis, with no unit mark to tell them."""
    names = list(dict.fromkeys(str(p.series) for p in reader.points if p.series is not None))
    if len(names) < 2:
        return None
    kinds = {name: _kind_of(name) for name in names}
    known = [name for name in names if kinds[name]]
    other = next((name for name in known if kinds[name] != kinds[known[0]]), None) if known else None
    if other is None:
        return None
    return ("UNITS_MIXED", (
        f"The series '{known[0]}' ({kinds[known[0]]}) and '{other}' ({kinds[other]}) are different kinds of measure, "
        f"and one axis can show only one. Say which to chart, e.g. 'chart {other} by …', or ask for one chart per "
        "measure."))


def check_gaps(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    return (_label_asked_without_value(reader) or _label_of_the_list_without_value(reader, used)
            or _series_in_different_units(reader)
            or _series_of_different_kinds(reader))
