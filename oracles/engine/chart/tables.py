"""Structured data in an intent: JSON objects/arrays, markdown tables and CSV/TSV blocks."""

from __future__ import annotations

import ast
import csv
import io
import json
import math
import re
from functools import partial
from typing import Any, NoReturn

from ..contracts import EngineRefusal
from ..limits import json_nesting_depth
from .calendar import is_time_like
from .limits import CHART_LIMITS
from .notation import balanced_end, flattened_record, unique_keys
from .numbers import cell_unit, finite_number, parse_cell
from .reading_model import BareValues, Label, Number, ReadData, SeriesData
from .yaml_block import yaml_blocks

JSON_HINT = 'e.g. {"Mon": 34, "Tue": 41} or [{"day": "Mon", "signups": 34}]'
LABEL_COLUMN_NAMES = {"year", "month", "day", "week", "quarter", "date", "period", "label",
                      "category", "name", "time", "hour"}


def _reject_constant(name: str) -> Any:
    raise EngineRefusal("VALUE_OUT_OF_RANGE", f"The JSON contains {name}; give finite numbers.")


def _json_float(text: str) -> float:
    return float(finite_number(float(text), f"The JSON number {text[:20]}"))


def _json_int(text: str) -> int:
    try:
        return int(finite_number(int(text), f"The JSON number {text[:20]}…"))
    except ValueError as exc:  # more digits than int() accepts
        raise EngineRefusal("VALUE_OUT_OF_RANGE", "The JSON holds a number with too many digits.") from exc


def read_json(text: str) -> ReadData | BareValues | None:
    """Data written as JSON somewhere in the intent, or None when there is no JSON."""
    match = re.search(r"[\[{]", text)
    if match is None:
        return None
    start = match.start()
    if json_nesting_depth(text[start:]) > int(CHART_LIMITS["max_json_depth"]):
        raise EngineRefusal(
            "JSON_TOO_DEEP",
            f"The JSON is nested deeper than {CHART_LIMITS['max_json_depth']} levels. "
            f"Send flat data, {JSON_HINT}.",
        )
    assigned = _assigned_values(text)
    if assigned is not None:
        value, start = assigned
    else:
        value = _decode(text, start)
    if not isinstance(value, dict | list) or not value:
        return None
    read = _from_json_value(value)
    if read is None:
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"The JSON is not a shape I can chart. Send label→value pairs, {JSON_HINT}.",
        )
    read.data_start = start
    return read


def read_yaml(text: str) -> ReadData | BareValues | None:
    """Data written as a nesting YAML block ("series:\n  - name: Red\n    values: {Jan: 12}"), read
    like the JSON it stands for; None when there is no such block or it holds no data shape."""
    for start, _, value in yaml_blocks(text):
        read = _from_json_value(value)
        if read is not None:
            read.data_start = start
            return read
    return None


def _decode(text: str, start: int) -> Any:
    """The JSON value at `start`, or the same data written as a Python literal ({'Mon': 34}, tuples,
    a trailing comma); None when neither."""
    decoder = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_json_float, parse_int=_json_int,
                               object_pairs_hook=partial(unique_keys, given_twice=_refuse_twice))
    try:
        return decoder.raw_decode(text, start)[0]
    except json.JSONDecodeError:
        return _python_literal(text, start)  # "(170, 65), [draft]": brackets but not data; other readers try
    except RecursionError as exc:  # belt and braces: the depth scan should have caught it
        raise EngineRefusal("JSON_TOO_DEEP", f"The JSON is nested too deeply. Send flat data, {JSON_HINT}.") from exc


def _refuse_twice(key: Any) -> NoReturn:
    raise EngineRefusal(
        "UNREADABLE_INTENT",
        f"The data give '{key}' twice, so which value holds is not certain. Give each key once, {JSON_HINT}.",
    )


def _python_literal(text: str, start: int) -> Any:
    end = balanced_end(text, start)
    if end is None:
        return None
    try:
        for node in ast.walk(ast.parse(text[start:end].strip(), mode="eval")):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                if len(set(keys)) != len(keys):
                    _refuse_twice(next(k for k in keys if keys.count(k) > 1))
        value = ast.literal_eval(text[start:end])
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return _plain(value)


