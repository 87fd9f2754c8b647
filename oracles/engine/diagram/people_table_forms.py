"""The drafter's reading of a people table, an org chart pasted as rows:

    name | title | reports_to
    Grace Liu | Director of Nursing | -
    Omar Haddad | ER Charge Nurse | Grace Liu

One column names the person, one their manager ("manager", "reports to", "boss", "supervisor",
"parent"), and at most one more their title or role. Each row is one person, drawn by the name the
row gives (the title column says who they are, not who is over whom: an HR export's titles are
left off the boxes), under the manager the row names; a manager cell
that names nobody ("-", "none", empty) is a person at the top. A manager nobody lists is drawn by
the name the cell gives. A name listed twice, a row with a cell too many or too few, a column of
any other kind, or a person on no reporting line: the intent is not read here.

Lines around the table may only be a short heading and a short caption. The check reads the table
on its own (people_table_normal.py); only the column words are shared (table_vocabulary.py).
"""

from __future__ import annotations

import re

from .model import Graph
from .table_vocabulary import MANAGER_HEADS, NO_MANAGER_CELLS, PERSON_HEADS, ROLE_HEADS, TABLE_CHANGE_WORDS

_RULE_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_AROUND_MAX_WORDS = 12


def _split(line: str) -> list[str] | None:
    # a tab-separated row keeps its trailing tab: "Alice Park<TAB>VP Engineering<TAB>" ends in an
    # empty manager cell (the person at the top), not in a row one cell short
    text = line.strip(" \r\n") if "\t" in line and "|" not in line else line.strip()
    if "|" in text:
        return [c.strip() for c in text.strip("|").split("|")]
    if "\t" in text:
        return [c.strip() for c in text.split("\t")]
    if "," in text:
        return [c.strip() for c in text.split(",")]
    return None


def _kinds(header: list[str]) -> list[str] | None:
    """ "person" / "manager" / "role" per column; None unless it is a people table's header."""
    kinds = []
    for cell in header:
        word = re.sub(r"[^a-z]", "", cell.casefold())
        kinds.append("person" if word in PERSON_HEADS else "manager" if word in MANAGER_HEADS
                     else "role" if word in ROLE_HEADS else "?")
    if kinds.count("person") != 1 or kinds.count("manager") != 1 or kinds.count("role") > 1 or "?" in kinds:
        return None
    return kinds


def _same(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip().casefold()


def read_people_table(intent: str) -> Graph | None:
    lines = [line for line in intent.splitlines() if line.strip() and not _RULE_RE.match(line)]
    start = next((i for i, line in enumerate(lines) if (cells := _split(line)) and _kinds(cells)), None)
    if start is None:
        return None
    kinds = _kinds(_split(lines[start]) or [])
    if kinds is None:
        return None
    rows: list[dict[str, str]] = []
    end = start + 1
    while end < len(lines) and (cells := _split(lines[end])) is not None and len(cells) == len(kinds):
        rows.append(dict(zip(kinds, cells, strict=True)))
        end += 1
    around = lines[:start] + lines[end:]
    if len(rows) < 2 or len(lines[:start]) > 1 or len(lines[end:]) > 1:
        return None
    if any(len(line.split()) > _AROUND_MAX_WORDS or "|" in line or "\t" in line for line in around):
        return None  # (a line with a tab is a row cut short, never a caption)
    said = {w for line in around for w in re.findall(r"[^\W_]+", line.casefold())}
    if said & TABLE_CHANGE_WORDS or said & {w for row in rows for w in re.findall(r"[^\W_]+", row["person"].casefold())}:
        return None  # "… but put Chen under Bruno": the words around change what the rows say
    people: dict[str, str] = {}  # the name as compared → its label
    for row in rows:
        name = row["person"]
        if not name or _same(name) in people:
            return None  # a row without a name, or a person listed twice: which row is meant?
        people[_same(name)] = name
    graph = Graph(hierarchy=True, exact=True)
    for row in rows:
        graph.node(people[_same(row["person"])])
    for row in rows:
        boss = row["manager"]
        if boss.casefold() in NO_MANAGER_CELLS:
            continue
        if _same(boss) == _same(row["person"]):
            return None  # their own manager
        if _same(boss) not in people and any(_same(boss) in name.split() for name in people):
            return None  # "Ana" beside the listed "Ana Ruiz": the same person, or someone else?
        graph.edge(graph.node(people.get(_same(boss), boss)), graph.node(people[_same(row["person"])]))
    joined = {key for tail, head, _ in graph.edges for key in (tail, head)}
    if not graph.edges or set(graph.labels) - joined:
        return None  # a person on no reporting line: where they go is not said
    return graph
