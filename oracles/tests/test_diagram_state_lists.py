"""State machines written as a title, a list of the states and one move a sentence: "Thermostat state
machine. States: Idle, Heating, Off. Idle → Heating when temp < setpoint. …". The title sentence names
the drawing (framing.py, drafter and check alike); the list of states names nodes only, never a step
a later move starts from ("States: Closed, Listen, Open." before "Closed -> Listen on start"); the
event after "on" / "when" is the arrow's label without that word ("on power button" → "power button")."""

from __future__ import annotations

import pytest

from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

THERMOSTAT = {("idle", "heating"): ["temp < setpoint"], ("heating", "idle"): ["temp >= setpoint"],
              ("idle", "off"): ["power button"], ("off", "idle"): ["power button"]}


@pytest.mark.parametrize(
    "intent",
    [
        "Thermostat state machine. States: Idle, Heating, Off. Idle → Heating when temp < setpoint. "
        "Heating → Idle when temp >= setpoint. Idle → Off on power button. Off → Idle on power button.",
        "Thermostat lifecycle. States: Idle, Heating, Off. Idle -> Heating when temp < setpoint; "
        "Heating -> Idle when temp >= setpoint; Idle -> Off on power button; Off -> Idle on power button.",
        "Our thermostat state diagram. Idle → Heating when temp < setpoint. Heating → Idle when temp >= setpoint. "
        "Idle → Off on power button. Off → Idle on power button.",
    ],
)
def test_a_titled_state_list_with_one_move_a_sentence(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"idle", "heating", "off"}
    assert edges == THERMOSTAT


@pytest.mark.parametrize(
    "intent",
    [
        "States: Closed, Listening, Open. Closed -> Listening on start; Listening -> Open on accept; Open -> Closed on close.",
        "Socket states: Closed, Listening, Open.\nClosed -> Listening on start\nListening -> Open on accept\n"
        "Open -> Closed on close",
    ],
)
def test_a_list_of_states_is_no_step_the_first_move_starts_from(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"closed", "listening", "open"}
    assert edges == {("closed", "listening"): ["start"], ("listening", "open"): ["accept"], ("open", "closed"): ["close"]}


def test_a_condition_about_someone_keeps_its_words() -> None:
    _, edges = _drawn("PR states: Open -> In Review when a reviewer is assigned. In Review -> Merged on approval.")
    assert edges[("open", "in review")] == ["when a reviewer is assigned"]
    assert edges[("in review", "merged")] == ["approval"]


def test_a_listed_state_left_without_a_move_is_refused() -> None:
    _refused("Thermostat state machine. States: Idle, Heating, Off, Cooling. Idle → Heating when cold. Heating → Idle when warm.")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('n0 -> n2 [label="power button"]', 'n0 -> n2 [label="temp < setpoint"]'),  # an event on the wrong move
        ("n0 -> n2", "n2 -> n2"),  # a move from the wrong state
        ('n2 [label="Off"];', 'n2 [label="Thermostat"];'),  # the title drawn as a state
    ],
)
def test_the_check_alone_refuses_a_planted_bug(old: str, new: str) -> None:
    intent = ("Thermostat state machine. States: Idle, Heating, Off. Idle → Heating when temp < setpoint. "
              "Heating → Idle when temp >= setpoint. Idle → Off on power button. Off → Idle on power button.")
    assert _planted(intent, old, new)["code"]


# --- moves between listed states written "A to B" (declared_moves.py) ------------------------------

ARTICLE = {("draft", "in review"), ("in review", "draft"), ("in review", "published")}


@pytest.mark.parametrize(
    "intent",
    [
        "Model the article workflow as a state machine with the states Draft, In Review and Published. "
        "Permitted transitions: Draft to In Review; In Review back to Draft (changes requested); In Review to Published.",
        "States: Draft, In Review, Published. Transitions: Draft to In Review; In Review back to Draft (changes requested); "
        "In Review to Published.",
        "Article states: Draft, In Review, Published.\nTransitions:\n- Draft to In Review\n"
        "- In Review back to Draft (changes requested)\n- In Review to Published",
        "The states are Draft, In Review and Published. Draft to In Review. In Review goes back to Draft (changes requested). "
        "In Review to Published.",
    ],
)
def test_moves_between_listed_states_written_a_to_b(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"draft", "in review", "published"}
    assert set(edges) == ARTICLE
    assert edges[("in review", "draft")] == ["changes requested"]


def test_a_move_with_its_event_after_when_or_on() -> None:
    _, edges = _drawn("States: Off, Idle, Heating. Transitions: Off to Idle when powered on; Idle to Heating on cold; "
                      "Heating to Idle when warm.")
    assert edges == {("off", "idle"): ["powered on"], ("idle", "heating"): ["cold"], ("heating", "idle"): ["warm"]}


