"""Labels cut out of something longer than a label (oracles/engine/chart/fail_closed.py, wording.py).

- A quoted title ask ("Title it 'Option costs 2025'") is never data: its words and numbers are blanked
  before the data is read, so the year is not a value and 'Title it' is not a label.
- A label that opens with an ask to the chart ("Title it …") or opens a quote it never closes
  ("'Option costs") was cut where a number stood: refused.
- "North 40 South 35 East West 50": on one line with only spaces between items, a label of two
  capitalised names among one-word labels may be two names given one value: refused. A table (a row
  per line, or tab-separated) is read by rows, so "Le Havre  715" there is one name.
Each rule has a planted bug (the drafter's chart with the fault planted, checked as a whole).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_fail_closed import _planted, _refused, _rows


def _chart(intent: str):
    return answer("chart", intent, "vega-lite", {})


def _drawn(intent: str) -> list[tuple[str, float]]:
    verdict = _chart(intent)
    assert verdict.status == "valid", verdict.reason
    return [(row["label"], row["value"]) for row in verdict.result["data"]["values"]]


@pytest.mark.parametrize("intent", [
    "bar chart: Plan A 120, Plan B 95, Plan C 140. Title it 'Option costs 2025'",
    'Plan A 120, Plan B 95, Plan C 140 - titled "Option costs 2025"',
])
def test_a_quoted_title_ask_gives_the_title_and_no_data(intent: str) -> None:
    verdict = _chart(intent)
    assert verdict.status == "valid", verdict.reason
    assert [(r["label"], r["value"]) for r in verdict.result["data"]["values"]] == [
        ("Plan A", 120), ("Plan B", 95), ("Plan C", 140)]
    assert "Option costs 2025" in str(verdict.result["title"])


def test_a_title_key_of_json_is_left_to_the_json_reader() -> None:
    intent = '{"title": "Tickets 2024", "data": {"Login issues": 42, "Billing": 17, "Other": 9}}'
    assert sorted(_drawn(intent)) == [("Billing", 17), ("Login issues", 42), ("Other", 9)]


@pytest.mark.parametrize(("intent", "cut"), [
    ("Plan A 120, Plan B 95. Title it 'Option costs 2025'", "Title it 'Option costs"),
    ("Plan A 120, Plan B 95, 'Option costs 2025", "'Option costs"),
])
def test_planted_a_label_cut_from_an_ask_or_a_quote_is_refused(intent: str, cut: str) -> None:
    verdict = _planted(intent, rows=_rows(("Plan A", 120), ("Plan B", 95), (cut, 2025)))
    _refused(verdict, "LABEL_NOT_IN_INTENT", cut)


def test_a_year_after_an_apostrophe_is_no_open_quote() -> None:
    assert _drawn("line chart: Jan '24 10, Feb '24 12, Mar '24 15") == [
        ("Jan '24", 10), ("Feb '24", 12), ("Mar '24", 15)]


def test_two_names_on_one_value_in_a_spaced_line_are_refused() -> None:
    verdict = _chart("bar chart sales by region: North 40 South 35 East West 50")
    _refused(verdict, "LABEL_NOT_IN_INTENT", "East West")


def test_planted_two_names_drawn_as_one_label_is_refused() -> None:
    intent = "bar chart sales by region: North 40 South 35 East West 50"
    verdict = _planted(intent, rows=_rows(("North", 40), ("South", 35), ("East West", 50)))
    _refused(verdict, "LABEL_NOT_IN_INTENT", "East West")


@pytest.mark.parametrize("intent", [
    "headcount by team\nEngineering 42\nSales 18\nCustomer Success 12\nMarketing 9",
    "Country\tLife expectancy\nNigeria\t54.5\nEthiopia\t66.6\nDR Congo\t60.7",
    "Rotterdam 1820, Antwerp 1340, Le Havre 715",
])
def test_a_two_word_name_in_a_table_or_a_separated_list_is_one_label(intent: str) -> None:
    labels = [label for label, _ in _drawn(intent)]
    assert any(len(label.split()) == 2 for label in labels), labels


@pytest.mark.parametrize("intent", [
    "line chart of growth: Jan 100, Feb 115, Mar same as it was last year",
    "Jan 100, Feb 115 and Mar about the same",
])
def test_an_item_of_the_list_with_words_for_its_value_is_refused(intent: str) -> None:
    _refused(_chart(intent), "VALUE_MISSING", "'Mar'")


def test_planted_an_item_left_out_of_the_chart_is_refused() -> None:
    intent = "line chart of growth: Jan 100, Feb 115, Mar same as it was last year"
    _refused(_planted(intent, rows=_rows(("Jan", 100), ("Feb", 115))), "VALUE_MISSING", "'Mar'")


def test_a_note_about_a_drawn_label_is_no_missing_item() -> None:
    assert _drawn("Jan 100, Feb 115, March 120 - note: Mar figures are provisional") == [
        ("Jan", 100), ("Feb", 115), ("March", 120)]
