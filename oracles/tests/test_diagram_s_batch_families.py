"""Four families found by a sealed outsider batch (s_ diagrams), each in our own phrasings with the near
misses that must stay as they are:
- a step list between two headings' colons ("Draw this: apply, then review. At review: …") is content,
  not part of a heading (faithfulness._title_end);
- a JSON node list with an edge to an unlisted node while a listed node is joined by nothing (agent_json.py);
- "goes to X on '<event>'": the quoted event's own name labels the edge (relations.py);
- "A then B or C then D": an "or" between two "then"s has two groupings (or_grouping.py).
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

# ---------------------------------------------------------------------------------------------
# 1. Steps between two colons are not a heading


def test_planted_steps_before_a_second_colon_dropped_arerefusal_reason() -> None:
    intent = "Draw the flow: file the claim, then assessment. At assessment: if covered -> pay out, if not covered -> decline."
    reason = planted_reason(intent, [("assessment", "pay out", "if covered"), ("assessment", "decline", "if not covered")])
    assert reason["code"] == "CONTENT_NOT_PLACED" and "file the claim" in reason["message"], reason


def test_a_list_of_steps_between_two_colons_is_not_dropped() -> None:
    reason = refusal_reason("Release runbook: build, test. Deploy: ship -> verify")
    assert reason["code"] == "CONTENT_NOT_PLACED" and "test" in reason["message"], reason


def test_a_short_heading_still_names_the_diagram() -> None:
    labels, edges = drawn("Release runbook: ship -> verify -> announce")
    assert labels == {"ship", "verify", "announce"}, labels
    assert edges == {("ship", "verify"), ("verify", "announce")}


# ---------------------------------------------------------------------------------------------
# 2. JSON: an edge to an unlisted node while a listed node stays alone


@pytest.mark.parametrize("intent", [
    '{"nodes": ["Open", "Triage", "Closed"], "edges": [["Open", "Triage"], ["Triage", "Done"]]}',
    '{"nodes": ["draft", "review", "published"], "edges": [{"from": "draft", "to": "review"}, '
    '{"from": "review", "to": "live"}]}',
])
def test_an_edge_to_an_unlisted_node_beside_a_lone_listed_node_isrefusal_reason(intent: str) -> None:
    reason = refusal_reason(intent)
    assert "which is not listed" in reason["message"], reason


def test_an_edge_adding_a_node_when_every_listed_node_is_joined_stays_valid() -> None:
    labels, edges = drawn('{"nodes": ["Open", "Triage"], "edges": [["Open", "Triage"], ["Triage", "Done"]]}')
    assert labels == {"Open", "Triage", "Done"} and ("Triage", "Done") in edges


# ---------------------------------------------------------------------------------------------
# 3. A quoted event names the transition


def test_a_quoted_event_after_goes_to_is_the_edge_label() -> None:
    edges = drawn_edges("Ticket states: New goes to Assigned on 'agent picks up', Assigned goes to Solved on \"fix shipped\".")
    assert edges == {("New", "Assigned"): "agent picks up", ("Assigned", "Solved"): "fix shipped"}, edges


def test_an_unquoted_event_is_the_label_without_its_connecting_word() -> None:
    edges = drawn_edges("Door states: Closed goes to Open on push, Open goes to Closed on release.")
    assert edges[("Closed", "Open")] == "push", edges


# ---------------------------------------------------------------------------------------------
# 4. "A then B or C then D"


@pytest.mark.parametrize("intent", [
    "fetch then parse or skip then store",
    "Pipeline: compile then unit test or smoke test then release",
])
def test_an_or_between_two_thens_is_refused_with_both_groupings(intent: str) -> None:
    reason = refusal_reason(intent)
    assert reason["code"] == "UNREADABLE_RELATION" and "Group it with commas" in reason["message"], reason


@pytest.mark.parametrize(("intent", "edges"), [
    ("fetch, then parse or skip, then store",
     {("fetch", "parse"), ("fetch", "skip"), ("parse", "store"), ("skip", "store")}),
    ("fetch → parse or skip → store", {("fetch", "parse"), ("fetch", "skip"), ("parse", "store"), ("skip", "store")}),
    ("fetch then parse or skip", {("fetch", "parse"), ("fetch", "skip")}),
])
def test_a_grouped_or_an_arrowed_or_a_final_choice_is_read(intent: str, edges: set[tuple[str, str]]) -> None:
    assert drawn(intent)[1] == edges


def test_planted_ungrouped_or_read_as_a_rejoining_choice_isrefusal_reason() -> None:
    reason = planted_reason("fetch then parse or skip then store",
                            [("fetch", "parse"), ("fetch", "skip"), ("parse", "store"), ("skip", "store")])
    assert reason["code"] == "UNREADABLE_RELATION", reason
