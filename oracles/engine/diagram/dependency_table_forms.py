"""The drafter's reading of a two-column dependency or call table:

    package,depends_on                          Component | Calls
    web,ui-kit                                  ---------|------
    web,api-client                              Mobile App | API Gateway
                                                API Gateway | Auth Service
    draw the dependency graph — arrows from
    each package to the package it depends on   architecture diagram please, arrows = calls

The header names the item ("package", "component", "service", …) and what the item depends on or calls;
each row is one arrow from the item to the cell beside it. Which way a dependency points is never
guessed: a "depends_on" table is read only beside "arrows from each package to the package it depends
on" (or "arrow = depends on"), and never when the intent also says the other way. A "calls" table is read
item → callee unless the words around it read a call the other way ("called by", "callers", "reverse").
A ragged row, an empty cell, a row given twice, or more than two short lines around the table: not read.

The check reads the table on its own (dependency_table_normal.py); only the words are shared
(dependency_table_words.py, dependency_words.py).
"""

from __future__ import annotations

import json
import re

from .dependency_table_words import CALLS_HEADS, DEPENDS_HEADS, ITEM_HEADS, MAP_REVERSED_RE, NO_DEPENDENCY_CELLS
from .dependency_words import TOWARD_DEPENDENCY_RE, TOWARD_DEPENDENT_RE
from .model import Graph

_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_AROUND_MAX_LINES = 2
_AROUND_MAX_WORDS = 16


def _pair(line: str, separator: str) -> list[str] | None:
    text = line.strip()
    if separator == "|":
        if text.startswith("|") and text.endswith("|") and len(text) > 1:
            text = text[1:-1]
    if separator not in text:
        return None
    cells = [c.strip() for c in text.split(separator)]
    return cells if len(cells) == 2 else None


def _letters(cell: str) -> str:
    return re.sub(r"[^a-z]", "", cell.casefold())


def read_dependency_table(intent: str) -> Graph | None:
    lines = [line for line in intent.splitlines() if line.strip() and not _RULE_RE.match(line)]
    for start, line in enumerate(lines):
        for separator in ("\t", "|", ","):
            header = _pair(line, separator)
            if header is None or _letters(header[0]) not in ITEM_HEADS:
                continue
            relation = _letters(header[1])
            if relation not in DEPENDS_HEADS | CALLS_HEADS:
                continue
            return _read(lines, start, separator, relation)
    return None


def _read(lines: list[str], start: int, separator: str, relation: str) -> Graph | None:
    rows: list[tuple[str, str]] = []
    end = start + 1
    while end < len(lines) and (cells := _pair(lines[end], separator)) is not None:
        if not cells[0] or not cells[1] or tuple(cells) in rows or cells[0].casefold() == cells[1].casefold():
            return None
        rows.append((cells[0], cells[1]))
        end += 1
    around = lines[:start] + lines[end:]
    if len(rows) < 2 or len(around) > _AROUND_MAX_LINES or any(
        len(line.split()) > _AROUND_MAX_WORDS or separator in line for line in around
    ):
        return None
    said = " ".join(around)
    forward, backward = bool(TOWARD_DEPENDENCY_RE.search(said)), bool(TOWARD_DEPENDENT_RE.search(said))
    # a word of the other way outside the instruction ("the second column lists dependents") contradicts the header
    if MAP_REVERSED_RE.search(TOWARD_DEPENDENT_RE.sub(" ", TOWARD_DEPENDENCY_RE.sub(" ", said))) or (forward and backward):
        return None
    if relation in DEPENDS_HEADS and not (forward or backward):
        return None  # which way a dependency arrow points is not said
    if relation in CALLS_HEADS and backward:
        return None
    graph = Graph(flow=True, exact=True)
    for item, cell in rows:
        key = graph.node(item)
        if cell.casefold() in NO_DEPENDENCY_CELLS and relation in DEPENDS_HEADS:
            continue  # "Design | -": depends on nothing
        # several names in one cell ("QA<TAB>Backend, Frontend") only where commas do not part the cells
        names = [n.strip() for n in cell.split(",")] if separator != "," else [cell]
        if any(not n or n.casefold() == item.casefold() for n in names):
            return None
        for name in names:
            other = graph.node(name)
            graph.edge(other, key) if backward else graph.edge(key, other)
    return graph if graph.edges else None


_MAP_AROUND_MAX_WORDS = 30


def read_dependency_map(intent: str) -> Graph | None:
    """{"web-app": ["ui-kit", "api-client"], "ui-kit": []} beside "draw an arrow from each package to each
    package it depends on": each key's arrows go to the names it lists. Without that instruction, or with
    the other way said too, the map is left to the plain JSON reader (which needs no words around it)."""
    start, end = intent.find("{"), intent.rfind("}")
    if start < 0 or end < start:
        return None
    try:
        value = json.loads(intent[start : end + 1])
    except ValueError:
        return None
    if not isinstance(value, dict) or len(value) < 2 or not all(
        isinstance(k, str) and k.strip() and isinstance(v, list) and all(isinstance(x, str) and x.strip() for x in v)
        for k, v in value.items()
    ) or not any(value.values()):
        return None
    said = f"{intent[:start]} {intent[end + 1:]}"
    if len(said.split()) > _MAP_AROUND_MAX_WORDS or MAP_REVERSED_RE.search(said) or TOWARD_DEPENDENT_RE.search(said):
        return None
    if not TOWARD_DEPENDENCY_RE.search(said):
        return None
    graph = Graph(flow=True, exact=True)
    for key, listed in value.items():
        tail = graph.node(key.strip())
        for name in listed:
            if name.strip().casefold() == key.strip().casefold():
                return None
            graph.edge(tail, graph.node(name.strip()))
    return graph
