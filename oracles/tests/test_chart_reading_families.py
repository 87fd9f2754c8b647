"""Chart phrasings read exactly by the reader and, on its own, by the check (issue 8, section 3).

Each family has reader tests in our own phrasings and a planted bug (a drafter that misreads the family)
that the check refuses:
- decimal commas in a list split by spaced dashes or slashes ("pH: tank A 6,8 / tank B 7,1");
- clock times as labels before their values ("06:00 310, 09:00 870"): the minutes are no thousands group.
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
