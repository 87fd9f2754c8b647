"""Fail-closed rules of the chart check about what a value or a series *is*, beside fail_closed.py.

- A label that holds a change ("organic rose 18%" drawn for "organic rose 18% to 5,400"): a drawn label
  with a number and a change word (rose, fell, up, down, grew, +4%, …) mixes the change into the name.
- A value given as a bound ("C <5", "over 100", "≥ 20", "up to 30", "less than 4"): not an exact value.
- The request names some of the drawn series and not others ("chart p95_ms per endpoint" over objects with
  p50_ms, p95_ms and calls; a CSV of two columns followed by "just the first one by name"): the chart
  draws series that were not asked for.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

from .approximate import hedged_label_refusal, hedged_value_refusal
from .picks import prose_of

_Reader = Any
Refusal = tuple[str, str]

_CHANGE_WORDS = re.compile(
    r"\b(?:rose|rise|rises|risen|rising|fell|fall|falls|fallen|falling|up|down|grew|grow|grows|grown|growing|"
    r"dropped|drop|drops|slipped|slip|slips|climbed|climb|climbs|increased|increase|increases|decreased|"
    r"decrease|decreases|gained|gain|gains|lost|loses|jumped|jump|jumps|declined|decline|declines|surged|"
    r"plunged|soared|sank|dipped|shrank|shrunk)\b", re.IGNORECASE)
_SIGNED_PERCENT = re.compile(r"(?:^|(?<=[\s(]))[+\-−]\s?\d[\d.,]*\s?(?:%|pp|pts?|percent)", re.IGNORECASE)

_DIGIT = re.compile(r"\d")
_BOUND_MARKS = "<>≤≥~≦≧≲≳"
# A bound word or sign right before a value: "over 100", "≥ 20", "up to 30", "less than 4", "<5". The sign stands
# apart ("</b> 5" closes a tag); "~15" is an approximate value, which the reader reads as 15 (not a bound).
_BOUND_BEFORE = re.compile(
    r"(?:(?:^|(?<=[\s:=(]))[<>≤≥≦≧]=?|\b(?:over|under|below|above|upwards\s+of|up\s+to|(?:no\s+|not\s+)?(?:less|more|fewer|greater)"
    r"\s+than|at\s+(?:least|most)|(?:a\s+)?(?:maximum|minimum)\s+of))\s*$", re.IGNORECASE)
# Or after it: "5 or more", "20 or fewer", "30+," (a "+" glued on and closing the item, not "120 + 45").
_BOUND_AFTER = re.compile(r"^(?:\+(?=\s*(?:[,;.)\n]|$))|\s+or\s+(?:more|less|fewer|above|below|over|under|higher|lower)\b)",
                          re.IGNORECASE)


def check_values(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    for rule in (_change_in_label, _bounds, _hedged, _unit_glued_to_next_label, _series_not_asked):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    return None


def _hedged(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A value hedged other than by a documented approximate marker, or a label ending on a hedge (approximate.py)."""
    return hedged_label_refusal(_labels(reader), reader.drawn.scan) or hedged_value_refusal(reader.scan, reader.numbers, used)


