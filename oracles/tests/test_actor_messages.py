"""Actor sequences: messages given with two objects ("hands the customer the coffee"), replies said with
"sends back", "then" between two messages, and the check's refusals of near-misses and planted bugs."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

COFFEE = ("the customer tells the barista their order, barista tells the cashier the price, cashier sends the card "
          "to the card terminal, terminal sends 'approved' back to the cashier, then the barista hands the customer "
          "the coffee")
KITCHEN = ("Customer send order to Restaurant. Restaurant send the order to Kitchen. Kitchen tell Restaurant the food "
           "is ready. Restaurant give the food to Driver. Driver bring food to Customer.")
CHARGE = ("The Web App sends the card token to our Payments API, the Payments API asks the Gateway to create a charge, "
          "the Gateway sends back a charge ID, and then the Payments API tells the Web App it succeeded.")


def test_two_object_messages_and_then_are_drawn():
    edges = drawn_edges(COFFEE)
    assert edges == {("customer", "barista"): "order", ("barista", "cashier"): "price",
                     ("cashier", "card terminal"): "sends the card", ("card terminal", "cashier"): "approved",
                     ("barista", "customer"): "coffee"}


def test_learner_verbs_and_told_clause():
    edges = drawn_edges(KITCHEN)
    assert edges[("Kitchen", "Restaurant")] == "food is ready"
    assert edges[("Driver", "Customer")] == "bring food"
    assert len(edges) == 5


def test_sent_back_reply_and_told_pronoun_clause():
    edges = drawn_edges(CHARGE)
    assert edges == {("Web App", "Payments API"): "sends the card token", ("Payments API", "Gateway"): "create a charge",
                     ("Gateway", "Payments API"): "charge ID", ("Payments API", "Web App"): "it succeeded"}


@pytest.mark.parametrize("intent", [
    "Mom gives Dad the keys; Dad gives the kid the car; the kid returns the car to Dad.",
    "The waiter tells the chef the order. The chef hands the waiter the plate, then the waiter brings the plate to the guest.",
    "The client sends the server a ping, the server sends the client a pong.",
])
def test_own_intents_in_the_family(intent):
    assert len(drawn_edges(intent)) >= 2


@pytest.mark.parametrize("intent", [
    # a pronoun receiver: who gets the token is a guess
    "the client asks the API for data, the API sends it a token",
    # a condition inside the message
    "the shop asks the bank for approval, the bank tells the shop the payment failed unless the card is valid",
    # the receiver is not a party of the sequence
    "Support tells Engineering the bug. Engineering sends the fix to Support. Support gives the customer the fix.",
    # one party under two names: no message joins the two halves
    "browser sends a POST to /signup, the django view writes the user to postgres, and the django view enqueues a "
    "welcome email to celery",
    # "then" before a party not named before may be a step to it
    "the browser posts the form to /signup, then the django view writes the user to postgres, then the view sends a "
    "job to celery",
])
def test_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_planted_dropped_message_is_refused():
    reason = planted_reason(COFFEE, [("customer", "barista", "order"), ("barista", "cashier", "price"),
                                     ("cashier", "card terminal", "sends the card"),
                                     ("card terminal", "cashier", "approved")])
    assert reason["code"]


def test_planted_truncated_label_is_refused():
    reason = planted_reason(KITCHEN, [("Customer", "Restaurant", "send order"), ("Restaurant", "Kitchen", "send the order"),
                                      ("Kitchen", "Restaurant", "food"), ("Restaurant", "Driver", "give the food"),
                                      ("Driver", "Customer", "bring food")])
    assert reason["code"]


def test_planted_then_edge_added_is_refused():
    reason = planted_reason(COFFEE, [("customer", "barista", "order"), ("barista", "cashier", "price"),
                                     ("cashier", "card terminal", "sends the card"),
                                     ("card terminal", "cashier", "approved"), ("cashier", "barista"),
                                     ("barista", "customer", "coffee")])
    assert reason["code"]


def test_planted_moved_label_is_refused():
    reason = planted_reason(CHARGE, [("Web App", "Payments API", "sends the card token"),
                                     ("Payments API", "Gateway", "charge ID"),
                                     ("Gateway", "Payments API", "create a charge"),
                                     ("Payments API", "Web App", "it succeeded")])
    assert reason["code"]


def test_planted_reply_to_the_wrong_party_is_refused():
    reason = planted_reason(CHARGE, [("Web App", "Payments API", "sends the card token"),
                                     ("Payments API", "Gateway", "create a charge"),
                                     ("Gateway", "Web App", "charge ID"),
                                     ("Payments API", "Web App", "it succeeded")])
    assert reason["code"]
