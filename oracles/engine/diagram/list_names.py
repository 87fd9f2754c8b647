"""Lists of steps, one a line, as agents paste them: "1) Pull ECB rates / 2) Convert USD->EUR
balances / 3) Post to ledger".

- A code arrow glued inside an item ("USD->EUR", "v1->v2", "CSV->JSON": short codes either side,
  no spaces, more words in the item) is part of the step's name, not a connection of its own: a
  list item that stated a connection would not also be one step of a list. The drafter keeps it in
  the name (outline.py); the check's normal form writes it with the name-arrow mark, which the
  glue never reads as an arrow (vocabulary.NAME_ARROW). Each side finds the items itself.
- "opening routine, draw as flowchart:" over the list: the request after the heading's comma is
  frame, the heading is "opening routine:" (data_frames.framed_heading), for the check.
"""

from __future__ import annotations

import re

from .data_frames import framed_heading
from .vocabulary import NAME_ARROW

CODE_ARROW_RE = re.compile(r"(?<![\w>-])(?P<a>[A-Za-z0-9][A-Za-z0-9_]{0,5})->(?P<b>[A-Za-z0-9][A-Za-z0-9_]{0,5})(?![\w-])")
_LIST_ITEM_RE = re.compile(r"^(?P<mark>[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+)(?P<text>\S.*)$")


def has_code_arrow(item: str) -> bool:
    """Whether an item's only arrows are glued code arrows inside a longer name ("Convert USD->EUR balances")."""
    bare = CODE_ARROW_RE.sub("", item)
    return bare != item and not re.search(r"->|→|=>|⇒", bare) and bool(re.search(r"\w", bare))


def list_names_normal_form(intent: str) -> str:
    """For the check: code arrows inside list items written as the name-arrow mark, and a heading
    over the list without the request after its comma."""
    lines = intent.split("\n")
    items = [_LIST_ITEM_RE.match(line) for line in lines]
    if sum(bool(m) for m in items) < 2:
        return intent
    out = []
    for index, (line, item) in enumerate(zip(lines, items, strict=True)):
        if item and has_code_arrow(item.group("text")):
            line = item.group("mark") + CODE_ARROW_RE.sub(lambda m: f"{m.group('a')}{NAME_ARROW}{m.group('b')}", item.group("text"))
        elif not item and index + 1 < len(lines) and items[index + 1] and line.rstrip().endswith(":") \
                and not any(items[:index]):
            line = framed_heading(line) or line
        out.append(line)
    return "\n".join(out)
