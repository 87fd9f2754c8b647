"""The chart check refuses data it cannot hold as drawn (oracles/engine/chart/fail_closed_missing.py).

Three families, each with unit tests of the check alone (our own phrasings, the faithful chart passing beside
the faulty one) and a planted bug (the drafter's spec with the fault planted, checked as a whole):
- rows of several numbers with no header ("api_gateway 4 90 0.95"), drawn with the other columns in the label;
- data said to be elsewhere ("targets are in the linked spreadsheet", "see attachment");
- a comparison asked ("plan versus spend", "compare target and actual", "side-by-side bars") drawn as one series.
"""

from __future__ import annotations

import pytest

from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows

# ---------------------------------------------------------------------------------------------
# 1. Rows of several numbers drawn as labels


@pytest.mark.parametrize(("intent", "rows"), [
    ("stats per service:\napi_gateway 4 90 0.95\nauth 2 40 0.99\nbilling 7 130 0.91",
     _rows(("api_gateway 4 90", 0.95), ("auth 2 40", 0.99), ("billing 7 130", 0.91))),
    ("per runner: alpha 3 1,200 18, beta 5 900 22",
     _rows(("alpha 3 1,200", 18), ("beta 5 900", 22))),
])
def test_row_columns_drawn_in_labels_are_refused(intent: str, rows: list) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "which column" in refusal[1], refusal


@pytest.mark.parametrize(("intent", "rows"), [
    ("Trips by road: Route 66: 120, Highway 1: 80", _rows(("Route 66", 120), ("Highway 1", 80))),
    ("Units sold: iPhone 15 340, iPhone 14 210", _rows(("iPhone 15", 340), ("iPhone 14", 210))),
    ("Revenue: Q3 2024 1.2, Q4 2024 1.5", _rows(("Q3 2024", 1.2), ("Q4 2024", 1.5))),
    ("Customers by age: ages 35-44: 860, ages 45-54: 700", _rows(("ages 35-44", 860), ("ages 45-54", 700))),
])
def test_numbers_that_are_names_stay_valid(intent: str, rows: list) -> None:
    assert _check(intent, rows) is None


def test_planted_row_columns_in_labels_is_refused() -> None:
    intent = "nightly jobs:\nexport_a 11 500 0.6\nexport_b 9 420 0.75\nexport_c 14 610 0.8"
    rows = _rows(("export_a 11 500", 0.6), ("export_b 9 420", 0.75), ("export_c 14 610", 0.8))
    _refused(_planted(intent, rows), "LABEL_NOT_IN_INTENT", "'export_a 11 500'", "which column")


# ---------------------------------------------------------------------------------------------
# 2. Data said to be elsewhere


@pytest.mark.parametrize(("intent", "rows"), [
    ("Headcount per office: Paris 40, Rome 25. Contractors are in the linked spreadsheet.",
     _rows(("Paris", 40), ("Rome", 25))),
    ("Sales by rep: Ana 12, Ben 9 - the rest see attachment", _rows(("Ana", 12), ("Ben", 9))),
    ("Tickets per queue: L1 300, L2 120; escalations from last week's report too", _rows(("L1", 300), ("L2", 120))),
])
def test_data_said_to_be_elsewhere_is_refused(intent: str, rows: list) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "VALUE_MISSING" and "elsewhere" in refusal[1], refusal


def test_planted_data_elsewhere_is_refused() -> None:
    intent = "Spend by team: Design 40k, Data 65k. Forecast is in the attached workbook."
    _refused(_planted(intent, _rows(("Design", 40000), ("Data", 65000))), "VALUE_MISSING", "attached workbook")


# ---------------------------------------------------------------------------------------------
# 3. A comparison with one side drawn


@pytest.mark.parametrize("intent", [
    "Plan versus spend by month: Jan 10, Feb 12, Mar 11",
    "compare target and actual per store: North 50, South 40",
    "side-by-side bars of North 50, South 40",
])
def test_a_comparison_with_one_side_drawn_is_refused(intent: str) -> None:
    rows = _rows(("Jan", 10), ("Feb", 12), ("Mar", 11)) if "Jan" in intent else _rows(("North", 50), ("South", 40))
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "VALUE_MISSING" and "comparison" in refusal[1], refusal


def test_a_comparison_of_drawn_categories_stays_valid() -> None:
    assert _check("Python vs Go, stars: Python 48, Go 12", _rows(("Python", 48), ("Go", 12))) is None


def test_planted_comparison_side_dropped_is_refused() -> None:
    # the actuals are never given: a drafter that draws the forecast alone must not pass
    intent = "Forecast vs actual, grouped bars. Forecast: Alpha 30, Beta 45."
    _refused(_planted(intent, _rows(("Alpha", 30), ("Beta", 45))), "VALUE_MISSING", "comparison")


@pytest.mark.parametrize(("intent", "rows"), [
    ("Spend variance vs plan, k: Ops -4, Sales 2", _rows(("Ops", -4), ("Sales", 2))),
    ("Rainfall anomaly vs the long-run mean: 2022 -12, 2023 8", _rows(("2022", -12), ("2023", 8))),
])
def test_a_difference_from_a_reference_stays_one_series(intent: str, rows: list) -> None:
    assert _check(intent, rows) is None


# ---------------------------------------------------------------------------------------------
# 4. Pie slices beyond a stated whole


@pytest.mark.parametrize(("intent", "rows"), [
    ("pie of ticket states (out of 12 tickets): open 5, done 6, blocked 3", _rows(("open", 5), ("done", 6), ("blocked", 3))),
    ("pie of survey answers (n=50): yes 30, no 25, unsure 5", _rows(("yes", 30), ("no", 25), ("unsure", 5))),
    ("donut of pets (n = 40): cats 22, dogs 15, birds 9", _rows(("cats", 22), ("dogs", 15), ("birds", 9))),
])
def test_pie_slices_beyond_the_stated_whole_are_refused(intent: str, rows: list) -> None:
    refusal = _check(intent, rows, mark="arc")
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART" and "more than the whole" in refusal[1], refusal


@pytest.mark.parametrize(("intent", "rows", "mark"), [
    ("pie of ticket states (out of 14 tickets): open 5, done 6, blocked 3",
     _rows(("open", 5), ("done", 6), ("blocked", 3)), "arc"),
    ("average score by group (n=200): A 72, B 68, C 81", _rows(("A", 72), ("B", 68), ("C", 81)), "bar"),
])
def test_slices_within_the_whole_or_bars_pass_this_rule(intent: str, rows: list, mark: str) -> None:
    refusal = _check(intent, rows, mark=mark)
    assert refusal is None or "more than the whole" not in refusal[1], refusal


def test_planted_pie_beyond_its_whole_is_refused() -> None:
    intent = "pie of sprint task status (out of 10 tasks): done 7, in progress 4, blocked 2"
    _refused(_planted(intent), "UNSUPPORTED_CHART", "add up to 13", "'out of 10'")
