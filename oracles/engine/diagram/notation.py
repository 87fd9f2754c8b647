"""A pasted notation's parse (Notation), shared by its parsers (mermaid.py, plantuml.py) and
notation_reader.py, and the refusal a line that cannot be read gives."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NoReturn

from ..contracts import EngineRefusal


@dataclass
class Notation:
    """A parsed notation: node labels in order, edges between labels, decision labels."""

    kind: str  # mermaid-flowchart | mermaid-sequence | plantuml
    before: str = ""  # prose before the block ("Here is our flow:"), not drawn
    after: str = ""  # prose after a closed block ("thanks!"), not drawn
    titles: list[str] = field(default_factory=list)  # the notation's own "title …" lines, not drawn
    nodes: list[str] = field(default_factory=list)
    edges: list[tuple[str, str, str | None]] = field(default_factory=list)
    decisions: set[str] = field(default_factory=set)

    def node(self, label: str) -> str:
        label = re.sub(r"\s+", " ", label).strip()
        if not label:
            refuse("a node has no name")
        if label not in self.nodes:
            self.nodes.append(label)
        return label

    def edge(self, tail: str, head: str, label: str | None) -> None:
        label = re.sub(r"\s+", " ", label).strip() if label else None
        if (tail, head, label) not in self.edges:
            self.edges.append((tail, head, label or None))


def refuse(what: str) -> NoReturn:
    raise EngineRefusal(
        "UNREADABLE_INTENT",
        f"I could not read this diagram notation: {what}. Write each connection on its own line, "
        "e.g. 'A[Start] --> B[Check]' or 'A -> B: message', or say the steps in words.",
    )
