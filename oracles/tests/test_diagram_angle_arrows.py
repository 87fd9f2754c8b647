"""">" typed as an arrow between names ("dough > proof > bake", "Tree > Oak, Ash") is read as "->" by
the drafter and the check alike (angle_arrows.py); a comparison or a quotation never is."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.angle_arrows import angle_brackets_as_arrows
from oracles.tests.planted_diagrams import drawn, planted_reason


def test_a_chain_of_angle_brackets_is_a_flow() -> None:
    nodes, edges = drawn("bakery line: mix dough > proof > bake loaves > cool")
    assert edges == {("mix dough", "proof"), ("proof", "bake loaves"), ("bake loaves", "cool")}


def test_an_angle_bracket_before_a_list_fans_out() -> None:
    nodes, edges = drawn("Trees > Oaks, Ashes. Oaks > Red oak, White oak.")
    assert edges == {("Trees", "Oaks"), ("Trees", "Ashes"), ("Oaks", "Red oak"), ("Oaks", "White oak")}


@pytest.mark.parametrize(
    "intent",
    ["if the amount > $500, ask finance; otherwise pay", "score > 700 → approve", "> quoted: mix > bake",
     "mix -> proof > bake", "temperature > high, then vent"],
)
def test_comparisons_quotes_and_mixed_arrows_are_left_as_written(intent: str) -> None:
    assert angle_brackets_as_arrows(intent) == intent


def test_a_step_dropped_from_an_angle_chain_is_caught() -> None:
    reason = planted_reason("mix dough > proof > bake loaves", [("mix dough", "bake loaves")])
    assert reason["code"] in ("CONTENT_NOT_PLACED", "EDGE_MISSING")
