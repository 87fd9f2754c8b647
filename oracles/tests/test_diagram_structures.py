"""Diagram structures the way agents and people write them: actor sequences, reporting lines,
hierarchies (nested bullets, box-drawn trees, JSON), groups drawn as clusters, edge tables and
arrow chains — each read into exactly its nodes and edges and answered `valid`; and the planted
bugs the independent check must refuse (one test per rule added with these readers).

Intents are this file's own, in several voices; none is copied from the evaluation corpus.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back


def _drawn(intent: str) -> tuple[set[str], set[tuple[str, str]], dict[tuple[str, str], str | None], dict[str, set[str]]]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, str)
    graph = read_back(verdict.result)
    labels = dict(zip(graph.edges, graph.edge_labels, strict=True))
    return set(graph.labels), set(graph.edges), labels, {name: set(members) for name, members in graph.clusters}


def _check(intent: str, dot: str) -> dict[str, Any]:
    """The kind's check on a hand-written (planted) DOT; the drafter's facts are empty."""
    verdict = get_kind("diagram").check(intent, Draft("dot", dot, {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


def _dot(nodes: list[str], edges: list[tuple[str, str, str | None]], clusters: dict[str, list[str]] | None = None) -> str:
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    for index, (name, members) in enumerate((clusters or {}).items()):
        lines.append(f'  subgraph cluster_{index} {{ label="{name}"; {" ".join(ids[m] + ";" for m in members)} }}')
    for tail, head, label in edges:
        lines.append(f"  {ids[tail]} -> {ids[head]}" + (f' [label="{label}"]' if label else "") + ";")
    return "\n".join([*lines, "}"]) + "\n"


# --- actor sequences ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (
            "The client sends a token to the API, which asks Auth to verify it; Auth replies OK; the API returns the data",
            {("client", "API"), ("API", "Auth"), ("Auth", "API"), ("API", "client")},
        ),
        (
            "First the courier emails the warehouse, then the warehouse notifies the driver, and the driver texts the customer.",
            {("courier", "warehouse"), ("warehouse", "driver"), ("driver", "customer")},
        ),
        (
            "The POS terminal sends the card details to the payment gateway. The gateway forwards them to the bank. "
            "The bank answers approved. The gateway returns a receipt to the POS terminal.",
            {
                ("POS terminal", "payment gateway"),
                ("payment gateway", "bank"),
                ("bank", "payment gateway"),
                ("payment gateway", "POS terminal"),
            },
        ),
        (
            "phone send otp request to backend, backend ask sms provider to deliver code, sms provider answer delivered",
            {("phone", "backend"), ("backend", "sms provider"), ("sms provider", "backend")},
        ),
        (
            "in the workshop the trainer give the handouts to the trainees, then the trainees return the forms to the trainer",
            {("trainer", "trainees"), ("trainees", "trainer")},
        ),
    ],
)
def test_actor_sequences_in_several_voices(intent: str, edges: set[tuple[str, str]]) -> None:
    nodes, drawn, _, _ = _drawn(intent)
    assert drawn == edges
    assert nodes == {n for edge in edges for n in edge}


def test_a_message_travels_on_its_edge_and_a_reply_goes_back_to_the_sender() -> None:
    _, _, labels, _ = _drawn(
        "The browser sends the login form to the API; the API asks the user database for the password "
        "hash; the database returns the hash; the API sends a session cookie back to the browser."
    )
    assert labels[("browser", "API")] == "sends the login form"
    assert labels[("API", "user database")] == "password hash"
    assert labels[("user database", "API")] == "returns the hash"
    assert labels[("API", "browser")] == "sends a session cookie"


def test_numbered_and_mermaid_sequence_messages() -> None:
    _, drawn, labels, _ = _drawn("Sequence please: (1) Kiosk → Ticket API: buy ticket (2) Ticket API → Kiosk: QR code")
    assert drawn == {("Kiosk", "Ticket API"), ("Ticket API", "Kiosk")} and labels[("Kiosk", "Ticket API")] == "buy ticket"
    _, drawn, labels, _ = _drawn("sequenceDiagram\n  Shop->>Stripe: create charge\n  Stripe-->>Shop: charge id")
    assert drawn == {("Shop", "Stripe"), ("Stripe", "Shop")} and labels[("Stripe", "Shop")] == "charge id"


# --- reporting lines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Ana leads a team of Ben, Chloe and Dev.", {("Ana", "Ben"), ("Ana", "Chloe"), ("Ana", "Dev")}),
        (
            "Org chart: the CEO manages the COO; the COO oversees the ops lead and the HR lead; "
            "two recruiters, Pia and Ola, report to the HR lead.",
            {("CEO", "COO"), ("COO", "ops lead"), ("COO", "HR lead"), ("HR lead", "Pia"), ("HR lead", "Ola")},
        ),
        (
            "Mara (head chef) leads a team of three: Tom, Lu and Sid. Sid has two porters reporting to him, Ed and Al.",
            {("Mara (head chef)", "Tom"), ("Mara (head chef)", "Lu"), ("Mara (head chef)", "Sid"), ("Sid", "Ed"), ("Sid", "Al")},
        ),
        (
            "the principal is boss of two deputies, Ray and Sue. Ray is in charge of the science department.",
            {("principal", "Ray"), ("principal", "Sue"), ("Ray", "science department")},
        ),
        (
            "At our clinic the medical director is boss of two leads, Noor and Ali. Noor is boss of the nurses, Ali is "
            "boss of the lab techs and the porters.",
            {
                ("medical director", "Noor"),
                ("medical director", "Ali"),
                ("Noor", "nurses"),
                ("Ali", "lab techs"),
                ("Ali", "porters"),
            },
        ),
    ],
)
def test_reporting_lines_in_several_voices(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        # plain lines beside a counted team, with "both" gathering the names before the verb
        (
            "Ivy leads a team of 2: Tom, Sam. Lee and Kim both report to Tom.",
            {("Ivy", "Tom"), ("Ivy", "Sam"), ("Tom", "Lee"), ("Tom", "Kim")},
        ),
        (
            "Support org: the head of support has 3 reports: Uma, Vic and Wes; Xan answers directly to Wes.",
            {("head of support", "Uma"), ("head of support", "Vic"), ("head of support", "Wes"), ("Wes", "Xan")},
        ),
        # passive and "works for" beside a counted team
        (
            "Pat is managed by Quinn. Quinn runs a squad of two: Pat and Rae. Sol works for Rae.",
            {("Quinn", "Pat"), ("Quinn", "Rae"), ("Rae", "Sol")},
        ),
        # a relative clause hangs off the one name the clause before ended with
        (
            "Dev reports to the controller, who reports to the CFO. The CFO has a team of two: Ana and Raj.",
            {("controller", "Dev"), ("CFO", "controller"), ("CFO", "Ana"), ("CFO", "Raj")},
        ),
        # "reports to A and B" is a line to each
        (
            "The CTO reports to the CEO and the COO. The CTO manages two leads, Ana and Raj.",
            {("CEO", "CTO"), ("COO", "CTO"), ("CTO", "Ana"), ("CTO", "Raj")},
        ),
        (
            "Both Gil and Hal report to Ines; Ines leads a group of three (Gil, Hal, Jo).",
            {("Ines", "Gil"), ("Ines", "Hal"), ("Ines", "Jo")},
        ),
    ],
)
def test_plain_reporting_lines_mixed_with_counted_teams(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Kai's manager is Lin. Mo's manager is Lin too. Ned's boss is Kai.", {("Lin", "Kai"), ("Lin", "Mo"), ("Kai", "Ned")}),
        ("Direct reports of Lin: Kai, Mo. Direct reports of Kai: Ned.", {("Lin", "Kai"), ("Lin", "Mo"), ("Kai", "Ned")}),
        ("Ned works under Kai, who works under Lin.", {("Kai", "Ned"), ("Lin", "Kai")}),
        ("Lin leads a team of two: Kai and Mo. Under Kai are Ned and Oz.", {("Lin", "Kai"), ("Lin", "Mo"), ("Kai", "Ned"), ("Kai", "Oz")}),
        ("The boss is Lin. Under her there's Kai and Mo. under Kai: Ned", {("Lin", "Kai"), ("Lin", "Mo"), ("Kai", "Ned")}),
    ],
)
def test_whose_manager_reports_of_and_works_under(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


def test_a_manager_line_drawn_the_wrong_way_round_is_caught() -> None:
    reason = _check("Kai's manager is Lin. Ned's boss is Kai.",
                    _dot(["Lin", "Kai", "Ned"], [("Kai", "Lin", None), ("Kai", "Ned", None)]))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


@pytest.mark.parametrize(
    "intent",
    [
        "Maya reports to Omar. Maya leads a team of 3: Lee, Kim.",
        "Omar leads a team of three: Maya, Raj.",
        "Maya reports to Omar. Maya leads a team of two: Lee, Kim and Bo.",
        "Tom no longer reports to Ivy. Ivy manages two people: Sam and Lee.",
    ],
)
def test_a_count_that_disagrees_with_its_list_or_a_denied_line_is_refused(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid", verdict.result


def test_a_team_drawn_short_of_its_count_is_caught() -> None:
    reason = _check("Omar leads a team of 3: Maya, Raj and Kim.",
                    _dot(["Omar", "Maya", "Raj"], [("Omar", "Maya", None), ("Omar", "Raj", None)]))
    assert reason["code"] == "CONTENT_NOT_PLACED" and "Kim" in reason["message"]
    reason = _check("Omar leads a team of 3: Maya, Raj.",
                    _dot(["Omar", "Maya", "Raj"], [("Omar", "Maya", None), ("Omar", "Raj", None)]))
    assert reason["code"] == "CONTENT_NOT_PLACED" and "'3'" in reason["message"]


def test_a_message_before_its_recipient_and_a_booking_are_actor_messages() -> None:
    _, drawn, labels, _ = _drawn("The tenant emails a repair request to the landlord; the landlord books a plumber "
                                 "with the agency; the agency confirms the visit to the tenant.")
    assert drawn == {("tenant", "landlord"), ("landlord", "agency"), ("agency", "tenant")}
    assert labels[("tenant", "landlord")] == "emails a repair request"
    assert labels[("landlord", "agency")] == "books a plumber"


# --- hierarchies --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (
            "Service calls:\ngateway: auth, orders\norders: payments\n",
            {("gateway", "auth"), ("gateway", "orders"), ("orders", "payments")},
        ),
        (
            "```yaml\nrequires:\n  app: [lib-a, lib-b]\n  lib-b: [lib-c]\n```\nlinks to: an arrow from each package to what it needs",
            {("app", "lib-a"), ("app", "lib-b"), ("lib-b", "lib-c")},
        ),
        (
            "Dependencies\n- ui: api\n- api: store and queue\n",
            {("ui", "api"), ("api", "store"), ("api", "queue")},
        ),
    ],
)
def test_colon_adjacency_lines_under_a_cue(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    "intent",
    [
        "Who is called by whom:\ngateway: auth, orders\norders: payments\n",  # the direction is the other way
        "Deps (api also calls stripe):\nweb: api\napi: db\n",  # the cue names a node: more than a cue
    ],
)
def test_colon_adjacency_without_a_plain_forward_cue_is_not_guessed(intent: str) -> None:
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_a_colon_adjacency_edge_dropped_or_reversed_is_caught() -> None:
    intent = "Service calls:\ngateway: auth, orders\norders: payments\n"
    reason = _check(intent, _dot(["gateway", "auth", "orders", "payments"],
                                 [("gateway", "auth", None), ("orders", "payments", None)]))
    assert reason["code"] == "EDGE_MISSING"
    reason = _check(intent, _dot(["gateway", "auth", "orders", "payments"],
                                 [("gateway", "auth", None), ("gateway", "orders", None), ("payments", "orders", None)]))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_json_groups_beside_an_edge_list_are_clusters() -> None:
    intent = ('{"type": "network", "groups": {"DMZ": ["proxy", "mail relay"], "LAN": ["files", "printer"]}, '
              '"edges": [["proxy", "files"], ["mail relay", "files"], ["files", "printer"]]}')
    nodes, drawn, _, clusters = _drawn(intent)
    assert drawn == {("proxy", "files"), ("mail relay", "files"), ("files", "printer")}
    assert clusters == {"DMZ": {"proxy", "mail relay"}, "LAN": {"files", "printer"}}
    # a member moved to the other box is caught
    reason = _check(intent, _dot(["proxy", "mail relay", "files", "printer"],
                                 [("proxy", "files", None), ("mail relay", "files", None), ("files", "printer", None)],
                                 {"DMZ": ["proxy"], "LAN": ["mail relay", "files", "printer"]}))
    assert reason["code"] == "GROUP_NOT_IN_INTENT"
    # a key beside the groups that says more than the kind of drawing is not dropped
    assert answer("diagram", intent.replace('"type": "network"', '"owner": "Ana"'), "dot", {}).status == "invalid"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ('{"lint": ["test"], "test": ["build", "scan"], "scan": []}', {("lint", "test"), ("test", "build"), ("test", "scan")}),
        ('{"graph": {"links": [{"from": "seed", "to": "sprout"}, {"from": "sprout", "to": "tree"}]}}',
         {("seed", "sprout"), ("sprout", "tree")}),
        ('{"nodes": [{"id": "a", "label": "Mix"}, {"id": "b", "label": "Knead"}, {"id": "c", "label": "Bake"}], '
         '"edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]}', {("Mix", "Knead"), ("Knead", "Bake")}),
    ],
)
def test_json_adjacency_maps_wrapped_graphs_and_edges_by_node_id(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


def test_json_edges_by_id_check_the_labels_and_refuse_an_unknown_id() -> None:
    intent = ('{"nodes": [{"id": "a", "label": "Mix"}, {"id": "b", "label": "Knead"}, {"id": "c", "label": "Bake"}], '
              '"edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]}')
    reason = _check(intent, _dot(["Mix", "Knead", "Bake"], [("Mix", "Knead", None), ("Mix", "Bake", None)]))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
    assert answer("diagram", intent.replace('"target": "c"', '"target": "z"'), "dot", {}).status == "invalid"


def test_json_messages_between_participants_are_labelled_edges() -> None:
    intent = ('{"diagram": "sequence", "participants": ["Till", "Bank"], "messages": '
              '[{"from": "Till", "to": "Bank", "text": "card details"}, {"from": "Bank", "to": "Till", "text": "approval code"}]}')
    _, drawn, labels, _ = _drawn(intent)
    assert drawn == {("Till", "Bank"), ("Bank", "Till")}
    assert labels[("Till", "Bank")] == "card details"
    # a key that says more than the kind of drawing is not dropped
    assert answer("diagram", intent.replace('"diagram": "sequence"', '"diagram": "Till ledger"'), "dot", {}).status == "invalid"


def test_json_clusters_as_a_list_of_named_members() -> None:
    intent = ('{"clusters": [{"name": "Ingest", "members": ["reader", "parser"]}], '
              '"links": [["reader", "parser"], ["parser", "store"]]}')
    _, drawn, _, clusters = _drawn(intent)
    assert drawn == {("reader", "parser"), ("parser", "store")}
    assert clusters == {"Ingest": {"reader", "parser"}}


def test_work_enqueued_for_a_component_is_an_edge_labelled_with_the_work() -> None:
    _, drawn, labels, _ = _drawn("The scheduler enqueues nightly reports for the renderer; the renderer writes PDFs to the archive.")
    assert drawn == {("scheduler", "renderer"), ("renderer", "archive")}
    assert labels[("scheduler", "renderer")] == "nightly reports"


@pytest.mark.parametrize(
    ("intent", "edges", "clusters"),
    [
        (
            "Groups: Intake: scanner. Processing: OCR, indexer. scanner -> OCR -> indexer",
            {("scanner", "OCR"), ("OCR", "indexer")},
            {"Intake": {"scanner"}, "Processing": {"OCR", "indexer"}},
        ),
        (
            "### Field\n- probe\n- logger\n### Office\n- dashboard\nprobe -> logger -> dashboard",
            {("probe", "logger"), ("logger", "dashboard")},
            {"Field": {"probe", "logger"}, "Office": {"dashboard"}},
        ),
        (
            "Two zones. Bay A: lathe, mill. Bay B: drill. Steel travels lathe → mill → drill.",
            {("lathe", "mill"), ("mill", "drill")},
            {"Bay A": {"lathe", "mill"}, "Bay B": {"drill"}},
        ),
    ],
)
def test_groups_after_a_lead_in_under_headings_and_around_a_flow(
    intent: str, edges: set[tuple[str, str]], clusters: dict[str, set[str]]
) -> None:
    _, drawn, _, drawn_clusters = _drawn(intent)
    assert drawn == edges
    assert drawn_clusters == clusters


def test_a_lead_in_is_not_an_announcement_that_hides_a_declared_group() -> None:
    intent = "Groups: Intake: scanner. Processing: OCR, indexer. scanner -> OCR -> indexer"
    reason = _check(intent, _dot(["scanner", "OCR", "indexer"], [("scanner", "OCR", None), ("OCR", "indexer", None)],
                                 {"Processing": ["OCR", "indexer"]}))
    assert reason["code"] == "GROUP_MISSING"


def test_adjacency_statements_after_a_fan_out_are_not_a_fan_in() -> None:
    _, drawn, _, _ = _drawn("Fruit -> Citrus, Berries; Citrus -> Lemon, Lime; Berries -> Blueberry")
    assert drawn == {("Fruit", "Citrus"), ("Fruit", "Berries"), ("Citrus", "Lemon"), ("Citrus", "Lime"),
                     ("Berries", "Blueberry")}
    reason = _check("Fruit -> Citrus, Berries; Citrus -> Lemon, Lime; Berries -> Blueberry",
                    _dot(["Fruit", "Citrus", "Berries", "Lemon", "Lime", "Blueberry"],
                         [("Fruit", "Citrus", None), ("Fruit", "Berries", None), ("Citrus", "Lemon", None),
                          ("Citrus", "Lime", None), ("Berries", "Blueberry", None), ("Lime", "Berries", None)]))
    assert reason["code"] == "EDGE_NOT_IN_INTENT"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        # several top-level items over nested ones are several trees
        (
            "- Mammals\n  - Whales\n  - Bats\n- Birds\n  - Owls\n    - Barn owl\n",
            {("Mammals", "Whales"), ("Mammals", "Bats"), ("Birds", "Owls"), ("Owls", "Barn owl")},
        ),
        # an outline numbered 1 / 1.1 / 1.2 under one top-level item
        (
            "1. Sales\n   1.1 North region\n   1.2 South region\n      1.2.1 Texas\n",
            {("Sales", "North region"), ("Sales", "South region"), ("South region", "Texas")},
        ),
        # a heading that names a thing is the root of the nested list under it
        (
            "Album: Night Drive\n* Side A\n  + Neon\n  + Overpass\n* Side B\n  + Tunnel 9\n",
            {("Night Drive", "Side A"), ("Side A", "Neon"), ("Side A", "Overpass"), ("Night Drive", "Side B"),
             ("Side B", "Tunnel 9")},
        ),
        # numbers inside bulleted items are part of their names, not step numbers
        (
            "* Level 1: Basics\n  * Syntax\n* Level 2: Patterns\n  * Visitors\n",
            {("Level 1: Basics", "Syntax"), ("Level 2: Patterns", "Visitors")},
        ),
    ],
)
def test_nested_outlines_as_forests_and_under_a_named_root(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


@pytest.mark.parametrize(
    "intent",
    [
        "Release steps:\n- Build\n  - compile\n  - package\n- Ship\n  - upload\n",  # a heading about steps
        "- Draft\n  - outline\n- Review\n  - comments\n- Publish\n",  # a top-level item without children
        "1. Draft\n   1.1 outline\n2. Review\n   2.1 comments\n",  # numbered top-level items: an order
    ],
)
def test_top_level_items_that_may_be_steps_are_not_guessed_to_be_trees(intent: str) -> None:
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_an_instruction_verb_inside_a_clause_is_no_step_name() -> None:
    verdict = answer("diagram", "Checkout asks Inventory to reserve items. If stock is short, Inventory tells Checkout to cancel.",
                     "dot", {})
    assert verdict.status == "invalid"


def test_a_named_root_left_out_of_a_nested_outline_is_caught() -> None:
    intent = "Album: Night Drive\n* Side A\n  + Neon\n* Side B\n  + Tunnel 9\n"
    reason = _check(intent, _dot(["Side A", "Neon", "Side B", "Tunnel 9"], [("Side A", "Neon", None), ("Side B", "Tunnel 9", None)]))
    assert reason["code"] == "CONTENT_NOT_PLACED" and "Night Drive" in reason["message"]
    reason = _check(intent, _dot(["Night Drive", "Side A", "Neon", "Side B", "Tunnel 9"],
                                 [("Night Drive", "Side A", None), ("Side A", "Neon", None), ("Side B", "Tunnel 9", None)]))
    assert reason["code"] == "EDGE_MISSING"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (
            "Catalogue: Shoes splits into Running, Hiking and Formal; Running splits into Road and Trail.",
            {("Shoes", "Running"), ("Shoes", "Hiking"), ("Shoes", "Formal"), ("Running", "Road"), ("Running", "Trail")},
        ),
        (
            "Docs site: Home has three children — Guides, API, FAQ. Guides has two: Setup and Deploy. Draw it as a tree.",
            {("Home", "Guides"), ("Home", "API"), ("Home", "FAQ"), ("Guides", "Setup"), ("Guides", "Deploy")},
        ),
        (
            "repo/\n├── api/\n│   └── main.py\n└── web/\n    ├── index.html\n    └── app.js",
            {("repo/", "api/"), ("api/", "main.py"), ("repo/", "web/"), ("web/", "index.html"), ("web/", "app.js")},
        ),
        (
            'Draw this org JSON: {"name": "Director", "children": [{"name": "Lead A", "children": [{"name": "Dev 1"}]}, '
            '{"name": "Lead B"}]}',
            {("Director", "Lead A"), ("Lead A", "Dev 1"), ("Director", "Lead B")},
        ),
        ('{"Board": {"CEO": {"CTO": {}, "CMO": {}}}}', {("Board", "CEO"), ("CEO", "CTO"), ("CEO", "CMO")}),
        (
            "genres: Music → Rock, Jazz; Rock → Punk, Grunge",
            {("Music", "Rock"), ("Music", "Jazz"), ("Rock", "Punk"), ("Rock", "Grunge")},
        ),
    ],
)
def test_hierarchies_in_several_forms(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


# --- groups drawn as clusters ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges", "groups"),
    [
        (
            "the frontend has web and mobile; the backend has API and workers; web calls API; mobile calls API",
            {("web", "API"), ("mobile", "API")},
            {"frontend": {"web", "mobile"}, "backend": {"API", "workers"}},
        ),
        (
            "Draw two clusters.\n**Edge:** CDN, WAF\n**Core:** API, queue\n\nThe CDN talks to the WAF; the WAF forwards to the API; "
            "the API writes to the queue.",
            {("CDN", "WAF"), ("WAF", "API"), ("API", "queue")},
            {"Edge": {"CDN", "WAF"}, "Core": {"API", "queue"}},
        ),
        (
            "Two zones, public (load balancer) and private (app server, database). The load balancer forwards to the app "
            "server, which queries the database.",
            {("load balancer", "app server"), ("app server", "database")},
            {"public": {"load balancer"}, "private": {"app server", "database"}},
        ),
        (
            "Pipeline with two groups — Inputs: Kafka, S3; Storage: BigQuery. Both inputs load into BigQuery.",
            {("Kafka", "BigQuery"), ("S3", "BigQuery")},
            {"Inputs": {"Kafka", "S3"}, "Storage": {"BigQuery"}},
        ),
    ],
)
def test_groups_are_drawn_as_clusters_around_their_members(
    intent: str, edges: set[tuple[str, str]], groups: dict[str, set[str]]
) -> None:
    _, drawn, _, clusters = _drawn(intent)
    assert drawn == edges
    assert clusters == groups


# --- edge tables and arrow chains -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (
            "from,to\nsignup,onboarding\nonboarding,dashboard\n\nuser journey graph please",
            {("signup", "onboarding"), ("onboarding", "dashboard")},
        ),
        (
            "| Source | Target | Label |\n|---|---|---|\n| cart | checkout | pay |\n| checkout | receipt | |",
            {("cart", "checkout"), ("checkout", "receipt")},
        ),
        ("manager,employee\nIda,Jo\nIda,Kim", {("Ida", "Jo"), ("Ida", "Kim")}),
        (
            '{"edges": [{"source": "ingest", "target": "clean"}, {"source": "clean", "target": "store", "label": "nightly"}]}',
            {("ingest", "clean"), ("clean", "store")},
        ),
        (
            "Release timeline: 09:00 code freeze → 11:30 staging deploy → 15:00 prod deploy. Keep it simple!",
            {("09:00 code freeze", "11:30 staging deploy"), ("11:30 staging deploy", "15:00 prod deploy")},
        ),
    ],
)
def test_edge_tables_and_arrow_chains(intent: str, edges: set[tuple[str, str]]) -> None:
    _, drawn, _, _ = _drawn(intent)
    assert drawn == edges


# --- planted bugs: the check refuses them ---------------------------------------------------------

TEAM = "Ana manages Ben, Chloe and Dev. Ben answers to Ana."
GROUPS = "Draw two clusters.\n**Edge:** CDN, WAF\n**Core:** API, queue\n\nThe CDN talks to the WAF; the WAF forwards to the API."
TEAM_EDGES = [("Ana", "Ben", None), ("Ana", "Chloe", None), ("Ana", "Dev", None)]


def test_a_label_that_names_a_node_is_a_relation_drawn_backwards() -> None:
    reason = _check(TEAM, _dot(["Ana", "Ben", "Chloe", "Dev"], [*TEAM_EDGES, ("Ben", "Ana", "to Ana")]))
    assert reason["code"] == "EDGE_LABEL_HOLDS_NODE" and "'Ana'" in reason["message"]


def test_a_group_member_moved_to_another_group_is_caught() -> None:
    edges = [("CDN", "WAF", None), ("WAF", "API", None)]
    reason = _check(GROUPS, _dot(["CDN", "WAF", "API", "queue"], edges, {"Edge": ["CDN"], "Core": ["WAF", "API", "queue"]}))
    assert reason["code"] == "GROUP_NOT_IN_INTENT"


def test_an_invented_or_truncated_group_is_caught() -> None:
    edges = [("CDN", "WAF", None), ("WAF", "API", None)]
    nodes = ["CDN", "WAF", "API", "queue"]
    assert (
        _check(GROUPS, _dot(nodes, edges, {"Cloud": ["CDN", "WAF"], "Core": ["API", "queue"]}))["code"] == "GROUP_NOT_IN_INTENT"
    )
    assert _check(GROUPS, _dot(nodes, edges, {"Edg": ["CDN", "WAF"], "Core": ["API", "queue"]}))["code"] == "GROUP_NOT_IN_INTENT"


def test_a_declared_group_left_undrawn_is_caught() -> None:
    edges = [("CDN", "WAF", None), ("WAF", "API", None)]
    reason = _check(GROUPS, _dot(["CDN", "WAF", "API", "queue"], edges, {"Edge": ["CDN", "WAF"]}))
    assert reason["code"] == "GROUP_MISSING" and "core" in reason["message"]


def test_a_bracket_split_across_two_nodes_is_caught() -> None:
    intent = "Frontend (React, Redux) calls Backend"
    reason = _check(
        intent,
        _dot(["Frontend (React", "Redux)", "Backend"], [("Frontend (React", "Backend", None), ("Redux)", "Backend", None)]),
    )
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "bracket" in reason["message"]


def test_a_node_that_runs_across_a_separator_or_a_scene_is_caught() -> None:
    intent = "etl: extract → (parse ‖ dedupe) → load"
    reason = _check(
        intent,
        _dot(["extract", "parse ‖ dedupe", "load"], [("extract", "parse ‖ dedupe", None), ("parse ‖ dedupe", "load", None)]),
    )
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "separator" in reason["message"]
    intent = "The rota: in our bakery the head baker manages Jo and Mo."
    boss = "in our bakery the head baker"
    reason = _check(intent, _dot([boss, "Jo", "Mo"], [(boss, "Jo", None), (boss, "Mo", None)]))
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "scene" in reason["message"]


def test_a_reversed_table_row_and_a_moved_message_are_caught() -> None:
    table = "source,target\nsignup,onboarding\nonboarding,dashboard"
    reason = _check(
        table, _dot(["signup", "onboarding", "dashboard"], [("onboarding", "signup", None), ("onboarding", "dashboard", None)])
    )
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
    sequence = "The app sends a token to the API; the API returns the profile"
    reason = _check(sequence, _dot(["app", "API"], [("app", "API", "returns the profile"), ("API", "app", "sends a token")]))
    assert reason["code"] in ("EDGE_LABEL_WRONG", "UNREADABLE_RELATION")


def test_a_closing_request_is_no_content_but_a_closing_step_is() -> None:
    assert answer("diagram", "a -> b -> c. Draw it as a tree.", "dot", {}).status == "valid"
    verdict = answer("diagram", "a -> b -> c. Draw the reviewer too.", "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None and verdict.reason["code"] == "CONTENT_NOT_PLACED"


def test_a_long_actor_sequence_is_read_without_blowing_up() -> None:
    # about 4,000 characters: every reader in the cascade, and the check, must stay linear-ish
    actors = [f"service{i}" for i in range(60)]
    clauses = [f"{a} sends job{i} to {b}" for i, (a, b) in enumerate(zip(actors, actors[1:], strict=False))]
    intent = "; ".join(clauses)[:4000].rsplit(";", 1)[0]
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status in ("valid", "invalid")
    if verdict.status == "valid":
        assert isinstance(verdict.result, str) and "service0" in verdict.result


def test_two_messages_between_the_same_actors_are_two_edges_each_checked() -> None:
    intent = "The customer sends an order to the shop, then the shop sends an invoice to the customer, and finally the customer pays the shop."
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)  # type: ignore[arg-type]
    assert sorted(zip(graph.edges, graph.edge_labels, strict=True)) == [
        (("customer", "shop"), "pays"),
        (("customer", "shop"), "sends an order"),
        (("shop", "customer"), "sends an invoice"),
    ]
    # the invoice moved onto a second customer → shop edge: caught though another label there is right
    reason = _check(
        intent,
        _dot(
            ["customer", "shop"],
            [
                ("customer", "shop", "sends an invoice"),
                ("shop", "customer", None),
                ("customer", "shop", "sends an order"),
                ("customer", "shop", "pays"),
            ],
        ),
    )
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_a_verb_inside_a_message_is_no_relation() -> None:
    _, drawn, labels, _ = _drawn("Mobile app -> API: login request\nAPI -> DB: lookup user\nDB -> API: user row")
    assert drawn == {("Mobile app", "API"), ("API", "DB"), ("DB", "API")} and labels[("Mobile app", "API")] == "login request"


def test_a_name_and_its_role_are_not_two_subjects() -> None:
    # "Ana, the head of sales, reports to the CEO": drawing the role as a second report is wrong
    intent = "Ana, the head of sales, reports to the CEO. Ben reports to Ana."
    nodes = ["CEO", "Ana", "head of sales", "Ben"]
    reason = _check(intent, _dot(nodes, [("CEO", "Ana", None), ("CEO", "head of sales", None), ("Ana", "Ben", None)]))
    assert reason["code"] == "UNREADABLE_RELATION"
    # read as one person with her role beside her name (appositives.py), never as two subjects
    _, drawn, _, _ = _drawn(intent)
    assert drawn == {("CEO", "Ana (head of sales)"), ("Ana (head of sales)", "Ben")}
    _, drawn, _, _ = _drawn("Ana, Ben and Cy report to the CEO.")
    assert drawn == {("CEO", "Ana"), ("CEO", "Ben"), ("CEO", "Cy")}


def test_a_node_that_only_points_at_others_names_nobody() -> None:
    intent = "Ana manages Ben and Cy. Everyone else reports to Ben."
    reason = _check(
        intent,
        _dot(["Ana", "Ben", "Cy", "Everyone else"], [("Ana", "Ben", None), ("Ana", "Cy", None), ("Ben", "Everyone else", None)]),
    )
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "names nobody" in reason["message"]


# ---- a relation between two names is never one node ------------------------------------------

@pytest.mark.parametrize("intent", [
    "Tom reports to Ivy and Sam manages Lee",
    "Jo reports to Max and Ann oversees Bo",
    "Kim works for Raj and Lou mentors Eve",
])
def test_a_second_relation_swallowed_into_a_name_is_refused(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert verdict.reason["code"] == "NODE_HOLDS_RELATION"


def test_two_relations_split_by_a_comma_are_both_read() -> None:
    nodes, edges, _, _ = _drawn("Priya reports to Omar, and Dee supervises Ken")
    assert nodes == {"Priya", "Omar", "Dee", "Ken"} and edges == {("Omar", "Priya"), ("Dee", "Ken")}


def test_the_check_refuses_a_planted_node_that_holds_a_relation() -> None:
    # A drafter that made one node of "Sam manages Lee": the check reads the intent on its own.
    reason = _check("Tom reports to Ivy. Sam manages Lee.", 'digraph { "Ivy" -> "Tom"; "Sam manages Lee" -> "Tom"; }')
    assert reason["code"] == "NODE_HOLDS_RELATION"
