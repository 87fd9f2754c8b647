"""Values stated as approximate: one rule for reader and check (oracles/engine/chart/approximate.py).

A documented marker ("~", "≈", "about", "around", "roughly", "approximately", "approx", "circa", "maybe",
"perhaps" before the number; "or so", "give or take" after it) is drawn as the number written and named in
the answer's notes. Any other hedge ("nearly", "almost", "just under", "close to", "±", "+/-", "-ish") is
refused with a hint, by the check on its own reading (planted bugs below).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.chart.approximate import approximate_note, blank_approximate_markers
from oracles.tests.test_chart_fail_closed import _planted, _refused, _rows


def _drawn(intent: str) -> tuple[list[tuple[str, float]], list[str]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    return [(r["label"], r["value"]) for r in verdict.result["data"]["values"]], verdict.notes  # type: ignore[index]


@pytest.mark.parametrize(("intent", "marked"), [
    ("bar chart of kayaks rented: Lakeside ~64, Harbour 41, Riverbend 27", "~64"),
    ("bar chart of kayaks rented: Lakeside 64, Harbour ≈ 41, Riverbend 27", "≈ 41"),
    ("bar chart of kayaks rented: Lakeside roughly 64, Harbour 41, Riverbend 27", "roughly 64"),
    ("bar chart of kayaks rented: Lakeside 64, Harbour circa 41, Riverbend 27", "circa 41"),
    ("bar chart of kayaks rented: Lakeside 64, Harbour 41, Riverbend approx 27", "approx 27"),
    ("bar chart of kayaks rented: Lakeside 64, Harbour perhaps 41, Riverbend 27", "perhaps 41"),
    ("bar chart of kayaks rented: Lakeside 64 or so, Harbour 41, Riverbend 27", "64 or so"),
    ("bar chart of kayaks rented: Lakeside 64, Harbour 41 give or take, Riverbend 27", "41 give or take"),
])
def test_a_documented_approximate_marker_is_drawn_as_written_and_noted(intent: str, marked: str) -> None:
    points, notes = _drawn(intent)
    assert points == [("Lakeside", 64), ("Harbour", 41), ("Riverbend", 27)]
    assert any(f"'{marked}'" in note and "approximate" in note for note in notes), notes


def test_an_exact_value_gets_no_approximate_note() -> None:
    assert approximate_note("bar chart of kayaks rented: Lakeside 64, Harbour 41") is None
    assert approximate_note("a chart about 2025 rentals: Lakeside 64, Harbour 41") is None  # a year, not a value


def test_blanking_keeps_positions() -> None:
    text = "Lakeside roughly 64, Harbour 41 or so, Riverbend ~27"
    blanked = blank_approximate_markers(text)
    assert len(blanked) == len(text) and "roughly" not in blanked and "or so" not in blanked and "~" not in blanked
    assert [blanked.index(n) for n in ("64", "41", "27")] == [text.index(n) for n in ("64", "41", "27")]


@pytest.mark.parametrize("intent", [
    "bar chart of kayaks rented: Lakeside nearly 64, Harbour 41, Riverbend 27",
    "bar chart of kayaks rented: Lakeside 64, Harbour almost 41, Riverbend 27",
    "bar chart of kayaks rented: Lakeside 64, Harbour 41, Riverbend just under 27",
    "bar chart of kayaks rented: Lakeside 64±5, Harbour 41, Riverbend 27",
    "bar chart of kayaks rented: Lakeside 64, Harbour 41ish, Riverbend 27",
])
def test_another_hedge_is_refused_with_a_hint(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid", verdict.result


def test_planted_a_hedged_value_drawn_as_exact_is_refused() -> None:
    """Planted: the drafter read 'Harbour nearly 41' as Harbour 41 (the check reads the hedge itself)."""
    intent = "bar chart of kayaks rented: Lakeside 64, Harbour nearly 41, Riverbend 27"
    verdict = _planted(intent, _rows(("Lakeside", 64), ("Harbour", 41), ("Riverbend", 27)))
    _refused(verdict, "VALUE_NOT_PLACED", "41", "nearly")


def test_planted_a_marker_kept_in_the_label_is_refused() -> None:
    """Planted: the drafter kept the marker in the name ('Harbour circa' of 'Harbour circa 41')."""
    intent = "bar chart of kayaks rented: Lakeside 64, Harbour circa 41, Riverbend 27"
    verdict = _planted(intent, _rows(("Lakeside", 64), ("Harbour circa", 41), ("Riverbend", 27)))
    _refused(verdict, "LABEL_NOT_IN_INTENT", "Harbour circa")


def test_planted_an_error_bar_drawn_as_a_value_is_refused() -> None:
    """Planted: '64±5' drawn as a label '64±' of value 5."""
    intent = "bar chart of kayaks rented: Lakeside 64±5, Harbour 41, Riverbend 27"
    verdict = _planted(intent, _rows(("Lakeside 64±", 5), ("Harbour", 41), ("Riverbend", 27)))
    assert verdict.status == "invalid"
