"""Edges pasted as data: a CSV or markdown table with from/to (and label) columns, and JSON —
an edge list ({"edges": [{"from": …, "to": …, "label": …}]}, [["a", "b"], …]) or a tree
({"name": …, "children"/"reports": […]}).

A table needs a header that says which column is the tail and which the head ("source,target",
"| From | To | Label |"); without one, "a,b" could be a list as well as an edge, so the reader
leaves it to the others. Lines around the table may only be a short heading or caption.
"""

from __future__ import annotations

import re
from typing import Any

from .agent_json import agent_graph, json_document
from .model import Graph, node_key
from .state_configs import state_machine
from .table_vocabulary import TRANSITION_HEADS, TRANSITION_LABELS, TRANSITION_TAILS, aligned_cells
from .yaml_data import as_json_graph, parse_yaml

TAIL_HEADERS = frozenset("from source src tail start parent caller sender manager boss supervisor reportsto".split()
                         + TRANSITION_TAILS)
HEAD_HEADERS = frozenset("to target dst dest destination head end child callee receiver employee report member".split()
                         + TRANSITION_HEADS)
LABEL_HEADERS = frozenset("label message msg text via relation condition action event trigger when data payload".split()
                          + TRANSITION_LABELS)
# A cell that only says "none" in a label column ("| Create contact | - | Open record |") is no label.
NO_LABEL_CELLS = frozenset({"", "-", "–", "—", "n/a", "none"})
NAME_KEYS = ("name", "title", "label", "id")
CHILD_KEYS = ("children", "reports", "direct_reports", "subordinates", "members", "team", "items", "nodes")
CAPTION_MAX_WORDS = 6
CAPTION_AFTER_MAX_WORDS = 8
_SEPARATOR_RE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _cells(line: str) -> list[str] | None:
    # a tab-separated row keeps a trailing tab: "Approve payment<TAB>Pay supplier<TAB>" ends in an empty label cell
    line = line.strip(" \r\n") if "\t" in line.strip() and "|" not in line else line.strip()
    if line.startswith("|"):
        return [c.strip() for c in line.strip("|").split("|")]
    if re.search(r"\S\s*\|\s*\S", line) and "\t" not in line:
        # "From | To | Condition" without border pipes: every pipe parts two cells, so a row's last
        # pipe ("Intake | Triage |") leaves an empty last cell
        return [c.strip() for c in line.split("|")]
    if "\t" in line:
        return [c.strip() for c in line.split("\t")]
    if "," in line:
        return [c.strip() for c in line.split(",")]
    return aligned_cells(line)


def _columns(header: list[str]) -> tuple[int, int, int | None] | None:
    names = [re.sub(r"[^a-z]", "", h.casefold()) for h in header]
    tails = [i for i, n in enumerate(names) if n in TAIL_HEADERS]
    heads = [i for i, n in enumerate(names) if n in HEAD_HEADERS]
    labels = [i for i, n in enumerate(names) if n in LABEL_HEADERS]
    if len(tails) != 1 or len(heads) != 1 or len(labels) > 1 or len(header) != 2 + len(labels):
        return None
    return tails[0], heads[0], labels[0] if labels else None


def _caption(line: str) -> bool:
    line = re.sub(r"^\s*\^+\s*", "", line)  # "^ state machine for our docs": a caret pointing up at the table
    # (the check turns only a caption about the drawing, of at most 8 words, into a heading)
    return len(line.split()) <= CAPTION_AFTER_MAX_WORDS and not re.search(r"[,|>→]", line)


def _heading(line: str) -> bool:
    """"Vending machine transitions, please draw the state diagram:": a line that ends with a colon
    before the table introduces it (the check reads its words as a heading, or refuses them)."""
    return line.rstrip().endswith(":") and len(line.split()) <= 2 * CAPTION_MAX_WORDS and not re.search(r"[|>→]", line)


