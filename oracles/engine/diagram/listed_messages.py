"""Actor messages written as a list, one message an item, under an optional heading:

    ## Sequence diagram
    - Warehouse sends `pick list` to Picker
    - Picker sends `picked items` to Packing Station
    - Carrier API replies `tracking number` to Packing Station

or numbered ("1. **Shop** sends the charge request to **Payment Gateway**"). Each item is one
clause of the sentence reader's actor sequence (sequences.read_sequence): the list is read as
those clauses one a line. The outline readers would draw each item as a step of its own; an item
that is a sentence between two actors is a message, not a step.

None unless every item reads as an actor clause (the sentence reader decides), so a list of steps
("- SPA validates the form") is left to the outline readers. The check reads such lists on its own
(its glue reads the bullet rows' verbs between drawn names); nothing here is shared with it.
"""

from __future__ import annotations

import re

from .model import Graph
from .sequences import read_sequence

_ITEM_RE = re.compile(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(?P<item>\S.*?)[ \t]*$")
# a heading line: "## Sequence diagram", "Auth flow as agreed in the call:", "**Payment sequence**"
_HEADING_RE = re.compile(r"^\s*(?:#{1,6}\s+\S.*|[^\n]{1,120}:\s*|\*\*[^*\n]{1,80}\*\*:?\s*)$")
_BOLD_RE = re.compile(r"\*\*([^*\n]+)\*\*|__([^_\n]+)__")


def _items(intent: str) -> list[str] | None:
    lines = [line for line in intent.splitlines() if line.strip()]
    items: list[str] = []
    for line in lines:
        match = _ITEM_RE.match(line)
        if match:
            items.append(match.group("item"))
        elif items or not _HEADING_RE.match(line):
            return None  # prose after the list, or before it without being its heading
    return items if len(items) > 1 else None


def read_listed_messages(intent: str) -> Graph | None:
    """The actor sequence of a list whose every item is one message, or None."""
    items = _items(intent)
    if items is None:
        return None
    clauses = [_BOLD_RE.sub(lambda m: m.group(1) or m.group(2), item).rstrip(" .;") for item in items]
    if any(";" in clause for clause in clauses):
        return None  # an item holding several statements is a list of something else
    return read_sequence("\n".join(clauses))
