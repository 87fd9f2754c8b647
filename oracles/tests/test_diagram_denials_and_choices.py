"""Wrong valids found by probing with new phrasings (each was drawn `valid` and wrong by drafter and check
alike): a denied connection kept inside a name ("the DB but not to the cache"), "as does Cy" drawn as a person,
"either" drawn into the first of two choices, and "reports to Ann or Cy" drawn as two managers."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason


def _reason(intent: str) -> dict[str, str]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid", verdict.result
    return verdict.reason


@pytest.mark.parametrize("intent", [
    "The API talks to the DB but not to the cache. The worker talks to the cache.",
    "billing calls ledger and never payments; payments calls ledger",
])
def test_a_denied_connection_is_never_part_of_a_name(intent: str) -> None:
    assert _reason(intent)["code"] in ("NODE_HOLDS_RELATION", "NODE_NOT_IN_INTENT")


def test_the_check_alone_refuses_a_denial_drawn_into_a_node() -> None:
    reason = planted_reason("The API talks to the DB but not to the cache. The worker talks to the cache.",
                            [("API", "DB but not to the cache"), ("worker", "cache")])
    assert reason["code"] == "NODE_HOLDS_RELATION"


def test_as_does_is_not_a_person() -> None:
    _reason("Ann reports to Bob, as does Cy.")
    planted_reason("Ann reports to Bob, as does Cy.", [("Bob", "Ann"), ("as does Cy", "Ann")])


def test_either_opens_a_choice_and_is_no_part_of_its_first_step() -> None:
    nodes, edges = drawn("first collect, then sort, then either wash or dry clean, and finally deliver")
    assert nodes == {"collect", "sort", "wash", "dry clean", "deliver"}
    planted_reason("first collect, then sort, then either wash or dry clean, and finally deliver",
                   [("collect", "sort"), ("sort", "either wash"), ("sort", "dry clean"), ("either wash", "deliver"),
                    ("dry clean", "deliver")])


@pytest.mark.parametrize("intent", [
    "Ann and Cy report to Bob; Dee reports to Ann or Cy.",
    "Ann reports to Bob. Dee reports to either Ann or Bob.",
])
def test_one_of_two_managers_is_refused(intent: str) -> None:
    assert "one of two" in _reason(intent)["message"]


ANY_STATE = "Idle -> Running on start; Running -> Paused on pause; Paused -> Running on resume; any state -> Stopped on stop"


def test_any_state_is_every_state_not_a_state_of_its_own() -> None:
    assert "every one of them" in _reason(ANY_STATE)["message"]
    planted_reason(ANY_STATE, [("Idle", "Running", "on start"), ("Running", "Paused", "on pause"),
                               ("Paused", "Running", "on resume"), ("any state", "Stopped", "on stop")])


def test_the_rewrite_for_any_state_is_read() -> None:
    nodes, edges = drawn("Idle -> Running on start; Running -> Paused on pause; Paused -> Running on resume; Idle, "
                         "Running and Paused all go to Stopped on stop")
    assert {(s, "Stopped") for s in ("Idle", "Running", "Paused")} <= edges


def test_two_outcomes_slashed_into_one_node_are_refused_and_the_rewrite_is_read() -> None:
    assert "holds two names" in _reason("Lead → Qualified → Proposal → Won/Lost")["message"]
    planted_reason("Lead → Qualified → Proposal → Won/Lost",
                   [("Lead", "Qualified"), ("Qualified", "Proposal"), ("Proposal", "Won/Lost")])
    nodes, edges = drawn("Lead → Qualified → Proposal → Won or Lost")
    assert {("Proposal", "Won"), ("Proposal", "Lost")} <= edges


def test_a_name_of_two_acronyms_is_one_name() -> None:
    nodes, _ = drawn("code -> CI/CD -> prod")
    assert "CI/CD" in nodes


def test_a_comma_between_chains_of_alike_names_is_refused_until_said_one_way() -> None:
    assert "may be a list" in _reason("client -> lb -> app1, app2 -> db")["message"]
    nodes, edges = drawn("client -> lb; lb -> app1; lb -> app2; app1 -> db; app2 -> db")
    assert {("lb", "app1"), ("lb", "app2"), ("app1", "db"), ("app2", "db")} <= edges
    nodes, edges = drawn("web -> api, api -> db")  # a comma after a whole statement ends it
    assert edges == {("web", "api"), ("api", "db")}


def test_the_check_alone_refuses_the_comma_read_as_two_statements() -> None:
    planted_reason("client -> lb -> app1, app2 -> db", [("client", "lb"), ("lb", "app1"), ("app2", "db")])


def test_how_a_call_is_made_is_never_glued_to_the_name_called() -> None:
    intent = "Payment service calls Fraud service synchronously and Ledger service asynchronously."
    assert _reason(intent)["code"] == "NODE_HOLDS_RELATION"
    planted_reason(intent, [("Payment service", "Fraud service synchronously"),
                            ("Payment service", "Ledger service asynchronously")])
    nodes, _ = drawn("approve -> pay automatically -> archive")  # how a step is done may be its name
    assert "pay automatically" in nodes
