"""Semi-formal diagram notations pasted as the intent: Mermaid flowcharts ("graph TD", "flowchart
LR"), Mermaid sequenceDiagram and stateDiagram, and PlantUML (@startuml: messages, components,
activity steps). Other notations named by their header (classDiagram, erDiagram, gantt, journey,
DOT's "digraph {", …) are refused by name, never read as an outline or as loose arrows.

A notation has one reading, so it is parsed here once, STRICTLY: every line must be a statement
of the notation this module knows (a header, a node, an edge, a directive it may skip); a line it
cannot read refuses the whole intent (UNREADABLE_INTENT with a rewrite), never a guess. The
drafter draws the parse (`read_notation`), and the faithfulness check reads the same parse as
plain arrow lines ("Tail -> Head: label", `notation_as_arrows`) and then checks the drawn graph
against those lines like any other intent: a drawn node, edge or label the parse does not state
is refused there.

What is deliberately not drawn (documented, not content): layout and style directives
(direction, classDef, style, skinparam, activate, autonumber), Mermaid subgraph titles, and
notes ("Note over A: …"). A condition of an alt/opt block labels each message inside it
("valid credentials: token"); a loop's text follows each message of the loop ("metrics (every
5 min)").
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from ..limits import LAYOUT_LIMIT_REASON
from .limits import DIAGRAM_LIMITS
from .mermaid import read_flowchart, read_sequence_diagram, read_state_diagram
from .model import Graph
from .notation import Notation, refuse
from .plantuml import read_plantuml

# --- the notation's frame: an optional request line, an optional code fence -----------------
_FENCE_RE = re.compile(r"^\s*```\s*(?:mermaid|plantuml|puml|uml)?\s*$", re.IGNORECASE)
_SEQUENCE_HEADER_RE = re.compile(r"^\s*sequenceDiagram\s*$", re.IGNORECASE)
_PLANTUML_HEADER_RE = re.compile(r"^\s*@startuml\b.*$", re.IGNORECASE)
# a request before the notation ("Render this as a diagram:") is a heading, never a node
_HEADING_MAX_WORDS = 12


def _frame(intent: str) -> tuple[str, str, list[str]] | None:
    """(kind, heading, body lines) when the intent is one notation block; None otherwise."""
    lines = intent.splitlines()
    index = 0
    heading = ""
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index < len(lines) and not _header_kind(lines[index]) and not _FENCE_RE.match(lines[index]):
        headerless = _headerless_mermaid(intent)
        if headerless is not None:
            return headerless
        candidate = lines[index].strip()
        if not candidate.endswith(":") or len(candidate.split()) > _HEADING_MAX_WORDS:
            return None
        heading, index = candidate, index + 1
    fenced = index < len(lines) and bool(_FENCE_RE.match(lines[index]))
    if fenced:
        index += 1
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index >= len(lines):
        return None
    kind = _header_kind(lines[index])
    if kind is None:
        return None
    body = lines[index:]
    if fenced:
        close = next((i for i, line in enumerate(body) if line.strip().startswith("```")), None)
        if close is None:
            refuse("the code block is not closed")
        if any(line.strip() for line in body[close + 1:]):
            refuse("there is text after the code block; put it before the diagram or leave it out")
        body = body[:close]
    return kind, heading, body


_MERMAID_DEFINITION_RE = re.compile(r"(?<![\w\]])[A-Za-z_]\w{0,20}(?:\[|\(|\{)[^\]\)\}\n]{1,120}(?:\]|\)|\})")
_MERMAID_LINK_RE = re.compile(r"-->|==>|-\.->")


def _headerless_mermaid(intent: str) -> tuple[str, str, list[str]] | None:
    """"A[Start] --> B[Check] --> C[Done]" without "graph TD": a flowchart when every line reads
    as one (any prose line leaves the intent to the other readers)."""
    if not _MERMAID_DEFINITION_RE.search(intent) or not _MERMAID_LINK_RE.search(intent):
        return None
    try:
        read_flowchart(["graph", *intent.splitlines()])
    except EngineRefusal:
        return None
    return "mermaid-flowchart", "", ["graph", *intent.splitlines()]


# Notations this reader does not draw: refused by name, never read as an outline or as arrows.
# (Mermaid's keywords are lower- or camel-case as written: "Timeline" alone may be a heading.)
_OTHER_NOTATION_RE = re.compile(r"^\s*(?:classDiagram(?:-v2)?|erDiagram|journey|gantt|pie(?:\s+showData)?(?:\s+title\s.*)?|mindmap|"
                                r"timeline|gitGraph|quadrantChart|requirementDiagram|C4(?:Context|Container|Component|Dynamic|"
                                r"Deployment)|sankey-beta|xychart-beta|block-beta|packet-beta|kanban|architecture-beta|"
                                r"@start(?!uml\b)[a-z]+|(?:strict\s+)?(?:di)?graph\s*[\w\"]*\s*\{.*)\s*$")


def _header_kind(line: str) -> str | None:
    if _OTHER_NOTATION_RE.match(line):
        raise EngineRefusal("UNREADABLE_INTENT", f"'{line.strip()[:30]}' is a notation Forma does not read. Write the steps "
                                                  "as a Mermaid flowchart ('graph TD', 'A[Start] --> B[Check]'), a Mermaid "
                                                  "sequenceDiagram or stateDiagram, PlantUML, or arrows ('A -> B: label').")
    if re.match(r"^\s*stateDiagram(?:-v2)?\s*$", line, re.IGNORECASE):
        return "mermaid-state"
    if _SEQUENCE_HEADER_RE.match(line):
        return "mermaid-sequence"
    if _PLANTUML_HEADER_RE.match(line):
        return "plantuml"
    if re.match(r"^\s*(?:graph|flowchart)\s+(?:TD|TB|LR|RL|BT)\b", line, re.IGNORECASE) or re.match(
            r"^\s*(?:graph|flowchart)\s*$", line, re.IGNORECASE):
        return "mermaid-flowchart"
    return None


def read_notation(intent: str) -> Notation | None:
    """The intent's notation parsed, None when the intent is not one notation block."""
    framed = _frame(intent)
    if framed is None:
        return None
    kind, heading, body = framed
    parsed = {"mermaid-flowchart": read_flowchart, "mermaid-sequence": read_sequence_diagram,
              "mermaid-state": read_state_diagram, "plantuml": read_plantuml}[kind](body)
    parsed.heading = heading
    if not parsed.edges:
        refuse("it has no connections")
    return parsed


