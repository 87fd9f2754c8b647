"""The chart check refuses what the data leave open (oracles/engine/chart/fail_closed_gaps.py).

Three families, each with unit tests of the check alone (our own phrasings, near-misses that must still pass
beside the faulty ones) and a planted bug (the drafter's spec with the fault planted, checked as a whole):
- a subject run into the first label ("plays Spotify 40, Deezer 12") while every other label is one name;
- a label of the list's own kind asked for with no value ("Also add Q4.", "show Sunday too");
- series in different units on one axis ("Orders" beside "Revenue (€)").
And a request for another artifact with a count ("explain it in three sentences") names no chart.
"""

from __future__ import annotations

import pytest

from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows

# ---------------------------------------------------------------------------------------------
# 1. A subject run into the first label


@pytest.mark.parametrize(("intent", "rows"), [
    ("bar: plays Spotify 40, Deezer 12, Tidal 5", _rows(("plays Spotify", 40), ("Deezer", 12), ("Tidal", 5))),
    ("chart it - tickets open Zendesk 14, Jira 30, Linear 9",
     _rows(("tickets open Zendesk", 14), ("Jira", 30), ("Linear", 9))),
])
def test_a_subject_glued_to_the_first_name_is_refused(intent: str, rows: list) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT", refusal
    assert "may be the subject" in refusal[1], refusal


@pytest.mark.parametrize(("intent", "rows"), [
    ("bar: plays: Spotify 40, Deezer 12, Tidal 5", _rows(("Spotify", 40), ("Deezer", 12), ("Tidal", 5))),
    ("bar: first visit 40, second visit 12, third visit 5",  # every label has several words
     _rows(("first visit", 40), ("second visit", 12), ("third visit", 5))),
    ("bar: North America 40, Europe 12, Asia 5", _rows(("North America", 40), ("Europe", 12), ("Asia", 5))),
    ("bar: apples 40, pears 12, plums 5", _rows(("apples", 40), ("pears", 12), ("plums", 5))),
])
def test_names_that_are_whole_stay_valid(intent: str, rows: list) -> None:
    assert _check(intent, rows) is None


def test_planted_subject_taken_into_the_first_label_is_refused() -> None:
    intent = "bar chart: installs Firefox 40, Chrome 90, Safari 30"
    rows = _rows(("installs Firefox", 40), ("Chrome", 90), ("Safari", 30))
    _refused(_planted(intent, rows), "LABEL_NOT_IN_INTENT", "'installs Firefox'", "'installs'")


# ---------------------------------------------------------------------------------------------
# 2. A label asked for with no value

_QUARTERS = _rows(("Q1", 10), ("Q2", 12), ("Q3", 9))


@pytest.mark.parametrize(("intent", "rows", "asked"), [
    ("line of bookings Q1 10, Q2 12, Q3 9. Also add Q4.", _QUARTERS, "Q4"),
    ("visits Mon 3, Tue 5, Wed 2 - and show Sun too", _rows(("Mon", 3), ("Tue", 5), ("Wed", 2)), "Sun"),
    ("rainfall Mar 30, Apr 44, May 21, please include June as well",
     _rows(("Mar", 30), ("Apr", 44), ("May", 21)), "June"),
    ("sprint points: S1 20, S2 24, S3 22, add S4", _rows(("S1", 20), ("S2", 24), ("S3", 22)), "S4"),
])
def test_a_label_asked_without_a_value_is_refused(intent: str, rows: list, asked: str) -> None:
    refusal = _check(intent, rows, mark="line")
    assert refusal is not None and refusal[0] == "VALUE_NOT_PLACED", refusal
    assert f"add '{asked}'" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "line of bookings Q1 10, Q2 12, Q3 9. Also add a title.",
    "line of bookings Q1 10, Q2 12, Q3 9. Add data labels.",
    "line of bookings Q1 10, Q2 12, Q3 9, include gridlines please",
    "line of bookings Q1 10, Q2 12, Q3 9; show Q3 in red",  # a drawn label, styled
])
def test_asking_for_chart_parts_or_a_drawn_label_stays_valid(intent: str) -> None:
    assert _check(intent, _QUARTERS, mark="line") is None


def test_planted_label_asked_for_and_dropped_is_refused() -> None:
    _refused(_planted("line chart of visits Jan 5, Feb 7, Mar 6 - add Apr too"), "VALUE_NOT_PLACED", "'Apr'")


# ---------------------------------------------------------------------------------------------
# 3. Series in different units on one axis


def _series(*columns: tuple[str, list[tuple[str, float]]]) -> list:
    return [{"series": name, "label": label, "value": value} for name, points in columns for label, value in points]


def test_series_in_different_units_are_refused() -> None:
    intent = "chart of the shop by month:\n| Month | Orders | Revenue (€) |\n|---|---|---|\n| Jan | 40 | 1,900 |\n| Feb | 52 | 2,300 |"
    rows = _series(("Orders", [("Jan", 40), ("Feb", 52)]), ("Revenue (€)", [("Jan", 1900), ("Feb", 2300)]))
    refusal = _check(intent, rows, mark="line")
    assert refusal is not None and refusal[0] == "UNITS_MIXED" and "'Revenue (€)'" in refusal[1], refusal


def test_series_in_one_unit_stay_valid() -> None:
    intent = "chart of the shop by month:\n| Month | Revenue (€) | Costs (€) |\n|---|---|---|\n| Jan | 40 | 1,900 |\n| Feb | 52 | 2,300 |"
    rows = _series(("Revenue (€)", [("Jan", 40), ("Feb", 52)]), ("Costs (€)", [("Jan", 1900), ("Feb", 2300)]))
    assert _check(intent, rows, mark="line") is None


def test_planted_two_measures_on_one_axis_are_refused() -> None:
    intent = "line chart:\n| Week | Visitors | Conversion (%) |\n|---|---|---|\n| W1 | 400 | 3 |\n| W2 | 450 | 4 |"
    _refused(_planted(intent), "UNITS_MIXED", "'Conversion (%)'", "'Visitors'")


# ---------------------------------------------------------------------------------------------
# 4. Another artifact, with a count


@pytest.mark.parametrize("intent", [
    "Explain these in three sentences: Support 48, Billing 23",
    "sum this up in 2 bullet points - Support 48, Billing 23",
    "Summarise as a short paragraph: Support 48, Billing 23",
])
def test_another_artifact_with_a_count_is_refused(intent: str) -> None:
    refusal = _check(intent, _rows(("Support", 48), ("Billing", 23)))
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART", refusal
