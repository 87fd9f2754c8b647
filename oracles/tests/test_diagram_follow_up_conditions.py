"""A condition that follows up on the one before it ("If they fail, fix the code. If still failing, ask for
help.") leaves the first condition's step, never the step both conditions follow: drawn from that step, the
check refuses it (follow_up_conditions.py), drafted that way or planted."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason

ESCALATION = ("page primary on-call. If no ack within 10 min, page secondary. If still no ack within another 10 min, "
              "page the engineering manager.")
TESTS = "Run the tests. If they fail, fix the code. If still failing, ask for help."


@pytest.mark.parametrize(("intent", "first", "condition_step", "follow_up"), [
    (ESCALATION, "page primary on-call", "page secondary", "page the engineering manager"),
    (TESTS, "Run the tests", "fix the code", "ask for help"),
    ("Try to charge the card. If it is declined, retry once. If it is declined again, cancel the order.",
     "Try to charge the card", "retry once", "cancel the order"),
])
def test_a_follow_up_condition_is_never_drawn_from_the_first_step(intent: str, first: str, condition_step: str,
                                                                   follow_up: str) -> None:
    # read by the drafter (follow_up_forms.py) and the check (follow_up_normal.py) from the first condition's
    # step; when the answer is refused for another reason, it is never drawn from the first step either
    verdict = answer("diagram", intent, "dot", {})
    if verdict.status == "valid":
        _, edges = drawn(intent)
        assert (condition_step, follow_up) in edges and (first, follow_up) not in edges
    else:
        assert verdict.reason["code"]


def test_a_follow_up_after_another_subject_is_still_refused_with_the_rewrite() -> None:
    verdict = answer("diagram", "Check the sky. If it rains, take the bus. If it is sunny, walk. If it still rains "
                                "at noon, stay home.", "dot", {})
    assert verdict.status == "invalid"
    assert "follows up on" in verdict.reason["message"]


def test_the_rewrite_the_refusal_suggests_is_read() -> None:
    nodes, edges = drawn("Run the tests. If they fail, fix the code. fix the code -> ask for help: if still failing")
    assert edges == {("Run the tests", "fix the code"), ("fix the code", "ask for help")}


def test_conditions_that_are_cases_of_one_step_still_branch_from_it() -> None:
    nodes, edges = drawn("Check the light. If red, stop. If green, go.")
    assert edges == {("Check the light", "stop"), ("Check the light", "go")}


def test_the_check_alone_refuses_the_follow_up_drawn_from_the_first_step_without_labels() -> None:
    reason = planted_reason(TESTS, [("Run the tests", "fix the code"), ("Run the tests", "ask for help")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT"


# ---------------------------------------------------------------------------------------------
# Doing a step again ("revise and resubmit", "if rejected, resubmit") is a way back: never an end drawn as a step


@pytest.mark.parametrize("intent", [
    "submit -> review. If approved, publish. If rejected, revise and resubmit.",
    "submit -> review. If approved, publish. If rejected, resubmit.",
    "upload -> scan. If infected, clean the file and re-upload.",
])
def test_doing_a_step_again_is_refused_until_the_way_back_is_said(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "NODE_NOT_IN_INTENT"


def test_the_way_back_said_is_drawn() -> None:
    nodes, edges = drawn("submit -> review. If approved, publish. If rejected, revise, then go back to submit.")
    assert ("revise", "submit") in edges


def test_the_check_alone_refuses_a_resubmit_that_leads_nowhere() -> None:
    reason = planted_reason("submit -> review. If approved, publish. If rejected, resubmit.",
                            [("submit", "review"), ("review", "publish", "if approved"),
                             ("review", "resubmit", "if rejected")])
    assert reason["code"] == "NODE_NOT_IN_INTENT"


# ---------------------------------------------------------------------------------------------
# A condition said after a chain, about an earlier step of it ("Receive → validate → store. If validation fails,
# reject.") was drawn from the last step, 'store'


@pytest.mark.parametrize("intent", [
    "Receive → validate → store. On invalid input: reject.",
    "Receive → validate → store. If validation fails, reject.",
])
def test_a_condition_about_an_earlier_step_is_never_drawn_from_the_last(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and "is about 'validate'" in verdict.reason["message"]


def test_the_rewrite_for_a_condition_about_an_earlier_step_is_read() -> None:
    _, edges = drawn("Receive → validate → store. validate -> reject: if validation fails")
    assert ("validate", "reject") in edges and ("store", "reject") not in edges


def test_a_condition_about_the_last_step_still_leaves_it() -> None:
    _, edges = drawn("pay -> ship -> deliver. If delivery fails, retry delivery.")
    assert ("deliver", "retry delivery") in edges


def test_the_check_alone_refuses_the_condition_drawn_from_the_last_step() -> None:
    planted_reason("Receive → validate → store. If validation fails, reject.",
                   [("Receive", "validate"), ("validate", "store"), ("store", "reject", "if validation fails")])
