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
