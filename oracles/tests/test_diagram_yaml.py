"""Graphs pasted as YAML: a wrapper key around an edge list ("flow:" / "- from: … to: …"), a map of
steps to their "next" steps, and an org tree of nested lists under "org:". Read into exactly their
edges and answered `valid`; YAML that is only "name: value" lines is left to the other readers; the
check refuses planted bugs.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back
from oracles.engine.diagram.yaml_data import as_json_graph, parse_yaml

EDGE_LIST = ("pipeline:\n  - from: Checkout\n    to: Build\n  - from: Build\n    to: Deploy\n    when: tests pass\n"
             "  - from: Build\n    to: Notify author\n    when: tests fail")
NEXT_MAP = "workflow:\n  draft:\n    next: [review]\n  review:\n    next: [publish, draft]\n  publish: {}"
ORG_TREE = "org:\n  Principal:\n    - Deputy:\n        - Science head\n        - Arts head\n    - Bursar"


def _drawn(intent: str) -> dict[tuple[str, str], str | None]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    return dict(zip(graph.edges, graph.edge_labels, strict=True))


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (EDGE_LIST, {("Checkout", "Build"): None, ("Build", "Deploy"): "tests pass", ("Build", "Notify author"): "tests fail"}),
        (NEXT_MAP, {("draft", "review"): None, ("review", "publish"): None, ("review", "draft"): None}),
        (ORG_TREE, {("Principal", "Deputy"): None, ("Deputy", "Science head"): None, ("Deputy", "Arts head"): None,
                    ("Principal", "Bursar"): None}),
    ],
)
def test_yaml_graphs_in_three_shapes(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _drawn(intent) == edges


@pytest.mark.parametrize(
    "text",
    [
        "Front office: desk, lobby\nBack office: safe, files\nRoof: antenna",  # "name: value" lines say many things
        "- Home\n  - Shop\n  - Cart",  # a bullet outline is no YAML map
        "team:\n  lead: Ana\n  members: [Bo, Cy]",  # a wrapper that holds no graph
    ],
)
def test_yaml_that_is_no_graph_shape_is_not_read_as_one(text: str) -> None:
    assert as_json_graph(parse_yaml(text)) is None


def _planted(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    nodes = sorted({n for t, h, _ in edges for n in (t, h)})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f"  {ids[t]} -> {ids[h]}" + (f' [label="{lab}"]' if lab else "") + ";" for t, h, lab in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid", "the planted bug was not caught"


def test_a_yaml_condition_moved_or_an_edge_dropped_is_caught() -> None:
    _planted(EDGE_LIST, [("Checkout", "Build", None), ("Build", "Deploy", "tests fail"), ("Build", "Notify author", "tests pass")])
    _planted(NEXT_MAP, [("draft", "review", None), ("review", "publish", None)])


def test_a_yaml_tree_child_hung_under_the_wrong_parent_is_caught() -> None:
    _planted(ORG_TREE, [("Principal", "Deputy", None), ("Principal", "Science head", None), ("Deputy", "Arts head", None),
                        ("Principal", "Bursar", None)])
