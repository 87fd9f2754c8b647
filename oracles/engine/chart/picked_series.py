"""The reader's side of the fields a call's arguments pick (picks.py): which series of structured data to draw.

The same rules the check holds the chart to (picks_check.py), applied to the drafter's own reading:
`{"y_field": "y", "rows": [{"month": "Jan", "y": 3.2, "target": 4.0}]}` draws "y" alone; `"value_label"` beside
records keyed "value" draws "value"; records keyed "x" and "y" (or two numbers each with a scatter asked, or an
x and a y pick) are x/y pairs. What is not certain is refused with a rewrite, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..contracts import EngineRefusal
from .picks import FieldPicks, axis_of_field, pair_order, read_field_picks, same_field
from .reading_model import Label, Number, ReadData, SeriesData

_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d\d")
# Readings whose series are fields of records or columns of a grid (not names written in prose).
STRUCTURED_SOURCES = frozenset({"json", "table", "csv", "records"})


def apply_field_picks(intent: str, read: ReadData, asked_mark: str | None) -> ReadData:
    """The series the picks (or the fields' own names) say to draw; `read` unchanged when none apply."""
    if read.source not in STRUCTURED_SOURCES:
        return read
    picks = read_field_picks(intent)
    if read.pairs:
        return _oriented(read, picks)
    picked = _picked(intent, read, picks, asked_mark)
    return picked if picked.pairs else _numbered_x(picked, picks)


def _picked(intent: str, read: ReadData, picks: FieldPicks, asked_mark: str | None) -> ReadData:
    names = [s.name for s in read.series if s.name]
    if len(read.series) < 2 or len(names) != len(read.series):
        return read
    named = [n for n in names if any(same_field(p, n) for p in picks.y)]
    unknown = [p for p in picks.y if not any(same_field(p, n) for n in names)
               and not same_field(p, read.x_title) and not same_field(p, read.y_title)]
    if unknown:
        raise EngineRefusal("UNREADABLE_INTENT", (
            f"The arguments name '{unknown[0]}' as the field to draw, but the data's fields are "
            f"{', '.join(repr(n) for n in names)}. Name one of them, e.g. \"y_field\": \"{names[0]}\"."))
    column = picks.unknown_column([*names, read.x_title, read.y_title])
    if column:
        raise EngineRefusal("UNREADABLE_INTENT", (
            f"The intent asks for the '{column}' column, but the data's columns are "
            f"{', '.join(repr(n) for n in names)}. Name one of them, e.g. 'chart the {names[0]} column'."))
    x_named = [n for n in names if any(same_field(p, n) for p in picks.x)]
    axes = {axis_of_field(n): n for n in names}
    if not named and not x_named and "x" in axes and "y" in axes and len([n for n in names if axis_of_field(n)]) == 2:
        if len(names) > 2:
            raise EngineRefusal("UNREADABLE_INTENT", (
                "The records hold x/y pairs and other numbers too, and nothing says which to draw. Send the x and y "
                "alone, or name them, e.g. \"x_field\": \"x\", \"y_field\": \"y\"."))
        return _pairs(read, axes["x"], axes["y"])
    if not named:
        described = [n for n in names if any(same_field(d, n) for d in picks.described)]
        named = described if len(described) == 1 else []
    if not named and not x_named and (prose_picked := picks.prose_pick(names)):  # "chart only the Units column"
        named = [prose_picked]
    if not named and not x_named:
        if asked_mark == "point" and len(names) == 2:
            return _pairs(read, *pair_order(intent, names[0], names[1]))
        return read
    if x_named:
        y_names = [n for n in (named or names) if n not in x_named]
        if len(x_named) != 1 or len(y_names) != 1:
            raise EngineRefusal("UNREADABLE_INTENT", (
                f"The arguments name '{x_named[0]}' as x, but which field is y is not certain. Name it, e.g. "
                f"\"y_field\": \"{y_names[0] if y_names else names[0]}\"."))
        return _pairs(read, x_named[0], y_names[0])
    kept = [s for s in read.series if s.name in named]
    if len(kept) == 1:
        return replace(read, series=[SeriesData(None, kept[0].points)], y_title=read.y_title or kept[0].name)
    return replace(read, series=kept)


def _numbered_x(read: ReadData, picks: FieldPicks) -> ReadData:
    """{"x_field": "week", "rows": [{"week": 1, "retention": 100}, …]}: the x picked is the labels' field and they
    are plain numbers (not years): x/y pairs."""
    if len(read.series) != 1 or not any(same_field(p, read.x_title) for p in picks.x):
        return read
    labels = [str(label).strip() for label, _ in read.series[0].points]
    if not all(_PLAIN_NUMBER.fullmatch(label) for label in labels) or all(_YEAR.fullmatch(label) for label in labels):
        return read
    points: list[tuple[Label, Number]] = [(float(label) if "." in label else int(label), value)
                                          for label, (_, value) in zip(labels, read.series[0].points, strict=True)]
    return replace(read, series=[SeriesData(None, points)], pairs=True)


def _pairs(read: ReadData, x: str, y: str) -> ReadData:
    by_name = {s.name: s for s in read.series}
    xs, ys = by_name[x].points, by_name[y].points
    if [label for label, _ in xs] != [label for label, _ in ys]:
        raise EngineRefusal("UNREADABLE_INTENT", (
            f"The fields '{x}' and '{y}' read as x/y pairs, but not every record gives one number for each. Give "
            "both in every record, e.g. [{\"x\": 1.5, \"y\": 3.0}]."))
    points: list[tuple[Label, Number]] = [(xv, yv) for (_, xv), (_, yv) in zip(xs, ys, strict=True)]
    return replace(read, series=[SeriesData(None, points)], pairs=True, x_title=x, y_title=y)


def _oriented(read: ReadData, picks: FieldPicks) -> ReadData:
    """x/y pairs the other way round when the picks name the field read as y as x (or x as y)."""
    x_name, y_name = read.x_title, read.y_title
    if not x_name or not y_name or len(read.series) != 1:
        return read
    swapped = any(same_field(p, y_name) for p in picks.x) or any(same_field(p, x_name) for p in picks.y)
    straight = any(same_field(p, x_name) for p in picks.x) or any(same_field(p, y_name) for p in picks.y)
    if not swapped or straight:
        return read
    points: list[tuple[Label, Number]] = [(y, x) for x, y in read.series[0].points]  # type: ignore[misc]
    return replace(read, series=[SeriesData(None, points)], x_title=y_name, y_title=x_name)
