"""The check's own reading of a two-column dependency or call table ("package,depends_on" over
"web,ui-kit" rows; "Component | Calls" over "Mobile App | API Gateway" rows): one "item -> cell" clause
per row, the words around the table kept as its heading once the instruction that says which way the
arrows point is taken out.

A "depends_on" table becomes arrows only beside an instruction pointing them from the item to what it
depends on ("arrows from each package to the package it depends on"); a "calls" table only when no word
around it reads a call the other way. A table that is ragged, has an empty cell or a row twice, or more
than two short lines around it, is left as written (and so refused by the readers after it).

The drafter reads the same table on its own (dependency_table_forms.py); only the words are shared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from .dependency_table_words import (
    ARROW_IS_CALLS_RE,
    CALLS_HEADS,
    DEPENDS_HEADS,
    ITEM_HEADS,
    MAP_REVERSED_RE,
    NO_DEPENDENCY_CELLS,
)
from .dependency_words import ASKING_RE, TOWARD_DEPENDENCY_RE, TOWARD_DEPENDENT_RE
from .table_vocabulary import TABLE_CHANGE_WORDS

_RULE_LINE_RE = re.compile(r"^[\s|:-]*-{2,}[\s|:-]*$")
_SEPARATORS = {"\t": re.compile(r"^([^\t]*)\t([^\t]*)$"),
               "|": re.compile(r"^\|?([^|]*)\|([^|]*?)\|?$"),
               ",": re.compile(r"^([^,]*),([^,]*)$")}


def _two_cells(line: str, separator: str) -> tuple[str, str] | None:
    match = _SEPARATORS[separator].match(line.strip())
    return (match.group(1).strip(), match.group(2).strip()) if match else None


def _kind(cell: str) -> str:
    letters = "".join(ch for ch in cell.casefold() if "a" <= ch <= "z")
    return ("item" if letters in ITEM_HEADS else "depends" if letters in DEPENDS_HEADS
            else "calls" if letters in CALLS_HEADS else "")


def dependency_table_as_arrows(intent: str) -> str:
    """A dependency or call table as "a -> b, c -> d" under its heading; any other intent unchanged."""
    lines = [line for line in intent.splitlines() if line.strip() and not _RULE_LINE_RE.match(line)]
    found = None
    for at, line in enumerate(lines):
        for separator in _SEPARATORS:
            head = _two_cells(line, separator)
            if head and _kind(head[0]) == "item" and _kind(head[1]) in ("depends", "calls"):
                found = (at, separator, _kind(head[1]))
                break
        if found:
            break
    if found is None:
        return intent
    at, separator, kind = found
    body: list[tuple[str, str]] = []
    for line in lines[at + 1:]:
        row = _two_cells(line, separator)
        if row is None:
            break
        body.append(row)
    if len(body) < 2 or any(not a or not b or a.casefold() == b.casefold() for a, b in body) or len(set(body)) != len(body):
        return intent
    around = lines[:at] + lines[at + 1 + len(body):]
    if len(around) > 2 or any(len(line.split()) > 16 or separator in line for line in around):
        return intent
    text = " ".join(around)
    toward_dependency = TOWARD_DEPENDENCY_RE.search(text) is not None
    toward_dependent = TOWARD_DEPENDENT_RE.search(text) is not None
    outside = TOWARD_DEPENDENT_RE.sub(" ", TOWARD_DEPENDENCY_RE.sub(" ", text))  # the words beside the instruction
    if MAP_REVERSED_RE.search(outside) or (toward_dependency and toward_dependent):
        return intent
    if kind == "depends":
        if not (toward_dependency or toward_dependent):
            return intent
        words = [TOWARD_DEPENDENT_RE.sub(" ", TOWARD_DEPENDENCY_RE.sub(" ", line)) for line in around]
    else:
        if toward_dependent:
            return intent
        words = [ARROW_IS_CALLS_RE.sub(" ", line) for line in around]
    pairs: list[tuple[str, str]] = []
    alone: list[str] = []
    for item, cell in body:
        if kind == "depends" and cell.casefold() in NO_DEPENDENCY_CELLS:
            alone.append(item)
            continue
        listed = re.split(r"\s*,\s*", cell) if separator in "\t|" else [cell]
        if any(not name or name.casefold() == item.casefold() for name in listed):
            return intent
        pairs += [(name, item) if toward_dependent else (item, name) for name in listed]
    if not pairs:
        return intent
    joined = {name for pair in pairs for name in pair}
    # what is left of a line about the drawing is its heading ("draw the dependency graph —"); any other
    # line ("Users DB" under the rows) stays after the arrows, where its words must be placed
    heading, rest = _heading_and_rest(_LEFT_ASK_RE.sub("", ASKING_RE.sub("", w)) for w in words)
    arrows = ", ".join(f"{a} -> {b}" for a, b in pairs)
    lone = [item for item in alone if item not in joined]
    return "\n".join([f"{heading}:" if heading else "", arrows, *lone, *rest]).strip("\n")


# a piece of the words around the data that names the drawing ("architecture diagram please", "draw the
# dependency graph"), with no word that changes or adds to it ("and add a cache", "also", "but")
_CAPTION_RE = re.compile(r"\b(?:diagram|graph|chart|flowchart|architecture|map|picture)\b", re.IGNORECASE)


def _heading_and_rest(lines: Iterable[str]) -> tuple[str, list[str]]:
    """(the heading the pieces that name the drawing make, the other pieces as written)."""
    pieces = [p.strip(" .,;:—–-") for line in lines for p in re.split(r"[.!?,;\n]+", line)]
    heading, rest = [], []
    for piece in (p for p in pieces if p):
        words = set(re.findall(r"[^\W_]+", piece.casefold()))
        (heading if _CAPTION_RE.search(piece) and not words & TABLE_CHANGE_WORDS else rest).append(piece)
    return " ".join(heading), rest


# "Draw an" left before the instruction once it is taken out
_LEFT_ASK_RE = re.compile(r"\b(?:(?:please|pls)\s+)?(?:draw|use|make|show)(?:\s+(?:an?|one|the))?\s*(?=[.!?,;]|$)", re.IGNORECASE)


def dependency_map_as_arrows(intent: str) -> str:
    """A JSON map of each package to the packages it depends on, beside the instruction that points the
    arrows from a package to its dependencies, as "a -> b, …" (a key that lists nothing and is listed by
    none on a line of its own) under the words left around it; any other intent unchanged."""
    start = intent.find("{")
    if start < 0:
        return intent
    try:
        value, stop = json.JSONDecoder().raw_decode(intent, start)
    except ValueError:
        return intent
    if not isinstance(value, dict) or len(value) < 2:
        return intent
    pairs: list[tuple[str, str]] = []
    for key, listed in value.items():
        if not isinstance(key, str) or not key.strip() or not isinstance(listed, list):
            return intent
        for name in listed:
            if not isinstance(name, str) or not name.strip() or name.strip().casefold() == key.strip().casefold():
                return intent
            pairs.append((key.strip(), name.strip()))
    around = f"{intent[:start]}\n{intent[stop:]}"
    if not pairs or "{" in around or "}" in around or len(around.split()) > 30:
        return intent
    if MAP_REVERSED_RE.search(around) or TOWARD_DEPENDENT_RE.search(around) or not TOWARD_DEPENDENCY_RE.search(around):
        return intent
    heading, rest = _heading_and_rest([_LEFT_ASK_RE.sub("", TOWARD_DEPENDENCY_RE.sub(" ", around))])
    listed = {name for _, name in pairs}
    alone = [key.strip() for key in value if not value[key] and key.strip() not in listed]
    arrows = ", ".join(f"{a} -> {b}" for a, b in pairs)
    return "\n".join([f"{heading}:" if heading else "", arrows, *alone, *rest]).strip("\n")
