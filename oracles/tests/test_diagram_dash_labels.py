"""Family: a transition's event written inside a single-dash arrow, 'Idle -start-> Running'
('Connecting -handshake ok-> Connected', 'Disconnected -connect()-> Connecting'), read like
'Idle -(start)-> Running' and 'Idle —start→ Running' by the drafter (reading.ARROW_RE) and by the
check's normal form (normal_forms._INLINE_LABEL_RES). A bulleted row '- A -> B', a spaced dash
'A - b -> C' and a hyphenated name 'pre-check -> build' are no such label."""

from __future__ import annotations

import pytest

from oracles.tests.planted_diagrams import drawn_edges, planted_reason

CASES = [
    (
        "state machine: Idle -start-> Running; Running -pause-> Paused; Paused -resume-> Running; "
        "Running -finish-> Done",
        {("Idle", "Running"): "start", ("Running", "Paused"): "pause", ("Paused", "Running"): "resume",
         ("Running", "Done"): "finish"},
    ),
    (
        "connection states: Disconnected -connect()-> Connecting; Connecting -handshake ok-> Connected; "
        "Connected -close-> Disconnected",
        {("Disconnected", "Connecting"): "connect()", ("Connecting", "Connected"): "handshake ok",
         ("Connected", "Disconnected"): "close"},
    ),
    (
        "Traffic light: Red -timer expires-> Green -timer expires-> Yellow -timer expires-> Red",
        {("Red", "Green"): "timer expires", ("Green", "Yellow"): "timer expires", ("Yellow", "Red"): "timer expires"},
    ),
    (
        "Ticket:\n- New -assign-> Open\n- Open -resolve-> Resolved\n- Resolved -reopen-> Open",
        {("New", "Open"): "assign", ("Open", "Resolved"): "resolve", ("Resolved", "Open"): "reopen"},
    ),
    (
        "Build: Queued -picked up-> Running. Running -tests fail-> Failed. Running -tests pass-> Passed.",
        {("Queued", "Running"): "picked up", ("Running", "Failed"): "tests fail", ("Running", "Passed"): "tests pass"},
    ),
]


@pytest.mark.parametrize(("intent", "expected"), CASES)
def test_single_dash_label_is_the_event(intent: str, expected: dict[tuple[str, str], str]) -> None:
    assert drawn_edges(intent) == expected


DOOR = "Door: Closed -open-> Opened; Opened -close-> Closed; Closed -lock-> Locked; Locked -unlock-> Closed"


def test_door_drawn() -> None:
    assert drawn_edges(DOOR) == {("Closed", "Opened"): "open", ("Opened", "Closed"): "close",
                                 ("Closed", "Locked"): "lock", ("Locked", "Closed"): "unlock"}


def test_planted_swapped_events_refused() -> None:
    planted_reason(DOOR, [("Closed", "Opened", "close"), ("Opened", "Closed", "open"),
                          ("Closed", "Locked", "lock"), ("Locked", "Closed", "unlock")])


def test_planted_label_as_node_refused() -> None:
    planted_reason(DOOR, [("Closed", "open"), ("open", "Opened"), ("Opened", "Closed", "close"),
                          ("Closed", "Locked", "lock"), ("Locked", "Closed", "unlock")])


def test_planted_reversed_transition_refused() -> None:
    planted_reason(DOOR, [("Opened", "Closed", "open"), ("Opened", "Closed", "close"),
                          ("Closed", "Locked", "lock"), ("Locked", "Closed", "unlock")])


def test_bulleted_plain_arrows_unchanged() -> None:
    assert drawn_edges("Flow:\n- fetch -> parse\n- parse -> store") == {("fetch", "parse"): None,
                                                                       ("parse", "store"): None}


def test_hyphenated_name_is_no_label() -> None:
    assert drawn_edges("pre-check -> build -> deploy") == {("pre-check", "build"): None, ("build", "deploy"): None}
