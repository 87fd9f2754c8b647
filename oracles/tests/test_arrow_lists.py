"""Architecture and component diagrams written as arrow lists: a fan-out list after an arrow ("Load Balancer →
web-1, web-2"), a fan-in pair before one ("app-1 and app-2 -> redis"), arrows parted by commas with a request
after them ("kafka → flink, flink → clickhouse. arrows exactly as written, dont add stuff"), a **Components**
list over a **Connections** list, "Nodes: … Edges: …", tiers before "Flows: …", and JSON whose tool name says
what to draw beside groups and connections or components and calls. The drafter reads the lists in
arrow_list_forms.py; the check confirms them on its own (its glue, and arrow_list_check.py for the section
headings and the fan-in rule). What the layout does not settle stays refused."""

from __future__ import annotations

import json

import pytest

from oracles.engine import Draft, get_kind
from oracles.engine.diagram.arrow_list_check import section_headings_apart
from oracles.engine.diagram.arrow_list_forms import arrow_lists_apart
from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason


def _lower(edges: set[tuple[str, str]]) -> set[tuple[str, str]]:
    return {(a.casefold(), b.casefold()) for a, b in edges}


# --- the new readings, drawn right ----------------------------------------------------------------------

def test_a_fan_out_list_of_numbered_names_is_an_arrow_to_each() -> None:
    intent = ("network: ISP -> Router -> Firewall -> Core Switch; Core Switch -> Access Switch 1, Access Switch 2; "
              "Access Switch 1 -> PC-01, PC-02; Access Switch 2 -> Printer")
    nodes, edges = drawn(intent)
    assert nodes == {"ISP", "Router", "Firewall", "Core Switch", "Access Switch 1", "Access Switch 2", "PC-01", "PC-02",
                     "Printer"}
    assert edges == {("ISP", "Router"), ("Router", "Firewall"), ("Firewall", "Core Switch"),
                     ("Core Switch", "Access Switch 1"), ("Core Switch", "Access Switch 2"),
                     ("Access Switch 1", "PC-01"), ("Access Switch 1", "PC-02"), ("Access Switch 2", "Printer")}


def test_bullets_with_a_fan_out_and_arrows_parted_by_commas() -> None:
    intent = ("**Architecture (prod)**\n\n* Browser → CDN (static assets)\n* Browser → Load Balancer (API calls)\n"
              "* Load Balancer → web-1, web-2\n* web-1 → Postgres, web-2 → Postgres\n* web-1 → Redis, web-2 → Redis\n\n"
              "no extra boxes please")
    edges = drawn_edges(intent)
    assert set(edges) == {("Browser", "CDN"), ("Browser", "Load Balancer"), ("Load Balancer", "web-1"),
                          ("Load Balancer", "web-2"), ("web-1", "Postgres"), ("web-2", "Postgres"), ("web-1", "Redis"),
                          ("web-2", "Redis")}
    assert edges[("Browser", "CDN")] == "static assets"
    assert edges[("Load Balancer", "web-1")] is None


def test_a_fan_out_list_whose_names_are_said_elsewhere() -> None:
    nodes, edges = drawn("lb -> web, api; web -> db; api -> db")
    assert edges == {("lb", "web"), ("lb", "api"), ("web", "db"), ("api", "db")}
    nodes, edges = drawn("gateway -> auth, orders -> db")  # a comma list that goes on is two statements
    assert edges == {("gateway", "auth"), ("orders", "db")}


def test_a_fan_in_pair_whose_names_are_said_alone_is_an_arrow_from_each() -> None:
    intent = ("INFRA-201 please draw: LB -> app-1, LB -> app-2; app-1 and app-2 -> redis; app-1 and app-2 -> "
              "postgres-primary; postgres-primary replicates to postgres-replica")
    nodes, edges = drawn(intent)
    assert nodes == {"LB", "app-1", "app-2", "redis", "postgres-primary", "postgres-replica"}
    assert edges == {("LB", "app-1"), ("LB", "app-2"), ("app-1", "redis"), ("app-2", "redis"),
                     ("app-1", "postgres-primary"), ("app-2", "postgres-primary"), ("postgres-primary", "postgres-replica")}


def test_replicates_to_is_a_relation() -> None:
    assert drawn("The primary replicates to the replica. The app writes to the primary.")[1] == {
        ("primary", "replica"), ("app", "primary")}


def test_arrows_parted_by_commas_with_a_request_after_them() -> None:
    intent = ("quick arch diagram for the data platform pls: kafka → flink, flink → clickhouse, flink → s3, grafana → "
              "clickhouse, airflow → spark, spark → s3. arrows exactly as written, dont add stuff")
    assert drawn(intent)[1] == {("kafka", "flink"), ("flink", "clickhouse"), ("flink", "s3"), ("grafana", "clickhouse"),
                                ("airflow", "spark"), ("spark", "s3")}


