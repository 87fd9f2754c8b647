"""Planted bugs: a drafter that misreads the intent, and agrees with itself in its facts, is caught.

Each test drafts a correct chart, plants one bug in both the spec and the drafter's facts (so the
drafter's own reading cannot give it away), and calls the kind's `check`: the faithfulness check
reads the intent on its own and answers `invalid`, with a reason that names what it could not place.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ground.reasons import REASONS, billed
from oracles.engine import Draft, Verdict, answer, get_kind

Rows = list[dict[str, Any]]


def _draft(intent: str) -> Draft:
    draft = get_kind("chart").draft(intent, "vega-lite", {})
    assert get_kind("chart").check(intent, draft, {}).status == "valid", "the unplanted draft must be valid"
    return draft


def _planted(intent: str, plant: Callable[[dict[str, Any]], None]) -> Verdict:
    """Plant a bug in the spec, rebuild the facts from the planted rows, and check."""
    draft = _draft(intent)
    spec = json.loads(json.dumps(draft.artifact))
    plant(spec)
    facts = json.loads(json.dumps(draft.facts))
    pairs = spec["encoding"]["x"].get("field") == "x"
    by_series: dict[Any, list[dict[str, Any]]] = {}
    for row in spec["data"]["values"]:
        label, value = (row["x"], row["y"]) if pairs else (row["label"], row["value"])
        by_series.setdefault(row.get("series"), []).append({"label": label, "value": value})
    facts["series"] = [{"name": name, "points": points} for name, points in by_series.items()]
    facts["pairs"] = pairs
    facts["mark"] = spec["mark"]["type"]
    return get_kind("chart").check(intent, replace(draft, artifact=spec, facts=facts), {})


def _code(verdict: Verdict) -> str:
    assert verdict.status == "invalid" and verdict.result is None
    assert verdict.reason is not None
    return verdict.reason["code"]


def _set_rows(rows: Rows) -> Callable[[dict[str, Any]], None]:
    def plant(spec: dict[str, Any]) -> None:
        spec["data"]["values"] = rows
    return plant


SIGNUPS = "bar chart of signups: Mon 34, Tue 41, Wed 29"
CITIES = "population of cities: New York 8.3M, Los Angeles 3.9M, Chicago 2.7M"
SERIES = "Revenue: Q1 120, Q2 135. Cost: Q1 90, Q2 100"


def test_a_dropped_value_is_named_in_the_refusal() -> None:
    verdict = _planted(SIGNUPS, _set_rows([{"label": "Mon", "value": 34}, {"label": "Tue", "value": 41}]))
    assert _code(verdict) == "VALUE_MISSING"
    assert "'29'" in verdict.reason["message"] and "e.g." in verdict.reason["message"]  # type: ignore[index]


def test_a_truncated_multi_word_label_is_refused() -> None:
    verdict = _planted(CITIES, _set_rows([{"label": "York", "value": 8_300_000},
                                          {"label": "Los Angeles", "value": 3_900_000},
                                          {"label": "Chicago", "value": 2_700_000}]))
    assert _code(verdict) == "LABEL_NOT_IN_INTENT"
    assert "'York'" in verdict.reason["message"]  # type: ignore[index]


def test_transposed_series_are_refused() -> None:
    draft = _draft(SERIES)
    transposed = [{"label": row["series"], "value": row["value"], "series": row["label"]}
                  for row in draft.artifact["data"]["values"]]  # type: ignore[index]
    verdict = _planted(SERIES, _set_rows(transposed))
    assert _code(verdict) == "VALUE_NOT_PLACED"


def test_an_added_value_is_refused_even_when_the_intent_states_that_number() -> None:
    # 34 is stated once, for Mon: drawing it a second time (for a label that is also stated) is invented.
    intent = "bar chart of signups: Mon 34, Tue 41, Wed 29, Thu 12"
    rows = [{"label": "Mon", "value": 34}, {"label": "Tue", "value": 41}, {"label": "Wed", "value": 29},
            {"label": "Thu", "value": 12}, {"label": "Thu", "value": 34}]
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_values_shifted_onto_the_next_label_are_refused() -> None:
    rows = [{"label": "Mon", "value": 41}, {"label": "Tue", "value": 29}, {"label": "Wed", "value": 34}]
    assert _code(_planted(SIGNUPS, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_a_sign_glued_onto_a_label_is_refused() -> None:
    intent = "Net change in headcount: Sales +6, Support -3, Finance 2"
    rows = [{"label": "Sales +", "value": 6}, {"label": "Support", "value": -3}, {"label": "Finance", "value": 2}]
    verdict = _planted(intent, _set_rows(rows))
    assert _code(verdict) == "LABEL_NOT_IN_INTENT"
    assert "sign" in verdict.reason["message"]  # type: ignore[index]


def test_a_bar_chart_drawn_as_a_line_because_a_name_contains_line_is_refused() -> None:
    intent = "Bar chart of riders per route: the coastal line 2,340, the valley line 1,870, the airport express 3,110"

    def plant(spec: dict[str, Any]) -> None:
        spec["mark"] = {"type": "line", "tooltip": True, "point": True}
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


def test_a_chart_word_inside_a_name_asks_for_no_mark() -> None:
    intent = "riders per route: the coastal line 2,340, the valley line 1,870, the airport express 3,110"
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["mark"]["type"] == "bar"  # type: ignore[index]


def test_x_y_pairs_drawn_as_categories_are_refused() -> None:
    intent = 'scatter of engine size vs mpg: [{"litres": 1.0, "mpg": 52}, {"litres": 1.6, "mpg": 44}, {"litres": 2.0, "mpg": 38}]'

    def plant(spec: dict[str, Any]) -> None:
        spec["data"]["values"] = [{"label": str(r["x"]), "value": r["y"]} for r in spec["data"]["values"]]
        spec["mark"] = {"type": "bar"}
        spec["encoding"] = {"x": {"field": "label", "type": "nominal"}, "y": {"field": "value", "type": "quantitative"}}
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


def test_a_markdown_table_with_its_columns_read_as_rows_is_refused() -> None:
    intent = "| Year | Men | Women |\n|---|---|---|\n| 2021 | 412 | 388 |\n| 2022 | 430 | 455 |\n\ngrouped bars"
    rows = [{"label": "Men", "value": 412, "series": "2021"}, {"label": "Women", "value": 388, "series": "2021"},
            {"label": "Men", "value": 430, "series": "2022"}, {"label": "Women", "value": 455, "series": "2022"}]
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_horizontal_bars_asked_but_drawn_vertical_are_refused() -> None:
    intent = "horizontal bar chart of open roles: London 14, Berlin 9, Toronto 11"

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["x"], spec["encoding"]["y"] = spec["encoding"]["y"], spec["encoding"]["x"]
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


def test_an_asked_title_that_is_not_drawn_is_refused() -> None:
    intent = 'bar chart of signups, title it "Signups after relaunch": Mon 34, Tue 41, Wed 29'

    def plant(spec: dict[str, Any]) -> None:
        spec["title"] = {"text": "Signups"}
    assert _code(_planted(intent, plant)) == "REQUEST_NOT_HONOURED"


def test_a_chart_of_one_invented_value_is_refused() -> None:
    intent = "bar chart of the top 5 cities by population"
    draft = get_kind("chart").draft("bar chart of signups: Mon 34, Tue 41", "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = [{"label": "top", "value": 5}]
    facts = {**draft.facts, "series": [{"name": None, "points": [{"label": "top", "value": 5}]}]}
    verdict = get_kind("chart").check(intent, replace(draft, artifact=spec, facts=facts), {})
    assert verdict.status == "invalid"


@pytest.mark.parametrize("intent", [
    "Top 5 cities by number of orders in 2024: Lisbon 1,204, Porto 866, Braga 410, Coimbra 377, Faro 290",
    "n=200 survey: daily 58, weekly 81, monthly 40, rarely 21",
])
def test_numbers_that_frame_the_question_are_not_data(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert [row["value"] for row in verdict.result["data"]["values"]][-2:] in ([377, 290], [40, 21])  # type: ignore[index]


def test_a_number_in_the_intent_that_is_not_drawn_is_refused_with_a_rewrite() -> None:
    verdict = answer("chart", "bar chart of signups: Mon 34, Tue 41, Wed 29, and 120", "vega-lite", {})
    assert verdict.status == "invalid"


# One list of reason codes.

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _codes_raised_by(package: Path) -> set[str]:
    codes = set()
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "EngineRefusal", "Unfaithful", "invalid"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
    return codes


def test_every_code_the_chart_engine_raises_is_listed_and_documented() -> None:
    raised = _codes_raised_by(ENGINE / "chart") | _codes_raised_by(ENGINE)
    assert raised - set(REASONS) == set()
    # Documented: each has its meaning in the one list, which the served /docs/verdicts/ page shows
    # (tests/test_docs_pages.py checks every code is on it).
    assert [code for code in _codes_raised_by(ENGINE / "chart") if not REASONS[code][1].strip()] == []


def test_reason_codes_are_sorted_and_billing_follows_the_fault() -> None:
    assert list(REASONS) == sorted(REASONS)
    # Forma could not read, or could not vouch for its own reading, or its own configuration: free.
    ours = ("UNREADABLE_INTENT", "DATA_REQUIRED", "UNSUPPORTED_FORMAT", "VALUE_NOT_PLACED", "LABEL_NOT_IN_INTENT",
            "SHAPE_NOT_ASKED", "SCHEMA", "VALUE_NOT_IN_INTENT", "CONTENT_NOT_PLACED", "NO_SUCH_CODE")
    assert [code for code in ours if billed(code)] == []
    # The request itself is over a limit or asks for what the rules refuse: billed.
    assert billed("TOO_MANY_VALUES") and billed("UNSUPPORTED_CHART") and billed("TOO_MANY_NODES")
    assert not billed(None)


def test_a_dropped_first_item_is_not_explained_away_as_a_count() -> None:
    intent = "Fruit: apples 3, pears 5, plums 7"
    assert _code(_planted(intent, _set_rows([{"label": "pears", "value": 5}, {"label": "plums", "value": 7}]))) \
        == "VALUE_MISSING"


def test_a_label_that_swallowed_its_value_and_a_note_is_refused() -> None:
    intent = "Signups by channel: organic 1,240 (up 12%), paid 860, referral 310"
    rows = [{"label": "organic 1,240 (up", "value": 12}, {"label": "paid", "value": 860}, {"label": "referral", "value": 310}]
    assert _code(_planted(intent, _set_rows(rows))) == "LABEL_NOT_IN_INTENT"


def test_a_request_to_leave_data_out_is_refused_rather_than_ignored() -> None:
    verdict = answer("chart", "line chart of sales, except March: Jan 10, Feb 12, Mar 9", "vega-lite", {})
    assert _code(verdict) == "REQUEST_NOT_HONOURED"


def test_a_total_is_not_drawn_as_a_category() -> None:
    assert _code(answer("chart", "Hours worked: Alice 40, Bob 38.5, Carol 42, total 120.5", "vega-lite", {})) \
        == "VALUE_NOT_PLACED"


def test_a_bracketed_goal_is_not_drawn_as_a_category() -> None:
    # a target stated apart is left out of the chart and named in the notes (references.py); drawn, it is refused
    intent = "Daily steps — Mon 8k Tue 10k Wed 7.5k (goal 10k)"
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid" and [r["label"] for r in verdict.result["data"]["values"]] == ["Mon", "Tue", "Wed"]
    assert any("'goal 10k'" in note for note in verdict.notes or [])
    rows = [{"label": "Mon", "value": 8000}, {"label": "Tue", "value": 10000}, {"label": "Wed", "value": 7500},
            {"label": "goal", "value": 10000}]
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_a_bracketed_note_that_lists_values_after_the_data_is_not_drawn_as_categories() -> None:
    intent = "bar chart of open bugs by team — Payments 14, Search 9, Mobile 22 (Mobile includes 5 duplicates, count them as 17)"
    assert _code(answer("chart", intent, "vega-lite", {})) == "VALUE_NOT_PLACED"
    rows = [{"label": "Payments", "value": 14}, {"label": "Search", "value": 9}, {"label": "Mobile", "value": 22},
            {"label": "Mobile includes", "value": 5}, {"label": "count them as", "value": 17}]
    assert _check_rows(intent, rows).status != "valid"  # the planted bug: the note drawn as two bars
    # A list in brackets with no label outside it is the data itself.
    assert answer("chart", "signups (Mon 3, Tue 4, Wed 5)", "vega-lite", {}).status == "valid"


# Planted bugs for the stricter rules (issue 8): one per rule, each a misreading a drafter could make.


def _check_rows(intent: str, rows: Rows, mark: str = "bar") -> Verdict:
    """Check rows a (buggy) drafter drew for `intent`, without asking the real drafter to read it."""
    draft = get_kind("chart").draft("bar chart of signups: Mon 34, Tue 41", "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = rows
    spec["mark"] = {"type": mark, "tooltip": True}
    spec.pop("title", None)
    spec["encoding"]["x"].pop("sort", None)
    facts = {**draft.facts, "series": [{"name": None, "points": [{"label": r["label"], "value": r["value"]} for r in rows]}],
             "mark": mark, "title": None}
    return get_kind("chart").check(intent, replace(draft, artifact=spec, facts=facts), {})


def test_a_label_that_ran_into_the_chart_request_is_refused() -> None:
    intent = "58 in March, 61 in April, 70 in May — line chart please"
    rows = [{"label": "March", "value": 58}, {"label": "April", "value": 61}, {"label": "May — line chart please", "value": 70}]
    assert _code(_planted(intent, _set_rows(rows))) == "LABEL_NOT_IN_INTENT"


def test_a_scale_word_cut_from_its_grade_is_refused() -> None:
    intent = "customer satisfaction — very satisfied 41%, somewhat satisfied 33%, not satisfied 26%"
    rows = [{"label": "very", "value": 41}, {"label": "somewhat", "value": 33}, {"label": "not", "value": 26}]
    assert _code(_planted(intent, _set_rows(rows))) == "LABEL_NOT_IN_INTENT"


def test_the_tail_of_a_name_joined_by_and_is_refused() -> None:
    intent = "units sold by product line: Home and Garden 320, Toys and Games 410, Health and Beauty 150"
    rows = [{"label": "Garden", "value": 320}, {"label": "Games", "value": 410}, {"label": "Beauty", "value": 150}]
    assert _code(_planted(intent, _set_rows(rows))) == "LABEL_NOT_IN_INTENT"


def test_an_item_split_unlike_the_others_is_refused() -> None:
    # "990 model" may be one name: every other item ends at a comma, this one does not.
    intent = "Sales of the New Balance 990 model 210, the Nike Air Max 340"
    rows = [{"label": "New Balance", "value": 990}, {"label": "model", "value": 210}, {"label": "the Nike Air Max", "value": 340}]
    assert _code(_check_rows(intent, rows)) == "LABEL_NOT_IN_INTENT"


@pytest.mark.parametrize(("intent", "rows", "mark"), [
    ("line chart: Jan 5, Feb ?, Mar 7", [{"label": "Jan", "value": 5}, {"label": "Mar", "value": 7}], "line"),
    ("bar chart: Mon 34, Tue forty-one, Wed 29", [{"label": "Mon", "value": 34}, {"label": "Wed", "value": 29}], "bar"),
])
def test_a_label_dropped_with_its_unreadable_value_is_refused(intent: str, rows: Rows, mark: str) -> None:
    assert _code(_check_rows(intent, rows, mark)) == "VALUE_MISSING"


def test_a_long_format_table_with_times_as_series_is_refused() -> None:
    intent = "region,quarter,sales\nNorth,Q1,10\nNorth,Q2,12\nSouth,Q1,8\nSouth,Q2,9"
    rows = [{"label": r["series"], "value": r["value"], "series": r["label"]}
            for r in _draft(intent).artifact["data"]["values"]]  # type: ignore[index]
    assert {r["series"] for r in rows} == {"Q1", "Q2"}  # the right reading puts the quarters on the axis
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_nested_json_keyed_by_year_drawn_with_years_as_series_is_refused() -> None:
    intent = '{"2023": {"North": 10, "South": 12}, "2024": {"North": 14, "South": 11}}'
    rows = [{"label": r["series"], "value": r["value"], "series": r["label"]}
            for r in _draft(intent).artifact["data"]["values"]]  # type: ignore[index]
    assert {r["series"] for r in rows} == {"2023", "2024"}
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


@pytest.mark.parametrize("intent", [
    "store,product,units\nA,Tea,5\nA,Coffee,7\nB,Tea,3\nB,Coffee,4",
    '{"Engineering": {"Berlin": 40, "Lisbon": 22}, "Sales": {"Berlin": 12, "Lisbon": 9}}',
])
def test_two_kinds_of_names_with_no_time_are_refused_not_guessed(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert _code(verdict) == "UNREADABLE_INTENT"
    assert "e.g." in verdict.reason["message"]  # type: ignore[index]


def test_a_json_number_left_out_of_the_chart_is_refused() -> None:
    intent = '{"sales": {"2022": 100, "2023": 130, "2024": 170}, "target": 150}'
    rows = [{"label": "2022", "value": 100}, {"label": "2023", "value": 130}, {"label": "2024", "value": 170}]
    verdict = _check_rows(intent, rows, "line")
    assert _code(verdict) == "VALUE_MISSING" and "'target'" in verdict.reason["message"]  # type: ignore[index]


def test_json_settings_and_years_are_not_data() -> None:
    verdict = answer("chart", '{"temps": [{"city": "Oslo", "c": -3}, {"city": "Rome", "c": 12}], "unit": "C", "year": 2024, '
                              '"width": 600}', "vega-lite", {})
    assert verdict.status == "valid", verdict.reason


def test_an_asked_axis_title_that_is_not_drawn_is_refused() -> None:
    intent = "chart errors per service, x axis 'Service', y axis 'Errors': auth 12, billing 30, search 7"

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["y"]["title"] = "Count"
    assert _code(_planted(intent, plant)) == "REQUEST_NOT_HONOURED"


def test_an_axis_title_on_horizontal_bars_goes_on_the_axis_named() -> None:
    verdict = answer("chart", "horizontal bars with y axis 'Team': a 1, b 2, c 4", "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["encoding"]["y"]["title"] == "Team"  # type: ignore[index]


STACKED = "stacked bar of sales by channel — Q1: online 30 / store 20, Q2: online 35 / store 18"
GROUPED = "grouped bars of sales by channel — Q1: online 30 / store 20, Q2: online 35 / store 18"


def test_stacking_asked_but_drawn_side_by_side_is_refused() -> None:
    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["xOffset"] = {"field": "series"}
    assert _code(_planted(STACKED, plant)) == "SHAPE_NOT_ASKED"


def test_side_by_side_asked_but_drawn_stacked_is_refused() -> None:
    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"].pop("xOffset")
    assert _code(_planted(GROUPED, plant)) == "SHAPE_NOT_ASKED"


def test_an_asked_sort_that_is_not_drawn_is_refused() -> None:
    intent = "Open bugs by team, largest first: Payments 14, Search 9, Growth 21"

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["x"]["sort"] = ["Payments", "Search", "Growth"]
    assert _code(_planted(intent, plant)) == "REQUEST_NOT_HONOURED"


def test_a_decimal_comma_read_as_two_numbers_is_refused() -> None:
    intent = "Note moyenne : maths 12,5, histoire 14,25, anglais 11,75"
    rows = [{"label": "maths", "value": 12}, {"label": "histoire", "value": 14}, {"label": "anglais", "value": 11}]
    assert _check_rows(intent, rows).status == "invalid"


def test_slot_series_named_with_and_swapped_are_refused() -> None:
    intent = "side-by-side bars comparing 2023 and 2024 signups: Jan 10/14, Feb 12/15, Mar 9/18"
    swapped = {"2023": "2024", "2024": "2023"}
    rows = [{**r, "series": swapped[r["series"]]} for r in _draft(intent).artifact["data"]["values"]]  # type: ignore[index]
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_x_y_lists_in_json_drawn_as_categories_are_refused() -> None:
    intent = '{"x": [1, 2, 3, 4], "y": [2.1, 3.9, 6.2, 8.1]}'
    rows = [{"label": str(x), "value": y} for x, y in ((1, 2.1), (2, 3.9), (3, 6.2), (4, 8.1))]
    assert _code(_check_rows(intent, rows)) == "SHAPE_NOT_ASKED"


def test_a_line_drawn_because_the_subject_says_product_line_is_refused() -> None:
    intent = "units sold by product line: Home and Garden 320, Toys and Games 410, Health and Beauty 150"
    assert answer("chart", intent, "vega-lite", {}).result["mark"]["type"] == "bar"  # type: ignore[index]

    def plant(spec: dict[str, Any]) -> None:
        spec["mark"] = {"type": "line", "tooltip": True, "point": True}
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


def test_a_lone_name_after_the_last_value_is_refused() -> None:
    rows = [{"label": "Alpha", "value": 10}, {"label": "Beta", "value": 20}, {"label": "Gamma", "value": 30}]
    verdict = _check_rows("Bar chart: Alpha 10, Beta 20, Gamma 30, Delta", rows)
    assert _code(verdict) == "VALUE_MISSING" and "'Delta'" in verdict.reason["message"]  # type: ignore[index]


@pytest.mark.parametrize("marker", ["n/a", "N/A"])
def test_a_last_name_marked_not_available_is_refused_not_dropped(marker: str) -> None:
    intent = f"bar chart of NPS by country — Germany 42, France 38, Spain 51, Italy {marker}"
    rows = [{"label": "Germany", "value": 42}, {"label": "France", "value": 38}, {"label": "Spain", "value": 51}]
    verdict = _check_rows(intent, rows)  # the planted bug: Italy silently left out
    assert _code(verdict) == "VALUE_MISSING" and "Italy" in verdict.reason["message"]  # type: ignore[index]


def test_a_label_cut_out_of_a_score_is_refused() -> None:
    rows = [{"label": "Team Red 3", "value": 1}, {"label": "Team Blue 2", "value": 2}]
    assert _code(_check_rows("Scores: Team Red 3-1, Team Blue 2-2", rows)) == "LABEL_NOT_IN_INTENT"


def test_refused_stacking_is_not_a_request_for_it() -> None:
    intent = "Grouped bars of planned vs actual hours — Atlas 120 / 134, Borealis 300 / 287 (planned / actual). Side by side, not stacked."
    verdict = answer("chart", intent, "vega-lite", {})
    if verdict.status == "valid":
        assert "xOffset" in verdict.result["encoding"]  # type: ignore[index]
    draft_intent = "Q1: online 30, store 20; Q2: online 35, store 18. Grouped bars, side by side, not stacked."

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"].pop("xOffset")
    assert _code(_planted(draft_intent, plant)) == "SHAPE_NOT_ASKED"


def test_stack_as_a_verb_asks_for_stacking() -> None:
    intent = "| Month | Paid | Organic |\n|---|---|---|\n| Jan | 4,100 | 9,800 |\n| Feb | 3,900 | 10,450 |\n\nStack paid on top of organic, one bar per month."
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert "xOffset" not in verdict.result["encoding"]  # type: ignore[index]

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["xOffset"] = {"field": "series"}
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


def test_a_title_given_in_json_is_drawn_or_refused() -> None:
    intent = '{"chart_type": "bar", "title": "Deploys per team", "data": {"Payments": 41, "Identity": 17, "Growth": 29}}'
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert "Deploys per team" in json.dumps(verdict.result["title"])  # type: ignore[index]

    def plant(spec: dict[str, Any]) -> None:
        spec["title"] = {"text": ":"}
    assert _code(_planted(intent, plant)) == "REQUEST_NOT_HONOURED"


def test_a_request_in_markdown_emphasis_is_still_a_request() -> None:
    intent = "| Station | PM2.5 |\n|---|---|\n| Central | 18.4 |\n| Harbour | 22.9 |\n| Airport | 15.7 |\n\n_horizontal bars please_"
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["encoding"]["y"]["field"] == "label"  # type: ignore[index]

    def plant(spec: dict[str, Any]) -> None:
        spec["encoding"]["x"], spec["encoding"]["y"] = spec["encoding"]["y"], spec["encoding"]["x"]
    assert _code(_planted(intent, plant)) == "SHAPE_NOT_ASKED"


@pytest.mark.parametrize("intent", [
    "Daily high temperatures: Mon 21 °C, Tue 70 °F, Wed 23 °C, Thu 75 °F. Line chart.",
    "Ad spend by market: UK £120, France €95, Spain €80",
])
def test_values_in_different_units_are_refused(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert _code(verdict) == "UNITS_MIXED" and "e.g." in verdict.reason["message"]  # type: ignore[index]
    assert billed("UNITS_MIXED")  # the request asks for what one axis cannot show


def test_a_json_series_list_read_against_the_wrong_names_is_refused() -> None:
    intent = '{"days": ["Mon", "Tue", "Wed"], "metrics": {"signups": [5, 8, 6], "churn": [1, 0, 2]}}'
    rows = [{"label": "Mon", "value": 5, "series": "churn"}, {"label": "Tue", "value": 8, "series": "churn"},
            {"label": "Wed", "value": 6, "series": "churn"}, {"label": "Mon", "value": 1, "series": "signups"},
            {"label": "Tue", "value": 0, "series": "signups"}, {"label": "Wed", "value": 2, "series": "signups"}]
    assert _code(_planted(intent, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_a_thousands_group_split_in_a_pasted_sheet_is_refused() -> None:
    intent = "Warehouse      Pallets\nRotterdam      1,820\nAntwerp        1,340\nHamburg          960"
    rows = [{"label": "Rotterdam", "value": 820}, {"label": "Antwerp", "value": 340}, {"label": "Hamburg", "value": 960}]
    assert _planted(intent, _set_rows(rows)).status == "invalid"


SERIES_LISTS = "Waiting times (min) in Jan/Feb/Mar: Clinic North 34, 29, 25; Clinic South 41, 44, 38."


def test_series_lists_labelled_elsewhere_are_read_in_order() -> None:
    verdict = answer("chart", SERIES_LISTS, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    rows = {(r["series"], r["label"]): r["value"] for r in verdict.result["data"]["values"]}  # type: ignore[index]
    assert rows[("Clinic North", "Mar")] == 25 and rows[("Clinic South", "Jan")] == 41


def test_series_lists_swapped_between_series_are_refused() -> None:
    swap = {"Clinic North": "Clinic South", "Clinic South": "Clinic North"}
    rows = [{**r, "series": swap[r["series"]]} for r in _draft(SERIES_LISTS).artifact["data"]["values"]]  # type: ignore[index]
    assert _code(_planted(SERIES_LISTS, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_series_lists_shifted_by_one_label_are_refused() -> None:
    order = {"Jan": "Feb", "Feb": "Mar", "Mar": "Jan"}
    rows = [{**r, "label": order[r["label"]]} for r in _draft(SERIES_LISTS).artifact["data"]["values"]]  # type: ignore[index]
    assert _code(_planted(SERIES_LISTS, _set_rows(rows))) == "VALUE_NOT_PLACED"


def test_a_value_stated_before_its_label_in_the_subject_is_data() -> None:
    # "120 units in January" is a statement, not a phrase of the subject: a chart without it drops it.
    rows = [{"label": "Feb", "value": 130}, {"label": "Mar", "value": 140}]
    assert _code(_check_rows("Revenue of 120 units in January, then: Feb 130, Mar 140", rows, "line")) == "VALUE_MISSING"


@pytest.mark.parametrize("intent", [
    "In our 2025 survey of 1,200 staff, remote days per week: 0 days 140, 1 day 210, 2 days 380",
    "Best 400 m times this season, under-18 squad (seconds): Ana 61.2, Ben 58.9, Caz 60.4",
])
def test_the_subjects_own_numbers_are_not_data(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "valid"


def test_a_value_before_a_line_that_starts_with_a_counted_word_is_still_data() -> None:
    """Planted: the row "Zorvex, 937" left out. "937\\nbar chart" is a value, not "937 bars": a
    counted word on the next line does not explain the number away (coverage audit family)."""
    intent = "signups: Mon 34, Tue 41, Wed 29\nThu 937\nitems are daily totals"
    verdict = _planted(intent, lambda spec: spec["data"].update(values=spec["data"]["values"][:-1]))
    assert _code(verdict) == "VALUE_MISSING"
    assert "937" in verdict.reason["message"]  # type: ignore[index]


def _checked_against(drafted_from: str, intent: str, plant: Callable[[dict[str, Any]], None] | None = None) -> Verdict:
    """A drafter that read only part of `intent` (as if it were `drafted_from`), checked against all of it."""
    draft = _draft(drafted_from)
    spec = json.loads(json.dumps(draft.artifact))
    if plant is not None:
        plant(spec)
    return get_kind("chart").check(intent, replace(draft, artifact=spec), {})


def test_two_different_marks_asked_are_refused_whichever_is_drawn() -> None:
    """Planted: the drafter honours 'pie chart' and ignores 'draw it as a line chart' (or the other way)."""
    both = "pie chart of traffic: google 52, direct 23, social 10. Draw it as a line chart."
    for drafted_from in ("pie chart of traffic: google 52, direct 23, social 10",
                         "line chart of traffic: google 52, direct 23, social 10"):
        verdict = _checked_against(drafted_from, both)
        assert _code(verdict) == "SHAPE_NOT_ASKED" and "arc and a line" in verdict.reason["message"]  # type: ignore[index]
    # a hint ("over time") beside a named mark asks for nothing else
    assert answer("chart", "bar chart of sales over time: Jan 10, Feb 12, Mar 9", "vega-lite", {}).status == "valid"


def test_horizontal_bars_asked_but_another_mark_drawn_are_refused() -> None:
    intent = "Line chart of sleep: Mon 6.5, Tue 7.2, Wed 5.8. Use horizontal bars."
    verdict = _checked_against("Line chart of sleep: Mon 6.5, Tue 7.2, Wed 5.8.", intent)
    assert _code(verdict) == "SHAPE_NOT_ASKED"
    # the horizontal axis is not a request for horizontal bars
    labelled = "line chart of sleep: Mon 6.5, Tue 7.2, Wed 5.8, horizontal axis: Day"
    assert answer("chart", labelled, "vega-lite", {}).status == "valid"


def test_a_label_that_swallowed_a_value_with_a_multiplier_is_refused() -> None:
    """Planted: 'LATAM $310k Also EMEA' drawn as one label of 937, LATAM's own value dropped."""
    intent = "Revenue by region: EMEA $1.2M, APAC $860k, LATAM $310k Also EMEA 937"
    clean = "Revenue by region: EMEA $1.2M, APAC $860k, LATAM $310k, Also $937"  # a scaffold: every value in $

    def plant(spec: dict[str, Any]) -> None:
        rows = spec["data"]["values"]
        spec["data"]["values"] = [*rows[:2], {"label": "LATAM $310k Also EMEA", "value": 937}]
    verdict = _checked_against(clean, intent, plant)
    assert _code(verdict) == "LABEL_NOT_IN_INTENT" and "LATAM $310k Also EMEA" in verdict.reason["message"]  # type: ignore[index]


