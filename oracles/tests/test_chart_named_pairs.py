"""Chart family: x/y pairs written with their coordinates named or with units.

"t=0 d=0, t=1 d=4.9" (any two one-letter names, the same on every pair: coordinates.py);
"x/y = 3/7, 5/9, 8/4" (the pairs after one "x/y =" head); "1.6 L — 38 mpg" (a spaced dash between x and y,
a unit before it); "0 mg/L → 0.002" (a unit with a slash). The drafter reads them and the check accepts the
faithful drawing and refuses a planted bug (a swapped y, a pair read backwards)."""

from __future__ import annotations

import json

import pytest

from oracles.engine import answer, get_kind
from oracles.tests.test_chart_fail_closed import _planted


def _draft(intent: str) -> tuple[str, list[tuple[object, object, object]]]:
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    verdict = kind.check(intent, draft, {})
    assert verdict.status == "valid", verdict.reason
    spec = json.loads(json.dumps(draft.artifact))
    pairs = (spec["encoding"].get("x") or {}).get("field") == "x"
    rows = [(r.get("series"), r["x"], r["y"]) if pairs else (r.get("series"), r["label"], r["value"])
            for r in spec["data"]["values"]]
    return ("pairs" if pairs else "labels"), rows


@pytest.mark.parametrize(("intent", "points"), [
    ("line chart of distance fallen vs time, t in seconds: t=0 d=0, t=1 d=4.9, t=2 d=19.6, t=3 d=44.1",
     [(0, 0), (1, 4.9), (2, 19.6), (3, 44.1)]),
    ("scatter: p=1 q=5; p=2 q=7; p=3 q=4", [(1, 5), (2, 7), (3, 4)]),
    ("line chart of speed over time: t: 0, v: 3 / t: 5, v: 9 / t: 10, v: 12", [(0, 3), (5, 9), (10, 12)]),
    ("scatter plot: x=1 y=2, x=2 y=5, x=4 y=3", [(1, 2), (2, 5), (4, 3)]),
    ("scatterplot pls: x/y = 3/7, 5/9, 8/4, 10/12, 12/15", [(3, 7), (5, 9), (8, 4), (10, 12), (12, 15)]),
    ("scatter of x/y: 1/2; 3/4; 5/6", [(1, 2), (3, 4), (5, 6)]),
    ("line chart, x/y: 0/1, 1/3, 2/9 and 3/27", [(0, 1), (1, 3), (2, 9), (3, 27)]),
    ("scatter x/y = 1.5/2, 2.5/3.25, 4/1", [(1.5, 2), (2.5, 3.25), (4, 1)]),
    ("scatter plot of engine displacement (litres) against fuel economy (mpg): 1.6 L — 38 mpg; 2.0 L — 33 mpg; "
     "2.5 L — 29 mpg", [(1.6, 38), (2.0, 33), (2.5, 29)]),
    ("scatter of weight vs height: 1.6 m — 60 kg; 1.8 m — 80 kg; 1.7 m — 72 kg", [(1.6, 60), (1.8, 80), (1.7, 72)]),
    ("Calibration curve — line plot of absorbance (y) against concentration in mg/L (x):\n0 mg/L → 0.002\n"
     "5 mg/L → 0.110\n10 mg/L → 0.221", [(0, 0.002), (5, 0.11), (10, 0.221)]),
    ("scatter of speed vs braking distance: 30 km/h → 14 m, 50 km/h → 32 m, 80 km/h → 71 m",
     [(30, 14), (50, 32), (80, 71)]),
])
def test_named_and_unit_pairs_are_read(intent: str, points: list[tuple[float, float]]) -> None:
    shape, rows = _draft(intent)
    assert shape == "pairs"
    assert [(x, y) for _, x, y in rows] == points


def test_planted_swapped_named_pair_is_refused() -> None:
    intent = "line chart of distance fallen vs time: t=0 d=0, t=1 d=4.9, t=2 d=19.6, t=3 d=44.1"
    rows = [{"x": 0, "y": 0}, {"x": 1, "y": 19.6}, {"x": 2, "y": 4.9}, {"x": 3, "y": 44.1}]
    assert _planted(intent, rows).status == "invalid"


def test_planted_backwards_slashed_pair_is_refused() -> None:
    intent = "scatterplot pls: x/y = 3/7, 5/9, 8/4, 10/12, 12/15"
    rows = [{"x": 7, "y": 3}, {"x": 5, "y": 9}, {"x": 8, "y": 4}, {"x": 10, "y": 12}, {"x": 12, "y": 15}]
    assert _planted(intent, rows).status == "invalid"


def test_planted_dash_pair_moved_is_refused() -> None:
    intent = "scatter of weight vs height: 1.6 m — 60 kg; 1.8 m — 80 kg; 1.7 m — 72 kg"
    rows = [{"x": 1.6, "y": 80}, {"x": 1.8, "y": 60}, {"x": 1.7, "y": 72}]
    assert _planted(intent, rows).status == "invalid"


def test_mixed_coordinate_names_stay_refused() -> None:
    assert answer("chart", "line chart t=0 d=0, t=1 d=4.9, s=2 d=19.6", "vega-lite", {}).status == "invalid"
