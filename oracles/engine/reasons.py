"""The one list of `reason.code`s an `invalid` answer can carry: CODE -> (billed, meaning).

Billing follows the fault: a code is billed only when Forma understood the request and the
oracle's rules refused the result (a diagram over the size limits). A code that means Forma
could not read the intent, or that its own drafter's answer failed the independent check, is
not billed: the caller did nothing wrong. docs/verdicts.md lists the same codes.
"""

from __future__ import annotations

REASONS: dict[str, tuple[bool, str]] = {
    "CONTENT_NOT_PLACED": (False, "a step, actor, condition or message in the intent is not in the drawn diagram"),
    "DIAGRAM_TOO_LARGE": (True, "the DOT source is larger than the byte limit"),
    "DOES_NOT_PARSE": (False, "Graphviz rejected the drafted DOT source"),
    "DOES_NOT_RENDER": (False, "Graphviz did not draw every node and edge of the diagram"),
    "DUPLICATE_NODE": (False, "two drawn nodes have the same name; a step named twice is one node"),
    "EDGE_LABEL_NOT_IN_INTENT": (False, "an edge label is not a whole phrase of the intent"),
    "EDGE_LABEL_WRONG": (False, "an edge label the intent states for one connection is drawn on another"),
    "EDGE_MISSING": (False, "a connection the intent states is not drawn"),
    "EDGE_NOT_IN_INTENT": (False, "the diagram draws a connection the intent does not state"),
    "INTENT_TOO_LONG": (True, "the intent is longer than the character limit"),
    "INVALID_DIAGRAM": (False, "the artifact is not DOT source text"),
    "LABEL_TOO_LONG": (True, "a node name is longer than the label limit"),
    "LAYOUT_TIMEOUT": (True, "Graphviz took longer than the layout time limit"),
    "NODE_HOLDS_CONDITION": (False, "a drawn node reads as a condition ('BOUND on ACK', '500 or more'), not a step"),
    "NODE_HOLDS_RELATION": (False, "a drawn node contains another node's name: a relation written as one step"),
    "NODE_IS_A_SENTENCE": (False, "a drawn node has more words than a step's name: a sentence the reader did not split"),
    "NODE_NOT_IN_INTENT": (False, "a drawn node is not a whole phrase of the intent"),
    "TOO_MANY_EDGES": (True, "the diagram has more edges than the layout limit"),
    "TOO_MANY_NODES": (True, "the diagram has more nodes than the layout limit"),
    "UNREADABLE_INTENT": (False, "Forma could not read steps or connections from the intent"),
    "UNREADABLE_RELATION": (False, "Forma could not read how two named steps connect"),
    "UNSAFE_DIAGRAM": (True, "the DOT source uses HTML-like labels or attributes that load files or links"),
    "UNSUPPORTED_FORMAT": (False, "the engine does not produce or draw the asked format"),
}
