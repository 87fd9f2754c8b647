"""Four families found by a sealed outsider batch (u_ diagrams), each in our own phrasings with near misses
that stay valid and a planted bug the check must refuse:
- a count of the whole diagram that the names do not match (stated_counts.py);
- another language's connector or condition word inside a node (foreign_glue.py);
- a node that points at something instead of naming it (vague_names.py);
- an instruction about where to write a label kept in the label (vague_names.py).
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal_reason

# ---------------------------------------------------------------------------------------------
# 1. A stated count of the diagram


@pytest.mark.parametrize("intent", [
    "Team chart with 2 people: Ines manages Omar and Rui.",
    "A 3-step process: order -> pick -> pack -> ship",
    "state machine with four states: idle -> busy -> idle; busy -> error",
])
def test_a_count_the_names_do_not_match_isrefusal_reason(intent: str) -> None:
    reason = refusal_reason(intent)
    assert reason["code"] == "CONTENT_NOT_PLACED" and "count" in reason["message"], reason


@pytest.mark.parametrize(("intent", "nodes"), [
    ("Team chart with 3 people: Ines manages Omar and Rui.", {"Ines", "Omar", "Rui"}),
    ("A 4-step process: order -> pick -> pack -> ship", {"order", "pick", "pack", "ship"}),
    ("Ines manages 2 people: Omar and Rui.", {"Ines", "Omar", "Rui"}),  # a count of a part, not of the chart
])
def test_a_count_that_matches_or_counts_a_part_stays_valid(intent: str, nodes: set[str]) -> None:
    assert drawn(intent)[0] == nodes


def test_planted_node_dropped_to_fit_the_count_is_stillrefusal_reason() -> None:
    reason = planted_reason("A 3-step process: order -> pick -> pack -> ship", [("order", "pick"), ("pick", "pack")])
    assert reason["code"] in ("CONTENT_NOT_PLACED",), reason


# ---------------------------------------------------------------------------------------------
# 2. Another language's glue inside a node


def test_planted_two_steps_joined_by_y_arerefusal_reason() -> None:
    reason = planted_reason("Compilar → Pruebas y Revisión de código → Publicar",
                            [("Compilar", "Pruebas y Revisión de código"), ("Pruebas y Revisión de código", "Publicar")])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'y'" in reason["message"], reason


def test_planted_condition_drawn_as_a_node_isrefusal_reason() -> None:
    reason = planted_reason("Bauen → wenn grün, Ausliefern", [("Bauen", "wenn grün"), ("wenn grün", "Ausliefern")])
    assert reason["code"] == "NODE_HOLDS_CONDITION" and "'wenn'" in reason["message"], reason


def test_a_foreign_flow_of_plain_names_stays_valid() -> None:
    assert drawn("Compilar → Probar → Publicar artefacto")[0] == {"Compilar", "Probar", "Publicar artefacto"}


# ---------------------------------------------------------------------------------------------
# 3. A node that points instead of naming


@pytest.mark.parametrize("label", ["the other service", "another team", "previous step"])
def test_planted_reference_drawn_as_a_node_isrefusal_reason(label: str) -> None:
    intent = f"Checkout calls Payments. {label[0].upper() + label[1:]} calls Ledger."
    reason = planted_reason(intent, [("Checkout", "Payments"), (label, "Ledger")])
    assert reason["code"] in ("NODE_NOT_IN_INTENT",), reason


def test_other_inside_a_real_name_stays_valid() -> None:
    assert drawn("Expenses -> Other Income Review -> Close books")[0] == {"Expenses", "Other Income Review", "Close books"}


# ---------------------------------------------------------------------------------------------
# 4. An instruction kept in an edge label


def test_planted_instruction_kept_in_a_label_isrefusal_reason() -> None:
    intent = "Parser -> Quarantine (on bad record, put that on the arrow)"
    reason = planted_reason(intent, [("Parser", "Quarantine", "on bad record, put that on the arrow")])
    assert reason["code"] == "EDGE_LABEL_WRONG" and "put that on the arrow" in reason["message"], reason
