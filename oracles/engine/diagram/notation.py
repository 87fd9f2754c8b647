"""Semi-formal diagram notations pasted as the intent: Mermaid flowcharts ("graph TD", "flowchart
LR"), Mermaid sequenceDiagram, and PlantUML (@startuml: messages, components, activity steps).

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
from dataclasses import dataclass, field

from ..contracts import EngineRefusal
from ..limits import LAYOUT_LIMIT_REASON
from .limits import DIAGRAM_LIMITS
from .model import Graph, clean_label, node_key


@dataclass
class Notation:
    """A parsed notation: node labels in order, edges between labels, decision labels."""

    kind: str  # mermaid-flowchart | mermaid-sequence | plantuml
    heading: str = ""
    nodes: list[str] = field(default_factory=list)
    edges: list[tuple[str, str, str | None]] = field(default_factory=list)
    decisions: set[str] = field(default_factory=set)

    def node(self, label: str) -> str:
        label = re.sub(r"\s+", " ", label).strip()
        if not label:
            _refuse("a node has no name")
        if label not in self.nodes:
            self.nodes.append(label)
        return label

    def edge(self, tail: str, head: str, label: str | None) -> None:
        label = re.sub(r"\s+", " ", label).strip() if label else None
        if (tail, head, label) not in self.edges:
            self.edges.append((tail, head, label or None))


def _refuse(what: str) -> None:
    raise EngineRefusal(
        "UNREADABLE_INTENT",
        f"I could not read this diagram notation: {what}. Write each connection on its own line, "
        "e.g. 'A[Start] --> B[Check]' or 'A -> B: message', or say the steps in words.",
    )


# --- the notation's frame: an optional request line, an optional code fence -----------------
_FENCE_RE = re.compile(r"^\s*```\s*(?:mermaid|plantuml|puml|uml)?\s*$", re.IGNORECASE)
_MERMAID_FLOW_HEADER_RE = re.compile(r"^\s*(?:graph|flowchart)(?:\s+(?:TD|TB|LR|RL|BT))?\s*;?\s*(?P<rest>.*)$", re.IGNORECASE)
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
        return _headerless_mermaid(intent) if not heading and not fenced else None
    body = lines[index:]
    if fenced:
        close = next((i for i, line in enumerate(body) if line.strip().startswith("```")), None)
        if close is None:
            _refuse("the code block is not closed")
        if any(line.strip() for line in body[close + 1:]):
            _refuse("there is text after the code block; put it before the diagram or leave it out")
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
        _mermaid_flowchart(["graph", *intent.splitlines()])
    except EngineRefusal:
        return None
    return "mermaid-flowchart", "", ["graph", *intent.splitlines()]


def _header_kind(line: str) -> str | None:
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
    parsed = {"mermaid-flowchart": _mermaid_flowchart, "mermaid-sequence": _mermaid_sequence, "plantuml": _plantuml}[kind](body)
    parsed.heading = heading
    if not parsed.edges:
        _refuse("it has no connections")
    return parsed


# --- Mermaid flowchart -------------------------------------------------------------------------
# shapes, longest opening first: "[(db)]", "((circle))", "{{hexagon}}", "[[subroutine]]", …
_SHAPES = (("(((", ")))"), ("[(", ")]"), ("([", "])"), ("[[", "]]"), ("((", "))"), ("{{", "}}"), ("[/", "/]"),
           ("[/", "\\]"), ("[\\", "\\]"), ("[\\", "/]"), ("[", "]"), ("(", ")"), ("{", "}"), (">", "]"))
_ID_RE = re.compile(r"[A-Za-z0-9_]+")
# a link: "-- text -->", "== text ==>", "-. text .->", or a plain link with an optional "|text|"
_TEXT_LINK_RE = re.compile(r"\s*(?:--\s*(?P<a>[^\s\->|][^\n|]*?)\s*-{2,}>|==\s*(?P<b>[^\s=>|][^\n|]*?)\s*={2,}>|"
                           r"-\.\s*(?P<c>[^\s.\->|][^\n|]*?)\s*\.-+>)\s*")
_PLAIN_LINK_RE = re.compile(r"\s*(?P<both><)?(?P<link>-{2,}>|={2,}>|-\.+->|-{3,}|={3,}|-\.+-|--[ox](?![\w])|==[ox](?![\w]))"
                            r"\s*(?:\|(?P<label>[^|\n]*)\|)?\s*")
_SKIP_FLOW_RE = re.compile(r"^(?:end|direction\s+\w+|classDef\s.*|class\s.*|style\s.*|linkStyle\s.*|click\s.*|%%.*|"
                           r"subgraph(?:\s.*)?)$", re.IGNORECASE)


def _statements(lines: list[str]) -> list[str]:
    """Statements one a line, a line cut at ";" outside brackets and quotes."""
    out = []
    for line in lines:
        depth, quoted, current = 0, False, ""
        for char in line:
            if char == '"':
                quoted = not quoted
            elif not quoted and char in "[({":
                depth += 1
            elif not quoted and char in "])}":
                depth -= 1
            if char == ";" and depth <= 0 and not quoted:
                out.append(current)
                current = ""
                continue
            current += char
        out.append(current)
    return [s.strip() for s in out if s.strip()]


def _shape_label(text: str, position: int) -> tuple[str, int, bool] | None:
    """(label, end, decision) of a node shape starting at `position`, or None."""
    for opening, closing in _SHAPES:
        if not text.startswith(opening, position):
            continue
        start = position + len(opening)
        if text.startswith('"', start):
            end_quote = text.find('"', start + 1)
            if end_quote < 0 or not text.startswith(closing, end_quote + 1):
                continue
            return text[start + 1:end_quote], end_quote + 1 + len(closing), opening in ("{", "{{")
        end = text.find(closing, start)
        if end < 0:
            continue
        label = text[start:end]
        if any(c in label for c in "[]{}") or ("(" in label) != (")" in label):
            continue  # a bracket of another shape inside: not this shape's label
        return label, end + len(closing), opening in ("{", "{{")
    return None


def _flow_label(text: str) -> str:
    text = re.sub(r"<br\s*/?>", " ", text, flags=re.IGNORECASE)
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text).strip()
    return text.strip('"').strip()


def _mermaid_flowchart(lines: list[str]) -> Notation:
    notation = Notation("mermaid-flowchart")
    header = _MERMAID_FLOW_HEADER_RE.match(lines[0])
    rest = header.group("rest") if header else ""
    statements = _statements([rest, *lines[1:]])
    labels: dict[str, str] = {}  # id → label
    parsed: list[list[tuple[list[str], str | None]]] = []  # per statement: [(ids, label into them)]
    for statement in statements:
        if _SKIP_FLOW_RE.match(statement):
            continue
        position, groups, incoming = 0, [], None
        while True:
            ids, position = _node_group(statement, position, labels, notation)
            groups.append((ids, incoming))
            if position >= len(statement):
                break
            link = _TEXT_LINK_RE.match(statement, position)
            plain = None if link else _PLAIN_LINK_RE.match(statement, position)
            if link is None and plain is None:
                _refuse(f"'{statement[:60]}' is not a Mermaid node or link")
            if plain is not None and plain.group("both"):
                _refuse(f"'{statement[:60]}' is a two-way link; draw each direction as its own arrow")
            incoming = (link.group("a") or link.group("b") or link.group("c")) if link else plain.group("label")  # type: ignore[union-attr]
            position = (link or plain).end()  # type: ignore[union-attr]
            if position >= len(statement):
                _refuse(f"a link in '{statement[:60]}' has nothing after it")
        parsed.append(groups)
    for groups in parsed:
        for (tails, _), (heads, label) in zip(groups, groups[1:], strict=False):
            for tail in tails:
                for head in heads:
                    notation.edge(notation.node(labels[tail]), notation.node(labels[head]), _flow_label(label) if label else None)
        for ids, _ in groups:
            for node_id in ids:
                notation.node(labels[node_id])
    _distinct_labels(labels)
    return notation


def _node_group(statement: str, position: int, labels: dict[str, str], notation: Notation) -> tuple[list[str], int]:
    """"api1 & api2", "db[(Postgres)]": the ids of one side of a link, and where it ends."""
    ids = []
    while True:
        while position < len(statement) and statement[position] == " ":
            position += 1
        match = _ID_RE.match(statement, position)
        if match is None:
            _refuse(f"'{statement[:60]}' has no node name at '{statement[position:position + 20]}'")
        node_id, position = match.group(0), match.end()
        shape = _shape_label(statement, position)
        if shape is not None:
            label, position, decision = shape
            label = _flow_label(label)
            if not label:
                _refuse(f"the node '{node_id}' has an empty label")
            if labels.get(node_id, label) != label and node_id in labels and labels[node_id] != node_id:
                _refuse(f"the node '{node_id}' is given two labels, '{labels[node_id]}' and '{label}'")
            labels[node_id] = label
            if decision:
                notation.decisions.add(label)
        elif statement.startswith(tuple(o for o, _ in _SHAPES if o != ">"), position):
            _refuse(f"the shape of the node '{node_id}' in '{statement[:60]}' is not closed")
        else:
            labels.setdefault(node_id, node_id)
        if statement.startswith(":::", position):
            style = _ID_RE.match(statement, position + 3)
            position = style.end() if style else position + 3
        after = re.match(r"\s*&\s*", statement[position:])
        ids.append(node_id)
        if after is None:
            return ids, position
        position += after.end()


def _distinct_labels(labels: dict[str, str]) -> None:
    seen: dict[str, str] = {}
    for node_id, label in labels.items():
        key = node_key(clean_label(label))
        if key in seen and seen[key] != node_id:
            _refuse(f"the nodes '{seen[key]}' and '{node_id}' have the same label '{label}'; give each its own")
        seen[key] = node_id


# --- Mermaid sequenceDiagram ---------------------------------------------------------------------
_PARTICIPANT_RE = re.compile(r"^(?:create\s+)?(?:participant|actor)\s+(?P<id>[^\s]+?)(?:\s+as\s+(?P<alias>.+))?$", re.IGNORECASE)
_MESSAGE_RE = re.compile(r"^(?P<a>[^\s:<>+-][^:<>]*?)\s*(?P<arrow><<-{1,2}>>|-{1,2}>>|-{1,2}>|-{1,2}[x)])\s*[+-]?\s*"
                         r"(?P<b>[^\s:+-][^:]*?)\s*:\s*(?P<msg>.*)$")
_BLOCK_RE = re.compile(r"^(?P<kw>loop|alt|opt|par|critical|break|rect|else|and|option)\b\s*(?P<text>.*)$", re.IGNORECASE)
_SKIP_SEQUENCE_RE = re.compile(r"^(?:autonumber.*|(?:de)?activate\s.*|note\s+(?:over|left\s+of|right\s+of)\s[^:]+:.*|"
                               r"destroy\s.*|%%.*|box(?:\s.*)?)$", re.IGNORECASE)


def _mermaid_sequence(lines: list[str]) -> Notation:
    notation = Notation("mermaid-sequence")
    names: dict[str, str] = {}
    blocks: list[tuple[str, str]] = []  # (keyword, text) of the blocks the line is inside
    for raw in lines[1:]:
        line = raw.strip()
        if not line or _SKIP_SEQUENCE_RE.match(line):
            continue
        participant = _PARTICIPANT_RE.match(line)
        if participant:
            names[participant.group("id")] = (participant.group("alias") or participant.group("id")).strip()
            notation.node(names[participant.group("id")])
            continue
        if line.casefold() == "end":
            if not blocks or blocks[-1][0] == "box":
                if blocks:
                    blocks.pop()
                continue
            blocks.pop()
            continue
        block = _BLOCK_RE.match(line)
        if block and not _MESSAGE_RE.match(line):
            keyword, text = block.group("kw").casefold(), block.group("text").strip()
            if keyword in ("else", "and", "option"):
                if not blocks:
                    _refuse(f"'{line[:60]}' is outside a block")
                blocks[-1] = (blocks[-1][0], text)
            else:
                blocks.append((keyword, "" if keyword == "rect" else text))
            continue
        message = _MESSAGE_RE.match(line)
        if message is None:
            _refuse(f"'{line[:60]}' is not a message ('A->>B: text'), a participant or a block")
        if message.group("arrow").startswith("<<"):
            _refuse(f"'{line[:60]}' is a two-way message; write each direction as its own message")
        tail = notation.node(names.get(message.group("a").strip(), message.group("a").strip()))
        head = notation.node(names.get(message.group("b").strip(), message.group("b").strip()))
        notation.edge(tail, head, _in_blocks(message.group("msg").strip(), blocks))
    if blocks:
        _refuse(f"the '{blocks[-1][0]}' block is not closed with 'end'")
    return notation


def _in_blocks(message: str, blocks: list[tuple[str, str]]) -> str:
    """A message as its blocks qualify it: "valid credentials: token", "metrics (every 5 min)"."""
    for keyword, text in reversed(blocks):
        if not text:
            continue
        if keyword == "loop":
            message = f"{message} ({text})" if message else text
        elif keyword in ("alt", "opt", "critical", "break"):
            message = f"{text}: {message}" if message else text
        # a par/and branch's title says which branch runs at the same time, not a condition
    return message


# --- PlantUML ----------------------------------------------------------------------------------
_REF = r"\[[^\]\n]+\]|\"[^\"\n]+\"|\([^)\n]+\)|:[^:\n]+:|[\w.]+"
_UML_ARROW = r"<?(?:-+|\.+)(?:\[[^\]\n]*\])?(?:-+|\.+)?(?:>>?)?"
_RELATION_RE = re.compile(rf"^(?P<a>{_REF})\s*(?P<arrow>{_UML_ARROW})\s*(?P<b>{_REF})\s*(?::\s*(?P<msg>.*))?$")
_DECLARATION_RE = re.compile(r"^(?P<kind>actor|participant|boundary|control|entity|database|collections|queue|component|"
                             rf"node|usecase|interface|agent|artifact|cloud|storage)\s+(?P<name>{_REF})"
                             rf"(?:\s+as\s+(?P<alias>{_REF}))?\s*(?:<<[^>]*>>)?\s*(?:#\w+)?$", re.IGNORECASE)
_SKIP_UML_RE = re.compile(r"^(?:@enduml|skinparam\s.*|hide\s.*|show\s.*|left\s+to\s+right\s+direction|"
                          r"top\s+to\s+bottom\s+direction|autonumber.*|(?:de)?activate\s.*|'.*|start|"
                          r"note\s+(?:left|right|over|top|bottom)[^:]*:.*|==.*==|\.\.\..*|\|\|\|)$", re.IGNORECASE)
_STEP_RE = re.compile(r"^:(?P<text>[^;\n]+);$")
_IF_RE = re.compile(r"^if\s*\((?P<cond>[^)]+)\)\s*(?:then\s*(?:\((?P<label>[^)]*)\))?)?$", re.IGNORECASE)
_ELSE_RE = re.compile(r"^else\s*(?:\((?P<label>[^)]*)\))?$", re.IGNORECASE)


def _ref(text: str) -> str:
    text = text.strip()
    if text[:1] in "[\"(:" and len(text) > 1:
        text = text[1:-1]
    return text.strip()


class _Activity:
    """PlantUML's activity steps: ":step;", if/else/endif, stop."""

    def __init__(self, notation: Notation) -> None:
        self.notation = notation
        self.ends: list[tuple[str, str | None]] = []  # where the next step is entered from, with the label
        self.frames: list[dict[str, object]] = []

    def step(self, label: str) -> None:
        node = self.notation.node(label)
        for tail, edge_label in self.ends:
            self.notation.edge(tail, node, edge_label)
        self.ends = [(node, None)]

    def open_if(self, condition: str, label: str | None) -> None:
        self.step(condition)
        decision = self.ends[0][0]
        self.notation.decisions.add(decision)
        self.frames.append({"decision": decision, "done": [], "else": False})
        self.ends = [(decision, label or None)]

    def otherwise(self, label: str | None) -> None:
        if not self.frames or self.frames[-1]["else"]:
            _refuse("an 'else' without its 'if'")
        frame = self.frames[-1]
        frame["done"] = [*frame["done"], *self.ends]  # type: ignore[misc]
        frame["else"] = True
        self.ends = [(frame["decision"], label or None)]  # type: ignore[list-item]

    def close_if(self) -> None:
        if not self.frames:
            _refuse("an 'endif' without its 'if'")
        frame = self.frames.pop()
        ends = [*frame["done"], *self.ends]  # type: ignore[misc]
        if not frame["else"]:
            ends.append((frame["decision"], None))  # no else: the other answer goes straight on
        self.ends = ends

    def stop(self) -> None:
        self.ends = []


