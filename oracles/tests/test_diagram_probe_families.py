"""Wrong `valid` families found by probing the check with intents written as agents write them; each is
refused by the check on its own (a planted drafter that draws the wrong reading gets `invalid`), and a
near-miss beside it stays valid.

- a name holding "also" or "then" ("Salesforce also gets", "test then package") joins a subject to its
  verb or one step to the next;
- a node that is a sentence with a third-person verb and its target ("gateway authenticates the
  request against Keycloak", "forwards it to the orders service");
- a step the intent asks to ignore, skip or go without is not drawn.
"""

import pytest

from oracles.engine import answer

from .planted_diagrams import planted_reason


def _status(intent: str) -> str:
    return answer("diagram", intent, "dot", {}).status


@pytest.mark.parametrize("intent, edges", [
    ("Our CRM (Salesforce) pushes leads to HubSpot; Salesforce also gets updates back from HubSpot.",
     [("CRM (Salesforce)", "HubSpot", "pushes leads"), ("Salesforce also gets", "HubSpot", "updates")]),
    ("1. unpack\n2. wash then chop\n3. cook", [("unpack", "wash then chop"), ("wash then chop", "cook")]),
    ("intake -> sort also label -> dispatch", [("intake", "sort also label"), ("sort also label", "dispatch")]),
])
def test_planted_name_holding_also_or_then_is_refused(intent, edges):
    assert planted_reason(intent, edges)["code"] == "NODE_HOLDS_RELATION"


@pytest.mark.parametrize("intent, edges", [
    ("The gateway authenticates the request against Keycloak and then forwards it to the orders service.",
     [("gateway authenticates the request against Keycloak", "forwards it to the orders service")]),
    ("the worker polls jobs from SQS and then writes them to S3",
     [("worker polls jobs from SQS", "writes them to S3")]),
])
def test_planted_sentence_drawn_as_a_node_is_refused(intent, edges):
    assert planted_reason(intent, edges)["code"] in {"NODE_HOLDS_RELATION", "NODE_NOT_IN_INTENT"}


@pytest.mark.parametrize("intent", [
    "Flow (ignore the cache step): request -> cache -> app -> db",
    "request -> cache -> app -> db, but skip the cache",
    "request -> cache -> app -> db; draw it without the cache",
    "ingest -> dedupe -> load, minus the dedupe step",
])
def test_a_step_asked_to_be_left_out_is_never_drawn(intent):
    assert _status(intent) == "invalid"


def test_planted_drafter_that_keeps_the_ignored_step_is_refused():
    reason = planted_reason("Flow (ignore the cache step): request -> cache -> app -> db",
                            [("request", "cache"), ("cache", "app"), ("app", "db")])
    assert reason["code"] == "CONTENT_NOT_PLACED"


@pytest.mark.parametrize("intent", [
    "login -> skip tutorial -> home",  # "skip tutorial" is the step's own name
    "validate against schema -> store",  # the step's own verb first, no subject before it
    "pipeline: extract -> transform -> load. transform also writes rejects to the dead-letter bucket",
])
def test_near_misses_stay_valid(intent):
    assert _status(intent) == "valid"


@pytest.mark.parametrize("intent, edges", [
    ("A → B → C → D (C is optional)", [("A", "B"), ("B", "C"), ("C", "D", "C is optional")]),
    ("build → test → deploy (test can be skipped for docs)",
     [("build", "test"), ("test", "deploy", "test can be skipped for docs")]),
])
def test_planted_note_about_a_step_drawn_as_an_edge_label_is_refused(intent, edges):
    assert planted_reason(intent, edges)["code"] == "EDGE_LABEL_HOLDS_NODE"


def test_a_condition_about_a_step_stays_an_edge_label():
    assert _status("check disk → (if disk is full) clean up → done") == "valid"


@pytest.mark.parametrize("intent, edges", [
    ("The collector scrapes the exporters and it then remote-writes to Mimir.",
     [("collector scrapes the exporters and it", "remote-writes to Mimir")]),
    ("the bot reads the queue then it posts to Slack", [("bot reads the queue then it", "posts to Slack")]),
])
def test_planted_name_holding_a_new_clause_pronoun_is_refused(intent, edges):
    assert planted_reason(intent, edges)["code"] == "NODE_HOLDS_RELATION"


def test_a_pronoun_object_inside_a_step_stays_valid():
    assert _status("scan badge -> hold it to the reader -> open door") == "valid"