def test_every_asked_title_must_be_drawn() -> None:
    """Planted: of two title requests the drafter draws the first only."""
    first = 'Chart weekly signups, title it "Signups after relaunch": week 1: 310, week 2: 455, week 3: 512'
    verdict = _checked_against(first, first + ' Title it "Growth report".')
    assert _code(verdict) == "REQUEST_NOT_HONOURED" and "Growth report" in verdict.reason["message"]  # type: ignore[index]


def test_two_sort_orders_asked_are_refused() -> None:
    intent = "Sort ascending. Bar chart of response time per endpoint: search 340, login 120, checkout 410 Sort it descending."
    verdict = _checked_against("Sort ascending. Bar chart of response time per endpoint: search 340, login 120, checkout 410",
                               intent)
    assert _code(verdict) == "REQUEST_NOT_HONOURED" and "sort order" in verdict.reason["message"]  # type: ignore[index]


@pytest.mark.parametrize(("intent", "label"), [
    ("Energy use (kWh): 00:00 1.2, 06:00 2.8, 18:00 4.1 Also 00:00 937.", "18:00 4.1 Also 00:00"),
    ("Anomaly (°C): 2021 +0.38, 2022 +0.47, 2023 +0.69 Also 2019 937.", "2023 +0.69 Also 2019"),
    ("Lows: Mon −7, Tue −11, Fri −2 (°C) Also Mon 937.", "Fri −2 (°C) Also Mon"),
    ("Yes by age: 18-29 64%, 30-44 58%, 65+ 39% Also 18-29 937.", "65+ 39% Also 18-29"),
])
def test_a_label_run_across_a_value_into_the_next_statement_is_refused(intent: str, label: str) -> None:
    """Planted: the last item and the next statement drawn as one label, the last item's value dropped."""
    def plant(spec: dict[str, Any]) -> None:
        rows = spec["data"]["values"]
        spec["data"]["values"] = [*rows[:-2], {"label": label, "value": 937}]
    verdict = _checked_against(intent.split(" Also")[0].rsplit(",", 1)[0] + ", Also 937", intent, plant)
    assert _code(verdict) == "LABEL_NOT_IN_INTENT" and label in verdict.reason["message"]  # type: ignore[index]