def read_edge_table(intent: str) -> Graph | None:
    """None unless the intent is one headed table of edges (with at most a heading and a caption)."""
    lines = [line for line in intent.splitlines() if line.strip()]
    rows = [(i, _cells(line)) for i, line in enumerate(lines) if not _SEPARATOR_RE.match(line)]
    table = [(i, cells) for i, cells in rows if cells is not None and len(cells) > 1]
    # the table starts at its header: a heading before it may hold a comma ("Turnstile, please draw:")
    header = next((n for n, (_, cells) in enumerate(table) if _columns(cells) is not None), None)  # type: ignore[arg-type]
    table = table[header:] if header is not None else table
    if len(table) < 2:
        return None
    first, last = table[0][0], table[-1][0]
    if [i for i, _ in table] != [i for i, _ in rows if first <= i <= last]:
        return None  # a line inside the table that is not a row
    others = [line for i, line in enumerate(lines) if i < first or i > last]
    if len(others) > 2 or not all(_caption(line.rstrip(":")) or (i < first and _heading(line))
                                  for i, line in enumerate(lines) if i < first or i > last):
        return None
    columns = _columns(table[0][1])  # type: ignore[arg-type]
    if columns is None:
        return None
    tail_at, head_at, label_at = columns
    graph = Graph(flow=True, exact=True)
    for _, cells in table[1:]:
        if cells is None or len(cells) != len(table[0][1]) or not cells[tail_at] or not cells[head_at]:  # type: ignore[arg-type]
            return None
        label = cells[label_at] if label_at is not None and cells[label_at].casefold() not in NO_LABEL_CELLS else None
        graph.edge(graph.node(cells[tail_at]), graph.node(cells[head_at]), label)
    return graph if graph.edges else None


def _name(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, dict):
        found = [value[k] for k in NAME_KEYS if isinstance(value.get(k), str) and value[k].strip()]
        return found[0].strip() if found else None
    return None


def _tree(graph: Graph, value: Any) -> str | None:
    name = _name(value)
    if name is None:
        raise ValueError("a tree node without a name")
    key = graph.node(name)
    if isinstance(value, dict):
        children = [value[k] for k in CHILD_KEYS if k in value]
        if len(children) > 1 or (children and not isinstance(children[0], list)):
            raise ValueError("children under two keys")
        for child in children[0] if children else []:
            graph.edge(key, _tree(graph, child))  # type: ignore[arg-type]
    return key


def _keyed_tree(graph: Graph, parent: str | None, value: dict[str, Any]) -> None:
    for name, children in value.items():
        if not isinstance(children, dict):
            raise ValueError("a keyed tree whose value is not an object")
        key = graph.node(name)
        if parent is not None:
            graph.edge(parent, key)
        _keyed_tree(graph, key, children)


def _edge_of(item: Any) -> tuple[str, str, str | None] | None:
    if isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) and x.strip() for x in item):
        return item[0], item[1], item[2] if len(item) == 3 else None
    if isinstance(item, dict):
        tails = [item[k] for k in item if k.casefold() in TAIL_HEADERS and isinstance(item[k], str)]
        heads = [item[k] for k in item if k.casefold() in HEAD_HEADERS and isinstance(item[k], str)]
        labels = [item[k] for k in item if k.casefold() in LABEL_HEADERS and isinstance(item[k], str)]
        if len(tails) == 1 and len(heads) == 1 and len(labels) <= 1 and len(item) == 2 + len(labels):
            return tails[0], heads[0], labels[0] if labels else None
    return None


