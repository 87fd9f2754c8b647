"""Graphs agents pass as JSON tool arguments (agent_json.py, wrapped_prose.py, data_frames.py): steps
beside edges, nodes with ids, states with transitions, statecharts, "next"/"after" lists, manager
records, titled trees, id-arrow flows, tool-call wrappers, and prose inside a tool call. Each shape
is drawn with exactly its edges and labels; what is ambiguous (a dangling id, a near-miss name, a
listed step no edge joins, a key that says something not drawn) is refused; the check refuses
planted bugs on the same intents.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import json

import pytest

from oracles.engine import answer
from oracles.tests.planted_diagrams import drawn_edges as _edges
from oracles.tests.planted_diagrams import planted_reason
from oracles.tests.planted_diagrams import refusal as _refusal

STEPS_AND_EDGES = json.dumps({"title": "Library loan", "steps": ["Borrow book", "Check due date", "Return book", "Pay fine"],
                              "edges": [["borrow book", "check due date"], ["check due date", "return book", "on time"],
                                        ["check due date", "pay fine", "overdue"], ["pay fine", "return book"]]})
ID_NODES = json.dumps({"diagram_type": "flowchart",
                       "nodes": [{"id": "s1", "label": "Water plants"}, {"id": "s2", "label": "Soil dry?"},
                                 {"id": "s3", "label": "Add water"}, {"id": "s4", "label": "Wait a day"}],
                       "edges": [{"from": "s1", "to": "s2"}, {"from": "s2", "to": "s3", "label": "yes"},
                                 {"from": "s2", "to": "s4", "label": "no"}]})
STATES = json.dumps({"type": "state_machine", "states": ["Parked", "Driving", "Refuelling"],
                     "transitions": [{"from": "Parked", "to": "Driving", "on": "ignition"},
                                     {"from": "Driving", "to": "Refuelling", "on": "low fuel"},
                                     {"from": "Refuelling", "to": "Parked", "on": "tank full"}]})
STATECHART = json.dumps({"id": "kettle", "initial": "cold", "states": {"cold": {"on": {"SWITCH_ON": "heating"}},
                                                                       "heating": {"on": {"BOILED": "hot"}},
                                                                       "hot": {"on": {"COOLED": "cold"}}}})
NEXT_LISTS = json.dumps({"steps": [{"id": "p", "label": "Plant seeds", "next": ["w"]},
                                   {"id": "w", "label": "Water daily", "next": ["h", "c"]},
                                   {"id": "h", "label": "Harvest"}, {"id": "c", "label": "Compost failures"}]})
AFTER_LISTS = json.dumps({"tasks": [{"id": "dig-trench", "after": []}, {"id": "lay-pipe", "after": ["dig-trench"]},
                                    {"id": "pour-gravel", "after": ["dig-trench"]},
                                    {"id": "backfill", "after": ["lay-pipe", "pour-gravel"]}]})
ID_FLOW = json.dumps({"task": "draw_flowchart", "steps": [{"id": 1, "text": "Knead dough"},
                                                          {"id": 2, "text": "Risen enough?", "type": "decision"},
                                                          {"id": 3, "text": "Bake loaf"}],
                      "flow": "1->2; 2(no)->2; 2(yes)->3"})
NAMED_FLOW = json.dumps({"request": "state diagram", "states": ["Docked", "Sailing", "Anchored"],
                         "transitions": "Docked on cast off -> Sailing; Sailing -> Anchored on drop anchor; "
                                        "Anchored -(weigh anchor)-> Sailing; Sailing -> Docked: moor"})
RECORDS = json.dumps([{"name": "Inez", "title": "Head chef", "manager": None},
                      {"name": "Oskar", "title": "Sous chef", "manager": "Inez"},
                      {"name": "Pavel", "manager": "Oskar"}])
TITLED_TREE = json.dumps({"org": {"name": "Rhea", "title": "Editor", "reports": [{"name": "Sol", "title": "Copy editor"},
                                                                                  {"name": "Tam"}]}})
TOOL_CALL = json.dumps({"tool": "diagram.draw", "arguments": {"nodes": ["Sort mail", "Stamp letters", "Letters"],
                                                              "edges": [{"from": "Sort mail", "to": "Stamp letters"},
                                                                        {"from": "Stamp letters", "to": "Letters"}]}})


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (STEPS_AND_EDGES, {("Borrow book", "Check due date"): None, ("Check due date", "Return book"): "on time",
                           ("Check due date", "Pay fine"): "overdue", ("Pay fine", "Return book"): None}),
        (ID_NODES, {("Water plants", "Soil dry?"): None, ("Soil dry?", "Add water"): "yes", ("Soil dry?", "Wait a day"): "no"}),
        (STATES, {("Parked", "Driving"): "ignition", ("Driving", "Refuelling"): "low fuel", ("Refuelling", "Parked"): "tank full"}),
        (STATECHART, {("cold", "heating"): "SWITCH_ON", ("heating", "hot"): "BOILED", ("hot", "cold"): "COOLED"}),
        (NEXT_LISTS, {("Plant seeds", "Water daily"): None, ("Water daily", "Harvest"): None,
                      ("Water daily", "Compost failures"): None}),
        (AFTER_LISTS, {("dig-trench", "lay-pipe"): None, ("dig-trench", "pour-gravel"): None, ("lay-pipe", "backfill"): None,
                       ("pour-gravel", "backfill"): None}),
        (ID_FLOW, {("Knead dough", "Risen enough?"): None, ("Risen enough?", "Risen enough?"): "no",
                   ("Risen enough?", "Bake loaf"): "yes"}),
        (NAMED_FLOW, {("Docked", "Sailing"): "cast off", ("Sailing", "Anchored"): "drop anchor",
                      ("Anchored", "Sailing"): "weigh anchor", ("Sailing", "Docked"): "moor"}),
        (RECORDS, {("Inez (Head chef)", "Oskar (Sous chef)"): None, ("Oskar (Sous chef)", "Pavel"): None}),
        (TITLED_TREE, {("Rhea (Editor)", "Sol (Copy editor)"): None, ("Rhea (Editor)", "Tam"): None}),
        # names given as data are exact: "Letters" is its own node, not a short mention of "Stamp letters"
        (TOOL_CALL, {("Sort mail", "Stamp letters"): None, ("Stamp letters", "Letters"): None}),
        (f"render_graph({ID_NODES})", {("Water plants", "Soil dry?"): None, ("Soil dry?", "Add water"): "yes",
                                       ("Soil dry?", "Wait a day"): "no"}),
        (STATECHART + "\n\nplease draw this state machine", {("cold", "heating"): "SWITCH_ON", ("heating", "hot"): "BOILED",
                                                             ("hot", "cold"): "COOLED"}),
    ],
)
def test_agent_json_shapes_are_drawn_with_exactly_their_edges(intent: str, edges: dict[tuple[str, str], str | None]) -> None:
    assert _edges(intent) == edges


def test_a_step_an_edge_adds_is_drawn_when_it_resembles_no_listed_step() -> None:
    intent = json.dumps({"steps": ["Pour concrete", "Let it cure"], "edges": [["Pour concrete", "Let it cure"],
                                                                             ["Let it cure", "Strip formwork"]]})
    assert _edges(intent) == {("Pour concrete", "Let it cure"): None, ("Let it cure", "Strip formwork"): None}


def test_a_condition_with_at_most_is_drawn_with_its_sign() -> None:
    intent = json.dumps({"nodes": ["Weigh parcel", "Letter rate", "Parcel rate"],
                         "edges": [{"from": "Weigh parcel", "to": "Letter rate", "if": "weight <= 500 g"},
                                   {"from": "Weigh parcel", "to": "Parcel rate", "if": "weight > 500 g"}]})
    assert _edges(intent) == {("Weigh parcel", "Letter rate"): "weight ≤ 500 g", ("Weigh parcel", "Parcel rate"): "weight > 500 g"}


@pytest.mark.parametrize(
    ("intent", "said"),
    [
        (json.dumps({"nodes": [{"id": 1, "label": "Mix"}, {"id": 2, "label": "Pour"}], "edges": [[1, 3], [3, 2]]}), "'3'"),
        (json.dumps({"steps": ["Measure flour", "Sift flour"], "edges": [["Measure flour", "Sift flower"]]}), "did you mean"),
        (json.dumps({"steps": ["Wash", "Rinse", "Dry"], "edges": [["Wash", "Rinse"]]}), "'Dry' is listed but no edge"),
        (json.dumps({"steps": [{"id": "a", "label": "Wash", "colour": "blue"}, {"id": "b", "label": "Dry"}],
                     "edges": [["a", "b"]]}), "'colour'"),
        (json.dumps({"steps": [{"id": 1, "text": "Wash"}, {"id": 1, "text": "Dry"}], "flow": "1->1"}), "two steps have the id"),
        (json.dumps({"initial": "off", "states": {"off": {"on": {"PRESS": "of"}}, "on": {}}}), "'of'"),
        (json.dumps([{"name": "Ada", "manager": "Bea"}, {"name": "Bea", "manager": "Ada"}]), "exactly one person"),
        (json.dumps({"states": ["Docked", "Sailing"], "transitions": "Docked on cast off -> Sailing; Sailing -> Harbour"}),
         "'Sailing -> Harbour'"),
    ],
)
def test_ambiguous_agent_json_is_refused_naming_the_piece(intent: str, said: str) -> None:
    reason = _refusal(intent)
    assert reason["code"] == "UNREADABLE_INTENT"
    assert said in reason["message"]


def test_a_note_that_says_more_than_the_data_is_refused() -> None:
    intent = json.dumps({"steps": ["Sand", "Prime"], "edges": [["Sand", "Prime"]], "note": "also varnish after priming"})
    assert _refusal(intent)["code"] == "CONTENT_NOT_PLACED"


def test_a_request_after_the_data_is_frame_but_an_added_step_is_not() -> None:
    data = json.dumps({"A1": ["B1", "C1"], "B1": [], "C1": []})
    assert _edges(data + "\nturn this into a diagram") == {("A1", "B1"): None, ("A1", "C1"): None}
    assert _refusal(data + "\nand put a review step after B1")["code"] == "CONTENT_NOT_PLACED"


def test_a_tree_direction_beside_a_tree_is_frame_but_the_reverse_is_refused() -> None:
    tree = json.dumps({"Tools": {"Saws": {}, "Drills": {}}})
    assert _edges(tree + "\ntree please, parent -> child") == {("Tools", "Saws"): None, ("Tools", "Drills"): None}
    assert answer("diagram", tree + "\ntree please, child -> parent", "dot", {}).status == "invalid"


def test_prose_inside_a_tool_call_is_drawn_as_the_prose_alone() -> None:
    prose = "The kiosk sends the order to the kitchen. The kitchen notifies the counter."
    wrapped = json.dumps({"tool": "draw_diagram", "arguments": {"description": prose, "direction": "LR"}})
    assert _edges(wrapped) == _edges(prose)


def test_prose_in_a_tool_call_with_a_key_that_says_more_is_not_read_as_prose_alone() -> None:
    wrapped = json.dumps({"description": "The kiosk sends the order to the kitchen.", "edge_direction": "reversed"})
    assert answer("diagram", wrapped, "dot", {}).status == "invalid"


def test_a_loop_said_through_a_short_name_is_refused() -> None:
    reason = _refusal("sort mail -> stamp letters -> letters -> post")
    assert reason["code"] == "CONTENT_NOT_PLACED"
    assert "'letters'" in reason["message"]


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (STEPS_AND_EDGES, [("Borrow book", "Check due date"), ("Check due date", "Return book", "overdue"),
                           ("Check due date", "Pay fine", "on time"), ("Pay fine", "Return book")]),
        (STATES, [("Parked", "Driving", "ignition"), ("Driving", "Refuelling", "low fuel")]),
        (STATECHART, [("cold", "heating", "SWITCH_ON"), ("hot", "heating", "BOILED"), ("hot", "cold", "COOLED")]),
        (RECORDS, [("Inez (Head chef)", "Oskar (Sous chef)"), ("Inez (Head chef)", "Pavel")]),
        (TOOL_CALL, [("Sort mail", "Stamp letters"), ("Stamp letters", "Stamp letters")]),
        (ID_FLOW, [("Knead dough", "Risen enough?"), ("Risen enough?", "Bake loaf", "yes")]),
        (NAMED_FLOW, [("Docked", "Sailing", "cast off"), ("Sailing", "Anchored", "weigh anchor"),
                      ("Anchored", "Sailing", "drop anchor"), ("Sailing", "Docked", "moor")]),
    ],
)
def test_planted_bugs_on_agent_json_are_caught(intent: str, edges: list[tuple[str, ...]]) -> None:
    planted_reason(intent, edges)