def test_a_label_that_opens_with_the_next_statements_word_is_refused() -> None:
    """Planted: 'Also Samsung 937' drawn as a category 'Also Samsung'."""
    intent = "donut chart of share: Samsung 34, Apple 27, others 15. Also Samsung 937."

    def plant(spec: dict[str, Any]) -> None:
        spec["data"]["values"] = [*spec["data"]["values"][:-1], {"label": "Also Samsung", "value": 937}]
    verdict = _checked_against("donut chart of share: Samsung 34, Apple 27, others 15. Also 937.", intent, plant)
    assert _code(verdict) == "LABEL_NOT_IN_INTENT" and "Also Samsung" in verdict.reason["message"]  # type: ignore[index]


@pytest.mark.parametrize(("intent", "label"), [
    ("goal difference: Rovers +9, United +4, City 0, Town -11. bars Also Rovers 937.", "bars Also Rovers"),
    ("type: line | data: W1=5, W2=8, W3=6, W4=11 Also W1 937.", "W4=11 Also W1"),
    ("Errors — wk 14: 31, wk 15: 27, wk 16: 35\n* Ask Dana about the firmware Also wk 14 937.", "Ask Dana about the firmware Also wk 14"),
])
def test_a_label_run_into_the_next_statement_without_a_full_stop_is_refused(intent: str, label: str) -> None:
    def plant(spec: dict[str, Any]) -> None:
        spec["data"]["values"] = [*spec["data"]["values"][:-2], {"label": label, "value": 937}]
    verdict = _checked_against(intent.split(" Also")[0].rsplit(",", 1)[0] + ", Also 937", intent, plant)
    assert _code(verdict) == "LABEL_NOT_IN_INTENT" and label in verdict.reason["message"]  # type: ignore[index]
