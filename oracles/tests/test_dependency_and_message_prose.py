"""Family: dependency graphs and message sequences written in prose.

- an opening sentence that names the drawing and what it is of ("Dependency graph for the nightly ETL
  jobs.", "Sequence diagram for checkout.") is its title, as if it ended with a colon (framing.py);
- a part said to depend on nothing ("CS101 has no dependencies.", "dns depends on nothing.", "The
  logger doesn't depend on anything.") is drawn with no arrow of its own (denied_dependencies.py);
- a name given once with its bracketed note ("CS102 (Data Structures)", "the Laboratory Information
  System (LIS)") and later by the name or the note alone is one node (model.Graph.node, and the check's
  spans in faithfulness.py);
- "transmits" is an actor's verb in a message sequence ("the EHR transmits the order to the LIS"), and
  "…, which in turn sends …" is a relative clause like "…, which sends …" (sequences.py).
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason


@pytest.mark.parametrize("intent", [
    "Dependency graph for the nightly ETL jobs. build_features depends on clean_events. train_model depends on "
    "build_features.",
    "Draw a dependency graph for the nightly ETL jobs. build_features depends on clean_events. train_model depends "
    "on build_features.",
    "Please produce a dependency graph of our ETL. build_features depends on clean_events. train_model depends on "
    "build_features.",
])
def test_title_sentence_before_dependencies(intent: str) -> None:
    assert drawn(intent)[1] == {("build_features", "clean_events"), ("train_model", "build_features")}


@pytest.mark.parametrize("intent", [
    "Architecture diagram for our web stack. The browser talks to nginx. nginx forwards to the app.",
    "Sequence diagram for checkout. The browser sends the cart to nginx. nginx forwards it to the app.",
])
def test_title_sentence_before_relations(intent: str) -> None:
    labels, edges = drawn(intent)
    assert labels == {"browser", "nginx", "app"}
    assert edges == {("browser", "nginx"), ("nginx", "app")}


@pytest.mark.parametrize("intent", [
    "eks depends on vpc and iam. dns depends on nothing. app depends on eks and dns.",
    "eks depends on vpc and iam. dns has no dependencies. app depends on eks and dns.",
    "eks depends on vpc and iam. dns has no deps. app depends on eks and dns.",
    "eks depends on vpc and iam. dns doesn't depend on anything. app depends on eks and dns.",
])
def test_denied_dependency_is_a_part_alone(intent: str) -> None:
    labels, edges = drawn(intent)
    assert labels == {"eks", "vpc", "iam", "dns", "app"}
    assert edges == {("eks", "vpc"), ("eks", "iam"), ("app", "eks"), ("app", "dns")}


def test_denied_dependency_named_only_there_is_drawn() -> None:
    labels, edges = drawn("eks depends on vpc. dns depends on nothing. app depends on eks.")
    assert "dns" in labels and not any("dns" in edge for edge in edges)


def test_denied_dependency_drawn_as_an_arrow_is_refused() -> None:
    intent = "eks depends on vpc and iam. dns depends on nothing. app depends on eks and dns."
    planted_reason(intent, [("eks", "vpc"), ("eks", "iam"), ("app", "eks"), ("app", "dns"), ("dns", "vpc")])


def test_name_with_bracketed_note_then_name_alone_is_one_node() -> None:
    intent = ("CS101 (Intro) has no dependencies. CS102 (Data Structures) depends on CS101. "
              "CS201 (Algorithms) depends on CS102.")
    labels, edges = drawn(intent)
    assert labels == {"CS101 (Intro)", "CS102 (Data Structures)", "CS201 (Algorithms)"}
    assert edges == {("CS102 (Data Structures)", "CS101 (Intro)"), ("CS201 (Algorithms)", "CS102 (Data Structures)")}


def test_name_with_bracketed_note_drawn_twice_is_refused() -> None:
    intent = "CS102 (Data Structures) depends on CS101. CS201 depends on CS102."
    reason = planted_reason(intent, [("CS102 (Data Structures)", "CS101"), ("CS201", "CS102")])
    assert reason["code"] == "DUPLICATE_NODE"


@pytest.mark.parametrize("intent", [
    "The Physician submits a lab order to the EHR. The EHR transmits the order to the Laboratory Information "
    "System (LIS). The LIS posts results to the EHR, and the EHR alerts the Physician.",
    "Sensor transmit reading to Hub. Hub send alert to Phone. Phone transmits ack to Hub.",
])
def test_transmits_is_a_message(intent: str) -> None:
    labels, edges = drawn(intent)
    assert len(labels) == 3 and len(edges) >= 3


def test_transmitted_message_the_wrong_way_is_refused() -> None:
    intent = "The client transmits the payload to the gateway. The gateway forwards it to the billing service."
    planted_reason(intent, [("gateway", "client", "transmits the payload"), ("gateway", "billing service", "forwards")])


@pytest.mark.parametrize("intent", [
    "The client sends a token to the API, which in turn asks Auth to verify it. Auth replies OK.",
    "The app sends the order to the Restaurant, which in turn notifies the Courier. The Courier confirms to the app.",
])
def test_which_in_turn_is_the_relative_clause(intent: str) -> None:
    labels, edges = drawn(intent)
    assert len(labels) == 3 and "in turn" not in labels and len(edges) == 3


def test_which_in_turn_drawn_from_the_first_sender_is_refused() -> None:
    intent = "The client sends a token to the API, which in turn asks Auth to verify it. Auth replies OK."
    planted_reason(intent, [("client", "API", "sends a token"), ("client", "Auth", "asks"), ("Auth", "API", "replies OK")])


@pytest.mark.parametrize("intent", [
    "ok so the mobile app depends on the api gateway, and the gateway depends on the accounts svc. draw that pls",
    "Alright, so: the mobile app depends on the api gateway; the gateway depends on the accounts svc",
])
def test_words_that_only_open_a_spoken_turn_are_no_part_of_a_name(intent: str) -> None:
    labels, edges = drawn(intent)
    assert "mobile app" in labels
    assert not any(label.casefold().startswith(("ok", "alright", "so ")) for label in labels)


def test_planted_the_opener_kept_in_the_first_name_is_refused() -> None:
    intent = "ok so the mobile app depends on the api gateway. draw that pls"
    reason = planted_reason(intent, [("ok so the mobile app", "api gateway")])
    assert reason["code"] in {"NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED"}
