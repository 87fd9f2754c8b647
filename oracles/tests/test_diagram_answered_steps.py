"""A numbered question item that says where both of its answers go ("3. PIN correct? Yes: go to step 4.
No: go back to step 2.", "2. Is the email valid? If yes, go to step 3; if no, return to step 1") —
one answer goes on to the next item, the other anywhere in the list (step_refs.py). Near misses stay
refused: both answers to one place, an answer to a step past the list, an answer to the item itself,
neither answer to the next item."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal

_PIN = "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 4. No: go back to step 2.\n4. Dispense cash"


def test_each_answer_goes_where_the_item_says() -> None:
    edges = drawn_edges(_PIN)
    assert set(edges) == {("Start", "Ask for PIN"), ("Ask for PIN", "PIN correct?"),
                          ("PIN correct?", "Dispense cash"), ("PIN correct?", "Ask for PIN")}
    assert edges[("PIN correct?", "Dispense cash")] == "yes"
    assert edges[("PIN correct?", "Ask for PIN")] == "no"


@pytest.mark.parametrize(
    ("intent", "question", "on", "back", "back_to"),
    [
        ("1. Enter email\n2. Is the email valid? If yes, go to step 3; if no, return to step 1.\n3. Send confirmation",
         "Is the email valid?", ("Send confirmation", "yes"), ("no",), "Enter email"),
        ("1) pull the latest code\n2) run the tests\n3) all green? no -> back to 2, yes -> step 4\n4) merge",
         "all green?", ("merge", "yes"), ("no",), "run the tests"),
        ("Step 1: Draft the post\nStep 2: Editor reviews it\nStep 3: Approved? No → go back to step 1. Yes → go to step 4\n"
         "Step 4: Publish", "Approved?", ("Publish", "yes"), ("no",), "Draft the post"),
    ],
)
def test_the_phrasings_agents_write(intent: str, question: str, on: tuple[str, str], back: tuple[str], back_to: str) -> None:
    edges = drawn_edges(intent)
    assert edges[(question, on[0])] == on[1]
    assert edges[(question, back_to)] == back[0]
    assert len([e for e in edges if e[0] == question]) == 2


@pytest.mark.parametrize(
    "intent",
    [
        "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 4. No: go to step 4.\n4. Dispense cash",
        "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 4. No: go back to step 9.\n4. Dispense cash",
        "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 4. No: go to step 3.\n4. Dispense cash",
        "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 1. No: go back to step 2.\n4. Dispense cash",
        "1. Start\n2. Ask for PIN\n3. PIN correct? Yes: go to step 4. Yes: go back to step 2.\n4. Dispense cash",
    ],
)
def test_answers_that_do_not_make_one_shape_are_refused(intent: str) -> None:
    refusal(intent)


def test_answers_drawn_the_wrong_way_round_are_caught() -> None:
    # planted bug: the drafter swaps the answers
    reason = planted_reason(_PIN, [("Start", "Ask for PIN"), ("Ask for PIN", "PIN correct?"),
                                   ("PIN correct?", "Dispense cash", "no"), ("PIN correct?", "Ask for PIN", "yes")])
    assert reason["code"] in {"EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED", "EDGE_LABEL_NOT_IN_INTENT"}


def test_a_dropped_way_back_is_caught() -> None:
    # planted bug: the drafter leaves out the "no" answer's way back
    reason = planted_reason(_PIN, [("Start", "Ask for PIN"), ("Ask for PIN", "PIN correct?"),
                                   ("PIN correct?", "Dispense cash", "yes")])
    assert reason["code"]
