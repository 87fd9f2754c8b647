"""x/y pairs written with "at" ("at 20 km/h it drew 110 W"): read by the drafter and placed by the check with one
rule (at_pairs.py); a movement between x and y ("it climbed 35 W") is a change, never a y."""

from __future__ import annotations

from typing import Any

from oracles.engine import answer, get_kind
from oracles.engine.chart.faithfulness import check_faithful


def _chart(intent: str) -> Any:
    return answer("chart", intent, get_kind("chart").default_format, {})


def _rows(verdict: Any) -> list[tuple[float, float]]:
    return [(row["x"], row["y"]) for row in verdict.result["data"]["values"]]


def _check_pairs(intent: str, points: list[tuple[float, float]]) -> tuple[str, str] | None:
    rows = [{"x": x, "y": y} for x, y in points]
    spec = {"mark": {"type": "point"}, "data": {"values": rows},
            "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
    return check_faithful(intent, spec, rows)


def test_at_pairs_with_a_verb_between_are_drawn_as_a_scatter():
    verdict = _chart("Plot fuel use against load: at 2 t the truck used 21 L, at 5 t 27 L, at 9 t 36 L.")
    assert verdict.status == "valid"
    assert _rows(verdict) == [(2, 21), (5, 27), (9, 36)]


def test_at_pairs_with_a_comma_after_the_unit():
    verdict = _chart("Scatter of noise vs fan speed - at 800 rpm, 31 dB; at 1200 rpm, 38 dB; at 1600 rpm, 47 dB")
    assert verdict.status == "valid"
    assert _rows(verdict) == [(800, 31), (1200, 38), (1600, 47)]


def test_near_miss_a_movement_between_x_and_y_is_refused():
    verdict = _chart("Plot fuel use against load: at 2 t the truck used 21 L, at 5 t it climbed 6 L, at 9 t 36 L.")
    assert verdict.status == "invalid"


def test_near_miss_mixed_x_units_are_not_pairs():
    verdict = _chart("Run at 30 °C, batch 4: plot signal against wavelength: at 410 nm 0.2, 460 nm 0.5, 520 nm 0.7")
    assert verdict.status == "invalid"


def test_planted_a_y_taken_from_a_movement_is_not_placed():
    refusal = _check_pairs("Plot fuel use against load: at 2 t the truck used 21 L, at 5 t it climbed 6 L, at 9 t 36 L.",
                           [(2, 21), (5, 6), (9, 36)])
    assert refusal is not None


def test_planted_y_values_swapped_between_pairs_are_not_placed():
    refusal = _check_pairs("Plot fuel use against load: at 2 t the truck used 21 L, at 5 t 27 L, at 9 t 36 L.",
                           [(2, 27), (5, 21), (9, 36)])
    assert refusal is not None and refusal[0] == "VALUE_NOT_PLACED"


def test_near_miss_an_at_before_y_too_is_not_read_as_pairs():
    verdict = _chart("Plot distance against time: at 0 s the sled was at 0 m, at 2 s at 3.1 m, at 5 s at 9.4 m")
    assert verdict.status == "invalid"
