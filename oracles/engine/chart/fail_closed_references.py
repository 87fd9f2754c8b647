"""Fail-closed rules of the chart check about labels that are not categories of the data, beside fail_closed.py.

- A reference value drawn as a category: a label holding a target or measure word (references.py: target,
  goal, threshold, SLO, benchmark, average, baseline, …) that is stated apart from the data ("…, W5 1,502. Our
  target is 1,500.", or opening a sentence after the data: "…, Ben 85. Benchmark 80"), written as a clause ("The
  threshold for paging", "a goal"), or drawn among periods ("Jan 10, Feb 12, Target 15", "…, SLA 99.9, SLO 99.95"). It reads as one more week or one more bar. A target stated apart is left out
  of the chart by the reader and its number counts as not data (faithfulness.py); anything else is refused.
  "Accuracy: ours 0.84, baseline 0.71" or "Actual 120, Target 150" list it as a category and pass.
- The measure glued to a period ("Jan sales were 12, Feb 15, Mar 14" drawn as 'Jan sales', 'Feb', 'Mar';
  "Q1 revenue 120, Q2 135"), or drawn in its place ("Mon: steps 8200, Tue 10400, Wed 6900" drawn as 'steps',
  'Tue', 'Wed'): every other label is a period alone, so this one holds the measure, not a name. Refused with
  the rewrite that puts the measure in the subject.

- The subject glued to the first name ("Donut: revenue mix B2B 62%, B2C 31%, B2G 7%" drawn as 'revenue mix B2B'):
  the first label ends with a coded name written like every other one ("B2C", "mq-02"), the words before it are
  the subject. Refused with the rewrite that puts the subject before a colon.
- A second value for a drawn name, said in a sentence after the data ("North 40, South 55. Finance's sheet
  says North closed 45") and drawn as one more bar ('Finance's sheet says North'): refused, naming both values.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from .calendar import is_time_like
from .references import MEASURE_WORDS, TARGET_WORDS, reference_statements

_Reader = Any
Refusal = tuple[str, str]

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_CLAUSE_OPENERS = frozenset("our the my a an this their your its his her".split())
_LOWER_WORD = re.compile(r"[a-z][a-z'’-]*")
_LOWER, _UPPER, _DIGITS = re.compile(r"[a-z]"), re.compile(r"[A-Z]"), re.compile(r"\d")
_NOT_LETTER = re.compile(r"[^A-Za-z]")
_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)")  # not a dash: "North 40 — South 55 — Far North 12" is one list
# The words of the item before a label ("Mon: steps", "In 2021 sales", "FY23 net income"): a period cut off it.
_ITEM_BEFORE = re.compile(r"[^,;\n|]{0,30}$")
_PERIOD_REACH = 30


def check_references(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    if reader.pairs:
        return None
    return (_reference_as_category(reader, label_spans, used) or _measure_among_periods(reader, label_spans)
            or _subject_glued_to_first_name(reader, label_spans) or _second_value_said_apart(reader, label_spans, used))


def _labels(reader: _Reader) -> list[str]:
    return list(dict.fromkeys(p.label for p in reader.points if isinstance(p.label, str)))


def _reference_as_category(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                           used: set[int]) -> Refusal | None:
    """"W5 1,502. Our target is 1,500." drawn with a bar 'Our target': a reference read as one more category."""
    labels = _labels(reader)
    words_of = {label: [w.lower() for w in _WORD.findall(label)] for label in labels}
    words = {label: next((w for w in ws if w in TARGET_WORDS or w in MEASURE_WORDS), None) for label, ws in words_of.items()}
    references = [label for label in labels if words[label]]
    if not references:
        return None
    names = [label for label in labels if not words[label]]
    among_periods = bool(names) and all(is_time_like(name) for name in names)  # "Jan 10, Feb 12, SLA 99.9, SLO 99.95"
    statements = reference_statements(reader.intent)
    ends = sorted(token.end for token in reader.numbers if token.start in used)
    for label in references:
        spans = label_spans.get(label, [])
        # said in a statement of its own, or opening a sentence after the data ("Ben 85. Benchmark 80, …")
        apart = bool(spans) and all(any(r.start <= a < r.end for r in statements) or _after_a_break(reader, ends, a)
                                    for a, _ in spans)
        if not (among_periods or apart or words_of[label][0] in _CLAUSE_OPENERS):
            continue
        word = words[label]
        value = next(p.value for p in reader.points if p.label == label)
        kind = "period" if among_periods else "category"
        if word in TARGET_WORDS:
            how = (f"Forma draws no reference lines: say it in a sentence of its own after the data, e.g. 'Our {word} is "
                   f"{value:g}.', and it is left out of the chart and named in the notes, or leave it out.")
        else:
            how = (f"Leave it out, or, to draw it as a bar, give it as one more name of the list, e.g. "
                   f"'…, {word} {value:g}', among names that are not periods.")
        return ("VALUE_NOT_PLACED", (
            f"I could not place '{label}' ({value:g}) as a {kind} of the data: {_a(word)} is a reference for the data, "
            f"not one of them, and the chart would draw it as one more {kind}. {how}"))
    return None


def _after_a_break(reader: _Reader, ends: list[int], start: int) -> bool:
    """A sentence ends between the drawn value before `start` and `start` ("…, Ben 85. Benchmark 80")."""
    index = bisect_right(ends, start) - 1
    return index >= 0 and _SENTENCE_BREAK.search(reader.intent, ends[index], start) is not None


def _measure_among_periods(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]]) -> Refusal | None:
    """"Jan sales were 12, Feb 15, Mar 14" drawn as 'Jan sales' (or as 'sales', the period cut into the title):
    every other label is a period alone, so this one holds the measure, not a name."""
    labels = _labels(reader)
    odd = [label for label in labels if not is_time_like(label)]
    if len(labels) < 2 or len(odd) != 1:
        return None
    label = odd[0]
    periods = [other for other in labels if other != label]
    value = next(p.value for p in reader.points if p.label == label)
    other_value = next(p.value for p in reader.points if p.label == periods[0])
    words = label.split()
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        if is_time_like(head) and all(_LOWER_WORD.fullmatch(w) for w in words[cut:]):
            period, measure = head, tail
        elif is_time_like(tail) and all(_LOWER_WORD.fullmatch(w) for w in words[:cut]):
            period, measure = tail, head
        else:
            continue
        return ("LABEL_NOT_IN_INTENT", (
            f"The label '{label}' holds '{measure}', which names the measure, not the period, while the other labels "
            f"are periods alone ('{periods[0]}'). Put the measure in the subject, e.g. '{measure}: {period} {value:g}, "
            f"{periods[0]} {other_value:g}'."))
    if len(periods) < 2 or not all(_LOWER_WORD.fullmatch(w) for w in words):
        return None
    for start, _ in label_spans.get(label, []):
        cut = _period_cut_off(reader.intent[max(0, start - _PERIOD_REACH):start])
        if cut:
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' is not a period, while every other label is ('{periods[0]}', '{periods[1]}'): "
                f"it is the measure after the period '{cut}', which is not drawn. Put the measure in the subject, "
                f"e.g. '{label}: {cut} {value:g}, {periods[0]} {other_value:g}'."))
    return None


def _first_in_text(reader: _Reader, labels: list[str], label_spans: dict[str, list[tuple[int, int]]]) -> list[str]:
    return sorted(labels, key=lambda lbl: min((a for a, _ in label_spans.get(lbl, [])), default=len(reader.intent)))


def _shape(word: str) -> str:
    """"B2B" → "A9A", "mq-01" → "aa-99": the pattern of a coded name."""
    return _DIGITS.sub("9", _UPPER.sub("A", _LOWER.sub("a", word)))


def _subject_glued_to_first_name(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]]) -> Refusal | None:
    """"Donut: revenue mix B2B 62%, B2C 31%, B2G 7%" drawn as 'revenue mix B2B': the first label ends with a coded
    name like every other label ("B2C", "B2G"), or a lowercase subject stands before a cased name like every
    other ("downloads iOS 1.2k, Android 3.4k"), and the words before it are the subject."""
    labels = _labels(reader)
    if len(labels) < 3:
        return None
    first, *others = _first_in_text(reader, labels, label_spans)
    width = {len(other.split()) for other in others}
    words = first.split()
    if len(width) != 1 or len(words) <= (size := width.pop()):
        return None
    head, tail = words[:-size], " ".join(words[-size:])
    coded = _NOT_LETTER.search(tail) and all(_shape(other) == _shape(tail) for other in others)
    prefixed = len(tail) > 2 and all(other[:2] == tail[:2] for other in others)
    # "downloads iOS 1.2k, Android 3.4k, Web 860": a lowercase subject before a cased name, like every other one
    cased = size == 1 and all(w.islower() for w in head) and tail[:1].isalpha() and not tail.islower() \
        and all(other[:1].isalpha() and not other.islower() for other in others)
    if not (coded or prefixed or cased) or not all(w.isalpha() for w in head):
        return None
    subject = " ".join(head)
    if len(head) == 1 and len(re.findall(rf"\b{re.escape(subject)}s?\b", reader.intent, re.IGNORECASE)) > 1:
        return None  # "mean length per sample: sample S1 = 42.5, S2 = 39.8": the kind of the names, said in the subject
    value = next(p.value for p in reader.points if p.label == first)
    return ("LABEL_NOT_IN_INTENT", (
        f"The label '{first}' holds '{subject}' before the name '{tail}', which is written like every other name "
        f"('{others[0]}'): '{subject}' is the subject, not part of the name. Put it before a colon, e.g. "
        f"'{subject}: {tail} {value:g}, {others[0]} …'."))


def _second_value_said_apart(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                             used: set[int]) -> Refusal | None:
    """"North 40, South 55. Finance's sheet says North closed 45" drawn with a bar 'Finance's sheet says North': a
    second value for a name already drawn, said in a sentence after the data."""
    labels = _labels(reader)
    if len(labels) < 2:
        return None
    names = {label.casefold(): label for label in labels}
    ends = sorted(token.end for token in reader.numbers if token.start in used)
    for label in labels:
        words = label.split()
        for size in range(1, len(words)):  # a word or more before the name
            name = names.get(" ".join(words[-size:]).casefold())
            if name is None:
                continue
            for start, _ in label_spans.get(label, []):
                if _after_a_break(reader, ends, start):
                    value = next(p.value for p in reader.points if p.label == label)
                    first = next(p.value for p in reader.points if p.label == name)
                    return ("VALUE_NOT_PLACED", (
                        f"'{label}' ({value:g}) names '{name}' again, already drawn with {first:g}, in a sentence after "
                        f"the data: a second value for one name is not one more bar. Say which value to chart, e.g. "
                        f"'{name} {value:g}' in the list, and leave the other out."))
    return None


def _period_cut_off(before: str) -> str | None:
    """The period in the item right before a label, followed only by lowercase words ("FY23 net " → "FY23")."""
    item = _ITEM_BEFORE.search(before)
    tokens = [t.strip(":") for t in (item.group(0) if item else "").split()]
    for index in range(len(tokens)):
        for width in (2, 1):
            said = " ".join(tokens[index:index + width])
            rest = tokens[index + width:]
            if len(tokens[index:index + width]) == width and is_time_like(said) and all(_LOWER_WORD.fullmatch(t) for t in rest):
                return said
    return None


def _a(word: str) -> str:
    if word in ("sla", "slo"):
        return f"an {word.upper()}"
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"
