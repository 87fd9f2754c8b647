"""One axis, one unit on one scale (oracles/engine/chart/fail_closed_units.py).

Three families, each with unit tests of the check alone (hand-drawn rows against an intent in phrasings of our
own, the faithful chart passing beside the faulty one) and a planted bug (a drafter that makes the mistake):
- two units among the drawn values ("320ms" beside "1.2s", "GB" beside "TB");
- one value without the unit every other value carries, or fractions beside a percent;
- a scale stated once ("in millions", "($M)") and a value drawn from its own scale word ("0.335 billion").
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows


def _refusal(intent: str) -> tuple[str, str]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid", verdict.result
    return verdict.reason["code"], verdict.reason["message"]  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# 1. Two units among the drawn values


@pytest.mark.parametrize(("intent", "rows", "units"), [
    ("bar: p95 by endpoint. /orders 410ms, /search 1.4s, /cart 880ms",
     [("/orders", 410), ("/search", 1.4), ("/cart", 880)], "ms, s"),
    ("bucket sizes - logs 120GB, media 1.4TB, backups 900GB", [("logs", 120), ("media", 1.4), ("backups", 900)], "GB, TB"),
    ("pet weights: Rex 32kg, Bella 28kg, Tiny 900g", [("Rex", 32), ("Bella", 28), ("Tiny", 900)], "g, kg"),
    ("Build duration by pipeline: frontend 4 min, backend 95 sec, docs 3 min",
     [("frontend", 4), ("backend", 95), ("docs", 3)], "min, s"),
    ("Tenure: Ann 3 years, Bob 18 months, Cy 5 years", [("Ann", 3), ("Bob", 18), ("Cy", 5)], "months, years"),
])
def test_two_units_on_one_axis_are_refused(intent: str, rows: list, units: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "UNITS_MIXED" and f"({units}" in message and "Convert" in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("latency by region: EU 120ms, US 80ms, Asia 200ms", [("EU", 120), ("US", 80), ("Asia", 200)]),
    ("Sizes: S 12 M 15 L 9", [("S", 12), ("M", 15), ("L", 9)]),
    ("Team minutes: Min 5, Max 12, Avg 8", [("Min", 5), ("Max", 12), ("Avg", 8)]),
])
def test_one_unit_or_none_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_units_of_x_and_y_pairs_are_their_own() -> None:
    intent = "heat pump: 3.5 kW → 61 °C, 4.5 kW → 70 °C, 5.5 kW → 77 °C"
    assert answer("chart", intent, "vega-lite", {}).status == "valid"


def test_planted_mixed_units_are_refused() -> None:
    # the drafter reads every number as written: 0.25 seconds stands beside milliseconds
    intent = "bar chart of API latency: EU 120ms, US 80ms, Asia 0.25s"
    _refused(_planted(intent), "UNITS_MIXED", "'0.25s'")


@pytest.mark.parametrize("intent", [
    "p95 latency per region: us-east 180 ms, eu-west 210 ms, ap-south 1.3 seconds",
    "RAM per pod: api 512MB, worker 2GB, cron 256MB",
    "endpoint,p95\n/login,320ms\n/search,1.2s\n/checkout,870ms",
    '{"/login": "320ms", "/search": "1.2s", "/cart": "870ms"}',
])
def test_mixed_units_are_never_answered_valid(intent: str) -> None:
    assert _refusal(intent)[0] == "UNITS_MIXED"


# ---------------------------------------------------------------------------------------------
# 2. A value without the unit the others carry


@pytest.mark.parametrize(("intent", "rows", "named"), [
    ("disk usage by server: db-01 78%, db-02 81%, web-01 0.45 (as a fraction), web-02 52%",
     [("db-01", 78), ("db-02", 81), ("web-01", 0.45), ("web-02", 52)], "'0.45' for 'web-01'"),
    ("Fill rate by warehouse: Leeds 92%, Derby 88%, Hull 0.9, York 95%",
     [("Leeds", 92), ("Derby", 88), ("Hull", 0.9), ("York", 95)], "'0.9' for 'Hull'"),
    ("Spend per team: Ops $120, Data $95, QA $60, Design 80", [("Ops", 120), ("Data", 95), ("QA", 60), ("Design", 80)],
     "'80' for 'Design'"),
    ("Leeds 92%, Derby 0.88, York 95%", [("Leeds", 92), ("Derby", 0.88), ("York", 95)], "'0.88' for 'Derby'"),
    ("Share of revenue: Web 0.55, App 0.30, Store 15%", [("Web", 0.55), ("App", 0.3), ("Store", 15)], "fraction"),
])
def test_a_value_without_the_unit_of_the_others_is_refused(intent: str, rows: list, named: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "UNITS_MIXED" and named in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("bounce rate: Mon 12, Tue 15, Wed 18%", [("Mon", 12), ("Tue", 15), ("Wed", 18)]),
    ("bounce rate: Mon 12%, Tue 15, Wed 18", [("Mon", 12), ("Tue", 15), ("Wed", 18)]),
    ("Error rates: api 0.2%, web 1.1%, batch 3%", [("api", 0.2), ("web", 1.1), ("batch", 3)]),
    ("Spend: Ops $120, Data $95, Design 80", [("Ops", 120), ("Data", 95), ("Design", 80)]),  # two carry it: a typo or not
])
def test_a_unit_written_once_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_planted_fraction_among_percents_is_refused() -> None:
    intent = "plot uptime by service: api 99.9%, db 99.95%, cache 0.999"
    _refused(_planted(intent), "UNITS_MIXED", "'0.999' for 'cache'")


# ---------------------------------------------------------------------------------------------
# 3. A scale stated once, a value with its own


@pytest.mark.parametrize(("intent", "rows", "example"), [
    ("Create a bar chart of population in millions: Brazil 216, Mexico 129, Japan 0.124 billion",
     [("Brazil", 216), ("Mexico", 129), ("Japan", 124e6)], "'Japan 124'"),
    ("Downloads in thousands: iOS 120, Android 340k, Web 80", [("iOS", 120), ("Android", 340e3), ("Web", 80)],
     "'Android 340'"),
    ("Revenue ($M): North 12.4, South 9.8, West 1.2B", [("North", 12.4), ("South", 9.8), ("West", 1.2e9)], "'West 1200'"),
    ("Revenue per store (EUR, thousands): Berlin 420, Munich 510, Hamburg 1.2M",
     [("Berlin", 420), ("Munich", 510), ("Hamburg", 1.2e6)], "'Hamburg 1200'"),
    ("ARR in $M by segment: SMB 12.5, Mid 30, Ent $1.1B", [("SMB", 12.5), ("Mid", 30), ("Ent", 1.1e9)], "'Ent 1100'"),
])
def test_a_value_with_its_own_scale_under_a_stated_scale_is_refused(intent: str, rows: list, example: str) -> None:
    code, message = _check(intent, _rows(*rows), title=intent.split(":")[0]) or ("", "")
    assert code == "UNITS_MIXED" and "carries its own scale" in message and example in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("Population (millions): Tokyo 37.4, Delhi 31, Shanghai 27.8", [("Tokyo", 37.4), ("Delhi", 31), ("Shanghai", 27.8)]),
    ("Revenue: A 1.2M, B 900k, C 2.1M", [("A", 1.2e6), ("B", 9e5), ("C", 2.1e6)]),
])
def test_one_scale_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows), title=intent.split(":")[0]) is None


def test_planted_own_scale_under_a_stated_scale_is_refused() -> None:
    intent = "bar chart of population in millions: China 1411, India 1428, USA 0.335 billion"
    _refused(_planted(intent), "UNITS_MIXED", "in millions", "'USA 335'")


def test_every_value_on_the_stated_scale_passes() -> None:
    intent = "market cap in billions: Apple 2.9 billion, Microsoft 2.8 billion, Nvidia 2.2 billion"
    rows = [("Apple", 2.9e9), ("Microsoft", 2.8e9), ("Nvidia", 2.2e9)]
    assert _check(intent, _rows(*rows), title="market cap in billions") is None
    # one of them on another scale is refused
    mixed = intent.replace("Nvidia 2.2 billion", "Nvidia 2200 million")
    code, _ = _check(mixed, _rows(*rows), title="market cap in billions") or ("", "")
    assert code == "UNITS_MIXED"


@pytest.mark.parametrize(("intent", "rows", "named"), [
    ("latency (ms): EU 120, US 80, Asia 0.2s", [("EU", 120), ("US", 80), ("Asia", 0.2)], "'0.2s' is in s"),
    ("p95 latency in ms — EU 120, US 80, Asia 0.2 s", [("EU", 120), ("US", 80), ("Asia", 0.2)], "'0.2 s' is in s"),
    ("Lead time in days: A 3, B 2 weeks, C 5", [("A", 3), ("B", 2), ("C", 5)], "'2 weeks' is in weeks"),
])
def test_a_value_in_another_unit_than_the_subject_states_is_refused(intent: str, rows: list, named: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "UNITS_MIXED" and named in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("latency (ms): EU 120, US 80ms, Asia 200", [("EU", 120), ("US", 80), ("Asia", 200)]),
    ("sales in US stores: Boston 12%, Austin 15%, Denver 9%", [("Boston", 12), ("Austin", 15), ("Denver", 9)]),
])
def test_the_unit_of_the_subject_or_a_word_after_in_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_a_currency_beside_cents_is_refused() -> None:
    intent = "Price per kg: apples €2.10, pears €2.40, cherries 690 cents"
    code, message = _check(intent, _rows(("apples", 2.1), ("pears", 2.4), ("cherries", 690))) or ("", "")
    assert code == "UNITS_MIXED" and "'690 cents'" in message, message
