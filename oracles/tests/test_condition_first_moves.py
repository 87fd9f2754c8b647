"""A state's move said with its condition first ("If nobody pays within 24h, Pending goes to Cancelled.",
"When payment succeeds, Pending becomes Paid."): drawn with the condition on the edge, read so by the
check on its own (condition_first_forms.py / condition_first_normal.py); near misses stay refused, and a
drafter that turns the move round, drops or moves the event, or draws the condition as a state is refused."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

ORDERS = ("The user wants a state diagram for their e-commerce orders. An order starts as Pending. When payment is "
          "received it becomes Paid. If nobody pays within 24h, Pending goes to Cancelled. Paid orders become Shipped "
          "once they leave the warehouse, and Shipped becomes Delivered on delivery. A Paid order can also go to "
          "Refunded if the customer requests a refund.")

READ = [
    (ORDERS, {("Pending", "Paid"): "payment is received", ("Pending", "Cancelled"): "nobody pays within 24h",
              ("Paid", "Shipped"): "they leave the warehouse", ("Shipped", "Delivered"): "delivery",
              ("Paid", "Refunded"): "customer requests a refund"}),
    ("States: Pending, Paid. When payment succeeds, Pending becomes Paid.",
     {("Pending", "Paid"): "payment succeeds"}),
    ("States: Draft, Review. Once the author submits, Draft moves to Review. If the reviewer rejects, Review goes "
     "back to Draft.",
     {("Draft", "Review"): "once the author submits", ("Review", "Draft"): "if the reviewer rejects"}),
    ("States: Pending, Cancelled, Paid. If nobody pays within 24h, Pending goes to Cancelled. When payment is "
     "received, Pending goes to Paid.",
     {("Pending", "Cancelled"): "if nobody pays within 24h", ("Pending", "Paid"): "payment is received"}),
]


@pytest.mark.parametrize(("intent", "expected"), READ)
def test_moves_said_condition_first_are_drawn_with_the_condition_on_the_edge(intent, expected):
    assert drawn_edges(intent) == expected


NEAR_MISSES = [
    "States: Pending, Paid, Cancelled. If nobody pays, Pending goes to Cancelled or Paid.",  # two targets
    "States: Pending, Paid, Cancelled. If nobody pays, Pending goes to Cancelled and then Paid.",
    "States: Pending, Cancelled. If nobody pays, Pending goes to Cancelled, otherwise it stays.",  # a second clause
    "States: Pending, Cancelled. If nobody pays, the order goes to Cancelled.",  # no state moves
    "States: Pending, Cancelled. If nobody pays, it goes to Cancelled.",  # a pronoun
    "States: Pending, Cancelled, Paid. When Paid goes to Cancelled, Pending goes to Cancelled.",  # a move as condition
    "States: Pending, Cancelled. If nobody pays within 24h, Pending goes to Cancelled quickly.",  # words after
    "States: Pending, Cancelled. If nobody pays within 24h, Pending Order goes to Cancelled.",  # another name
    "States: Pending, Cancelled, Paid. If nobody pays, Pending goes to Cancelled; if someone pays, Pending goes to Paid.",
    "States: Pending, Cancelled. Unless someone pays, Pending goes to Cancelled.",
    "States: Pending, Cancelled. If nobody pays, Pending does not go to Cancelled.",
    "States: Pending, Cancelled. If nobody pays, Pending never goes to Cancelled.",
]


@pytest.mark.parametrize("intent", NEAR_MISSES)
def test_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


SIMPLE = "States: Pending, Paid, Cancelled. If nobody pays within 24h, Pending goes to Cancelled. When payment " \
         "succeeds, Pending becomes Paid."
GOOD = [("Pending", "Cancelled", "if nobody pays within 24h"), ("Pending", "Paid", "payment succeeds")]


def test_the_simple_intent_is_drawn():
    assert drawn_edges(SIMPLE) == {(t, h): label for t, h, label in GOOD}


def test_planted_move_turned_round_is_refused():
    assert planted_reason(SIMPLE, [("Cancelled", "Pending", "nobody pays within 24h"), GOOD[1]])["code"]


def test_planted_events_swapped_are_refused():
    swapped = [("Pending", "Cancelled", "payment succeeds"), ("Pending", "Paid", "nobody pays within 24h")]
    assert planted_reason(SIMPLE, swapped)["code"]


def test_planted_dropped_event_is_refused():
    assert planted_reason(SIMPLE, [("Pending", "Cancelled", None), GOOD[1]])["code"]


def test_planted_condition_drawn_as_a_state_is_refused():
    edges = [("Pending", "nobody pays within 24h", None), ("nobody pays within 24h", "Cancelled", None), GOOD[1]]
    assert planted_reason(SIMPLE, edges)["code"]


def test_planted_sentence_drawn_as_a_state_is_refused():
    edges = [("nobody pays within 24h", "Pending goes to Cancelled", None), GOOD[1]]
    assert planted_reason(SIMPLE, edges, ("Cancelled",))["code"]
