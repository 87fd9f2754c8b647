"""The chart check refuses what a value or a series is not (oracles/engine/chart/fail_closed_values.py).

Three families, each with unit tests of the check alone (our own phrasings, faithful charts beside) and a
planted bug (the drafter's spec with the fault planted, handed to the whole check):
- a label that holds a change ("north climbed 12%" drawn for "north climbed 12% to 840");
- a value given as a bound ("beta under 3", "≥ 20", "up to 30", "C 7>" …);
- a request that names some of the drawn series and not the others.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine.chart.faithfulness import check_faithful
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows, _valid

Rows = list[dict[str, Any]]


def _series_rows(table: dict[str, list[tuple[str, float]]]) -> Rows:
    return [{"series": name, "label": label, "value": value} for name, points in table.items() for label, value in points]


def _series_spec(rows: Rows) -> dict[str, Any]:
    return {"title": {"text": "Chart"}, "data": {"values": rows}, "mark": {"type": "bar"},
            "encoding": {"x": {"field": "label", "type": "nominal"},
                         "y": {"field": "value", "type": "quantitative", "stack": None},
                         "color": {"field": "series", "type": "nominal"}}}


# ---------------------------------------------------------------------------------------------
# 1. A label that holds a change


@pytest.mark.parametrize(("intent", "rows"), [
    ("Sign-ups by region: north climbed 12% to 840, south dropped 3% to 610, east gained 5% to 720",
     _rows(("north climbed 12%", 840), ("south dropped 3%", 610), ("east gained 5%", 720))),
    ("Stores this year: Leeds grew by 4 to 31, York was down 2 to 18, Hull jumped 7 to 25",
     _rows(("Leeds grew by 4", 31), ("York was down 2", 18), ("Hull jumped 7", 25))),
    ("Conversion by device: mobile +4% at 300, desktop -2% at 410, tablet +1% at 95",
     _rows(("mobile +4%", 300), ("desktop -2%", 410), ("tablet +1%", 95))),
])
def test_a_label_holding_a_change_is_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "holds a change" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "Signups per quarter: Q1 2025 40, Q2 2025 55, Q3 2025 61",
    "Wait by band: 0-5 min 12, 5-10 min 30, 10+ min 8",
    "Ratings: 1 star 4, 2 stars 9, 3 stars 20, 4 stars 41",
])
def test_labels_with_numbers_but_no_change_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_change_in_a_label_is_refused() -> None:
    intent = "Sign-ups by region: north climbed 12% to 840, south dropped 3% to 610, east gained 5% to 720"
    _refused(_planted(intent, _rows(("north climbed 12%", 840), ("south dropped 3%", 610), ("east gained 5%", 720))),
             "LABEL_NOT_IN_INTENT", "'north climbed 12%'", "holds a change")


# ---------------------------------------------------------------------------------------------
# 2. A value given as a bound


@pytest.mark.parametrize(("intent", "rows"), [
    ("tickets: alpha 12, beta under 3, gamma 9", _rows(("alpha", 12), ("beta", 3), ("gamma", 9))),
    ("Queue depth: east ≥ 20, west 14, south 9", _rows(("east", 20), ("west", 14), ("south", 9))),
    ("Seats per room: Ash up to 30, Birch 12, Cedar 18", _rows(("Ash", 30), ("Birch", 12), ("Cedar", 18))),
    ("Defects by line: L1 less than 4, L2 11, L3 7", _rows(("L1", 4), ("L2", 11), ("L3", 7))),
    ("Visitors: Mon over 100, Tue 80, Wed 95", _rows(("Mon", 100), ("Tue", 80), ("Wed", 95))),
    ("Signals: X 7, Y 2 or more, Z 5", _rows(("X", 7), ("Y", 2), ("Z", 5))),
    ("bars: P 40, Q >9, R 22", _rows(("P", 40), ("Q >", 9), ("R", 22))),
])
def test_a_value_given_as_a_bound_is_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)  # some are refused earlier, as a label cut from its bound word ("Mon over")
    assert refusal is not None and refusal[0] in {"VALUE_NOT_PLACED", "LABEL_NOT_IN_INTENT"}, refusal
    if refusal[0] == "VALUE_NOT_PLACED":
        assert "bound" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "Seats per room: Ash: up to 30, Birch: 12, Cedar: 18",
    "Defects by line: L1 = less than 4, L2 = 11, L3 = 7",
    "Queue depth: east ≥ 20, west 14, south 9",
    "Seats per room: Ash up to 30, Birch 12, Cedar 18",
    "bars: P 40, Q >9, R 22",
    "Signals: X 7, Y 2 or more, Z 5",
])
def test_a_drafted_bound_is_refused_as_a_bound(intent: str) -> None:
    verdict = _planted(intent)  # the drafter's own reading, checked as a whole
    _refused(verdict, "VALUE_NOT_PLACED", "bound")


@pytest.mark.parametrize("intent", [
    "Churn by tenure: <1 yr 20%, 1-3 yrs 11%, 3+ yrs 5%",
    "Signups per month: Jan 120, Feb 135, Mar 150",
])
def test_bins_that_name_their_bound_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_bound_drawn_as_a_value_is_refused() -> None:
    intent = "bars: P 40, Q >9, R 22"
    _refused(_planted(intent, _rows(("P", 40), ("Q >", 9), ("R", 22))), "VALUE_NOT_PLACED", "'Q >'", "bound")


# ---------------------------------------------------------------------------------------------
# 3. The request names some of the drawn series


_JSON_INTENT = ('plot error_rate for each service:\n[{"service": "auth", "error_rate": 2, "rps": 300}, '
                '{"service": "billing", "error_rate": 5, "rps": 120}, {"service": "search", "error_rate": 1, "rps": 900}]')
_JSON_ROWS = _series_rows({"error_rate": [("auth", 2), ("billing", 5), ("search", 1)],
                           "rps": [("auth", 300), ("billing", 120), ("search", 900)]})
_CSV_INTENT = "Bar chart:\n```\nmonth,revenue-usd,cost-usd\nJan,40,31\nFeb,44,30\nMar,52,35\n```\nOnly the Revenue USD please."
_CSV_ROWS = _series_rows({"revenue-usd": [("Jan", 40), ("Feb", 44), ("Mar", 52)],
                          "cost-usd": [("Jan", 31), ("Feb", 30), ("Mar", 35)]})


_UNFRAMED_INTENT = ("Bar chart, revenue-usd matters most here:\n```\nmonth,revenue-usd,cost-usd\nJan,40,31\nFeb,44,30\n"
                    "Mar,52,35\n```")


@pytest.mark.parametrize(("intent", "rows", "asked"), [
    (_UNFRAMED_INTENT, _CSV_ROWS, "'revenue-usd'"),
])
def test_series_not_asked_are_refused(intent: str, rows: Rows, asked: str) -> None:
    refusal = check_faithful(intent, _series_spec(rows), rows)
    assert refusal is not None and refusal[0] == "REQUEST_NOT_HONOURED" and asked in refusal[1], refusal


@pytest.mark.parametrize(("intent", "rows", "drawn"), [
    (_JSON_INTENT, _JSON_ROWS, [("auth", 2), ("billing", 5), ("search", 1)]),
    (_CSV_INTENT, _CSV_ROWS, [("Jan", 40), ("Feb", 44), ("Mar", 52)]),
])
def test_a_series_named_in_a_pick_frame_is_drawn_alone(intent: str, rows: Rows, drawn: list[tuple[str, int]]) -> None:
    """"plot error_rate for each service", "Only the Revenue USD please." pick the column (picks.py): the
    reader draws it alone, and both series drawn are refused by the check's own reading of the pick."""
    assert _valid(intent)
    assert check_faithful(intent, _series_spec(rows), rows) is not None
    assert check_faithful(intent, _series_spec(_rows(*drawn)), _rows(*drawn)) is None


@pytest.mark.parametrize("intent", [
    "Bar chart of revenue and cost:\n```\nmonth,revenue,cost\nJan,40,31\nFeb,44,30\nMar,52,35\n```",
    "Apples vs pears by day\napples: Mon 3, Tue 4, Wed 5\npears: Mon 6, Tue 2, Wed 7",
    "type: bar\nseries:\n  - name: Crew One\n    values: {Mon: 4, Tue: 6}\n  - name: Crew Two\n    values: {Mon: 5, Tue: 3}",
])
def test_series_all_named_or_only_in_the_data_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_extra_series_is_refused() -> None:
    intent = "Line chart please:\n```\nday,visits,bounces\nMon,300,40\nTue,320,38\nWed,310,45\n```\nJust visits."
    rows = [{"series": name, "label": day, "value": value}
            for name, points in {"visits": [("Mon", 300), ("Tue", 320), ("Wed", 310)],
                                 "bounces": [("Mon", 40), ("Tue", 38), ("Wed", 45)]}.items()
            for day, value in points]
    _refused(_planted(intent, rows), "VALUE_NOT_PLACED", "'bounces'")  # the check's grid holds 'visits' alone
