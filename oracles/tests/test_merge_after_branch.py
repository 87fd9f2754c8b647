"""Paths that meet again after a branch: "if paid, ship; if not, send a reminder. Both then go to close
order", "both paths end at X, then Y", "in both cases the request is then archived". The drafter
(rejoin_forms.py, reading.py) and the check (rejoin_normal.py, answer_placement.py, glue.py) each read
them; "both" joins only two branches, and a word about the branches ('Neither') or two steps glued with
"and" on a branch are refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.rejoin_forms import rejoin_arrow_dropped, rejoin_passive_then, rejoin_then_apart
from oracles.engine.diagram.rejoin_normal import rejoin_normal_form
from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

_PAID = "Check payment. If paid, ship; if not, send a reminder. "


def test_if_not_after_a_condition_is_its_other_way_and_both_meet() -> None:
    assert drawn_edges(_PAID + "Both then go to close order.") == {
        ("Check payment", "ship"): "if paid", ("Check payment", "send a reminder"): "if not",
        ("ship", "close order"): None, ("send a reminder", "close order"): None}


def test_if_yes_if_not_after_a_question_meet_again() -> None:
    edges = drawn_edges("Is the invoice approved? If yes, schedule payment; if not, return it to the vendor. "
                        "Both paths end at update the ledger, then notify finance.")
    assert edges == {
        ("Is the invoice approved?", "schedule payment"): "if yes",
        ("Is the invoice approved?", "return it to the vendor"): "if not",
        ("schedule payment", "update the ledger"): None, ("return it to the vendor", "update the ledger"): None,
        ("update the ledger", "notify finance"): None}


@pytest.mark.parametrize("intent", [
    "Sample arrives at the lab. Blood samples go to hematology, tissue samples go to pathology; both then feed into "
    "reporting, and then the doctor is emailed.",
    "Sample arrives at the lab. Blood samples go to hematology, tissue samples go to pathology; both then feed into "
    "reporting, then the doctor is emailed.",
])
def test_steps_after_the_meeting_step_follow_it(intent: str) -> None:
    edges = drawn_edges(intent)
    assert set(edges) == {("Sample arrives at the lab", "hematology"), ("Sample arrives at the lab", "pathology"),
                          ("hematology", "reporting"), ("pathology", "reporting"), ("reporting", "doctor is emailed")}
    assert edges[("Sample arrives at the lab", "hematology")] == "Blood samples"


def test_a_chain_after_the_meeting_step() -> None:
    edges = drawn_edges("Hi! For our returns: inspect the item. If it's damaged we write it off; if not, we restock it. "
                        "Whichever happens, issue a refund, then email the customer. Thanks!")
    assert ("write it off", "issue a refund") in edges and ("restock it", "issue a refund") in edges
    assert ("issue a refund", "email the customer") in edges and len(edges) == 5


def test_passive_then_in_a_rejoin() -> None:
    edges = drawn_edges("Leave request submitted → manager reviews. Approved: HR updates the calendar. Rejected: "
                        "employee is notified. In both cases the request is then archived.")
    assert ("HR updates the calendar", "request is archived") in edges
    assert ("employee is notified", "request is archived") in edges


@pytest.mark.parametrize("text, expected", [
    ("Both paths end at A, then B, and then C.", "Both paths end at A. Then B. Then C."),
    ("x; otherwise y, and both lead to A, then B.", "x; otherwise y, and both lead to A. Then B."),
    ("Either way, A, then B.", "Either way, A. Then B."),
    ("Build, then test, then ship.", "Build, then test, then ship."),  # no rejoin: left as written
])
def test_the_drafter_cuts_a_rejoin_after_its_meeting_step(text: str, expected: str) -> None:
    assert rejoin_then_apart(text) == expected


def test_the_check_cuts_it_on_its_own() -> None:
    assert rejoin_normal_form("a. Both paths end at A, then B, and then C.") == "a. Both paths end at A. Then B. Then C."
    assert rejoin_normal_form("In both cases the file is then closed.") == "In both cases the file is closed."
    assert rejoin_passive_then("In both cases the file is then closed.") == "In both cases the file is closed."
    assert rejoin_passive_then("The file is then closed.") == "The file is then closed."


@pytest.mark.parametrize("intent", [
    _PAID + "Neither goes to close order.",  # a word about the branches drawn as a node
    _PAID.replace("send a reminder", "send a reminder and wait a week") + "Both then go to close order.",
    "Check payment. If paid, ship; if not, send a reminder; if disputed, call the customer. Both then go to close order.",
    "Check payment. If paid, ship; if not, send a reminder. Either way, if the customer is a VIP, send a gift.",
    "Check payment. If paid, ship; if not, send a reminder. Both then go to close order, unless it was cancelled.",
    "Check payment. If paid, ship. Both then go to close order.",  # one branch: no "both"
])
def test_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_both_after_three_branches_is_refused_with_the_count() -> None:
    reason = refusal_reason("Choose payment method. If card, enter card details; if PayPal, redirect to PayPal; "
                            "otherwise redeem voucher. Both then continue to confirm order.")
    assert reason["code"] == "UNREADABLE_RELATION" and "3 branches" in reason["message"]


_EDGES = [("Check payment", "ship", "if paid"), ("Check payment", "send a reminder", "if not"),
          ("ship", "close order"), ("send a reminder", "close order")]


def test_planted_a_branch_left_out_of_the_meeting() -> None:
    assert planted_reason(_PAID + "Both then go to close order.", _EDGES[:3])["code"] == "EDGE_MISSING"


def test_planted_an_extra_edge() -> None:
    edges = [*_EDGES, ("Check payment", "close order")]
    assert planted_reason(_PAID + "Both then go to close order.", edges)["code"] == "EDGE_NOT_IN_INTENT"


def test_planted_the_answer_moved_to_the_other_branch() -> None:
    edges = [("Check payment", "ship", "if not"), ("Check payment", "send a reminder", "if paid"), *_EDGES[2:]]
    assert planted_reason(_PAID + "Both then go to close order.", edges)["code"]


def test_planted_the_next_step_glued_to_the_meeting_step() -> None:
    intent = _PAID + "Both paths end at close order, then thank the customer."
    edges = [*_EDGES[:2], ("ship", "close order, then thank the customer"), ("send a reminder", "close order, then thank the customer")]
    assert planted_reason(intent, edges)["code"] in ("NODE_NOT_IN_INTENT", "NODE_HOLDS_RELATION")


def test_planted_a_truncated_label() -> None:
    intent = _PAID + "Both paths end at close the order."
    edges = [*_EDGES[:2], ("ship", "close the"), ("send a reminder", "close the")]
    assert planted_reason(intent, edges)["code"]


def test_planted_the_step_after_the_meeting_dropped() -> None:
    intent = _PAID + "Both paths end at close order, then thank the customer."
    assert planted_reason(intent, _EDGES)["code"]


def test_planted_two_steps_glued_on_a_branch() -> None:
    intent = "Check stock. If in stock, pick items; otherwise order from supplier and wait for delivery."
    edges = [("Check stock", "pick items", "if in stock"), ("Check stock", "order from supplier and wait for delivery", "otherwise")]
    assert planted_reason(intent, edges)["code"] == "NODE_HOLDS_RELATION"


_ROWS = "alert fires → customer-facing? yes → page on-call. no → create ticket. "


@pytest.mark.parametrize("rejoin", ["both end at → postmortem review", "both end at postmortem review",
                                    "Both paths end at: postmortem review", "both → postmortem review"])
def test_both_after_answer_rows(rejoin: str) -> None:
    assert drawn_edges(_ROWS + rejoin) == {
        ("alert fires", "customer-facing?"): None, ("customer-facing?", "page on-call"): "yes",
        ("customer-facing?", "create ticket"): "no", ("page on-call", "postmortem review"): None,
        ("create ticket", "postmortem review"): None}


def test_both_readings_drop_the_pointer_after_the_meeting_verb() -> None:
    for text in ("no → b. both end at → c", "- No: b\n- Both paths end at: c"):
        assert rejoin_arrow_dropped(text) == rejoin_normal_form(text)
    assert rejoin_arrow_dropped("a → b: c") == "a → b: c"


@pytest.mark.parametrize("intent", [
    "check payment → paid? yes → ship. both end at close order",  # one row
    "check payment → paid? yes → ship. no → remind. all three end at close order",  # a count not the rows'
    "check payment → paid? yes → ship. no → VIP? yes → call them. no → remind. both end at close order",  # nested
])
def test_answer_row_near_misses_are_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"] == "UNREADABLE_RELATION"


def test_planted_one_answer_row_left_out_of_the_meeting() -> None:
    edges = [("alert fires", "customer-facing?"), ("customer-facing?", "page on-call", "yes"),
             ("customer-facing?", "create ticket", "no"), ("page on-call", "postmortem review")]
    assert planted_reason(_ROWS + "both end at postmortem review", edges)["code"] == "EDGE_MISSING"


def test_a_step_said_on_its_own_then_the_question() -> None:
    edges = drawn_edges("Warehouse flow: we receive the order. Is the item in stock? If so, pick and pack it; otherwise "
                        "place a backorder. Either way, email the customer.")
    assert ("receive the order", "Is the item in stock?") in edges
    assert ("pick and pack it", "email the customer") in edges and ("place a backorder", "email the customer") in edges


def test_a_step_after_an_arrow_then_the_question_stays_refused() -> None:
    # the check links only a step said as a sentence of its own to the question after it
    assert refusal_reason("Receive the order → log it. Is the item in stock? If so, pick it; otherwise place a backorder.")


def test_planted_the_question_left_unlinked_from_the_step_before() -> None:
    intent = "Receive the order. Is the item in stock? Yes: pick it. No: place a backorder."
    edges = [("Is the item in stock?", "pick it", "Yes"), ("Is the item in stock?", "place a backorder", "No")]
    assert planted_reason(intent, edges, extra=("Receive the order",))["code"] == "EDGE_MISSING"


@pytest.mark.parametrize("rejoin", [", and everyone meets at the debrief.", ". Everyone then meets at the debrief."])
def test_everyone_meets_after_the_routes(rejoin: str) -> None:
    edges = drawn_edges("Match day: the coach picks the lineup. Starters go to the pitch, subs go to the bench" + rejoin)
    assert set(edges) == {("coach picks the lineup", "pitch"), ("coach picks the lineup", "bench"),
                          ("pitch", "debrief"), ("bench", "debrief")}


@pytest.mark.parametrize("intent", ["Everyone meets at the kickoff. Then the coach picks the lineup.",
                                    "Open the doors, and everyone goes to the hall, then the talk starts."])
def test_everyone_with_no_branch_before_is_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_everyone_drawn_from_one_route_only() -> None:
    intent = "Match day: the coach picks the lineup. Starters go to the pitch, subs go to the bench, and everyone meets at the debrief."
    edges = [("coach picks the lineup", "pitch", "Starters"), ("coach picks the lineup", "bench", "subs"), ("pitch", "debrief")]
    assert planted_reason(intent, edges)["code"] == "EDGE_MISSING"


def test_one_word_before_a_question_may_be_a_title() -> None:
    assert refusal_reason("Returns. Is the item damaged? If so, write it off; otherwise restock it.")


def test_if_not_after_a_second_condition_under_a_question_is_refused() -> None:
    # "not urgent" or "not complete"? Either may be meant
    reason = refusal_reason("Check the form. Is it complete? If urgent, call; if not, file it.")
    assert reason["code"] == "UNREADABLE_RELATION" and "'if not'" in reason["message"]
