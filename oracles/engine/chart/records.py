"""Records written inline as `key=value` or `key: value` fields, the same keys in every record:

    "x=1 y=2.5; x=2 y=4.1"                       (one record per ';', line or ' | ')
    "(x=1, y=2.5), (x=2, y=4.1)"  "{t: 0, d: 0} {t: 1.5, d: 2.1}"   (one record per bracket)
    "- city: Berlin\\n  pop: 3.6\\n- city: Madrid\\n  pop: 3.3"      (a YAML list of mappings)

The records become rows of a table with the keys as its header, read like any table: a text
column gives the labels, numeric columns the series; two numeric columns and no text are x/y
pairs. None when the text is not such records (other readers try).
"""

from __future__ import annotations

import re

from .reading_model import ReadData
from .tables import read_grid

KEY_RE = re.compile(r"(?<![\w.$€£¥'\"-])[\"']?([A-Za-z_][\w]{0,30})[\"']?\s*(?:=|:(?!\d))\s*")
BRACKET_GROUP_RE = re.compile(r"[({]([^(){}]*)[)}]")
YAML_ITEM_RE = re.compile(r"(?m)^[ \t]*-[ \t]+")
LINE_GROUP_RE = re.compile(r";|\n|\s\|\s")
VALUE_EDGES = " \t,;\"'"


def read_records(text: str) -> ReadData | None:
    """Inline records with the same keys (see the module docstring), or None."""
    brackets = [(m.start(1), m.group(1)) for m in BRACKET_GROUP_RE.finditer(text) if KEY_RE.search(m.group(1))]
    splits = []
    if len(brackets) >= 2:
        splits.append(brackets)
    yaml_starts = [m.end() for m in YAML_ITEM_RE.finditer(text)]
    if len(yaml_starts) >= 2:
        ends = [m.start() for m in YAML_ITEM_RE.finditer(text)][1:] + [len(text)]
        splits.append(list(zip(yaml_starts, [text[a:b] for a, b in zip(yaml_starts, ends, strict=True)], strict=True)))
    position, groups = 0, []
    for match in [*LINE_GROUP_RE.finditer(text), None]:
        end = match.start() if match else len(text)
        if text[position:end].strip():
            groups.append((position, text[position:end]))
        position = match.end() if match else len(text)
    splits.append(groups)
    for split in splits:
        read = _records(split)
        if read is not None:
            return read
    return None


def _fields(group: str, first: bool) -> list[tuple[str, str, int]] | None:
    keys = list(KEY_RE.finditer(group))
    if len(keys) < 2:
        return None
    if not first and group[:keys[0].start()].strip(" \t,;-"):
        return None  # "Cost — Q1: 90": a name before the fields heads a series, it is no record
    fields = []
    for key, following in zip(keys, [*keys[1:], None], strict=True):
        value = group[key.end():following.start() if following else len(group)].strip(VALUE_EDGES)
        if not value or re.search(r"[:=]", value):
            return None
        fields.append((key.group(1), value, key.start()))
    return fields


def _records(groups: list[tuple[int, str]]) -> ReadData | None:
    records = [(start, _fields(group, index == 0)) for index, (start, group) in enumerate(groups)]
    records = [(start, fields) for start, fields in records if fields is not None]
    if len(records) < 2 or len(records) < len([g for _, g in groups if re.search(r"\d", g)]):
        return None  # a group with a number that is no record: the text is something else
    keys = [k.casefold() for k, _, _ in records[1][1]]
    first_start, first = records[0]
    if len(first) > len(keys) and [k.casefold() for k, _, _ in first[-len(keys):]] == keys:
        first = first[-len(keys):]  # "scatter: x=1 y=2.5; x=2 …": the subject before the first record's fields
        records[0] = (first_start, first)
    if len(set(keys)) != len(keys) or any([k.casefold() for k, _, _ in fields] != keys for _, fields in records):
        return None
    header = [k for k, _, _ in records[1][1]]
    read = read_grid(header, [[v for _, v, _ in fields] for _, fields in records], source="records")
    if not isinstance(read, ReadData):
        return None
    read.data_start = first_start + first[0][2]
    return read
