"""A case list after its question whose last row is the default: "severity? P1 -> page oncall,
P2 -> ticket, otherwise -> backlog". The drafter (case_lists.py) and the check (case_list_check.py)
each read it; the default is the list's own last case, drawn from the question with its word on the
edge. An "otherwise" before other rows, or without its arrow, is not read as a case list."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import get_kind
from oracles.engine.diagram.case_lists import case_list
from oracles.tests.test_diagram_flows import _drawn, _planted, _refused


@pytest.mark.parametrize(
    ("intent", "default", "head"),
    [
        ("severity? P1 -> page oncall, P2 -> open ticket, otherwise -> add to backlog", "otherwise", "add to backlog"),
        ("language? English -> EN team, Spanish -> ES team, anything else -> machine translation",
         "anything else", "machine translation"),
        ("receive email, check plan: Enterprise → priority queue; Pro → standard queue; everyone else → community forum",
         "everyone else", "community forum"),
        ("deploy target? prod => require 2 approvals, staging => require 1 approval, else => auto deploy",
         "else", "auto deploy"),
        ("parcel weight? small -> letter rate\nmedium -> parcel rate\ndefault -> freight", "default", "freight"),
    ],
)
def test_the_last_default_row_branches_from_the_question(intent: str, default: str, head: str) -> None:
    nodes, edges = _drawn(intent)
    decision = next(n for n in nodes if n.endswith("?") or n == "check plan")
    rows = {key: labels for key, labels in edges.items() if key[0] == decision}
    assert len(rows) == 3
    assert rows[(decision, head)] == [default]
    assert head in nodes


@pytest.mark.parametrize(
    "intent",
    [
        "severity? otherwise -> backlog, P1 -> page oncall",  # the default is the last case
        "severity? P1 -> page oncall, otherwise -> backlog, P2 -> open ticket",
        "status code? 2xx parse body, 4xx log client error, otherwise retry later",  # no arrow for the default
        "severity? P1 -> page oncall, otherwise -> backlog, otherwise -> archive",  # two defaults
    ],
)
def test_a_default_that_is_not_the_last_row_is_no_case_list(intent: str) -> None:
    assert case_list(intent) is None


@pytest.mark.parametrize(
    "intent",
    [
        "severity? otherwise -> backlog, P1 -> page oncall",
        "severity? P1 -> page oncall, otherwise -> backlog, P2 -> open ticket",
        "severity? P1 -> page oncall, P2 -> open ticket, otherwise, if urgent -> call the boss",
    ],
)
def test_an_unclear_default_stays_refused(intent: str) -> None:
    _refused(intent)


def test_a_planted_default_on_the_wrong_row_is_refused() -> None:
    intent = "severity? P1 -> page oncall, P2 -> open ticket, otherwise -> add to backlog"
    _planted(intent, 'label="otherwise"', 'label="P2"')
    _planted(intent, 'label="P2"', 'label="otherwise"')


def test_a_planted_dropped_default_edge_is_refused() -> None:
    intent = "language? English -> EN team, Spanish -> ES team, anything else -> machine translation"
    _planted(intent, 'label="anything else"', 'label=""')


# --- one deciding step before the colon: "check severity: critical -> page oncall, …" ----------


@pytest.mark.parametrize(
    ("intent", "decision"),
    [
        ("check severity: critical -> page oncall, minor -> open ticket", "check severity"),
        ("detect language: English -> EN team, Spanish -> ES team, anything else -> machine translation",
         "detect language"),
        ("classify the request: bug → engineering; question → support desk; otherwise → general inbox",
         "classify the request"),
        ("triage ticket: P1 -> page oncall, P2 -> open ticket", "triage ticket"),
    ],
)
def test_a_lone_deciding_step_before_the_colon_is_the_decision(intent: str, decision: str) -> None:
    nodes, edges = _drawn(intent)
    assert decision in nodes
    assert {tail for tail, _ in edges} == {decision}
    assert all(labels for labels in edges.values())


@pytest.mark.parametrize(
    "intent",
    [
        "severity: critical -> page oncall, minor -> open ticket",  # a heading over the rows
        "Alerts: critical -> page oncall, minor -> open ticket",
        "check severity:\ncritical -> page oncall\nminor -> open ticket",  # a heading over the lines below
        "triage rules for the on-call team today: P1 -> page oncall, P2 -> open ticket",  # too long for a step
    ],
)
def test_a_lone_heading_before_the_colon_is_no_decision(intent: str) -> None:
    assert case_list(intent) is None


def test_the_cases_drawn_as_steps_under_a_deciding_step_are_refused() -> None:
    intent = "check severity: critical -> page oncall, minor -> open ticket"
    literal = (
        'digraph G {\n  n0 [label="critical"];\n  n1 [label="page oncall"];\n  n2 [label="minor"];\n'
        '  n3 [label="open ticket"];\n  n0 -> n1;\n  n2 -> n3;\n}\n'
    )
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    verdict = kind.check(intent, replace(draft, artifact=literal, facts={}), {})
    assert verdict.status == "invalid"


def test_a_planted_mislabelled_case_under_a_deciding_step_is_refused() -> None:
    intent = "detect language: English -> EN team, Spanish -> ES team, anything else -> machine translation"
    _planted(intent, 'label="English"', 'label="Spanish"')
    _planted(intent, 'label="machine translation"', 'label="machine"')


@pytest.mark.parametrize(
    "intent",
    [
        "check the customer's plan. Enterprise → priority queue, Pro → standard queue, everyone else → community forum.",
        "detect language. English -> EN team. Spanish -> ES team. anything else -> machine translation",
    ],
)
def test_a_deciding_sentence_before_the_rows_is_the_decision(intent: str) -> None:
    nodes, edges = _drawn(intent)
    assert len({tail for tail, _ in edges}) == 1 and len(edges) == 3 and len(nodes) == 4
    assert all(labels for labels in edges.values())


@pytest.mark.parametrize(
    "intent",
    [
        "create account. Alice -> Bob, Bob -> Carol",  # no deciding verb: no decision
        "check the plan. gold 2xx, silver 4xx",  # rows without arrows after a full stop
        "check the plan, Enterprise → priority queue. Pro → standard queue",  # the lead is no sentence of its own
    ],
)
def test_a_sentence_that_does_not_decide_is_no_case_list(intent: str) -> None:
    assert case_list(intent) is None


def test_the_cases_drawn_as_steps_after_a_deciding_sentence_are_refused() -> None:
    intent = "check the plan. Enterprise → priority queue, Pro → standard queue"
    literal = (
        'digraph G {\n  n0 [label="check the plan"];\n  n1 [label="Enterprise"];\n  n2 [label="priority queue"];\n'
        '  n3 [label="Pro"];\n  n4 [label="standard queue"];\n  n1 -> n2;\n  n3 -> n4;\n}\n'
    )
    kind = get_kind("diagram")
    draft = kind.draft(intent, "dot", {})
    assert kind.check(intent, draft, {}).status == "valid"
    verdict = kind.check(intent, replace(draft, artifact=literal, facts={}), {})
    assert verdict.status == "invalid"


# --- a case outline under a question step, its last row the default -------------------------------


@pytest.mark.parametrize(
    ("intent", "default"),
    [
        ("Flow for incoming tickets:\n1. **Receive ticket**\n2. **Priority?**\n   - if P1 → **Page on-call**\n"
         "   - else if P2 → **Create issue**\n   - else → **Add to backlog**", "else"),
        ("1. Receive ticket\n2. Priority?\n   - P1 → Page on-call\n   - P2 → Create issue\n   - otherwise → Add to backlog",
         "otherwise"),
        ("- Receive ticket\n- Priority?\n  - P1: Page on-call\n  - P2: Create issue\n  - anything else: Add to backlog",
         "anything else"),
    ],
)
def test_a_question_step_over_case_rows_takes_its_default(intent: str, default: str) -> None:
    nodes, edges = _drawn(intent)
    assert {"receive ticket", "priority?", "page on-call", "create issue", "add to backlog"} <= {n.casefold() for n in nodes}
    assert [labels for (tail, head), labels in edges.items() if head.casefold() == "add to backlog"] == [[default]]
    assert len(edges) == 4


@pytest.mark.parametrize(
    "intent",
    [
        "- Priority?\n  - P1 → Page on-call\n  - otherwise → Add to backlog\n  - P2 → Create issue",  # default not last
        "- Approved?\n- Build\n  - P1 → Page on-call\n  - otherwise → Add to backlog",  # the question is not the rows'
    ],
)
def test_an_outline_default_that_is_not_settled_stays_refused(intent: str) -> None:
    _refused(intent)


def test_a_planted_outline_default_on_another_row_is_refused() -> None:
    intent = "1. Receive ticket\n2. Priority?\n   - P1 → Page on-call\n   - P2 → Create issue\n   - otherwise → Add to backlog"
    _planted(intent, 'label="otherwise"', 'label="P2"')
    _planted(intent, 'label="P1"', 'label="otherwise"')