def _plain(value: Any) -> Any:
    """Tuples as lists, so a Python literal reads like the JSON it stands for; None for sets, bytes, complex."""
    if isinstance(value, tuple | list):
        items = [_plain(v) for v in value]
        return None if any(v is None for v in items) and None not in value else items
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, bool | int | float | str) or value is None:
        if isinstance(value, float) and not math.isfinite(value):
            _reject_constant(str(value))
        return value
    return None


ASSIGNED_RE = re.compile(r"(?<![\w.])([A-Za-z_][\w]{0,30})\s*(?:=|:)\s*(?=[\[{(])")


def _assigned_values(text: str) -> tuple[dict[str, Any], int] | None:
    """"labels = ['A', 'B']; values = [5, 9]" or "plot(x=[1, 2], y=[10, 20])": several names given a list
    each, read as one object of those names."""
    found: dict[str, Any] = {}
    first = -1
    for match in ASSIGNED_RE.finditer(text):
        bracket = match.end()
        value = _decode(text, bracket) if text[bracket] != "(" else _python_literal(text, bracket)
        if isinstance(value, list) and value:
            found[match.group(1)] = value
            first = match.start() if first < 0 else first
    if len(found) < 2 or re.search(r"[\[{]", text[:first]) and not re.search(r"\(\s*$", text[:first]):
        return None
    return found, first


def _number(value: Any) -> Number | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return finite_number(value, f"The value {value}")
    if isinstance(value, str):
        return parse_cell(value)
    return None


def _from_json_value(value: Any) -> ReadData | BareValues | None:
    if isinstance(value, dict):
        return _from_json_object(value)
    if all(_number(item) is not None for item in value):
        return BareValues([_number(item) for item in value])  # type: ignore[misc]
    if all(isinstance(item, list) and len(item) == 2 for item in value):
        rows = [[_cell_text(cell) for cell in item] for item in value]
        if len(rows) > 2 and all(isinstance(c, str) and _number(c) is None for c in value[0]):
            return read_grid(rows[0], rows[1:], source="json")  # [["Stage", "Candidates"], ["Applied", 1200], …]
        return read_grid(None, rows, source="json")
    if all(isinstance(item, dict) for item in value):
        value = [flattened_record(item) for item in value]  # {"metrics": {"open": 14}} → {"metrics.open": 14}
        keys: list[str] = []
        for item in value:
            keys.extend(k for k in item if k not in keys)
        rows = [[_cell_text(item.get(k, "")) for k in keys] for item in value]
        return read_grid(keys, rows, source="json")
    return None


def _cell_text(value: Any) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, dict | list):
        return "" if value is None else json.dumps(value)
    return str(value)


DATA_KEYS = ("data", "values", "points", "rows", "records", "items", "series")
NAME_KEYS = ("name", "label", "series", "key", "title")


def _from_json_object(value: dict[str, Any]) -> ReadData | BareValues | None:
    read = _plain_json_object(value)
    if read is not None:
        return read
    split = split_table(value)
    if split is not None:
        return read_grid(split[0], [[_cell_text(cell) for cell in row] for row in split[1]], source="json")
    return _parallel_arrays(value) or _series_list(value) or _labelled_datasets(value) or _named_lists(value) or _single_member(value)


_HEADER_KEYS = ("columns", "fields", "headers", "header")
_BODY_KEYS = ("data", "rows", "values")


def split_table(value: dict[str, Any]) -> tuple[list[str], list[list[Any]]] | None:
    """{"columns": ["team", "pts"], "rows": [["Red", 31], …]} (a table split into its header and rows, as
    pandas writes it): (header, rows), or None."""
    header = next((value[k] for k in _HEADER_KEYS if isinstance(value.get(k), list)), None)
    body = next((value[k] for k in _BODY_KEYS if isinstance(value.get(k), list)), None)
    if not header or not body or not all(isinstance(c, str) for c in header) \
            or not all(isinstance(row, list) and len(row) == len(header) for row in body):
        return None
    return header, body


