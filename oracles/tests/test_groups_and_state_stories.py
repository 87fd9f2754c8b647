"""Groups written as brace blocks ("cluster VPC { lb, app1 }") and state machines told as a story
("It starts Idle. When called it goes to Moving."): drawn right, near-misses refused, and planted
drafter bugs refused by the check."""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back
from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal

VPC = "cluster VPC { lb, app1, app2, db }\ninternet -> lb\nlb -> app1\nlb -> app2\napp1 -> db\napp2 -> db"
VPC_EDGES = [("internet", "lb"), ("lb", "app1"), ("lb", "app2"), ("app1", "db"), ("app2", "db")]


def _clusters(intent: str) -> list[tuple[str, list[str]]]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    return [(label, sorted(members)) for label, members in read_back(verdict.result).clusters]


def _planted_groups(intent: str, edges: list[tuple[str, str]], groups: dict[str, list[str]]) -> dict[str, str]:
    """The check's refusal of a drawing with these edges and these clusters."""
    nodes = sorted({n for edge in edges for n in edge} | {m for ms in groups.values() for m in ms})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"]
    for index, (name, members) in enumerate(groups.items()):
        lines += [f'  subgraph cluster_{index} {{ label="{name}";'] + [f'    {ids[m]} [label="{m}"];' for m in members] + ["  }"]
    lines += [f'  {ids[n]} [label="{n}"];' for n in nodes if not any(n in ms for ms in groups.values())]
    lines += [f"  {ids[t]} -> {ids[h]};" for t, h in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


@pytest.mark.parametrize(
    ("intent", "groups", "edges"),
    [
        (VPC, [("VPC", ["app1", "app2", "db", "lb"])], set(VPC_EDGES)),
        ("subgraph Edge { cdn; waf }\nsubgraph App {\n  api\n  worker\n}\ncdn -> waf -> api\napi -> worker",
         [("App", ["api", "worker"]), ("Edge", ["cdn", "waf"])], {("cdn", "waf"), ("waf", "api"), ("api", "worker")}),
        ("Our setup:\nbox Office { printer, laptop }\nlaptop -> printer\nlaptop -> NAS",
         [("Office", ["laptop", "printer"])], {("laptop", "printer"), ("laptop", "NAS")}),
    ],
)
def test_brace_groups_are_drawn_as_clusters(intent: str, groups: list[tuple[str, list[str]]], edges: set[tuple[str, str]]) -> None:
    assert sorted(_clusters(intent)) == groups
    assert drawn(intent)[1] == edges


@pytest.mark.parametrize(
    "intent",
    [
        "cluster VPC { lb -> app1 }\ninternet -> lb",  # a relation inside the braces is no member list
        "cluster A { x, y }\ncluster B { y, z }\nx -> z",  # one member in two groups
        "cluster VPC { lb, app1\ninternet -> lb\nlb -> app1",  # never closed
        "cluster VPC { lb, app1 } and also the db\ninternet -> lb\nlb -> app1 -> db",  # more than the block on its line
    ],
)
def test_brace_group_near_misses_are_refused(intent: str) -> None:
    assert refusal(intent)["code"]


def test_a_member_said_with_not_is_refused() -> None:
    for intent in ("cluster VPC { lb, app1, not the db }\ninternet -> lb\nlb -> app1 -> db",
                   "VPC group: lb, app1, not the db\ninternet -> lb\nlb -> app1 -> db"):
        assert refusal(intent)["code"] == "GROUP_NOT_IN_INTENT"


@pytest.mark.parametrize(
    "groups",
    [
        {"VPC": ["lb", "app1", "app2"]},  # a member dropped
        {"VPC": ["lb", "app1", "app2", "db", "internet"]},  # a member added
        {"cluster VPC": ["lb", "app1", "app2", "db"]},  # the keyword kept in the name
        {},  # the group not drawn
    ],
)
def test_planted_group_bugs_are_refused(groups: dict[str, list[str]]) -> None:
    assert _planted_groups(VPC, VPC_EDGES, groups)["code"] in ("GROUP_NOT_IN_INTENT", "GROUP_MISSING")


ELEVATOR = ("State diagram for an elevator: it starts Idle. When called it goes to Moving. When it arrives it goes to "
            "Doors Open. After a timeout it goes back to Idle.")
ASSISTANT = ("The assistant sits in Idle. The wake word moves it to Listening. From Listening, the end of speech moves it "
             "to Thinking, and after 30 s of silence it falls back to Idle. Thinking goes to Speaking when the answer "
             "is ready; Speaking returns to Idle when done.")


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        (ELEVATOR, {("Idle", "Moving"): "called", ("Moving", "Doors Open"): "when it arrives",
                    ("Doors Open", "Idle"): "after a timeout"}),
        (ASSISTANT, {("Idle", "Listening"): "wake word", ("Listening", "Thinking"): "end of speech",
                     ("Listening", "Idle"): "after 30 s of silence", ("Thinking", "Speaking"): "answer is ready",
                     ("Speaking", "Idle"): "done"}),
        ("Kettle states: it starts Off. When you flip the switch it goes to Heating. After it boils it goes back to Off.",
         {("Off", "Heating"): "you flip the switch", ("Heating", "Off"): "after it boils"}),
        ("A ticket starts as New. Once an agent picks it up it moves to Open. When fixed it becomes Resolved.",
         {("New", "Open"): "once an agent picks it up", ("Open", "Resolved"): "fixed"}),
        ("The pump sits in Stopped. The start button moves it to Running. The stop button moves it back to Stopped.",
         {("Stopped", "Running"): "start button", ("Running", "Stopped"): "stop button"}),
        ("Order lifecycle: an order starts as Pending. When payment clears it becomes Paid. When the parcel leaves "
         "the warehouse it becomes Shipped.",
         {("Pending", "Paid"): "payment clears", ("Paid", "Shipped"): "when the parcel leaves the warehouse"}),
        ("it starts off in Idle. When called it goes to Moving.", {("Idle", "Moving"): "called"}),
    ],
)
def test_state_stories_are_drawn(intent: str, edges: dict[tuple[str, str], str]) -> None:
    assert drawn_edges(intent) == edges


