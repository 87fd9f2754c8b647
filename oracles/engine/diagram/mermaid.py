"""Mermaid pasted as the intent: flowcharts ("graph TD", node shapes, "A & B --> C", link labels
"-->|x|" / "-- x -->", subgraphs) and sequenceDiagram (participants and aliases, messages, notes,
loop/alt/opt blocks). Parsed strictly into a Notation; notation_reader.py finds the block."""

from __future__ import annotations

import re

from .mermaid_slips import mended_lines
from .model import clean_label, node_key
from .notation import Notation, qualified, refuse
from .pseudo_states import marker_label, refuse_marker_clash

_MERMAID_FLOW_HEADER_RE = re.compile(r"^\s*(?:graph|flowchart)(?:\s+(?:TD|TB|LR|RL|BT))?\s*;?\s*(?P<rest>.*)$", re.IGNORECASE)


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


def read_flowchart(lines: list[str], mend: bool = False) -> Notation:
    """A flowchart's parse; with `mend`, after its unambiguous slips are mended (mermaid_slips.py) —
    only under a header that says it is Mermaid, never for loose "A[x] --> B" lines."""
    notation = Notation("mermaid-flowchart")
    header = _MERMAID_FLOW_HEADER_RE.match(lines[0])
    rest = header.group("rest") if header else ""
    statements = _statements(mended_lines([rest, *lines[1:]]) if mend else [rest, *lines[1:]])
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
                refuse(f"'{statement[:60]}' is not a Mermaid node or link")
            if plain is not None and plain.group("both"):
                refuse(f"'{statement[:60]}' is a two-way link; draw each direction as its own arrow")
            incoming = (link.group("a") or link.group("b") or link.group("c")) if link else plain.group("label")  # type: ignore[union-attr]
            position = (link or plain).end()  # type: ignore[union-attr]
            if position >= len(statement):
                refuse(f"a link in '{statement[:60]}' has nothing after it")
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
            refuse(f"'{statement[:60]}' has no node name at '{statement[position:position + 20]}'")
        node_id, position = match.group(0), match.end()
        shape = _shape_label(statement, position)
        if shape is not None:
            label, position, decision = shape
            label = _flow_label(label)
            if not label:
                refuse(f"the node '{node_id}' has an empty label")
            if labels.get(node_id, label) != label and node_id in labels and labels[node_id] != node_id:
                refuse(f"the node '{node_id}' is given two labels, '{labels[node_id]}' and '{label}'")
            labels[node_id] = label
            if decision:
                notation.decisions.add(label)
        elif statement.startswith(tuple(o for o, _ in _SHAPES if o != ">"), position):
            refuse(f"the shape of the node '{node_id}' in '{statement[:60]}' is not closed")
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
            refuse(f"the nodes '{seen[key]}' and '{node_id}' have the same label '{label}'; give each its own")
        seen[key] = node_id


# --- Mermaid sequenceDiagram ---------------------------------------------------------------------
_PARTICIPANT_RE = re.compile(r"^(?:create\s+)?(?:participant|actor)\s+(?P<id>[^\s]+?)(?:\s+as\s+(?P<alias>.+))?$", re.IGNORECASE)
_MESSAGE_RE = re.compile(r"^(?P<a>[^\s:<>+-][^:<>]*?)\s*(?P<arrow><<-{1,2}>>|-{1,2}>>|-{1,2}>|-{1,2}[x)])\s*[+-]?\s*"
                         r"(?P<b>[^\s:+-][^:]*?)\s*:\s*(?P<msg>.*)$")
_BLOCK_RE = re.compile(r"^(?P<kw>loop|alt|opt|par|critical|break|rect|box|else|and|option)\b\s*(?P<text>.*)$", re.IGNORECASE)
_SKIP_SEQUENCE_RE = re.compile(r"^(?:autonumber.*|(?:de)?activate\s.*|note\s+(?:over|left\s+of|right\s+of)\s[^:]+:.*|"
                               r"destroy\s.*|%%.*)$", re.IGNORECASE)


