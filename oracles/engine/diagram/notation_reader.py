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
from .data_frames import is_remark, two_way_note
from .dot_input import read_dot
from .limits import DIAGRAM_LIMITS
from .mermaid import read_flowchart, read_sequence_diagram, read_state_diagram
from .model import Graph
from .notation import Notation, refuse
from .plantuml import read_plantuml
from .vocabulary import NOT_CONTENT, name_text

# --- the notation's frame: an optional request line, an optional code fence -----------------
_FENCE_RE = re.compile(r"^\s*```\s*(?:mermaid|plantuml|puml|uml|dot|graphviz|gv)?\s*$", re.IGNORECASE)
_SEQUENCE_HEADER_RE = re.compile(r"^\s*sequenceDiagram\s*$", re.IGNORECASE)
_PLANTUML_HEADER_RE = re.compile(r"^\s*@startuml\b.*$", re.IGNORECASE)
# prose around the notation ("Render this as a diagram:", "thanks!") is short, and never a node
_HEADING_MAX_WORDS = 12
_TITLE_MAX_WORDS = 8


def _frame(intent: str) -> tuple[str, str, list[str], str] | None:
    """(kind, text before, body lines, text after) when the intent holds one notation block; None
    otherwise. The prose around the block ("Here is our flow:", "thanks!") is not drawn; the check
    reads it as the intent's own words (a title or a request, or content it cannot place)."""
    lines = intent.splitlines()
    start = next((i for i, line in enumerate(lines) if _header_kind(line) or _FENCE_RE.match(line)), None)
    if start is None:
        return _headerless_mermaid(intent)
    fenced = bool(_FENCE_RE.match(lines[start]))
    header = start + 1 if fenced else start
    while header < len(lines) and not lines[header].strip():
        header += 1
    kind = _header_kind(lines[header]) if header < len(lines) else None
    if kind is None:
        return None
    before = "\n".join(lines[:start]).strip()
    if len(before.split()) > _HEADING_MAX_WORDS * 2:
        refuse("there is more than a short heading before the diagram; put the rest in the diagram or leave it out")
    body = lines[header:]
    after = ""
    if fenced:
        close = next((i for i, line in enumerate(body) if line.strip().startswith("```")), None)
        if close is None:
            refuse("the code block is not closed")
        # text after the closing fence on its own line ("``` -> audit") is the intent's too, never dropped
        after = "\n".join([body[close].strip()[3:], *body[close + 1:]]).strip()
        body = body[:close]
    elif kind == "dot":
        # "digraph { … }" then "^ graphviz chokes on this": the block ends where its braces close
        close = _closing_brace_line(body)
        if close is not None:
            after = "\n".join(body[close + 1:]).strip()
            body = body[:close + 1]
    elif kind != "plantuml" and (blank := _trailing_prose_at(body)) is not None:
        # "sequenceDiagram … (blank line) draw this as a plain graph": prose after the block, unfenced
        after = "\n".join(body[blank:]).strip()
        body = body[:blank]
    elif kind == "plantuml":
        close = next((i for i, line in enumerate(body) if re.match(r"^\s*@enduml\b", line, re.IGNORECASE)), None)
        if close is not None:  # (text after "@enduml" on its line is the intent's too)
            after = "\n".join([re.sub(r"^\s*@enduml\b", "", body[close], flags=re.IGNORECASE), *body[close + 1:]]).strip()
            body = body[:close]
    if len(after.split()) > _HEADING_MAX_WORDS:
        refuse("there is more than a short remark after the diagram; put it in the diagram or leave it out")
    return kind, before, body, after


def _closing_brace_line(body: list[str]) -> int | None:
    """The line where a DOT block's braces (outside quotes) balance again; None when they never do."""
    depth = 0
    for number, line in enumerate(body):
        depth += sum(1 if c == "{" else -1 for c in re.sub(r'"(?:[^"\\\n]|\\.)*"', "", line) if c in "{}")
        if depth <= 0 and "{" in "".join(body[: number + 1]):
            return number
    return None


_NOTATION_SYNTAX_RE = re.compile(r"-->|->>|->|==>|-\.->|---|\[|\]|\{|\}|^\s*(?:participant|actor|end|note|%%)\b", re.IGNORECASE)


def _trailing_prose_at(body: list[str]) -> int | None:
    """Where prose after an unfenced block starts: the lines after its last blank line, when none of
    them holds a link, a shape or a keyword of a notation; None when there are none such."""
    blanks = [i for i, line in enumerate(body) if not line.strip()]
    if not blanks or not any(line.strip() for line in body[blanks[-1]:]):
        return None
    tail = [line for line in body[blanks[-1]:] if line.strip()]
    return None if any(_NOTATION_SYNTAX_RE.search(line) and not two_way_note(line) for line in tail) else blanks[-1]


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
    # without a header, "fetch(id) --> parse" may be a function call: every node defined must
    # look like Mermaid's (a short id, a label that starts with its id, or an id used bare elsewhere)
    for definition in _MERMAID_DEFINITION_RE.finditer(intent):
        node_id = re.match(r"\w+", definition.group(0)).group(0)  # type: ignore[union-attr]
        label = re.sub(r"^[\[({>/\\\"]+", "", definition.group(0)[len(node_id):]).casefold()
        bare = re.search(rf"(?<![\w\]]){re.escape(node_id)}(?![\w\[({{])", intent[:definition.start()] + intent[definition.end():])
        if len(node_id) > 3 and not label.startswith(node_id.casefold()) and bare is None:
            return None
    return "mermaid-bare-flowchart", "", ["graph", *intent.splitlines()], ""


