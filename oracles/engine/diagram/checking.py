"""The diagram checker: Graphviz parses and lays the source out, the graph is read back from
Graphviz's own output, and compared with the intent text and the drafter's facts."""

from __future__ import annotations

import re
from typing import Any

from ground.contract import VerifiedBy

from ..contracts import Draft, EngineRefusal, Verdict
from ..limits import LAYOUT_LIMIT_REASON
from ..text import clean_intent
from .faithfulness import check_faithful
from .graphviz import LaidOutGraph, graphviz_version, read_back
from .limits import DIAGRAM_LIMITS

CHECKS = ["parses", "lays out", "renders", "every label is a whole phrase of the intent",
          "every step and relation in the intent is drawn", "nodes and edges match the intent"]
# Attributes that make Graphviz read files or emit links; never needed for an intent's diagram.
FORBIDDEN_ATTRIBUTES = {"image", "imagepath", "shapefile", "fontpath", "url", "href", "stylesheet",
                        "imagescale", "fontnames", "target", "labelurl", "headurl", "tailurl", "edgeurl"}
FIGURE_OUTPUTS = ("svg", "png")
# About 20 nodes and 20 edges: drawing the PNG in the check's run then adds tens of milliseconds.
DRAW_PNG_WITH_CHECK_MAX_BYTES = 1_000
QUOTED_RE = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def verified_by() -> VerifiedBy:
    """Which checker ran, with the Graphviz version read from `dot -V`."""
    return {"checker": f"graphviz {graphviz_version()} (dot)", "checks": list(CHECKS)}


def bound_source(source: Any) -> str:
    """Refuse, before running Graphviz, sources that are too big or could read files."""
    if not isinstance(source, str):
        raise EngineRefusal("INVALID_DIAGRAM", "A diagram must be DOT source text.")
    source = clean_intent(source)  # a stored source may hold what has no UTF-8 form (lone surrogates)
    if len(source.encode("utf-8")) > int(DIAGRAM_LIMITS["max_dot_bytes"]):
        raise EngineRefusal("DIAGRAM_TOO_LARGE", f"The DOT source is larger than {DIAGRAM_LIMITS['max_dot_bytes']:,} bytes.")
    quoted = QUOTED_RE.findall(source)
    bare = QUOTED_RE.sub('""', source)
    if re.search(r"<", bare):
        raise EngineRefusal("UNSAFE_DIAGRAM", "HTML-like labels are not allowed; use quoted text labels.")
    names = {w.lower() for w in re.findall(r"[A-Za-z_]\w*", bare)} | {q[1:-1].lower() for q in quoted}
    forbidden = names & FORBIDDEN_ATTRIBUTES
    if forbidden:
        raise EngineRefusal("UNSAFE_DIAGRAM", f"The attribute '{sorted(forbidden)[0]}' loads files or links; it is not allowed.")
    edges = bare.count("->") + bare.count("--")
    if edges > int(DIAGRAM_LIMITS["max_edges"]):
        raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has {edges:,} edges; the limit is {DIAGRAM_LIMITS['max_edges']:,} "
                                              f"({LAYOUT_LIMIT_REASON}).")
    # A statement ends at ";" or at the end of its line; "  n0 -> n1;\n" is one statement, not
    # two (counting both separators refused graphs with ~half the allowed nodes and edges).
    statements = sum(1 for piece in re.split(r"[;\n]", bare) if piece.strip())
    max_nodes, max_edges = int(DIAGRAM_LIMITS["max_nodes"]), int(DIAGRAM_LIMITS["max_edges"])
    if statements > max_nodes + max_edges + 16:
        raise EngineRefusal("TOO_MANY_NODES", f"The DOT source has {statements:,} statements; a diagram takes at most "
                                              f"{max_nodes:,} nodes and {max_edges:,} edges. Split it into smaller diagrams.")
    return source


def bound_laid_out(graph: LaidOutGraph) -> None:
    """The exact node and edge counts, as Graphviz itself read the source."""
    max_nodes, max_edges = int(DIAGRAM_LIMITS["max_nodes"]), int(DIAGRAM_LIMITS["max_edges"])
    if len(graph.labels) > max_nodes:
        raise EngineRefusal("TOO_MANY_NODES", f"The diagram has {len(graph.labels):,} nodes; the limit is {max_nodes:,} "
                                              f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")
    if len(graph.edges) > max_edges:
        raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has {len(graph.edges):,} edges; the limit is {max_edges:,} "
                                              f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")


def check_diagram(intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
    """Check a diagram draft; a Verdict either way."""
    try:
        return _check(intent, draft)
    except EngineRefusal as refusal:
        return Verdict.invalid(refusal.code, refusal.message, draft.notes)


def _check(intent: str, draft: Draft) -> Verdict:
    source = bound_source(draft.artifact)
    # One Graphviz run: -Tjson parses, lays out and emits every node's and edge's drawing
    # operations, so it is both the render check and the graph read back (a separate -Tsvg
    # run was a third subprocess per answer).
    # The same run draws the figures: kept, so drawing a fresh answer is no second Graphviz run.
    # SVG costs next to nothing on top of the layout; PNG (cairo) grows with the picture (seconds
    # at the node limits, which would eat the layout's time budget), so only small graphs get it here.
    draw = FIGURE_OUTPUTS if len(source) <= DRAW_PNG_WITH_CHECK_MAX_BYTES else ("svg",)
    graph = read_back(source, draw=draw)
    if not graph.drawn:
        raise EngineRefusal("DOES_NOT_RENDER", "Graphviz did not draw every node and edge of the diagram.")
    bound_laid_out(graph)
    # The drafter's facts are not consulted: the graph Graphviz read is compared with the
    # intent read on its own (faithfulness.py).
    check_faithful(intent, graph.labels, [(t, h, label) for (t, h), label in zip(graph.edges, graph.edge_labels, strict=True)],
                   graph.clusters)
    return Verdict.valid(source, verified_by(), draft.notes, figures=graph.figures)
