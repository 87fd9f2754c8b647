"""Structured data (JSON, markdown tables, TSV/CSV, YAML, assigned lists): the chart check's own reading
of the grid (faithfulness.py), never the drafter's."""


from __future__ import annotations

import ast
import csv
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, NoReturn

from .calendar import is_time_like
from .faithful_reading import Unfaithful, _fold, _number_key
from .faithful_words import _strict, _year_like
from .notation import balanced_end, flattened_record, unique_keys
from .values import stated_numbers
from .vocabulary import RANK_BOTTOM_KEYS, RANK_LIMIT_KEYS, RANK_TOP_KEYS
from .yaml_block import yaml_blocks


@dataclass
class _Structured:
    kind: str  # "JSON" | "table"
    pairs: bool
    points: list[tuple[str | None, Any, frozenset[float]]]  # (series, label or x, readings of the value)
    start: int
    end: int
    spans: tuple[tuple[int, int], ...] = ()  # where the data are written, when not all of start..end
    # the field names the data give, for the fields a call's arguments pick (picks_check.py): the labels', and
    # of x/y pairs the x's and the y's
    label_name: str | None = None
    x_name: str | None = None
    y_name: str | None = None


def _cell_readings(cell: Any) -> frozenset[float] | None:
    if isinstance(cell, bool) or cell is None:
        return None
    if isinstance(cell, int | float):
        return frozenset({_number_key(cell)})
    text = str(cell).strip()
    accounting = re.fullmatch(r"\(\s*([$€£¥]?\d[\d,]*(?:\.\d+)?)\s*\)", text)
    if accounting:  # "(1,200)" alone in a cell: accounting notation for -1,200
        readings = _cell_readings(accounting.group(1))
        return frozenset(-r for r in readings) if readings else None
    if not re.fullmatch(r"[-−+]?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:[kKMB]|bn|mn|thousand|million|billion))?"
                        r"\s?(?:%|°\s?[CF]?|[A-Za-zµ/]{1,5})?", text):
        return None
    if re.fullmatch(r"[-−+]?\d+,\d{1,2}\s?%?", text):
        text = text.replace(",", ".")  # a cell holds one number: "41,5" has a decimal comma
    numbers = [_strict(n) for n in stated_numbers(text)]  # "1,820" is 1820, never 1 or 820
    return numbers[0].readings if len(numbers) == 1 and numbers[0].readings else None


def _is_numeric_column(cells: list[Any]) -> bool:
    return bool(cells) and all(_cell_readings(c) is not None for c in cells)


# "mar,-", "| south | 8 | |", "Q3, n/a": a cell that stands where a value would, holding none
_PLACEHOLDER = re.compile(r"\s*(?:-+|–|—|n/?a|na|tbd|tbc|null|none|\?+|)\s*", re.IGNORECASE)


def _refuse_placeholder_values(header: list[str] | None, rows: list[list[Any]], columns: list[list[Any]]) -> None:
    """A column of values with a row that has none would be drawn without that row: it is refused, by name."""
    for i, cells in enumerate(columns):
        given = [c for c in cells if not (isinstance(c, str) and _PLACEHOLDER.fullmatch(c))]
        if len(given) == len(cells) or len(given) < 2 or not _is_numeric_column(given):
            continue
        row = next(r for r, c in zip(rows, cells, strict=True) if isinstance(c, str) and _PLACEHOLDER.fullmatch(c))
        name = next((str(c).strip() for c in row if _cell_readings(c) is None and not _PLACEHOLDER.fullmatch(str(c))), "a row")
        column = f" under '{str(header[i]).strip()}'" if header and i < len(header) else ""
        raise Unfaithful("VALUE_MISSING", (
            f"'{name}' has no value{column} ('{str(row[i]).strip()}'), so the chart would leave it out without saying so. "
            f"Give its value, e.g. '{name},0' if it was zero, or leave the row out."))


