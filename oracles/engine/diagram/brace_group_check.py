"""The check's own reading of groups written as brace blocks: "cluster VPC { lb, app1, app2, db }",
"subgraph Edge { cdn; waf }", "group Frontend {" … "}" over several lines.

Each block becomes the colon declaration group_check.py reads ("VPC: lb, app1, app2, db"), one line.
It is read here without the drafter's code (brace_groups.py): a block is taken only when it opens
with a group keyword and its body is a plain list of names, one per comma, semicolon or line. Any
other block (an arrow or a nested brace inside, JSON's quoted keys) stays as written, and its words
must then be placed like any others, so a block the check cannot read is refused.
"""

from __future__ import annotations

import re

_KEYWORDS = ("cluster", "subgraph", "group", "box", "zone", "package", "namespace", "boundary")


def _block_at(line: str) -> tuple[str, str] | None:
    """(name, rest after the opening brace) when the line opens a keyword block, else None."""
    words = line.strip().split(None, 1)
    if len(words) != 2 or words[0].casefold() not in _KEYWORDS or "{" not in words[1]:
        return None
    name, rest = words[1].split("{", 1)
    name = name.strip()
    if not name or not re.fullmatch(r"[A-Za-z][\w .'-]*", name) or len(name.split()) > 4:
        return None
    return name, rest


def _names(body: str) -> list[str] | None:
    names = [part.strip() for part in re.split(r"[,;\n]", body) if part.strip()]
    if not names:
        return None
    for name in names:
        if any(mark in name for mark in ("->", "→", "=>", "<-", ":", '"', "'", "=", "[", "]", "(", ")", "{")):
            return None
        if len(name.split()) > 6:
            return None
    return names


def brace_groups_as_declarations(intent: str) -> str:
    """The intent with each readable brace block written as "Name: a, b"."""
    lines = intent.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        opened = _block_at(lines[index])
        if opened is None:
            out.append(lines[index])
            index += 1
            continue
        name, rest = opened
        body, end = rest, index
        while "}" not in body and end + 1 < len(lines):  # a block over several lines
            end += 1
            body += "\n" + lines[end]
        inside, closing, after = body.partition("}")
        names = _names(inside) if closing and after.strip(" \t;") == "" else None
        if names is None:
            out.append(lines[index])
            index += 1
            continue
        out.append(f"{name}: {', '.join(names)}")
        index = end + 1
    return "\n".join(out)
