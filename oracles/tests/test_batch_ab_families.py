"""Families found by the first-contact run of the sealed ab_ batch (wrong valids there, fixed by rule).

Charts:
- A number with its unit as the label under an asked line ("0 h: 7.2, 6 h: 6.9") or scatter, or a
  quantity named before its number under an asked scatter ("pH 5: 0.8 — scatter"), is the x of x/y
  pairs; periods ("Q1", "week 1") and names with a number ("ep1", "T1") stay labels.
- An ask to make a value up ("just estimate something reasonable for March") is refused: Forma draws
  only stated values, and drawing the rest without it would ignore the ask.
Diagrams:
- In a nested decision tree, a plain item under an answer row ("- No → Page on-call" over
  "  - Acked within 5 min?") is the step after that answer's step; under a plain step it is the step
  after it; an answer's steps may be a row of arrows ("Yes → Investigate → Mitigate").
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason
from oracles.tests.test_chart_fail_closed import _planted, _refused, _rows


def _chart(intent: str):
    return answer("chart", intent, "vega-lite", {})


@pytest.mark.parametrize(("intent", "first"), [
    ("Culture pH over time — line please. 0 h: 7.2, 6 h: 6.9, 12 h: 6.4, 24 h: 5.5", (0, 7.2)),
    ("Mean enzyme activity at pH 5: 0.8, pH 6: 2.4, pH 7: 3.9 — scatter please, pH on x.", (5, 0.8)),
])
def test_measured_labels_of_a_line_or_scatter_are_x_values(intent: str, first: tuple[float, float]) -> None:
    verdict = _chart(intent)
    assert verdict.status == "valid", verdict.reason
    rows = verdict.result["data"]["values"]
    assert (rows[0]["x"], rows[0]["y"]) == first


@pytest.mark.parametrize("intent", [
    "line chart: Q1 10, Q2 12, Q3 15",
    "podcast downloads, line graph: ep1 850, ep2 1.3k, ep3 1.9k",
])
def test_periods_and_numbered_names_stay_labels(intent: str) -> None:
    verdict = _chart(intent)
    assert verdict.status == "valid", verdict.reason
    assert "label" in verdict.result["data"]["values"][0]


@pytest.mark.parametrize("intent", [
    "Line chart of monthly revenue: Jan 12k, Feb 15k, Apr 18k, May 21k. I don't have March handy, just estimate "
    "something reasonable for it.",
    "bar chart: A 10, B 12. Please fill in the gaps for C.",
])
def test_an_ask_to_make_a_value_up_is_refused(intent: str) -> None:
    _refused(_chart(intent), "REQUEST_NOT_HONOURED", "made up")


def test_planted_a_chart_that_ignores_the_ask_to_estimate_is_refused() -> None:
    intent = "Line chart: Jan 12k, Feb 15k, Apr 18k. Just guess a value for March."
    _refused(_planted(intent, rows=_rows(("Jan", 12000), ("Feb", 15000), ("Apr", 18000))), "REQUEST_NOT_HONOURED")


def test_estimated_as_a_word_of_the_subject_is_no_ask() -> None:
    assert _chart("estimated revenue: Jan 12k, Feb 15k").status == "valid"


TREE = ("- Alert fires\n  - Is it a false positive?\n    - Yes → Silence alert\n    - No → Page on-call\n"
        "      - On-call acks within 5 min?\n        - Yes → Investigate → Mitigate → Write postmortem\n"
        "        - No → Escalate to secondary")


def test_an_item_under_an_answer_goes_on_from_the_answers_step() -> None:
    edges = drawn_edges(TREE)
    assert ("Page on-call", "On-call acks within 5 min?") in edges
    assert edges[("On-call acks within 5 min?", "Investigate")] == "Yes"
    assert ("Investigate", "Mitigate") in edges and ("Mitigate", "Write postmortem") in edges
    assert ("Alert fires", "Is it a false positive?") in edges


def test_answer_rows_with_colons_are_labels_not_names() -> None:
    labels, _ = drawn("- Start\n  - Ok?\n    - Yes: Ship\n    - No: Fix\n      - Fixed?\n        - Yes: Release\n"
                      "        - No: Drop")
    assert {"Ship", "Fix", "Release", "Drop"} <= labels


def test_planted_the_nested_question_hung_from_the_question_is_refused() -> None:
    reason = planted_reason(TREE, [
        ("Alert fires", "Is it a false positive?"), ("Is it a false positive?", "Silence alert", "Yes"),
        ("Is it a false positive?", "Page on-call", "No"), ("Is it a false positive?", "On-call acks within 5 min?"),
        ("On-call acks within 5 min?", "Investigate", "Yes"), ("Investigate", "Mitigate"),
        ("Mitigate", "Write postmortem"), ("On-call acks within 5 min?", "Escalate to secondary", "No")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT", "CONTENT_NOT_PLACED", "UNREADABLE_RELATION"}
