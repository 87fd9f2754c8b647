"""Found at first contact with the sealed batch al, and by probing around it:
- messages drawn as steps: 'Prometheus fires alert to Alertmanager' → 'Alertmanager notifies PagerDuty'
  (handoff_check.py);
- a pointer to content elsewhere and the ask for the drawing drawn as steps (pointer_nodes_check.py);
- "state diagram: traffic light." and "state machine, traffic light:" name the subject (framing.py, both sides)."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

_ALERTS = ("can u draw the sequence for how an alert reaches us: Prometheus fires alert to Alertmanager → "
           "Alertmanager notifies PagerDuty → PagerDuty pages the on-call → on-call acks in PagerDuty")


def test_messages_drawn_as_steps_are_refused() -> None:
    reason = refusal_reason(_ALERTS)
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'Alertmanager' receives" in reason["message"], reason


def test_planted_message_handoff_as_steps_is_refused() -> None:
    intent = "how a payment flows: the shop sends the order to Stripe → Stripe charges the card"
    reason = planted_reason(intent, [("shop sends the order to Stripe", "Stripe charges the card")])
    assert reason["code"] == "NODE_HOLDS_RELATION", reason


def test_the_messages_as_labelled_arrows_are_drawn() -> None:
    edges = drawn_edges("Prometheus -> Alertmanager: fires alert; Alertmanager -> PagerDuty: notifies; "
                        "PagerDuty -> on-call: pages; on-call -> PagerDuty: acks")
    assert edges[("Prometheus", "Alertmanager")] == "fires alert" and edges[("on-call", "PagerDuty")] == "acks"


def test_a_flow_of_steps_with_actors_stays() -> None:
    labels, _ = drawn("Manager approves the request -> Finance pays the invoice -> Clerk files the receipt")
    assert "Finance pays the invoice" in labels


def test_steps_kept_elsewhere_are_refused() -> None:
    intent = ('## Release process\n\n- steps: see the Confluence page **"Release v2"**\n- needs to be a flowchart\n'
              "- **deadline: Friday** ⏰")
    assert refusal_reason(intent)["code"] in ("CONTENT_NOT_PLACED", "NODE_NOT_IN_INTENT")


def test_planted_ask_for_the_drawing_as_a_step_is_refused() -> None:
    intent = "- build the app\n- needs to be a flowchart\n- ship it"
    reason = planted_reason(intent, [("build the app", "needs to be a flowchart"), ("needs to be a flowchart", "ship it")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "asks for the drawing" in reason["message"], reason


def test_a_step_updating_a_chart_stays() -> None:
    labels, _ = drawn("HR receives the offer -> HR updates the org chart -> IT creates the account")
    assert "HR updates the org chart" in labels


@pytest.mark.parametrize("intent", [
    "state diagram: traffic light. Red -> Green -> Yellow -> Red",
    "state machine, traffic light: Red -> Green -> Yellow -> Red",
    "state machine for the traffic light. Red -> Green -> Yellow -> Red",
])
def test_the_kind_then_its_subject_is_the_title(intent: str) -> None:
    labels, edges = drawn(intent)
    assert labels == {"Red", "Green", "Yellow"} and ("Yellow", "Red") in edges


def test_a_step_after_the_kind_without_arrows_stays_a_step() -> None:
    labels, _ = drawn("flowchart: Submit. Then review and approve.")
    assert "Submit" in labels


@pytest.mark.parametrize("intent", [
    "the client sends the token to the auth server; the auth server checks the token against the cache and the DB",
    "The app sends creds to the auth server. The auth server checks against LDAP.",
    "the API sends the token to the auth server, which checks the token against the revocation list",
])
def test_what_is_checked_against_is_no_part(intent: str) -> None:
    assert refusal_reason(intent)["code"] == "NODE_HOLDS_RELATION"


def test_planted_checked_against_node_is_refused() -> None:
    intent = "The app sends creds to the auth server. The auth server checks the creds against LDAP."
    reason = planted_reason(intent, [("app", "auth server", "creds"), ("auth server", "creds against LDAP")])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'LDAP'" in reason["message"], reason


def test_a_step_run_against_an_environment_stays() -> None:
    labels, _ = drawn("Run tests against staging -> deploy to prod")
    assert "Run tests against staging" in labels


@pytest.mark.parametrize(("intent", "code"), [
    ("Sequence: Client send request to Server. Server answer to Database.", "EDGE_NOT_IN_INTENT"),
    ("Sequence: Server send request to Client. Server answer to Client.", "EDGE_NOT_IN_INTENT"),
    ("Sequence: Guest sends booking request to Website. Website asks Availability service whether the room is free.",
     "NODE_HOLDS_RELATION"),
    ("Sequence: client send request to server, server ask database, database give data back to server.",
     "NODE_HOLDS_RELATION"),
])
def test_loose_sequences_read_as_something_else_are_refused(intent: str, code: str) -> None:
    assert refusal_reason(intent)["code"] == code


def test_planted_reply_drawn_as_a_reporting_line_is_refused() -> None:
    intent = "Sequence: Client send request to Server. Server answer to Database."
    reason = planted_reason(intent, [("Client", "Server", "send request"), ("Database", "Server")])
    assert reason["code"] == "EDGE_NOT_IN_INTENT", reason


def test_a_reporting_line_with_answer_to_stays() -> None:
    _, edges = drawn("The CEO leads Sales. Sales answer to the CEO.")
    assert ("CEO", "Sales") in edges