def read_json_graph(intent: str) -> Graph | None:
    """None unless the intent holds one JSON edge list or tree (after at most a short heading)."""
    part = json_document(intent)
    if part is None:
        yaml_value = as_json_graph(parse_yaml(intent))  # the same shapes pasted as YAML
        part = None if yaml_value is None else ("", yaml_value, "")
    if part is None:
        return None
    before, value, after = part
    # a short request after the data ("draw this graph") is the check's to place, word by word
    if len(after.split()) > 2 * CAPTION_MAX_WORDS or len(before.split()) > 2 * CAPTION_MAX_WORDS:
        return None
    machine = state_machine(value)
    if machine is not None:  # {"initial": "draft", "states": {"draft": {"on": {"SUBMIT": "review"}}, …}}
        _, states, transitions = machine
        graph = Graph(flow=True)
        for state in states:
            graph.node(state)
        for state, target, event in transitions:
            tail, head = graph.node(state), graph.node(target)
            if (tail, head) in graph._edge_keys:  # two events between the same states: an arrow each
                graph.edges.append((tail, head, event))
            graph.edge(tail, head, event)
        return graph
    agent = agent_graph(value)  # the shapes agents write (agent_json.py), in one of the shapes below
    if agent is not None:
        value = agent.shape
    value = _json_shape(value)
    if value is None:
        return None
    graph = Graph(flow=True, exact=True)
    steps = json_steps(value)
    if steps is not None:  # {"title": "Claims", "steps": ["receive", "assess", "pay"]}: one step after another
        keys = [graph.node(step) for step in steps]
        for tail, head in zip(keys, keys[1:], strict=False):
            graph.edge(tail, head)
        return graph if len(set(keys)) == len(keys) else None
    if _adjacency_map(value):  # {"intake": ["triage"], "triage": ["treat", "refer"], "refer": []}
        for tail, heads in value.items():
            key = graph.node(tail)
            for head in heads:
                graph.edge(key, graph.node(head))
        return graph if graph.edges else None
    groups = _json_groups(value)
    if groups is None:
        return None
    if groups:  # {"groups": {"Edge": ["CDN", "WAF"]}, "edges": [...]}: the rest is an edge list
        value = {k: v for k, v in value.items() if k in ("nodes", "edges")}
    edges = value.get("edges") if isinstance(value, dict) and set(value) <= {"nodes", "edges"} else value
    try:
        if isinstance(edges, list) and edges and all(_edge_of(item) for item in edges):
            for item in edges:
                tail, head, label = _edge_of(item)  # type: ignore[misc]
                graph.edge(graph.node(tail), graph.node(head), label)
            extra = value.get("nodes", []) if isinstance(value, dict) else []
            if not isinstance(extra, list) or any(_name(n) is None for n in extra):
                return None
            for item in extra:
                graph.node(_name(item))  # type: ignore[arg-type]
        elif (
            isinstance(value, dict)
            and value
            and all(isinstance(v, dict) for v in value.values())
            and not set(value) & set(NAME_KEYS)
        ):
            graph = Graph(hierarchy=True, exact=True)
            _keyed_tree(graph, None, value)  # {"CEO": {"CTO": {}, "CFO": {}}}: keys are the names
        elif isinstance(value, dict) and _name(value) is not None:
            graph = Graph(hierarchy=True, exact=True)
            _tree(graph, value)
        else:
            return None
    except ValueError:
        return None
    for name, members in groups.items():
        keys = [node_key(m) for m in members]
        if any(k not in graph.labels for k in keys):
            return None  # a member no edge or node names
        graph.groups[name] = keys
    return graph if graph.edges else None


_WRAPPER_KEYS = frozenset({"graph", "diagram", "data"})


