"""The chart check refuses what a person mistyped or asked besides a chart (oracles/engine/chart/fail_closed_typos.py),
and parts over a total stated in a sentence of its own (fail_closed_missing.py).

Four families, each with unit tests of the check alone (our own phrasings, near-misses that must still pass
beside the faulty ones) and a planted bug (the drafter's spec with the fault planted, checked as a whole):
- a chart-type word misspelled ("piee chart", "scattter plot", "line grpah") and another mark drawn;
- a label ending in a number with another number after it, where a sibling is the name alone;
- a request for another artifact ("turn this into JSON") that names no chart;
- slices over a total stated in its own sentence ("Our total headcount is 40.").
"""

from __future__ import annotations

import pytest

from oracles.engine.chart.fail_closed_typos import _edits
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows

_FRUIT = _rows(("apples", 12), ("pears", 7), ("plums", 4))

# ---------------------------------------------------------------------------------------------
# 1. Misspelled chart-type words


@pytest.mark.parametrize(("intent", "mark", "typed", "meant"), [
    ("doughnt chart of fruit sold: apples 12, pears 7, plums 4", "bar", "doughnt", "doughnut"),
    ("dounut of fruit sold: apples 12, pears 7, plums 4", "bar", "dounut", "donut"),
    ("scattter of fruit sold: apples 12, pears 7, plums 4", "bar", "scattter", "scatter"),
    ("histogrm of fruit sold: apples 12, pears 7, plums 4", "line", "histogrm", "histogram"),
    ("could you do an area grahp for me: apples 12, pears 7, plums 4", "bar", "area grahp", "area chart"),
    ("please draw a line grpah - apples 12, pears 7, plums 4", "bar", "line grpah", "line chart"),
    ("lnie chart of fruit sold: apples 12, pears 7, plums 4", "bar", "lnie", "line"),
    ("horiztonal bars of fruit sold: apples 12, pears 7, plums 4", "bar", "horiztonal", "horizontal"),
])
def test_a_misspelled_chart_word_not_drawn_is_refused(intent: str, mark: str, typed: str, meant: str) -> None:
    refusal = _check(intent, _FRUIT, mark=mark)
    assert refusal is not None and refusal[0] == "SHAPE_NOT_ASKED", refusal
    assert f"'{typed}'" in refusal[1] and f"did you mean '{meant}'" in refusal[1], refusal


@pytest.mark.parametrize(("intent", "mark"), [
    ("bar chart of fruit we are selling: apples 12, pears 7, plums 4", "bar"),  # "are" is not "area"
    ("a fine chart please, bars: apples 12, pears 7, plums 4", "bar"),  # "fine" is not "line"
    ("bar chart of fruit in the shop, well stocked: apples 12, pears 7, plums 4", "bar"),
    ("donut chart of fruit sold: apples 12, pears 7, plums 4", "arc"),  # exact vocabulary is never refused here
    ("bar chart of fruit sold, don't round: apples 12, pears 7, plums 4", "bar"),
])
def test_near_misses_that_are_words_stay_valid(intent: str, mark: str) -> None:
    assert _check(intent, _FRUIT, mark=mark) is None


def test_a_mark_word_typo_read_by_another_rule_is_still_refused() -> None:
    assert _check("pie chrt of fruit sold: apples 12, pears 7, plums 4", _FRUIT, mark="bar") is not None


def test_edit_distance_counts_a_swap_as_one() -> None:
    assert _edits("chrat", "chart") == 1 and _edits("donnut", "donut") == 1 and _edits("line", "line") == 0


def test_planted_misspelled_pie_drawn_as_bars_is_refused() -> None:
    intent = "piee chart of where lunch money went: canteen 40, snacks 25, coffee 35"
    _refused(_planted(intent, mark="bar"), "SHAPE_NOT_ASKED", "'piee'", "did you mean 'pie'")


# ---------------------------------------------------------------------------------------------
# 2. A label ending in a number, then another number


