"""The chart check's side of uneven numbered x (numbered.py): refuse such labels drawn as categories where
they are the x, place "week 4 48" and "4 weeks 48" as the x/y pair (4, 48), and read a grid keyed by them
as pairs. Each takes the check's reader (faithfulness.py) and reads only the intent and the drawn chart.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .numbered import numbers_run_along_x, uneven_numbers

_Reader = Any
Refusal = tuple[str, str]
Stem = tuple[str, str]  # ("before", "week") of "week 4", ("after", "week") of "4 weeks"

# "week 4", "W4": the word right before a number ("#" allowed), read as the stem of a numbered axis
_STEM_BEFORE = re.compile(r"(?<![\w-])([^\W\d_][^\W\d_'’]*)[ \t]*#?$")
_UNIT_AFTER_NUMBER = re.compile(r"[ \t]*([^\W\d_]{1,12})\b")  # "4 weeks": the unit after the number


def numbered_axis_refusal(reader: _Reader, asked: set[str]) -> Refusal | None:
    """"week 1 100, week 2 64, week 4 48" drawn as categories on a line (or "against week number"): they stand
    evenly apart, so the uneven numbers must be the x of x/y pairs."""
    by_series: dict[str | None, list[str]] = {}
    for point in reader.points:
        by_series.setdefault(point.series, []).append(str(point.label))
    for labels in by_series.values():
        uneven = uneven_numbers(labels)
        if uneven is None:
            continue
        stem, numbers = uneven
        if numbers_run_along_x(reader.intent, stem, reader.mark) and reader.mark != "arc" \
                and not (reader.mark == "bar" and "bar" in asked):
            return ("SHAPE_NOT_ASKED", (
                f"The labels number the x axis unevenly ({stem} {', '.join(map(str, numbers))}), but drawn as "
                "categories they stand evenly apart. Draw them as x/y pairs, e.g. 'line of retention against "
                f"{stem}: ({numbers[0]}, …), ({numbers[1]}, …)', or ask for bars."))
    return None


def numbered_stem(reader: _Reader, tokens: list[Any]) -> Stem | None:
    """"week 1 100, W2 64, week 4 48" or "1 week 100, 2 weeks 64" drawn as x/y pairs: the one word before (or
    unit after) every drawn x, where numbered.py says such numbers are the x; None otherwise."""
    if reader.mark not in ("line", "area") and not reader._axes_named():
        return None
    common: set[Stem] | None = None
    for point in reader.points:
        x = _number_key(point.label)
        words = {context for token in tokens if x in token.readings for context in numbered_contexts(reader.intent, token)}
        common = words if common is None else common & words
    if not common or len(common) != 1:
        return None
    side, word = next(iter(common))
    return (side, word) if numbers_run_along_x(reader.intent, word, reader.mark) else None


def numbered_contexts(intent: str, token: Any) -> set[Stem]:
    """The words that could number the axis at this number: the word before it, the unit after it."""
    contexts = set()
    before = _STEM_BEFORE.search(intent, max(0, token.start - 30), token.start)
    if before:
        contexts.add(("before", before.group(1).casefold()))
    after = _UNIT_AFTER_NUMBER.match(intent, token.end)
    if after:
        contexts.add(("after", after.group(1).casefold().rstrip("s")))
    return contexts


def numbered_pair(intent: str, stem: Stem | None, x: Any, gap: str) -> bool:
    """"week 4 48", "4 weeks 48": x is a number of the axis's stem and only the stem's unit (or a colon) stands
    between it and y."""
    if stem is None or stem not in numbered_contexts(intent, x):
        return False
    pattern = r"[ \t]*:?[ \t]*[$€£¥]?" if stem[0] == "before" else rf"[ \t]*{re.escape(stem[1])}s?\.?[ \t]*:?[ \t]*[$€£¥]?"
    return re.fullmatch(pattern, gap, re.IGNORECASE) is not None


def numbered_structured(reader: _Reader, structured: Any) -> Any | None:
    """A grid whose labels number the x unevenly ({"week 1": 100, "week 2": 64, "week 4": 48}), read as x/y pairs
    where numbered.py says they are; None otherwise."""
    labels: dict[str | None, list[str]] = {}
    for series, label, _ in structured.points:
        labels.setdefault(series, []).append(str(label))
    readings = [uneven_numbers(names) for names in labels.values()]
    if not readings or any(r is None for r in readings) or len({r[0].casefold() for r in readings if r}) != 1:
        return None
    stem = readings[0][0]  # type: ignore[index]
    if not numbers_run_along_x(reader.intent, stem, reader.mark):
        return None
    numbers = {name: dict(zip(names, r[1], strict=True)) for (name, names), r in zip(labels.items(), readings, strict=True) if r}
    return replace(structured, pairs=True, points=[(s, numbers[s][str(lbl)], v) for s, lbl, v in structured.points])


def _number_key(value: Any) -> float:
    return float(f"{float(value):.10g}")
