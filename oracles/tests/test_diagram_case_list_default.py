"""A case list after its question whose last row is the default: "severity? P1 -> page oncall,
P2 -> ticket, otherwise -> backlog". The drafter (case_lists.py) and the check (case_list_check.py)
each read it; the default is the list's own last case, drawn from the question with its word on the
edge. An "otherwise" before other rows, or without its arrow, is not read as a case list."""

from __future__ import annotations

import pytest

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
