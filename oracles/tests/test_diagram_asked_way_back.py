"""A condition asked as a question inside a numbered step, then a way back:
"3. Check the cones. Cones soft? Go back to step 2."

The question is the way back's condition, from the item's step (glue.py); the list goes on to the
next item on the other way. A drafter that hangs the condition on the wrong edge, drops the way
back, or drops a step is refused.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason

KILN = "1. Load the tray\n2. Heat the kiln\n3. Check the cones. Cones soft? Go back to step 2.\n4. Unload the tray"
KILN_EDGES = [
    ("Load the tray", "Heat the kiln"),
    ("Heat the kiln", "Check the cones"),
    ("Check the cones", "Heat the kiln", "Cones soft"),
    ("Check the cones", "Unload the tray"),
]


@pytest.mark.parametrize("intent", [
    KILN,
    "Kiln runbook:\n1. Load the tray\n2. Heat the kiln\n3. Check the cones. Cones soft? Go back to step 2\n"
    "4. Unload the tray",
    "1) Load the tray 2) Heat the kiln 3) Check the cones. Cones soft? Return to step 2. 4) Unload the tray",
])
def test_a_question_then_a_way_back_labels_the_way_back(intent: str) -> None:
    edges = {(t.casefold(), h.casefold()): (label or "").casefold() for (t, h), label in drawn_edges(intent).items()}
    assert edges == {("load the tray", "heat the kiln"): "", ("heat the kiln", "check the cones"): "",
                     ("check the cones", "heat the kiln"): "cones soft", ("check the cones", "unload the tray"): ""}


def test_planted_condition_on_the_way_on_is_refused() -> None:
    edges = [*KILN_EDGES[:2], ("Check the cones", "Heat the kiln"), ("Check the cones", "Unload the tray", "Cones soft")]
    assert planted_reason(KILN, edges)["code"] in ("EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED")


def test_planted_way_back_dropped_is_refused() -> None:
    assert planted_reason(KILN, [e for e in KILN_EDGES if e[1] != "Heat the kiln" or e[0] == "Load the tray"])


def test_planted_way_back_to_the_wrong_step_is_refused() -> None:
    edges = [*KILN_EDGES[:2], ("Check the cones", "Load the tray", "Cones soft"), KILN_EDGES[3]]
    assert planted_reason(KILN, edges)["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT", "EDGE_LABEL_WRONG")


def test_planted_step_dropped_is_refused() -> None:
    edges = [("Load the tray", "Heat the kiln"), ("Heat the kiln", "Unload the tray")]
    assert planted_reason(KILN, edges)
