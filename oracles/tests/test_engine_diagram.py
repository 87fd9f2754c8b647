"""Diagram oracle: the interface, Graphviz as the checker, independence from the drafter, drawing."""

from __future__ import annotations

import struct
from dataclasses import replace

import pytest

from oracles.engine import EngineRefusal, answer, get_kind
from oracles.engine.diagram.dot_source import quote
from oracles.engine.diagram.graphviz import read_back

FLOW = "submit -> validate -> save or show error"


def test_the_diagram_kind_speaks_dot_only() -> None:
    kind = get_kind("diagram")
    assert (kind.name, kind.formats, kind.default_format, kind.drawable_formats) == ("diagram", ("dot",), "dot", ("dot",))
    verdict = answer("diagram", FLOW, "mermaid", {})
    assert verdict.reason is not None and verdict.reason["code"] == "UNSUPPORTED_FORMAT"


def test_a_branch_becomes_a_decision_diamond_in_a_top_down_flow() -> None:
    verdict = answer("diagram", FLOW, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, str)
    assert 'label="validate", shape=diamond' in verdict.result
    assert "rankdir=TB" in verdict.result
    assert verdict.verified_by is not None and verdict.verified_by["checker"] == "graphviz 2.43.0 (dot)"


def test_a_short_linear_flow_reads_left_to_right() -> None:
    result = answer("diagram", "push -> build -> deploy", "dot", {}).result
    assert isinstance(result, str) and "rankdir=LR" in result


def test_an_org_chart_reads_top_down() -> None:
    result = answer("diagram", "the CEO manages the CTO and the CFO", "dot", {}).result
    assert isinstance(result, str) and "rankdir=TB" in result


def test_labels_are_escaped_for_dot() -> None:
    assert quote('say "hi" \\N') == '"say \\"hi\\" \\\\N"'
    assert quote("a\x00b\x1bc\nd") == '"abc d"'


def _draft():
    return get_kind("diagram").draft(FLOW, "dot", {})


def test_an_edge_the_intent_does_not_state_is_caught() -> None:
    draft = _draft()
    source = draft.artifact.replace("}\n", "  n3 -> n0;\n}\n")  # type: ignore[union-attr]
    verdict = get_kind("diagram").check(FLOW, replace(draft, artifact=source), {})
    assert verdict.reason is not None and verdict.reason["code"] == "EDGE_NOT_IN_INTENT"


def test_an_edge_dropped_from_both_facts_and_dot_is_caught_from_the_intents_arrows() -> None:
    draft = _draft()
    source = draft.artifact.replace("  n0 -> n1;\n", "")  # type: ignore[union-attr]
    facts = {**draft.facts, "edges": [e for e in draft.facts["edges"] if e != ["submit", "validate"]]}
    verdict = get_kind("diagram").check(FLOW, replace(draft, artifact=source, facts=facts), {})
    assert verdict.reason is not None and verdict.reason["code"] == "EDGE_MISSING"


def test_a_node_the_intent_does_not_name_is_caught() -> None:
    draft = _draft()
    source = draft.artifact.replace('label="save"', 'label="delete everything"')  # type: ignore[union-attr]
    verdict = get_kind("diagram").check(FLOW, replace(draft, artifact=source), {})
    assert verdict.reason is not None and verdict.reason["code"] == "NODE_NOT_IN_INTENT"


def test_the_graph_is_read_back_from_graphviz_output() -> None:
    graph = read_back('digraph { a [label="A \\"x\\""]; a -> b; subgraph cluster_0 { b } }')
    assert sorted(graph.labels) == ['A "x"', "b"]
    assert graph.edges == [('A "x"', "b")]


def test_render_returns_real_png_and_svg() -> None:
    kind = get_kind("diagram")
    result = answer("diagram", FLOW, "dot", {}).result
    assert isinstance(result, str)
    png = kind.render(result, "dot", "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    assert width > 50 and height > 50
    svg = kind.render(result, "dot", "svg").decode("utf-8")
    assert "<svg" in svg and "validate" in svg
    with pytest.raises(EngineRefusal):
        kind.render(result, "dot", "pdf")


def _random_edges(names: list[str], count: int, separator: str, seed: int = 1) -> str:
    import random

    rng = random.Random(seed)
    return separator.join(f"{rng.choice(names)} -> {rng.choice(names)}" for _ in range(count))


@pytest.mark.parametrize("separator", ["\n", ", "])
@pytest.mark.parametrize("prefix", ["step", "n"])
def test_a_graph_within_the_limits_is_valid_with_repeats_and_self_loops(separator: str, prefix: str) -> None:
    # Regression: the checker counted each DOT statement twice (";" and the newline after it),
    # so graphs with about half the allowed nodes + edges were refused as TOO_MANY_NODES.
    from oracles.engine import ENGINE_LIMITS

    max_nodes, max_edges = int(ENGINE_LIMITS["max_nodes"]), int(ENGINE_LIMITS["max_edges"])
    names = [f"{prefix}{i}" for i in range(max_nodes // 3)]
    intent = _random_edges(names, max_edges, separator) + separator + f"{names[0]} -> {names[0]}"  # a self-loop
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason


def test_a_chain_at_the_node_and_edge_limits_is_valid() -> None:
    from oracles.engine import ENGINE_LIMITS

    count = int(ENGINE_LIMITS["max_nodes"])
    intent = "\n".join(f"s{i} -> s{i + 1}" for i in range(count - 1))
    intent += f"\ns{count - 1} -> s0"  # closes the cycle: max_nodes nodes, max_nodes edges
    assert count <= int(ENGINE_LIMITS["max_edges"])
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason


def test_the_statement_bound_counts_each_dot_statement_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The case from the bug report, under the old limits (500 nodes, 2,000 edges): 300 distinct
    # nodes and ~1,200 edges must pass the pre-Graphviz bound (their layout is what is too slow).
    from oracles.engine.diagram.checking import bound_source
    from oracles.engine.diagram.dot_source import build_dot
    from oracles.engine.diagram.limits import DIAGRAM_LIMITS
    from oracles.engine.diagram.reading import read_graph

    monkeypatch.setitem(DIAGRAM_LIMITS, "max_nodes", 500)
    monkeypatch.setitem(DIAGRAM_LIMITS, "max_edges", 2_000)
    graph = read_graph(_random_edges([f"step{i}" for i in range(300)], 1200, "\n"))
    assert len(graph.labels) == 300
    source = build_dot(graph)
    assert bound_source(source) == source


def test_a_graph_too_big_to_lay_out_quickly_is_refused_with_the_reason() -> None:
    verdict = answer("diagram", _random_edges([f"step{i}" for i in range(300)], 1200, "\n"), "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] in ("TOO_MANY_NODES", "TOO_MANY_EDGES")
    assert "layout time" in verdict.reason["message"] and "Split it" in verdict.reason["message"]


def test_the_exact_node_count_is_read_back_from_graphviz() -> None:
    # a DOT artifact can declare many nodes in one statement ("{a b c …}"): the count Graphviz
    # reads is bounded too, not only the statements.
    from oracles.engine import ENGINE_LIMITS, Draft

    count = int(ENGINE_LIMITS["max_nodes"]) + 1
    source = "digraph G { {" + " ".join(f"n{i}" for i in range(count)) + "} n0 -> n1; }\n"
    verdict = get_kind("diagram").check("n0 -> n1", Draft("dot", source, {"nodes": ["n0", "n1"], "edges": [["n0", "n1"]]}), {})
    assert verdict.reason is not None and verdict.reason["code"] == "TOO_MANY_NODES"
    assert f"{count:,} nodes" in verdict.reason["message"]
