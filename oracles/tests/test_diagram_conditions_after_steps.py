"""Branches whose condition is said after their step: "approve when the risk is low, block when it is
high", "ship it if it is paid, hold it if it is unpaid, and cancel it otherwise". The drafter
(condition_after_forms.py) and the check (condition_after_normal.py) each read them as sibling
branches of the step before, each condition on its edge; conditions about different things may be a
sequence and are left to the other readers."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.condition_after_forms import conditions_after_steps
from oracles.engine.diagram.condition_after_normal import condition_after_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted


@pytest.mark.parametrize(
    "intent",
    [
        "read the gauge. open the valve when the pressure is high, close the valve when the pressure is low.",
        "read the gauge. open the valve if the pressure is high; close the valve if the pressure is low",
        "Boiler: read the gauge.\nopen the valve when the pressure is high and close the valve when the pressure is low.",
    ],
)
def test_conditions_said_after_their_steps_are_branches_of_the_step_before(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"read the gauge", "open the valve", "close the valve"}
    assert set(edges) == {("read the gauge", "open the valve"), ("read the gauge", "close the valve")}
    assert edges[("read the gauge", "open the valve")][0].endswith("the pressure is high")
    assert edges[("read the gauge", "close the valve")][0].endswith("the pressure is low")


def test_a_last_otherwise_is_the_branch_left_over() -> None:
    nodes, edges = _drawn("weigh the bag. check it in if it is under 23 kg, charge a fee if it is over 23 kg, refuse it otherwise")
    assert edges[("weigh the bag", "refuse it")] == ["otherwise"]
    assert edges[("weigh the bag", "check it in")] == ["if it is under 23 kg"]


@pytest.mark.parametrize("rewrite", [conditions_after_steps, condition_after_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "pack when picked, label when packed",  # conditions about different things: maybe a sequence
        "open the valve when the pressure is high",  # one branch is no choice
        "restart the pump and the two backup fans when the pressure is high, stop when the pressure is low",  # long step
        "if it is red stop, if it is green go",  # already condition first: for the other readers
    ],
)
def test_both_readings_leave_what_is_not_the_form_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    assert rewrite(intent) == intent


def test_both_readings_agree() -> None:
    intent = "score it. approve if the score is above 700, review if the score is 600 to 700, or decline otherwise."
    expected = "score it. if the score is above 700, approve; if the score is 600 to 700, review; otherwise, decline."
    assert conditions_after_steps(intent) == expected
    assert condition_after_normal_form(intent) == expected


def test_a_dropped_condition_label_is_caught() -> None:
    # planted bug: the drafter draws the branch but leaves its condition off the edge
    intent = "read the gauge. open the valve when the pressure is high, close the valve when the pressure is low."
    kind_dot = _drawn_dot(intent)
    line = next(line for line in kind_dot.splitlines() if "when the pressure is high" in line)
    reason = _planted(intent, line, line.split("[")[0].rstrip() + ";")
    assert reason["code"] == "CONTENT_NOT_PLACED" and "pressure is high" in reason["message"]


def test_a_dropped_branch_is_caught() -> None:
    # planted bug: the drafter leaves the second branch's edge out
    intent = "read the gauge. open the valve when the pressure is high, close the valve when the pressure is low."
    line = next(line for line in _drawn_dot(intent).splitlines() if "when the pressure is low" in line)
    reason = _planted(intent, line + "\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}


def _drawn_dot(intent: str) -> str:
    from oracles.engine import get_kind

    return get_kind("diagram").draft(intent, "dot", {}).artifact
