"""Actor sequences, messages between parties: a reply right after the name it points at ("…, which answers
with the nameserver"), "…, which then sends …", a loose-English answer carrying its message after "with"
("Bank answer to Shop with confirmation"), a time said before a message's sender ("on the day, …",
"later …"), an opening "a sequence diagram depicting the following exchange.", and the check's refusals of
near-misses and planted drafter bugs (a message drawn to 'the driver or the courier')."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

DNS = ("The laptop asks the resolver for example.com. The resolver asks the root server, which answers with the TLD "
       "address. The resolver returns the IP to the laptop.")
SHOP = ("Customer send order to the Shop. Shop ask the Bank for payment. Bank answer to Shop with confirmation. "
        "Shop send receipt to Customer.")
SHIPPING = ("The shipper books a pickup with the carrier; the carrier confirms the booking to the shipper; on the day, "
            "the shipper hands the parcel to the driver, and the driver delivers it to the depot.")


# --- a reply right after the name "which" points at -------------------------------------------------------

def test_which_reply_goes_back_to_the_asker():
    edges = drawn_edges(DNS)
    assert edges[("root server", "resolver")] == "answers with the TLD address"
    assert edges[("resolver", "root server")] == "asks"
    assert len(edges) == 4


@pytest.mark.parametrize("intent, reply", [
    ("The app calls the payment API, which responds with a receipt id. The app sends the receipt id to the user.",
     ("payment API", "app")),
    ("The Laptop asks the Resolver for example.com. The Resolver asks the TLD server, which returns the IP "
     "93.184.216.34. The Resolver returns the IP to the Laptop.", ("TLD server", "Resolver")),
    ("the laptop asks the resolver for the site. The resolver asks the root server, which replies with the TLD "
     "list. Finally the resolver returns the IP address to the laptop.", ("root server", "resolver")),
])
def test_which_reply_phrasings(intent, reply):
    assert reply in drawn_edges(intent)


@pytest.mark.parametrize("intent", [
    # "which" may point at the user asked for, not the cache
    "The client asks the cache for the user, which returns the record. The client sends the record to the view.",
    # two names before "which": which one answers?
    "The browser asks the gateway and the cache, which answers with a page. The browser shows the page to the user.",
])
def test_which_reply_near_misses_are_refused(intent):
    assert refusal_reason(intent)


def test_planted_which_reply_to_the_wrong_party_is_refused():
    assert planted_reason(DNS, [("laptop", "resolver", "example.com"), ("resolver", "root server", "asks"),
                                ("root server", "laptop", "answers with the TLD address"),
                                ("resolver", "laptop", "returns the IP")])
    assert planted_reason(DNS, [("laptop", "resolver", "example.com"), ("resolver", "root server", "asks"),
                                ("resolver", "root server", "answers with the TLD address"),
                                ("resolver", "laptop", "returns the IP")])


def test_planted_which_reply_after_a_message_named_between_is_refused():
    intent = "The client asks the cache for the user, which returns the record. The client sends the record to the view."
    assert planted_reason(intent, [("client", "cache", "user"), ("cache", "client", "returns the record"),
                                   ("client", "view", "sends the record")])


def test_which_then_sends_is_the_receivers_message():
    edges = drawn_edges("The web app sends the order to the billing service, which then sends an invoice to the "
                        "customer. The customer pays the billing service.")
    assert edges[("billing service", "customer")] == "sends an invoice"
    assert ("web app", "billing service") in edges


# --- "X answer to Y with M" --------------------------------------------------------------------------------

@pytest.mark.parametrize("intent", [
    SHOP,
    SHOP.replace("answer to Shop with confirmation", "answer to the Shop with the confirmation"),
    "Client send request to Server. Server answer to Client with the file. Client send thanks to Server.",
])
def test_answer_to_with_message(intent):
    edges = drawn_edges(intent)
    replies = [(t, h, lbl) for (t, h), lbl in edges.items() if lbl in ("confirmation", "the file", "file")]
    assert len(replies) == 1
    tail, head, _ = replies[0]
    assert (head, tail) in edges  # the reply goes back to the party that asked


@pytest.mark.parametrize("answer", [
    "Bank answer to Customer with confirmation",  # Customer never addressed the Bank
    "Bank answer to Shop with confirmation and receipt",  # two things, or a second clause?
    "Bank answer to Shop with confirmation if paid",  # a condition, not what travels
    "Bank answer to Shop with confirmation to Customer",
    "Bank answer to Shop or Customer with confirmation",
    "Bank answer to Shop with",
    "Bank answers to Shop with confirmation",  # "answers to": a reporting line
    "It answer to Shop with confirmation",
])
def test_answer_to_with_near_misses_are_refused(answer):
    assert refusal_reason(SHOP.replace("Bank answer to Shop with confirmation", answer))


def test_planted_answer_drawn_the_wrong_way_is_refused():
    assert planted_reason(SHOP, [("Customer", "Shop", "send order"), ("Shop", "Bank", "payment"),
                                 ("Shop", "Bank", "confirmation"), ("Shop", "Customer", "send receipt")])
    assert planted_reason(SHOP, [("Customer", "Shop", "send order"), ("Shop", "Bank", "payment"),
                                 ("Bank", "Customer", "confirmation"), ("Shop", "Customer", "send receipt")])


# --- a time before the sender ------------------------------------------------------------------------------

@pytest.mark.parametrize("intent, edge", [
    (SHIPPING, ("shipper", "driver")),
    ("The next morning, the clerk sends the report to the manager. The manager returns the report to the clerk.",
     ("clerk", "manager")),
    ("The kiosk sends a request to the server. Later the server returns a ticket to the kiosk.", ("server", "kiosk")),
    (SHIPPING.replace("on the day, the shipper", "later, the shipper"), ("shipper", "driver")),
])
def test_time_before_the_sender(intent, edge):
    edges = drawn_edges(intent)
    assert edge in edges
    assert not any("day" in (lbl or "") or "later" in (lbl or "").casefold() for lbl in edges.values())


@pytest.mark.parametrize("intent", [
    SHIPPING.replace("on the day,", "on the day of pickup,"),  # which day is content
    SHIPPING.replace("the shipper hands the parcel to the driver,", "he hands the parcel to the driver,"),
])
def test_time_before_the_sender_near_misses_are_refused(intent):
    assert refusal_reason(intent)


def test_planted_message_after_the_time_dropped_is_refused():
    assert planted_reason(SHIPPING, [("shipper", "carrier", "books a pickup"), ("carrier", "shipper", "confirms the booking"),
                                     ("driver", "depot", "delivers it")])


# --- a message to one of two parties (check rule refuse_receiver_choice) -------------------------------

def test_message_to_one_of_two_parties_is_refused():
    assert refusal_reason(SHIPPING.replace("to the driver,", "to the driver or the courier,"))
    reason = refusal_reason("The shipper books a pickup with the carrier; the carrier confirms the booking to the shipper; "
                            "the shipper hands the parcel to the driver or the courier.")
    assert reason["code"] == "NODE_HOLDS_RELATION" and "'or'" in reason["message"]


def test_planted_receiver_choice_is_refused():
    intent = ("The shipper books a pickup with the carrier; the carrier confirms the booking to the shipper; "
              "the shipper hands the parcel to the driver or the courier.")
    reason = planted_reason(intent, [("shipper", "carrier", "books a pickup"), ("carrier", "shipper", "confirms the booking"),
                                     ("shipper", "driver or the courier", "hands the parcel")])
    assert reason["code"] == "NODE_HOLDS_RELATION" and "driver or the courier" in reason["message"]


# --- an opening sentence saying what the drawing depicts ----------------------------------------------------

@pytest.mark.parametrize("opening", [
    "Produce a sequence diagram depicting the following exchange.",
    "This diagram shows the login handshake.",
    "A sequence diagram illustrating the payment flow.",
])
def test_depicting_title(opening):
    edges = drawn_edges(f"{opening} The app sends a request to the API. The API returns data to the app.")
    assert set(edges) == {("app", "API"), ("API", "app")}


def test_depicting_a_relation_is_not_a_title():
    intent = "This diagram shows the API calling the DB. The DB returns rows to the API."
    assert refusal_reason(intent)
    assert planted_reason(intent, [("DB", "API", "returns rows")])
