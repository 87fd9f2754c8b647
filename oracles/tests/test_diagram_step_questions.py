"""Numbered steps whose item asks a question and goes back on one answer ("3. Rework needed? If yes, go
back to step 1"), an item that takes a step of its own on the way back ("if the patch fails, revert
the change and go back to step 1"), and a way back to a bare item number ("if not go back to 2")
(step_refs.py). Near misses stay refused: a number past the list, a way back that names no step."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal

_REWORK = "1. Write the draft\n2. Peer review\n3. Rework needed? If yes, go back to step 1.\n4. Publish the post"


def test_a_question_item_goes_back_on_its_answer_and_on_to_the_next_item() -> None:
    edges = drawn_edges(_REWORK)
    assert set(edges) == {("Write the draft", "Peer review"), ("Peer review", "Rework needed?"),
                          ("Rework needed?", "Write the draft"), ("Rework needed?", "Publish the post")}
    assert edges[("Rework needed?", "Write the draft")] == "yes"


def test_the_answer_is_what_the_item_says_not_its_opposite() -> None:
    edges = drawn_edges("1. Charge the card\n2. Card accepted? If no, go back to step 1.\n3. Send the receipt")
    assert edges[("Card accepted?", "Charge the card")] == "no"
    assert ("Card accepted?", "Send the receipt") in edges


def test_a_step_of_its_own_on_the_way_back_is_drawn_between() -> None:
    edges = drawn_edges("1. Apply the patch.\n2. If the patch fails, revert the change and go back to step 1.\n"
                        "3. Restart the service.")
    assert set(edges) == {("Apply the patch", "revert the change"), ("revert the change", "Apply the patch"),
                          ("Apply the patch", "Restart the service")}
    assert edges[("Apply the patch", "revert the change")] == "if the patch fails"
    assert edges[("revert the change", "Apply the patch")] is None


@pytest.mark.parametrize(
    "intent",
    [
        "1. Write the draft\n2. Peer review\n3. Rework needed? If yes, go back to step 7.\n4. Publish the post",
        "1. Write the draft\n2. Peer review\n3. Rework needed? If yes, go back.\n4. Publish the post",
        "1) mix the dough\n2) knead\n3) if it is lumpy, go back to 9\n4) bake",
    ],
)
def test_a_way_back_to_no_item_is_refused(intent: str) -> None:
    refusal(intent)


def test_a_bare_item_number_is_that_item() -> None:
    edges = drawn_edges("1) mix the dough\n2) knead\n3) let it rest\n4) if it is lumpy, go back to 2\n5) bake")
    assert edges[("let it rest", "knead")] == "if it is lumpy"
    assert ("let it rest", "bake") in edges


def test_a_way_back_drawn_on_the_wrong_answer_is_caught() -> None:
    # planted bug: the drafter puts the way back on the "no" side of the question
    reason = planted_reason(_REWORK, [("Write the draft", "Peer review"), ("Peer review", "Rework needed?"),
                                      ("Rework needed?", "Write the draft", "no"), ("Rework needed?", "Publish the post")])
    assert reason["code"] in {"EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED", "EDGE_LABEL_NOT_IN_INTENT"}


def test_a_way_back_drawn_without_the_step_on_it_is_caught() -> None:
    # planted bug: the drafter drops the step taken on the way back
    intent = "1. Apply the patch.\n2. If the patch fails, revert the change and go back to step 1.\n3. Restart the service."
    reason = planted_reason(intent, [("Apply the patch", "Apply the patch", "if the patch fails"),
                                     ("Apply the patch", "Restart the service")])
    assert reason["code"]


# --- a request verb that is also a step's verb; "becomes X when C" -----------------------------


@pytest.mark.parametrize(
    ("intent", "first"),
    [
        ("onboarding: create account, then verify email, then pick a plan.", "create account"),
        ("release: build image, then push image, then deploy.", "build image"),
    ],
)
def test_a_step_verb_after_a_heading_stays_in_the_step(intent: str, first: str) -> None:
    edges = drawn_edges(intent)
    assert any(tail == first for tail, _ in edges)


def test_a_step_cut_to_its_object_is_caught() -> None:
    # planted bug: the drafter drops the verb of the first step as if it asked for the drawing
    intent = "onboarding: create account, then verify email, then pick a plan."
    reason = planted_reason(intent, [("account", "verify email"), ("verify email", "pick a plan")])
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}


def test_a_request_to_draw_is_still_no_step() -> None:
    edges = drawn_edges("create a flowchart: wash the car, then dry it, then wax it.")
    assert set(edges) == {("wash the car", "dry it"), ("dry it", "wax it")}


def test_becomes_moves_a_state_on_its_event() -> None:
    edges = drawn_edges("Lamp states: Off, Warming, On. Off becomes Warming when the switch is flipped; "
                        "Warming becomes On after ten seconds; On becomes Off when the switch is flipped again.")
    assert edges == {("Off", "Warming"): "switch is flipped", ("Warming", "On"): "after ten seconds",
                     ("On", "Off"): "switch is flipped again"}


# --- a flow's heading over a plain list: the list in order -------------------------------------


@pytest.mark.parametrize(
    "intent",
    ["flowchart: rinse the rice, soak it, drain, steam it, fluff it",
     "rice flowchart: rinse the rice; soak it; drain; steam it; fluff it.",
     "Rice flowchart: rinse the rice, soak it, drain, steam it and fluff it"],
)
def test_a_flow_heading_over_a_list_is_the_list_in_order(intent: str) -> None:
    steps = ["rinse the rice", "soak it", "drain", "steam it", "fluff it"]
    assert set(drawn_edges(intent)) == set(zip(steps, steps[1:], strict=False))


@pytest.mark.parametrize(
    "intent",
    ["shipping flow: pick items, pack the box, if heavy use freight, print label",
     "Our rice team: rinse the rice, soak it, drain, steam it, fluff it"],
)
def test_a_list_with_a_branch_in_it_or_without_a_flow_heading_is_not_guessed(intent: str) -> None:
    refusal(intent)


def test_a_flow_list_drawn_out_of_order_is_caught() -> None:
    # planted bug: two steps of the list swapped
    reason = planted_reason("flowchart: rinse the rice, soak it, drain, steam it",
                            [("rinse the rice", "drain"), ("drain", "soak it"), ("soak it", "steam it")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


# --- "…, then <step>" is a step even when its words sound like a request; branch items with two steps


_PARCEL = ("Receive the parcel, then check the label. If it is damaged, photograph it, then file a claim; "
           "otherwise shelve it. Either way, update the log.")


def test_a_then_clause_with_drawing_words_is_a_step() -> None:
    edges = drawn_edges(_PARCEL)
    assert ("Receive the parcel", "check the label") in edges
    assert edges[("check the label", "photograph it")] == "if it is damaged"


def test_a_then_step_left_out_is_caught() -> None:
    # planted bug: the step whose words sound like a request ("check the label") is dropped
    reason = planted_reason(_PARCEL, [("Receive the parcel", "photograph it", "if it is damaged"),
                                      ("photograph it", "file a claim"), ("Receive the parcel", "shelve it", "otherwise"),
                                      ("file a claim", "update the log"), ("shelve it", "update the log")])
    assert reason["code"] in {"CONTENT_NOT_PLACED", "EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_a_closing_request_is_still_no_step() -> None:
    edges = drawn_edges("Receive the parcel, then shelve it. Please label the arrows.")
    assert set(edges) == {("Receive the parcel", "shelve it")}


def test_a_branch_item_may_hold_two_steps_one_after_the_other() -> None:
    edges = drawn_edges("- Receive the parcel\n- Check the label\n- If damaged: photograph it, then file a claim\n"
                        "- Otherwise: shelve it\n- Update the log")
    assert set(edges) == {("Receive the parcel", "Check the label"), ("Check the label", "photograph it"),
                          ("photograph it", "file a claim"), ("Check the label", "shelve it"),
                          ("file a claim", "Update the log"), ("shelve it", "Update the log")}
    assert edges[("Check the label", "photograph it")] == "if damaged"


def test_a_branch_item_with_a_way_back_in_it_is_left_as_written() -> None:
    refusal("- Receive the parcel\n- Check the label\n- If damaged: photograph it, then go back to the start\n"
            "- Otherwise: shelve it\n- Update the log")


# --- a rejoin said after the last branch's step, in the same sentence ---------------------------

_TICKET = "Open the ticket. If it is urgent, page the on-call; otherwise queue it, and both paths lead to close the ticket."


def test_a_rejoin_after_the_last_branch_step_joins_both_branches() -> None:
    edges = drawn_edges(_TICKET)
    assert set(edges) == {("Open the ticket", "page the on-call"), ("Open the ticket", "queue it"),
                          ("page the on-call", "close the ticket"), ("queue it", "close the ticket")}


def test_a_rejoin_drawn_from_one_branch_only_is_caught() -> None:
    # planted bug: only the last branch goes on to the step both paths lead to
    reason = planted_reason(_TICKET, [("Open the ticket", "page the on-call", "if it is urgent"),
                                      ("Open the ticket", "queue it", "otherwise"), ("queue it", "close the ticket")])
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}


# --- "Step 1 - …" marks items like "Step 1: …"; a bare "1 - 5" is no mark ------------------------


def test_step_marks_with_a_dash_are_a_sequence() -> None:
    edges = drawn_edges("Step 1 - grind the beans\nStep 2 - heat the water\nStep 3 - brew")
    assert set(edges) == {("grind the beans", "heat the water"), ("heat the water", "brew")}


def test_step_marks_with_a_dash_and_a_way_back() -> None:
    edges = drawn_edges("Step 1 - grind the beans\nStep 2 - taste it\nStep 3 - if too bitter, go back to step 1\nStep 4 - serve")
    assert edges[("taste it", "grind the beans")] == "if too bitter"


def test_numbers_with_dashes_without_step_are_not_marks() -> None:
    refusal("1 - grind the beans\n2 - heat the water\n3 - brew")


def test_a_dashed_step_list_drawn_out_of_order_is_caught() -> None:
    reason = planted_reason("Step 1 - grind the beans\nStep 2 - heat the water\nStep 3 - brew",
                            [("heat the water", "grind the beans"), ("grind the beans", "brew")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


# --- a question's answered paths meet again ("In both cases, …", "Both then go to …") ------------

_ROUTER = "Restart the router → is the light green? If yes, test the connection; if no, call the ISP."


@pytest.mark.parametrize("rejoin", ["In both cases, log the outcome.", "Both then go to log the outcome."])
def test_the_answers_paths_meet_again(rejoin: str) -> None:
    edges = drawn_edges(f"{_ROUTER} {rejoin}")
    assert ("test the connection", "log the outcome") in edges and ("call the ISP", "log the outcome") in edges
    assert edges[("is the light green?", "call the ISP")] == "if no"


def test_a_step_after_the_answers_without_a_rejoin_is_not_guessed() -> None:
    refusal(f"{_ROUTER} Log the outcome.")


def test_a_rejoin_of_answers_drawn_from_one_path_is_caught() -> None:
    # planted bug: only the "yes" path goes on to the step both paths meet at
    reason = planted_reason(f"{_ROUTER} In both cases, log the outcome.",
                            [("Restart the router", "is the light green?"),
                             ("is the light green?", "test the connection", "if yes"),
                             ("is the light green?", "call the ISP", "if no"), ("test the connection", "log the outcome")])
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}
