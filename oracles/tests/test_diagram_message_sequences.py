"""Messages between actors written as a list ("- Warehouse sends `pick list` to Picker"), under a
heading that lists the participants ("… between User, Web App and Auth Service: …"), with the
message in quotes (the label is the message) or a learner's "is send". The drafter reads them
(listed_messages.py, sequences.py); the check reads the same intent on its own, the participant
heading alike for both (participant_lists.py)."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.participant_lists import without_participant_list
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused


@pytest.mark.parametrize(
    "intent",
    [
        "## Sequence diagram\n- Warehouse sends `pick list` to Picker\n- Picker sends `picked items` to Packing Station\n"
        "- Packing Station replies `packed` to Picker",
        "Fulfilment messages:\n* Warehouse sends 'pick list' to Picker\n* Picker sends 'picked items' to Packing Station\n"
        "* Packing Station replies 'packed' to Picker",
        "1. **Warehouse** sends \"pick list\" to **Picker**\n2. **Picker** sends \"picked items\" to **Packing Station**\n"
        "3. **Packing Station** replies \"packed\" to **Picker**",
        "Draw the messages between Warehouse, Picker and Packing Station: Warehouse sends 'pick list' to Picker; "
        "Picker sends 'picked items' to Packing Station; Packing Station replies 'packed' to Picker.",
        "Messages among the Warehouse, the Picker and the Packing Station: Warehouse sends 'pick list' to Picker. "
        "Picker sends 'picked items' to Packing Station. Packing Station replies 'packed' to Picker.",
        "Warehouse is send 'pick list' to Picker. Picker is send 'picked items' to Packing Station. "
        "Packing Station replies 'packed' to Picker.",
    ],
)
def test_listed_or_introduced_messages_are_arrows_labelled_with_the_quoted_message(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"warehouse", "picker", "packing station"}
    assert edges == {("warehouse", "picker"): ["pick list"], ("picker", "packing station"): ["picked items"],
                     ("packing station", "picker"): ["packed"]}


def test_a_listed_message_without_quotes_keeps_its_verb() -> None:
    nodes, edges = _drawn("Login:\n- Browser sends the password to the API\n- API asks the DB for the hash\n- DB returns the hash")
    assert nodes == {"browser", "api", "db"}
    assert edges[("browser", "api")] == ["sends the password"]
    assert set(edges) == {("browser", "api"), ("api", "db"), ("db", "api")}


def test_a_participant_named_only_in_the_heading_is_not_dropped() -> None:
    intent = "Messages between client, cache and server: the client sends a request to the server; the server returns the page"
    assert without_participant_list(intent) == intent
    _refused(intent)


def test_a_list_of_steps_is_still_a_flow() -> None:
    nodes, edges = _drawn("Onboarding:\n- create account\n- verify email\n- pick a plan")
    assert set(edges) == {("create account", "verify email"), ("verify email", "pick a plan")}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('label="pick list"', 'label="picked items"'),  # a message on the wrong arrow
        ('n2 -> n1 [label="packed"];', ""),  # the reply dropped
        ("n2 -> n1", "n1 -> n2"),  # the reply turned round
        ('n2 [label="Packing Station"];', 'n2 [label="Packing"];'),  # an actor misnamed
    ],
)
def test_the_check_alone_refuses_a_planted_bug(old: str, new: str) -> None:
    intent = ("## Sequence diagram\n- Warehouse sends `pick list` to Picker\n- Picker sends `picked items` to Packing Station\n"
              "- Packing Station replies `packed` to Picker")
    assert _planted(intent, old, new)["code"]


def test_the_check_alone_refuses_a_participant_heading_drawn_wrong() -> None:
    intent = ("Draw the message flow between User, Web App and Auth Service: User sends 'reset request' to Web App; "
              "Web App sends 'create token' to Auth Service.")
    assert _planted(intent, "n1 -> n2", "n2 -> n1")["code"]
    assert _planted(intent, 'label="create token"', 'label="reset request"')["code"]


@pytest.mark.parametrize(
    "intent",
    [
        "sequence:\n  - from: Doctor\n    to: EHR\n    msg: lab order\n  - from: EHR\n    to: Lab System\n    msg: results",
        "messages:\n  - {from: Doctor, to: EHR, msg: lab order}\n  - {from: EHR, to: Lab System, msg: results}",
        "interactions:\n  - from: Doctor\n    to: EHR\n    label: lab order\n  - from: EHR\n    to: Lab System\n"
        "    label: results",
    ],
)
def test_messages_pasted_as_yaml(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"doctor", "ehr", "lab system"}
    assert edges == {("doctor", "ehr"): ["lab order"], ("ehr", "lab system"): ["results"]}


def test_a_yaml_sequence_of_plain_steps_is_no_message_list() -> None:
    from oracles.engine.diagram.yaml_data import as_json_graph, parse_yaml

    assert as_json_graph(parse_yaml("sequence:\n  - from: Doctor\n    msg: lab order\n  - from: EHR\n    to: Lab")) is None


@pytest.mark.parametrize(("old", "new"), [("n1 -> n2", "n2 -> n1"), ('label="results"', 'label="lab order"')])
def test_the_check_alone_refuses_a_planted_bug_in_yaml_messages(old: str, new: str) -> None:
    intent = "sequence:\n  - from: Doctor\n    to: EHR\n    msg: lab order\n  - from: EHR\n    to: Lab System\n    msg: results"
    assert _planted(intent, old, new)["code"]


@pytest.mark.parametrize(
    "intent",
    [
        "The seller hands the parcel to the courier; the courier drops it at the sorting hub; the hub sends it on to the "
        "local depot.",
        "The seller hands the parcel to the courier. The courier drops it at the sorting hub. The sorting hub sends it on "
        "to the local depot.",
    ],
)
def test_a_message_left_at_an_actor(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"seller", "courier", "sorting hub", "local depot"}
    assert set(edges) == {("seller", "courier"), ("courier", "sorting hub"), ("sorting hub", "local depot")}


def test_the_check_alone_refuses_a_message_left_at_the_wrong_actor() -> None:
    intent = ("The seller hands the parcel to the courier; the courier drops it at the sorting hub; the hub sends it on to "
              "the local depot.")
    assert _planted(intent, "n1 -> n2", "n1 -> n3")["code"]


@pytest.mark.parametrize(
    "intent",
    [
        "GitHub -> Jenkins: push webhook\nJenkins -> Slack: build status\n(sequence diagram)",
        "can u draw this seq real quick\nGitHub -> Jenkins: push webhook\nJenkins -> Slack: build status",
        "GitHub -> Jenkins: push webhook\nJenkins -> Slack: build status\n(draw as a sequence diagram, labelled arrows)",
    ],
)
def test_a_bracketed_or_casual_request_for_a_sequence_is_framing(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"github", "jenkins", "slack"}
    assert edges == {("github", "jenkins"): ["push webhook"], ("jenkins", "slack"): ["build status"]}


def test_a_bracketed_note_that_says_more_is_not_framing() -> None:
    _refused("GitHub -> Jenkins: push webhook\nJenkins -> Slack: build status\n(Jenkins also pings PagerDuty)")


@pytest.mark.parametrize(
    "intent",
    [
        "the client sends a login request to the API and receives a token",  # drawn valid with a node 'receives a token'
        "the client sends a login request to the API and gets a token back",
        "The browser sends the form to the server and the database and shows a spinner",
    ],
)
def test_a_second_predicate_after_and_is_no_second_actor(intent: str) -> None:
    _refused(intent)


def test_a_second_object_after_its_preposition_is_still_an_actor() -> None:
    nodes, edges = _drawn("The reporting module depends on the analytics engine and on the export library.")
    assert nodes == {"reporting module", "analytics engine", "export library"}
