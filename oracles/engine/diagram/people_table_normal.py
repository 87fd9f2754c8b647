"""The check's own reading of a people table ("name | title | reports_to" with one row a person):
the rows become the sentences the check's grammar reads, one per manager,

    Grace Liu manages Omar Haddad and Beth Moran.

A title or role column is read and left out: it says who a person is, not who is over whom. A manager
cell that names nobody ("-", "none", empty) is a person at the top; a manager the table does not
list keeps the name the cell gives. The line before the table stays (a heading); a short line after
it becomes the heading it is. A table with a column of another kind, a name listed twice or a row
that does not fill the header is left as written (and so refused by the readers after it).

The drafter reads the same table on its own (people_table_forms.py); only the column words are shared.
"""

from __future__ import annotations

import re

from .table_vocabulary import MANAGER_HEADS, NO_MANAGER_CELLS, PERSON_HEADS, ROLE_HEADS, TABLE_CHANGE_WORDS

_CELL_SPLIT_RE = re.compile(r"\s*\|\s*|\s*\t\s*|\s*,\s*")
_RULE_LINE_RE = re.compile(r"^[\s|:-]*-{2,}[\s|:-]*$")


def _cells(line: str) -> list[str]:
    # tabs part cells, so a row ending in a tab ends in an empty cell (a manager cell naming nobody)
    text = line.strip(" \r\n") if "\t" in line and "|" not in line else line.strip()
    if text.startswith("|") and text.endswith("|") and len(text) > 1:
        text = text[1:-1]
    separator = "|" if "|" in text else "\t" if "\t" in text else "," if "," in text else None
    return [c.strip() for c in text.split(separator)] if separator else [text]


def _column(heading: str) -> str | None:
    letters = "".join(ch for ch in heading.casefold() if "a" <= ch <= "z")
    for kind, words in (("person", PERSON_HEADS), ("manager", MANAGER_HEADS), ("role", ROLE_HEADS)):
        if letters in words:
            return kind
    return None


def _is_header(columns: list[str | None]) -> bool:
    return columns.count("person") == 1 and columns.count("manager") == 1 and columns.count("role") <= 1 \
        and None not in columns


def people_table_as_sentences(intent: str) -> str:
    """A people table as "Boss manages A and B." sentences; any other intent unchanged."""
    lines = [line for line in intent.splitlines() if line.strip() and not _RULE_LINE_RE.match(line)]
    headers = [at for at, line in enumerate(lines) if _is_header([_column(cell) for cell in _cells(line)])]
    if not headers:
        return intent
    at = headers[0]
    columns = [_column(cell) for cell in _cells(lines[at])]
    body = []
    for line in lines[at + 1:]:
        cells = _cells(line)
        if len(cells) != len(columns):
            break
        body.append(dict(zip(columns, cells, strict=True)))
    before, after = lines[:at], lines[at + 1 + len(body):]
    if len(body) < 2 or len(before) > 1 or len(after) > 1 or any("\t" in line for line in before + after):
        return intent  # a line with a tab beside the rows is a row cut short, not a heading
    named = set()
    for row in body:
        named |= set(row["person"].casefold().split())
    for line in before + after:
        words = set(re.sub(r"[^\w\s]|_", " ", line.casefold()).split())
        if words & TABLE_CHANGE_WORDS or words & named:
            return intent  # a heading that changes the rows ("but put Chen under Bruno") is no heading
    label: dict[str, str] = {}
    for row in body:
        who = " ".join(row["person"].split())
        if not who or who.casefold() in label:
            return intent
        label[who.casefold()] = who
    reports: dict[str, list[str]] = {}
    for row in body:
        boss = " ".join(row["manager"].split())
        if boss.casefold() in NO_MANAGER_CELLS:
            continue
        if boss.casefold() not in label and any(boss.casefold() in listed.split() for listed in label):
            return intent  # a manager named by part of a listed name ("Ana" beside "Ana Ruiz"): who is meant?
        reports.setdefault(label.get(boss.casefold(), boss), []).append(label[" ".join(row["person"].split()).casefold()])
    if not reports:
        return intent
    sentences = [f"{boss} manages {', '.join(people[:-1])} and {people[-1]}." if len(people) > 1
                 else f"{boss} manages {people[0]}." for boss, people in reports.items()]
    heading = [line.strip().rstrip(".:") + ":" for line in before + after]
    return "\n".join([*heading, *sentences])