@pytest.mark.parametrize(("intent", "rows"), [
    ("bar chart: crew alpha 7 3, crew beta 5, crew gamma 6",
     _rows(("crew alpha 7", 3), ("crew beta", 5), ("crew gamma", 6))),
    ("points: squad red 40 44, squad blue 38",
     _rows(("squad red 40", 44), ("squad blue", 38))),
])
def test_a_label_ending_in_a_number_beside_plain_siblings_is_refused(intent: str, rows: list) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "ends in a number" in refusal[1], refusal


@pytest.mark.parametrize(("intent", "rows"), [
    ("Sold by model: Model 3 1,200, Model Y 1,850", _rows(("Model 3", 1200), ("Model Y", 1850))),
    ("Views: trailer 900, episode 1 4k, episode 2 3k", _rows(("trailer", 900), ("episode 1", 4000), ("episode 2", 3000))),
    ("Seats: Hall 7: 120, Hall B: 90", _rows(("Hall 7", 120), ("Hall B", 90))),
    ("Runners by age: under 18: 30, adults: 90", _rows(("under 18", 30), ("adults", 90))),
])
def test_names_that_end_in_a_number_stay_valid(intent: str, rows: list) -> None:
    assert _check(intent, rows) is None


def test_planted_first_number_taken_into_the_label_is_refused() -> None:
    intent = "bar chart: desk north 3 8, desk south 6, desk east 2"
    rows = _rows(("desk north 3", 8), ("desk south", 6), ("desk east", 2))
    _refused(_planted(intent, rows), "LABEL_NOT_IN_INTENT", "'desk north 3'")


# ---------------------------------------------------------------------------------------------
# 3. Another artifact asked for


@pytest.mark.parametrize("intent", [
    "Turn this into JSON please: apples 12, pears 7, plums 4",
    "write these as YAML for the config: apples 12, pears 7, plums 4",
    "Summarise in a paragraph: apples 12, pears 7, plums 4",
])
def test_another_artifact_is_refused(intent: str) -> None:
    refusal = _check(intent, _FRUIT)
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART" and "not a chart" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "Turn this into a bar chart: apples 12, pears 7, plums 4",
    "convert to a visual, bars: apples 12, pears 7, plums 4",
    "fruit sold, as text on the axis: apples 12, pears 7, plums 4",
])
def test_a_chart_asked_with_such_words_stays_valid(intent: str) -> None:
    assert _check(intent, _FRUIT) is None


def test_planted_bars_for_a_sql_request_are_refused() -> None:
    intent = "Translate to SQL INSERT rows for the stock table: apples 12, pears 7, plums 4"
    _refused(_planted(intent, mark="bar"), "UNSUPPORTED_CHART", "not a chart")


# ---------------------------------------------------------------------------------------------
# 4. Parts over a total stated in its own sentence


@pytest.mark.parametrize("intent", [
    "Total event budget is 40. Pie chart of how it went: design 12, data 20, ops 15",
    "Total household budget was $3,000. Pie of it: rent 2,000, food 900, fun 400",
])
def test_parts_over_a_total_sentence_are_refused(intent: str) -> None:
    rows = (_rows(("design", 12), ("data", 20), ("ops", 15)) if "design" in intent
            else _rows(("rent", 2000), ("food", 900), ("fun", 400)))
    refusal = _check(intent, rows, mark="arc", title="How it went")
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART" and "more than the whole" in refusal[1], refusal


def test_parts_within_a_total_sentence_stay_valid() -> None:
    rows = _rows(("design", 12), ("data", 20), ("ops", 8))
    intent = "Total event budget is 40. Pie chart of how it went: design 12, data 20, ops 8"
    assert _check(intent, rows, mark="arc", title="How it went") is None


def test_planted_pie_over_its_total_is_refused() -> None:
    intent = "Total grant budget is 10,000. Pie chart of how it is spent: staff 6,000, kit 3,000, travel 2,500"
    _refused(_planted(intent), "UNSUPPORTED_CHART", "more than the whole", "'Total grant budget is 10,000'")