def _grid_points(header: list[str] | None, rows: list[list[Any]], kind: str, start: int, end: int) -> _Structured | None:
    width = len(rows[0])
    if width < 2 or any(len(r) != width for r in rows):
        return None
    columns = [[r[i] for r in rows] for i in range(width)]
    _refuse_placeholder_values(header, rows, columns)
    numeric = [i for i in range(width) if _is_numeric_column(columns[i])]
    text = [i for i in range(width) if i not in numeric]
    names = header or [None] * width
    if not numeric:
        return None
    if not text and len(numeric) >= 2:
        first = columns[numeric[0]]
        label_named = header is not None and str(header[0]).strip().lower() in {
            "year", "month", "day", "week", "quarter", "date", "period", "label", "category", "name"}
        if label_named or all(_year_like(str(c).strip()) for c in first):
            text, numeric = [numeric[0]], numeric[1:]
        elif len(numeric) == 2:
            x, y = numeric
            points = [(None, next(iter(_cell_readings(r[x]) or {0.0})), _cell_readings(r[y]) or frozenset())
                      for r in rows]
            if any(len(_cell_readings(r[x]) or ()) != 1 for r in rows):
                return None
            return _Structured(kind, True, points, start, end, x_name=header and str(header[x]),  # type: ignore[arg-type]
                               y_name=header and str(header[y]))
        else:
            return None
    if not text:
        return None
    if len(numeric) > 1 and any(all(_year_like(str(c).strip()) for c in columns[i]) for i in numeric):
        return None  # names, years and values: which is the series is not certain, and years are never values
    label = text[0]
    out: list[tuple[str | None, Any, frozenset[float]]] = []
    if len(text) == 2 and len(numeric) == 1:
        # Long format ("region, quarter, sales"): the column of times runs along the axis and the other
        # names the series. With no such column either could be the series, so it is refused.
        label, series_column = _time_axis(columns[text[0]], columns[text[1]], text[0], text[1])
        for r in rows:
            out.append((str(r[series_column]).strip(), str(r[label]).strip(), _cell_readings(r[numeric[0]]) or frozenset()))
        return _Structured(kind, False, out, start, end, label_name=header and str(header[label]),
                           y_name=header and str(header[numeric[0]]))
    if len(text) > 1:
        return None
    for i in numeric:
        series = str(names[i]).strip() if names[i] is not None and len(numeric) > 1 else None
        if len(numeric) > 1 and not series:
            return None
        for r in rows:
            out.append((series, str(r[label]).strip(), _cell_readings(r[i]) or frozenset()))
    return _Structured(kind, False, out, start, end, label_name=header and str(header[label]),
                       y_name=header and len(numeric) == 1 and str(header[numeric[0]]) or None)


def _structured_points(intent: str) -> _Structured | None:
    return _assigned_points(intent) or _json_points(intent) or _yaml_points(intent) or _table_points(intent)


# Keys whose text only describes the chart: a number in it ("title: Sprint 42 mix") is no value.
DESCRIBING_KEYS = frozenset("""
title subtitle caption heading name label unit units x_label y_label xlabel ylabel x_title
y_title xtitle ytitle x_axis y_axis type kind chart chart_type mark
""".split())


