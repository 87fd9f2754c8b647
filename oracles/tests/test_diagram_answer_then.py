"""An answer row that goes on step by step: "Pass valid? Yes: open the gate, then count the passenger."

The answer labels its first step, and "then" / "and then" lead on from it (reading.py); the check
reads the same row on its own (glue.py). A drafter that hangs the second step off the question, or
drops it, is refused.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason

GATE = "scan the pass -> Pass valid? Yes: open the gate, then count the passenger. No: call the agent."
GATE_EDGES = [
    ("scan the pass", "Pass valid?"),
    ("Pass valid?", "open the gate", "Yes"),
    ("open the gate", "count the passenger"),
    ("Pass valid?", "call the agent", "No"),
]


@pytest.mark.parametrize("intent", [GATE, GATE.replace(", then", " and then")])
def test_an_answer_row_goes_on_from_its_first_step(intent: str) -> None:
    edges = drawn_edges(intent)
    assert set(edges) == {(t, h) for t, h, *_ in GATE_EDGES}
    assert edges[("Pass valid?", "open the gate")] == "Yes"
    assert edges[("open the gate", "count the passenger")] is None


def test_planted_second_step_hung_on_the_question_is_refused() -> None:
    edges = [e for e in GATE_EDGES if e[0] != "open the gate"] + [("Pass valid?", "count the passenger")]
    assert planted_reason(GATE, edges)["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_planted_second_step_dropped_is_refused() -> None:
    assert planted_reason(GATE, [e for e in GATE_EDGES if e[0] != "open the gate"])
