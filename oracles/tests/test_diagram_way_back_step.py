"""Which step a conditional way back leaves from (reading.py refuses to guess; way_back.py checks).

"build → test → deploy. If tests fail, go back to build.": the condition is about "test", but the
chain ends at "deploy". Drawn from either it may be wrong, so the reader refuses and the check refuses
a drawing that puts the way back on a step the condition is not about.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason


@pytest.mark.parametrize("intent", [
    "build → test → deploy. If tests fail, go back to build.",
    "Code review: open PR → automated checks → peer review → merge. If the reviewer requests changes, go back to open PR.",
])
def test_a_way_back_about_an_earlier_step_is_not_guessed(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"
    assert "leaves" in verdict.reason["message"]


def test_planted_a_way_back_from_the_last_step_is_refused() -> None:
    reason = planted_reason("build → test → deploy. If tests fail, go back to build.",
                            [("build", "test"), ("test", "deploy"), ("deploy", "build", "if tests fail")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT"
    assert "'test'" in reason["message"]


@pytest.mark.parametrize(("intent", "back"), [
    ("build → test → deploy. If test fails, go back to build.", ("test", "build")),
    ("build → test. If tests fail, go back to build.", ("test", "build")),
    ("plan query → search the web → read results → if the answer is incomplete, return to plan query; "
     "otherwise write answer.", ("read results", "plan query")),
])
def test_a_way_back_that_names_its_step_or_follows_its_arrow_is_drawn(intent: str, back: tuple[str, str]) -> None:
    _, edges = drawn(intent)
    assert back in edges
