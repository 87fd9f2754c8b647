"""Small slips in a pasted Mermaid flowchart that have one reading, mended before the strict parse
(mermaid.py) reads the line:

- a link with one dash: "A -> B", "A -- yes -> B" (Mermaid wants "-->"): the arrow it meant;
- a comment after a statement: "pack --> ship   %% oops" (Mermaid allows "%%" only on its own line);
- a node shape opened and never closed at the very end of a line: "po --> vend[Send PO to vendor"
  (nothing follows the label, so where it ends is not in doubt);
- a two-way link "A <--> B": an arrow each way.

Anything else that does not parse is still refused, naming the line. Both readings of the
notation — the drafter's and the check's (notation_reader.notation_as_arrows) — go through the
same mended parse, as they go through the same strict one.
"""

from __future__ import annotations

import re

# "A -- yes -> B", "A -> B": one dash before ">" where Mermaid wants two (never "-->", "==>", "-.->")
_LABELLED_ONE_DASH_RE = re.compile(r"(?<![-=.<])--\s*(?P<label>[^\s\->|](?:[^\n|>]*?[^\s\-|>])?)\s+->(?!>)")
_ONE_DASH_RE = re.compile(r"(?<![-=.<])->(?!>)")
_OPENERS = {"[": "]", "(": ")", "{": "}"}


def _outside_quotes_and_shapes(line: str) -> list[bool]:
    """For each character, whether it lies outside quotes and node shapes."""
    outside, depth, quoted = [], 0, False
    for char in line:
        if char == '"':
            quoted = not quoted
            outside.append(False)
            continue
        if not quoted and char in "[({":
            depth += 1
        outside.append(not quoted and depth == 0)
        if not quoted and char in "])}":
            depth = max(depth - 1, 0)
    return outside


def _without_comment(line: str) -> str:
    outside = _outside_quotes_and_shapes(line)
    at = next((i for i in range(len(line) - 1) if line.startswith("%%", i) and outside[i]), None)
    return line if at is None or not line[:at].strip() else line[:at].rstrip()


def _one_dash_links(line: str) -> str:
    for pattern, mended in ((_LABELLED_ONE_DASH_RE, lambda m: f"-- {m.group('label')} -->"), (_ONE_DASH_RE, lambda m: "-->")):
        outside = _outside_quotes_and_shapes(line)
        line = pattern.sub(lambda m, mend=mended, out=outside: mend(m) if all(out[m.start():m.end()]) else m.group(0), line)
    return line


def _closed_last_shape(line: str) -> str:
    """ "po --> vend[Send PO to vendor" → "po --> vend[Send PO to vendor]": a shape opened after an
    id, with no bracket, quote or link after it, runs to the end of the line."""
    opened = re.search(r"(?<![\w\]])[A-Za-z0-9_]+(?P<open>[\[({])(?P<label>[^\[\](){}\"|]+)$", line)
    if opened is None or re.search(r"-->|==>|-\.->|\s->\s", opened.group("label")):
        return line
    return line + _OPENERS[opened.group("open")]


def _two_way(line: str) -> list[str]:
    """ "A <--> B" (ids or shapes, nothing else on the line) → "A --> B" and "B --> A"."""
    parts = re.split(r"\s*<-->\s*", line)
    if len(parts) != 2 or not all(parts) or any(re.search(r"--|==|-\.", p) for p in parts):
        return [line]
    tail_id, head_id = (re.match(r"[A-Za-z0-9_]+", p.strip()) for p in parts)
    if tail_id is None or head_id is None:
        return [line]
    return [f"{parts[0]} --> {parts[1]}", f"{head_id.group(0)} --> {tail_id.group(0)}"]


def mended_lines(lines: list[str]) -> list[str]:
    """The flowchart's lines with the slips above mended (the header line included, unchanged)."""
    out = []
    for line in lines:
        line = _closed_last_shape(_one_dash_links(_without_comment(line)))
        out.extend(_two_way(line))
    return out
