"""Numbered steps that point back at each other: "3. Legal check — if it fails, return to step 2",
"5. go back to step 1". Items are a sequence; a condition after an item's name with a way back
("return to step 2", "go back to Edit") is a labelled edge from that item to the one it names, by
number or by name. An item that is only a way back closes a loop from the item before it.

The reader claims an intent only when it is exactly such a list and at least one item points
back; anything else in an item ("3. Legal check — if it passes, publish") leaves it to the rest of
the cascade, which reads or refuses it."""

from __future__ import annotations

import re

from .model import Graph, clean_label, node_key

# "1. ", "2) ", "Step 3: " at a line start or after a space — not "to step 2." (a reference)
_MARK_RE = re.compile(r"(?:^|(?<=\s))(?:step\s+)?(\d{1,2})[.):]\s+", re.IGNORECASE)
_REFERENCE_MARK_RE = re.compile(r"\b(?:to|from|at)\s+(?:step\s+)?$", re.IGNORECASE)
_BACK = (r"(?:(?:and\s+|then\s+)*(?:go(?:es)?\s+back|loops?\s+back|jumps?\s+back|returns?|go(?:es)?|jumps?|back|"
         r"repeat\s+from|start\s+over\s+from))")
# "<name> — if it fails, return to step 2", "<name> (if rejected, go back to step 1)"
_CONDITIONAL_BACK_RE = re.compile(
    rf"^(?P<name>[^—–;:,()]+?)\s*(?:—|–|\s-\s|[;:,(])\s*(?P<kw>if|when|once|unless|on)\s+(?P<cond>[^,;()]+?)\s*[,;]?\s*"
    rf"(?:then\s+)?{_BACK}\s+(?:to\s+)?(?P<target>(?:step\s+\d{{1,2}}|[^,;()]+?))\s*\)?[.!]?$",
    re.IGNORECASE,
)
# "go back to step 1", "repeat from step 2": an item that is only the way back
_ONLY_BACK_RE = re.compile(rf"^{_BACK}\s+(?:to\s+)?(?P<target>step\s+\d{{1,2}}|[^,;()]+?)[.!]?$", re.IGNORECASE)
_STEP_NUMBER_RE = re.compile(r"^step\s+(\d{1,2})$", re.IGNORECASE)


def numbered_items(intent: str) -> list[str] | None:
    """The texts of "1. … 2. … 3. …" (one a line or inline), in order; None unless numbered 1..n."""
    marks = [m for m in _MARK_RE.finditer(intent) if not _REFERENCE_MARK_RE.search(intent[: m.start()])]
    if len(marks) < 2 or [int(m.group(1)) for m in marks] != list(range(1, len(marks) + 1)):
        return None
    items = [intent[m.end() : n.start() if n else len(intent)] for m, n in zip(marks, [*marks[1:], None], strict=True)]
    return [re.sub(r"\s+", " ", item).strip(" .\n") for item in items]


def read_step_references(intent: str) -> Graph | None:
    items = numbered_items(intent)
    if items is None:
        return None
    names: list[str | None] = []
    backs: list[tuple[str | None, str]] = []  # (condition, target text) per item, or (None, "") for none
    for index, text in enumerate(items):
        conditional = _CONDITIONAL_BACK_RE.match(text)
        only = _ONLY_BACK_RE.match(text) if index else None
        if conditional:
            names.append(conditional.group("name"))
            backs.append((f"{conditional.group('kw').lower()} {clean_label(conditional.group('cond'))}",
                          conditional.group("target")))
        elif only:
            names.append(None)
            backs.append((None, only.group("target")))
        else:
            names.append(text)
            backs.append((None, ""))
    if not any(target for _, target in backs) or not all(names[i] for i in range(len(names)) if backs[i][1] == ""
                                                         or backs[i][0] is not None):
        return None
    graph = Graph(flow=True)
    keys = [graph.node(name) if name else None for name in names]
    previous: str | None = None
    for index, key in enumerate(keys):
        condition, target = backs[index]
        if key is not None and previous is not None:
            graph.edge(previous, key)
        if target:
            head = _target(target, keys)
            tail = key if key is not None else previous
            if head is None or tail is None:
                return None
            graph.edge(tail, head, condition)
        previous = key if key is not None else None
    return graph


def _target(text: str, keys: list[str | None]) -> str | None:
    """The item a way back names: "step 2" by its number, or an item's own name."""
    number = _STEP_NUMBER_RE.match(text.strip())
    if number:
        index = int(number.group(1)) - 1
        return keys[index] if 0 <= index < len(keys) else None
    key = node_key(clean_label(text))
    return key if key in keys else None
