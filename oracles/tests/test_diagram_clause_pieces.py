"""Pieces of a clause drawn as nodes, and shapes of pasted data (node_fragments.py, agent_json.py,
yaml_data.py, model.py).

- "checks them against the user DB" drawn as a node "them against the user DB": refused.
- "the public subnet contains the load balancer" drawn as one node beside "Load balancer": refused.
- "there's a technical interview" is the step "technical interview".
- {"people": [{"name": "Ana"}, {"name": "Leo", "manager": "Ana"}]}: the top person may leave out
  the manager key; a list of people under one key is read like the bare list.
- "diagram: / kind: flow / steps: - a - b" (YAML): the steps one after another.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason


def test_a_pronoun_object_with_its_preposition_is_no_node() -> None:
    intent = ("The mobile app sends the login credentials to the auth service. The auth service checks them against "
              "the user DB, the user DB returns the user record.")
    assert refusal_reason(intent)["code"] in {"NODE_NOT_IN_INTENT", "UNREADABLE_INTENT", "CONTENT_NOT_PLACED",
                                               "EDGE_LABEL_NOT_IN_INTENT"}


def test_planted_a_pronoun_object_node_is_refused() -> None:
    intent = "The auth service checks them against the user DB."
    reason = planted_reason(intent, [("auth service", "them against the user DB", "checks")])
    assert reason["code"] == "NODE_NOT_IN_INTENT"


def test_planted_a_relation_inside_a_node_is_refused() -> None:
    intent = "The public subnet contains the load balancer. Load balancer → app-1."
    reason = planted_reason(intent, [("Load balancer", "app-1")], extra=("public subnet contains the load balancer",))
    assert reason["code"] == "NODE_HOLDS_RELATION"


def test_a_step_said_as_what_there_is_is_named_by_what_follows() -> None:
    labels, edges = drawn("First the candidate applies online, then a recruiter screens the CV, after that there's a "
                          "technical interview, and finally the hiring manager makes an offer.")
    assert "technical interview" in labels


@pytest.mark.parametrize("intent", [
    '{"people": [{"name": "Ana", "title": "Head of Design"}, {"name": "Leo", "title": "Designer", "manager": "Ana"}, '
    '{"name": "Noor", "manager": "Leo"}]}',
    '[{"name": "Ana"}, {"name": "Leo", "manager": "Ana"}, {"name": "Noor", "reports_to": "Leo"}]',
])
def test_people_records_with_the_top_person_unmanaged(intent: str) -> None:
    labels, edges = drawn(intent)
    assert len(labels) == 3 and len(edges) == 2


def test_two_people_without_a_manager_are_not_guessed() -> None:
    verdict = answer("diagram", '{"people": [{"name": "Ana"}, {"name": "Leo", "manager": "Ana"}, {"name": "Ivy"}]}',
                     "dot", {})
    assert verdict.status == "invalid"


def test_yaml_steps_under_a_wrapper_and_a_kind_are_a_sequence() -> None:
    labels, edges = drawn("diagram:\n  kind: flow\n  steps:\n    - Draft proposal\n    - Legal review\n    - File in archive")
    assert edges == {("Draft proposal", "Legal review"), ("Legal review", "File in archive")}


def test_yaml_steps_with_branches_are_left_to_the_list_readers() -> None:
    # never three steps in a row ("if in stock, ship" after "check stock"); today it is refused
    verdict = answer("diagram", "steps:\n  - check stock\n  - if in stock, ship\n  - otherwise, backorder", "dot", {})
    assert verdict.status == "invalid"
