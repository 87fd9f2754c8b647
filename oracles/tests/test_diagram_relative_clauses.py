"""A relative clause between a sentence's subject and its verb is a sentence of its own about that
subject (relative_clauses.py, read alike by the drafter and the check): a clause that states a
relation draws it, a clause that only describes the subject is content the drawing must place."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.diagram.relative_clauses import relative_clauses_apart
from oracles.tests.planted_diagrams import drawn, planted_reason


def test_a_relation_in_the_clause_is_drawn_from_the_subject() -> None:
    nodes, edges = drawn("The kiosk, which talks to the vault, sends receipts to the printer.")
    assert nodes == {"kiosk", "vault", "printer"}
    assert edges == {("kiosk", "vault"), ("kiosk", "printer")}


def test_a_clause_that_only_describes_the_subject_is_not_dropped() -> None:
    verdict = answer("diagram", "The kiosk, which beeps loudly, sends receipts to the printer.", "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "CONTENT_NOT_PLACED"
    assert "beeps loudly" in verdict.reason["message"]


@pytest.mark.parametrize(
    "text",
    [
        "The kiosk talks to the vault, which sends receipts to the printer.",  # after the object: read where it stands
        "The web app calls the API, which queries Postgres, writes logs.",  # no short subject before the clause
        "Ana, the head of sales, reports to Bo.",  # an apposition, not a relative clause
        "The kiosk, which talks to the vault, and the printer share a shelf.",  # the sentence goes on with "and"
    ],
)
def test_other_sentences_are_left_as_written(text: str) -> None:
    assert relative_clauses_apart(text) == text


def test_the_clause_comes_apart_as_its_own_sentence() -> None:
    assert relative_clauses_apart("Setup: the kiosk, who talks to the vault, prints slips.") == \
        "Setup: The kiosk talks to the vault. The kiosk prints slips."


def test_the_clause_drawn_from_the_wrong_part_is_caught() -> None:
    # planted bug: the clause's relation is drawn from the object of the main clause
    intent = "The kiosk, which talks to the vault, sends receipts to the printer."
    reason = planted_reason(intent, [("printer", "vault"), ("kiosk", "printer", "receipts")])
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")
