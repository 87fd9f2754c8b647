"""Architectures said in sentences: connection verbs read subject -> object by the drafter
(architecture_forms.py) and by the check on its own (architecture_normal.py), the near misses refused,
and a planted wrong drawing of each reading refused by the check."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

TICKET = ("COMP-412: Architecture diagram needed. Web app talks to the API gateway. Gateway forwards to Auth service and "
          "Orders service. Orders service reads/writes Postgres and publishes to Kafka.")
WORKERS = ("Hi, need a quick component diagram: the Scheduler talks to the Queue, and Workers pull from the Queue. "
           "Workers write results to S3 and report status back to the Scheduler. Cheers")
SERVERS = ("The proposed architecture comprises a load balancer that distributes traffic to two application servers, App "
           "Server 1 and App Server 2. Both application servers connect to a primary PostgreSQL database, which "
           "replicates to a read replica.")
YAML_SPEC = """tool_call: generate_diagram
args:
  kind: architecture
  spec: |
    Mobile App calls API Gateway.
    API Gateway routes to User Service, Order Service and Notification Service.
    Order Service publishes events to RabbitMQ.
    RabbitMQ delivers events to Notification Service.
    User Service writes to users-db, Order Service writes to orders-db."""
BULLETS = """## Microservices
* **API Gateway** routes to:
  * Orders service
  * Inventory service
* **Orders service** publishes to the **Event bus**
* **Event bus** delivers events to **Inventory service**"""
INFRA = """Infra:
- Load Balancer routes to:
  - App Server 1
  - App Server 2