@pytest.mark.parametrize("heading", ["**Components**", "## Components", "Components:", "_Components_"])
def test_a_components_list_over_a_connections_list(heading: str) -> None:
    intent = (f"{heading}\n- `web`\n- `api`\n- `worker`\n- `redis`\n\n**Connections**\n- `web` → `api`\n- `api` → `redis`\n"
              "- `worker` → `redis`\n- `api` → `worker`")
    nodes, edges = drawn(intent)
    assert nodes == {"web", "api", "worker", "redis"}
    assert edges == {("web", "api"), ("api", "redis"), ("worker", "redis"), ("api", "worker")}


def test_nodes_and_edges_sections_in_sentences() -> None:
    assert drawn("Directed graph. Nodes: A, B, C, D. Edges: A->B, A->C, B->D, C->D.")[1] == {
        ("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")}


def test_tiers_then_flows() -> None:
    intent = ("Architecture for the on-call wiki. Public tier: CDN, WAF. App tier: ALB, api pods. Data tier: Postgres "
              "primary, Postgres replica, S3 uploads bucket.\nFlows: CDN -> WAF -> ALB -> api pods; api pods -> Postgres "
              "primary; api pods -> S3 uploads bucket; Postgres primary -> Postgres replica (streaming replication).")
    edges = drawn_edges(intent)
    assert set(edges) == {("CDN", "WAF"), ("WAF", "ALB"), ("ALB", "api pods"), ("api pods", "Postgres primary"),
                          ("api pods", "S3 uploads bucket"), ("Postgres primary", "Postgres replica")}
    assert edges[("Postgres primary", "Postgres replica")] == "streaming replication"


def test_json_groups_and_connections_beside_a_tool_name() -> None:
    intent = json.dumps({"action": "draw_architecture",
                         "groups": {"Public": ["CDN", "Load Balancer"], "App tier": ["Web App", "Worker"],
                                    "Data": ["Postgres", "Redis"]},
                         "connections": [["CDN", "Load Balancer"], ["Load Balancer", "Web App"], ["Web App", "Postgres"],
                                         ["Web App", "Redis"], ["Worker", "Postgres"]]})
    assert drawn(intent)[1] == {("CDN", "Load Balancer"), ("Load Balancer", "Web App"), ("Web App", "Postgres"),
                                ("Web App", "Redis"), ("Worker", "Postgres")}


def test_json_components_and_calls() -> None:
    intent = json.dumps({"kind": "architecture", "components": ["Mobile App", "BFF", "Stripe"],
                         "calls": [["Mobile App", "BFF", "HTTPS"], ["BFF", "Stripe", "REST"]]})
    assert drawn_edges(intent) == {("Mobile App", "BFF"): "HTTPS", ("BFF", "Stripe"): "REST"}


# --- near misses: left as written, and refused ---------------------------------------------------------

@pytest.mark.parametrize(
    "intent",
    [
        "lb -> web, api",  # two names, or one with a comma? nothing else says
        "lb -> web-1, web-2 (round robin)",  # a note on web-2, or the label of both arrows?
        "lb -> web-1, web-2 (standby); web-1 -> db",
        "receive order -> check stock, charge card",
        "receive order -> check stock, then charge card",
        "lb -> web-1, web-2, and web-3",
        "lb -> app server 1, app server two",  # numbered unalike
        "lb -> app-1, app-2 via vpn",
        "lb -> app-1; lb -> app-2; app-1 and app-2 -> redis if cached",  # a condition in the target
        "app-1 and app-2 -> redis -> disk; lb -> app-1; lb -> app-2",  # the pair goes on into a chain
        "sales and marketing -> finance; sales -> crm",  # marketing is said nowhere else
        "**Components**\n- web\n- api\n- cache\n\n**Connections**\n- web → api",  # 'cache' is connected nowhere
        "Nodes: A, B, C, D, E. Edges: A->B, A->C, B->D.",  # 'E' likewise
        "kafka -> flink -> clickhouse; flink -> s3; grafana -> clickhouse",  # 'grafana' may be a case after 's3'
        "## Components\n- web\n- api\n\n## Connections\n- web → api\n- api → db",  # two sections: groups to the drafter
    ],
)
def test_near_misses_are_refused(intent: str) -> None:
    refusal_reason(intent)


@pytest.mark.parametrize(
    "intent",
    [
        "lb -> web, api",
        "lb -> web-1, web-2 (round robin)",
        "receive order -> check stock, charge card",
        "lb -> web-1, web-2 -> db",
        "Sales and Marketing -> Finance",
        "sales and marketing -> finance; sales -> crm",
        '{"edges": [["a", "b, c"]]}',
    ],
)
def test_the_drafter_leaves_unsettled_lists_as_written(intent: str) -> None:
    assert arrow_lists_apart(intent) == intent


