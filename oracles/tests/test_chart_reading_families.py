"""Chart phrasings read exactly by the reader and, on its own, by the check (issue 8, section 3).

Each family has reader tests in our own phrasings and a planted bug (a drafter that misreads the family)
that the check refuses:
- decimal commas in a list split by spaced dashes or slashes ("pH: tank A 6,8 / tank B 7,1");
- clock times as labels before their values ("06:00 310, 09:00 870"): the minutes are no thousands group;
- a lowercase subject before the first of a list of periods ("signups 2021 340, 2022 410, 2023 515");
- a number word counting the marks asked ("one bar per version"), and, in the check, a unit glued onto the
  next label ("v3.0: 14 faults v3.1: 31" drawn with a label "faults v3.1");
- a date written day first in the prose ("on 14 March", "3–17 June 2024"): explained as not data by the check.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_fail_closed import _planted, _rows


def _drawn(intent: str) -> list[tuple[str, float]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    return [(r["label"], r["value"]) for r in verdict.result["data"]["values"]]  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# Decimal commas between spaced dashes or slashes


@pytest.mark.parametrize(("intent", "points"), [
    ("bar chart of pH per tank: tank A 6,8 / tank B 7,1 / tank C 7,4",
     [("tank A", 6.8), ("tank B", 7.1), ("tank C", 7.4)]),
    ("Säulendiagramm der Regenmenge: Bern 2,5 – Basel 3,25 – Genf 1,75",
     [("Bern", 2.5), ("Basel", 3.25), ("Genf", 1.75)]),
    ("bar chart of lap times (s): Vettel 81,4 — Alonso 81,9 — Ocon 82,3",
     [("Vettel", 81.4), ("Alonso", 81.9), ("Ocon", 82.3)]),
])
def test_decimal_commas_between_spaced_dashes_or_slashes(intent: str, points: list[tuple[str, float]]) -> None:
    assert _drawn(intent) == points


def test_thousands_commas_between_dashes_stay_thousands() -> None:
    assert _drawn("bar chart of visitors: north 1,250 — south 980 — west 2,100") == [
        ("north", 1250), ("south", 980), ("west", 2100)]


@pytest.mark.parametrize("misread", [
    _rows(("tank A", 68), ("tank B", 71), ("tank C", 74)),  # the comma read as a thousands mark dropped
    _rows(("tank A", 6), ("tank B", 8), ("tank C", 7)),  # the comma read as a list break
])
def test_planted_a_decimal_comma_misread_is_refused(misread: list[dict[str, object]]) -> None:
    verdict = _planted("bar chart of pH per tank: tank A 6,8 / tank B 7,1 / tank C 7,4", misread)
    assert verdict.status == "invalid"


# ---------------------------------------------------------------------------------------------
# Clock times as labels


@pytest.mark.parametrize(("intent", "points"), [
    ("line chart of tram riders: 06:00 310, 09:00 870, 12:00 540, 15:00 620",
     [("06:00", 310), ("09:00", 870), ("12:00", 540), ("15:00", 620)]),
    ("bakery sales by time of day: 7:30 45; 8:15 120; 9:45 80 — bars",
     [("7:30", 45), ("8:15", 120), ("9:45", 80)]),
    ("line chart of heart rate: 10:05 72 10:10 88 10:15 95",
     [("10:05", 72), ("10:10", 88), ("10:15", 95)]),
])
def test_a_clock_time_before_its_value_is_a_label(intent: str, points: list[tuple[str, float]]) -> None:
    assert _drawn(intent) == points


def test_planted_clock_minutes_glued_to_the_value_are_refused() -> None:
    """Planted: '06:00 310' read as the hour '06' and a spaced thousands group '00 310' (= 310) or '0310'."""
    intent = "line chart of tram riders: 06:00 310, 09:00 870, 12:00 540"
    verdict = _planted(intent, _rows(("06", 310), ("09", 870), ("12", 540)))
    assert verdict.status == "invalid"


# ---------------------------------------------------------------------------------------------
# A subject written before the first period of a list over time


@pytest.mark.parametrize(("intent", "points"), [
    ("line chart: signups 2021 340, 2022 410, 2023 515", [("2021", 340), ("2022", 410), ("2023", 515)]),
    ("bars please — new hires Q1 12, Q2 9, Q3 15", [("Q1", 12), ("Q2", 9), ("Q3", 15)]),
    ("line: tonnes shipped 2020 4.1k, 2021 4.6k, 2022 5.2k, 2023 5.0k",
     [("2020", 4100), ("2021", 4600), ("2022", 5200), ("2023", 5000)]),
])
def test_a_lowercase_subject_before_the_first_period_is_not_a_label(intent: str, points: list[tuple[str, float]]) -> None:
    assert _drawn(intent) == points


def test_a_capitalised_word_before_the_first_period_stays_refused() -> None:
    """"Team Q3 2024 40" may name a team's quarter: the check does not guess a subject there."""
    assert answer("chart", "bar chart: Team Q3 2024 40, Q4 2024 52, Q1 2025 61", "vega-lite", {}).status == "invalid"