def _named_lists(value: dict[str, Any]) -> ReadData | None:
    """{"x": ["Mon", "Tue"], "series": {"orders": [120, 135], "returns": [8, 11]}}: one list of names and
    one member holding named lists of numbers as long (one series each)."""
    texts = [v for v in value.values() if isinstance(v, list) and v and all(isinstance(x, str) and _number(x) is None for x in v)]
    groups = [v for v in value.values() if isinstance(v, dict) and v and all(isinstance(x, list) for x in v.values())]
    if len(texts) != 1 or len(groups) != 1:
        return None
    labels = texts[0]
    series = []
    for name, data in groups[0].items():
        if len(data) != len(labels) or any(_number(x) is None for x in data):
            return None
        series.append(SeriesData(str(name), [(str(label), _number(x)) for label, x in zip(labels, data, strict=True)]))  # type: ignore[misc]
    return ReadData(series, source="json")


def _labelled_datasets(value: dict[str, Any]) -> ReadData | None:
    """{"labels": ["North", "South"], "datasets": [{"label": "2023", "data": [10, 12]}, …]}: one list of
    names and named lists of numbers as long (the shape chart libraries take)."""
    texts = [v for v in value.values() if isinstance(v, list) and v and all(isinstance(x, str) and _number(x) is None for x in v)]
    groups = [v for v in value.values() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)]
    if len(texts) != 1 or len(groups) != 1:
        return None
    labels = texts[0]
    series = []
    for item in groups[0]:
        name = next((str(item[k]) for k in NAME_KEYS if isinstance(item.get(k), str)), None)
        data = next((item[k] for k in DATA_KEYS if isinstance(item.get(k), list)), None)
        if name is None or data is None or len(data) != len(labels) or any(_number(x) is None for x in data):
            return None
        series.append(SeriesData(name, [(str(label), _number(x)) for label, x in zip(labels, data, strict=True)]))  # type: ignore[misc]
    return ReadData(series, source="json")


def _parallel_arrays(value: dict[str, Any]) -> ReadData | None:
    """{"x": ["Sprint 41", …], "y": [34, …]} or {"labels": […], "revenue": […], "cost": […]}: one
    list of names and lists of numbers of the same length (a tool call's arguments)."""
    lists = {k: v for k, v in value.items() if isinstance(v, list) and v}
    texts = [k for k, v in lists.items() if all(isinstance(x, str) and _number(x) is None for x in v)]
    numbers = [k for k, v in lists.items() if all(_number(x) is not None for x in v)]
    if not texts and len(numbers) == 2 and len(lists) == 2 and len(lists[numbers[0]]) == len(lists[numbers[1]]):
        # {"x": [1, 2, 3], "y": [2.1, 3.9, 6.2]} or {"dose": […], "response": […]}: x/y pairs, x named first
        x, y = sorted(numbers, key=lambda k: k.strip().lower() != "x")  # a key named "x" is x wherever it is
        pairs: list[tuple[Label, Number]] = [(_number(a), _number(b)) for a, b in zip(lists[x], lists[y], strict=True)]  # type: ignore[misc]
        return ReadData([SeriesData(None, pairs)], pairs=True, source="json", x_title=x, y_title=y)
    if len(texts) != 1 or not numbers or any(len(lists[k]) != len(lists[texts[0]]) for k in numbers):
        return None
    labels = lists[texts[0]]
    series = [SeriesData(k if len(numbers) > 1 else None, [(str(lbl), _number(v)) for lbl, v in zip(labels, lists[k], strict=True)])  # type: ignore[misc]
              for k in numbers]
    return ReadData(series, source="json")


def _series_list(value: dict[str, Any]) -> ReadData | None:
    """{"series": [{"name": "p50", "points": {"Mon": 120}}, …]}: named series of label→value."""
    for key in DATA_KEYS:
        items = value.get(key)
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            continue
        series = []
        for item in items:
            name = next((str(item[k]) for k in NAME_KEYS if isinstance(item.get(k), str)), None)
            data = next((item[k] for k in DATA_KEYS if isinstance(item.get(k), dict | list)), None)
            inner = _plain_json_object(data) if isinstance(data, dict) else None
            if name is None or inner is None or not isinstance(inner, ReadData) or len(inner.series) != 1:
                return None
            series.append(SeriesData(name, inner.series[0].points))
        return ReadData(series, source="json")
    return None


