"""A state machine pasted as YAML: each state's events mapped to their targets ("states:\n  CLOSED:\n
connect: SYN_SENT", also as flow maps "CLOSED: {on: {connect: SYN_SENT}}"), or a list of states with a
list of transitions ("- {from: red, to: green, on: tick}"). One parse (yaml_data.parse_yaml) for drafter
and check, as json.loads is; such YAML is never read as an outline of "connect: SYN_SENT" steps."""

from __future__ import annotations

import pytest

from oracles.engine.diagram.yaml_data import parse_yaml
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused

TCP = {("closed", "syn_sent"): ["connect"], ("syn_sent", "established"): ["syn_ack"], ("syn_sent", "closed"): ["timeout"],
       ("established", "closed"): ["close"]}


@pytest.mark.parametrize(
    "intent",
    [
        "states:\n  CLOSED:\n    connect: SYN_SENT\n  SYN_SENT:\n    syn_ack: ESTABLISHED\n    timeout: CLOSED\n"
        "  ESTABLISHED:\n    close: CLOSED",
        "states:\n  CLOSED: {on: {connect: SYN_SENT}}\n  SYN_SENT: {on: {syn_ack: ESTABLISHED, timeout: CLOSED}}\n"
        "  ESTABLISHED: {on: {close: CLOSED}}",
        "states:\n  CLOSED:\n    on: {connect: SYN_SENT}\n  SYN_SENT:\n    on:\n      syn_ack: ESTABLISHED\n      timeout: CLOSED\n"
        "  ESTABLISHED: {on: {close: CLOSED}}",
        "states: [CLOSED, SYN_SENT, ESTABLISHED]\ntransitions:\n  - {from: CLOSED, to: SYN_SENT, on: connect}\n"
        "  - {from: SYN_SENT, to: ESTABLISHED, on: syn_ack}\n  - {from: SYN_SENT, to: CLOSED, on: timeout}\n"
        "  - {from: ESTABLISHED, to: CLOSED, on: close}",
        "machine: tcp\nstates: [CLOSED, SYN_SENT, ESTABLISHED]\ntransitions:\n  - from: CLOSED\n    to: SYN_SENT\n"
        "    on: connect\n  - from: SYN_SENT\n    to: ESTABLISHED\n    on: syn_ack\n  - from: SYN_SENT\n    to: CLOSED\n"
        "    on: timeout\n  - from: ESTABLISHED\n    to: CLOSED\n    on: close",
    ],
)
def test_a_yaml_state_machine_is_its_states_and_events(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert nodes == {"closed", "syn_sent", "established"}
    assert edges == TCP


def test_flow_maps_parse_like_block_maps() -> None:
    assert parse_yaml("a: {x: 1, y: {z: [p, q]}}\nb: {}\nc: d") == {"a": {"x": "1", "y": {"z": ["p", "q"]}}, "b": {}, "c": "d"}
    assert parse_yaml("a: {x: 1, x: 2}\nb: c\nd: e") is None  # a key twice
    assert parse_yaml("a: {x: {y: 1}\nb: c\nd: e") is None  # a bracket left open


@pytest.mark.parametrize(
    "intent",
    [
        # a target that is no state
        "states:\n  CLOSED: {on: {connect: SYN_SENT}}\n  SYN_SENT: {on: {syn_ack: LISTEN}}\n  LISTEN: {on: {close: DONE}}",
        # events said only in comments: the labels would be dropped
        "state_machine: garage door\nstates: [Closed, Opening, Open]\ntransitions:\n  - Closed -> Opening   # remote pressed\n"
        "  - Opening -> Open     # fully up\n  - Open -> Closed   # timer",
    ],
)
def test_yaml_that_is_no_whole_state_machine_stays_refused(intent: str) -> None:
    _refused(intent)


@pytest.mark.parametrize(("old", "new"), [('label="timeout"', 'label="connect"'), ("n1 -> n0", "n0 -> n1"),
                                          ('n2 [label="ESTABLISHED"];', 'n2 [label="ESTABLISHED"];\n  n3 [label="on"];')])
def test_the_check_alone_refuses_a_planted_bug(old: str, new: str) -> None:
    intent = ("states:\n  CLOSED: {on: {connect: SYN_SENT}}\n  SYN_SENT: {on: {syn_ack: ESTABLISHED, timeout: CLOSED}}\n"
              "  ESTABLISHED: {on: {close: CLOSED}}")
    assert _planted(intent, old, new)["code"]
