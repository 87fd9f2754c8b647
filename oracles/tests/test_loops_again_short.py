"""Loops said with a step's first words and "again": "check the starter … If not doubled, wait another hour
and check again" goes back to 'check the starter' (drafter: again_forms.py; check: again_normal.py). Read only
when one step named before opens with those words; a short name that is no step's opening ("test again" after
"run the tests"), two steps opening alike, "again later", a pronoun ("check it again") stay refused, and the
check refuses a drawing that goes back elsewhere or draws the short name as a step of its own."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.again_normal import shortened_again_named
from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

_STARTER = ("feed the starter, then wait 4 hours, then check the starter. If not doubled, wait another hour and "
            "check again. When doubled, mix the dough.")


def test_a_step_said_again_by_its_verb_is_the_way_back_to_it() -> None:
    edges = drawn_edges(_STARTER)
    assert edges == {("feed the starter", "wait 4 hours"): None, ("wait 4 hours", "check the starter"): None,
                     ("check the starter", "wait another hour"): "if not doubled",
                     ("wait another hour", "check the starter"): None,
                     ("check the starter", "mix the dough"): "when doubled"}


@pytest.mark.parametrize(("intent", "back"), [
    ("write the code, then test the code. If it fails, fix the code, then test again. If it passes, deploy.",
     ("fix the code", "test the code")),
    ("write the code, then test the code. If it fails, fix the code and test again. If it passes, deploy.",
     ("fix the code", "test the code")),
    ('draw_flowchart(spec="Poll the order status endpoint. If status is pending, sleep 30 seconds and poll again. '
     'If status is shipped, send the tracking email. If status is cancelled, issue a refund.")',
     ("sleep 30 seconds", "Poll the order status endpoint")),
    ("feed the starter, then check the starter. If not doubled, wait and then check again. When doubled, mix the dough.",
     ("wait", "check the starter")),
    ("feed the starter, then wait 4 hours, then check the starter. If not doubled, wait another hour and feed again. "
     "When doubled, mix the dough.", ("wait another hour", "feed the starter")),
])
def test_other_phrasings_of_a_short_way_back(intent: str, back: tuple[str, str]) -> None:
    assert back in drawn_edges(intent)


@pytest.mark.parametrize("intent", [
    # two steps open with "check": which one is checked again is a guess
    "check the stock, then check the payment. If unpaid, wait a day and check again. If paid, ship the order.",
    # not the step's first words
    "write the code, then run the tests. If they fail, fix the code and test again. If they pass, deploy.",
    # "again later", "or", a pronoun, a count of tries: not read
    _STARTER.replace("check again.", "check again later."),
    _STARTER.replace("and check again", "or check again"),
    _STARTER.replace("check again", "check it again"),
    _STARTER.replace("check again.", "check again, up to 3 times."),
    # the step opening with "check" is said only after the way back
    "feed the starter, then wait 4 hours. If not doubled, wait another hour and check again. Then check the starter "
    "and mix the dough.",
])
def test_near_misses_stay_refused(intent: str) -> None:
    refusal_reason(intent)


def test_the_check_writes_out_only_the_one_step_said_before() -> None:
    nodes = ["feed the starter", "wait 4 hours", "check the starter", "wait another hour", "mix the dough"]
    assert "wait another hour and check the starter again." in shortened_again_named(_STARTER, nodes)
    twice = "check the stock, then check the payment. If unpaid, wait a day and check again."
    assert shortened_again_named(twice, ["check the stock", "check the payment", "wait a day"]) == twice
    assert shortened_again_named(_STARTER, [*nodes, "check"]) == _STARTER  # 'check' drawn as its own step


_GOOD = [("feed the starter", "wait 4 hours"), ("wait 4 hours", "check the starter"),
         ("check the starter", "wait another hour", "if not doubled"), ("check the starter", "mix the dough", "when doubled")]


def test_planted_way_back_to_another_step_is_refused() -> None:
    reason = planted_reason(_STARTER, [*_GOOD, ("wait another hour", "feed the starter")])
    assert reason["code"] == "EDGE_MISSING"


def test_planted_short_name_drawn_as_its_own_step_is_refused() -> None:
    planted_reason(_STARTER, [*_GOOD, ("wait another hour", "check"), ("check", "mix the dough")])


def test_planted_missing_way_back_is_refused() -> None:
    reason = planted_reason(_STARTER, _GOOD)
    assert reason["code"] == "EDGE_MISSING"


def test_planted_way_back_when_two_steps_open_alike_is_refused() -> None:
    intent = "check the stock, then check the payment. If unpaid, wait a day and check again. If paid, ship the order."
    planted_reason(intent, [("check the stock", "check the payment"), ("check the payment", "wait a day", "if unpaid"),
                            ("wait a day", "check the payment"), ("check the payment", "ship the order", "if paid")])


# --- a step that asks: "check if it has doubled", answered on its arrows (asking_steps_check.py) ---------------

_PAID = "Receive order, then check if it is paid. If paid, ship it; if not, send a reminder."


@pytest.mark.parametrize(("intent", "question"), [
    (_PAID, "check if it is paid"),
    ("Open the app, then see if the user is logged in. If logged in, show the dashboard; otherwise show the login "
     "page.", "see if the user is logged in"),
    ("Sourdough: feed the starter, wait 4 hours, then check if it has doubled. If not doubled, wait another hour and "
     "check again. When doubled, mix the dough.", "check if it has doubled"),
])
def test_a_step_that_asks_if_is_drawn_with_its_answers(intent: str, question: str) -> None:
    edges = drawn_edges(intent)
    assert sum(1 for (tail, _), label in edges.items() if tail == question and label) >= 2


@pytest.mark.parametrize("intent", [
    "Receive order, then check if it is paid. If paid, ship it.",  # one answer: "if" may be a condition
    "Receive order, then check if paid, then ship it.",  # no answers at all
])
def test_a_step_that_asks_without_answers_stays_refused(intent: str) -> None:
    refusal_reason(intent)


def test_planted_unanswered_asking_step_is_refused() -> None:
    reason = planted_reason(_PAID, [("Receive order", "check if it is paid"), ("check if it is paid", "ship it"),
                                    ("check if it is paid", "send a reminder")])
    assert reason["code"] == "NODE_HOLDS_CONDITION"


def test_planted_answers_swapped_on_an_asking_step_are_refused() -> None:
    reason = planted_reason(_PAID, [("Receive order", "check if it is paid"),
                                    ("check if it is paid", "ship it", "if not"),
                                    ("check if it is paid", "send a reminder", "if paid")])
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_planted_answer_drawn_from_another_step_is_refused() -> None:
    planted_reason(_PAID, [("Receive order", "check if it is paid"), ("check if it is paid", "ship it", "if paid"),
                           ("ship it", "send a reminder", "if not")])


# --- a way back by the step's first words: "-> back to 3-way match" (again_forms.py / again_normal.py) ---------

_INVOICE = ("invoice processing: receive invoice -> 3-way match with PO and receipt -> if match: schedule payment -> "
            "pay; if mismatch: AP clerk resolves -> back to 3-way match")


@pytest.mark.parametrize(("intent", "back"), [
    (_INVOICE, ("AP clerk resolves", "3-way match with PO and receipt")),
    ("build the app -> run the unit tests -> if green: deploy; if red: fix the code -> back to run the unit",
     ("fix the code", "run the unit tests")),
])
def test_a_way_back_by_first_words_goes_to_that_step(intent: str, back: tuple[str, str]) -> None:
    assert back in drawn_edges(intent)


@pytest.mark.parametrize("intent", [
    # one word after "back to" may be a place of its own, or the flow's start
    "build the app -> run the unit tests -> if green: deploy; if red: fix the code -> back to run",
    "Open the hood -> start the engine -> listen. If it rattles, stop the engine and go back to start.",
    # cut off on an article, something after it, words that open no step
    "build the app -> run the unit tests -> if green: deploy; if red: fix the code -> back to run the",
    _INVOICE + " later",
    "Open the hood -> start the engine -> listen -> if it rattles: stop the engine -> back to start engine",
    # two steps open so
    "build the app -> run unit tests -> run unit checks -> if green: deploy; if red: fix the code -> back to run unit",
])
def test_near_misses_of_a_way_back_by_first_words_stay_refused(intent: str) -> None:
    refusal_reason(intent)


def test_planted_way_back_by_first_words_to_another_step_is_refused() -> None:
    planted_reason(_INVOICE, [("receive invoice", "3-way match with PO and receipt"),
                              ("3-way match with PO and receipt", "schedule payment", "if match"),
                              ("schedule payment", "pay"),
                              ("3-way match with PO and receipt", "AP clerk resolves", "if mismatch"),
                              ("AP clerk resolves", "receive invoice")])
