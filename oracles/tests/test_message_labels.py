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


# --- emphasis marks around a message's words (message_label_forms.py / message_label_check.py) ---------

OAUTH = ("**Participants:** User, App, Auth Server\n\n1. User → App: clicks *Log in*\n"
         "2. App → Auth Server: authorization request\n3. Auth Server → User: login page\n"
         "4. User → Auth Server: credentials\n5. Auth Server → App: access token")


def test_emphasised_words_of_a_message_are_drawn_plainly():
    edges = drawn_edges(OAUTH)
    assert edges[("User", "App")] == "clicks Log in"
    assert edges[("App", "Auth Server")] == "authorization request"
    assert edges[("Auth Server", "App")] == "access token"


@pytest.mark.parametrize(("intent", "label"), [
    ("User → App: click **Log in**\nApp → Auth: redirect", "click Log in"),
    ("User -> App: *Log in*", "Log in"),
    ("1. **User** → **App**: click *Log in*\n2. App → Auth: redirect", "click Log in"),
])
def test_emphasis_variants_are_drawn_plainly(intent, label):
    assert drawn_edges(intent)[("User", "App")] == label


@pytest.mark.parametrize("intent", [
    "User → App: click *Log in\nApp → Auth: redirect",  # a mark that does not pair up
    "User → App: click * Log in *\nApp → Auth: redirect",  # marks apart from the words
    "User → App: click ***Log in***\nApp → Auth: redirect",
    "User → App: click *Log in* *Auth*\nApp → Auth: redirect",  # an emphasised drawn name: a receiver?
    "User sends *Log in* to App. App sends redirect to Auth.",
])
def test_emphasis_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


def test_planted_emphasised_label_cut_short_is_refused():
    reason = planted_reason(OAUTH, [("User", "App", "clicks Log"), ("App", "Auth Server", "authorization request"),
                                    ("Auth Server", "User", "login page"), ("User", "Auth Server", "credentials"),
                                    ("Auth Server", "App", "access token")])
    assert reason["code"]


def test_planted_emphasis_across_two_lines_is_refused():
    intent = "User → App: click *Log in\nApp → Auth: redirect*"
    reason = planted_reason(intent, [("User", "App", "click Log in"), ("App", "Auth", "redirect")])
    assert reason["code"]


def test_planted_emphasised_name_in_the_label_is_refused():
    intent = "User → App: click *Log in* *Auth*\nApp → Auth: redirect"
    reason = planted_reason(intent, [("User", "App", "click Log in Auth"), ("App", "Auth", "redirect")])
    assert reason["code"]
