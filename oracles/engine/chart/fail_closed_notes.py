"""Fail-closed rules of the chart check about notes that change what the drawn values are, beside
fail_closed_claims.py (statements about the data, which the drawn values must agree with):

- Which slot or column holds which series ("Note: first number is cost"), against the drawn order.
- Notes that change what values are: a unit said for some labels only ("UK and DE figures are in EUR"), a
  sign said for all ("all values are negative") the values do not carry, a note drawn as a label ("The pears
  number is per box" of "… per box of 6").

Each returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

from .fail_closed_claims import contradicted, drawn_by_series, label_mentions

_Reader = Any
Refusal = tuple[str, str]

# "Note: first number is cost", "the second column is 2024", "left value = target": which slot or column holds
# which series, said apart from the data.
_ORDINALS = {"first": 0, "1st": 0, "left": 0, "leftmost": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2,
             "last": -1, "right": -1, "rightmost": -1}
_SLOT_NOTE = re.compile(
    r"\b(?:the\s+)?(?P<ordinal>first|1st|second|2nd|third|3rd|last|left|leftmost|right|rightmost)\s+"
    r"(?:(?:number|numeric|value|data)\s+)?(?:number|value|figure|column|col|one|series|bar|slot|entry)s?\s+"
    r"(?:is|are|=|:|shows?|gives?|holds?|means?|represents?|stands\s+for)\s+(?:the\s+)?"
    r"(?P<name>[^\W_][\w'’ -]{0,40}?)\s*(?=[.,;!?)\n\"]|$)", re.IGNORECASE)


# "UK and DE figures are in EUR": a unit said for some of the labels only.
_UNIT_FOR_SOME = re.compile(
    r"(?:\s*(?:,|and|&|\+)?\s*(?P<more>\S[^,.;:\n]{0,30}?))??\s*(?:(?:figures?|values?|numbers?|amounts?|data|ones?)\s+)?"
    r"(?:are|is|were|was)\s+(?:all\s+|also\s+|actually\s+)?(?:in|measured\s+in|given\s+in|quoted\s+in|stated\s+in)\s+"
    r"(?P<unit>[$€£¥%°]|[A-Z]{3}\b|(?:euros?|dollars?|pounds?|yen|percent|km|miles?|kg|lbs?|pounds|hours?|minutes?|seconds?|ms|"
    r"thousands|millions|billions|hundreds)\b)", re.IGNORECASE)
# The part every match of _UNIT_FOR_SOME holds ("are in", "is measured in"): searched once, before any label is.
_UNIT_SAID = re.compile(r"(?:are|is|were|was)\s+(?:all\s+|also\s+|actually\s+)?(?:in|measured\s+in|given\s+in|quoted\s+in|"
                        r"stated\s+in)\s+", re.IGNORECASE)
# "all values are negative", "these are losses": a sign said for the values, which the drawn values must carry.
_NEGATIVE_NOTE = re.compile(
    r"\b(?:all\s+)?(?:the\s+)?(?:values|figures|numbers|amounts|these|they|all)\s+(?:are|were|should\s+be|are\s+all)\s+"
    r"(?:all\s+)?(?:negative|losses|deficits|below\s+zero|in\s+the\s+red|minus)\b", re.IGNORECASE)
# A drawn label that is a sentence about the data: "The pears number is per box" (of "… is per box of 6"). A
# label that is a sentence about something else ("Pricing is confusing", "Q2 Tools are adequate") is a name.
_SENTENCE_VERB = re.compile(r"\b(?:is|are|was|were|includes?|included|means)\b", re.IGNORECASE)
_DATA_NOUN = re.compile(r"\b(?:numbers?|figures?|values?|counts?|amounts?|totals?|data|stats?|readings?)\b", re.IGNORECASE)



def check_notes(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    for rule in (_note_as_label, _unit_for_some, _sign_note, _series_order):
        refusal = rule(reader)
        if refusal:
            return refusal
    return None


def _series_order(reader: _Reader) -> Refusal | None:
    """"Jan 120/80 … Note: first number is cost": a note saying which slot or column holds which series, which
    the drawn series' order must match (the series are drawn in the order their slots or columns are read)."""
    order = list(dict.fromkeys(p.series for p in reader.points if p.series))
    if len(order) < 2:
        return None
    folded = {" ".join(name.lower().split()): name for name in order}
    for match in _SLOT_NOTE.finditer(reader.intent):
        name = folded.get(" ".join(match.group("name").lower().split()))
        if name is None:
            continue
        index = _ORDINALS[match.group("ordinal").lower()]
        if order[index] != name:
            return contradicted(match.group(0), f"the {match.group('ordinal').lower()} series drawn is '{order[index]}'")
    return None


def _note_as_label(reader: _Reader) -> Refusal | None:
    """"The pears number is per box of 6": a note drawn as a label and its number as a value. A label of four
    words or more holding a verb of a sentence ("is", "includes") and a word for the data ("number", "figure")
    reads as a note about the data."""
    for label in dict.fromkeys(p.label for p in reader.points if isinstance(p.label, str)):
        words = label.split()
        if len(words) >= 4 and _SENTENCE_VERB.search(label) and _DATA_NOUN.search(label) and label[:1] not in "\"'“‘":
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' reads as a sentence about the data, not as a name, so its number is not a value "
                "to draw. Put notes apart from the data (or leave them out), e.g. 'apples 12, pears 8 (per box)'."))
    return None


def _unit_for_some(reader: _Reader) -> Refusal | None:
    """"US 120, UK 90, DE 80. UK and DE figures are in EUR": a unit said for some labels and not the others
    puts two units on one axis."""
    series = drawn_by_series(reader)
    labels = {label for values in series.values() for label in values}
    if len(labels) < 2 or not _UNIT_SAID.search(reader.intent):  # no "… are in EUR": no label needs finding
        return None
    mentions = label_mentions(reader, labels)
    for mention in mentions:
        match = _UNIT_FOR_SOME.match(reader.intent, mention.end)
        if not match:
            continue
        named = {mention.label} | {m.label for m in mentions if match.start("more") <= m.start < match.end("more")} \
            if match.group("more") else {mention.label}
        if named < labels:
            return ("UNITS_MIXED", (
                f"The intent says {', '.join(sorted(named))} {'are' if len(named) > 1 else 'is'} in "
                f"{match.group('unit')}, and the other values are not, so one axis would show two units. Convert them "
                "to one unit, e.g. 'US 120, UK 104, DE 92 (all in USD)'."))
    return None


def _sign_note(reader: _Reader) -> Refusal | None:
    """"all values are negative (losses)" beside values written without a sign: the note changes every value."""
    match = reader.scan.first(_NEGATIVE_NOTE)
    if match and any(point.value > 0 for point in reader.points):
        return contradicted(match.group(0), "values drawn above zero")
    return None
