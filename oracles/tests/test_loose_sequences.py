"""Message sequences written in loose English: a reply said "Server answer to Client" (base form, after
the receiver addressed the answering party) is the arrow Server -> Client, labelled with what it carries."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

ASKED = "Sequence: Client send request to Server. "


def test_bare_answer_to_is_a_reply_labelled_answer() -> None:
    edges = drawn_edges(ASKED + "Server answer to Client.")
    assert ("Client", "Server") in edges
    assert edges[("Server", "Client")] == "answer"


@pytest.mark.parametrize(("tail", "label"), [
    ('Server answer to Client "ok".', "ok"),
    ("Server answer to the Client 'done'.", "done"),
    ("Server answer to Client: yes in stock.", "yes in stock"),
    ("Server answer to Client with result.", "result"),  # what follows "with" is what it carries
])
def test_answer_to_carries_its_message(tail: str, label: str) -> None:
    assert drawn_edges(ASKED + tail)[("Server", "Client")] == label


@pytest.mark.parametrize("tail", [
    "Server answer to Client with result if found.",  # a condition after "with …"
    "Server answer to Client: ok if found.",  # a condition inside the message
    "Server answer to Client: 'ok",  # a quote never closed
    "Server quickly answer to Client.",  # a word between the party and the verb
    'Server answer to Client "ok" and log it.',  # a second clause
])
def test_near_misses_stay_refused(tail: str) -> None:
    refusal_reason(ASKED + tail)


@pytest.mark.parametrize("intent", [
    "The CEO leads Sales. Sales answers to the CEO.",  # "answers to" is how a reporting line is said
    "The CEO leads Sales. Sales answer to the CEO.",  # the CEO never addressed Sales with a message
])
def test_reporting_lines_are_not_rewritten_as_replies(intent: str) -> None:
    assert ("Sales", "CEO") not in drawn_edges(intent)


def test_planted_reply_drawn_the_wrong_way_is_refused() -> None:
    intent = ASKED + 'Server answer to Client "ok".'
    planted_reason(intent, [("Client", "Server", "request"), ("Client", "Server", "ok")])


def test_planted_reply_left_out_is_refused() -> None:
    intent = ASKED + 'Server answer to Client "ok".'
    planted_reason(intent, [("Client", "Server", "request")])


def test_planted_reply_with_another_label_is_refused() -> None:
    intent = ASKED + 'Server answer to Client "ok".'
    planted_reason(intent, [("Client", "Server", "request"), ("Server", "Client", "denied")])


BOOKED = "Diagram of messages: Guest send booking request to Website. "


def test_ask_if_answered_later_is_the_question_asked() -> None:
    edges = drawn_edges(BOOKED + "Website ask Availability service if room is free. "
                                 "Availability service answer to Website.")
    assert edges[("Website", "Availability service")] == "room is free"
    assert edges[("Availability service", "Website")] == "answer"


@pytest.mark.parametrize("tail", [
    "Website ask Availability service if room is free.",  # never answered
    "Website ask Availability service if room is free. Availability service answer to Guest.",  # answered to another
    "Website ask Availability service if room is free or full. Availability service answer to Website.",  # a choice
    "Website ask Availability service if room is free and cheap. Availability service answer to Website.",
    "Website ask Availability service if room is free. Availability service answers to Website.",  # a reporting line
    "It ask Availability service if room is free. Availability service answer to Website.",  # a pronoun
    "Website ask the big Availability service if room is free. Availability service answer to Website.",
])
def test_ask_if_near_misses_stay_refused(tail: str) -> None:
    refusal_reason(BOOKED + tail)


def test_planted_question_on_the_reply_is_refused() -> None:
    intent = BOOKED + "Website ask Availability service if room is free. Availability service answer to Website."
    planted_reason(intent, [("Guest", "Website", "send booking request"), ("Website", "Availability service", "answer"),
                            ("Availability service", "Website", "room is free")])


def test_planted_question_unlabelled_is_refused() -> None:
    intent = BOOKED + "Website ask Availability service if room is free. Availability service answer to Website."
    planted_reason(intent, [("Guest", "Website", "send booking request"), ("Website", "Availability service"),
                            ("Availability service", "Website")])
