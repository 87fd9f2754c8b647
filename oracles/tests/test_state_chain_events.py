"""A chain of states with each event in brackets after the state it leads to ("Order states: pending →
paid (payment received) → shipped (label printed)"): drawn with each event on the edge INTO its state,
read so by the check on its own (state_chain_events.py); near misses stay refused, and a drafter that
drops a state, moves or truncates an event or adds an edge is refused by the check."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason, refusal_reason

ORDER = ("Order states: pending → paid (payment received) → shipped (label printed) → delivered (carrier scan). "
         "Also pending → cancelled (customer cancels) and paid → refunded (refund issued).")

READ = [
    (ORDER, {("pending", "paid"): "payment received", ("paid", "shipped"): "label printed",
             ("shipped", "delivered"): "carrier scan", ("pending", "cancelled"): "customer cancels",
             ("paid", "refunded"): "refund issued"}),
    ("phone line states: idle → ringing (incoming call) → connected (answer) → idle (hang up). "
     "ringing → idle after 30 s of no answer.",
     {("idle", "ringing"): "incoming call", ("ringing", "connected"): "answer", ("connected", "idle"): "hang up",
      ("ringing", "idle"): "after 30 s of no answer"}),
    ("Draw the lifecycle of an invoice: Draft -> Sent (email) -> Paid (payment received). Sent -> Overdue (30 days pass).",
     {("Draft", "Sent"): "email", ("Sent", "Paid"): "payment received", ("Sent", "Overdue"): "30 days pass"}),
    ("state machine for a build job: queued → running (worker free) → passed (exit 0)",
     {("queued", "running"): "worker free", ("running", "passed"): "exit 0"}),
    ("Can you draw the states of a vending machine? Idle → Selecting (coin inserted) → Dispensing (item chosen) → "
     "Idle (item taken).",
     {("Idle", "Selecting"): "coin inserted", ("Selecting", "Dispensing"): "item chosen",
      ("Dispensing", "Idle"): "item taken"}),
    ("states of a TCP connection: CLOSED → SYN SENT (connect) → ESTABLISHED (SYN-ACK received) → FIN WAIT (close)",
     {("CLOSED", "SYN SENT"): "connect", ("SYN SENT", "ESTABLISHED"): "SYN-ACK received",
      ("ESTABLISHED", "FIN WAIT"): "close"}),
    ("Light switch states: Off → On (flip up) → Off (flip down).",
     {("Off", "On"): "flip up", ("On", "Off"): "flip down"}),
    ("Document states: draft -> review (submit) -> published (approve); review -> draft (reject)",
     {("draft", "review"): "submit", ("review", "published"): "approve", ("review", "draft"): "reject"}),
]


@pytest.mark.parametrize(("intent", "expected"), READ)
def test_events_after_states_are_drawn_on_the_edges_into_them(intent, expected):
    assert drawn_edges(intent) == expected


NEAR_MISSES = [
    "build → test (unit) → deploy (prod)",  # no states said: "(unit)" may be a note on test
    "Order states: pending → paid (payment received) → shipped → delivered (carrier scan).",  # a state without event
    "Order states: pending (new) → paid (payment received) → shipped (label printed).",  # the first state bracketed
    "Order states: pending → paid (payment received) → shipped (final).",  # a note about the state
    "Order states: pending → paid (payment received) → shipped (label printed) unless it is cancelled.",
    "Order states: pending → paid (payment received) → shipped (label printed) → delivered (carrier scan), "
    "but skip delivered for pickups.",
    "Order states: pending → paid (payment received) → shipped (it).",
]


@pytest.mark.parametrize("intent", NEAR_MISSES)
def test_near_misses_are_refused(intent):
    assert refusal_reason(intent)["code"]


GOOD = [("pending", "paid", "payment received"), ("paid", "shipped", "label printed"),
        ("shipped", "delivered", "carrier scan"), ("pending", "cancelled", "customer cancels"),
        ("paid", "refunded", "refund issued")]


def _with(index: int, edge: tuple[str, str, str | None] | None) -> list[tuple[str, str, str | None]]:
    edges = list(GOOD)
    if edge is None:
        del edges[index]
    else:
        edges[index] = edge
    return edges


def test_planted_events_on_the_edges_out_of_their_states_are_refused():
    # the flow reading of the same chain: each bracket on the edge it stands before
    moved = [("pending", "paid", None), ("paid", "shipped", "payment received"),
             ("shipped", "delivered", "label printed"), *GOOD[3:]]
    assert planted_reason(ORDER, moved)["code"] in {"EDGE_LABEL_WRONG", "CONTENT_NOT_PLACED"}


def test_planted_moved_label_is_refused():
    edges = _with(0, ("pending", "paid", "label printed"))
    edges[1] = ("paid", "shipped", "payment received")
    assert planted_reason(ORDER, edges)["code"] == "EDGE_LABEL_WRONG"


def test_planted_truncated_event_is_refused():
    assert planted_reason(ORDER, _with(2, ("shipped", "delivered", "carrier")))["code"]


def test_planted_dropped_state_is_refused():
    assert planted_reason(ORDER, GOOD[:2] + GOOD[3:])["code"]


def test_planted_extra_edge_is_refused():
    assert planted_reason(ORDER, [*GOOD, ("delivered", "pending", None)])["code"] == "EDGE_NOT_IN_INTENT"


def test_planted_dropped_event_is_refused():
    assert planted_reason(ORDER, _with(1, ("paid", "shipped", None)))["code"]


# "To Do", a ticket's first state and a board's first column, is a name although it starts with "to"
TO_DO = "Task states: To Do → In Progress when someone picks it up; In Progress → Done when merged."


def test_to_do_is_a_state_name():
    assert drawn_edges(TO_DO) == {("To Do", "In Progress"): "someone picks it up", ("In Progress", "Done"): "merged"}
    assert drawn_edges("Kanban states: To Do -> In Progress -> Done") == {("To Do", "In Progress"): None,
                                                                          ("In Progress", "Done"): None}


def test_to_do_cut_from_a_sentence_is_refused():
    assert refusal_reason("we need to do → done")["code"] == "NODE_NOT_IN_INTENT"


def test_planted_to_do_truncated_is_refused():
    edges = [("Do", "In Progress", "someone picks it up"), ("In Progress", "Done", "merged")]
    assert planted_reason(TO_DO, edges)["code"]


def test_a_states_heading_parted_by_a_dash_is_the_title() -> None:
    """'Document states - …': the heading before a spaced dash names the drawing (framing.py), as before a colon."""
    from oracles.tests.planted_diagrams import drawn_edges
    edges = drawn_edges("Document states - draft -> review (submit) -> published (approve); review -> draft (reject)")
    assert edges == {("draft", "review"): "submit", ("review", "published"): "approve", ("review", "draft"): "reject"}
