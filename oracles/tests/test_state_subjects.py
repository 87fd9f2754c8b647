"""State machines told with a state as the subject of a move ("Paid orders move to Shipped once the label is
printed", "A Paid order becomes Shipped when dispatched", "Open tickets go to Pending when we wait on the
customer"), a states heading over transition rows, and a closing "that's it"."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.state_subject_forms import state_subjects_plainly
from oracles.engine.diagram.state_subject_normal import state_subject_normal_form
from oracles.tests.planted_diagrams import drawn, drawn_edges, planted_reason, refusal_reason

ORDER = "Order states: Pending, Paid, Shipped, Delivered. Pending goes to Paid when payment clears. "


def test_plural_state_subject_is_a_move_from_that_state() -> None:
    edges = drawn_edges("Order lifecycle: Pending, Paid, Shipped, Delivered. Pending goes to Paid when payment clears. "
                        "Paid orders move to Shipped once the label is printed, and Shipped becomes Delivered when the "
                        "courier confirms.")
    assert edges == {("Pending", "Paid"): "payment clears", ("Paid", "Shipped"): "label is printed",
                     ("Shipped", "Delivered"): "courier confirms"}


def test_singular_state_subject_with_an_article() -> None:
    edges = drawn_edges(ORDER + "A Paid order becomes Shipped when dispatched. Shipped goes to Delivered.")
    assert edges[("Paid", "Shipped")] == "dispatched"
    assert set(edges) == {("Pending", "Paid"), ("Paid", "Shipped"), ("Shipped", "Delivered")}


def test_allowed_move_and_a_second_subject_after_and() -> None:
    intent = ("Account states: Unverified, Active, Closed. Unverified goes to Active on KYC. Active accounts can "
              "become Closed on request, and a Closed account can go back to Active if reopened.")
    nodes, edges = drawn(intent)
    assert nodes == {"Unverified", "Active", "Closed"}
    assert edges == {("Unverified", "Active"), ("Active", "Closed"), ("Closed", "Active")}


def test_the_thing_named_by_the_lifecycle_and_the_state_by_a_move() -> None:
    intent = ("Ticket lifecycle. New goes to Open when assigned. Open tickets go to Pending when we wait on the "
              "customer. Pending goes back to Open when the customer replies.")
    assert drawn_edges(intent) == {("New", "Open"): "assigned", ("Open", "Pending"): "we wait on the customer",
                                   ("Pending", "Open"): "customer replies"}


def test_thing_in_a_state_is_a_move_from_that_state() -> None:
    intent = ("Ticket states: New, Open, Pending, Closed. New goes to Open when assigned. Tickets in Open go to Pending "
              "when we wait on the customer. A ticket in Pending can go to Closed after 7 days.")
    assert drawn_edges(intent) == {("New", "Open"): "assigned", ("Open", "Pending"): "we wait on the customer",
                                   ("Pending", "Closed"): "after 7 days"}


@pytest.mark.parametrize("sentence", [
    "Tickets in the Open queue go to Pending.",  # the state's name does not follow "in"
    "Tickets in Open and Pending go to Closed.",  # two states
    "Tickets in Open for 3 days go to Pending.",  # words between the state and the verb
    "Tickets in Open never go to Pending.",
    "Orders in Open go to Pending.",  # the noun names no thing of the intent
])
def test_thing_in_a_state_near_misses_stay_refused(sentence: str) -> None:
    refusal_reason("Ticket states: New, Open, Pending, Closed. New goes to Open when assigned. " + sentence
                   + " Pending goes to Closed.")


def test_drafter_and_check_read_the_subject_alike() -> None:
    intent = ORDER + "Paid orders move to Shipped. A Shipped order becomes Delivered on delivery."
    expected = ORDER + "Paid moves to Shipped. Shipped becomes Delivered on delivery."
    assert state_subjects_plainly(intent) == expected
    assert state_subject_normal_form(intent) == expected


@pytest.mark.parametrize("sentence", [
    "Paid parcels move to Shipped once the label is printed.",  # the noun names no thing of the intent
    "Paid orders over $100 move to Shipped once the label is printed.",  # words between the noun and the verb
    "A Paid one becomes Shipped once the label is printed.",  # a pronoun, not the thing
    "A paid order becomes Shipped once the label is printed.",  # the state not written as named
    "Paid orders never move to Shipped.",  # a negated move
    "Paid orders don't move to Shipped.",
    "Paid orders should move to Shipped.",
    "Paid orders from Europe move to Shipped.",
    "Pending and Paid orders go to Cancelled on cancel.",  # two states, one noun: a join or a fork?
    "Paid orders and Pending orders go to Cancelled on cancel.",
    "If the label is printed, Paid orders move to Shipped.",  # the subject after a condition: not read here
    "Paid orders move to Shipped once the label is printed, unless the address is missing.",
])
def test_near_misses_stay_refused(sentence: str) -> None:
    refusal_reason("Order states: Pending, Paid, Shipped, Cancelled. Pending goes to Paid when payment clears. "
                   + sentence)


def test_no_states_said_no_reading() -> None:
    refusal_reason("Pending goes to Paid when the order is paid. Paid orders move to Shipped once the label is printed.")


def test_a_state_said_only_as_the_subject_is_not_read() -> None:
    intent = "Order lifecycle. An order starts as Pending. Paid orders move to Shipped once the label is printed."
    assert state_subjects_plainly(intent) == intent
    assert state_subject_normal_form(intent) == intent
    refusal_reason(intent)


def test_a_state_named_only_inside_a_longer_name_is_not_read() -> None:
    intent = "Order states: Express orders go to Express lane. Express lane goes to Done."
    assert state_subjects_plainly(intent) == intent
    assert state_subject_normal_form(intent) == intent
    nodes, _ = drawn(intent)  # drawn as written, as before: no state "Express"
    assert "Express" not in nodes


def test_planted_move_from_the_wrong_state_is_refused() -> None:
    intent = ORDER + "Paid orders move to Shipped once the label is printed. Shipped goes to Delivered."
    planted_reason(intent, [("Pending", "Paid", "payment clears"), ("Pending", "Shipped", "label is printed"),
                            ("Shipped", "Delivered")], ("Paid",))


def test_planted_subject_drawn_as_a_node_is_refused() -> None:
    intent = ORDER + "Paid orders move to Shipped once the label is printed. Shipped goes to Delivered."
    planted_reason(intent, [("Pending", "Paid", "payment clears"), ("Paid orders", "Shipped", "label is printed"),
                            ("Shipped", "Delivered")])


def test_planted_event_on_the_wrong_edge_is_refused() -> None:
    intent = ORDER + "A Paid order becomes Shipped when dispatched. Shipped goes to Delivered."
    planted_reason(intent, [("Pending", "Paid", "payment clears"), ("Paid", "Shipped"),
                            ("Shipped", "Delivered", "dispatched")])


# --- a states heading over transition rows --------------------------------------------------------------


def test_states_heading_over_rows_is_the_title() -> None:
    intent = ("connection states for the docs:\nDisconnected → Connecting (connect)\nConnecting → Connected (success)\n"
              "Connected → Disconnected (drop)")
    assert drawn_edges(intent) == {("Disconnected", "Connecting"): "connect", ("Connecting", "Connected"): "success",
                                   ("Connected", "Disconnected"): "drop"}


def test_state_machine_heading_over_bullets_is_the_title() -> None:
    nodes, edges = drawn("order status state machine pls:\n- Created -> Paid when payment succeeds\n- Paid -> Shipped")
    assert nodes == {"Created", "Paid", "Shipped"}
    assert edges == {("Created", "Paid"), ("Paid", "Shipped")}


@pytest.mark.parametrize("intent", [
    "Transitions from Idle:\nstart → Running\nstop → Off",  # rows of events from one state, not state to state
    "Idle state transitions:\nstart → Running\nstop → Off",
    "Order states:\npaid → ship\nunpaid → remind",  # case rows: no row starts where another ends
])
def test_rows_that_do_not_chain_stay_refused(intent: str) -> None:
    refusal_reason(intent)


def test_planted_heading_drawn_as_a_state_is_refused() -> None:
    intent = "connection states:\nDisconnected → Connecting (connect)\nConnecting → Connected (success)"
    planted_reason(intent, [("connection states", "Connecting", "Disconnected"), ("Connecting", "Connected", "success")])


# --- "that's it" closing the list ------------------------------------------------------------------------


def test_closing_thats_it_is_framing() -> None:
    intent = ("can someone draw the PR states? draft → open when marked ready. open → merged on merge, open → closed "
              "on close. closed → open on reopen. that's it")
    assert drawn_edges(intent) == {("draft", "open"): "marked ready", ("open", "merged"): "merge",
                                   ("open", "closed"): "close", ("closed", "open"): "reopen"}


def test_thats_it_as_a_step_or_mid_intent_is_not_dropped() -> None:
    nodes, _ = drawn("a -> b -> that's it")
    assert "that's it" in nodes
    refusal_reason("a -> b. that's it? c -> d")


def test_closing_remark_read_alike_by_drafter_and_check() -> None:
    from oracles.engine.diagram.closing_forms import without_closing_remark
    from oracles.engine.diagram.closing_normal import without_closing_remark_normal

    for intent, kept in (("a -> b. that's it", "a -> b."), ("a -> b. That’s all!", "a -> b."),
                         ("a -> b -> that's it", "a -> b -> that's it"), ("That's it. a -> b", "That's it. a -> b")):
        assert without_closing_remark(intent) == kept
        assert without_closing_remark_normal(intent) == kept


def test_planted_closing_remark_drawn_as_a_step_is_refused() -> None:
    planted_reason("draft -> open. open -> merged. that's it", [("draft", "open"), ("open", "merged"),
                                                               ("merged", "that's it")])


# --- a state drawn with the manner of the move into it ---------------------------------------------------


def test_state_with_the_manner_of_its_move_is_refused() -> None:
    for intent in ("Ticket states: New → Solved when fixed. Solved → Closed automatically after 7 days.",
                   "Ticket states: New goes to Solved when fixed. Solved goes to Closed automatically after 7 days."):
        assert refusal_reason(intent)["code"] == "NODE_HOLDS_CONDITION"


def test_planted_manner_glued_to_a_state_is_refused() -> None:
    # the drafter's drawing on main, accepted there: a state 'Closed automatically'
    reason = planted_reason("Ticket states: New → Solved when fixed. Solved → Closed automatically after 7 days.",
                            [("New", "Solved", "fixed"), ("Solved", "Closed automatically", "after 7 days")])
    assert reason["code"] == "NODE_HOLDS_CONDITION"


def test_manner_on_the_arrow_and_in_a_flow_step_are_drawn() -> None:
    assert drawn_edges("Ticket states: New, Solved, Closed. New goes to Solved when fixed. Solved goes to Closed "
                       "automatically.")[("Solved", "Closed")] == "automatically"
    nodes, _ = drawn("order placed -> pay automatically -> ship")
    assert "pay automatically" in nodes


def test_planted_manner_state_caught_by_its_own_rule() -> None:
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.manner_states import refuse_manner_in_state

    with pytest.raises(EngineRefusal):
        refuse_manner_in_state("Ticket states: Solved → Closed automatically after 7 days.", ["Solved", "Closed automatically"])
    refuse_manner_in_state("order placed -> pay automatically -> ship", ["order placed", "pay automatically", "ship"])
