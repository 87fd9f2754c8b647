"""Branches said by a step's outcome with "on" ("On success → X", "On timeout, go back to Y", "On
mismatch: Z"), read by the drafter in outcome_forms.py and by the check's own glue; and a retry kept
inside an edge label with no loop drawn, refused by the check (retry_labels.py)."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal

_POLL = "Send request → Wait for response. On success → Process response. On timeout → back to Send request."


def test_outcome_rows_branch_from_the_step_before_with_the_outcome_on_the_edge() -> None:
    assert drawn_edges(_POLL) == {
        ("Send request", "Wait for response"): None,
        ("Wait for response", "Process response"): "success",
        ("Wait for response", "Send request"): "timeout",
    }


def test_a_retry_limit_and_its_exit_leave_the_step_that_timed_out() -> None:
    edges = drawn_edges("Send request → Wait for response. On success → Process response. On timeout → back to "
                        "Send request (max 3 retries); after the 3rd timeout → Give up.")
    assert edges[("Wait for response", "Give up")] == "after the 3rd timeout"
    assert edges[("Wait for response", "Send request")] == "timeout"
    assert len(edges) == 4


@pytest.mark.parametrize(
    ("intent", "expected"),
    [
        ("Pick job from queue → Run job. If the run fails, Wait 30s and go back to Run job. On success, Mark job done.",
         {("Pick job from queue", "Run job"): None, ("Run job", "Wait 30s"): "if the run fails",
          ("Wait 30s", "Run job"): None, ("Run job", "Mark job done"): "success"}),
        ("Run backup → Verify checksum. On mismatch, go back to Run backup. On match, Upload to offsite.",
         {("Run backup", "Verify checksum"): None, ("Verify checksum", "Run backup"): "mismatch",
          ("Verify checksum", "Upload to offsite"): "match"}),
        ("Charge card. On decline, email the customer. On success, ship order.",
         {("Charge card", "email the customer"): "decline", ("Charge card", "ship order"): "success"}),
        ("Submit form → Validate input. On failure, show errors and go back to Submit form. On success, save record.",
         {("Submit form", "Validate input"): None, ("Validate input", "show errors"): "failure",
          ("show errors", "Submit form"): None, ("Validate input", "save record"): "success"}),
        ("send invoice → wait for payment. On timeout → send reminder → back to wait for payment; on success → mark paid.",
         {("send invoice", "wait for payment"): None, ("wait for payment", "send reminder"): "timeout",
          ("send reminder", "wait for payment"): None, ("wait for payment", "mark paid"): "success"}),
        ("Upload → Virus scan. On match: quarantine file. On mismatch: publish file.",
         {("Upload", "Virus scan"): None, ("Virus scan", "quarantine file"): "match",
          ("Virus scan", "publish file"): "mismatch"}),
        ("Charge card → Verify payment. On success, ship order. Otherwise, cancel order.",
         {("Charge card", "Verify payment"): None, ("Verify payment", "ship order"): "success",
          ("Verify payment", "cancel order"): "otherwise"}),
    ],
)
def test_outcome_branches_in_several_voices(intent: str, expected: dict[tuple[str, str], str | None]) -> None:
    assert drawn_edges(intent) == expected


@pytest.mark.parametrize(
    "intent",
    [
        "Ship order → Deliver. On Monday, restock shelves.",  # no outcome of a step: not read as a branch
        "Charge card → Verify payment. On decline or on timeout, email the customer.",  # two outcomes in one
        "Charge card → Verify payment. On decline, email the customer. On success, ship order unless it is a preorder.",
        "Run tests. On failure, notify the author. Deploy.",  # where "Deploy" goes on from is not said
        "deploy job: run migration. if it fails retry up to 3 times, then alert #ops-oncall. on success, restart app servers.",
        "run job. if it fails try again at most twice, then page ops.",  # which step is tried is not said
    ],
)
def test_near_misses_are_refused(intent: str) -> None:
    assert refusal(intent)["code"]


def test_a_retry_swallowed_into_a_label_is_refused_by_the_check() -> None:
    reason = planted_reason("deploy job: run migration. if it fails retry up to 3 times, then alert #ops-oncall.",
                            [("run migration", "alert #ops-oncall", "if it fails retry up to 3 times")])
    assert reason["code"] == "EDGE_LABEL_WRONG" and "retry" in reason["message"]


def test_a_dropped_outcome_branch_is_refused_by_the_check() -> None:
    reason = planted_reason(_POLL, [("Send request", "Wait for response"), ("Wait for response", "Send request", "timeout")],
                            extra=("Process response",))
    assert reason["code"]


def test_an_outcome_moved_to_the_other_branch_is_refused_by_the_check() -> None:
    reason = planted_reason(_POLL, [("Send request", "Wait for response"), ("Wait for response", "Process response", "timeout"),
                                    ("Wait for response", "Send request", "success")])
    assert reason["code"]


def test_an_outcome_branch_drawn_from_the_wrong_step_is_refused_by_the_check() -> None:
    reason = planted_reason(_POLL, [("Send request", "Wait for response"), ("Send request", "Process response", "success"),
                                    ("Wait for response", "Send request", "timeout")])
    assert reason["code"]


def test_an_added_edge_is_refused_by_the_check() -> None:
    reason = planted_reason(_POLL, [("Send request", "Wait for response"), ("Wait for response", "Process response", "success"),
                                    ("Wait for response", "Send request", "timeout"), ("Process response", "Send request")])
    assert reason["code"]


def test_a_truncated_label_is_refused_by_the_check() -> None:
    intent = "Run backup → Verify checksum. On mismatch, go back to Run backup. On match, Upload to offsite."
    reason = planted_reason(intent, [("Run backup", "Verify checksum"), ("Verify checksum", "Run backup", "mismatch"),
                                     ("Verify checksum", "Upload", "match")])
    assert reason["code"]


def test_a_retry_on_the_way_back_or_a_count_of_retries_is_no_swallowed_retry() -> None:
    nodes, edges = drawn("upload → verify. after 3 failed retries → alert")
    assert ("verify", "alert") in edges