def _unit_glued_to_next_label(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"v2.3.1: 14 crashes v2.4.0: 31 v2.4.1: 9": a label of several words written before its own value, every
    other label one word, whose lowercase first word follows a drawn value with only spaces between: that word
    is the value's unit ("7 closed for cleaning." is a value-first item, its label after its value)."""
    labels = _labels(reader)
    ends = {token.end for token in reader.numbers if token.start in used}
    for label in labels:
        words = label.split()
        if len(words) < 2 or not words[0].isalpha() or not words[0].islower():
            continue
        if any(len(other.split()) > 1 for other in labels if other != label):
            continue
        for start, end in label_spans.get(label, []):
            gap = re.search(r"[ \t]+$", reader.intent[:start])
            # the label is written before a value of its own ("… v2.4.0: 31"), unlike "7 closed for cleaning."
            value_after = re.match(r"\s*[:=]?\s*[-−+$€£¥]?\d", reader.intent[end:end + 8])
            if gap and gap.start() in ends and value_after:
                return ("LABEL_NOT_IN_INTENT", (
                    f"The label '{label}' starts with '{words[0]}', written right after the value before it, so it may "
                    f"be that value's unit. Put a separator between items, e.g. '14 {words[0]}, {' '.join(words[1:])}: …'."))
    return None


def _labels(reader: _Reader) -> list[str]:
    names = [p.label for p in reader.points if isinstance(p.label, str)]
    names += [p.series for p in reader.points if isinstance(p.series, str)]
    return list(dict.fromkeys(names))


def holds_change(label: str) -> bool:
    """A label with a number and a change word, or a signed percent: "north rose 12%", "west +4%"."""
    return bool(_SIGNED_PERCENT.search(label) or (_DIGIT.search(label) and _CHANGE_WORDS.search(label)))


def _change_in_label(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A drawn label with a number and a change word holds a change, not a name."""
    if not (reader.drawn.scan.may_match(_SIGNED_PERCENT) or reader.drawn.scan.may_match(_CHANGE_WORDS)):
        return None  # no name holds a signed percent or a change word
    for label in _labels(reader):
        if holds_change(label):
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' holds a change, not a name. Give one value per name, e.g. "
                "'organic 5,400, paid 2,100' (chart the change on its own if you want it)."))
    return None


def _bounds(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """A value given as a bound ("<5", "over 100", "up to 30") is not an exact value to draw."""
    for label in _labels(reader):
        stripped = label.strip()
        # "C <" (of "C <5") ends on the bound of its value; "<1 yr" is a bin that names its own bound.
        if stripped and (stripped[-1] in _BOUND_MARKS or (stripped[0] in _BOUND_MARKS and not re.search(r"\d", stripped))):
            return ("VALUE_NOT_PLACED", (
                f"The label '{label}' carries a bound sign, so its value is a bound, not an exact value. Give the "
                "exact value, e.g. 'C 4', or leave it out."))
    intent = reader.intent
    bound_after_said = reader.scan.may_match(_BOUND_AFTER)
    for token in reader.numbers:
        if token.start not in used:
            continue
        before, after = intent[max(0, token.start - 24):token.start], intent[token.end:token.end + 12]
        # _BOUND_BEFORE ends in a bound word or sign (then spaces): where neither stands last, it is not searched
        last = before.rstrip()[-1:]
        bound_before = bool(last) and (last.isalpha() or last in "<>≤≥≦≧=") and _BOUND_BEFORE.search(before)
        if bound_before or (bound_after_said and _BOUND_AFTER.search(after)):
            bound = (_BOUND_BEFORE.search(before) or _BOUND_AFTER.search(after)).group(0).strip()  # type: ignore[union-attr]
            return ("VALUE_NOT_PLACED", (
                f"'{token.text}' is given as a bound ('{bound}'), not as an exact value, so the chart cannot draw it. "
                "Give the exact value, e.g. 'C 4', or leave it out."))
    return None


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[_\-]+", " ", text).casefold().split())


def _series_not_asked(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """The prose around the pasted data names some drawn series and not others: the others were not asked."""
    return series_not_named(reader, prose_of(reader.intent))


def series_not_named(reader: _Reader, asks: str) -> Refusal | None:
    """The asks (prose, or a JSON ask's text) name some drawn series and not others: refused, naming both."""
    series = list(dict.fromkeys(p.series for p in reader.points if isinstance(p.series, str) and p.series.strip()))
    if len(series) < 2:
        return None
    prose = _normal(asks)
    named = [s for s in series if re.search(rf"(?<!\w){re.escape(_normal(s))}(?!\w)", prose)]
    if not named or len(named) == len(series):
        return None
    asked = ", ".join(f"'{s}'" for s in named)
    others = ", ".join(f"'{s}'" for s in series if s not in named)
    return ("REQUEST_NOT_HONOURED", (
        f"The intent asks for {asked}, but the chart also draws {others}. Send only the column(s) to chart, "
        f"e.g. 'chart {named[0]}: …' with those values alone."))