def _single_member(value: dict[str, Any]) -> ReadData | BareValues | None:
    """{"metric": "p95", "by_service": {"auth": 84, …}}: the one member that holds data; the rest
    (names, units, chart types) describe it."""
    members = [v for v in value.values() if isinstance(v, dict | list) and v and _holds_number(v)]
    if len(members) != 1:
        return None
    return _from_json_value(members[0])


def _holds_number(value: Any) -> bool:
    """Whether a member holds data at all: {"chart": {"kind": "bar"}} beside the data only sets up the chart."""
    if isinstance(value, dict):
        return any(_holds_number(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_number(v) for v in value)
    return _number(value) is not None


def _plain_json_object(value: dict[str, Any]) -> ReadData | BareValues | None:
    if all(_number(v) is not None for v in value.values()):
        return ReadData([SeriesData(None, [(str(k), _number(v)) for k, v in value.items()])], source="json")  # type: ignore[misc]
    if len(value) == 1 and isinstance(inner := next(iter(value.values())), dict) and inner \
            and all(_number(v) is not None for v in inner.values()):
        return _plain_json_object(inner)  # {"books_read": {"Ines": 14, "Kai": 21}}: one member names the measure
    if all(isinstance(v, dict) for v in value.values()):
        series = []
        for name, inner in value.items():
            if not all(_number(v) is not None for v in inner.values()):
                return None
            series.append(SeriesData(str(name), [(str(k), _number(v)) for k, v in inner.items()]))  # type: ignore[misc]
        return ReadData(_times_along_the_axis(series), source="json")
    if all(isinstance(v, list) for v in value.values()):
        columns = list(value.items())
        length = len(columns[0][1])
        if any(len(col) != length for _, col in columns):
            return None
        rows = [[_cell_text(col[i]) for _, col in columns] for i in range(length)]
        return read_grid([name for name, _ in columns], rows, source="json")
    return None


def _times_along_the_axis(series: list[SeriesData]) -> list[SeriesData]:
    """{"North": {"Q1": 10}}: outer names are series. {"2023": {"North": 10}}: the outer keys are times,
    which run along the axis, so the inner names are the series. Refused when neither are times."""
    inner_timed = all(is_time_like(str(label)) for s in series for label, _ in s.points)
    outer_timed = all(is_time_like(str(s.name)) for s in series)
    if inner_timed:
        return series
    if not outer_timed:
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            "The JSON nests names in names and neither are times, so I cannot tell which are the series. Give "
            'one object per series keyed by label, e.g. {"North": {"Jan": 10, "Feb": 12}}, or a table.',
        )
    by_name: dict[str, SeriesData] = {}
    for outer in series:
        for label, value in outer.points:
            by_name.setdefault(str(label), SeriesData(str(label))).points.append((str(outer.name), value))
    return list(by_name.values())


