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