@pytest.mark.parametrize(
    "intent",
    [
        # a name that is not one of the listed states: "to" may be anything
        "States: Draft, Review, Done. Transitions: Draft to Review; Review to Archive.",
        # more than a condition after the second state
        "States: Draft, Review, Done. Draft to Review after legal signs off and then to Done.",
    ],
)
def test_a_to_b_outside_the_listed_states_is_not_a_move(intent: str) -> None:
    from oracles.engine.diagram.declared_moves import declared_moves_as_arrows

    assert "Review -> Archive" not in declared_moves_as_arrows(intent)
    assert "Review -> Done" not in declared_moves_as_arrows(intent)
    _refused(intent)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("n1 -> n0", "n0 -> n1"),  # the way back drawn forward
        ('label="changes requested"', 'label="published"'),  # a made-up event
        ("n1 -> n2", "n0 -> n2"),  # a move from the wrong state
    ],
)
def test_the_check_alone_refuses_a_planted_bug_in_declared_moves(old: str, new: str) -> None:
    intent = ("States: Draft, In Review, Published. Transitions: Draft to In Review; In Review back to Draft "
              "(changes requested); In Review to Published.")
    assert _planted(intent, old, new)["code"]


# --- a transition table whose column names are in its heading (table_headings.py) -------------------


@pytest.mark.parametrize(
    "intent",
    [
        "Order states (from | event | to):\nPending | pay | Paid\nPaid | ship | Shipped\nPending | cancel | Cancelled",
        "Order states (to | event | from):\nPaid | pay | Pending\nShipped | ship | Paid\nCancelled | cancel | Pending",
        "Order states (state | event | next state):\n| Pending | pay | Paid |\n| Paid | ship | Shipped |\n"
        "| Pending | cancel | Cancelled |",
    ],
)
def test_a_table_with_its_columns_named_in_the_heading(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"pending", "paid", "shipped", "cancelled"}
    assert edges == {("pending", "paid"): ["pay"], ("paid", "shipped"): ["ship"], ("pending", "cancelled"): ["cancel"]}


def test_columns_that_say_nothing_of_the_direction_stay_refused() -> None:
    from oracles.engine.diagram.table_headings import header_out_of_heading

    assert header_out_of_heading("Moves (a | b):\nx | y | z") == "Moves (a | b):\nx | y | z"  # rows of 3 under 2 names
    _refused("Order states (a | b | c):\nPending | pay | Paid\nPaid | ship | Shipped")


@pytest.mark.parametrize(("old", "new"), [("n0 -> n1", "n1 -> n0"), ('label="ship"', 'label="pay"')])
def test_the_check_alone_refuses_a_planted_bug_in_a_headed_table(old: str, new: str) -> None:
    intent = "Order states (from | event | to):\nPending | pay | Paid\nPaid | ship | Shipped\nPending | cancel | Cancelled"
    assert _planted(intent, old, new)["code"]


# --- moves said with a modal, "straight", or a second target sharing the verb (move_clauses.py) -----


@pytest.mark.parametrize(
    "intent",
    [
        "Order states: Pending goes to Paid when the payment succeeds, or to Cancelled if the customer cancels. "
        "Paid goes to Shipped when dispatched.",
        "Order states: Pending goes to Paid when the payment succeeds. Pending can also go to Cancelled if the customer "
        "cancels. Paid goes to Shipped when dispatched.",
        "Order states: Pending goes to Paid when the payment succeeds. Pending may go straight to Cancelled if the "
        "customer cancels. Paid goes to Shipped when dispatched.",
    ],
)
def test_a_second_target_or_a_modal_move_is_a_move_from_the_same_state(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"pending", "paid", "cancelled", "shipped"}
    assert edges == {("pending", "paid"): ["payment succeeds"], ("pending", "cancelled"): ["customer cancels"],
                     ("paid", "shipped"): ["dispatched"]}


def test_a_way_back_said_with_can() -> None:
    _, edges = _drawn("ticket states: new -> assigned -> resolved -> closed. resolved can go back to assigned if customer "
                      "reopens. also new can go straight to closed if its spam")
    assert set(edges) == {("new", "assigned"), ("assigned", "resolved"), ("resolved", "closed"), ("resolved", "assigned"),
                          ("new", "closed")}
    assert edges[("resolved", "assigned")] == ["customer reopens"]


@pytest.mark.parametrize(
    "intent",
    [
        "After Review it either goes to Approve or Reject, and also to Archive.",  # a choice, then maybe a fork
        "Review goes to Approve or Reject, and to Archive.",
    ],
)
def test_a_choice_before_the_second_target_is_left_as_written(intent: str) -> None:
    from oracles.engine.diagram.move_clauses import move_clauses_plainly

    assert move_clauses_plainly(intent) == intent
    _refused(intent)


@pytest.mark.parametrize(("old", "new"), [("n0 -> n2", "n1 -> n2"), ('label="customer cancels"', 'label="dispatched"')])
def test_the_check_alone_refuses_a_planted_bug_in_a_second_target(old: str, new: str) -> None:
    intent = ("Order states: Pending goes to Paid when the payment succeeds, or to Cancelled if the customer cancels. "
              "Paid goes to Shipped when dispatched.")
    assert _planted(intent, old, new)["code"]
