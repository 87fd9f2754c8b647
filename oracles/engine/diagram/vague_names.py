"""Names that point at something instead of naming it, and instructions kept in an edge label.

- "The other service calls Fraud Check": "the other service" is which service? A node labelled with a
  reference ("other service", "the previous step", "the same team") is refused: the intent must name it.
- "(on schema mismatch, put that on the arrow)": the words after the condition ask where to write it;
  drawn into the label they are not part of it.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_GENERIC = r"(?:service|services|step|steps|system|systems|team|teams|one|ones|person|people|node|component|app|" \
           r"application|server|process|stage|state|box|thing|part|queue|database|db|api)"
_REFERENCE_RE = re.compile(rf"^(?:the\s+)?(?:other|another|same|previous|next|former|latter|said|aforementioned)\s+"
                           rf"{_GENERIC}$", re.IGNORECASE)
_LABEL_INSTRUCTION_RE = re.compile(
    r"\b(?:put|write|place|show|add|use)\s+(?:that|this|it|them)\s+(?:on|as|in|onto)\s+(?:the\s+)?"
    r"(?:arrow|arrows|edge|edges|line|lines|link|links|label|labels|connector)\b", re.IGNORECASE)


def refuse_vague_references(nodes: list[str]) -> None:
    for label in nodes:
        if _REFERENCE_RE.match(" ".join(label.split())):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' points at something the intent does not name. Name it, e.g. "
                "'Billing calls Fraud Check'."))


def refuse_instruction_in_label(edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, label in edges:
        found = _LABEL_INSTRUCTION_RE.search(label or "")
        if found:
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label of {tail} -> {head} holds '{found.group(0)}', which asks where to write the label and is "
                "no part of it. Give the label alone, e.g. '(on schema mismatch)'."))
