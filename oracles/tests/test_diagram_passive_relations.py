"""Relations said in the passive: "Redis is used by the API" (the API -> Redis), "the request is sent
by the client to the server" (client -> server, labelled with what travels). The drafter
(passive_forms.py) and the check (passive_normal.py) each read them; a pronoun, a quantifier, a step
verb ("checked", "packed") or a process's sequence word leaves the sentence as written."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.particle_forms import particle_verbs_as_arrows
from oracles.engine.diagram.particle_normal import particle_normal_form
from oracles.engine.diagram.passive_forms import passive_relations_active
from oracles.engine.diagram.passive_normal import passive_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Redis is used by the Session Service and the Rate Limiter. Postgres is used by the Session Service.",
         {("session service", "redis"), ("rate limiter", "redis"), ("session service", "postgres")}),
        ("Redis is used by the Session Service and the Rate Limiter. Postgres is used by the Session Service. "
         "Draw arrows from each service to what it uses.",
         {("session service", "redis"), ("rate limiter", "redis"), ("session service", "postgres")}),
        ("The billing API is called by the web app and the mobile app.",
         {("web app", "billing api"), ("mobile app", "billing api")}),
        ("Postgres is queried by the reporting service; Redis is used by the API.",
         {("reporting service", "postgres"), ("api", "redis")}),
        ("The dashboards are fed by the warehouse. The warehouse is fed by the ETL job.",
         {("warehouse", "dashboards"), ("etl job", "warehouse")}),
        ("The search index is also used by the catalog service.", {("catalog service", "search index")}),
    ],
)
def test_a_passive_relation_points_from_its_agent(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn = _drawn(intent)
    assert set(drawn) == edges


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("The request is send by the client to the server. The answer is returned by the server to the client.",
         {("client", "server"): ["request"], ("server", "client"): ["answer"]}),
        ("Tokens are sent by the auth server to the gateway.", {("auth server", "gateway"): ["tokens"]}),
        ("The payment is sent by the shop to the bank and the card issuer.",
         {("shop", "bank"): ["payment"], ("shop", "card issuer"): ["payment"]}),
    ],
)
def test_what_is_sent_by_one_party_to_another_is_the_label(intent: str, edges: dict[tuple[str, str], list[str]]) -> None:
    _, drawn = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    "intent",
    [
        "It is used by the API and the worker.",  # what "it" is, is not said
        "Redis is used by the API. It is also queried by the worker.",  # "it" is a guess
        "Each service is called by the gateway.",  # which services?
        "Redis is used by the API. Draw arrows from each resource to whoever uses it.",  # turns the arrows round
        "The invoice is sent by email to the customer.",  # 'by email' is the means, not a party
        "Redis is used by default.",  # a manner, not a party
        "The payment service is called by the checkout with the total.",  # 'checkout with the total' is no name
        "The operator switches on the pump by hand.",  # 'pump by hand' is no name
    ],
)
def test_a_passive_relation_without_its_names_stays_refused(intent: str) -> None:
    _refused(intent)


@pytest.mark.parametrize(
    "intent",
    [
        "the order is received by sales, then packed by the warehouse, then collected by the courier",
        "The report is checked by the manager and sent to the director.",
        "The order is sent by the shop to the warehouse, then it is packed.",
    ],
)
def test_a_process_keeps_its_passive_clauses_as_written(intent: str) -> None:
    # a sequence word or a step verb: the clause is a step's name, not a relation between parties
    assert passive_relations_active(intent) == intent
    assert passive_normal_form(intent) == intent


def test_both_readings_say_the_passive_alike() -> None:
    intent = "Redis is used by the API and the worker. The answer is returned by the server to the client."
    assert passive_relations_active(intent) == passive_normal_form(intent) == \
        "the API and the worker uses Redis. the server returns The answer to the client."


def test_a_drawn_edge_turned_round_is_refused_by_the_check() -> None:
    intent = "Redis is used by the Session Service and the Rate Limiter. Postgres is used by the Session Service."
    reason = _planted(intent, "  n1 -> n2;\n", "  n2 -> n1;\n")
    assert reason["code"].startswith("EDGE")


def test_a_dropped_edge_is_refused_by_the_check() -> None:
    intent = "Redis is used by the Session Service and the Rate Limiter. Postgres is used by the Session Service."
    _planted(intent, "  n0 -> n3;\n", "")


def test_a_message_on_the_wrong_edge_is_refused_by_the_check() -> None:
    intent = "The request is sent by the client to the server. The answer is returned by the server to the client."
    reason = _planted(intent, '[label="request"]', '[label="answer"]')
    assert reason["code"].startswith("EDGE")


# --- "X answers Y with M": a reply with its receiver as the object -------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("The browser calls the API. The API answers the browser with JSON.",
         {("browser", "api"): ["calls"], ("api", "browser"): ["json"]}),
        ("browser -> API: GET /orders; API -> DB: select orders; DB returns rows to API; API answers the browser with JSON.",
         {("browser", "api"): ["get /orders"], ("api", "db"): ["select orders"], ("db", "api"): ["rows"],
          ("api", "browser"): ["json"]}),
        ("The client asks the server for the time. The server answers the client with the time.",
         {("client", "server"): ["time"], ("server", "client"): ["time"]}),
    ],
)
def test_an_answer_to_a_party_named_before_is_a_labelled_reply(intent: str, edges: dict[tuple[str, str], list[str]]) -> None:
    _, drawn = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    "intent",
    [
        "The bot answers questions with links.",  # 'questions' is no party named before
        "Ana answers to Bob. Bob answers Ana with a memo.",  # a reporting line beside a message
    ],
)
def test_an_answer_without_a_named_receiver_stays_refused(intent: str) -> None:
    _refused(intent)


def test_a_reply_drawn_the_wrong_way_is_refused_by_the_check() -> None:
    intent = "The browser calls the API. The API answers the browser with JSON."
    reason = _planted(intent, '  n1 -> n0 [label="JSON"];\n', '  n0 -> n1 [label="JSON"];\n')
    assert reason["code"].startswith("EDGE")


# --- particle verbs between two named parties ------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("The operator switches on the pump.", {("operator", "pump"): ["switches on"]}),
        ("The Voice Cloud sends an intent to the Home Hub. The Home Hub switches on the Living Room Light.",
         {("voice cloud", "home hub"): ["intent"], ("home hub", "living room light"): ["switches on"]}),
        ("The operator turns off the pump, and the pump reports its status to the PLC.",
         {("operator", "pump"): ["turns off"], ("pump", "plc"): ["status"]}),
        ("The app looks up the user in Redis.", {("app", "redis"): ["looks up the user"]}),
        ("The customer types a question into the chat widget. The widget forwards it to the bot.",
         {("customer", "chat widget"): ["question"], ("chat widget", "bot"): ["forwards it"]}),
    ],
)
def test_a_particle_verb_between_two_parties_is_their_edge(intent: str, edges: dict[tuple[str, str], list[str]]) -> None:
    _, drawn = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    "intent",
    [
        "the clerk looks up the price.",  # the price is no party named again
        "Ana reports to Bob.",  # a reporting line, not a message
        "Then the operator switches on the pump.",  # a step of a sequence
        "open the tills, switch on the ovens, unlock the doors",  # steps, no acting party
    ],
)
def test_both_readings_leave_what_is_no_particle_relation(intent: str) -> None:
    assert particle_verbs_as_arrows(intent) == intent
    assert particle_normal_form(intent) == intent


def test_both_readings_say_particle_verbs_alike() -> None:
    intent = ("The Home Hub switches on the Living Room Light. The Light reports its new state to the Home Hub. "
              "The server looks the user up in the user DB.")
    assert particle_verbs_as_arrows(intent) == particle_normal_form(intent)


def test_a_particle_edge_turned_round_is_refused_by_the_check() -> None:
    reason = _planted("The operator switches on the pump.", "  n0 -> n1", "  n1 -> n0")
    assert reason["code"].startswith("EDGE")
