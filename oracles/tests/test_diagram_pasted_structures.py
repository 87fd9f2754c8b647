"""Structures pasted the way agents and people paste them: DOT with a slip (dot_input.py), Mermaid
with a slip (mermaid_slips.py), remarks around a paste (data_frames.py), tables without border
pipes, " > " as an arrow (gt_arrows.py) and code arrows inside list items (list_names.py). Each is
drawn with exactly its edges when it has one reading, refused naming the place when it has none or
several; the check refuses planted bugs on the same intents.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn_edges as _edges
from oracles.tests.planted_diagrams import planted_reason
from oracles.tests.planted_diagrams import refusal as _refusal

# --- DOT ---------------------------------------------------------------------------------------
KILN = 'digraph kiln {\n  rankdir=TB\n  "Load kiln" -> "Fire" -> "Cool down"\n  "Fire" -> "Reload" [label="cracked"];\n}'


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (KILN, {("Load kiln", "Fire"): None, ("Fire", "Cool down"): None, ("Fire", "Reload"): "cracked"}),
        # ids with labels, statements without semicolons, a graph title
        ('digraph { label="Pottery"; w [label="Wedge clay"]; t [label="Throw pot", shape=box] w -> t; '
         't -> w [label="collapsed"] }', {("Wedge clay", "Throw pot"): None, ("Throw pot", "Wedge clay"): "collapsed"}),
        # a name that holds an arrow, quoted
        ('digraph {\n  "Split csv" -> "Rename a -> b";\n  "Rename a -> b" -> "Save";\n}',
         {("Split csv", "Rename a -> b"): None, ("Rename a -> b", "Save"): None}),
    ],
)
def test_dot_pasted_as_the_intent_is_drawn_as_written(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        # a quote left open before the arrow: closing it there is the only reading that parses
        ('please fix:\ndigraph {\n  "Glaze" -> "Fire";\n  "Fire -> "Sell"\n}',
         {("Glaze", "Fire"): None, ("Fire", "Sell"): None}),
        # an attribute list left open before the closing brace
        ('digraph { g [label="Glaze"]; f [label="Fire"]; g -> f [label="dry"; }', {("Glaze", "Fire"): "dry"}),
        # the closing brace missing at the end
        ('digraph {\n  "Glaze" -> "Fire"\n  "Fire" -> "Sell"', {("Glaze", "Fire"): None, ("Fire", "Sell"): None}),
    ],
)
def test_a_dot_slip_with_one_reading_is_mended(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


@pytest.mark.parametrize(
    ("intent", "said"),
    [
        # the open quote may close after "a" or after "b": two graphs, so no guess
        ('digraph {\n  "Start" -> "Rename a -> b -> "End"\n}', "more than one way"),
        ('graph {\n  kiln -- shelf\n}', "undirected"),
        ('digraph {\n  subgraph cluster_0 { a; b }\n  a -> b\n}', "subgraphs"),
        ('digraph {\n  a -> b -> ;\n}', "line 2"),
    ],
)
def test_dot_that_cannot_be_read_one_way_is_refused_saying_where(intent: str, said: str) -> None:
    reason = _refusal(intent)
    assert reason["code"] == "UNREADABLE_INTENT"
    assert said in reason["message"]


# --- Mermaid slips and remarks ---------------------------------------------------------------------
MERMAID_SLIPS = ("please render, the preview on our wiki is broken\n```mermaid\nflowchart LR\n"
                 "  s[Sow] --> g{Germinated?}\n  g -- yes -> p[Pot up]\n  g -- no -> s   %% resow\n"
                 "  p -> h[Harden off\n```")


def test_mermaid_slips_with_one_reading_are_mended() -> None:
    assert _edges(MERMAID_SLIPS) == {("Sow", "Germinated?"): None, ("Germinated?", "Pot up"): "yes",
                                     ("Germinated?", "Sow"): "no", ("Pot up", "Harden off"): None}


def test_a_two_way_mermaid_link_is_an_arrow_each_way() -> None:
    assert _edges("graph LR\n  Tablet <--> Hub\n  Hub --> Cloud") == {("Tablet", "Hub"): None, ("Hub", "Tablet"): None,
                                                                     ("Hub", "Cloud"): None}


def test_a_remark_after_a_sequence_that_only_asks_for_the_drawing_is_frame() -> None:
    intent = "sequenceDiagram\n  Till->>Bank: card auth\n  Bank-->>Till: approved\n\nneed this as a png for the wiki pls"
    assert _edges(intent) == {("Till", "Bank"): "card auth", ("Bank", "Till"): "approved"}


@pytest.mark.parametrize("remark", ["also add a refund step pls", "render it but without the Bank reply"])
def test_a_remark_that_changes_the_drawing_is_not_frame(remark: str) -> None:
    intent = f"sequenceDiagram\n  Till->>Bank: card auth\n  Bank-->>Till: approved\n\n{remark}"
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_a_message_with_a_comma_is_one_label() -> None:
    intent = "sequenceDiagram\n  Dispatcher->>Driver: go to depot, load pallets\n  Driver-->>Dispatcher: loaded"
    assert _edges(intent) == {("Dispatcher", "Driver"): "go to depot, load pallets", ("Driver", "Dispatcher"): "loaded"}


# --- tables, " > " arrows, lists -------------------------------------------------------------------
BORDERLESS = ("kennel intake, copied from the sheet:\nFrom | To | Condition\nArrival | Vet check |\n"
              "Vet check | Kennel | healthy\nVet check | Isolation | sick\nIsolation | Kennel | cleared")


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (BORDERLESS, {("Arrival", "Vet check"): None, ("Vet check", "Kennel"): "healthy", ("Vet check", "Isolation"): "sick",
                      ("Isolation", "Kennel"): "cleared"}),
        ("Printer states, please draw:\n\n| State | Input | Next state |\n|---|---|---|\n| Idle | job | Printing |\n"
         "| Printing | jam | Stopped |\n| Stopped | cleared | Idle |",
         {("Idle", "Printing"): "job", ("Printing", "Stopped"): "jam", ("Stopped", "Idle"): "cleared"}),
        ("soak beans > boil > simmer > season > serve", {("soak beans", "boil"): None, ("boil", "simmer"): None,
                                                          ("simmer", "season"): None, ("season", "serve"): None}),
        ("Payroll run:\n1) Import hours\n2) Convert GBP->EUR rates\n3) Pay staff",
         {("Import hours", "Convert GBP->EUR rates"): None, ("Convert GBP->EUR rates", "Pay staff"): None}),
        ("Closing routine, draw as a flowchart:\n1. Count till\n2. Lock safe\n3. Set alarm\nMake it a flowchart please.",
         {("Count till", "Lock safe"): None, ("Lock safe", "Set alarm"): None}),
    ],
)
def test_pasted_tables_chains_and_lists_are_drawn_with_exactly_their_edges(
        intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


@pytest.mark.parametrize(
    "intent",
    [
        "if score > 650 > floor, approve",  # a number beside ">": a comparison, not an arrow
        'label the "a > b" and "b > c" cases',  # quoted text
    ],
)
def test_a_greater_than_that_may_compare_is_not_read_as_an_arrow(intent: str) -> None:
    from oracles.engine.diagram.angle_arrows import angle_brackets_as_arrows
    assert angle_brackets_as_arrows(intent) == intent


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (KILN, [("Load kiln", "Fire"), ("Fire", "Cool down"), ("Fire", "Reload")]),
        (MERMAID_SLIPS, [("Sow", "Germinated?"), ("Germinated?", "Pot up", "no"), ("Germinated?", "Sow", "yes"),
                         ("Pot up", "Harden off")]),
        (BORDERLESS, [("Arrival", "Vet check"), ("Vet check", "Kennel", "healthy"), ("Vet check", "Isolation", "sick")]),
        ("soak beans > boil > simmer > season > serve", [("soak beans", "boil"), ("boil", "simmer"), ("simmer", "serve")]),
        ("Payroll run:\n1) Import hours\n2) Convert GBP->EUR rates\n3) Pay staff",
         [("Import hours", "Convert GBP"), ("Convert GBP", "EUR rates"), ("EUR rates", "Pay staff")]),
    ],
)
def test_planted_bugs_on_pasted_structures_are_caught(intent: str, edges: list[tuple[str, ...]]) -> None:
    planted_reason(intent, edges)
