"""A state machine pasted as its configuration ({"states": {s: {"on": {EVENT: target}}}}): every
state a node, every event an edge labelled with it (state_configs.py, one parse for the drafter and
the check)."""

from __future__ import annotations

import json

import pytest

from oracles.engine import answer
from oracles.engine.diagram.state_configs import state_machine
from oracles.tests.planted_diagrams import drawn, planted_reason

_KETTLE = {"id": "kettle", "initial": "cold", "states": {"cold": {"on": {"SWITCH_ON": "heating"}},
                                                         "heating": {"on": {"BOILED": "cold", "LIFTED": "cold"}},
                                                         "descaling": {}}}


def test_every_state_is_a_node_and_every_event_an_edge() -> None:
    nodes, edges = drawn("kettle config: " + json.dumps(_KETTLE))
    assert nodes == {"cold", "heating", "descaling"}
    assert edges == {("cold", "heating"), ("heating", "cold")}


def test_the_yaml_shape_maps_events_straight_to_targets() -> None:
    parsed = {"states": {"cold": {"switch_on": "heating"}, "heating": {"boiled": "cold"}}}
    assert state_machine(parsed) == (None, ["cold", "heating"], [("cold", "heating", "switch_on"), ("heating", "cold", "boiled")])
    assert state_machine({"machine": "Kettle", "states": {"a": {"on": {"GO": {"target": "b"}}}, "b": {}}}) == (
        "Kettle", ["a", "b"], [("a", "b", "GO")])


@pytest.mark.parametrize(
    "config",
    [
        {"states": {"cold": {"on": {"SWITCH_ON": "boiling"}}}},  # a target that is no state
        {"states": {"cold": {"on": {"SWITCH_ON": "cold"}}}, "owner": "kitchen"},  # a key that is not the machine's
        {"initial": "warm", "states": {"cold": {"on": {"GO": "cold"}}}},  # an initial state that is none
        {"states": {"cold": {"entry": "beep", "on": {"GO": "cold"}}}},  # an action the drawing cannot show
        {"states": {"cold": {}}},  # no transition at all
    ],
)
def test_other_shapes_are_not_a_state_machine(config: dict) -> None:
    assert state_machine(config) is None


def test_an_event_drawn_on_the_wrong_transition_is_caught() -> None:
    # planted bug: the two events out of "heating" are swapped onto one edge and a made-up edge
    intent = json.dumps({"states": {"cold": {"on": {"SWITCH_ON": "heating"}}, "heating": {"on": {"BOILED": "cold"}}}})
    reason = planted_reason(intent, [("cold", "heating", "BOILED"), ("heating", "cold", "SWITCH_ON")])
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_a_config_with_an_unknown_target_is_refused() -> None:
    intent = json.dumps({"states": {"cold": {"on": {"SWITCH_ON": "boiling"}}}})
    assert answer("diagram", intent, "dot", {}).status == "invalid"
