"""A question answered "If yes, A; otherwise B": with one question open, "otherwise" is its other way.

The "if" of "If yes" opens an answer, not a condition of its own, so the "otherwise" after it is
the question's "no" side (answer_placement.py). The check still places it on its own: a drafter
that hangs the "otherwise" on another node is refused, and so is a text with two open questions
and one "otherwise", or an "otherwise" after an "If no" of a second question (whose other way?).

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal

PARCEL = ("Draw this: scan the parcel -> Is the label readable? If yes, sort it to the belt; "
          "otherwise send it to manual handling.")


@pytest.mark.parametrize("intent", [
    PARCEL,
    "scan the parcel, then is the label readable? If yes, sort it to the belt; otherwise send it to manual handling.",
    "Scan the parcel → Is the label readable? If yes, sort it to the belt. Otherwise, send it to manual handling.",
])
def test_otherwise_after_if_yes_answers_the_one_open_question(intent: str) -> None:
    edges = {(t.casefold(), h.casefold()): (label or "").casefold() for (t, h), label in drawn_edges(intent).items()}
    assert edges == {
        ("scan the parcel", "is the label readable?"): "",
        ("is the label readable?", "sort it to the belt"): "if yes",
        ("is the label readable?", "send it to manual handling"): "otherwise",
    }


def test_a_bare_question_answered_if_yes_otherwise() -> None:
    edges = drawn_edges("Form complete? If yes, file it; otherwise return it to the sender.")
    assert set(edges) == {("Form complete?", "file it"), ("Form complete?", "return it to the sender")}


def test_planted_otherwise_hung_on_the_first_step_is_refused() -> None:
    reason = planted_reason(PARCEL, [
        ("scan the parcel", "Is the label readable?"),
        ("Is the label readable?", "sort it to the belt", "if yes"),
        ("scan the parcel", "send it to manual handling", "otherwise"),
    ])
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_planted_otherwise_hung_on_the_yes_step_is_refused() -> None:
    reason = planted_reason(PARCEL, [
        ("scan the parcel", "Is the label readable?"),
        ("Is the label readable?", "sort it to the belt", "if yes"),
        ("sort it to the belt", "send it to manual handling", "otherwise"),
    ])
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_planted_answers_swapped_are_refused() -> None:
    reason = planted_reason(PARCEL, [
        ("scan the parcel", "Is the label readable?"),
        ("Is the label readable?", "send it to manual handling", "if yes"),
        ("Is the label readable?", "sort it to the belt", "otherwise"),
    ])
    assert reason["code"] in ("EDGE_LABEL_WRONG", "EDGE_MISSING", "EDGE_NOT_IN_INTENT", "CONTENT_NOT_PLACED")


@pytest.mark.parametrize("intent", [
    # two questions open, one "otherwise": the first's "no" or the second's?
    "Pack the box -> In stock? yes: Fragile? yes: wrap it; otherwise ship it.",
    # "otherwise" after the second question's "If no": its yes, or the first question's no?
    "Form complete? If yes, file it. Signed? If no, reject it; otherwise archive it.",
])
def test_an_otherwise_that_two_questions_could_own_is_still_refused(intent: str) -> None:
    assert refusal(intent)["code"] in ("UNREADABLE_RELATION", "UNREADABLE_INTENT", "EDGE_LABEL_WRONG",
                                       "NODE_NOT_IN_INTENT", "CONTENT_NOT_PLACED")
