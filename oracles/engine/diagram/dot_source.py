"""Graph → DOT source. Labels are always quoted strings with escapes doubled, so nothing in an
intent can become an HTML-like label, an escape sequence (`\\N`, `\\G`) or a new attribute."""

from __future__ import annotations

import re

from .reading import CONTROL_CHARS_RE, Graph

TERMINAL_RE = re.compile(r"^(?:start|begin|end|done|finish|finished|stop|complete|exit)$", re.IGNORECASE)


def quote(text: str) -> str:
    """A DOT double-quoted string holding `text` literally."""
    text = CONTROL_CHARS_RE.sub("", text.replace("\n", " ").replace("\r", " ").replace("\t", " "))
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquote(text: str) -> str:
    """Inverse of `quote` for label attributes read back from Graphviz output."""
    return re.sub(r"\\(.)", r"\1", text)


def rankdir(graph: Graph) -> str:
    """Left-to-right for short linear flows and architectures; top-down for hierarchies,
    branching flows and long ones."""
    if graph.hierarchy or graph.decisions or len(graph.labels) > 8:
        return "TB"
    return "LR"


def build_dot(graph: Graph) -> str:
    """The DOT source for the graph, with stable node ids n0, n1… in first-mention order."""
    ids = {key: f"n{index}" for index, key in enumerate(graph.labels)}
    lines = [
        "digraph G {",
        f'  graph [rankdir={rankdir(graph)}, fontname="Helvetica", nodesep=0.4, ranksep=0.5];',
        '  node [shape=box, style="rounded", fontname="Helvetica", fontsize=12];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for key, label in graph.labels.items():
        attributes = [f"label={quote(label)}"]
        if key in graph.decisions:
            attributes.append("shape=diamond")
        elif TERMINAL_RE.match(label):
            attributes.append("shape=ellipse")
        lines.append(f"  {ids[key]} [{', '.join(attributes)}];")
    for index, (group, members) in enumerate(graph.groups.items()):
        inside = " ".join(f"{ids[key]};" for key in members)
        lines.append(f'  subgraph cluster_{index} {{ label={quote(group)}; style="rounded,dashed"; {inside} }}')
    for tail, head, label in graph.edges:
        suffix = f" [label={quote(label)}]" if label else ""
        lines.append(f"  {ids[tail]} -> {ids[head]}{suffix};")
    lines.append("}")
    return "\n".join(lines) + "\n"
