"""The diagram oracle: steps and relations in an intent → a checked Graphviz DOT diagram."""

from __future__ import annotations

from typing import Any

from ..contracts import Draft, EngineRefusal, NoOptions, Verdict
from ..limits import guard_intent
from .checking import bound_source, check_diagram
from .dot_source import build_dot
from .graphviz import run_dot
from .limits import DIAGRAM_LIMITS
from .reading import read_graph


class DiagramKind:
    """Diagrams: flows, branches and relations drawn with Graphviz and checked by Graphviz."""

    name = "diagram"
    title = "Diagram"
    description = (
        "A Graphviz (DOT) diagram from a flow or relations described in the intent: 'submit -> validate -> "
        "save', 'if valid, save, otherwise show error', 'the browser talks to nginx'. Checked by Graphviz "
        "itself; every node and edge named in the intent is in the graph and nothing else is."
    )
    formats: tuple[str, ...] = ("dot",)
    default_format = "dot"
    drawable_formats: tuple[str, ...] = ("dot",)
    price = 1
    options_model = NoOptions
    limits = DIAGRAM_LIMITS

    def draft(self, intent: str, fmt: str, options: dict[str, Any]) -> Draft:
        """Read nodes and edges from the intent and write DOT; raises EngineRefusal."""
        if fmt not in self.formats:
            raise EngineRefusal("UNSUPPORTED_FORMAT", f"Diagrams come as {', '.join(self.formats)}, not '{fmt}'.")
        guard_intent(intent)
        graph = read_graph(intent)
        facts = {
            "nodes": list(graph.labels.values()),
            "edges": [[graph.labels[t], graph.labels[h]] for t, h, _ in graph.edges],
            "decisions": [graph.labels[k] for k in graph.labels if k in graph.decisions],
        }
        return Draft(fmt, build_dot(graph), facts, False, [])

    def check(self, intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
        """Graphviz parse/layout/render plus the nodes-and-edges rule."""
        return check_diagram(intent, draft, options or {})

    def render(self, result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
        """SVG or PNG bytes drawn by Graphviz."""
        if fmt != "dot":
            raise EngineRefusal("UNSUPPORTED_FORMAT", f"Diagrams draw from 'dot', not '{fmt}'.")
        if out not in ("png", "svg"):
            raise EngineRefusal("UNSUPPORTED_FORMAT", f"Diagrams draw to 'png' or 'svg', not '{out}'.")
        return run_dot(bound_source(result), out)


KIND = DiagramKind()
