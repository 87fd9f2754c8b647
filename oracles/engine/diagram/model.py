"""The drafter's graph: nodes by key, edges with labels, decisions — and how a name is cleaned."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..contracts import EngineRefusal
from ..limits import LAYOUT_LIMIT_REASON
from .answer_forms import OpenQuestions
from .limits import DIAGRAM_LIMITS

EXAMPLE = ("Say the steps with arrows, e.g. 'submit -> validate -> save or show error', or in sentences, "
           "e.g. 'the browser talks to nginx; nginx forwards to the app'")
CONTROL_CHARS_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
# "there's a technical interview": a step said as what there is; the name is what follows
ARTICLE_RE = re.compile(r"^(?:there(?:['’]s|\s+is)\s+(?:a|an|the)\s+|(?:the|a|an|our|my|their|its)\s+)", re.IGNORECASE)


_BRACKET_ALIAS_RE = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<alias>[^()]+)\)$")


def _bracket_names(label: str) -> tuple[str, ...]:
    """The keys of a label "name (alias)": its name and its alias alone; () for another label."""
    match = _BRACKET_ALIAS_RE.match(label.strip())
    if match is None:
        return ()
    return tuple(k for k in (node_key(clean_label(match.group("name"))), node_key(clean_label(match.group("alias")))) if k)


@dataclass
class Graph:
    """Nodes (by normalised key → label), edges (tail key, head key, label) and decisions."""

    labels: dict[str, str] = field(default_factory=dict)
    edges: list[tuple[str, str, str | None]] = field(default_factory=list)
    decisions: set[str] = field(default_factory=set)
    flow: bool = False
    hierarchy: bool = False
    last_objects: list[str] = field(default_factory=list)  # "both"/"they" in the next statement
    senders: dict[str, str] = field(default_factory=dict)  # who last sent to a node: a reply goes back there
    pending_step: str | None = None  # a bare step statement a following "if …" branches from
    decider: str | None = None  # the step an "if …"/"otherwise …" statement branches from
    branch_ends: list[str] = field(default_factory=list)  # last step of each branch, for a rejoin
    case_decider: str | None = None  # the step case rows ("< 1 kg → letter rate") branch from
    fan_out: list[str] = field(default_factory=list)  # "in parallel: a, b, c": the next bare step follows all
    groups: dict[str, list[str]] = field(default_factory=dict)  # a cluster's label → its member keys
    branch_chain: bool = False  # the last branch went on through several steps ("if C, A → B → W")
    route_from: str | None = None  # the step "blood samples go to hematology, …" routes from
    event_rows: bool = False  # "Lid opened: washing → paused." rows: the text before the colon is the event
    questions: OpenQuestions = field(default_factory=OpenQuestions)  # which question the next "No:" answers
    loop_from: str | None = None  # the step the last way back ("if X fails, go back to …") branched from
    exact: bool = False  # names given as data (JSON, a table): "Pickup" beside "Confirm pickup" is its own node
    _edge_keys: set[tuple[str, str]] = field(default_factory=set, repr=False, compare=False)

    def node(self, text: str) -> str:
        """Register a node by its label and return its key."""
        label = clean_label(text)
        if not label:
            raise EngineRefusal("UNREADABLE_INTENT", f"A step or node has no name. {EXAMPLE}.")
        limit = int(DIAGRAM_LIMITS["max_label_chars"])
        if len(label) > limit:
            raise EngineRefusal("LABEL_TOO_LONG", f"The node '{label[:40]}…' is longer than {limit} characters. Shorten it.")
        key = node_key(label)
        if key not in self.labels and not self.exact:
            # "the broker" after "the MQTT broker": a later mention by the name's last words is
            # the same node, when exactly one earlier name ends that way
            owners = [k for k in self.labels if k.endswith(" " + key)]
            if len(owners) == 1:
                return owners[0]
            # "LIS" after "the Laboratory Information System (LIS)": a name given with its alias in
            # brackets is one node, which a later mention by the alias (or the name) alone names
            owners = [k for k, text in self.labels.items() if key in _bracket_names(text)]
            if len(owners) == 1:
                return owners[0]
        self.labels.setdefault(key, label)
        if label.endswith("?"):
            self.questions.ask(key)
        if len(self.labels) > int(DIAGRAM_LIMITS["max_nodes"]):
            raise EngineRefusal("TOO_MANY_NODES", f"The diagram has more than {DIAGRAM_LIMITS['max_nodes']} nodes "
                                                  f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")
        return key

    def name_in_full(self, text: str) -> str:
        """Register a node said once with its bracketed note ("CS101 (Introduction to Programming)"):
        a node already named by the name or the note alone takes the full label."""
        label = clean_label(text)
        names = _bracket_names(label)
        owners = [k for k in self.labels if k in names]
        if len(owners) == 1:
            self.labels[owners[0]] = label
            return owners[0]
        return self.node(text)

    def known(self, text: str) -> str | None:
        """The key of an already named node the text names (as node() would find it), else None."""
        label = clean_label(text)
        key = node_key(label) if label else ""
        if key in self.labels or self.exact:
            return key if key in self.labels else None
        owners = [k for k in self.labels if k.endswith(" " + key)] if key else []
        return owners[0] if len(owners) == 1 else None

    def edge(self, tail: str, head: str, label: str | None = None) -> None:
        """Add an edge once (repeated statements of the same edge are one edge)."""
        if (tail, head) in self._edge_keys:  # a set: scanning the edge list per edge is quadratic
            return
        self._edge_keys.add((tail, head))
        self.edges.append((tail, head, label))
        if len(self.edges) > int(DIAGRAM_LIMITS["max_edges"]):
            raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has more than {DIAGRAM_LIMITS['max_edges']} edges "
                                                  f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")


# A word that only says the names follow ("namely", "viz.", "either … or"): never part of the first name.
NAMELY_RE = re.compile(r"^(?:namely|viz\.?|either)\s*[:,]?\s+", re.IGNORECASE)


def clean_label(text: str) -> str:
    """A node label as written, without control characters, articles, quotes or edge punctuation."""
    text = CONTROL_CHARS_RE.sub("", text)
    text = re.sub(r"\s+", " ", text).strip(" .,;:!*")
    while len(text) >= 2 and (text[0], text[-1]) in (('"', '"'), ("'", "'"), ("`", "`"), ("“", "”"), ("‘", "’"), ("(", ")")):
        text = text[1:-1].strip()  # a wrapped name: "the 'API'" → API
    text = ARTICLE_RE.sub("", NAMELY_RE.sub("", text))  # "three committees, namely the Finance Committee, …"
    return text.strip(" .,;:!*")


def node_key(label: str) -> str:
    """Identity of a node: case-, whitespace- and article-insensitive."""
    return re.sub(r"\s+", " ", ARTICLE_RE.sub("", label.strip())).casefold().rstrip("?")
