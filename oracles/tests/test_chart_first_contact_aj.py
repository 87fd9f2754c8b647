"""Found at first contact with the sealed batch aj, and by probing around it.

- A pie whose values are said to be percents once, as their unit ("market share (%)", '"unit": "%"', "(percent)"),
  cannot add up to more than 100: the pie would redraw 70/50/30 as 47/33/20 (faithful_shape.py).
- A correction that closes a drawn label ("bananas 7, except bananas were actually 9") is a correction, not a
  name (fail_closed_asks.py).
- The name of a tool or call before the data ("chart_request {…}", "tool: make_chart args:") is no title
  (wording.py, drafter side).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.chart.faithfulness import check_faithful
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows, _valid


@pytest.mark.parametrize("intent", [
    'chart_request {"type": "pie", "data": {"Chrome": 70, "Safari": 50, "Firefox": 30}, "unit": "%"}',
    "pie chart of market share (%): Chrome 70, Safari 50, Firefox 30",
    "pie of browser share: Chrome 70, Safari 50, Firefox 30 (percent)",
    "donut of browser share in percent: Chrome 70, Safari 50, Firefox 30",
])
def test_a_pie_of_percents_over_100_is_refused(intent: str) -> None:
    _refused(_planted(intent), "UNSUPPORTED_CHART", "150%", "more than the whole")


def test_planted_pie_over_a_percent_unit_is_refused() -> None:
    # the check alone, over a hand-drawn pie: the unit is said once, in the heading
    refusal = _check("pie chart of market share (%): Chrome 70, Safari 50, Firefox 30",
                     _rows(("Chrome", 70), ("Safari", 50), ("Firefox", 30)), mark="arc", title="Market share")
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART", refusal


@pytest.mark.parametrize("intent", [
    "pie chart of market share (%): Chrome 50, Safari 30, Firefox 20",
    "pie chart of sessions: mobile 620, desktop 310, tablet 70",
])
def test_a_pie_within_its_whole_or_of_counts_stays_valid(intent: str) -> None:
    assert _valid(intent)


@pytest.mark.parametrize("intent", [
    'chart_request {"type": "pie", "data": {"Chrome": 50, "Safari": 30, "Firefox": 20}}',
    'tool: make_chart args: {"type": "bar", "data": {"north": 1, "south": 2}}',
    'render_chart: {"kind": "line", "points": {"Jan": 3, "Feb": 5}}',
])
def test_a_tool_name_is_no_title(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert "title" not in verdict.result or not verdict.result["title"].get("text"), verdict.result["title"]


# The verb an intent opens with is no part of the first series' name ("chart revenue: …; costs: …").


def test_the_opening_verb_is_not_drawn_into_a_series_name() -> None:
    verdict = answer("chart", "plot revenue: 2022 1.2, 2023 1.8, 2024 2.5; costs: 2022 0.9, 2023 1.1, 2024 1.6",
                     "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert {row["series"] for row in verdict.result["data"]["values"]} == {"revenue", "costs"}


def test_planted_series_named_with_the_opening_verb_is_refused() -> None:
    intent = "chart signups: Mon 3, Tue 5, Wed 4; churn: Mon 1, Tue 0, Wed 2"
    rows = [{"series": series, "label": day, "value": value}
            for series, values in (("chart signups", (3, 5, 4)), ("churn", (1, 0, 2)))
            for day, value in zip(("Mon", "Tue", "Wed"), values, strict=True)]
    spec = {"title": {"text": "Signups vs Churn"}, "data": {"values": rows}, "mark": {"type": "line"},
            "encoding": {"x": {"field": "label", "type": "nominal"}, "y": {"field": "value", "type": "quantitative"},
                         "color": {"field": "series", "type": "nominal"}}}
    refusal = check_faithful(intent, spec, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "'chart'" in refusal[1], refusal


def test_a_name_that_is_a_plot_stays_valid() -> None:
    assert _valid("Plot A: Mon 3, Tue 5; Plot B: Mon 1, Tue 2")


# Titles a person sees: the subject the data opens with, not the chatter before it; a mark word that ends a name
# after "by"/"per" stays; a hedge ("not 100% sure") and a document's part ("Exhibit 4") are no data.


@pytest.mark.parametrize(("intent", "title"), [
    ("so I *think* an area chart would work best here?? not 100% sure lol. daily active users over the week: "
     "Mon 340, Tue 410, Wed 395, Thu 460", "Daily active users over the week"),
    ("can you do the bars sideways? ratings: Frontend 4.5, Backend 3.8, Docs 2.9", "Ratings"),
    ("Revenue by region. Here are the numbers: North 3, South 5", "Revenue by region"),
    ("Bar chart please. Sells by product line: Garden Tools 230, Kitchen Appliances 410", "Sells by product line"),
    ("Weekday trips per bus line: 12A 340, 15B 410, 22X 120", "Weekday trips per bus line"),
    ("I need a chart for the board meeting. It should show churn by month: Jan 3, Feb 5", "Churn by month"),
    ("Exhibit 4, titled “Net Promoter Score, FY2023–FY2024”, shall display NPS by quarter as a line chart: "
     "Q1 FY23 31; Q2 FY23 34; Q3 FY23 29", "Net Promoter Score, FY2023–FY2024"),
])
def test_the_title_is_the_subject(intent: str, title: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["title"]["text"] == title


def test_a_single_number_in_a_hedge_is_still_placed_when_it_is_data() -> None:
    # "100% sure" is a hedge; "sure 100" is a label and its value
    verdict = answer("chart", "bar chart of answers: sure 100, unsure 40, no 12", "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert [row["value"] for row in verdict.result["data"]["values"]] == [100, 40, 12]


# A first item on a line of its own is whole ("Traffic sources:\n- Organic search: 46%" keeps 'Organic search');
# a window of time ("last 30 days") over items that are no periods counts no items.


@pytest.mark.parametrize("intent", [
    "## Traffic sources (last 30 days)\n- **Organic search**: 46%\n- **Direct**: 22%\n- **Referral**: 14%\n"
    "- **Social**: 12%\n- **Email**: 6%\n\nMake this a pie chart",
    "Traffic sources:\n- Organic search: 46%\n- Direct: 22%\n- Referral: 32%\npie chart",
])
def test_a_first_item_on_its_own_line_keeps_its_whole_label(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["data"]["values"][0]["label"] == "Organic search"


@pytest.mark.parametrize("intent", [
    "Histogramme des inscriptions sur les 4 dernières semaines : S1 120, S2 130, S3 125",
    "over the last 4 weeks: W1 120, W2 130, W3 125",
    "pie with 3 categories: A 40, B 25, C 20, D 15",
])
def test_a_count_of_periods_or_items_still_holds(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "VALUE_MISSING", verdict.reason


# First contact with sealed batch al: "area graphic" asks for an area; an ellipsis ends a statement.


def test_an_area_graphic_is_an_area_chart() -> None:
    verdict = answer("chart", "Can you do area graphic for the shipments quantity per month? January 1.2k, "
                     "February 1.45k, March 1.6k. Is for the logistic report.", "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["mark"]["type"] == "area"


def test_planted_line_for_an_area_graphic_is_refused() -> None:
    intent = "area graphic of shipments per month: January 1200, February 1450, March 1600"
    _refused(_planted(intent, mark="line"), "SHAPE_NOT_ASKED")


def test_a_series_name_never_runs_across_an_ellipsis() -> None:
    intent = ("Okay so I'm comparing our two warehouses' pick rates across the morning shift… Reno: 6am 140, 8am 165; "
              "Dallas: 6am 120, 8am 158. Could you line-chart both?")
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert {row["series"] for row in verdict.result["data"]["values"]} == {"Reno", "Dallas"}
    rows = [{"series": "morning shift… Reno" if row["series"] == "Reno" else row["series"], "label": row["label"],
             "value": row["value"]} for row in verdict.result["data"]["values"]]
    refusal = check_faithful(intent, {**verdict.result, "data": {"values": rows}}, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "ellipsis" in refusal[1], refusal


# First contact with sealed batch am: a markdown key line asks the whole title; semicolon data keeps its doubt.

_TEMPERATURES = ("## Request\n**Chart type:** line\n**Title:** Avg temperature, Oslo vs Madrid\n\n"
                 "| Month | Oslo (°C) | Madrid (°C) |\n|-------|-----------|-------------|\n| Jan | -4.3 | 6.3 |\n"
                 "| Apr | 4.5 | 13.1 |\n| Jul | 16.4 | 25.6 |")


def test_a_markdown_title_key_asks_the_whole_line() -> None:
    verdict = answer("chart", _TEMPERATURES, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["title"]["text"] == "Avg temperature, Oslo vs Madrid"


def test_planted_title_cut_from_a_markdown_key_is_refused() -> None:
    from oracles.engine import get_kind

    kind = get_kind("chart")
    draft = kind.draft(_TEMPERATURES, "vega-lite", {})
    draft.artifact["title"] = {"text": "** Avg temperature"}
    verdict = kind.check(_TEMPERATURES, draft, {})
    _refused(verdict, "REQUEST_NOT_HONOURED", "Avg temperature, Oslo vs Madrid")


@pytest.mark.parametrize("intent", [
    "Woche;EUR/USD\nKW 1;1,094\nKW 2;1,089\nKW 3;1,087\n\nals Linie bitte / as a line chart",
    "region;revenue\nNorth;1,250\nSouth;980\nline chart",
])
def test_a_comma_number_in_semicolon_data_is_refused_not_guessed(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and "decimal mark" in verdict.reason["message"], verdict.reason


def test_a_quoted_comma_number_in_comma_data_stays_a_thousand() -> None:
    verdict = answer("chart", 'region,revenue\nNorth,"1,250"\nSouth,980', "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert [row["value"] for row in verdict.result["data"]["values"]] == [1250, 980]


@pytest.mark.parametrize(("intent", "rows"), [
    ('create_chart(kind="bar", orientation="horizontal", title="Repositories by language", labels=["Python", "Go"], '
     'values=["2.1M", "640k"])', [("Python", 2100000), ("Go", 640000)]),
    ('plot(x=[1, 2, 3], y=[4, 5, 6], kind="scatter")', None),
])
def test_a_python_call_of_literals_is_read_as_its_json(intent: str, rows: list[tuple[str, float]] | None) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    if rows is not None:
        assert [(r["label"], r["value"]) for r in verdict.result["data"]["values"]] == rows


def test_planted_value_changed_in_a_python_call_is_refused() -> None:
    intent = 'create_chart(kind="bar", labels=["Python", "Go"], values=[21, 64])'
    _refused(_planted(intent, _rows(("Python", 21), ("Go", 46))), "VALUE_NOT_PLACED", "46")


@pytest.mark.parametrize("intent", [
    'create_chart(kind="bar", labels=names, values=[1, 2])',  # a name, not a literal
    'create_chart("bar", labels=["A"], values=[1])',  # a positional argument
    "f(x=" + "[" * 300 + "]" * 300 + ", y=1)",  # nesting deeper than the parser takes
])
def test_a_call_that_is_not_all_literals_is_left_as_written(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status in ("invalid", "valid")  # never an error: a refusal or another reading


@pytest.mark.parametrize("intent", [
    "Product | Units sold\nWidget A | 1,204\nWidget B | 987\nGizmo | 2,310\n\nbar chart",
    "| Product | Units sold |\n| Widget A | 1,204 |\n| Widget B | 987 |\n| Gizmo | 2,310 |\n\nbar chart",
])
def test_a_pipe_table_without_its_rule_line_is_a_table(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert [(r["label"], r["value"]) for r in verdict.result["data"]["values"]] == [
        ("Widget A", 1204), ("Widget B", 987), ("Gizmo", 2310)]


def test_planted_row_left_out_of_a_pipe_table_is_refused() -> None:
    intent = "Product | Units sold\nWidget A | 1,204\nWidget B | 987\nGizmo | 2,310\n\nbar chart"
    verdict = _planted(intent, _rows(("Widget A", 1204), ("Widget B", 987)))
    assert verdict.status == "invalid", verdict


def test_a_pipe_row_with_an_extra_cell_is_not_a_table_row() -> None:
    verdict = answer("chart", "Product | Units sold\nWidget A | 1,204\nWidget B | 987\nGizmo | 2,310 | 44\n\nbar chart",
                     "vega-lite", {})
    assert verdict.status == "invalid"


def test_planted_pictograph_glued_to_some_labels_is_refused() -> None:
    intent = "Mon 34 👍 Tue 41 👎 Wed 29"
    _refused(_planted(intent, _rows(("Mon", 34), ("👍 Tue", 41), ("👎 Wed", 29))), "LABEL_NOT_IN_INTENT", "pictograph")


def test_labels_that_all_carry_their_icon_stay_valid() -> None:
    assert _valid("🍕 Pizza 12, 🍔 Burger 9, 🌮 Taco 4")
