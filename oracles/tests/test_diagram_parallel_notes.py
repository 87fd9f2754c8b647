"""A step list with a note on a line of its own that says some of its steps run at once: "(2a and 2b
run in parallel)", "(the three extracts run concurrently)". The drafter (parallel_note_forms.py) and
the check (parallel_note_normal.py) each read the noted steps as a parallel block: a fan-out from the
step before, a fan-in to the step after. A note that does not name its steps for sure stays refused."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.parallel_note_forms import noted_parallel_blocks
from oracles.engine.diagram.parallel_note_normal import parallel_note_normal_form
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

_EDGES = {("receive order", "charge card"), ("receive order", "reserve stock"), ("charge card", "ship order"),
          ("reserve stock", "ship order")}


@pytest.mark.parametrize(
    "intent",
    [
        "Fulfilment:\n1. Receive order\n2a. Charge card\n2b. Reserve stock\n(2a and 2b run in parallel)\n"
        "3. Ship order (only after both 2a and 2b)",
        "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(steps 2a & 2b happen at the same time)\n3. Ship order",
        "- Receive order\n- Charge card\n- Reserve stock\n(these two steps run concurrently)\n- Ship order (after both)",
    ],
)
def test_noted_steps_fan_out_and_back_in(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert {n.lower() for n in nodes} == {"receive order", "charge card", "reserve stock", "ship order"}
    assert {(a.lower(), b.lower()) for a, b in edges} == _EDGES


def test_the_counted_steps_that_open_with_the_notes_word_are_the_block() -> None:
    intent = "### Nightly\n- Extract orders\n- Extract customers\n- Extract products\n\n(the three extracts run concurrently)\n\n" \
             "- Join everything\n- Publish dashboard"
    nodes, edges = _drawn(intent)
    assert set(edges) == {("extract orders", "join everything"), ("extract customers", "join everything"),
                          ("extract products", "join everything"), ("join everything", "publish dashboard")}


@pytest.mark.parametrize("rewrite", [noted_parallel_blocks, parallel_note_normal_form])
@pytest.mark.parametrize(
    "intent",
    [
        "- Extract orders\n- Extract customers\n- Extract products\n(the two extracts run concurrently)\n- Join",  # which two?
        "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(2a and 2c run in parallel)\n3. Ship order",  # no 2c
        "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(these run in parallel)\n3. Ship order",  # how many?
        "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(2a and 2b run in parallel)\n3. Ship order (after all three)",
    ],
)
def test_a_note_that_does_not_name_its_steps_for_sure_is_left_as_written(rewrite, intent: str) -> None:  # noqa: ANN001
    assert rewrite(intent) == intent


def test_a_note_that_does_not_name_its_steps_for_sure_is_refused() -> None:
    _refused("- Extract orders\n- Extract customers\n- Extract products\n(the two extracts run concurrently)\n- Join")


def test_a_join_edge_left_out_is_caught() -> None:
    # planted bug: the drafter forgets one noted step's edge into the step after the block
    intent = "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(2a and 2b run in parallel)\n3. Ship order"
    reason = _planted(intent, "  n2 -> n3;\n", "")
    assert reason["code"] in {"EDGE_MISSING", "CONTENT_NOT_PLACED"}


def test_steps_drawn_in_a_row_instead_of_side_by_side_are_caught() -> None:
    # planted bug: the drafter chains the noted steps one after the other
    intent = "1. Receive order\n2a. Charge card\n2b. Reserve stock\n(2a and 2b run in parallel)\n3. Ship order"
    reason = _planted(intent, "  n0 -> n2;\n", "  n1 -> n2;\n")
    assert reason["code"] in {"EDGE_MISSING", "EDGE_NOT_IN_INTENT"}


@pytest.mark.parametrize(
    "intent",
    [
        "Onboarding:\n- Sign NDA\n  - then in parallel:\n    - Create account\n    - Grant access\n- after both are done: Kickoff",
        "- Sign NDA\n    - in parallel:\n        - Create account\n        - Grant access\n- Kickoff",
    ],
)
def test_a_parallel_block_nested_under_the_step_before_it_fans_out_from_that_step(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert set(edges) == {("sign nda", "create account"), ("sign nda", "grant access"), ("create account", "kickoff"),
                          ("grant access", "kickoff")}


@pytest.mark.parametrize("rewrite", [noted_parallel_blocks, parallel_note_normal_form])
def test_a_block_beside_another_child_of_the_step_stays_where_it_is(rewrite) -> None:  # noqa: ANN001
    intent = "- Sign NDA\n  - then in parallel:\n    - Create account\n    - Grant access\n  - File the NDA\n- Kickoff"
    assert rewrite(intent) == intent


def test_when_all_of_that_is_done_joins_a_block() -> None:
    intent = "Offboarding:\n- Submit the exit form\n- Then, in parallel:\n  - Revoke access\n  - Collect the badge\n" \
             "- When all of that's done, send the exit survey"
    _, edges = _drawn(intent)
    assert set(edges) == {("submit the exit form", "revoke access"), ("submit the exit form", "collect the badge"),
                          ("revoke access", "send the exit survey"), ("collect the badge", "send the exit survey")}