def test_planted_words_before_a_later_period_dropped_are_refused() -> None:
    """Planted: 'signups 2023 515', after two drawn values, drawn as '2023': those words are no list subject."""
    intent = "line chart: 2021 340, 2022 410, signups 2023 515"
    verdict = _planted(intent, _rows(("2021", 340), ("2022", 410), ("2023", 515)))
    assert verdict.status == "invalid"


def test_planted_a_subject_kept_in_the_first_label_is_refused() -> None:
    intent = "line chart: signups 2021 340, 2022 410, 2023 515"
    verdict = _planted(intent, _rows(("signups 2021", 340), ("2022", 410), ("2023", 515)))
    assert verdict.status == "invalid"


# ---------------------------------------------------------------------------------------------
# A number word that counts the marks asked ("one bar per version") is an instruction, not a value


@pytest.mark.parametrize("intent", [
    "crash count per build: alpha 14, beta 31, gamma 9. Requirement: one bar per build.",
    "bar chart of stalls: north 14, south 31, east 9. Layout: two bars for each stall",
    "line chart of wait times — Mon 14, Tue 31, Wed 9; style: one line per day-part",
])
def test_a_number_word_counting_marks_is_not_a_value(intent: str) -> None:
    assert _drawn(intent)[0][1] == 14


def test_a_number_word_given_as_a_value_is_still_refused() -> None:
    assert answer("chart", "bar chart of stalls: north 14, south 31, east: twelve", "vega-lite", {}).status == "invalid"


def test_planted_a_unit_glued_onto_the_next_label_is_refused() -> None:
    """Planted: '14 faults v3.1: 31' drawn with the label 'faults v3.1' (the unit of 14 glued on)."""
    intent = "fault count per firmware: v3.0: 14 faults v3.1: 31 v3.2: 9"
    verdict = _planted(intent, _rows(("v3.0", 14), ("faults v3.1", 31), ("v3.2", 9)))
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT"  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# A date written day first in the prose ("on 14 March", "3–17 June 2024") is not data


@pytest.mark.parametrize("intent", [
    "As agreed on 9 October at the depot meeting, bar chart of pallets: Leeds 120, York 95, Hull 60",
    "Audit window 2–16 September 2025. Findings per site: Leeds 120, York 95, Hull 60 — bars",
    "Sent: Thu, 4 Sep 2025 09:12\nPallets per depot: Leeds 120, York 95, Hull 60. Bar chart.",
])
def test_a_day_first_date_in_the_prose_is_not_data(intent: str) -> None:
    assert _drawn(intent) == [("Leeds", 120), ("York", 95), ("Hull", 60)]


def test_planted_a_value_before_a_month_left_out_is_refused() -> None:
    """Planted: '14 March' is a value and its month here (no year, no 'on'): dropping it is refused."""
    intent = "pallets shipped: 14 March, 20 April, 9 May"
    verdict = _planted(intent, _rows(("April", 20), ("May", 9)))
    assert verdict.status == "invalid"


def test_a_value_first_item_is_not_a_unit_glued_on() -> None:
    """'9 out for repair.' names the value before it: its first word is no unit of the value before."""
    assert _drawn("Of the 40 vans: 25 on the road, 6 parked, 9 out for repair. Donut.") == [
        ("on the road", 25), ("parked", 6), ("out for repair", 9)]