- Both app servers write to Primary DB
- Primary DB replicates to Replica DB"""
LAKE = ("Section 4.2 describes the ingestion architecture. Source systems publish records to Apache Kafka. Kafka feeds a "
        "Spark streaming job, which writes to the data lake. The data warehouse is loaded nightly from the data lake, and "
        "the data warehouse feeds the BI dashboards.")


def test_ticket_key_framing_and_read_write() -> None:
    nodes, edges = drawn(TICKET)
    assert nodes == {"Web app", "API gateway", "Auth service", "Orders service", "Postgres", "Kafka"}
    assert edges == {("Web app", "API gateway"), ("API gateway", "Auth service"), ("API gateway", "Orders service"),
                     ("Orders service", "Postgres"), ("Orders service", "Kafka")}


def test_reported_status_is_a_message() -> None:
    edges = drawn_edges(WORKERS)
    assert edges == {("Scheduler", "Queue"): None, ("Workers", "Queue"): None, ("Workers", "S3"): "results",
                     ("Workers", "Scheduler"): "status"}


def test_counted_pair_said_again_with_both() -> None:
    nodes, edges = drawn(SERVERS)
    assert nodes == {"load balancer", "App Server 1", "App Server 2", "primary PostgreSQL database", "read replica"}
    assert edges == {("load balancer", "App Server 1"), ("load balancer", "App Server 2"),
                     ("App Server 1", "primary PostgreSQL database"), ("App Server 2", "primary PostgreSQL database"),
                     ("primary PostgreSQL database", "read replica")}
    # the last words the count gave the pair say it again too
    _, edges = drawn("A load balancer forwards traffic to two app servers, A1 and A2. Both servers talk to the DB.")
    assert edges == {("load balancer", "A1"), ("load balancer", "A2"), ("A1", "DB"), ("A2", "DB")}


def test_pair_said_again_by_the_words_both_names_hold() -> None:
    nodes, edges = drawn(INFRA)
    assert nodes == {"Load Balancer", "App Server 1", "App Server 2", "Primary DB", "Replica DB"}
    assert edges == {("Load Balancer", "App Server 1"), ("Load Balancer", "App Server 2"), ("App Server 1", "Primary DB"),
                     ("App Server 2", "Primary DB"), ("Primary DB", "Replica DB")}
    _, edges = drawn("LB routes to App Server 1 and App Server 2. Both servers write to DB.")
    assert edges == {("LB", "App Server 1"), ("LB", "App Server 2"), ("App Server 1", "DB"), ("App Server 2", "DB")}


def test_there_is_a_part_and_sent_through() -> None:
    intent = ("Our setup is pretty simple honestly: the React frontend talks to a Node API. The Node API reads and writes "
              "to MongoDB and also uploads files to S3. There's a nightly cron job that reads from MongoDB and sends a "
              "report email through SendGrid. Could you draw that as an architecture diagram?")
    edges = drawn_edges(intent)
    assert edges == {("React frontend", "Node API"): None, ("Node API", "MongoDB"): None, ("Node API", "S3"): "files",
                     ("nightly cron job", "MongoDB"): None, ("nightly cron job", "SendGrid"): "report email"}


def test_yaml_spec_block() -> None:
    nodes, edges = drawn(YAML_SPEC)
    assert "|" not in nodes and "tool_call" not in nodes
    assert edges == {("Mobile App", "API Gateway"), ("API Gateway", "User Service"), ("API Gateway", "Order Service"),
                     ("API Gateway", "Notification Service"), ("Order Service", "RabbitMQ"),
                     ("RabbitMQ", "Notification Service"), ("User Service", "users-db"), ("Order Service", "orders-db")}


def test_yaml_spec_without_block_marker() -> None:
    # a plain multi-line scalar under "spec:" was read as YAML keys, the sentences left out of the drawing
    intent = ("tool_call: generate_diagram\nargs:\n  kind: architecture\n  spec:\n    Mobile App calls API Gateway.\n"
              "    API Gateway routes to User Service.")
    _, edges = drawn(intent)
    assert edges == {("Mobile App", "API Gateway"), ("API Gateway", "User Service")}


def test_bullet_relations() -> None:
    _, edges = drawn(BULLETS)
    assert edges == {("API Gateway", "Orders service"), ("API Gateway", "Inventory service"),
                     ("Orders service", "Event bus"), ("Event bus", "Inventory service")}


def test_loaded_from_and_section_title() -> None:
    edges = drawn_edges(LAKE)
    assert edges[("data lake", "data warehouse")] == "loaded nightly"
    assert set(edges) == {("Source systems", "Apache Kafka"), ("Apache Kafka", "Spark streaming job"),
                          ("Spark streaming job", "data lake"), ("data lake", "data warehouse"),
                          ("data warehouse", "BI dashboards")}


@pytest.mark.parametrize("intent", [
    # "Both" with words the count did not give the pair, a count that is not the names', another pair between
    "A load balancer forwards traffic to two app servers, web1 and web2. Both web servers talk to the DB.",
    "A load balancer forwards traffic to three app servers, A1, A2 and A3. Both app servers talk to the DB.",
    "A load balancer forwards traffic to two app servers, A1, A2 and A3. Both app servers talk to the DB.",
    "A load balancer forwards traffic to two app servers, A1 and A2. The cache serves B1 and B2. Both app servers talk to "
    "the DB.",
    "A load balancer forwards traffic to two app servers, A1 and A2. Both caches talk to the DB.",
    # words both names hold, but another name holds them too, or one of the two does not
    "LB routes to App Server 1 and App Server 2. Cache serves App Server 3 and App Server 4. Both app servers write to DB.",
    "LB routes to App Server 1 and App Server 2. Cache serves App Server 3. Both app servers write to DB.",
    "LB routes to App Server 1 and the app cache. Both app servers write to DB.",
    "LB routes to App Server 1, App Server 2 and App Server 3. Both app servers write to DB.",
    # a tool call's other keys, a block of list items
    "tool_call: generate_diagram\nargs:\n  kind: architecture\n  spec: |\n    Mobile App calls API Gateway.\n"
    "    API Gateway routes to User Service.\n  color: red",
    "tool_call: generate_diagram\nargs:\n  kind: architecture\n  spec: |\n    - Mobile App calls API Gateway.\n"
    "    - API Gateway routes to User Service.",
    "Approval needed. Web app talks to the API gateway.",
    # there is: a pronoun after it, a count, a subject of its own in the clause; sent through a service and on
    "There's a nightly cron job. It reads from MongoDB.",
    "There are two cron jobs that read from MongoDB.",
    "There's a cron job that we run from MongoDB.",
    "The cron job sends a report email through SendGrid to the CFO.",
    "The cron job sends a report email via SendGrid and Mailgun.",
    "The cron job sends a report email through SendGrid, nightly.",
    "The API reads and writes to MongoDB and also S3.",
    "Kafka feeds the lake. The warehouse is loaded from lake to mart.",
    "LB forwards traffic to two servers, A1 and A2 to the DB.",
    "Architecture diagram needed for COMP-412. Web app talks to the API gateway.",
    # a second verb after a comma, and a process (its steps keep their words)
    "Orders service reads and writes Postgres, and publishes to Kafka.",
    "Ann reports weekly to Bo. Cy reports to Bo.",
    # loaded from: two sources, a pronoun, an agent, two how-often words, a denial, an exception
    "Kafka feeds the data lake. The data warehouse is loaded nightly from the data lake and the cache.",
    "Kafka feeds the data lake. It is loaded nightly from the data lake.",
    "Kafka feeds the data lake. The data warehouse is loaded by Airflow from the data lake.",
    "Kafka feeds the data lake. The data warehouse is loaded nightly and weekly from the data lake.",
    "Kafka feeds the data lake. The data warehouse is not loaded from the data lake.",
    "Kafka feeds the data lake. The data warehouse is loaded nightly from the data lake, except on Sundays.",
    "Kafka feeds the data lake. The data warehouse is loaded nightly from the data lake, then the BI dashboards refresh.",
    "Section 4.2 describes the ingestion architecture and its costs. Kafka feeds the data lake.",
    # bullets: a note on a listed name, a deeper list, a listed name alone, a verb without its colon, an extra line
    "## Services\n* API Gateway routes to:\n  * Orders service\n  * Inventory service (sometimes)\n"
    "* Orders service publishes to the Event bus",
    "## Services\n* API Gateway routes to:\n  * Orders service\n    * Inventory service\n"
    "* Orders service publishes to the Event bus",
    "## Services\n* API Gateway routes to:\n  * Orders service\n  * Inventory service\n* Orders service\n"
    "* Event bus delivers events to Inventory service",
    "## Services\n* API Gateway routes to\n  * Orders service\n* Orders service publishes to the Event bus",
    "## Services\n* API Gateway routes to:\n  * Orders service\n* Orders service publishes to the Event bus\nAlso the cache.",
    # the opening names something else than the drawing, or two parts before "that"
    "The proposed cost comprises a load balancer that forwards to App 1 and App 2.",
    "The proposed architecture comprises a load balancer and a CDN that forwards to App 1 and App 2.",
    "The proposed architecture comprises a load balancer that we forward to App 1.",
])
def test_near_misses_refused(intent: str) -> None:
    assert refusal_reason(intent)["code"]


def test_planted_both_reaching_one_server() -> None:
    reason = planted_reason(SERVERS, [("load balancer", "App Server 1", "traffic"), ("load balancer", "App Server 2", "traffic"),
                                      ("App Server 1", "primary PostgreSQL database"),
                                      ("primary PostgreSQL database", "read replica")])
    assert reason["code"] == "EDGE_MISSING"


def test_planted_pair_said_again_reaching_one() -> None:
    reason = planted_reason(INFRA, [("Load Balancer", "App Server 1"), ("Load Balancer", "App Server 2"),
                                    ("App Server 2", "Primary DB"), ("Primary DB", "Replica DB")])
    assert reason["code"] == "EDGE_MISSING"


def test_planted_read_write_turned_round() -> None:
    reason = planted_reason(TICKET, [("Web app", "API gateway"), ("API gateway", "Auth service"),
                                     ("API gateway", "Orders service"), ("Postgres", "Orders service"),
                                     ("Orders service", "Kafka")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_planted_status_drawn_as_reporting_line() -> None:
    reason = planted_reason(WORKERS, [("Scheduler", "Queue"), ("Workers", "Queue"), ("Workers", "S3", "results"),
                                      ("Scheduler", "Workers", "status")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_planted_loaded_from_turned_round() -> None:
    reason = planted_reason(LAKE, [("Source systems", "Apache Kafka", "records"), ("Apache Kafka", "Spark streaming job"),
                                   ("Spark streaming job", "data lake"), ("data warehouse", "data lake", "loaded nightly"),
                                   ("data warehouse", "BI dashboards")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_planted_bullet_list_item_left_out() -> None:
    reason = planted_reason(BULLETS, [("API Gateway", "Orders service"), ("Orders service", "Event bus"),
                                      ("Event bus", "Inventory service", "events")])
    assert reason["code"] == "EDGE_MISSING"


def test_planted_sent_through_drawn_the_other_way() -> None:
    intent = "The API calls Postgres. A nightly cron job reads from MongoDB and sends a report email through SendGrid."
    reason = planted_reason(intent, [("API", "Postgres"), ("nightly cron job", "MongoDB"),
                                     ("SendGrid", "nightly cron job", "report email")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


def test_planted_yaml_keys_drawn() -> None:
    reason = planted_reason(YAML_SPEC, [("tool_call", "generate_diagram"), ("kind", "architecture")])
    assert reason["code"]


def test_planted_count_drawn_as_a_node() -> None:
    reason = planted_reason(SERVERS, [("load balancer", "two application servers", "traffic"),
                                      ("two application servers", "primary PostgreSQL database"),
                                      ("primary PostgreSQL database", "read replica")])
    assert reason["code"]


def test_planted_traffic_sent_the_other_way() -> None:
    reason = planted_reason(SERVERS, [("App Server 1", "load balancer", "traffic"), ("App Server 2", "load balancer", "traffic"),
                                      ("App Server 1", "primary PostgreSQL database"),
                                      ("App Server 2", "primary PostgreSQL database"),
                                      ("primary PostgreSQL database", "read replica")])
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}
