"""Steps hidden inside one drawn label (glued_steps.py): a trigger verb glued between an event and
a step in one node, and steps (clauses, or a pair marked parallel) drawn as an edge label. Intents
are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.glued_steps import refuse_glued_trigger, refuse_steps_as_edge_label
from oracles.tests.planted_diagrams import planted_reason as _planted

# --- 1. a trigger verb glued between an event and a step ---------------------------------------

@pytest.mark.parametrize(
    ("nodes", "intent"),
    [
        ({"new tag kicks off compile": "new tag kicks off compile", "package": "package"},
         "a new tag kicks off compile and package at the same time"),
        ({"merge starts smoke tests": "merge starts smoke tests", "smoke tests": "smoke tests"},
         "merge starts smoke tests"),
        ({"cron launches export": "cron launches export", "cron": "cron"}, "cron launches export"),
    ],
)
def test_a_trigger_between_a_drawn_or_listed_step_and_an_event_is_refused(nodes: dict[str, str], intent: str) -> None:
    with pytest.raises(EngineRefusal) as refused:
        refuse_glued_trigger(intent, nodes)
    assert refused.value.code == "NODE_HOLDS_RELATION"
    assert "->" in refused.value.message


def test_a_trigger_name_with_no_drawn_or_listed_end_is_left_alone() -> None:
    # "alarm starts siren" alone, with neither end drawn nor listed beside a step: not this rule's business
    refuse_glued_trigger("alarm starts siren, then call the guard", {"alarm starts siren": "alarm starts siren",
                                                                     "call the guard": "call the guard"})


def test_a_drafter_that_glues_the_trigger_into_a_node_is_caught() -> None:
    intent = "release flow: a new tag kicks off compile and docs build in parallel; both must finish before publish"
    reason = _planted(intent, [("new tag kicks off compile", "publish", None), ("docs build", "publish", None)])
    assert reason["code"] == "NODE_HOLDS_RELATION"
    assert "new tag -> compile" in reason["message"]


# --- 2. steps drawn as an edge label ------------------------------------------------------------

@pytest.mark.parametrize(
    ("label", "intent"),
    [
        ("warehouse packs box and courier books pickup",
         "order paid -> warehouse packs box and courier books pickup -> delivered"),
        ("pack box and book pickup", "order paid -> pack box and book pickup (in parallel) -> delivered"),
        ("pack box and book pickup", "order paid -> at the same time: pack box and book pickup -> delivered"),
    ],
)
def test_steps_drawn_as_an_edge_label_are_refused(label: str, intent: str) -> None:
    with pytest.raises(EngineRefusal) as refused:
        refuse_steps_as_edge_label(intent, {label: label})
    assert refused.value.code == "EDGE_LABEL_HOLDS_NODE"


@pytest.mark.parametrize("label", ["if approved and paid", "name and address", "when stock and price are known"])
def test_a_condition_or_a_message_with_and_is_left_alone(label: str) -> None:
    refuse_steps_as_edge_label(f"a -> b: {label}", {label: label})


def test_a_drafter_that_draws_parallel_steps_as_an_edge_label_is_caught() -> None:
    intent = "moving day: lease signed → movers pack boxes and landlord paints walls (in parallel) → keys handed over"
    reason = _planted(intent, [("lease signed", "keys handed over", "movers pack boxes and landlord paints walls")])
    assert reason["code"] == "EDGE_LABEL_HOLDS_NODE"
    assert "(movers pack boxes, landlord paints walls)" in reason["message"]


def test_the_fan_out_the_refusals_suggest_is_not_refused_by_these_rules() -> None:
    for intent in ("order paid -> (warehouse packs box, courier books pickup) -> delivered",
                   "new tag -> (compile, docs build) -> publish"):
        verdict = answer("diagram", intent, "dot", {})
        assert verdict.status == "valid", (intent, verdict.reason)