def _text_leaves(value: Any, key: str = "") -> Iterable[tuple[str, str]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _text_leaves(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _text_leaves(v, key)
    elif isinstance(value, str):
        yield key, value


def _numbers_in_text_are_names(value: Any, read: _Structured) -> bool:
    """A text member with a number in it is a drawn label or series name, or describes the chart
    ("title: Q3 2025"); otherwise ("note: about 40 more") its number would pass unread."""
    names = {_fold(str(label)) for _, label, _ in read.points} | {_fold(s) for s, _, _ in read.points if s}
    return all(not re.search(r"\d", text) or _fold(text.strip()) in names or key.strip().lower() in DESCRIBING_KEYS
               for key, text in _text_leaves(value))


def _read_value(value: Any, start: int, end: int, kind: str) -> _Structured | None:
    """The first data-carrying reading of a parsed value (see `_json_candidates`), every number in it
    accounted for; None when it holds no grid or hides a number in its text."""
    for candidate in _json_candidates(value):
        read = _json_grid(candidate, start, end)
        if read is not None:
            if not _numbers_in_text_are_names(value, read):
                return None
            _json_numbers_accounted(value, read)
            return replace(read, kind=kind)
    return None


def _yaml_points(intent: str) -> _Structured | None:
    """A YAML block ("series:\n  - name: Red\n    values: {Jan: 12}") read like the JSON it stands for."""
    for start, end, value in yaml_blocks(intent):
        read = _read_value(value, start, end, "YAML")
        if read is not None:
            return read
    return None


_ASSIGNED = re.compile(r"(?<![\w.\"'])([A-Za-z_]\w{0,30})[ \t]*(?:=|:)[ \t]*(?=[\[(])")


def _literal(text: str) -> Any:
    """A Python literal as the JSON-like value it writes (tuples as lists); None when it is none."""
    try:
        for node in ast.walk(ast.parse(text.strip(), mode="eval")):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                if len(set(keys)) != len(keys):
                    _given_twice(next(k for k in keys if keys.count(k) > 1))
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None

    def plain(v: Any) -> Any:
        if isinstance(v, list | tuple):
            items = [plain(i) for i in v]
            if any(i is _NOT_PLAIN for i in items):
                return _NOT_PLAIN
            return items
        if isinstance(v, dict):
            out = {str(k): plain(i) for k, i in v.items() if isinstance(k, str | int | float) and not isinstance(k, bool)}
            if len(out) != len(v) or any(i is _NOT_PLAIN for i in out.values()):
                return _NOT_PLAIN
            return out
        if isinstance(v, float) and v != v or isinstance(v, float) and v in (float("inf"), float("-inf")):
            return _NOT_PLAIN
        if isinstance(v, str | int | float) or v is None:
            return v
        return _NOT_PLAIN

    result = plain(value)
    return None if result is _NOT_PLAIN else result


_NOT_PLAIN = object()


def _assigned_points(intent: str) -> _Structured | None:
    """Lists given names in code or a call: "months = ['Jan', 'Feb']\nsales = [1200, 1350]",
    "plot(labels=['A', 'B'], values=[3, 5])": one object of those names, each list where it is written."""
    found: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    for match in _ASSIGNED.finditer(intent):
        end = balanced_end(intent, match.end())
        if end is None or intent[match.end()] == "(" and (":" in match.group(0) or re.match(r"\s*,\s*\(", intent[end:])):
            continue  # "men: (170, 65), (182, 81)": one pair of several, not a named tuple of values
        value = _literal(intent[match.end():end])
        if isinstance(value, list) and value and all(isinstance(v, str | int | float) for v in value):
            # (a list of lists or tuples, "men: (170, 65), (182, 81)", holds pairs, not one named column)
            if match.group(1) in found:
                return None  # one name given two lists: which one holds is not certain
            found[match.group(1)] = value
            spans.append((match.end(), end))  # type: ignore[arg-type]
    if len(found) < 2:
        return None
    read = _read_value(found, spans[0][0], spans[-1][1], "code")
    return replace(read, spans=tuple(spans)) if read is not None else None


def _given_twice(key: Any) -> NoReturn:
    raise Unfaithful("UNREADABLE_INTENT", (
        f"The data give '{key}' twice, so which value holds is not certain. Give each label once, e.g. "
        '{"Berlin": 120, "Munich": 95}.'))


def _json_points(intent: str) -> _Structured | None:
    match = re.search(r"[\[{]", intent)
    if match is None:
        return None
    start = match.start()
    try:
        value, end = json.JSONDecoder(object_pairs_hook=partial(unique_keys, given_twice=_given_twice)).raw_decode(intent, match.start())
    except (json.JSONDecodeError, RecursionError, ValueError):
        # the same data written as a Python literal: {'city': ['Lagos', 'Accra'], 'pm25': [68.1, 41.7]}
        close = balanced_end(intent, start)
        value = _literal(intent[start:close]) if close is not None else None
        if not isinstance(value, dict | list) or not value:
            return None
        return _read_value(value, start, close, "Python literal")  # type: ignore[arg-type]
    if not isinstance(value, dict | list) or not value:
        return None
    for candidate in _json_candidates(value):
        read = _json_grid(candidate, start, end)
        if read is not None:
            _json_numbers_accounted(value, read)
            return read
    raise Unfaithful("UNREADABLE_INTENT", (
        'I could not read the JSON as chart data. Send label→value pairs, e.g. {"Mon": 34, "Tue": 41} or '
        '[{"day": "Mon", "signups": 34}].'))


# JSON members whose number describes the request, not the data: {"top": 5, "width": 600, "year": 2024}.
JSON_SETTING_KEYS = frozenset("""
top limit n sample sample_size width height size version precision decimals digits id page year max min
bins bin_count rows columns font_size dpi scale
""".split()) | RANK_TOP_KEYS | RANK_BOTTOM_KEYS | RANK_LIMIT_KEYS  # {"top_n": 3}: a ranking asked (ranking_check.py)


def _json_leaves(value: Any, key: str = "") -> Iterable[tuple[str, float]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _json_leaves(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _json_leaves(v, key)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield key, _number_key(value)


def _json_numbers_accounted(value: Any, read: _Structured) -> None:
    """Every number in the JSON is drawn (as a value, or as an x or a label), or sits under a key that
    sets up the chart ("top", "width") or is a year: {"sales": {…}, "target": 150} is refused."""
    left: dict[float, int] = {}
    for _, number in _json_leaves(value):
        left[number] = left.get(number, 0) + 1
    for _, label, readings in read.points:
        label_readings = frozenset({_number_key(label)}) if isinstance(label, int | float) else _cell_readings(label)
        for options in (readings, label_readings or frozenset()):
            number = next((n for n in options if left.get(n)), None)
            if number is not None:
                left[number] -= 1
    for key, number in _json_leaves(value):
        if not left.get(number):
            continue
        left[number] -= 1
        if key.strip().lower() in JSON_SETTING_KEYS or (number.is_integer() and _year_like(str(int(number)))):
            continue
        raise Unfaithful("VALUE_MISSING", (
            f"The JSON holds {number:g} under '{key}', which the chart does not show. Put every value in the data "
            f'(e.g. {{"data": {{"A": 1, "{key}": {number:g}}}}}) or leave it out.'))


def _json_candidates(value: Any, depth: int = 0) -> list[Any]:
    """The value itself, then (for tool-call-like payloads) its data-carrying members, nested up to
    three levels ({"payload": {"points": [...]}})."""
    out = [value]
    if isinstance(value, dict) and depth < 3:
        members = [value[key] for key in ("data", "values", "rows", "points", "series", "records", "items") if key in value]
        members += [v for v in value.values() if isinstance(v, dict | list) and all(v is not m for m in members)]
        for member in members:
            out.extend(c for c in _json_candidates(member, depth + 1) if all(c is not o for o in out))
    return out


def _json_grid(value: Any, start: int, end: int) -> _Structured | None:
    if isinstance(value, dict) and value:
        header = next((value[k] for k in ("columns", "fields", "headers", "header") if isinstance(value.get(k), list)), None)
        body = next((value[k] for k in ("data", "rows", "values") if isinstance(value.get(k), list)), None)
        if header and body and all(isinstance(c, str) for c in header) \
                and all(isinstance(row, list) and len(row) == len(header) for row in body):
            # {"columns": ["team", "pts"], "rows": [["Red", 31], …]}: a table split into its header and rows
            return _grid_points(header, body, "JSON", start, end)
        columns = {str(k): v for k, v in value.items() if isinstance(v, list) and v}
        names = [k for k, v in columns.items() if all(isinstance(x, str) and _cell_readings(x) is None for x in v)]
        numeric = [k for k, v in columns.items() if all(_cell_readings(x) is not None for x in v)]
        if not names and len(numeric) == 2 and len(columns) == 2 and len(columns[numeric[0]]) == len(columns[numeric[1]]) \
                and all(isinstance(v, str) for k, v in value.items() if k not in columns):
            # {"x": [1, 2], "y": [10, 14]}: two lists of numbers and nothing else (but words: "type": "scatter")
            # are x/y pairs; x is the key named "x", else the first one given
            x_key, y_key = numeric if numeric[1].strip().lower() != "x" else numeric[::-1]
            if any(len(_cell_readings(v) or ()) != 1 for v in columns[x_key]):
                return None
            return _Structured("JSON", True, [(None, next(iter(_cell_readings(a) or {0.0})), _cell_readings(b) or frozenset())
                                              for a, b in zip(columns[x_key], columns[y_key], strict=True)], start, end,
                               x_name=x_key, y_name=y_key)
        if len(names) == 1 and numeric and all(len(columns[k]) == len(columns[names[0]]) for k in numeric):
            # parallel lists: {"x": ["Sprint 41", …], "y": [34, …]}; other members only describe them
            return _Structured("JSON", False, [(k if len(numeric) > 1 else None, str(label), _cell_readings(v))  # type: ignore[misc]
                                               for k in numeric for label, v in zip(columns[names[0]], columns[k], strict=True)],
                               start, end, label_name=names[0], y_name=numeric[0] if len(numeric) == 1 else None)
        grouped = [v for v in value.values() if isinstance(v, dict) and v and all(isinstance(x, list) for x in v.values())]
        if len(names) == 1 and not numeric and len(grouped) == 1:
            # {"x": ["Mon", "Tue"], "series": {"orders": [120, 135]}}: named lists as long as the names
            labels = columns[names[0]]
            if any(len(data) != len(labels) or any(_cell_readings(x) is None for x in data) for data in grouped[0].values()):
                return None
            return _Structured("JSON", False, [(str(name), str(label), _cell_readings(x)) for name, data in grouped[0].items()  # type: ignore[misc]
                                               for label, x in zip(labels, data, strict=True)], start, end)
        datasets = [v for v in value.values() if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)]
        if len(names) == 1 and not numeric and len(datasets) == 1:
            # {"labels": [...], "datasets": [{"label": "2023", "data": [10, 12]}]}: named lists as long as the names
            labels = columns[names[0]]
            points = []
            for item in datasets[0]:
                name = next((item[k] for k in ("label", "name", "series") if isinstance(item.get(k), str)), None)
                data = next((item[k] for k in ("data", "values", "y") if isinstance(item.get(k), list)), None)
                if name is None or data is None or len(data) != len(labels) or any(_cell_readings(x) is None for x in data):
                    return None
                points.extend((name, str(label), _cell_readings(x)) for label, x in zip(labels, data, strict=True))
            return _Structured("JSON", False, points, start, end)  # type: ignore[arg-type]
        for key in ("series", "data", "datasets"):
            listed = value.get(key)
            if isinstance(listed, list) and listed and all(isinstance(i, dict) for i in listed):
                points = []
                for item in listed:
                    name = next((item[k] for k in ("name", "label", "series") if isinstance(item.get(k), str)), None)
                    data = next((item[k] for k in ("points", "values", "data") if isinstance(item.get(k), dict)), None)
                    if name is None or data is None or not all(_cell_readings(x) is not None for x in data.values()):
                        points = []
                        break
                    points.extend((name, str(k), _cell_readings(x)) for k, x in data.items())
                if points:
                    return _Structured("JSON", False, points, start, end)  # type: ignore[arg-type]
        items = list(value.items())
        if all(_cell_readings(v) is not None for _, v in items):
            return _Structured("JSON", False, [(None, str(k), _cell_readings(v)) for k, v in items], start, end)  # type: ignore[misc]
        if len(items) > 1 and all(isinstance(v, dict) and v and all(_cell_readings(x) is not None for x in v.values())
                                  for _, v in items):
            cells = [(str(name), str(k), _cell_readings(x)) for name, inner in items for k, x in inner.items()]
            label_side, _ = _time_axis([c[1] for c in cells], [c[0] for c in cells], 1, 0)
            # {"2023": {"North": 10}}: the times are the labels and the inner names the series
            return _Structured("JSON", False, [(c[1 - label_side], c[label_side], c[2]) for c in cells],  # type: ignore[misc]
                               start, end)
        if all(isinstance(v, list) for _, v in items) and len({len(v) for _, v in items}) == 1:
            keys = [str(k) for k, _ in items]
            rows = [[v[i] for _, v in items] for i in range(len(items[0][1]))]
            return _grid_points(keys, rows, "JSON", start, end) if rows else None
        return None
    if isinstance(value, list) and value:
        rows = [v for v in value if isinstance(v, list)]
        if len(rows) == len(value) >= 3 and len({len(r) for r in rows}) == 1 and len(rows[0]) >= 2 \
                and all(isinstance(c, str) and _cell_readings(c) is None for c in rows[0]) \
                and any(_is_numeric_column([r[i] for r in rows[1:]]) for i in range(len(rows[0]))):
            # [["Stage", "Candidates"], ["Applied", 1200], …]: a first row of names over the rows is their header
            return _grid_points([str(c) for c in rows[0]], [list(r) for r in rows[1:]], "JSON", start, end)
        if all(isinstance(v, list) and len(v) == 2 for v in value):
            return _grid_points(None, [list(v) for v in value], "JSON", start, end)
        if all(isinstance(v, dict) for v in value):
            value = [flattened_record(item) for item in value]  # {"metrics": {"open": 14}} → {"metrics.open": 14}
            keys: list[str] = []
            for item in value:
                keys.extend(k for k in item if k not in keys)
            if any(set(item) != set(keys) for item in value):
                return None
            return _grid_points(keys, [[item[k] for k in keys] for item in value], "JSON", start, end)
    return None


def _table_points(intent: str) -> _Structured | None:
    lines = intent.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for index, line in enumerate(lines):
        if index and "|" in lines[index - 1] and re.fullmatch(r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*", line):
            header = _pipe_cells(lines[index - 1])
            body = []
            for row in lines[index + 1:]:
                if "|" not in row:
                    break
                body.append(_pipe_cells(row))
            end = offsets[index + 1 + len(body)]
            if body and all(len(r) == len(header) for r in body):
                return _grid_points(header, _sum_row_dropped(body), "table", offsets[index - 1], end)
            raise Unfaithful("UNREADABLE_INTENT", "Every row of the table needs as many cells as its header.")
    for delimiter in ("\t", ";", "|", "  ", ","):  # "|": pipe rows with no "---" line under the header
        block: list[int] = []
        for index, line in enumerate([*lines, ""]):
            cells = _split_cells(line, delimiter)
            if len(cells) >= 2 and (not block or len(cells) == len(_split_cells(lines[block[0]], delimiter))):
                block.append(index)
                continue
            while len(block) > 3 and not any(_cell_readings(c) is not None or (i and _PLACEHOLDER.fullmatch(c))
                                             for i, c in enumerate(_split_cells(lines[block[-1]], delimiter))):
                block = block[:-1]  # "-- donut please, title 'Q3'" after the rows: a sentence with a comma, no row
            if len(block) >= 3 or (len(block) >= 2 and delimiter == "\t"):
                grid = [_split_cells(lines[i], delimiter) for i in block]
                numeric_cells = [c for c in grid[0] if _cell_readings(c) is not None]
                years_header = len(numeric_cells) < len(grid[0]) and all(_year_like(c) for c in numeric_cells) and not all(
                    _year_like(row[grid[0].index(numeric_cells[0])]) for row in grid[1:]) if numeric_cells else False
                header, body = (None, grid) if numeric_cells and not years_header else (grid[0], grid[1:])
                read = _grid_points(header, body, "table", offsets[block[0]], offsets[block[-1] + 1])
                if read is not None:
                    return read
            block = [index] if len(cells) >= 2 else []
    return None


def _split_cells(line: str, delimiter: str) -> list[str]:
    """Cells of one pasted row: quoted cells keep their commas ("Smith, J.",42); columns aligned with
    runs of spaces (a sheet copied as text) split at two or more spaces."""
    if delimiter == "|":
        return _pipe_cells(line) if "|" in line else [""]
    if delimiter == "  ":
        cells = [c for c in re.split(r"\s{2,}", line.strip())] if line.strip() else [""]
        return ["", *cells] if re.match(r"\s{2,}\S", line) else cells  # a blank corner above the row names
    if '"' in line:
        return [c.strip() for c in next(csv.reader([line], delimiter=delimiter, skipinitialspace=True), [])]
    return [c.strip() for c in line.split(delimiter)]


def _time_axis(first: list[Any], second: list[Any], first_id: int, second_id: int) -> tuple[int, int]:
    """(label, series) of two columns of names: the one that is all times is the label. Two columns
    of times: the first given is the label. No column of times: which is the series cannot be told."""
    first_timed = all(is_time_like(str(c).strip()) for c in first)
    second_timed = all(is_time_like(str(c).strip()) for c in second)
    if first_timed or second_timed:
        return (first_id, second_id) if first_timed else (second_id, first_id)
    raise Unfaithful("VALUE_NOT_PLACED", (
        "The data have two columns of names and I could not tell which one is the series. Give one row per "
        "label and one column per series, e.g. 'store | Jan | Feb' rows, or {\"North\": {\"Jan\": 10, \"Feb\": 12}}."))


def _header_words(intent: str) -> list[str]:
    """Words of the first line of a table or spreadsheet paste (its column names)."""
    for line in intent.split("\n"):
        if "\t" in line or line.count("|") >= 2 or line.count(",") >= 1 and not re.search(r"\d", line):
            return _fold(line).replace("|", " ").replace("\t", " ").replace(",", " ").split()
    return []


def _pipe_cells(line: str) -> list[str]:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return [re.sub(r"^(\*\*|__|\*|_)(\S(?:.*\S)?)\1$", r"\2", cell) for cell in cells]  # "**Total**": emphasis only


def _sum_row_dropped(body: list[list[str]]) -> list[list[str]]:
    """The rows without a last "Total" row whose every number is the exact sum of its column above
    (the sum is no data); unchanged otherwise, so a total that is not the sum is drawn and refused."""
    if len(body) < 3 or _fold(body[-1][0]).strip().rstrip(":") not in {"total", "totals", "sum", "overall", "grand total", "all"}:
        return body
    checked = 0
    for column in range(1, len(body[-1])):
        total = _cell_readings(body[-1][column])
        parts = [_cell_readings(row[column]) for row in body[:-1]]
        if total is None or len(total) != 1 or any(p is None or len(p) != 1 for p in parts):
            return body
        if abs(sum(next(iter(p)) for p in parts) - next(iter(total))) > 1e-9 * max(1.0, abs(next(iter(total)))):  # type: ignore[arg-type]
            return body
        checked += 1
    return body[:-1] if checked else body
