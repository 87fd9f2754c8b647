"""The coverage audit (coverage_audit.py) can fail, and a slice of it passes on the dev corpus."""

from __future__ import annotations

from oracles.engine import answer
from oracles.tests.coverage_audit import audit, chart_variants, diagram_variants

CHART = {"id": "t-c-1", "category": "plain-list", "intent": "bar chart of tickets per agent: Priya 42, Marco 37, Aiko 51",
         "expect": {"status": "valid", "mark": "bar", "series": [{"name": None, "points": [["Priya", 42], ["Marco", 37],
                                                                                           ["Aiko", 51]]}]}}
DIAGRAM = {"id": "t-d-1", "category": "arrow-chain", "intent": "order placed -> packed -> shipped",
           "expect": {"status": "valid", "nodes": ["order placed", "packed", "shipped"],
                      "edges": [["order placed", "packed"], ["packed", "shipped"]]}}


def test_an_artifact_without_the_added_content_is_judged_a_miss() -> None:
    """Every chart variant's judge calls the unchanged chart (which lacks what was added) a miss."""
    spec = answer("chart", CHART["intent"], "vega-lite", {}).result
    variants = list(chart_variants(CHART, spec))
    families = {v.family for v in variants}
    assert {"chart/extra-item-same-style", "chart/label-lengthened-before", "chart/minus-before-value",
            "chart/line-word-in-label", "chart/second-series"} <= families
    for variant in variants:
        if variant.family in ("chart/plus-before-value", "chart/ask-sorted", "chart/ask-line", "chart/ask-horizontal"):
            continue  # what these add may already hold for the unchanged chart (a bar chart, sorted or not)
        assert variant.judge(spec) is not True, variant.family


def test_a_diagram_without_the_added_step_or_edge_is_judged_a_miss() -> None:
    dot = answer("diagram", DIAGRAM["intent"], "dot", {}).result
    variants = list(diagram_variants(DIAGRAM, dot))
    assert {"diagram/extra-step-same-style", "diagram/go-back-to", "diagram/extra-branch"} <= {v.family for v in variants}
    for variant in variants:
        if variant.family == "diagram/negated-relation":
            assert variant.judge(dot) is True  # the unchanged diagram does not draw the ruled-out edge
        else:
            assert variant.judge(dot) is not True, variant.family


def test_the_first_dev_entries_have_no_wrong_valid_variant() -> None:
    counts, misses = audit(limit=2)
    assert sum(counts.values()) > 20
    assert not misses, misses


def test_the_second_round_families_judge_an_unchanged_artifact() -> None:
    """What the new families add is missing from the unchanged chart or diagram, so their judges call it a miss
    (except the families whose right answer is the unchanged artifact itself: a note, a total, a ruled-out step)."""
    from oracles.tests.coverage_audit import new_chart_variants, new_diagram_variants

    spec = answer("chart", CHART["intent"], "vega-lite", {}).result
    unchanged_is_right = ("chart/footnote", "chart/total", "chart/negated-item")
    chart = list(new_chart_variants(CHART, spec))
    assert {"chart/value-in-words", "chart/delta-value", "chart/two-charts", "chart/leave-out"} <= {v.family for v in chart}
    for variant in chart:
        ok = variant.judge(spec)
        assert (ok is True) == variant.family.startswith(unchanged_is_right), variant.family
    dot = answer("diagram", DIAGRAM["intent"], "dot", {}).result
    diagram = list(new_diagram_variants(DIAGRAM, dot))
    assert {"diagram/edge-label-operators", "diagram/negated-drawn-step", "diagram/passive-direction"} <= {v.family for v in diagram}
    for variant in diagram:
        ok = variant.judge(dot)
        assert (ok is True) == variant.family.startswith(("diagram/negated-new-step",)), variant.family