def _json_shape(value: Any) -> Any:
    """A JSON graph in the edge-list shape: {"graph": {…}} unwrapped, "links" read as "edges", and
    edges that name nodes by id ({"id": "n1", "label": "Harvest"}) given the nodes' labels; None
    when an edge names an id no node has."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in _WRAPPER_KEYS \
            and isinstance(next(iter(value.values())), dict):
        value = next(iter(value.values()))
    for alias, key in (("links", "edges"), ("connections", "edges"), ("messages", "edges"), ("transitions", "edges"), ("participants", "nodes"),
                       ("states", "nodes")):
        if isinstance(value, dict) and alias in value and key not in value:
            value = {(key if k == alias else k): v for k, v in value.items()}
    if isinstance(value, dict) and "edges" in value and "groups" not in value and "clusters" not in value:
        # {"diagram": "sequence", …}: a key that only names the kind of drawing
        meta = set(value) & DRAWING_KIND_KEYS
        if any(not isinstance(value[k], str) or value[k].casefold() not in DRAWING_KIND_VALUES for k in meta):
            return None
        value = {k: v for k, v in value.items() if k not in meta}
    if not (isinstance(value, dict) and isinstance(value.get("nodes"), list) and isinstance(value.get("edges"), list)):
        return value
    ids = {n["id"]: n["label"] for n in value["nodes"] if isinstance(n, dict) and set(n) == {"id", "label"}
           and isinstance(n["id"], str) and isinstance(n["label"], str) and n["label"].strip()}
    if not ids or len(ids) != len(value["nodes"]):
        return value
    edges = []
    for item in value["edges"]:
        edge = _edge_of(item)
        if edge is None or edge[0] not in ids or edge[1] not in ids:
            return None
        edges.append([ids[edge[0]], ids[edge[1]]] + ([edge[2]] if edge[2] else []))
    return {**value, "nodes": list(ids.values()), "edges": edges}


# A key whose list is steps in order, never a name that points at them ({"steps": [...]}).
SEQUENCE_KEYS = frozenset("steps stages sequence order pipeline phases process flow procedure".split())


def json_steps(value: Any) -> list[str] | None:
    """The names of {"steps": ["a", "b", "c"]} (beside at most a title and a word for the kind of
    drawing), in order; None for any other shape."""
    if not isinstance(value, dict):
        return None
    lists = [k for k in value if isinstance(k, str) and k.casefold() in SEQUENCE_KEYS]
    if len(lists) != 1:
        return None
    for key, other in value.items():
        if key == lists[0]:
            continue
        if key.casefold() in DRAWING_KIND_KEYS and isinstance(other, str) and other.casefold() in DRAWING_KIND_VALUES:
            continue
        if key.casefold() in ("title", "name") and isinstance(other, str):
            continue
        return None
    steps = value[lists[0]]
    if not isinstance(steps, list) or len(steps) < 2 or not all(isinstance(x, str) and x.strip() for x in steps):
        return None
    return steps


def _adjacency_map(value: Any) -> bool:
    """{"name": ["name it points to", …], …}: every value a list of names (some may be empty)."""
    return isinstance(value, dict) and bool(value) and not set(value) & ({"nodes", "edges", "groups"} | set(NAME_KEYS)) \
        and all(isinstance(v, list) and all(isinstance(x, str) and x.strip() for x in v) for v in value.values()) \
        and any(value.values())


# Keys beside "edges" that only say what the drawing is ("diagram": "architecture").
DRAWING_KIND_KEYS = frozenset({"diagram", "type", "kind"})
DRAWING_KIND_VALUES = frozenset("architecture flowchart flow graph diagram tree hierarchy network dependency dependencies "
                              "digraph directed sequence".split())


def _json_groups(value: Any) -> dict[str, list[str]] | None:
    """The groups a JSON edge list declares ({"groups": {name: [members]}}); {} when it declares
    none, None when it holds more than groups, edges, nodes and a word that says what it is."""
    if isinstance(value, dict) and "clusters" in value and "groups" not in value:
        value = {("groups" if k == "clusters" else k): v for k, v in value.items()}
    if not isinstance(value, dict) or "groups" not in value:
        return {}
    if not set(value) <= {"nodes", "edges", "groups"} | DRAWING_KIND_KEYS or "edges" not in value:
        return None
    if any(not isinstance(value[k], str) or value[k].casefold() not in DRAWING_KIND_VALUES for k in set(value) & DRAWING_KIND_KEYS):
        return None
    groups = value["groups"]
    if isinstance(groups, list) and all(isinstance(g, dict) and set(g) == {"name", "members"} and isinstance(g["name"], str)
                                        for g in groups):
        groups = {g["name"]: g["members"] for g in groups}  # [{"name": "Kafka", "members": […]}]
    if not isinstance(groups, dict) or not groups or not all(
        isinstance(name, str) and name.strip() and isinstance(members, list) and members
        and all(isinstance(m, str) and m.strip() for m in members)
        for name, members in groups.items()
    ):
        return None
    return {name.strip(): [m.strip() for m in members] for name, members in groups.items()}


ADJACENT_NAME_MAX_WORDS = 4
_CONDITION_RE = re.compile(r"\b(?:when|whenever|if|on|after|until|once|unless|otherwise|else|then)\b|[()]", re.IGNORECASE)
_ADJACENCY_RE = re.compile(r"^(?P<tail>[^,;:→>]+?)\s*(?:->|→|=>|⇒)\s*(?P<heads>[^→>]+)$")


def read_adjacency(intent: str) -> Graph | None:
    """ "Vehicles → Cars, Trucks; Cars → Sedan, SUV": each statement one name and the names it
    leads to. None unless every statement is one such arrow and one of them lists several."""
    statements = [s.strip(" .") for s in re.split(r"[;\n]|\.\s+", intent) if s.strip(" .")]
    if statements:
        statements[0] = re.sub(r"^[^:→>]{1,60}:\s+(?=\S)", "", statements[0])  # "taxonomy tree: …"
    parsed = [_ADJACENCY_RE.match(s) for s in statements]
    if len(parsed) < 2 or not all(parsed):
        return None
    lists = [[h for h in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("heads")) if h.strip()] for m in parsed if m]
    names = [m.group("tail") for m in parsed if m] + [h for heads in lists for h in heads]
    if not any(len(heads) > 1 for heads in lists) or any(
        len(n.split()) > ADJACENT_NAME_MAX_WORDS or _CONDITION_RE.search(n) for n in names
    ):
        return None  # "idle → listening on the wake word": a condition, not a list of names
    graph = Graph(hierarchy=True)
    for match, heads in zip(parsed, lists, strict=True):
        tail = graph.node(match.group("tail"))  # type: ignore[union-attr]
        for head in heads:
            graph.edge(tail, graph.node(head))
    return graph


# "web: api, auth" lines under a heading or key that says what the colon means ("depends on",
# "calls", "links to"): each line one name and the names it points to. Without such a cue
# "Hall 1: cutter, press" is a group (clusters.py), so the reader leaves it alone.
_COLON_ENTRY_RE = re.compile(r"^\s*(?:[-*•]\s+)?(?P<tail>[^\s:\[\]][^:\[\]]{0,40}?)\s*:\s*\[?\s*(?P<heads>[^\[\]:]*?)\s*\]?\s*$")
_COLON_CUE_RE = re.compile(
    r"\b(?:depends?[\s_]+on|depends_on|dependencies|deps|calls|links?\s+to|points?\s+to|connects?\s+to|talks?\s+to|"
    r"adjacency|arrows?\s+from\s+each)\b",
    re.IGNORECASE,
)
# a cue read the other way round ("is called by", "used by"): the colon's direction is not said plainly
_COLON_REVERSE_RE = re.compile(r"\b(?:by|from\s+what|reverse|incoming|dependents|callers)\b", re.IGNORECASE)
COLON_CUE_MAX_WORDS = 16


def colon_entries(intent: str) -> tuple[list[tuple[str, list[str]]], list[str]] | None:
    """The "name: a, b" entries of the intent and its other lines (the cues), or None unless some
    other line says the colon is a forward relation. Shared by the reader (below) and the check's
    normal form, so both take the same lines for entries and cues."""
    lines = [line for line in intent.splitlines() if line.strip() and not line.strip().startswith("```")]
    entries: list[tuple[str, list[str]]] = []
    cues: list[str] = []
    for line in lines:
        entry = _COLON_ENTRY_RE.match(line)
        heads = [h.strip().strip("\"'") for h in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", entry.group("heads"))
                 if h.strip().strip("\"'")] if entry else []
        if entry and heads and not _COLON_CUE_RE.search(entry.group("tail")):
            entries.append((entry.group("tail").strip().strip("\"'"), heads))
        else:
            cues.append(line)
    if not any(_COLON_CUE_RE.search(c) for c in cues):
        return None
    return entries, cues


def colon_cue_says_more(cue: str, names: set[str]) -> bool:
    """Whether a cue line says more than what the colon means: too long, read the other way round
    ("used by"), or naming one of the (casefolded) names the entries draw."""
    words = re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", cue.casefold())
    text = f" {' '.join(words)} "
    return len(words) > COLON_CUE_MAX_WORDS or bool(_COLON_REVERSE_RE.search(cue)) or any(f" {n} " in text for n in names)


def read_colon_adjacency(intent: str) -> Graph | None:
    """None unless the intent is "name: a, b" lines (a YAML map of lists too) and only lines that
    say the colon is a forward relation; each line's name then points to each of its names."""
    found = colon_entries(intent)
    if found is None or len(found[0]) < 2:
        return None
    entries, cues = found
    names = {node_key(n) for tail, heads in entries for n in [tail, *heads]}
    for cue in cues:
        if colon_cue_says_more(cue, names) or set(re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", cue.casefold())) & names:
            return None  # a cue that names a drawn name says more than what the colon means
    if any(len(n.split()) > ADJACENT_NAME_MAX_WORDS or _CONDITION_RE.search(n) for n in names):
        return None
    graph = Graph(flow=True)
    for tail, heads in entries:
        key = graph.node(tail)
        for head in heads:
            graph.edge(key, graph.node(head))
    return graph
