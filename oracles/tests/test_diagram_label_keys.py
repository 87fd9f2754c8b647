"""Edge labels that differ only in their comparison sign ("amount > 500" / "amount ≤ 500") are two
conditions: the check keys a label by its words and its signs, so both are placed, and a drawing
that swaps them is caught."""

from __future__ import annotations

import pytest

from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.faithfulness import check_faithful
from oracles.engine.diagram.vocabulary import label_key
from oracles.tests.test_diagram_flows import _drawn

INTENT = "read the sensor; temp > 30 → start the fan; temp < 30 → start the heater; otherwise → idle"


def test_a_labels_key_keeps_its_comparison_signs() -> None:
    assert label_key("amount > 500") != label_key("amount ≤ 500")
    assert label_key("if valid") == "if valid"


@pytest.mark.parametrize(
    "intent",
    [
        INTENT,
        "quote: request —[cost ≤ 200]→ buyer approves → order; request —[cost > 200]→ director approves → order",
    ],
)
def test_conditions_that_differ_only_in_their_sign_are_both_drawn(intent: str) -> None:
    nodes, edges = _drawn(intent)
    labels = sorted(label for values in edges.values() for label in values)
    assert len(labels) == len(set(labels)) >= 2


def test_two_conditions_swapped_between_their_edges_are_caught() -> None:
    # planted bug: the drafter puts "temp < 30" on the fan's edge and "temp > 30" on the heater's
    nodes = ["read the sensor", "start the fan", "start the heater", "idle"]
    with pytest.raises(EngineRefusal) as refusal:
        check_faithful(INTENT, nodes, [("read the sensor", "start the fan", "temp < 30"),
                                       ("read the sensor", "start the heater", "temp > 30"),
                                       ("read the sensor", "idle", "otherwise")])
    assert refusal.value.code == "EDGE_LABEL_WRONG"


# --- a step that ends in "only" ("log only", "email only") ---------------------------------------


def test_a_step_restricted_by_only_is_a_name() -> None:
    nodes, edges = _drawn("Disk alerts:\n- read the level\n  - above 90% → page the admin\n  - above 70% → open a ticket\n"
                          "  - below 70% → email only")
    assert nodes == {"read the level", "page the admin", "open a ticket", "email only"}
    assert edges[("read the level", "email only")] == ["below 70%"]


def test_a_name_cut_after_and_only_is_still_refused() -> None:
    # planted bug: a node cut after "and only", its step glued to the connecting words
    intent = "pack the bags and only then leave the house"
    with pytest.raises(EngineRefusal):
        check_faithful(intent, ["pack the bags and only", "leave the house"], [("pack the bags and only", "leave the house", None)])