# --- the two readings of a parse ---------------------------------------------------------------
def notation_graph(notation: Notation) -> Graph:
    """The drafter's graph of a parse: every message kept, also a second one between two actors."""
    graph = Graph(flow=notation.kind != "mermaid-sequence")
    keys = {label: graph.node(label) for label in notation.nodes}
    if len(set(keys.values())) != len(keys):
        refuse("two nodes have the same name")
    for tail, head, label in notation.edges:
        pair = (keys[tail], keys[head])
        if pair in graph._edge_keys:
            if label and all(old != label for t, h, old in graph.edges if (t, h) == pair):
                graph.edges.append((*pair, label))
            if len(graph.edges) > int(DIAGRAM_LIMITS["max_edges"]):
                raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has more than {DIAGRAM_LIMITS['max_edges']} edges "
                                                      f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")
            continue
        graph.edge(*pair, label)
    graph.decisions.update(keys[d] for d in notation.decisions if d in keys)
    return graph


def read_notation_graph(intent: str) -> Graph | None:
    """The cascade's reader: a notation block drawn as parsed; None for any other intent."""
    notation = read_notation(intent)
    return None if notation is None else notation_graph(notation)


def notation_as_arrows(intent: str) -> str:
    """The checker's normal form: a notation block as one "Tail -> Head: label" line an edge
    (a node without edges on a line of its own); any other intent unchanged."""
    notation = read_notation(intent)
    if notation is None:
        return intent
    lines = [notation.heading] if notation.heading else []
    joined = {label for edge in notation.edges for label in edge[:2]}
    lines += [f"{tail} -> {head}: {label}" if label else f"{tail} -> {head}" for tail, head, label in notation.edges]
    lines += [f"- {label}" for label in notation.nodes if label not in joined]
    return "\n".join(lines)
