"""Transition tables pasted as data: "state,event,next" CSV, tab-separated, columns lined up with
spaces, and markdown tables whose label column may say "-" for no label. Read into exactly their
transitions (labelled with the event) and answered `valid`; the check refuses planted bugs.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back


def _drawn(intent: str) -> dict[tuple[str, str], str | None]:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    return dict(zip(graph.edges, graph.edge_labels, strict=True))


def _planted(intent: str, edges: list[tuple[str, str, str | None]]) -> dict[str, str]:
    nodes = sorted({n for t, h, _ in edges for n in (t, h)})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f"  {ids[t]} -> {ids[h]}" + (f' [label="{lab}"]' if lab else "") + ";" for t, h, lab in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


DOOR = {("closed", "open"): "push", ("open", "closed"): "release", ("closed", "locked"): "turn key",
        ("locked", "closed"): "unlock"}


@pytest.mark.parametrize(
    "intent",
    [
        "state,event,next\nclosed,push,open\nopen,release,closed\nclosed,turn key,locked\nlocked,unlock,closed",
        "Door states:\ncurrent\ton\tgoes to\nclosed\tpush\topen\nopen\trelease\tclosed\nclosed\tturn key\tlocked\n"
        "locked\tunlock\tclosed",
        "Door automaton:\nSTATE     EVENT       NEXT STATE\nclosed    push        open\nopen      release     closed\n"
        "closed    turn key    locked\nlocked    unlock      closed",
        "| Current state | On | Next |\n|---|---|---|\n| closed | push | open |\n| open | release | closed |\n"
        "| closed | turn key | locked |\n| locked | unlock | closed |",
    ],
)
def test_transition_tables_in_several_layouts(intent: str) -> None:
    assert _drawn(intent) == DOOR


def test_a_dash_in_the_label_column_is_no_label() -> None:
    intent = ("Onboarding script:\n\n| Step | Condition | Next |\n|---|---|---|\n| Greet guest | has booking | Hand over key |\n"
              "| Greet guest | walk-in | Take payment |\n| Take payment | - | Hand over key |")
    assert _drawn(intent) == {("Greet guest", "Hand over key"): "has booking", ("Greet guest", "Take payment"): "walk-in",
                              ("Take payment", "Hand over key"): None}


def test_a_prose_line_with_wide_spaces_is_no_table() -> None:
    verdict = answer("diagram", "the kettle  boils water.  Then  it stops.", "dot", {})
    assert verdict.status == "invalid"


TABLE = "state,event,next\nidle,coin,ready\nready,press,vending\nvending,done,idle"


def test_an_event_moved_to_another_transition_is_caught() -> None:
    _planted(TABLE, [("idle", "ready", "press"), ("ready", "vending", "coin"), ("vending", "idle", "done")])


def test_a_dropped_or_reversed_transition_is_caught() -> None:
    _planted(TABLE, [("idle", "ready", "coin"), ("ready", "vending", "press")])
    _planted(TABLE, [("idle", "ready", "coin"), ("vending", "ready", "press"), ("vending", "idle", "done")])


def test_a_dash_drawn_as_a_label_is_caught() -> None:
    intent = "| Step | Condition | Next |\n|---|---|---|\n| pick | in stock | pack |\n| pack | - | ship |"
    _planted(intent, [("pick", "pack", "in stock"), ("pack", "ship", "-")])
