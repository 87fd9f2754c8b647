"""Three ways a chart can be drawn from the intent's words yet say something else, each refused by the check on
its own (hand-drawn rows, not the drafter's):

- a number written with the values' unit inside a label ("00:00 p50 120ms p95" beside 340ms): a value not drawn
  (fail_closed_units.py);
- a subject glued to the first label across an arrow ("traffic sources last wk → organic"), when no sibling
  label holds one (fail_closed.py); labels that are all routes ("LHR → JFK") pass;
- a trend said in the progressive ("sales dropping every month") that the drawn values contradict
  (fail_closed_claims.py).
"""

from __future__ import annotations

import pytest

from oracles.tests.test_chart_fail_closed import _check, _rows, _valid

_LATENCY = ("line chart of api latency today, p50 and p95 as two lines?\n00:00 p50 120ms p95 340ms\n"
            "06:00 p50 135ms p95 410ms\n12:00 p50 180ms p95 620ms")


def test_a_value_inside_a_label_is_refused() -> None:
    rows = _rows(("00:00 p50 120ms p95", 340), ("06:00 p50 135ms p95", 410), ("12:00 p50 180ms p95", 620))
    refusal = _check(_LATENCY, rows, mark="line")
    assert refusal is not None and refusal[0] == "VALUE_MISSING" and "'120ms'" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "bar chart of requests by latency bucket: 100-200 ms: 77, 200-300 ms: 41, 300-400 ms: 12",
    "Response time (ms) by endpoint: /login 120ms, /search 340ms, /cart 95ms",
    "ages 35–44: 860, ages 45–54: 720, ages 55–64: 510",
])
def test_numbers_in_labels_that_are_not_values_stay_valid(intent: str) -> None:
    assert _valid(intent), intent


def test_a_subject_glued_across_an_arrow_is_refused() -> None:
    intent = "quick pie pls: traffic sources last wk → organic 42%, paid 23%, social 18%, email 11%, referral 6%"
    rows = _rows(("traffic sources last wk → organic", 42), ("paid", 23), ("social", 18), ("email", 11), ("referral", 6))
    refusal = _check(intent, rows, mark="arc")
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "'organic'" in refusal[1], refusal


def test_labels_that_are_all_routes_stay_valid() -> None:
    assert _valid("bar chart of flights per route: LHR → JFK 340, CDG → SFO 210, FRA → ORD 180")


@pytest.mark.parametrize("intent", [
    "line chart showing sales dropping every month: Jan 100, Feb 120, Mar 140, Apr 165",
    "signups growing week over week — wk1 50, wk2 44, wk3 61",
    "Our churn is falling steadily: Q1 5.1%, Q2 5.4%, Q3 4.9%",
])
def test_a_contradicted_progressive_trend_is_refused(intent: str) -> None:
    assert not _valid(intent), intent


@pytest.mark.parametrize("intent", [
    "line chart showing sales dropping every month: Jan 165, Feb 140, Mar 120, Apr 100",
    "signups growing week over week — wk1 50, wk2 54, wk3 61",
])
def test_an_agreeing_progressive_trend_stays_valid(intent: str) -> None:
    assert _valid(intent), intent
