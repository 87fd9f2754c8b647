"""A table whose column names are said in its heading: "Order states (from | event | to):" over rows
"Pending | pay | Paid" → the heading "Order states:" and the header row "from | event | to" above the
rows, the shape both table readers already read (edge_tables.read_edge_table for the drafter,
normal_forms' table rows for the check).

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). Only a heading line ending in "(a | b | …):" is moved, and only when every
line after it is a row of as many cells; anything else is left as written.
"""

from __future__ import annotations

import re

_HEADING_RE = re.compile(r"^(?P<title>[^\n()|]*?)\s*\((?P<cells>[^()\n]*\|[^()\n]*)\)\s*:\s*$")


def _cells(line: str) -> int:
    return len(line.strip().strip("|").split("|"))


def header_out_of_heading(intent: str) -> str:
    """The intent with its heading's bracketed column names as the table's first row."""
    lines = intent.strip("\n").split("\n")
    match = _HEADING_RE.match(lines[0]) if lines else None
    if match is None:
        return intent
    columns = [cell.strip() for cell in match.group("cells").split("|")]
    rows = [line for line in lines[1:] if line.strip()]
    if len(columns) < 2 or not all(columns) or not rows or any(_cells(row) != len(columns) for row in rows):
        return intent
    title = match.group("title").strip()
    heading = [f"{title}:"] if title else []
    return "\n".join([*heading, " | ".join(columns), *lines[1:]])
