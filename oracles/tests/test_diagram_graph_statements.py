"""Statements about the graph that a drawing cannot carry: a loop of reporting lines, and a note
about who is (not) connected drawn as an edge label. Intents are this file's own; none is
copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.graph_statements import refuse_note_as_edge_label, refuse_reporting_cycle
from oracles.tests.planted_diagrams import planted_reason as _planted

# --- 1. a loop of reporting lines ------------------------------------------------------------

@pytest.mark.parametrize(
    "intent",
    [
        "Pat manages Quin. Quin manages Rae. Rae manages Pat.",
        "Dee reports to Eli; Eli reports to Fay; Fay reports to Dee.",
        "team structure: Gus leads Hal, Hal leads Ivo, and Ivo leads Gus",
        "Mo answers to Nia. Nia answers to Mo.",
        "Sol is the boss of Tam, Tam is the boss of Uri, Uri is the boss of Sol.",
    ],
)
def test_a_loop_of_reporting_lines_is_refused_with_the_loop_named(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None
    if verdict.reason["code"] == "REPORTING_LOOP":  # the drafter may already refuse it another way
        assert "loop" in verdict.reason["message"] and "wrong" in verdict.reason["message"]


@pytest.mark.parametrize(
    "intent",
    ["crew:\n- Ola\n  - Pim\n    - Quy\n      - Ola", "- Ola\n  - Pim\n  - Ola"],
)
def test_an_outline_whose_name_comes_back_under_itself_is_refused(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason is not None


def test_a_drafter_that_draws_a_reporting_loop_is_caught() -> None:
    intent = "Pat manages Quin. Quin manages Rae. Rae manages Pat."
    reason = _planted(intent, [("Pat", "Quin", None), ("Quin", "Rae", None), ("Rae", "Pat", None)])
    assert reason["code"] == "REPORTING_LOOP"
    assert "Pat" in reason["message"] and "Rae" in reason["message"]


def test_the_rule_reads_reporting_verbs_only_and_org_charts_as_a_whole() -> None:
    nodes = {"ann": "Ann", "ben": "Ben"}
    loop = {("ann", "ben"), ("ben", "ann")}
    with pytest.raises(EngineRefusal) as refused:
        refuse_reporting_cycle("Ann supervises Ben and Ben, in turn, supervises Ann.", nodes, loop)
    assert refused.value.code == "REPORTING_LOOP"
    with pytest.raises(EngineRefusal):
        refuse_reporting_cycle("org chart: Ann over Ben, Ben over Ann", nodes, loop)
    # messages that go back and forth are a flow, not reporting lines
    refuse_reporting_cycle("Ann sends the answers to Ben, then Ben returns the answers to Ann.", nodes, loop)
    # a reporting tree is not a loop
    refuse_reporting_cycle("Ann manages Ben.", nodes, {("ann", "ben")})


@pytest.mark.parametrize(
    "intent",
    [
        "draft -> review -> back to draft if changes are needed, otherwise publish",
        "idle -> running on start; running -> idle on stop",
    ],
)
def test_flows_and_state_machines_may_still_loop(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.reason is None or verdict.reason["code"] != "REPORTING_LOOP"


# --- 2. a note about the graph drawn as an edge label --------------------------------------------

def test_a_negated_note_naming_a_node_is_not_an_edge_label() -> None:
    nodes = {"legal": "Legal", "sign": "sign", "archive": "archive"}
    for label in ("Legal never reviews these", "Legal does not see it", "without Legal", "Legal isn't told",
                  "nobody tells Legal"):
        with pytest.raises(EngineRefusal) as refused:
            refuse_note_as_edge_label(nodes, {" ".join(label.casefold().split()): label})
        assert refused.value.code == "EDGE_LABEL_HOLDS_NODE" and "not an edge label" in refused.value.message


def test_a_long_label_naming_a_node_is_a_note_but_a_condition_or_a_message_is_not() -> None:
    nodes = {"legal": "Legal", "sign": "sign", "archive": "archive"}
    with pytest.raises(EngineRefusal):
        refuse_note_as_edge_label(nodes, {"this copy goes to legal for the records": "this copy goes to Legal for the records"})
    refuse_note_as_edge_label(nodes, {"if legal asks for changes later": "if Legal asks for changes later"})
    refuse_note_as_edge_label(nodes, {"signed copy": "signed copy", "not signed": "not signed"})


def test_a_drafter_that_draws_a_negated_note_as_a_label_is_caught() -> None:
    intent = ("- Clerk files it → goes to Legal\n- Clerk files it → goes straight to Archive "
              "(Legal never reviews filed forms)\n- Legal sends everything to Archive")
    reason = _planted(intent, [("Clerk files it", "Legal", None),
                               ("Clerk files it", "Archive", "Legal never reviews filed forms"),
                               ("Legal", "Archive", None)])
    assert reason["code"] == "EDGE_LABEL_HOLDS_NODE"
    assert "'Legal never reviews filed forms'" in reason["message"]
