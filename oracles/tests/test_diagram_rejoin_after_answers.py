"""A rejoin said after a question's answer rows: "Ready? Yes: A. No: B. In both cases, C".

"In both cases" / "either way" after a run of answer rows from one question follows the last step
of every row (glue.py). A drafter that drops the rejoin from one row, or hangs it on the question,
is refused; a rejoin after a single row is no "both" and stays refused.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn, planted_reason, refusal

TICKET = ("open the ticket → Reproducible? Yes: write a failing test. No: ask for logs. "
          "Either way, tag the ticket.")
TICKET_EDGES = [
    ("open the ticket", "Reproducible?"),
    ("Reproducible?", "write a failing test", "Yes"),
    ("Reproducible?", "ask for logs", "No"),
    ("write a failing test", "tag the ticket"),
    ("ask for logs", "tag the ticket"),
]


@pytest.mark.parametrize("intent", [
    TICKET,
    TICKET.replace("Either way,", "In both cases,"),
    TICKET.replace("Either way,", "In either case"),
])
def test_a_rejoin_after_answer_rows_follows_every_row(intent: str) -> None:
    _, edges = drawn(intent)
    assert {(t.casefold(), h.casefold()) for t, h in edges} == {
        (e[0].casefold(), e[1].casefold()) for e in TICKET_EDGES}


def test_planted_rejoin_dropped_from_one_row_is_refused() -> None:
    reason = planted_reason(TICKET, [e for e in TICKET_EDGES if e[0] != "ask for logs"])
    assert reason["code"] in ("EDGE_MISSING", "CONTENT_NOT_PLACED")


def test_planted_rejoin_hung_on_the_question_is_refused() -> None:
    edges = [e for e in TICKET_EDGES if e[1] != "tag the ticket"] + [("Reproducible?", "tag the ticket")]
    assert planted_reason(TICKET, edges)["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_planted_rejoin_dropped_altogether_is_refused() -> None:
    edges = [e for e in TICKET_EDGES if e[1] != "tag the ticket"]
    planted_reason(TICKET, edges, extra=("tag the ticket",))


def test_a_rejoin_after_one_row_is_still_refused() -> None:
    assert refusal("open the ticket → Reproducible? Yes: write a failing test. "
                   "In both cases, tag the ticket.")["code"] in ("UNREADABLE_RELATION", "UNREADABLE_INTENT",
                                                                 "CONTENT_NOT_PLACED", "EDGE_NOT_IN_INTENT")
