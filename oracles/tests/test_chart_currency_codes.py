"""Amounts written with an ISO currency code before them ("Zurich CHF 2.4M, Geneva CHF 1.75M"): the code is the
money's unit between a label and its value, drawn on the axis; two codes, or a code and a symbol, are two units."""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_agent_json import _drawn
from oracles.tests.test_chart_fail_closed import _planted, _rows

COSTS = "Office running costs 2024 — Zurich CHF 2.4M, Geneva CHF 1.75M, Basel CHF 980k, Lugano CHF 415k. Bar chart."


@pytest.mark.parametrize(("intent", "points"), [
    (COSTS, [("Zurich", 2_400_000), ("Geneva", 1_750_000), ("Basel", 980_000), ("Lugano", 415_000)]),
    ("Costs: Zurich USD 2400, Geneva USD 1750, Basel USD 980", [("Zurich", 2400), ("Geneva", 1750), ("Basel", 980)]),
    ("Revenue by market: Sweden SEK 4.1M; Norway SEK 2.2M; Denmark SEK 1.9M",
     [("Sweden", 4_100_000), ("Norway", 2_200_000), ("Denmark", 1_900_000)]),
])
def test_a_currency_code_between_label_and_amount_is_the_unit(intent: str, points: list[tuple[str, float]]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows == points
    code = intent.split(points[0][0], 1)[1].split()[0]
    assert code in answer("chart", intent, "vega-lite", {}).result["encoding"]["y"]["title"]


@pytest.mark.parametrize("intent", [
    "Costs: Zurich USD 2400, Geneva EUR 1750, Basel USD 980",
    "Costs: Zurich CHF 2400, Geneva $1750, Basel CHF 980",
])
def test_two_currencies_on_one_axis_are_refused(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "UNITS_MIXED"


def test_the_check_alone_refuses_amounts_moved_between_labels() -> None:
    verdict = _planted(COSTS, _rows(("Zurich", 1_750_000), ("Geneva", 2_400_000), ("Basel", 980_000), ("Lugano", 415_000)))
    assert verdict.status == "invalid"
