"""The chart check's reading of which fields of structured data are drawn, by the call's own arguments.

The check reads the grid (faithful_grid.py) and the picks (picks.py) from the intent on its own; this module
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

from dataclasses import replace
from typing import Any

from .picks import FieldPicks, choose_fields, numbered_labels, picks_swap, same_field

Refusal = tuple[str, str]
_Structured = Any  # faithful_grid._Structured: (series, label or x, readings) points and the data's field names


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
    choice = choose_fields(series, picks, structured.label_name, structured.y_name, intent, scatter_asked)
    if choice.refusal:
        return ("UNREADABLE_INTENT", choice.refusal)
    if choice.pair:
        return _pairs(structured, *choice.pair)
    if choice.kept is None:
        return structured
    named = choice.kept
    kept = [(s if len(named) > 1 else None, label, readings) for s, label, readings in structured.points if s in named]
    return replace(structured, points=kept, y_name=named[0] if len(named) == 1 else None)


def _numbered_x(structured: _Structured, picks: FieldPicks) -> _Structured:
    """{"x_field": "week", "rows": [{"week": 1, "retention": 100}, …]}: the x picked is the labels' field, and
    they are plain numbers (not years), so the one series is x/y pairs."""
    if not any(same_field(p, structured.label_name) for p in picks.x) or any(s is not None for s, _, _ in structured.points):
        return structured
    if not numbered_labels([str(label).strip() for _, label, _ in structured.points]):
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
    if not picks_swap(picks, structured.x_name, structured.y_name) or any(len(r) != 1 for _, _, r in structured.points):
        return structured
    points = [(None, next(iter(readings)), frozenset({x})) for _, x, readings in structured.points]
    return replace(structured, points=points, x_name=structured.y_name, y_name=structured.x_name)
