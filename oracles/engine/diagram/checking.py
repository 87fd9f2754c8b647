"""The diagram checker: Graphviz parses and lays the source out, the graph is read back from
Graphviz's own output, and compared with the intent text and the drafter's facts."""

from __future__ import annotations

import re
from typing import Any

from ..contracts import Draft, EngineRefusal, Verdict
from ..limits import ENGINE_LIMITS, LAYOUT_LIMIT_REASON
from ..text import clean_intent
from .graphviz import LaidOutGraph, graphviz_version, read_back, run_dot
from .reading import ARROW_RE, node_key

CHECKS = ["parses", "lays out", "renders", "nodes and edges match the intent"]
# Attributes that make Graphviz read files or emit links; never needed for an intent's diagram.
FORBIDDEN_ATTRIBUTES = {"image", "imagepath", "shapefile", "fontpath", "url", "href", "stylesheet",
                        "imagescale", "fontnames", "target", "labelurl", "headurl", "tailurl", "edgeurl"}
QUOTED_RE = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def verified_by() -> dict[str, Any]:
    """Which checker ran, with the Graphviz version read from `dot -V`."""
    return {"checker": f"graphviz {graphviz_version()} (dot)", "checks": list(CHECKS)}


def bound_source(source: Any) -> str:
    """Refuse, before running Graphviz, sources that are too big or could read files."""
    if not isinstance(source, str):
        raise EngineRefusal("INVALID_DIAGRAM", "A diagram must be DOT source text.")
    source = clean_intent(source)  # a stored source may hold what has no UTF-8 form (lone surrogates)
    if len(source.encode("utf-8")) > int(ENGINE_LIMITS["max_dot_bytes"]):
        raise EngineRefusal("DIAGRAM_TOO_LARGE", f"The DOT source is larger than {ENGINE_LIMITS['max_dot_bytes']:,} bytes.")
    quoted = QUOTED_RE.findall(source)
    bare = QUOTED_RE.sub('""', source)
    if re.search(r"<", bare):
        raise EngineRefusal("UNSAFE_DIAGRAM", "HTML-like labels are not allowed; use quoted text labels.")
    names = {w.lower() for w in re.findall(r"[A-Za-z_]\w*", bare)} | {q[1:-1].lower() for q in quoted}
    forbidden = names & FORBIDDEN_ATTRIBUTES
    if forbidden:
        raise EngineRefusal("UNSAFE_DIAGRAM", f"The attribute '{sorted(forbidden)[0]}' loads files or links; it is not allowed.")
    edges = bare.count("->") + bare.count("--")
    if edges > int(ENGINE_LIMITS["max_edges"]):
        raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has {edges:,} edges; the limit is {ENGINE_LIMITS['max_edges']:,} "
                                              f"({LAYOUT_LIMIT_REASON}).")
    # A statement ends at ";" or at the end of its line; "  n0 -> n1;\n" is one statement, not
    # two (counting both separators refused graphs with ~half the allowed nodes and edges).
    statements = sum(1 for piece in re.split(r"[;\n]", bare) if piece.strip())
    max_nodes, max_edges = int(ENGINE_LIMITS["max_nodes"]), int(ENGINE_LIMITS["max_edges"])
    if statements > max_nodes + max_edges + 16:
        raise EngineRefusal("TOO_MANY_NODES", f"The DOT source has {statements:,} statements; a diagram takes at most "
                                              f"{max_nodes:,} nodes and {max_edges:,} edges. Split it into smaller diagrams.")
    return source


def bound_laid_out(graph: LaidOutGraph) -> None:
    """The exact node and edge counts, as Graphviz itself read the source."""
    max_nodes, max_edges = int(ENGINE_LIMITS["max_nodes"]), int(ENGINE_LIMITS["max_edges"])
    if len(graph.labels) > max_nodes:
        raise EngineRefusal("TOO_MANY_NODES", f"The diagram has {len(graph.labels):,} nodes; the limit is {max_nodes:,} "
                                              f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")
    if len(graph.edges) > max_edges:
        raise EngineRefusal("TOO_MANY_EDGES", f"The diagram has {len(graph.edges):,} edges; the limit is {max_edges:,} "
                                              f"({LAYOUT_LIMIT_REASON}). Split it into smaller diagrams.")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).casefold().strip()


def _stated(label: str, intent_norm: str) -> bool:
    key = _norm(label).rstrip("?").strip()
    return bool(key) and key in intent_norm


def _stated_arrows(intent: str) -> list[tuple[str, str]]:
    """(left, right) text around every arrow in the intent, read without the drafter."""
    pairs = []
    for line in re.split(r"[\n;]|,(?=[^,]*(?:->|→|=>))", intent):
        parts = ARROW_RE.split(line)
        nodes = parts[0::3]
        for left, right in zip(nodes, nodes[1:], strict=False):
            pairs.append((_norm(left), _norm(right)))
    return pairs


def check_diagram(intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
    """Check a diagram draft; a Verdict either way."""
    try:
        return _check(intent, draft)
    except EngineRefusal as refusal:
        return Verdict.invalid(refusal.code, refusal.message, draft.notes)


def _check(intent: str, draft: Draft) -> Verdict:
    source = bound_source(draft.artifact)
    svg = run_dot(source, "svg")
    if b"<svg" not in svg[:2000]:
        raise EngineRefusal("DOES_NOT_RENDER", "Graphviz did not produce an SVG drawing.")
    graph = read_back(source)
    bound_laid_out(graph)
    intent_norm = _norm(intent)
    for label in graph.labels:
        if not _stated(label, intent_norm):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' is not named in the intent.")
    drawn_nodes = {node_key(label) for label in graph.labels}
    drawn_edges = {(node_key(t), node_key(h)) for t, h in graph.edges}
    fact_nodes = {node_key(label) for label in draft.facts.get("nodes", [])}
    fact_edges = {(node_key(t), node_key(h)) for t, h in draft.facts.get("edges", [])}
    for node in sorted(fact_nodes - drawn_nodes):
        raise EngineRefusal("NODE_MISSING", f"The node '{node}' named in the intent is not in the diagram.")
    for node in sorted(drawn_nodes - fact_nodes):
        raise EngineRefusal("NODE_NOT_IN_INTENT", f"The diagram has a node '{node}' that the intent does not name.")
    for tail, head in sorted(fact_edges - drawn_edges):
        raise EngineRefusal("EDGE_MISSING", f"The connection {tail} → {head} is not in the diagram.")
    for tail, head in sorted(drawn_edges - fact_edges):
        raise EngineRefusal("EDGE_NOT_IN_INTENT", f"The diagram connects {tail} → {head}, which the intent does not say.")
    # Normalised once: re-normalising every drawn edge for every stated arrow is quadratic. An
    # exact match is the common case and implies the substring match the rule asks for.
    drawn_norm = [(_norm(t), _norm(h)) for t, h in graph.edges]
    drawn_exact = set(drawn_norm)
    for left, right in _stated_arrows(intent):
        if (left, right) in drawn_exact:
            continue
        if not any(t in left and h in right for t, h in drawn_norm):
            raise EngineRefusal("EDGE_MISSING", f"The intent's arrow '{left[-40:]} → {right[:40]}' is not drawn.")
    return Verdict("valid", source, verified_by(), None, list(draft.notes))
