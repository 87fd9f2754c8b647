"""The diagram oracle's limits (with the shared ones: `DIAGRAM_LIMITS` is what DiagramKind declares)."""

from __future__ import annotations

from ..limits import kind_limits

DIAGRAM_LIMITS = kind_limits(
    {
        # Graphviz `dot` layout (crossing minimisation) grows steeply with edges: measured here
        # (graphviz 2.43), a random 300-node/1,200-edge graph takes over 60 s, 100/400 about 4 s,
        # 50/200 with edge labels about 1.6 s, while 150 edges (labelled, worst density) lay out in
        # about 0.4 s — and an answer lays the graph out three times (svg + json check, render).
        # max_nodes <= max_edges so that a long chain is refused for its nodes first.
        "max_nodes": 150,
        "max_edges": 150,
        "max_dot_bytes": 256_000,
        "graphviz_timeout_s": 5,
    }
)
