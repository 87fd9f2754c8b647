"""Series compared "side by side" are grouped bars, and a series said with its verb ("Downtown did 45
on Friday, …; Airport did 38 on Friday, …") is read like one said with "had" or "scored".

- With no mark named, "grouped", "clustered" or "side by side" asks for bars next to each other, even
  over days or months (which alone would be a line); the check refuses a line drawn there.
- "did", "made", "sold", "earned", "posted" between a series name and its first value only connect
  (items.LINK_WORDS for the drafter, faithful_words.CONNECTOR_WORDS for the check).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_fail_closed import _planted, _refused

STORES = ("Can you compare our two stores side by side? Downtown did 45 on Friday, 60 on Saturday and 52 on Sunday; "
          "Airport did 38 on Friday, 41 on Saturday and 55 on Sunday.")


def _valid(intent: str) -> dict:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    return verdict.result


@pytest.mark.parametrize("intent", [
    STORES,
    "side by side: 2023 vs 2024 sales: Mon 10/14, Tue 12/11",
    "grouped: 2023 vs 2024 sales: Jan 10/14, Feb 12/11",
])
def test_side_by_side_series_are_grouped_bars(intent: str) -> None:
    spec = _valid(intent)
    assert spec["mark"]["type"] == "bar"
    assert "xOffset" in spec["encoding"]


def test_planted_a_line_where_side_by_side_was_asked_is_refused() -> None:
    _refused(_planted(STORES, mark="line"), "SHAPE_NOT_ASKED", "side by side")


def test_a_line_asked_over_days_stays_a_line() -> None:
    assert _valid("line chart: 2023 vs 2024 sales: Mon 10/14, Tue 12/11")["mark"]["type"] == "line"


@pytest.mark.parametrize(("intent", "row"), [
    (STORES, ("Airport", "Saturday", 41)),
    ("Alice sold 12 on Monday, 15 on Tuesday; Bob sold 9 on Monday, 11 on Tuesday", ("Bob", "Tuesday", 11)),
])
def test_a_series_said_with_its_verb(intent: str, row: tuple[str, str, float]) -> None:
    rows = {(r["series"], r["label"], r["value"]) for r in _valid(intent)["data"]["values"]}
    assert row in rows
