"""A YAML block in an intent, read as the plain value (dicts, lists, strings, numbers) it writes.

Notation only, like `json.loads`: what the value *means* as chart data is decided by each reader
on its own (the drafter in tables.py, the independent check in faithfulness.py).

Only the part of YAML that agents write as data is read:

    series:                          - label: Rent
      - name: Team Red                 amount: 1450
        values: {Jan: 12, Feb: 15}   - label: Utilities
                                       amount: 210

block mappings and sequences by indentation, flow mappings/sequences (`{a: 1}`, `[1, 2]`), quoted
and plain scalars, `#` comments. A plain scalar is a number only when written as a plain decimal
("12", "-3.5"); "yes", "1:30", "012", "2024-01-05", "1_000" stay text (YAML 1.1 would read them
as booleans, sexagesimals, octals or dates). Anchors, tags, multi-line scalars and the rest are
not read: the block is then no YAML block (None), and other readers try the text.

A block is a run of at least three consecutive lines that all look like YAML entries and that
nests (an indented line or a "- " item): a flat "Jan: 10" list is left to the text readers.
"""

from __future__ import annotations

import re
from typing import Any

_KEY = r"(?:[A-Za-z_][\w .'&/()%-]{0,60}?|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}')"
_MAPPING_LINE = re.compile(rf"^(?P<key>{_KEY})[ \t]*:(?:[ \t]+(?P<value>.*))?$")
_NUMBER = re.compile(r"[-+]?(?:0|[1-9]\d*)(?:\.\d+)?")
_COMMENT = re.compile(r"(?:^|[ \t])#(?:[ \t].*)?$")


class _NotYaml(Exception):
    pass


def yaml_blocks(text: str) -> list[tuple[int, int, Any]]:
    """(start, end, value) of each YAML block in the text, in order (see the module docstring)."""
    out = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    index = 0
    while index < len(lines):
        if not _is_entry(lines[index]):
            index += 1
            continue
        end = index
        while end < len(lines) and (_is_entry(lines[end]) or _is_comment(lines[end])):
            end += 1
        block = [line for line in lines[index:end] if not _is_comment(line)]
        nests = any(re.match(r"[ \t]+\S|[ \t]*-[ \t]", line) for line in block)
        has_mapping = any(":" in line for line in block)
        if len(block) >= 3 and nests and has_mapping:
            try:
                if any(re.search(r"\d", m.group(0)) for line in block if (m := _COMMENT.search(line))):
                    raise _NotYaml  # a number in a comment: left unread, it could hide a value
                value = _parse_block([_COMMENT.sub("", line).rstrip() for line in block])
            except _NotYaml:
                value = None
            if isinstance(value, dict | list) and value:
                out.append((offsets[index], offsets[end] - 1 if end < len(lines) else len(text), value))
        index = end
    return out


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _is_entry(line: str) -> bool:
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return False
    if stripped.startswith("- ") or stripped == "-":
        return True
    return bool(_MAPPING_LINE.match(stripped))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _parse_block(lines: list[str]) -> Any:
    if any("\t" in line[:_indent(line) + 1] for line in lines):
        raise _NotYaml  # YAML indents with spaces only
    value, used = _node(lines, 0, _indent(lines[0]))
    if used != len(lines):
        raise _NotYaml
    return value


def _node(lines: list[str], index: int, indent: int) -> tuple[Any, int]:
    """The block node whose lines start at `index` with this indentation; (value, next index)."""
    if lines[index].strip().startswith("-"):
        return _sequence(lines, index, indent)
    return _mapping(lines, index, indent)