def test_the_check_takes_out_only_section_headings() -> None:
    assert section_headings_apart("**Components**\n- web\n**Connections**\n- web -> api") == "\n- web\n\n- web -> api"
    assert section_headings_apart("Nodes: A, B. Edges: A->B") == "Nodes: A, B. A->B"
    kept = "**Payment connections**\n- web -> api\nFlows to check: a -> b"
    assert section_headings_apart(kept) == kept


# --- planted bugs: the check's own rules ---------------------------------------------------------------

def test_planted_fan_in_from_one_name_said_as_two_is_caught() -> None:
    # the drafter splits "Sales and Marketing" into two departments that nothing else names
    reason = planted_reason("Sales and Marketing -> Finance", [("Sales", "Finance"), ("Marketing", "Finance")])
    assert reason["code"] == "UNREADABLE_RELATION"
    assert "one name or two" in reason["message"]


def test_planted_fan_in_with_one_name_said_alone_is_caught() -> None:
    reason = planted_reason("lb -> app-1; app-1 and app-2 -> redis", [("lb", "app-1"), ("app-1", "redis"), ("app-2", "redis")])
    assert reason["code"] == "UNREADABLE_RELATION"


def test_planted_fan_out_to_one_name_only_is_caught() -> None:
    intent = "Core Switch -> Access Switch 1, Access Switch 2; Access Switch 1 -> PC-01"
    reason = planted_reason(intent, [("Core Switch", "Access Switch 1"), ("Access Switch 1", "PC-01")],
                            extra=("Access Switch 2",))
    assert reason["code"] in ("EDGE_MISSING", "CONTENT_NOT_PLACED")


def test_planted_component_left_out_of_the_connections_is_caught() -> None:
    intent = "**Components**\n- web\n- api\n- cache\n\n**Connections**\n- web → api"
    assert planted_reason(intent, [("web", "api")])["code"] == "CONTENT_NOT_PLACED"


def test_planted_condition_row_is_still_caught_without_declared_groups() -> None:
    # a group member is never a case row's condition; a step that is no member still may be
    reason = planted_reason("submit -> validate; valid -> save", [("submit", "validate"), ("valid", "save")])
    assert reason["code"] == "UNREADABLE_RELATION"


def test_section_heading_drawn_as_a_node_is_caught() -> None:
    intent = "**Components**\n- web\n- api\n\n**Connections**\n- web → api"
    assert planted_reason(intent, [("Connections", "web"), ("web", "api")])["code"] == "NODE_NOT_IN_INTENT"
    assert _lower(drawn(intent)[1]) == {("web", "api")}


def test_planted_replication_turned_round_is_caught() -> None:
    intent = "The primary replicates to the replica. The app writes to the primary."
    assert planted_reason(intent, [("replica", "primary"), ("app", "primary")])["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def _clustered_reason(intent: str, groups: dict[str, list[str]], edges: list[tuple[str, str]]) -> dict[str, str]:
    """The check's refusal of a hand-written drawing with these groups drawn as clusters."""
    nodes = sorted({n for edge in edges for n in edge} | {m for members in groups.values() for m in members})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f'  subgraph cluster_{i} {{ label="{name}"; {"; ".join(ids[m] for m in members)}; }}'
              for i, (name, members) in enumerate(groups.items())]
    lines += [f"  {ids[t]} -> {ids[h]};" for t, h in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


def test_planted_group_member_row_drawn_from_the_wrong_tail_is_caught() -> None:
    # the member exemption only spares the "may be a condition" guess: the edges are still the intent's own
    groups = {"App": ["Web", "Worker"], "Data": ["Postgres", "Redis"]}
    intent = json.dumps({"groups": groups, "edges": [["Web", "Postgres"], ["Web", "Redis"], ["Worker", "Postgres"]]})
    reason = _clustered_reason(intent, groups, [("Web", "Postgres"), ("Web", "Redis"), ("Redis", "Postgres")])
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
    # a member put in the other group is refused too
    reason = _clustered_reason(intent, {"App": ["Web"], "Data": ["Postgres", "Redis", "Worker"]},
                               [("Web", "Postgres"), ("Web", "Redis"), ("Worker", "Postgres")])
    assert reason["code"] == "GROUP_NOT_IN_INTENT"


def test_planted_replicas_listed_before_an_arrow_drawn_in_a_row_are_caught() -> None:
    # "app1, app2 -> pg-primary": side by side, never app1 → app2 → pg-primary
    reason = planted_reason("arch: LB -> app1, app2. app1, app2 -> pg-primary.",
                            [("LB", "app1"), ("LB", "app2"), ("app1", "app2"), ("app2", "pg-primary")])
    assert reason["code"] == "UNREADABLE_RELATION"
    assert planted_reason("web-1, web-2 -> db", [("web-1", "web-2"), ("web-2", "db")])["code"] == "UNREADABLE_RELATION"


def test_a_comma_list_before_an_arrow_stays_refused() -> None:
    refusal_reason("arch: LB -> app1, app2. app1, app2 -> pg-primary. pg-primary -> pg-replica1 (async).")
