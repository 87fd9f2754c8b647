"""Sequence messages whose label keeps a comma of a call ("charge(card, amount)") or a full stop glued
to a word ("referral to .com TLD"): placed whole by the check (message_label_check.py), and every
other comma or full stop still a separator."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

JSON_CALL = ('{"type": "sequence", "actors": ["Browser", "API", "PaymentGateway"], "messages": ['
             '{"from": "Browser", "to": "API", "msg": "POST /checkout"}, '
             '{"from": "API", "to": "PaymentGateway", "msg": "charge(card, amount)"}, '
             '{"from": "PaymentGateway", "to": "API", "msg": "approved"}, '
             '{"from": "API", "to": "Browser", "msg": "200 OK"}]}')
JSON_DOT = ('{"diagram": "sequence", "actors": ["Client", "Resolver", "Root Server"], "messages": ['
            '{"from": "Client", "to": "Resolver", "text": "query example.com"}, '
            '{"from": "Resolver", "to": "Root Server", "text": "query"}, '
            '{"from": "Root Server", "to": "Resolver", "text": "referral to .com TLD"}, '
            '{"from": "Resolver", "to": "Client", "text": "answer"}]}')
ARROWS = "API -> Stripe: charge(card, amount)\nStripe -> Bank: authorize(card, amount)\nBank -> Stripe: ok"


def test_json_call_label_is_drawn_whole():
    edges = drawn_edges(JSON_CALL)
    assert edges[("API", "PaymentGateway")] == "charge(card, amount)"
    assert edges[("Browser", "API")] == "POST /checkout"
    assert edges[("PaymentGateway", "API")] == "approved"
    assert edges[("API", "Browser")] == "200 OK"


def test_json_glued_full_stop_label_is_drawn_whole():
    edges = drawn_edges(JSON_DOT)
    assert edges[("Root Server", "Resolver")] == "referral to .com TLD"
    assert edges[("Resolver", "Root Server")] == "query"


def test_arrow_lines_with_call_labels_are_drawn():
    edges = drawn_edges(ARROWS)
    assert edges == {("API", "Stripe"): "charge(card, amount)", ("Stripe", "Bank"): "authorize(card, amount)",
                     ("Bank", "Stripe"): "ok"}


def test_prose_message_with_call_is_drawn():
    edges = drawn_edges("the API sends charge(card, amount) to Stripe, then Stripe sends ok to the API")
    assert edges[("API", "Stripe")] == "sends charge(card, amount)"
    assert edges[("Stripe", "API")] == "sends ok"


@pytest.mark.parametrize("intent", [
    # a bracket after a space may list receivers, not a call's arguments
    "API -> Queue: publish (to Billing, Shipping)",
    "API -> Queue: publish (Billing, Shipping)\nQueue -> Billing\nQueue -> Shipping",
    "Browser -> API: POST /login (user, pw)",
    # a call whose arguments are drawn names
    "API -> Queue: publish(to Billing, Shipping)\nQueue -> Billing",
    # a comma outside the brackets, an unclosed bracket, a full stop that ends a sentence
    '{"type": "sequence", "actors": ["A", "B", "C"], "messages": [{"from": "A", "to": "B", "msg": "charge(card, amount), C"}]}',
    '{"type": "sequence", "actors": ["A", "B"], "messages": [{"from": "A", "to": "B", "msg": "use (x, y"}]}',
    '{"type": "sequence", "actors": ["A", "B"], "messages": [{"from": "A", "to": "B", "msg": "go to .env. Then stop"}]}',
    "API -> Stripe: send to .com, .org",
    "A -> B: load .env file. C -> D",
    "A -> B: load. env file",
])
def test_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_planted_label_cut_inside_the_call_is_refused():
    reason = planted_reason(JSON_CALL, [("Browser", "API", "POST /checkout"), ("API", "PaymentGateway", "charge(card"),
                                        ("PaymentGateway", "API", "approved"), ("API", "Browser", "200 OK")])
    assert reason["code"]


def test_planted_call_arguments_without_brackets_are_refused():
    reason = planted_reason(JSON_CALL, [("Browser", "API", "POST /checkout"), ("API", "PaymentGateway", "card, amount"),
                                        ("PaymentGateway", "API", "approved"), ("API", "Browser", "200 OK")])
    assert reason["code"]


def test_planted_label_across_two_messages_is_refused():
    intent = "A -> B: charge(card, amount)\nB -> C: ok(done, fine)"
    reason = planted_reason(intent, [("A", "B", "charge(card, amount)"), ("B", "C", "ok(done, fine)"),
                                     ("A", "C", "charge(card, amount) B -> C: ok(done, fine)")])
    assert reason["code"]


def test_planted_label_across_a_sentence_end_is_refused():
    intent = "A -> B: load .env file. C -> D: read .cfg"
    reason = planted_reason(intent, [("A", "B", "load .env file. C"), ("C", "D", "read .cfg")])
    assert reason["code"]


def test_planted_call_label_on_the_wrong_arrow_is_refused():
    reason = planted_reason(ARROWS, [("API", "Stripe", "authorize(card, amount)"), ("Stripe", "Bank", "charge(card, amount)"),
                                     ("Bank", "Stripe", "ok")])
    assert reason["code"]
