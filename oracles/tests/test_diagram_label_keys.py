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
