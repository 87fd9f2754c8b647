"""Which names run along x, and series names cut to a function word (axis_asks.py, fail_closed.py).

- A table of periods as columns ("Product | Q1 | Q2 | Q3") with "stacked bars per quarter" is laid out
  one stack per quarter, each product a series; "side-by-side bars per team" keeps the teams along x.
- "Our app rating vs the category average by month — Jan 4.2 vs 3.9, …" drawn with a series 'the':
  a series name of function words only was cut from a longer name, and is refused.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.chart.axis_asks import periods_asked_along_x
from oracles.tests.test_chart_fail_closed import _planted, _refused

TABLE = "Product\tQ1\tQ2\tQ3\nWidgets\t1200\t1350\t1410\nGadgets\t800\t760\t905\n\n"


def _rows(intent: str) -> list[tuple[str | None, str, float]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    return sorted((r.get("series"), r["label"], r["value"]) for r in verdict.result["data"]["values"])


def test_stacked_bars_per_quarter_put_the_quarters_along_x() -> None:
    rows = _rows(TABLE + "stacked bars per quarter please")
    assert ("Widgets", "Q1", 1200) in rows and ("Gadgets", "Q3", 905) in rows


def test_planted_the_table_left_with_quarters_as_series_is_refused() -> None:
    intent = TABLE + "stacked bars per quarter please"
    rows = [{"series": q, "label": p, "value": v} for p, vals in (("Widgets", (1200, 1350, 1410)), ("Gadgets", (800, 760, 905)))
            for q, v in zip(("Q1", "Q2", "Q3"), vals, strict=True)]
    verdict = _planted(intent, rows=rows)
    assert verdict.status == "invalid"


def test_bars_per_team_keep_the_teams_along_x() -> None:
    rows = _rows("Team,2023,2024\nSales,12,15\nSupport,8,9\n\nside-by-side bars per team please")
    assert ("2023", "Sales", 12) in rows


@pytest.mark.parametrize(("intent", "along"), [
    ("stacked bars per quarter", True),
    ("revenue by month", True),
    ("grouped bars, one colour per year", False),
    ("bars per team", False),
    ("sales by region by year", False),
])
def test_what_the_request_says_runs_along_x(intent: str, along: bool) -> None:
    assert periods_asked_along_x(intent) is along


def test_a_series_named_by_a_function_word_is_refused() -> None:
    verdict = answer("chart", "Our app rating vs the category average by month — Jan 4.2 vs 3.9, Feb 4.3 vs 3.9, "
                              "Mar 4.5 vs 4.0", "vega-lite", {})
    assert verdict.status == "invalid"


def test_planted_a_series_cut_to_the_is_refused() -> None:
    intent = "North: Jan 10, Feb 12. South: Jan 8, Feb 9"
    rows = [{"series": s, "label": m, "value": v} for s, m, v in
            (("North", "Jan", 10), ("North", "Feb", 12), ("the", "Jan", 8), ("the", "Feb", 9))]
    _refused(_planted(intent, rows=rows), "LABEL_NOT_IN_INTENT", "'the'")


def test_single_letter_labels_and_series_are_names() -> None:
    assert _rows("grades: A 12, B 30, C 8") == [(None, "A", 12), (None, "B", 30), (None, "C", 8)]


SPRINTS = ("stacked horizontal bar: completed vs remaining tasks per sprint — Sprint 1: completed 18, remaining 4; "
           "Sprint 2: completed 22, remaining 6; Sprint 3: completed 15, remaining 11")


@pytest.mark.parametrize(("intent", "row"), [
    (SPRINTS, ("completed", "Sprint 2", 22)),
    ("stacked bar: units of product A and product B per region. North: A 30, B 20. South: A 25, B 35.", ("B", "South", 35)),
    ("grouped bars of male vs female respondents by age group — 18-24: male 120, female 135; 25-34: male 210, "
     "female 198", ("female", "25-34", 198)),
])
def test_groups_under_headings_with_the_series_named_together(intent: str, row: tuple[str, str, float]) -> None:
    assert row in _rows(intent)


def test_groups_under_headings_without_named_series_are_not_guessed() -> None:
    verdict = answer("chart", "North: online 30, store 20; South: online 25, store 35", "vega-lite", {})
    assert verdict.status == "invalid"


def test_planted_the_groups_transposed_are_refused() -> None:
    rows = [{"series": s, "label": name, "value": v} for s, name, v in
            (("Sprint 1", "completed", 18), ("Sprint 1", "remaining", 4), ("Sprint 2", "completed", 22),
             ("Sprint 2", "remaining", 6), ("Sprint 3", "completed", 15), ("Sprint 3", "remaining", 11))]
    assert _planted(SPRINTS, rows=rows).status == "invalid"
