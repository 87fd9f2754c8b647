"""Shared by the diagram test files: what the engine draws for an intent, and the check's verdict on
a planted drafter bug (a hand-written drawing given to the check as if the drafter had made it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back


def drawn(intent: str) -> tuple[set[str], set[tuple[str, str]]]:
    """Node labels and edges of the engine's answer, which must be `valid`."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    return set(graph.labels), set(graph.edges)


def planted_reason(intent: str, edges: Iterable[Sequence[str | None]], extra: tuple[str, ...] = ()) -> dict[str, str]:
    """The check's refusal of a drafter that drew these edges ((tail, head) or (tail, head, label)) and
    the `extra` lone nodes for the intent; fails the test when the check does not refuse."""
    edges = [(edge[0], edge[1], edge[2] if len(edge) > 2 else None) for edge in edges]
    nodes = sorted({n for t, h, _ in edges for n in (t, h)} | set(extra))
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f"  {ids[t]} -> {ids[h]}" + (f' [label="{label}"]' if label else "") + ";" for t, h, label in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


def drawn_edges(intent: str) -> dict[tuple[str, str], str | None]:
    """The valid answer's edges with their labels (fails the test when the answer is not valid)."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    return dict(zip(graph.edges, graph.edge_labels, strict=True))


def refusal(intent: str) -> dict[str, str]:
    """The refusal's reason (fails the test when the answer is drawn)."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid", f"drawn: {verdict.result}"
    assert verdict.reason is not None
    return verdict.reason


def refusal_reason(intent: str) -> dict[str, str]:
    """The engine's refusal of the intent (fails the test when the answer is `valid`)."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None, verdict.result
    return verdict.reason
