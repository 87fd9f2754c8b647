"""The chart check's reading of which fields of structured data are drawn, by the call's own arguments.

The check reads the grid (faithfulness.py) and the picks (picks.py) from the intent on its own; this module
says what a faithful chart of that grid holds when the arguments name fields, or when the fields' own names
say what they are:

- `{"y_field": "y", "rows": [{"month": "Jan", "y": 3.2, "target": 4.0}]}`: only "y" is drawn, one series;
  "target" is not data. A pick that names no field of several is refused: which to draw is not certain.
- `"value_label": "pallets shipped"` beside records keyed "value" and "sku_count": "value" is the value.
- `[{"id": "s1", "x": 1.5, "y": 3.0}]`: fields named "x" and "y" ("x_value", "y coord") are x/y pairs (the id names a point at most);
  with another number beside them and no pick, which to draw is not certain, and it is refused.
- x and y picks both naming numeric fields, or a scatter asked of records with two numbers each: x/y pairs.
- Pairs whose x pick names the field read as y are read the other way round.

`pick_fields` returns the grid to compare the chart with, or (code, message) of a refusal.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .picks import FieldPicks, axis_of_field, pair_order, same_field

Refusal = tuple[str, str]
_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_Structured = Any  # faithfulness._Structured: (series, label or x, readings) points and the data's field names


def pick_fields(structured: _Structured, picks: FieldPicks, intent: str, scatter_asked: bool) -> _Structured | Refusal:
    """The grid a faithful chart holds (see the module docstring), or a refusal."""
    if structured.pairs:
        return _oriented(structured, picks)
    picked = _picked(structured, picks, intent, scatter_asked)
    if isinstance(picked, tuple) or picked.pairs:
        return picked
    return _numbered_x(picked, picks)


def _picked(structured: _Structured, picks: FieldPicks, intent: str, scatter_asked: bool) -> _Structured | Refusal:
    series = list(dict.fromkeys(s for s, _, _ in structured.points if s is not None))
    if len(series) < 2:
        return structured
    named = [s for s in series if any(same_field(p, s) for p in picks.y)]
    unknown = [p for p in picks.y if not any(same_field(p, s) for s in series)
               and not same_field(p, structured.label_name) and not same_field(p, structured.y_name)]
    if unknown:
        return ("UNREADABLE_INTENT", (
            f"The arguments name '{unknown[0]}' as the field to draw, but the data's fields are "
            f"{', '.join(repr(s) for s in series)}. Name one of them, e.g. \"y_field\": \"{series[0]}\"."))
    column = picks.unknown_column([*series, structured.label_name, structured.y_name])
    if column:
        return ("UNREADABLE_INTENT", (
            f"The intent asks for the '{column}' column, but the data's columns are "
            f"{', '.join(repr(s) for s in series)}. Name one of them, e.g. 'chart the {series[0]} column'."))
    x_named = [s for s in series if any(same_field(p, s) for p in picks.x)]
    axes = {axis_of_field(s): s for s in series}
    if not named and not x_named and "x" in axes and "y" in axes and len([s for s in series if axis_of_field(s)]) == 2:
        if len(series) > 2:
            others = ", ".join(repr(s) for s in series if not axis_of_field(s))
            return ("UNREADABLE_INTENT", (
                f"The records hold x/y pairs and also {others}, and nothing says which to draw. Send the x and y "
                "alone, or name them, e.g. \"x_field\": \"x\", \"y_field\": \"y\"."))
        return _pairs(structured, axes["x"], axes["y"])
    if not named:
        described = [s for s in series if any(same_field(d, s) for d in picks.described)]
        named = described if len(described) == 1 else []
    if not named and not x_named and (prose_picked := picks.prose_pick(series)):  # "chart only the Units column"
        named = [prose_picked]
    if not named and not x_named:
        if scatter_asked and len(series) == 2:
            return _pairs(structured, *pair_order(intent, series[0], series[1]))
        return structured
    if x_named:
        y_series = [s for s in (named or series) if s not in x_named]
        if len(x_named) != 1 or len(y_series) != 1:
            return ("UNREADABLE_INTENT", (
                f"The arguments name '{x_named[0]}' as x, but which field is y is not certain. Name it, e.g. "
                f"\"y_field\": \"{y_series[0] if y_series else series[0]}\"."))
        return _pairs(structured, x_named[0], y_series[0])
    kept = [(s if len(named) > 1 else None, label, readings) for s, label, readings in structured.points if s in named]
    return replace(structured, points=kept, y_name=named[0] if len(named) == 1 else None)


def _numbered_x(structured: _Structured, picks: FieldPicks) -> _Structured:
    """{"x_field": "week", "rows": [{"week": 1, "retention": 100}, …]}: the x picked is the labels' field, and
    they are plain numbers (not years), so the one series is x/y pairs."""
    if not any(same_field(p, structured.label_name) for p in picks.x) or any(s is not None for s, _, _ in structured.points):
        return structured
    xs = [_PLAIN_NUMBER.fullmatch(str(label).strip()) for _, label, _ in structured.points]
    if not all(xs) or all(_YEAR.fullmatch(str(label).strip()) for _, label, _ in structured.points):
        return structured
    points = [(None, float(str(label).strip()), readings) for _, label, readings in structured.points]
    return replace(structured, pairs=True, points=points, x_name=structured.label_name)


def _pairs(structured: _Structured, x: str, y: str) -> _Structured | Refusal:
    """Two numeric fields of one grid as x/y pairs, matched by label (the label names a point at most)."""
    xs = {label: readings for s, label, readings in structured.points if s == x}
    ys = [(label, readings) for s, label, readings in structured.points if s == y]
    if any(len(xs.get(label, ())) != 1 for label, _ in ys) or len(xs) != len(ys):
        return ("UNREADABLE_INTENT", (
            f"The fields '{x}' and '{y}' read as x/y pairs, but not every record gives one number for each. Give "
            "both in every record, e.g. [{\"x\": 1.5, \"y\": 3.0}]."))
    points = [(None, next(iter(xs[label])), readings) for label, readings in ys]
    return replace(structured, pairs=True, points=points, x_name=x, y_name=y)


def _oriented(structured: _Structured, picks: FieldPicks) -> _Structured:
    """x/y pairs the other way round when the picks name the field read as y as x (or x as y)."""
    if not structured.x_name or not structured.y_name:
        return structured
    swapped = any(same_field(p, structured.y_name) for p in picks.x) or any(same_field(p, structured.x_name) for p in picks.y)
    straight = any(same_field(p, structured.x_name) for p in picks.x) or any(same_field(p, structured.y_name) for p in picks.y)
    if not swapped or straight or any(len(readings) != 1 for _, _, readings in structured.points):
        return structured
    points = [(None, next(iter(readings)), frozenset({x})) for _, x, readings in structured.points]
    return replace(structured, points=points, x_name=structured.y_name, y_name=structured.x_name)
