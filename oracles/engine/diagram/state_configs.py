"""A state machine pasted as its configuration, the shape state-chart libraries use:

    {"initial": "draft", "states": {"draft": {"on": {"SUBMIT": "review"}}, "review": {}}}

or, in YAML, each state's events mapped straight to their targets:

    states:
      draft:
        submit: in_review

Every state is a node, every event an edge from its state to the target, labelled with the event.
The name of the machine ("id", "machine", "name", "title") is its title; "initial" names a state and
adds nothing. Any other key, a target that is no state, or an event that is not a plain name makes it
not this shape (None), for the other readers to try or refuse.

Data has one reading: the drafter (edge_tables.read_json_graph) draws this parse and the check's
normal form (normal_forms._json_as_text) reads the same parse as "state -> target: EVENT" lines, then
checks the drawing against them like any other intent.
"""

from __future__ import annotations

from typing import Any

_TITLE_KEYS = frozenset({"id", "machine", "name", "title"})
_KIND_KEYS = frozenset({"type", "kind", "diagram"})
_KIND_VALUES = frozenset({"state machine", "state_machine", "statemachine", "state diagram", "statechart", "fsm", "machine",
                          "state"})
_STATE_KEYS = frozenset({"on"})


def _target(value: Any) -> str | None:
    if isinstance(value, dict) and set(value) == {"target"}:
        value = value["target"]
    return value.strip() if isinstance(value, str) and value.strip() else None


def _events(spec: Any) -> dict[str, Any] | None:
    """A state's events: {"on": {...}} (or no events, {}), or the events map itself (YAML)."""
    if not isinstance(spec, dict):
        return None
    if not spec:
        return {}
    if set(spec) <= _STATE_KEYS:
        return spec["on"] if isinstance(spec["on"], dict) else None
    return None if "on" in spec else spec


def state_machine(value: Any) -> tuple[str | None, list[str], list[tuple[str, str, str]]] | None:
    """(title, states, transitions as (state, target, event)) of a state-machine config, or None."""
    if not isinstance(value, dict) or not isinstance(value.get("states"), dict) or not value["states"]:
        return None
    if not set(value) <= {"states", "initial"} | _TITLE_KEYS | _KIND_KEYS:
        return None
    if any(not isinstance(value[k], str) or value[k].strip().casefold() not in _KIND_VALUES for k in set(value) & _KIND_KEYS):
        return None
    titles = [value[k].strip() for k in _TITLE_KEYS if isinstance(value.get(k), str) and value[k].strip()]
    if len(titles) != len(set(value) & _TITLE_KEYS) or len(titles) > 1:
        return None
    states = [s.strip() for s in value["states"] if isinstance(s, str) and s.strip()]
    if len(states) != len(value["states"]) or ("initial" in value and value["initial"] not in value["states"]):
        return None
    transitions = []
    for state, spec in value["states"].items():
        events = _events(spec)
        if events is None:
            return None
        for event, target in events.items():
            head = _target(target)
            if not isinstance(event, str) or not event.strip() or head is None or head not in value["states"]:
                return None
            transitions.append((state.strip(), head, event.strip()))
    if not transitions:
        return None
    return (titles[0] if titles else None), states, transitions
