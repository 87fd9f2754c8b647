"""Mermaid-style flowcharts pasted as the intent: "graph TD; A[Start] --> B[Collect data]; B --> C".

A node is named by its bracketed label where it is defined and by its bare id elsewhere; an
arrow's "|text|" is the edge's label."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .model import EXAMPLE, Graph

NODE_DEFINITION_RE = re.compile(r"(?<![\w\]])(?P<id>[A-Za-z_]\w{0,20})(?:\[\[?|\(\(?|\{\{?)(?P<label>[^\]\)\}\n\[\(\{]{1,120})"
                                r"(?:\]\]?|\)\)?|\}\}?)")
ARROW_RE = re.compile(r"\s*(?:-->|---|==>|-\.->)(?:\|(?P<label>[^|\n]{1,60})\|)?\s*")
HEADER_RE = re.compile(r"^\s*(?:graph|flowchart)\s+(?:TD|TB|LR|RL|BT)\s*;?", re.IGNORECASE)
NODE_REF_RE = re.compile(r"^(?P<id>[A-Za-z_]\w{0,20})\s*(?:(?:\[\[?|\(\(?|\{\{?)(?P<label>[^\]\)\}]+)(?:\]\]?|\)\)?|\}\}?))?$")


def read_mermaid(intent: str) -> Graph | None:
    """None unless the intent defines nodes Mermaid-style and joins them with Mermaid arrows."""
    if not NODE_DEFINITION_RE.search(intent) or not ARROW_RE.search(intent):
        return None
    body = HEADER_RE.sub("", intent)
    labels = {}
    for match in NODE_DEFINITION_RE.finditer(body):
        labels.setdefault(match.group("id"), match.group("label").strip())
    graph = Graph(flow=True)
    for statement in re.split(r"[;\n]+", body):
        if not statement.strip():
            continue
        pieces = ARROW_RE.split(statement.strip())
        refs, edge_labels = pieces[0::2], pieces[1::2]
        if len(refs) < 2:
            if NODE_REF_RE.match(refs[0].strip()):
                continue  # a lone node definition
            return None
        keys = []
        for ref in refs:
            match = NODE_REF_RE.match(ref.strip())
            if match is None:
                raise EngineRefusal("UNREADABLE_INTENT", f"I could not read the Mermaid node '{ref.strip()[:40]}'. {EXAMPLE}, "
                                                          "or Mermaid-style, e.g. 'A[Start] --> B[Check] --> C[Done]'.")
            keys.append(graph.node(labels.get(match.group("id"), match.group("id"))))
        for tail, head, label in zip(keys, keys[1:], edge_labels, strict=False):
            graph.edge(tail, head, label.strip() if label else None)
    return graph if graph.edges else None
