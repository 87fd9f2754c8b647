"""A state diagram's start and end markers ("[*] --> Idle", "Done --> [*]", PlantUML's "[*] -> Idle")
are content: drawn as Start and End nodes with their edges, never dropped. The check reads the
marker lines from the intent on its own (planted bugs: a drawing without them is refused).

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import answer, get_kind
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.pseudo_states import refuse_dropped_markers
from oracles.eval import norm_label, read_diagram


def _edges(intent: str) -> set[tuple[str, str]]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_diagram(verdict.result)
    return {(norm_label(t), norm_label(h)) for t, h in graph.edges}


TURNSTILE = "stateDiagram-v2\n  [*] --> Locked\n  Locked --> Unlocked : coin\n  Unlocked --> Locked : push\n  Locked --> [*] : power cut"


@pytest.mark.parametrize(("intent", "expected"), [
    (TURNSTILE, {("start", "locked"), ("locked", "unlocked"), ("unlocked", "locked"), ("locked", "end")}),
    # in a fence after a request, with a named state behind an id
    ('Can you turn this into a picture?\n```mermaid\nstateDiagram\n    state "Waiting for payment" as W\n    [*] --> W\n'
     "    W --> Paid : payment received\n    Paid --> [*]\n```",
     {("start", "waiting for payment"), ("waiting for payment", "paid"), ("paid", "end")}),
    # PlantUML, both arrow lengths and an arrow written backwards
    ("@startuml\n[*] -> Draft\nDraft --> Review : submit\nReview -> Draft : changes requested\nReview --> [*]\n@enduml",
     {("start", "draft"), ("draft", "review"), ("review", "draft"), ("review", "end")}),
    ('@startuml\nstate "Cooling down" as CD\nHeating <- [*]\nHeating -> CD : target reached\nCD -> Heating : too cold\n@enduml',
     {("start", "heating"), ("heating", "cooling down"), ("cooling down", "heating")}),
])
def test_start_and_end_markers_are_drawn_as_start_and_end_nodes(intent: str, expected: set[tuple[str, str]]) -> None:
    assert _edges(intent) == expected


@pytest.mark.parametrize(("intent", "name"), [
    ("stateDiagram-v2\n  [*] --> Start\n  Start --> Warmed : heat", "Start"),
    ("@startuml\n[*] -> Boot\nBoot -> End : halt\nEnd --> [*]\n@enduml", "End"),
])
def test_a_state_named_like_a_marker_is_refused_not_merged_with_it(intent: str, name: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and f"'{name}'" in verdict.reason["message"]  # type: ignore[index]


# --- the check: planted bugs ---------------------------------------------------------------------
def _planted(intent: str, drop: str) -> dict[str, str]:
    """A correct draft with the node labelled `drop` and its edges taken out; the facts emptied."""
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    source = draft.artifact
    node = next(line.split()[0] for line in source.splitlines() if f'[label="{drop}"' in line)
    kept = [line for line in source.splitlines() if not line.strip().startswith(node + " ")
            and f"-> {node} " not in line and f"-> {node};" not in line]
    verdict = kind.check(intent, replace(draft, artifact="\n".join(kept) + "\n", facts={}), {})
    assert verdict.status == "invalid" and verdict.reason is not None
    return verdict.reason


@pytest.mark.parametrize(("drop", "said"), [("Start", "[*] --> Locked"), ("End", "Locked --> [*]")])
def test_a_dropped_start_or_end_marker_is_refused(drop: str, said: str) -> None:
    reason = _planted(TURNSTILE, drop)
    assert reason["code"] == "EDGE_MISSING" and said in reason["message"]


@pytest.mark.parametrize(("intent", "nodes", "edges", "said"), [
    (TURNSTILE, ["Locked", "Unlocked"], [("Locked", "Unlocked", "coin"), ("Unlocked", "Locked", "push")], "[*] --> Locked"),
    # the marker drawn, but at the wrong state
    (TURNSTILE, ["Start", "Locked", "Unlocked", "End"],
     [("Start", "Unlocked", None), ("Locked", "Unlocked", "coin"), ("Unlocked", "Locked", "push"), ("Locked", "End", None)],
     "[*] --> Locked"),
    # PlantUML's backwards arrow: the state the machine starts in
    ("@startuml\nIdle <- [*]\nIdle -> Busy : job\n@enduml", ["Idle", "Busy", "End"],
     [("Idle", "Busy", "job"), ("Idle", "End", None)], "[*] --> Idle"),
])
def test_the_marker_rule_reads_the_intent_on_its_own(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]],
                                                      said: str) -> None:
    with pytest.raises(EngineRefusal) as refused:
        refuse_dropped_markers(intent, nodes, edges)
    assert refused.value.code == "EDGE_MISSING" and said in refused.value.message