# Notations this reader does not draw: refused by name, never read as an outline or as arrows.
# (Mermaid's keywords are lower- or camel-case as written: "Timeline" alone may be a heading.)
_OTHER_NOTATION_RE = re.compile(r"^\s*(?:classDiagram(?:-v2)?|erDiagram|journey|gantt|pie(?:\s+showData)?(?:\s+title\s.*)?|mindmap|"
                                r"timeline|gitGraph|quadrantChart|requirementDiagram|C4(?:Context|Container|Component|Dynamic|"
                                r"Deployment)|sankey-beta|xychart-beta|block-beta|packet-beta|kanban|architecture-beta|"
                                r"@start(?!uml\b)[a-z]+)\s*$")
# DOT: "digraph G {", "digraph {", "strict digraph \"x\" {", "digraph G" (brace on the next line), "graph {"
_DOT_HEADER_RE = re.compile(r"^\s*(?:strict\s+)?(?:digraph(?:\s+(?:\"[^\"\n]*\"|\w+))?\s*(?:\{.*)?|"
                            r"graph(?:\s+(?:\"[^\"\n]*\"|\w+))?\s*\{.*)$", re.IGNORECASE)


def _header_kind(line: str) -> str | None:
    if _OTHER_NOTATION_RE.match(line):
        raise EngineRefusal("UNREADABLE_INTENT", f"'{line.strip()[:30]}' is a notation Forma does not read. Write the steps "
                                                  "as a Mermaid flowchart ('graph TD', 'A[Start] --> B[Check]'), a Mermaid "
                                                  "sequenceDiagram or stateDiagram, PlantUML, or arrows ('A -> B: label').")
    if _DOT_HEADER_RE.match(line) and not re.match(r"^\s*graph\s+(?:TD|TB|LR|RL|BT)\b", line, re.IGNORECASE):
        return "dot"
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
    kind, before, body, after = framed
    parsed = {"mermaid-flowchart": lambda lines: read_flowchart(lines, mend=True), "mermaid-bare-flowchart": read_flowchart,
              "mermaid-sequence": read_sequence_diagram, "mermaid-state": read_state_diagram,
              "plantuml": read_plantuml, "dot": read_dot}[kind](body)
    parsed.before, parsed.after = before, after
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


def _arrow_line(tail: str, head: str, label: str | None) -> str:
    """ "Tail -> Head: label", or "Tail -(label)-> Head" where after a colon the label would read as
    glue: one word ("API -> DB: query" would read "query" as the verb), a label that opens with a
    connecting word ("Doctor -> Patient: call in", "request changes") or holds a comma ("taxi via A,
    hold short 27L" is one message, not a list). Inside the arrow it is a label only."""
    tail, head, label = name_text(tail), name_text(head), name_text(label) if label else label
    if not label:
        return f"{tail} -> {head}"
    words = re.findall(r"[^\W_]+", label.casefold())
    glue = re.fullmatch(r"[^\s()\[\]]+", label) or "," in label or (words and words[0] in NOT_CONTENT["anywhere"])
    if glue and re.fullmatch(r"[^()\[\]|\n]{1,60}", label):
        return f"{tail} -({label})-> {head}"
    return f"{tail} -> {head}: {label}"


def notation_as_arrows(intent: str) -> str:
    """The checker's normal form: a notation block as one "Tail -> Head: label" line an edge
    (a node without edges on a line of its own); any other intent unchanged."""
    notation = read_notation(intent)
    if notation is None:
        return intent
    # the notation's titles, and short prose before the block, stand where a heading stands: "Title:"
    # (longer prose stays as written: the check must place its words or refuse)
    # a remark that only asks for the drawing ("our wiki's mermaid plugin is broken, can you render
    # this?") is frame; one that says more stays (data_frames.is_remark)
    drawn = [*notation.nodes, *(label for _, _, label in notation.edges if label)]
    before = "" if is_remark(notation.before, drawn) else notation.before
    after = "" if is_remark(notation.after, drawn) else notation.after
    if before and (before.endswith(":") or len(before.split()) <= _TITLE_MAX_WORDS):
        before = before.rstrip(" :") + ":"
    lines = [before] if before else []
    lines += [title.rstrip(" :") + ":" for title in notation.titles]
    joined = {label for edge in notation.edges for label in edge[:2]}
    lines += [_arrow_line(tail, head, label) for tail, head, label in notation.edges]
    lines += [f"- {name_text(label)}" for label in notation.nodes if label not in joined]
    return "\n".join([*lines, after] if after else lines)
