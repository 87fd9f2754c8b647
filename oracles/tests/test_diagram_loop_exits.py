"""Retry loops and where they end: a condition about a named step branches from that step ("If pick
fails, go back to order"), and "after the third failure, …" leaves the loop from the step that
failed, labelled with the count. A retry limit written after the way back is dropped only when such
an exit follows it (loop_exits.py, read alike by the drafter and the check)."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.loop_exits import without_retry_limits
from oracles.tests.planted_diagrams import drawn, planted_reason

_LOOP = "weigh → label → seal. If label fails, go back to weigh"


def test_a_condition_about_a_named_step_branches_from_that_step() -> None:
    nodes, edges = drawn(_LOOP + ".")
    assert edges == {("weigh", "label"), ("label", "seal"), ("label", "weigh")}


def test_a_second_condition_about_another_step_branches_from_that_one() -> None:
    nodes, edges = drawn(_LOOP + "; if seal fails, call the supervisor.")
    assert ("seal", "call the supervisor") in edges and ("label", "weigh") in edges


@pytest.mark.parametrize(
    "exit_",
    ["after the second failure, call the supervisor.", "after the 2nd failure → call the supervisor",
     "after 2 failures: call the supervisor."],
)
def test_the_loop_exit_leaves_from_the_step_that_failed(exit_: str) -> None:
    nodes, edges = drawn(f"{_LOOP} (try again at most once); {exit_}")
    assert nodes == {"weigh", "label", "seal", "call the supervisor"}
    assert ("label", "call the supervisor") in edges and ("seal", "call the supervisor") not in edges


def test_a_retry_limit_without_an_exit_stays_to_be_placed() -> None:
    intent = _LOOP + " (retry at most 3 times)."
    assert without_retry_limits(intent) == intent
    assert answer("diagram", intent, "dot", {}).status == "invalid"


@pytest.mark.parametrize(
    "note",
    ["(retry at most 3 times)", "(max 3 retries)", "(try again at most twice)", "(up to 5 times)", "(we allow two extra attempts)"],
)
def test_retry_limits_before_an_exit_are_dropped(note: str) -> None:
    intent = f"if it fails, go back to weigh {note}; after the third failure, call the supervisor"
    assert without_retry_limits(intent) == "if it fails, go back to weigh; after the third failure, call the supervisor"


def test_an_exit_drawn_from_the_wrong_step_is_caught() -> None:
    # planted bug: the drafter draws the way out from the last step of the chain
    intent = _LOOP + "; after the second failure, call the supervisor."
    reason = planted_reason(intent, [("weigh", "label"), ("label", "seal"), ("label", "weigh", "if label fails"),
                                     ("seal", "call the supervisor", "after the second failure")])
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_a_branch_drawn_from_the_last_step_instead_of_the_named_one_is_caught() -> None:
    reason = planted_reason(_LOOP + ".", [("weigh", "label"), ("label", "seal"), ("seal", "weigh", "if label fails")])
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_MISSING")


def test_an_exit_with_no_loop_before_it_is_refused() -> None:
    assert answer("diagram", "weigh → label → seal; after the second failure, call the supervisor.", "dot", {}).status == "invalid"
