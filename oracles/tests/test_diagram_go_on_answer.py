"""A numbered item's question answered "If yes, continue.": the way on to the next item is the answer.

"2. Cones bent? If no, go back to step 1. If yes, continue.\\n3. Unload the tray": the "yes" leads
from the item's question to the next item (answer_placement.py places it there, glue.py labels the
list's way on with it). A drafter that hangs the answer elsewhere, leaves it off, or drops the way
on is refused; a "continue" that is not at the end of a list item is not read as one.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal

DOUGH = "1. Knead the dough\n2. Springs back? If no, go back to step 1. If yes, continue.\n3. Shape the loaf"
DOUGH_EDGES = [
    ("Knead the dough", "Springs back?"),
    ("Springs back?", "Knead the dough", "no"),
    ("Springs back?", "Shape the loaf", "yes"),
]


@pytest.mark.parametrize("intent", [
    DOUGH,
    "Bread:\n" + DOUGH,
    DOUGH.replace("\n", "\n\n"),
])
def test_if_yes_continue_labels_the_way_on_to_the_next_item(intent: str) -> None:
    edges = {(t.casefold(), h.casefold()): (label or "").casefold().removeprefix("if ")
             for (t, h), label in drawn_edges(intent).items()}
    assert edges == {("knead the dough", "springs back?"): "", ("springs back?", "knead the dough"): "no",
                     ("springs back?", "shape the loaf"): "yes"}


def test_planted_answers_swapped_are_refused() -> None:
    edges = [DOUGH_EDGES[0], ("Springs back?", "Knead the dough", "yes"), ("Springs back?", "Shape the loaf", "no")]
    assert planted_reason(DOUGH, edges)["code"] in ("EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED")


def test_planted_way_on_left_unlabelled_is_refused() -> None:
    edges = [*DOUGH_EDGES[:2], ("Springs back?", "Shape the loaf")]
    assert planted_reason(DOUGH, edges)["code"] in ("CONTENT_NOT_PLACED", "EDGE_LABEL_WRONG")


def test_planted_way_on_dropped_is_refused() -> None:
    assert planted_reason(DOUGH, DOUGH_EDGES[:2], extra=("Shape the loaf",))


def test_planted_answer_hung_on_the_first_item_is_refused() -> None:
    edges = [*DOUGH_EDGES[:2], ("Knead the dough", "Shape the loaf", "yes")]
    assert planted_reason(DOUGH, edges)


def test_continue_outside_a_list_is_not_the_way_on() -> None:
    assert refusal("Knead the dough -> Springs back? If yes, continue. Shape the loaf.")