def read_sequence_diagram(lines: list[str]) -> Notation:
    notation = Notation("mermaid-sequence")
    names: dict[str, str] = {}
    blocks: list[tuple[str, str]] = []  # (keyword, text) of the blocks the line is inside
    for raw in lines[1:]:
        line = raw.strip()
        if not line or _SKIP_SEQUENCE_RE.match(line):
            continue
        title = re.match(r"^title\s*:?\s+(?P<text>.+)$", line, re.IGNORECASE)
        if title:
            notation.titles.append(title.group("text").strip())
            continue
        participant = _PARTICIPANT_RE.match(line)
        if participant:
            names[participant.group("id")] = (participant.group("alias") or participant.group("id")).strip()
            notation.node(names[participant.group("id")])
            continue
        if line.casefold() == "end":
            if not blocks:
                refuse("an 'end' without its block")
            blocks.pop()
            continue
        block = _BLOCK_RE.match(line)
        if block and not _MESSAGE_RE.match(line):
            keyword, text = block.group("kw").casefold(), block.group("text").strip()
            if keyword in ("else", "and", "option"):
                if not blocks:
                    refuse(f"'{line[:60]}' is outside a block")
                blocks[-1] = (blocks[-1][0], text)
            else:
                blocks.append((keyword, "" if keyword in ("rect", "box") else text))
            continue
        message = _MESSAGE_RE.match(line)
        if message is None:
            refuse(f"'{line[:60]}' is not a message ('A->>B: text'), a participant or a block")
        if message.group("arrow").startswith("<<"):
            refuse(f"'{line[:60]}' is a two-way message; write each direction as its own message")
        tail = notation.node(names.get(message.group("a").strip(), message.group("a").strip()))
        head = notation.node(names.get(message.group("b").strip(), message.group("b").strip()))
        notation.edge(tail, head, qualified(message.group("msg").strip(), blocks))
    if blocks:
        refuse(f"the '{blocks[-1][0]}' block is not closed with 'end'")
    return notation


# --- Mermaid stateDiagram ----------------------------------------------------------------------
_STATE_HEADER_RE = re.compile(r"^\s*stateDiagram(?:-v2)?\s*$", re.IGNORECASE)
_TRANSITION_RE = re.compile(r"^(?P<a>\[\*\]|[\w.-]+)\s*-->\s*(?P<b>\[\*\]|[\w.-]+)\s*(?::\s*(?P<label>.*))?$")
_STATE_ALIAS_RE = re.compile(r'^state\s+"(?P<name>[^"\n]+)"\s+as\s+(?P<id>[\w.-]+)$', re.IGNORECASE)
_SKIP_STATE_RE = re.compile(r"^(?:direction\s+\w+|classDef\s.*|class\s.*|%%.*|note\s+(?:left|right)\s+of\s+[\w.-]+\s*:.*)$",
                            re.IGNORECASE)


def read_state_diagram(lines: list[str]) -> Notation:
    """stateDiagram(-v2): "Idle --> Running : start" a transition with its event; "[*] --> Idle" and
    "Done --> [*]" (the start and end markers) are drawn as Start and End nodes (pseudo_states.py)."""
    notation = Notation("mermaid-state")
    names: dict[str, str] = {}
    states: set[str] = set()
    markers: set[str] = set()
    for raw in lines[1:]:
        line = raw.strip()
        if not line or _SKIP_STATE_RE.match(line):
            continue
        alias = _STATE_ALIAS_RE.match(line)
        if alias:
            names[alias.group("id")] = alias.group("name").strip()
            notation.node(names[alias.group("id")])
            continue
        transition = _TRANSITION_RE.match(line)
        if transition is None:
            refuse(f"'{line[:60]}' is not a transition ('Idle --> Running : start') this reader knows")
        ends = []
        for group, is_tail in (("a", True), ("b", False)):
            ref = transition.group(group)
            marker = marker_label(ref, is_tail)
            name = marker or names.get(ref, ref)
            (markers if marker else states).add(name)
            ends.append(name)
        notation.edge(notation.node(ends[0]), notation.node(ends[1]), (transition.group("label") or "").strip() or None)
    refuse_marker_clash(states | set(names.values()), markers)
    return notation