def read_markdown_table(text: str) -> ReadData | BareValues | None:
    """A markdown table (`| a | b |` rows with a `|---|` separator)."""
    lines = text.splitlines()
    offset = 0
    for index, line in enumerate(lines):
        if re.match(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$", line) and index > 0 and "|" in lines[index - 1]:
            header = _markdown_cells(lines[index - 1])
            rows = []
            for row_line in lines[index + 1:]:
                if "|" not in row_line:
                    break
                rows.append(_markdown_cells(row_line))
            read = read_grid(header, without_total_row(rows), source="table")
            if read is not None:
                read.data_start = offset - len(lines[index - 1]) - 1
            return read
        offset += len(line) + 1
    return None


def _markdown_cells(line: str) -> list[str]:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return [re.sub(r"^(\*\*|__|\*|_)(\S(?:.*\S)?)\1$", r"\2", cell) for cell in cells]  # "**435**": emphasis only


TOTAL_WORDS = frozenset({"total", "sum", "overall", "grand total", "all", "totals"})


def without_total_row(rows: list[list[str]]) -> list[list[str]]:
    """A last row named "Total" whose numbers are the sums of the rows above is their sum, not a row of
    data: it is left out. A "Total" row that is not their sum stays (and is refused later as a total)."""
    if len(rows) < 3 or rows[-1][0].strip().lower().rstrip(":") not in TOTAL_WORDS:
        return rows
    summed = False
    for column in range(1, len(rows[-1])):
        total = parse_cell(rows[-1][column])
        parts = [parse_cell(row[column]) if column < len(row) else None for row in rows[:-1]]
        if total is None and not rows[-1][column].strip():
            continue
        if total is None or any(p is None for p in parts) or abs(sum(parts) - total) > 1e-9 * max(1.0, abs(total)):  # type: ignore[arg-type]
            return rows
        summed = True
    return rows[:-1] if summed else rows


def read_csv_block(text: str) -> ReadData | BareValues | None:
    """The first block of ≥2 consecutive delimited lines (tab, `;` or `,`) with a numeric column."""
    lines = text.splitlines()
    for delimiter in ("\t", ";", "|", "  ", ","):  # "|": a pipe table pasted without its "---" line
        block: list[list[str]] = []
        block_start = 0
        offset = 0
        for line in [*lines, ""]:
            if delimiter == "|":
                cells = _markdown_cells(line) if "|" in line else []
            elif delimiter == "  ":  # columns aligned with runs of spaces: a sheet copied as text
                cells = re.split(r"\s{2,}", line.strip()) if line.strip() else []
                if re.match(r"\s{2,}\S", line):
                    cells = ["", *cells]  # "      Apr   May": a header whose corner above the row names is blank
            else:
                cells = next(csv.reader(io.StringIO(line), delimiter=delimiter, skipinitialspace=True), [])
            if len(cells) >= 2 and (not block or len(cells) == len(block[0])):
                if not block:
                    block_start = offset
                block.append([c.strip() for c in cells])
            else:
                if len(block) >= (3 if delimiter == "  " else 2) and not (delimiter == "," and _comma_inside_numbers(block)):
                    read = _grid_with_optional_header(_without_trailing_prose(block))
                    if read is not None:
                        read.data_start = block_start
                        return read
                block = [[c.strip() for c in cells]] if len(cells) >= 2 else []
                block_start = offset
            offset += len(line) + 1
    return None


# "mar,-", "Q3,n/a": a cell where a value would stand, holding none
PLACEHOLDER_RE = re.compile(r"\s*(?:-+|–|—|n/?a|na|tbd|tbc|null|none|\?+)\s*", re.IGNORECASE)


def _refuse_rows_without_values(block: list[list[str]]) -> None:
    """A row of a column of values that holds a placeholder would be left out without a word: refused, by name."""
    for column in range(1, len(block[0])):
        cells = [row[column] for row in block]
        holes = [i for i, c in enumerate(cells) if PLACEHOLDER_RE.fullmatch(c)]
        values = [c for i, c in enumerate(cells) if i not in holes and parse_cell(c) is not None]
        if holes and len(values) >= 2 and len(values) + len(holes) >= len(cells) - 1:
            name = block[holes[0]][0]
            raise EngineRefusal("VALUE_MISSING", (
                f"'{name}' has no value ('{cells[holes[0]]}'), so the chart would leave it out without saying so. "
                f"Give its value, e.g. '{name},0' if it was zero, or leave the row out."))


def _without_trailing_prose(block: list[list[str]]) -> list[list[str]]:
    """"-- donut please, title 'Sprint 42 mix'" after the rows: a last line with a comma but no number
    where every row above has one is a sentence, not a row ("mar,-" is a row without its value)."""
    _refuse_rows_without_values(block)
    while len(block) > 2 and not any(parse_cell(c) is not None for c in block[-1]) \
            and all(any(parse_cell(c) is not None for c in row) for row in block[1:-1]):
        block = block[:-1]
    return block


def _comma_inside_numbers(block: list[list[str]]) -> bool:
    """"Paris 12,3" / "EU 1,204" on every line: the comma sits inside a number (a decimal comma or a
    thousands group) right after a label, it does not split two columns."""
    return all(len(row) == 2 and re.search(r"[^\W\d_].*\s[-−+]?[$€£¥]?\d{1,3}$", row[0])
               and re.fullmatch(r"\d{1,3}(?:\s?(?:%|°\s?[CF]?|[$€£¥]|[A-Za-z]{1,3}))?", row[1]) for row in block)


def _grid_with_optional_header(block: list[list[str]]) -> ReadData | BareValues | None:
    first, rest = block[0], block[1:]
    numeric_in_rest = [all(parse_cell(row[i]) is not None for row in rest) for i in range(len(first))]
    has_header = any(numeric and parse_cell(first[i]) is None for i, numeric in enumerate(numeric_in_rest))
    year_header = all(re.fullmatch(r"(?:19|20)\d\d", first[i].strip()) for i, numeric in enumerate(numeric_in_rest)
                      if numeric) and any(parse_cell(cell) is None for cell in first)
    has_header = has_header or (year_header and not _is_label_column("", rest, 0))  # "Region,2023,2024"
    if has_header:
        return read_grid(first, rest, source="csv")
    return read_grid(None, block, source="csv")


def read_grid(header: list[str] | None, rows: list[list[str]], source: str) -> ReadData | BareValues | None:
    """Rows of cells → series. Text columns are labels (first) and series (second, long format);
    numeric columns are values (one series per column, wide format); two numeric columns and no
    text column are x/y pairs."""
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        return None
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    names = list(header or []) + [f"Column {i + 1}" for i in range(len(header or []), width)]
    numeric = [i for i in range(width) if all(parse_cell(row[i]) is not None for row in rows)]
    text_cols = [i for i in range(width) if i not in numeric and any(row[i] for row in rows)]
    if not numeric:
        return None
    unit = next((u for row in rows for i in numeric if (u := cell_unit(row[i]))), None)
    if not text_cols and len(numeric) >= 2 and _is_label_column(names[numeric[0]] if header else "", rows, numeric[0]):
        text_cols, numeric = [numeric[0]], numeric[1:]
    if not text_cols:
        if len(numeric) == 1:
            return BareValues([parse_cell(row[numeric[0]]) for row in rows], unit)  # type: ignore[misc]
        if len(numeric) == 2:
            x, y = numeric
            points: list[tuple[Label, Number]] = [(parse_cell(r[x]), parse_cell(r[y])) for r in rows]  # type: ignore[misc]
            return ReadData([SeriesData(None, points)], pairs=True, source=source, unit=unit,
                            x_title=names[x] if header else None, y_title=names[y] if header else None)
        return None
    label_col = text_cols[0]
    x_title = names[label_col] if header else None
    if len(text_cols) >= 2 and len(numeric) == 1:
        label_col, series_col = _label_and_series(rows, text_cols[0], text_cols[1])
        x_title = names[label_col] if header else None
        value_col = numeric[0]
        by_name: dict[str, SeriesData] = {}
        for row in rows:
            entry = by_name.setdefault(row[series_col], SeriesData(row[series_col]))
            entry.points.append((row[label_col], parse_cell(row[value_col])))  # type: ignore[arg-type]
        return ReadData(list(by_name.values()), source=source, unit=unit, x_title=x_title,
                        y_title=names[value_col] if header else None)
    series = [
        SeriesData(names[i] if header or len(numeric) > 1 else None,
                   [(row[label_col], parse_cell(row[i])) for row in rows])  # type: ignore[misc]
        for i in numeric
    ]
    y_title = names[numeric[0]] if header and len(numeric) == 1 else None
    return ReadData(series, source=source, unit=unit, x_title=x_title, y_title=y_title)


def _label_and_series(rows: list[list[str]], first: int, second: int) -> tuple[int, int]:
    """Long format ("region, quarter, sales"): times run along the axis, so a column of times is the
    label and the other names the series; refused when neither column holds times."""
    if all(is_time_like(row[first]) for row in rows):
        return first, second
    if all(is_time_like(row[second]) for row in rows):
        return second, first
    raise EngineRefusal(
        "UNREADABLE_INTENT",
        "The data have two columns of names and neither is a time, so I cannot tell which one is the series. "
        "Give one row per label and one column per series, e.g. 'store,Jan,Feb' then 'A,5,7'.",
    )


def _is_label_column(name: str, rows: list[list[str]], index: int) -> bool:
    """A numeric first column that is really labels: named like one, or all plain years."""
    if name.strip().lower() in LABEL_COLUMN_NAMES:
        return True
    return all(re.fullmatch(r"(19|20)\d\d", row[index].strip()) for row in rows)