@pytest.mark.parametrize(
    "intent",
    [
        "It starts Idle. When called it goes to Moving. It waits a while. When it arrives it goes to Doors Open.",
        "It starts Idle. When called it goes to Moving or Parked.",  # two states: which one?
        "It starts Idle. Unless called it goes to Moving.",
        "It starts Idle. When called it does not go to Moving.",
        "It starts Idle. From Busy, a reset moves it to Idle.",  # the opening state never left
    ],
)
def test_state_story_near_misses_are_refused(intent: str) -> None:
    assert refusal(intent)["code"]


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        # the event moved to another arrow
        (ELEVATOR, [("Idle", "Moving", "when it arrives"), ("Moving", "Doors Open", "called"), ("Doors Open", "Idle", "after a timeout")]),
        # a move drawn from the opening state instead of the state reached
        (ELEVATOR, [("Idle", "Moving", "called"), ("Idle", "Doors Open", "when it arrives"), ("Doors Open", "Idle", "after a timeout")]),
        # a move dropped
        (ELEVATOR, [("Idle", "Moving", "called"), ("Moving", "Doors Open", "when it arrives")]),
        # "From Listening, …, and after 30 s it falls back": from Listening, not from Thinking
        (ASSISTANT, [("Idle", "Listening", "wake word"), ("Listening", "Thinking", "end of speech"),
                     ("Thinking", "Idle", "after 30 s of silence"), ("Thinking", "Speaking", "answer is ready"),
                     ("Speaking", "Idle", "done")]),
        # an edge added
        (ELEVATOR, [("Idle", "Moving", "called"), ("Moving", "Doors Open", "when it arrives"),
                    ("Doors Open", "Idle", "after a timeout"), ("Moving", "Idle", None)]),
        # a label cut short
        (ELEVATOR, [("Idle", "Moving", "called"), ("Moving", "Doors Open", "when it"), ("Doors Open", "Idle", "after a timeout")]),
    ],
)
def test_planted_state_story_bugs_are_refused(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    assert planted_reason(intent, edges)["code"]


def test_a_dropped_state_is_refused() -> None:
    edges = [("Idle", "Moving", "called"), ("Doors Open", "Idle", "after a timeout")]
    assert planted_reason(ELEVATOR, edges)["code"]
