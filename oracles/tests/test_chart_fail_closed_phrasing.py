"""The chart check refuses the phrasings of oracles/engine/chart/fail_closed_phrasing.py.

Eight rules, each with unit tests of the check alone (our own phrasings, faithful charts beside) and a planted
bug (a drafter making that mistake, its spec handed to the whole check):
- measured x values (a scatter or "x vs y" of "152 cm 45 kg") drawn as names;
- a when/how phrase glued on a label ("Hull yesterday") and a title that names nothing ("We had");
- items the request names ("for Oslo, Bergen, Tromsø and Bodø") left out of the chart;
- what is compared ("comparing 2023 and 2024 … by product") drawn as the categories, not the series, and
  bars "by month" / "of Q1 and Q2 visits per clinic" drawn with that dimension as the series;
- the key of a key=value spec in a label or the title ("data=tea", "type=bar; x=fruit");
- one compound quantity ("1h 20m", "2h30", "3 min 20 s", "5 ft 10 in", "7:45") split into a label and a value.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from oracles.engine import Verdict, answer, get_kind
from oracles.engine.chart.fail_closed_phrasing import _spec_key_in_name, _trailing_adverbial
from oracles.engine.chart.faithfulness import _Reader, check_faithful
from oracles.tests.test_chart_fail_closed import _check, _refused, _rows, _spec, _valid

Rows = list[dict[str, Any]]


def _series_rows(table: dict[str, list[tuple[str, float]]]) -> Rows:
    return [{"series": name, "label": label, "value": value} for name, points in table.items() for label, value in points]


def _series_spec(rows: Rows) -> dict[str, Any]:
    return {"title": {"text": "Chart"}, "data": {"values": rows}, "mark": {"type": "bar"},
            "encoding": {"x": {"field": "label", "type": "nominal"}, "xOffset": {"field": "series"},
                         "y": {"field": "value", "type": "quantitative"},
                         "color": {"field": "series", "type": "nominal"}}}


def _drafted(intent: str, spec: dict[str, Any]) -> Verdict:
    """A drafter that read `intent` and drew `spec` (the planted bug), checked as a whole."""
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    rows = spec["data"]["values"]
    pairs = spec["encoding"].get("x", {}).get("field") == "x"
    by_series: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        label, value = (row["x"], row["y"]) if pairs else (row["label"], row["value"])
        by_series.setdefault(row.get("series"), []).append({"label": label, "value": value})
    facts = json.loads(json.dumps(draft.facts))
    facts["series"] = [{"name": name, "points": points} for name, points in by_series.items()]
    facts["mark"] = spec["mark"]["type"]
    return kind.check(intent, replace(draft, artifact=spec, facts=facts), {})


def _with_title(intent: str, title: str) -> dict[str, Any]:
    spec = json.loads(json.dumps(get_kind("chart").draft(intent, "vega-lite", {}).artifact))
    spec["title"] = {"text": title}
    return spec


# ---------------------------------------------------------------------------------------------
# 1. Measured x values drawn as names


@pytest.mark.parametrize(("intent", "rows", "mark"), [
    ("Scatter of engine size and fuel economy: 1.2 L 48 mpg, 1.6 L 42 mpg, 2.0 L 36 mpg, 3.0 L 28 mpg",
     _rows(("1.2 L", 48), ("1.6 L", 42), ("2.0 L", 36), ("3.0 L", 28)), "point"),
    ("plot heater power vs water temperature: 3.5 kW 61, 5 kW 70, 7 kW 78, 9 kW 85",
     _rows(("3.5 kW", 61), ("5 kW", 70), ("7 kW", 78), ("9 kW", 85)), "bar"),
    ("dot plot of age and income: 25 yrs 31k, 35 yrs 48k, 45 yrs 60k, 55 yrs 64k",
     _rows(("25 yrs", 31000), ("35 yrs", 48000), ("45 yrs", 60000), ("55 yrs", 64000)), "point"),
    ("rent against floor area, please: 40 m² 900, 55 m² 1150, 70 m² 1400",
     _rows(("40 m²", 900), ("55 m²", 1150), ("70 m²", 1400)), "line"),
])
def test_measured_x_values_drawn_as_names_are_refused(intent: str, rows: Rows, mark: str) -> None:
    refusal = _check(intent, rows, mark=mark)
    assert refusal is not None and refusal[0] == "SHAPE_NOT_ASKED", refusal  # "against": also the older x/y-axes rule


@pytest.mark.parametrize("intent", [
    "bar chart of flats by size: 1 bedroom 40, 2 bedrooms 55, 3 bedrooms 20",
    "Ratings: 1 star 4, 2 stars 9, 3 stars 20, 4 stars 41",
    "scatter of height against weight: (152, 45), (160, 52), (168, 61)",
])
def test_named_counts_and_true_pairs_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_measured_x_as_names_is_refused() -> None:
    intent = "scatter of height (cm) against weight (kg): (152, 45), (160, 52), (168, 61), (175, 70)"
    rows = _rows(("152 cm", 45), ("160 cm", 52), ("168 cm", 61), ("175 cm", 70))
    verdict = _drafted(intent, _spec(rows, mark="point"))
    assert verdict.status == "invalid", verdict  # the label '152 cm' is not a phrase here: refused by grounding first
    intent = "Scatter of engine size and fuel economy: 1.2 L 48 mpg, 1.6 L 42 mpg, 2.0 L 36 mpg"
    _refused(_drafted(intent, _spec(_rows(("1.2 L", 48), ("1.6 L", 42), ("2.0 L", 36)), mark="point")),
             "SHAPE_NOT_ASKED", "'1.2 L'", "drawn as names")


# ---------------------------------------------------------------------------------------------
# 2. A when/how phrase glued on a label; a title that names nothing


@pytest.mark.parametrize(("intent", "rows"), [
    ("we logged 14 for Ana, 11 for Ben and 9 for Cleo so far", _rows(("Ana", 14), ("Ben", 11), ("Cleo so far", 9))),
    ("there were 8 from Leeds, 5 from York and 3 from Hull yesterday",
     _rows(("Leeds", 8), ("York", 5), ("Hull yesterday", 3))),
    ("chart it: 400 from bake sales, 250 from raffles and 90 from donations this year",
     _rows(("bake sales", 400), ("raffles", 250), ("donations this year", 90))),
    ("Ticket counts - 31 from email, 12 from chat and 7 from phone in total",
     _rows(("email", 31), ("chat", 12), ("phone in total", 7))),
    ("downloads: 510 on iOS, 430 on Android each month", _rows(("iOS", 510), ("Android each month", 430))),
])
def test_a_when_phrase_glued_on_a_label_is_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)  # "phone in total" is also refused as a total beside its parts
    assert refusal is not None and refusal[0] in {"LABEL_NOT_IN_INTENT", "VALUE_NOT_PLACED"}, refusal


@pytest.mark.parametrize("intent", [
    "Revenue last year 40, revenue this year 55",
    "there were 8 from Leeds, 5 from York and 3 from Hull",
    "How often do you exercise? Twice a day 14, Once a week 52, Never 20",
])
def test_labels_told_apart_by_their_own_period_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_a_period_qualified_by_a_when_phrase_passes_this_rule() -> None:
    rows = [{"series": "2023", "label": "Jan", "value": 10}, {"series": "2023", "label": "Feb", "value": 12},
            {"series": "2024 so far", "label": "Jan", "value": 11}, {"series": "2024 so far", "label": "Feb", "value": 14}]
    reader = _Reader("2023: Jan 10, Feb 12; 2024 so far: Jan 11, Feb 14", _series_spec(rows), rows)
    assert _trailing_adverbial(reader, {}, set()) is None


def test_planted_when_phrase_on_a_label_is_refused() -> None:
    intent = "there were 8 from Leeds, 5 from York and 3 from Hull yesterday"
    _refused(_drafted(intent, _spec(_rows(("Leeds", 8), ("York", 5), ("Hull yesterday", 3)))),
             "LABEL_NOT_IN_INTENT", "'Hull yesterday'", "'yesterday'")


@pytest.mark.parametrize("title", ["We had", "There were", "I got", "They have"])
def test_planted_title_that_names_nothing_is_refused(title: str) -> None:
    intent = "signups by source: Google 120, ads 45, newsletter 33"
    _refused(_drafted(intent, _with_title(intent, title)), "REQUEST_NOT_HONOURED", f"'{title}'", "names nothing")


def test_a_title_cut_from_a_sentence_start_is_not_drafted() -> None:
    intent = "we had 120 visits from Google, 45 from Bing and 33 from DuckDuckGo, chart that"
    spec = get_kind("chart").draft(intent, "vega-lite", {}).artifact
    assert (spec.get("title") or {}).get("text", "").casefold() not in {"we had", "we"}


@pytest.mark.parametrize("intent", [
    "chart: Berlin 3.6M people, Paris 2.1M people, Rome 2.8M people",
    "Can you visualize the following CSV?\ncity,pop\nOslo,0.7\nBergen,0.29\nTromsø,0.08",
    'Build a bar chart. x: ["north", "south", "east"], y: [4, 7, 5]',
    "Plot this data please: Mon 34, Tue 41, Wed 29",
    "bar chart with two bars: income 1.2M and spend 800k",
])
def test_a_chart_with_no_subject_is_drawn_without_a_title_that_names_nothing(intent: str) -> None:
    # no title rather than one that names nothing ("Chart", "Following CSV?", "Y" of a JSON key); a header may name it
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    title = (verdict.result.get("title") or {}).get("text", "")  # type: ignore[union-attr]
    assert title in ("", "Pop"), title


def test_an_asked_title_is_drawn_even_if_it_names_little() -> None:
    verdict = answer("chart", "bar chart titled 'The data': Mon 34, Tue 41, Wed 29", "vega-lite", {})
    assert verdict.status == "valid" and verdict.result["title"]["text"] == "The data"  # type: ignore[index]


# ---------------------------------------------------------------------------------------------
# 3. Items the request names, left out


@pytest.mark.parametrize(("intent", "rows"), [
    ("Chart visitors for Oslo, Bergen, Tromsø and Bodø: Oslo 540, Bergen 310; the rest have no counts yet",
     _rows(("Oslo", 540), ("Bergen", 310))),
    ("Plot scores of Ana, Ben, Cleo, and Dev. Ana 7, Ben 9, Cleo 6.", _rows(("Ana", 7), ("Ben", 9), ("Cleo", 6))),
    ("Bars for apples, pears, plums or cherries - apples 12 and pears 8 (plums unknown)",
     _rows(("apples", 12), ("pears", 8))),
])
def test_named_items_left_out_are_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] in {"REQUEST_NOT_HONOURED", "VALUE_MISSING"}, refusal


def test_the_refusal_names_the_items_left_out() -> None:
    refusal = _check("Plot scores of Ana, Ben, Cleo, and Dev. Ana 7, Ben 9, Cleo 6.",
                     _rows(("Ana", 7), ("Ben", 9), ("Cleo", 6)))
    assert refusal is not None and refusal[0] == "REQUEST_NOT_HONOURED" and "'Dev'" in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "pie of browser share across Chrome, Safari, Firefox and Edge: Chrome 64, Safari 19, Firefox 9, Edge 8",
    "Signups for Mon, Tue, Wed and Thu: Mon 3, Tue 4, Wed 5, Thu 6",
])
def test_every_named_item_drawn_stays_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_named_item_left_out_is_refused() -> None:
    intent = "Make a bar chart of calls for Ana, Ben, Cleo and Dev. Ana was 20, Ben 14."
    _refused(_drafted(intent, _spec(_rows(("Ana", 20), ("Ben", 14))), ), "REQUEST_NOT_HONOURED", "'Cleo', 'Dev'")


# ---------------------------------------------------------------------------------------------
# 4. What is compared, drawn as the categories


_PRODUCTS = "Grouped bars comparing 2023 and 2024 revenue by product:\nWidgets: 2023 = 40, 2024 = 52\nGadgets: 2023 = 31, 2024 = 29"
_CHANNELS = "Q1 vs Q2 signups per channel:\nemail: Q1 = 120, Q2 = 140\nads: Q1 = 80, Q2 = 95"


@pytest.mark.parametrize(("intent", "transposed"), [
    (_PRODUCTS, {"Widgets": [("2023", 40), ("2024", 52)], "Gadgets": [("2023", 31), ("2024", 29)]}),
    (_CHANNELS, {"email": [("Q1", 120), ("Q2", 140)], "ads": [("Q1", 80), ("Q2", 95)]}),
    ("Side-by-side: March versus April bookings per hotel:\nAster: March = 61, April = 70\nBirch: March = 44, April = 52",
     {"Aster": [("March", 61), ("April", 70)], "Birch": [("March", 44), ("April", 52)]}),
])
def test_compared_items_drawn_as_categories_are_refused(intent: str, transposed: dict[str, list[tuple[str, float]]]) -> None:
    rows = _series_rows(transposed)
    refusal = check_faithful_series(intent, rows)
    assert refusal is not None and refusal[0] == "SHAPE_NOT_ASKED" and "compares" in refusal[1], refusal


def check_faithful_series(intent: str, rows: Rows) -> tuple[str, str] | None:
    return check_faithful(intent, _series_spec(rows), rows)


def test_compared_items_drawn_as_series_pass_this_rule() -> None:
    rows = _series_rows({"2023": [("Widgets", 40), ("Gadgets", 31)], "2024": [("Widgets", 52), ("Gadgets", 29)]})
    refusal = check_faithful_series(_PRODUCTS, rows)
    assert refusal is None or "compares" not in refusal[1], refusal
    assert _valid("2023 vs 2024: Jan 10/12, Feb 11/14, Mar 9/13")


def test_planted_transposed_comparison_is_refused() -> None:
    rows = _series_rows({"Widgets": [("2023", 40), ("2024", 52)], "Gadgets": [("2023", 31), ("2024", 29)]})
    _refused(_drafted(_PRODUCTS, _series_spec(rows)), "SHAPE_NOT_ASKED", "compares '2023' and '2024'")


@pytest.mark.parametrize(("intent", "transposed"), [
    ("Grouped bars of 2022 and 2023 sales by region:\nNorth: 2022 = 1,200, 2023 = 1,450\nSouth: 2022 = 980, 2023 = 1,020",
     {"North": [("2022", 1200), ("2023", 1450)], "South": [("2022", 980), ("2023", 1020)]}),
    ("bar chart of Q1 and Q2 visits per clinic:\nAsh: Q1 = 40, Q2 = 52\nElm: Q1 = 31, Q2 = 29",
     {"Ash": [("Q1", 40), ("Q2", 52)], "Elm": [("Q1", 31), ("Q2", 29)]}),
    ("Bars of bookings by month for Aster and Birch:\nJan: Aster = 61, Birch = 70\nFeb: Aster = 44, Birch = 52",
     {"Jan": [("Aster", 61), ("Birch", 70)], "Feb": [("Aster", 44), ("Birch", 52)]}),
])
def test_the_by_dimension_drawn_as_series_is_refused(intent: str, transposed: dict[str, list[tuple[str, float]]]) -> None:
    refusal = check_faithful_series(intent, _series_rows(transposed))  # months as series: no series slots either
    assert refusal is not None and refusal[0] in {"SHAPE_NOT_ASKED", "VALUE_NOT_PLACED"}, refusal


def test_a_split_by_dimension_over_periods_passes_this_rule() -> None:
    intent = "stacked bar of sales by channel — Q1: online 30 / store 20, Q2: online 35 / store 18"
    rows = _series_rows({"online": [("Q1", 30), ("Q2", 35)], "store": [("Q1", 20), ("Q2", 18)]})
    refusal = check_faithful_series(intent, rows)
    assert refusal is None or "transposed" not in refusal[1], refusal


def test_a_colour_per_period_names_the_series_and_passes_this_rule() -> None:
    intent = "team,2024,2025\nRed,14,18\nBlue,9,12\nGreen,21,19\n\nbars with a colour per year please"
    rows = _series_rows({"2024": [("Red", 14), ("Blue", 9), ("Green", 21)], "2025": [("Red", 18), ("Blue", 12), ("Green", 19)]})
    refusal = check_faithful_series(intent, rows)
    assert refusal is None or "transposed" not in refusal[1], refusal


def test_the_by_dimension_along_x_passes_this_rule() -> None:
    intent = "Bars of bookings by month for Aster and Birch:\nJan: Aster = 61, Birch = 70\nFeb: Aster = 44, Birch = 52"
    rows = _series_rows({"Aster": [("Jan", 61), ("Feb", 44)], "Birch": [("Jan", 70), ("Feb", 52)]})
    refusal = check_faithful_series(intent, rows)
    assert refusal is None or "transposed" not in refusal[1], refusal


def test_planted_by_dimension_as_series_is_refused() -> None:
    intent = "Grouped bars of 2022 and 2023 sales by region:\nNorth: 2022 = 1,200, 2023 = 1,450\nSouth: 2022 = 980, 2023 = 1,020"
    rows = _series_rows({"North": [("2022", 1200), ("2023", 1450)], "South": [("2022", 980), ("2023", 1020)]})
    _refused(_drafted(intent, _series_spec(rows)), "SHAPE_NOT_ASKED", "by region", "transposed")


# ---------------------------------------------------------------------------------------------
# 5. The key of a key=value spec in a label or the title


@pytest.mark.parametrize(("intent", "rows"), [
    ("kind=bar; data=tea:40,coffee:35,water:25", _rows(("data=tea", 40), ("coffee", 35), ("water", 25))),
    ("mark=bar values=red:4,blue:7,green:2", _rows(("values=red", 4), ("blue", 7), ("green", 2))),
    ("bar | values: red 4, blue 7, green 2", _rows(("values: red", 4), ("blue", 7), ("green", 2))),
    ("points = mon:5, tue:8, wed:6", _rows(("points = mon", 5), ("tue", 8), ("wed", 6))),
])
def test_a_spec_key_in_a_label_is_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT", refusal


def test_planted_spec_key_in_a_label_is_refused() -> None:
    intent = "kind=pie; data=tea:40,coffee:35,water:25"
    spec = _with_title(intent, "Drinks")
    spec["data"]["values"] = _rows(("data=tea", 40), ("coffee", 35), ("water", 25))
    _refused(_drafted(intent, spec), "LABEL_NOT_IN_INTENT", "'data=tea'", "key=value")


def test_planted_spec_as_title_is_refused() -> None:
    intent = "chart type=bar; x=fruit; y=kg sold; data=apple:34,banana:51,orange:27"
    spec = _with_title(intent, "Type=bar; x=fruit; y=kg sold")
    spec["data"]["values"] = _rows(("apple", 34), ("banana", 51), ("orange", 27))
    _refused(_drafted(intent, spec), "LABEL_NOT_IN_INTENT", "key=value spec")


def test_a_title_naming_one_axis_passes_this_rule() -> None:
    intent = "dot plot, x = age (years), y = reaction time (ms): (20, 310), (30, 325), (40, 347)"
    spec = _with_title(intent, "X = age")
    rows = spec["data"]["values"]
    assert _check_spec_key(intent, spec, rows) is None


def _check_spec_key(intent: str, spec: dict[str, Any], rows: Rows) -> tuple[str, str] | None:
    return _spec_key_in_name(_Reader(intent, spec, rows), {}, set())


# ---------------------------------------------------------------------------------------------
# 6. One compound quantity split into a label and a value


@pytest.mark.parametrize(("intent", "rows"), [
    ("Flight times: Paris 1h 20m, Rome 2h 5m, Oslo 55 min", _rows(("Paris 1h", 20), ("Rome 2h", 5), ("Oslo", 55))),
    ("Battery life: phone A 2h30, phone B 3h15, phone C 4h10", _rows(("phone A", 2), ("phone B", 3), ("phone C", 4))),
    ("lap times - Ana 3 min 20 s; Ben 2 min 58 s; Cleo 4 min 2 s",
     _rows(("Ana 3 min", 20), ("Ben 2 min", 58), ("Cleo 4 min", 2))),
    ("heights: Mia 5 ft 3 in, Leo 6 ft 1 in, Ava 5 ft 8 in", _rows(("Mia 5 ft", 3), ("Leo 6 ft", 1), ("Ava 5 ft", 8))),
    ("mile pace: Mon 7:45, Tue 8:02, Wed 7:58", _rows(("Mon 7", 45), ("Tue 8", 2), ("Wed 7", 58))),
    ("build took 1 hour and 5 minutes, test 2 hours and 10 minutes, deploy 0 hours and 40 minutes",
     _rows(("build", 1), ("test", 2), ("deploy", 0))),
])
def test_a_split_compound_quantity_is_refused(intent: str, rows: Rows) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and refusal[0] in {"VALUE_NOT_PLACED", "LABEL_NOT_IN_INTENT", "VALUE_MISSING"}, refusal


@pytest.mark.parametrize("intent", [
    "Flight times in minutes: Paris 80, Rome 125, Oslo 55",
    "durations: build 2h, test 3h, deploy 1h",
])
def test_single_unit_durations_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_split_duration_is_refused() -> None:
    intent = "Commute by mode: Car 1h 5m, Bus 48 min, Bike 32 min"
    _refused(_drafted(intent, _spec(_rows(("Car 1h", 5), ("Bus", 48), ("Bike", 32)))), "VALUE_NOT_PLACED", "'1h 5m'")
