"""The diagram reader on semi-formal notations agents paste — Mermaid flowcharts and
sequenceDiagram, PlantUML, labelled arrows written inline — and the refusals where a notation
cannot be read with confidence (never a guess: a node name holding arrow or shape syntax is a
notation that was not read)."""

from __future__ import annotations

import pytest

from ground.reasons import billed
from oracles.engine import answer
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.faithfulness import check_faithful
from oracles.engine.diagram.notation_reader import notation_as_arrows, read_notation
from oracles.eval import norm_label, read_diagram

Edges = dict[tuple[str, str], list[str]]


def _drawn(intent: str) -> tuple[set[str], Edges]:
    """Nodes and labelled edges of a diagram answered `valid`, as Graphviz reads them back."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_diagram(verdict.result)
    edges = {(norm_label(t), norm_label(h)): sorted(norm_label(x) for x in labels) for (t, h), labels in graph.edge_labels.items()}
    return {norm_label(n) for n in graph.labels}, edges


def _refused(intent: str) -> dict[str, str]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid", f"answered {verdict.status}: {verdict.result}"
    assert verdict.reason is not None
    return verdict.reason


# --- Mermaid flowcharts ------------------------------------------------------------------------
@pytest.mark.parametrize("intent", [
    "flowchart LR\n  q[Queue] --> w1 & w2\n  w1 & w2 --> s[(Blob store)]",
    "graph TD;\n q[Queue] --> w1 & w2;\n w1 --> s[(Blob store)];\n w2 --> s;",
    "```mermaid\ngraph LR\n    q[Queue]-->w1\n    q-->w2\n    w1 & w2-->s[(Blob store)]\n```",
])
def test_a_mermaid_ampersand_is_both_nodes_and_a_database_shape_is_its_label(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"queue", "w1", "w2", "blob store"}
    assert set(edges) == {("queue", "w1"), ("queue", "w2"), ("w1", "blob store"), ("w2", "blob store")}


@pytest.mark.parametrize("intent", [
    "graph TD\n  a([Begin]) --> b{Stock left?}\n  b -- yes --> c[Reserve item]\n  b -- no --> d[Back-order]",
    "flowchart TB\n  a([Begin]) --> b{Stock left?}\n  b -->|yes| c[Reserve item]\n  b -->|no| d[Back-order]",
    "Please draw this:\nflowchart TB\n  a([Begin]) --> b{Stock left?}\n  b -->|\"yes\"| c[Reserve item]\n  b --->|no| d[Back-order]",
])
def test_mermaid_link_text_is_the_edge_label_in_every_spelling(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"begin", "stock left?", "reserve item", "back-order"}
    assert edges[("stock left?", "reserve item")] == ["yes"]
    assert edges[("stock left?", "back-order")] == ["no"]
    assert edges[("begin", "stock left?")] == []


def test_dotted_and_thick_links_and_their_text_are_edges() -> None:
    nodes, edges = _drawn("graph LR\n  up[Upload] ==> scan[Virus scan]\n  scan -. infected .-> bin[Quarantine]\n"
                          "  scan == clean ==> lib[Library]\n  lib -.-> up")
    assert nodes == {"upload", "virus scan", "quarantine", "library"}
    assert edges == {("upload", "virus scan"): [], ("virus scan", "quarantine"): ["infected"],
                     ("virus scan", "library"): ["clean"], ("library", "upload"): []}


def test_subgraphs_styles_and_comments_are_not_nodes() -> None:
    nodes, edges = _drawn("flowchart LR\n  %% edge tier\n  subgraph Edge\n    cdn[CDN]\n  end\n  subgraph Core\n"
                          "    direction TB\n    web[Web app]\n  end\n  classDef hot fill:#f96\n  class web hot\n"
                          "  style cdn stroke:#333\n  cdn --> web")
    assert nodes == {"cdn", "web app"}
    assert set(edges) == {("cdn", "web app")}


def test_a_headerless_mermaid_chain_is_read_the_same_way() -> None:
    nodes, edges = _drawn("in[Inbox] --> t{Triage} --> a[Assign] & d[Discard]")
    assert nodes == {"inbox", "triage", "assign", "discard"}
    assert set(edges) == {("inbox", "triage"), ("triage", "assign"), ("triage", "discard")}


@pytest.mark.parametrize(("intent", "why"), [
    ("graph LR\n  a[Client] <-->|sync| b[Server]", "two-way"),  # (a bare "<-->" is an arrow each way: mermaid_slips.py)
    ("graph TD\n  a[Start --> b[Stop]", "not closed"),
    ("graph TD\n  a[Save] --> b[Save]", "same label"),
    ("graph TD\n  a[Save] --> b[Check]\n  b is checked by a human", "Mermaid"),
    ("```mermaid\ngraph TD\n  a[Save] --> b[Check]\n", "not closed"),
    ("graph TD\n  a[Save] --> b[Check]\n  a[Store] --> c[Done]", "two labels"),
])
def test_mermaid_that_cannot_be_read_is_refused_unbilled_with_a_rewrite(intent: str, why: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and not billed(reason["code"])
    assert why in reason["message"] and "e.g." in reason["message"]


@pytest.mark.parametrize("intent", [
    "Our packing flow\ngraph TD\n  o[Order] --> p[Pack]\n  p --> s[Ship]",
    "can you draw this?\n\n```mermaid\nflowchart TD\n  o[Order] --> p[Pack]\n  p --> s[Ship]\n```\nkeep it simple",
    "@startuml\ntitle Packing flow\n:Order;\n:Pack;\n:Ship;\n@enduml",
])
def test_a_short_heading_title_or_closing_request_around_a_notation_is_not_drawn(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"order", "pack", "ship"}
    assert set(edges) == {("order", "pack"), ("pack", "ship")}


def test_prose_before_a_notation_that_says_more_than_a_title_is_refused_not_dropped() -> None:
    reason = _refused("Our deploy has three steps and the last one retries twice\ngraph TD\n  a[Build] --> b[Test]\n  b --> c[Ship]")
    assert reason["code"] == "CONTENT_NOT_PLACED" and "retries twice" in reason["message"]


# --- Mermaid sequenceDiagram -----------------------------------------------------------------
def test_sequence_participants_are_named_by_their_alias_and_every_arrow_kind_is_a_message() -> None:
    nodes, edges = _drawn("sequenceDiagram\n  actor C as Cardholder\n  participant T as Terminal\n"
                          "  participant I as Issuer bank\n  C->>+T: tap card\n  T-)I: auth request\n"
                          "  I--)T: approved\n  T-->>-C: beep\n  T-xI: close session")
    assert nodes == {"cardholder", "terminal", "issuer bank"}
    assert edges == {("cardholder", "terminal"): ["tap card"], ("terminal", "issuer bank"): ["auth request", "close session"],
                     ("issuer bank", "terminal"): ["approved"], ("terminal", "cardholder"): ["beep"]}


def test_sequence_blocks_qualify_their_messages_and_notes_are_not_drawn() -> None:
    nodes, edges = _drawn("sequenceDiagram\n  autonumber\n  Phone->>Hub: hello\n  Note right of Hub: keeps a session\n"
                          "  loop every minute\n    Phone->>Hub: heartbeat\n  end\n  alt paired\n    Hub-->>Phone: welcome back\n"
                          "  else unknown\n    Hub-->>Phone: pair first\n  end")
    assert nodes == {"phone", "hub"}
    assert edges[("phone", "hub")] == ["heartbeat (every minute)", "hello"]
    assert edges[("hub", "phone")] == ["paired: welcome back", "unknown: pair first"]


@pytest.mark.parametrize(("intent", "why"), [
    ("sequenceDiagram\n  A->>B: ping\n  loop forever\n    B->>A: pong", "not closed"),
    ("sequenceDiagram\n  A->>B: ping\n  B thinks about it", "not a message"),
    ("sequenceDiagram\n  A<<->>B: sync", "two-way"),
])
def test_sequence_diagrams_that_cannot_be_read_are_refused(intent: str, why: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and why in reason["message"]


# --- Mermaid stateDiagram and notations not read ---------------------------------------------------
def test_a_state_diagram_draws_states_and_events_and_its_start_and_end_markers() -> None:
    nodes, edges = _drawn('stateDiagram-v2\n  state "Awaiting parts" as AP\n  [*] --> Intake\n  Intake --> AP : part missing\n'
                          "  AP --> Repair : part arrives\n  Intake --> Repair\n  Repair --> [*]")
    assert nodes == {"start", "intake", "awaiting parts", "repair", "end"}
    assert edges == {("start", "intake"): [], ("intake", "awaiting parts"): ["part missing"],
                     ("awaiting parts", "repair"): ["part arrives"], ("intake", "repair"): [], ("repair", "end"): []}


@pytest.mark.parametrize("intent", [
    "stateDiagram-v2\n  state Busy {\n    A --> B\n  }",
    "classDiagram\n  Vehicle <|-- Bike\n  Vehicle <|-- Van",
    "journey\n  title Commute\n  section Morning\n    Catch bus: 3: Me",
    "erDiagram\n  USER ||--o{ POST : writes",
    "graph deps {\n  web -- api;\n  api -- db;\n}",  # DOT is read (dot_input.py), but an undirected graph says no direction
])
def test_a_notation_not_read_is_refused_by_name_never_drawn_as_an_outline(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and not billed(reason["code"])


# --- PlantUML ----------------------------------------------------------------------------------
def test_plantuml_messages_with_declared_aliases() -> None:
    nodes, edges = _drawn('@startuml\nparticipant "Mobile app" as M\ndatabase Ledger\nM -> Ledger : write entry\n'
                          "Ledger --> M : entry id\n@enduml")
    assert nodes == {"mobile app", "ledger"}
    assert edges == {("mobile app", "ledger"): ["write entry"], ("ledger", "mobile app"): ["entry id"]}


def test_plantuml_groups_qualify_messages_and_activity_forks_meet_again() -> None:
    nodes, edges = _drawn("@startuml\nClient -> Vault : unlock\nalt key valid\n  Vault --> Client : secret\nelse key revoked\n"
                          "  Vault --> Client : denied\nend\n@enduml")
    assert nodes == {"client", "vault"}
    assert edges[("vault", "client")] == ["key revoked: denied", "key valid: secret"]
    nodes, edges = _drawn("@startuml\nstart\n:Take order;\nfork\n  :Brew coffee;\nfork again\n  :Warm pastry;\nend fork\n"
                          "-> both ready;\n:Serve;\nstop\n@enduml")
    assert nodes == {"take order", "brew coffee", "warm pastry", "serve"}
    assert edges == {("take order", "brew coffee"): [], ("take order", "warm pastry"): [],
                     ("brew coffee", "serve"): ["both ready"], ("warm pastry", "serve"): ["both ready"]}


def test_one_word_messages_are_not_read_as_verbs() -> None:
    nodes, edges = _drawn("sequenceDiagram\n  box Backend\n  participant API\n  participant DB\n  end\n"
                          "  API->>DB: query\n  DB-->>API: rows")
    assert edges == {("api", "db"): ["query"], ("db", "api"): ["rows"]}


def test_plantuml_component_links_dotted_and_reversed() -> None:
    nodes, edges = _drawn("@startuml\nskinparam monochrome true\n[Gateway] --> [Billing]\n[Billing] ..> [Tax rules] : looks up\n"
                          "[Gateway] <-- [Scheduler]\n@enduml")
    assert nodes == {"gateway", "billing", "tax rules", "scheduler"}
    assert edges == {("gateway", "billing"): [], ("billing", "tax rules"): ["looks up"], ("scheduler", "gateway"): []}


def test_plantuml_activity_if_without_else_goes_straight_on() -> None:
    nodes, edges = _drawn("@startuml\nstart\n:Scan badge;\nif (Visitor?) then (yes)\n  :Print pass;\nendif\n:Open gate;\nstop\n@enduml")
    assert nodes == {"scan badge", "visitor?", "print pass", "open gate"}
    assert edges == {("scan badge", "visitor?"): [], ("visitor?", "print pass"): ["yes"], ("print pass", "open gate"): [],
                     ("visitor?", "open gate"): []}


def test_plantuml_loops_and_elseif_are_drawn_with_their_way_back_and_out() -> None:
    nodes, edges = _drawn("@startuml\n:Load tray;\nwhile (Slots empty?) is (yes)\n  :Place cup;\nendwhile (no)\n:Seal tray;\n@enduml")
    assert nodes == {"load tray", "slots empty?", "place cup", "seal tray"}
    assert edges == {("load tray", "slots empty?"): [], ("slots empty?", "place cup"): ["yes"],
                     ("place cup", "slots empty?"): [], ("slots empty?", "seal tray"): ["no"]}
    nodes, edges = _drawn("@startuml\nrepeat\n  :Dial modem;\nrepeat while (Busy?) is (yes) not (no)\n:Sync mail;\n@enduml")
    assert edges == {("dial modem", "busy?"): [], ("busy?", "dial modem"): ["yes"], ("busy?", "sync mail"): ["no"]}
    nodes, edges = _drawn("@startuml\n:Weigh parcel;\nif (Over 20 kg?) then (yes)\n  :Freight;\nelseif (Over 2 kg?) then (yes)\n"
                          "  :Courier;\nelse (no)\n  :Letter post;\nendif\n@enduml")
    assert edges[("over 20 kg?", "over 2 kg?")] == []
    assert edges[("over 2 kg?", "letter post")] == ["no"] and edges[("over 2 kg?", "courier")] == ["yes"]


@pytest.mark.parametrize("intent", [
    "@startuml\n|Kitchen|\n:Mix;\n|Oven|\n:Bake;\n@enduml",
    "@startuml\n:Mix;\nswitch (Dough?)\ncase (wet)\n  :Add flour;\nendswitch\n@enduml",
    "@startuml\n:Mix;\nwhile (Lumpy?) is (yes)\n  :Stir;\n@enduml",
    "@startuml\n:Mix;\nif (Lumpy?) then (yes)\n  :Stir;\n@enduml",
    "@startuml\nOven <-> Timer\n@enduml",
])
def test_plantuml_it_cannot_read_is_refused(intent: str) -> None:
    assert _refused(intent)["code"] == "UNREADABLE_INTENT"


# --- labelled arrows written inline ----------------------------------------------------------------
@pytest.mark.parametrize("intent", [
    "lint =clean=> build\nlint =errors=> fix code",
    "lint —clean→ build; lint —errors→ fix code",
    "lint -> |clean| build\nlint -> |errors| fix code",
    "lint -(clean)-> build, lint -(errors)-> fix code",
    "lint --[clean]--> build\nlint --[errors]--> fix code",
])
def test_a_label_written_inside_an_arrow_is_the_edge_label(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"lint", "build", "fix code"}
    assert edges == {("lint", "build"): ["clean"], ("lint", "fix code"): ["errors"]}


@pytest.mark.parametrize("intent", [
    "valve: Shut -(open)-> Open -(shut)-> Shut",
    "valve: Shut → Open (open), Open → Shut (shut)",
])
def test_an_arrow_label_may_be_the_same_word_as_a_state(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"shut", "open"}
    assert edges == {("shut", "open"): ["open"], ("open", "shut"): ["shut"]}


@pytest.mark.parametrize("intent", [
    "[Client] -> [API] -> [DB]",
    "(Client) → (API) → (DB)",
    "Client -> [API] -> DB",
])
def test_steps_bracketed_alike_or_in_square_brackets_are_boxes_not_labels(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"client", "api", "db"}
    assert set(edges) == {("client", "api"), ("api", "db")}


@pytest.mark.parametrize("intent", [
    "heater: idle → (too cold) → heating → back to idle",
    "heater: idle → (too cold) → heating → back to idle. idle → (too warm) → cooling → back to idle",
    "heater: idle → heating [too cold]. heating → idle",
    "heater: idle (too cold) -> heating. heating -> idle",
])
def test_a_bracketed_condition_beside_an_arrow_is_a_label_not_a_node(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {"idle", "heating"} <= nodes
    assert edges[("idle", "heating")] == ["too cold"]
    assert ("heating", "idle") in edges


@pytest.mark.parametrize("intent", [
    "triage → (red: resus bay | green: waiting room) → discharge",
    "triage -> (red: resus bay | green: waiting room) -> discharge",
])
def test_labelled_alternatives_in_brackets_branch_and_meet_again(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"triage", "resus bay", "waiting room", "discharge"}
    assert edges == {("triage", "resus bay"): ["red"], ("triage", "waiting room"): ["green"],
                     ("resus bay", "discharge"): [], ("waiting room", "discharge"): []}


@pytest.mark.parametrize("intent", ["build → app [v2]", "Start shift → enter site [cleared]"])
def test_a_one_word_bracket_after_a_step_may_be_a_tag_so_it_is_refused(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and "part of the name" in reason["message"]


def test_a_bracketed_condition_of_several_words_after_a_step_is_its_label() -> None:
    nodes, edges = _drawn("Start shift → Enter site [badge accepted]\nStart shift → Call security [badge rejected]")
    assert nodes == {"start shift", "enter site", "call security"}
    assert edges == {("start shift", "enter site"): ["badge accepted"], ("start shift", "call security"): ["badge rejected"]}


@pytest.mark.parametrize("intent", [
    "fetch(id) --> parse",
    "start -> db[(main)] -> finish",
    "lb --> api1 & api2",
    "probe =ok= report => done",
])
def test_arrow_or_shape_syntax_left_in_a_name_is_refused_never_drawn(intent: str) -> None:
    assert _refused(intent)["code"] in ("UNREADABLE_INTENT", "UNREADABLE_RELATION", "NODE_NOT_IN_INTENT")


# --- the check reads the same parse and refuses a drawing that departs from it ---------------------
def test_the_check_refuses_a_mermaid_drawing_that_drops_an_edge_or_a_label() -> None:
    intent = "graph LR\n  a[Draft] --> b{OK?}\n  b -->|yes| c[Send]\n  b -->|no| a"
    nodes = ["Draft", "OK?", "Send"]
    full = [("Draft", "OK?", None), ("OK?", "Send", "yes"), ("OK?", "Draft", "no")]
    check_faithful(intent, nodes, full)
    with pytest.raises(EngineRefusal):
        check_faithful(intent, nodes, full[:2])
    with pytest.raises(EngineRefusal):
        check_faithful(intent, nodes, [full[0], ("OK?", "Send", "no"), ("OK?", "Draft", "yes")])
    with pytest.raises(EngineRefusal):
        check_faithful(intent, [*nodes, "Archive"], [*full, ("Send", "Archive", None)])


def test_the_normal_form_of_a_notation_is_one_arrow_line_an_edge() -> None:
    text = "sequenceDiagram\n  participant S as Sensor\n  S->>Gateway: reading\n  Gateway-->>S: ack received"
    assert notation_as_arrows(text) == "Sensor -(reading)-> Gateway\nGateway -> Sensor: ack received"
    assert notation_as_arrows("a -> b") == "a -> b"
    assert read_notation("the app calls the API") is None


@pytest.mark.parametrize("intent", [
    "```mermaid\nstateDiagram-v2\n  [*] --> Open\n  Open --> Closed : close\n``` -> archive the ticket",
    "@startuml\nOpen -> Closed : close\n@enduml -> archive the ticket",
])
def test_text_after_a_closing_fence_on_its_line_is_read_not_dropped(intent: str) -> None:
    # "``` -> archive": the step after the block must be placed (here it cannot be: refused, never dropped)
    reason = _refused(intent)
    assert reason["code"] == "CONTENT_NOT_PLACED" and "archive the ticket" in reason["message"]