def _sequence(lines: list[str], index: int, indent: int) -> tuple[list[Any], int]:
    out: list[Any] = []
    while index < len(lines) and _indent(lines[index]) == indent and lines[index].strip().startswith("-"):
        line = lines[index]
        after_dash = line.lstrip()[1:]
        if after_dash and not after_dash[0].isspace():
            raise _NotYaml  # "-5" is a scalar, not an item
        rest = after_dash.strip()
        inner = _indent(line) + 1 + len(after_dash) - len(after_dash.lstrip())
        if not rest:
            if index + 1 < len(lines) and _indent(lines[index + 1]) > indent:
                value, index = _node(lines, index + 1, _indent(lines[index + 1]))
            else:
                value, index = None, index + 1
            out.append(value)
            continue
        if rest[0] not in "{[" and _MAPPING_LINE.match(rest):
            # "- name: Team Red" and the keys under it, indented to "name"
            shadow = [" " * inner + rest, *lines[index + 1:]]
            value, used = _mapping(shadow, 0, inner)
            out.append(value)
            index += used
            continue
        out.append(_scalar_or_flow(rest))
        index += 1
    if index < len(lines) and _indent(lines[index]) > indent:
        raise _NotYaml
    return out, index


def _mapping(lines: list[str], index: int, indent: int) -> tuple[dict[str, Any], int]:
    out: dict[str, Any] = {}
    while index < len(lines) and _indent(lines[index]) == indent and not lines[index].strip().startswith("- "):
        match = _MAPPING_LINE.match(lines[index].strip())
        if match is None:
            raise _NotYaml
        key = _unquote(match.group("key").strip())
        if key in out:
            raise _NotYaml  # a key given twice: which one holds is not certain
        rest = (match.group("value") or "").strip()
        index += 1
        if rest:
            out[key] = _scalar_or_flow(rest)
        elif index < len(lines) and (_indent(lines[index]) > indent
                                     or _indent(lines[index]) == indent and lines[index].strip().startswith("- ")):
            out[key], index = _node(lines, index, _indent(lines[index]))
        else:
            out[key] = None
    if index < len(lines) and _indent(lines[index]) > indent:
        raise _NotYaml
    return out, index


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _scalar_or_flow(text: str) -> Any:
    text = text.strip()
    if text[:1] in "{[":
        value, end = _flow(text, 0)
        if text[end:].strip():
            raise _NotYaml
        return value
    return _scalar(text)


def _scalar(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    if text[0] in "\"'":
        if len(text) < 2 or text[-1] != text[0] or text[0] in text[1:-1]:
            raise _NotYaml
        return text[1:-1]
    if text[0] in "&*!|>%@`":
        raise _NotYaml  # anchors, aliases, tags, block scalars: not read
    if _NUMBER.fullmatch(text):
        number = float(text)
        return int(number) if "." not in text else number
    return text


def _flow(text: str, index: int) -> tuple[Any, int]:
    """A flow collection starting at text[index] ('{' or '['); (value, index after it)."""
    opening = text[index]
    closing = "}" if opening == "{" else "]"
    index += 1
    items: list[Any] = []
    pairs: dict[str, Any] = {}
    while True:
        while index < len(text) and text[index] == " ":
            index += 1
        if index >= len(text):
            raise _NotYaml
        if text[index] == closing:
            return (pairs if opening == "{" else items), index + 1
        if opening == "{":
            key_end = _scalar_end(text, index, ":")
            if key_end >= len(text) or text[key_end] != ":":
                raise _NotYaml
            key = _unquote(text[index:key_end].strip())
            if not key or key in pairs:
                raise _NotYaml
            index = key_end + 1
            value, index = _flow_value(text, index, closing)
            pairs[key] = value
        else:
            value, index = _flow_value(text, index, closing)
            items.append(value)
        while index < len(text) and text[index] == " ":
            index += 1
        if index < len(text) and text[index] == ",":
            index += 1
        elif index >= len(text) or text[index] != closing:
            raise _NotYaml


def _flow_value(text: str, index: int, closing: str) -> tuple[Any, int]:
    while index < len(text) and text[index] == " ":
        index += 1
    if index < len(text) and text[index] in "{[":
        return _flow(text, index)
    end = _scalar_end(text, index, "," + closing)
    return _scalar(text[index:end]), end


def _scalar_end(text: str, index: int, stops: str) -> int:
    quote = text[index] if index < len(text) and text[index] in "\"'" else ""
    if quote:
        close = text.find(quote, index + 1)
        if close < 0:
            raise _NotYaml
        return close + 1
    while index < len(text) and text[index] not in stops:
        if text[index] in "{}[]":
            raise _NotYaml
        index += 1
    return index
