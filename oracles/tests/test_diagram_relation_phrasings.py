"""Relation sentences about components, the way people write them: "Both the kiosk and the web shop
call the stock service", "… calls the ledger too", "the switch connects to the printer and to the
scanner". Read into exactly their edges and answered `valid`; the check refuses planted bugs.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back


def _edges(intent: str) -> set[tuple[str, str]]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    return set(read_back(verdict.result).edges)


def _planted(intent: str, edges: list[tuple[str, str]], extra: tuple[str, ...] = ()) -> None:
    nodes = sorted({n for edge in edges for n in edge} | set(extra))
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes] + [f"  {ids[t]} -> {ids[h]};" for t, h in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid", "the planted bug was not caught"


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Both the kiosk and the web shop call the stock service.", {("kiosk", "stock service"), ("web shop", "stock service")}),
        ("The kiosk calls the stock service; the web shop calls the stock service too.",
         {("kiosk", "stock service"), ("web shop", "stock service")}),
        ("the office switch connects to the printer and to the scanner.",
         {("office switch", "printer"), ("office switch", "scanner")}),
        ("the Oslo router and the Bergen router each tunnel to the hub, which routes to the lab VLAN.",
         {("Oslo router", "hub"), ("Bergen router", "hub"), ("hub", "lab VLAN")}),
        ("The uplink connects to the core switch; the core switch connects to rack A and to rack B.",
         {("uplink", "core switch"), ("core switch", "rack A"), ("core switch", "rack B")}),
    ],
)
def test_both_too_and_a_preposition_said_again(intent: str, edges: set[tuple[str, str]]) -> None:
    assert _edges(intent) == edges


def test_an_object_after_a_repeated_preposition_left_out_or_kept_with_it_is_caught() -> None:
    intent = "the office switch connects to the printer and to the scanner."
    _planted(intent, [("office switch", "printer")], extra=("scanner",))
    _planted(intent, [("office switch", "printer"), ("office switch", "to the scanner")])


def test_a_subject_gathered_by_both_left_out_is_caught() -> None:
    _planted("Both the kiosk and the web shop call the stock service.", [("kiosk", "stock service")], extra=("web shop",))
    _planted("Both the kiosk and the web shop call the stock service.", [("Both the kiosk", "stock service"),
                                                                         ("web shop", "stock service")])


@pytest.mark.parametrize("hedge", ["roughly", "simplified", "in short"])
def test_a_heading_hedged_by_one_adverb_names_the_diagram(hedge: str) -> None:
    intent = f"Returns desk, {hedge}: the buyer emails a photo to the seller; the seller sends a label to the buyer."
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    assert dict(zip(graph.edges, graph.edge_labels, strict=True)) == {
        ("buyer", "seller"): "emails a photo", ("seller", "buyer"): "sends a label"}


def test_a_heading_with_more_than_a_hedge_after_its_comma_is_still_content() -> None:
    intent = "Returns desk, weekdays only: the buyer emails a photo to the seller; the seller sends a label to the buyer."
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_a_message_emailed_to_an_actor_named_only_after_to() -> None:
    intent = ("Month end, who talks to whom: the ledger sends a trial balance to the close tool; "
              "the close tool emails variances to the controller.")
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    assert dict(zip(graph.edges, graph.edge_labels, strict=True)) == {
        ("ledger", "close tool"): "sends a trial balance", ("close tool", "controller"): "emails variances"}


def test_the_message_drawn_as_the_recipient_is_caught() -> None:
    intent = "the ledger sends a trial balance to the close tool; the close tool emails variances to the controller."
    _planted(intent, [("ledger", "close tool"), ("close tool", "variances")])


def test_a_tunnel_drawn_the_wrong_way_or_to_another_end_is_caught() -> None:
    intent = "the Oslo router tunnels to the hub; the hub routes to the lab VLAN."
    _planted(intent, [("hub", "Oslo router"), ("hub", "lab VLAN")])
    _planted(intent, [("Oslo router", "lab VLAN"), ("hub", "lab VLAN")])