def _plantuml(lines: list[str]) -> Notation:
    notation = Notation("plantuml")
    names: dict[str, str] = {}
    activity = _Activity(notation)
    in_note = False
    for raw in lines[1:]:
        line = raw.strip()
        if in_note:
            in_note = not re.match(r"^end\s*note$", line, re.IGNORECASE)
            continue
        if not line or _SKIP_UML_RE.match(line):
            continue
        if re.match(r"^note\s+(?:left|right|over|top|bottom)\b[^:]*$", line, re.IGNORECASE):
            in_note = True
            continue
        step = _STEP_RE.match(line)
        if step:
            activity.step(step.group("text").strip())
            continue
        condition = _IF_RE.match(line)
        if condition:
            activity.open_if(condition.group("cond").strip(), condition.group("label"))
            continue
        other = _ELSE_RE.match(line)
        if other:
            activity.otherwise(other.group("label"))
            continue
        if re.match(r"^end\s*if$", line, re.IGNORECASE):
            activity.close_if()
            continue
        if re.match(r"^(?:stop|end|kill|detach)$", line, re.IGNORECASE):
            activity.stop()
            continue
        declared = _DECLARATION_RE.match(line)
        if declared:
            name = _ref(declared.group("name"))
            names[_ref(declared.group("alias")) if declared.group("alias") else name] = name
            notation.node(name)
            continue
        relation = _RELATION_RE.match(line)
        if relation is None:
            _refuse(f"'{line[:60]}' is not a PlantUML message, component link or activity step")
        arrow = relation.group("arrow")
        if len(arrow.strip("<>")) < 1 or (arrow.startswith("<") and arrow.endswith(">")):
            _refuse(f"'{line[:60]}' has a two-way arrow; write each direction as its own line")
        if not re.search(r"[<>]", arrow) and len(arrow) < 2:
            _refuse(f"'{line[:60]}' has no arrow")
        tail = notation.node(names.get(_ref(relation.group("a")), _ref(relation.group("a"))))
        head = notation.node(names.get(_ref(relation.group("b")), _ref(relation.group("b"))))
        if arrow.startswith("<"):
            tail, head = head, tail
        notation.edge(tail, head, (relation.group("msg") or "").strip() or None)
    if activity.frames:
        _refuse("an 'if' is not closed with 'endif'")
    return notation


# --- the two readings of a parse ---------------------------------------------------------------
def notation_graph(notation: Notation) -> Graph:
    """The drafter's graph of a parse: every message kept, also a second one between two actors."""
    graph = Graph(flow=notation.kind != "mermaid-sequence")
    keys = {label: graph.node(label) for label in notation.nodes}
    if len(set(keys.values())) != len(keys):
        _refuse("two nodes have the same name")
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
