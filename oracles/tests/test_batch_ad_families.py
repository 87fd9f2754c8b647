"""Families found by the first-contact run of the sealed ad_ batch (its two wrong valids, fixed by rule).

Charts:
- A comparison sign glued to a number that opens a label is part of the name (">4 h: 3", "<1 s: 40",
  "≥65: 120"): the drafter keeps it, and the check refuses a label drawn without it as a fragment.
Diagrams:
- "namely" (or "viz.") before the first of a list of names only says the names follow: it is never part of
  the first name. The check refuses a node that opens with it.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason
from oracles.tests.test_chart_agent_json import _drawn
from oracles.tests.test_chart_fail_closed import _planted, _rows

RESOLVE = "incidents by time-to-resolve: 0-15 min: 42, 15-60 min: 27, 1-4 h: 11, >4 h: 3"


@pytest.mark.parametrize(("intent", "points"), [
    (RESOLVE, [("0-15 min", 42), ("15-60 min", 27), ("1-4 h", 11), (">4 h", 3)]),
    ("response times: <1 s: 40, 1-3 s: 22, >3 s: 9", [("<1 s", 40), ("1-3 s", 22), (">3 s", 9)]),
    ("tickets by age: 0-2 days 40, 3-7 days 22, >7 days 9", [("0-2 days", 40), ("3-7 days", 22), (">7 days", 9)]),
])
def test_a_comparison_sign_opening_a_label_is_kept(intent: str, points: list[tuple[str, float]]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows == points


def test_the_check_alone_refuses_a_label_drawn_without_its_comparison_sign() -> None:
    verdict = _planted(RESOLVE, _rows(("0-15 min", 42), ("15-60 min", 27), ("1-4 h", 11), ("4 h", 3)))
    assert verdict.status == "invalid"


COUNCIL = ("the City Council oversees three committees, namely the Finance Committee, the Planning Committee and "
           "the Public Safety Committee.")


def test_namely_is_never_drawn_into_a_name() -> None:
    verdict = answer("diagram", COUNCIL, "dot", {})
    assert "namely" not in str(verdict.result or "").lower()


def test_the_check_alone_refuses_a_node_that_opens_with_namely() -> None:
    planted_reason(COUNCIL, [("City Council", "namely the Finance Committee"), ("City Council", "Planning Committee"),
                             ("City Council", "Public Safety Committee")])


@pytest.mark.parametrize("intent", [
    "Could you make a flowchart of our signup? submit form -> validate -> save",
    "hey can someone make a quick diagram for the signup flow? submit form -> validate -> save",
    "Can you draw a diagram of our signup process? submit form -> validate -> save",
])
def test_a_request_asked_as_a_question_is_the_drawing_title(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert nodes == {"submit form", "validate", "save"}
    assert edges == {("submit form", "validate"), ("validate", "save")}


def test_a_question_that_names_a_step_is_not_a_title() -> None:
    # only the drawing's own question is framing: a later one asks for content that is not drawn
    verdict = answer("diagram", "Could you make a flowchart of our signup? submit form -> validate -> save. Can you "
                                "also add a retry?", "dot", {})
    assert verdict.status == "invalid"


@pytest.mark.parametrize("intent", [
    "webhook flow. GitHub -> CI: 'push event'. CI -> runner: 'start job'.",
    "Order intake process. GitHub -> CI: 'push event'. CI -> runner: 'start job'.",
])
def test_an_opening_sentence_naming_the_flow_is_its_title(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert nodes == {"GitHub", "CI", "runner"}
    assert edges == {("GitHub", "CI"), ("CI", "runner")}


def test_an_opening_step_is_not_taken_for_a_title() -> None:
    # "Receive order." names a step: it is no title, so it must be placed (here it is not: refused)
    assert answer("diagram", "Receive order. pack -> ship", "dot", {}).status == "invalid"


@pytest.mark.parametrize("intent", [
    "User wants a release diagram. build -> test -> deploy",
    "hey so I need a little flowchart for the release. build -> test -> deploy",
    "Release steps, for the wiki diagram: build -> test -> deploy",
])
def test_who_wants_which_drawing_is_its_title(intent: str) -> None:
    nodes, edges = drawn(intent)
    assert nodes == {"build", "test", "deploy"}


def test_a_chart_word_is_never_a_series_name() -> None:
    verdict = answer("chart", "scatter: (1, 2), (2, 4), (3, 6), (4, 8), (5, 10) and the outlier (6, 30)", "vega-lite", {})
    assert verdict.status == "invalid" and "chart word" in verdict.reason["message"]


def test_a_value_with_another_in_brackets_after_it_is_never_read_into_the_label() -> None:
    # "marketing 120 (110)" was drawn as 'marketing 120' = 110
    verdict = answer("chart", "Budget 2025 vs 2024: marketing 120 (110), R&D 300 (280), ops 90 (95)", "vega-lite", {})
    assert verdict.status == "invalid"
    assert answer("chart", "Budget: marketing 120 (110), sales 90 (95)", "vega-lite", {}).status == "invalid"
    status, _, rows = _drawn("Costs: Plan 2 (45), Plan 3 (60)")  # a name with its number, then the value
    assert status == "valid" and rows == [("Plan 2", 45), ("Plan 3", 60)]
