"""Numbers as people write them, by notation family: each is read exactly, or refused with a rewrite
when it reads two ways, and the faithfulness check catches a wrong reading on its own (planted
charts checked against the intent, without the drafter)."""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine import answer
from oracles.engine.chart.faithfulness import check_faithful
from oracles.engine.chart.spec import build_spec, data_rows

Point = tuple[Any, ...]


def _points(spec: dict[str, Any]) -> list[Point]:
    out: list[Point] = []
    for row in spec["data"]["values"]:
        label, value = (row["x"], row["y"]) if "x" in row else (row["label"], row["value"])
        out.append((label, value, row["series"]) if "series" in row else (label, value))
    return out


def _drawn(intent: str) -> dict[str, Any]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, dict)
    return verdict.result


def _refused(intent: str) -> dict[str, Any]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.result is None, verdict.status
    assert verdict.reason is not None
    return verdict.reason


def _planted(intent: str, points: list[Point], mark: str = "bar", pairs: bool = False,
             horizontal: bool = False) -> tuple[str, str] | None:
    """The faithfulness check alone on a chart drawn with exactly these points."""
    series: dict[Any, list[dict[str, Any]]] = {}
    for point in points:
        series.setdefault(point[2] if len(point) > 2 else None, []).append({"label": point[0], "value": point[1]})
    facts = {"series": [{"name": name, "points": pts} for name, pts in series.items()], "pairs": pairs, "mark": mark,
             "orientation": "horizontal" if horizontal else "vertical", "arrangement": None, "donut": False,
             "title": "Chart", "x_title": None, "y_title": None, "sort": None, "unit": None}
    spec = build_spec(facts)
    return check_faithful(intent, spec, data_rows(facts))


# ---------------------------------------------------------------------------------------------
# Thousands separators other than the comma

@pytest.mark.parametrize(("intent", "points"), [
    ("Members per club: Basel 12'400, Luzern 9'050, Thun 3'775",
     [("Basel", 12400), ("Luzern", 9050), ("Thun", 3775)]),
    ("Rentals by depot — Chur 1’250, Sion 980, Aarau 2’040",
     [("Chur", 1250), ("Sion", 980), ("Aarau", 2040)]),
    ("Visitors per museum: Orsay 3\u202f270\u202f000, Rodin 720\u202f500, Cluny 310\u202f400",
     [("Orsay", 3_270_000), ("Rodin", 720_500), ("Cluny", 310_400)]),
    ("Ferry passengers: Bergen 41\u00a0200, Molde 9\u00a0870, Ålesund 15\u00a0030",
     [("Bergen", 41200), ("Molde", 9870), ("Ålesund", 15030)]),
    ("Inhabitants by town: Aarhus 285 273, Odense 180 302, Aalborg 119 080",
     [("Aarhus", 285273), ("Odense", 180302), ("Aalborg", 119080)]),
    ("Team budgets: Ops €1 200, Dev €3 450, QA €900", [("Ops", 1200), ("Dev", 3450), ("QA", 900)]),
    ("Sales by state: Kerala 1,23,456, Goa 98,765, Punjab 12,34,567",
     [("Kerala", 123456), ("Goa", 98765), ("Punjab", 1234567)]),
])
def test_grouped_thousands_are_one_number(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize("intent", [
    "Passengers per line: Alder 289 330, Birch 212 660",
    "Orders per dock, North 12 450, South 14 300, East 19 275",
])
def test_a_space_between_digits_with_no_sign_of_grouping_is_refused_with_a_rewrite(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and "e.g." in reason["message"]


@pytest.mark.parametrize(("intent", "points"), [
    ("Signups: Week 1 450, Week 2 520, Week 3 610", [("Week 1", 450), ("Week 2", 520), ("Week 3", 610)]),
    ("Scores: Team 1 100, Team 2 250, Team 3 175", [("Team 1", 100), ("Team 2", 250), ("Team 3", 175)]),
])
def test_a_numbered_label_before_its_value_is_not_a_thousands_group(intent: str, points: list[Point]) -> None:
    assert sorted(_points(_drawn(intent))) == sorted(points)


@pytest.mark.parametrize(("intent", "points"), [
    # the label keeps the first group of a number split at a plain space
    ("Passengers: Alder 289 330, Birch 212 660", [("Alder 289", 330), ("Birch 212", 660)]),
    ("Walkers per trail: Ridge 41 200, Valley 18 950", [("Ridge 41", 200), ("Valley 18", 950)]),
    # or at an apostrophe
    ("Students per canton: Vaud 48'200, Jura 5'950", [("Vaud 48", 200), ("Jura 5", 950)]),
    # or at a no-break space, read as one number by the check
    ("Visitors: Orsay 3\u202f270, Rodin 720", [("Orsay 3", 270), ("Rodin", 720)]),
])
def test_the_check_refuses_a_number_split_at_its_thousands_separator(intent: str, points: list[Point]) -> None:
    refusal = _planted(intent, points)
    assert refusal is not None and refusal[0] in ("LABEL_NOT_IN_INTENT", "VALUE_NOT_IN_INTENT")


# ---------------------------------------------------------------------------------------------
# Accounting negatives

@pytest.mark.parametrize(("intent", "points"), [
    ("Variance by department, accounting format: Legal (1,250), Support 800, IT (95), Facilities 40",
     [("Legal", -1250), ("Support", 800), ("IT", -95), ("Facilities", 40)]),
    ("Net result per shop, accounting format — Leeds (3,400), York (120), Hull (75)",
     [("Leeds", -3400), ("York", -120), ("Hull", -75)]),
    ("Quarterly P&L (negatives in brackets): Q1 $2,300, Q2 ($1,100), Q3 $900",
     [("Q1", 2300), ("Q2", -1100), ("Q3", 900)]),
    ("dept\tvariance\nOps\t(1,200)\nSales\t300\nHR\t(45)",
     [("Ops", -1200), ("Sales", 300), ("HR", -45)]),
])
def test_bracketed_values_are_negative_where_the_intent_says_accounting_or_in_a_cell(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize("intent", [
    "Variance by department: Legal (1,250), Support 800, IT (95), Facilities 40",
    "Quarterly P&L: Q1 $2,300, Q2 ($1,100), Q3 $900",
])
def test_brackets_on_some_values_only_are_refused_without_the_word_accounting(intent: str) -> None:
    # A loss, or a value merely wrapped? Guessing a sign would be a wrong valid half the time.
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason is not None and verdict.reason["code"] == "UNREADABLE_INTENT"
    assert "accounting" in verdict.reason["message"] or "bracket" in verdict.reason["message"]


def test_values_all_in_brackets_are_not_made_negative() -> None:
    verdict = answer("chart", "replies by channel: email (340), phone (120), chat (95)", "vega-lite", {})
    if verdict.status == "valid":
        assert all(value > 0 for _, value in _points(verdict.result))  # type: ignore[arg-type]


@pytest.mark.parametrize(("intent", "points"), [
    ("Variance, negatives in brackets: Legal (1,250), Support 800, IT (95)", [("Legal", 1250), ("Support", 800), ("IT", 95)]),
    ("Net result per shop, accounting format — Leeds (3,400), York (120)", [("Leeds", 3400), ("York", 120)]),
])
def test_the_check_refuses_an_accounting_negative_drawn_positive(intent: str, points: list[Point]) -> None:
    refusal = _planted(intent, points)
    assert refusal is not None and refusal[0] == "VALUE_NOT_IN_INTENT"


# ---------------------------------------------------------------------------------------------
# Multiplier suffixes: k, M, bn, and a lowercase m that may be million or metres

@pytest.mark.parametrize(("intent", "points"), [
    ("Funding by round: Angel £400k, Series A £6.5m, Series B £21m",
     [("Angel", 400_000), ("Series A", 6_500_000), ("Series B", 21_000_000)]),
    ("Grants awarded — Arts $1.2 m, Science $3 m, Sport $0.8 m",
     [("Arts", 1_200_000), ("Science", 3_000_000), ("Sport", 800_000)]),
    ("Installs per store: App Store 750k, Play 1.4m, Web 90k",
     [("App Store", 750_000), ("Play", 1_400_000), ("Web", 90_000)]),
    ("Mast heights: North 12m, South 15m, West 9m", [("North", 12), ("South", 15), ("West", 9)]),
])
def test_a_lowercase_m_is_million_with_money_or_other_multipliers_and_metres_with_lengths(
        intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize("intent", [
    "tower 8.3m, mast 4.1m, pylon 2.9m",
    "Kiruna 3.2m, Luleå 1.9m, Umeå 2.4m — bars",
])
def test_a_glued_m_that_reads_two_ways_is_refused_with_a_rewrite(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNREADABLE_INTENT" and "million" in reason["message"] and "e.g." in reason["message"]


@pytest.mark.parametrize(("intent", "points"), [
    ("Funding by round: Angel £400k, Series A £6.5m, Series B £21m", [("Angel", 400_000), ("Series A", 6.5), ("Series B", 21)]),
    ("Grants — Arts $1.2 m, Science $3 m", [("Arts", 1.2), ("Science", 3)]),
])
def test_the_check_refuses_a_million_read_as_units(intent: str, points: list[Point]) -> None:
    refusal = _planted(intent, points)
    assert refusal is not None and refusal[0] == "VALUE_NOT_IN_INTENT"


# ---------------------------------------------------------------------------------------------
# Identifiers are not data; a first label is not cut out of a longer name

@pytest.mark.parametrize(("intent", "points"), [
    ("Re incident INC-2231, plot error counts for api-1 14, api-2 9, api-3 22",
     [("api-1", 14), ("api-2", 9), ("api-3", 22)]),
    ("Following up on JIRA-88: open bugs per squad — Falcon 12, Heron 7, Osprey 19",
     [("Falcon", 12), ("Heron", 7), ("Osprey", 19)]),
])
def test_the_number_of_an_identifier_is_not_a_value(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize(("intent", "points"), [
    ("Re incident INC-2231, plot error counts for api-1 14, api-2 9",
     [("Re incident INC", 2231), ("plot error counts for api-1", 14), ("api-2", 9)]),
    ("Per ticket OPS-4417: db-01 78, db-02 91", [("Per ticket OPS", 4417), ("db-01", 78), ("db-02", 91)]),
])
def test_the_check_refuses_an_identifier_drawn_as_a_value(intent: str, points: list[Point]) -> None:
    assert _planted(intent, points) is not None


@pytest.mark.parametrize(("intent", "points"), [
    ("new york city 8.3M, los angeles 3.9M, san antonio 1.5M",
     [("york city", 8_300_000), ("los angeles", 3_900_000), ("san antonio", 1_500_000)]),
    ("rio de janeiro 6.7M, sao paulo 12.3M, belo horizonte 2.5M",
     [("de janeiro", 6_700_000), ("sao paulo", 12_300_000), ("belo horizonte", 2_500_000)]),
])
def test_the_check_refuses_a_first_label_cut_out_of_a_longer_name(intent: str, points: list[Point]) -> None:
    refusal = _planted(intent, points)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT"


@pytest.mark.parametrize(("intent", "points"), [
    ("rating per app version v1 3.9, v2 4.1, v3 4.4", [("v1", 3.9), ("v2", 4.1), ("v3", 4.4)]),
    ("revenue north 120, south 95, east 80", [("east", 80), ("north", 120), ("south", 95)]),
    ("bugs frontend 12, backend 7, infra 3", [("backend", 7), ("frontend", 12), ("infra", 3)]),
])
def test_a_subject_runs_into_a_first_label_as_short_as_the_others(intent: str, points: list[Point]) -> None:
    assert sorted(_points(_drawn(intent))) == points


# ---------------------------------------------------------------------------------------------
# The asked shape said in other words

@pytest.mark.parametrize("intent", [
    "Loans by shelf, bars running left to right: Poetry 320, Travel 540, Cookery 410",
    "Bar chart with the categories on the y axis: Poetry 320, Travel 540, Cookery 410",
    "bars going across, names down the left — Poetry 320, Travel 540, Cookery 410",
])
def test_horizontal_bars_said_by_where_they_run(intent: str) -> None:
    spec = _drawn(intent)
    assert spec["encoding"]["y"]["field"] == "label" and spec["encoding"]["x"]["type"] == "quantitative"
    assert _planted(intent, _points(spec), mark="bar") is not None  # drawn upright instead: refused


@pytest.mark.parametrize("intent", [
    '[{"load": 10, "latency": 120}, {"load": 20, "latency": 180}, {"load": 40, "latency": 390}] — line of latency against load',
    "a line of output for input: (1, 3), (2, 5), (4, 9)",
])
def test_a_line_of_asks_for_a_line(intent: str) -> None:
    spec = _drawn(intent)
    assert spec["mark"]["type"] == "line"
    assert _planted(intent, _points(spec), mark="point", pairs=True) is not None


@pytest.mark.parametrize(("intent", "pairs"), [
    ("Plot salary (y) against years of experience (x): 1 yr 42k, 3 yrs 51k, 5 yrs 63k",
     [(1, 42_000), (3, 51_000), (5, 63_000)]),
    ("time on the y axis, distance on the x axis: 5 km 21, 10 km 44, 21 km 98", [(5, 21), (10, 44), (21, 98)]),
])
def test_measured_labels_with_the_axes_named_are_x_y_pairs(intent: str, pairs: list[Point]) -> None:
    spec = _drawn(intent)
    assert sorted(_points(spec)) == pairs and spec["mark"]["type"] == "point"
    as_categories = [(f"{x} {'yr' if 'yr' in intent else 'km'}", y) for x, y in pairs]
    refusal = _planted(intent, as_categories)
    assert refusal is not None and refusal[0] in ("SHAPE_NOT_ASKED", "LABEL_NOT_IN_INTENT")


def test_star_ratings_asked_as_bars_stay_categories() -> None:
    points = _points(_drawn("bar chart of reviews against rating: 1 star 20, 2 stars 45, 3 stars 80"))
    assert sorted(points) == [("1 star", 20), ("2 stars", 45), ("3 stars", 80)]


@pytest.mark.parametrize("intent", [
    "Units sold\n          Apr   May   Jun\nKettle     40    52    61\nToaster    33    29    35\nline chart, one line per product",
    "store,Jan,Feb,Mar\nNorth,5,7,9\nSouth,4,6,3\nas a line chart",
])
def test_a_line_over_a_grid_with_time_columns_runs_along_the_times(intent: str) -> None:
    spec = _drawn(intent)
    drawn = _points(spec)
    assert {p[2] for p in drawn} <= {"Kettle", "Toaster", "North", "South"}
    transposed = [(p[2], p[1], p[0]) for p in drawn]
    assert _planted(intent, transposed, mark="line") is not None


# ---------------------------------------------------------------------------------------------
# What a chart cannot honour

@pytest.mark.parametrize("intent", [
    "pie, market share: Acme 60%, Globex 50%, Initech 30%",
    "donut of budget split — Rent 45%, Staff 40%, Stock 35%",
])
def test_parts_that_add_up_to_more_than_the_whole_are_refused(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] == "UNSUPPORTED_CHART" and "%" in reason["message"]


def test_the_check_refuses_a_pie_whose_shares_exceed_the_whole() -> None:
    refusal = _planted("pie: Acme 60%, Globex 50%, Initech 30%", [("Acme", 60), ("Globex", 50), ("Initech", 30)], mark="arc")
    assert refusal is not None and refusal[0] == "UNSUPPORTED_CHART"


def test_rounded_shares_a_little_over_100_are_a_pie() -> None:
    assert len(_points(_drawn("pie: Tea 33.4%, Coffee 33.3%, Water 33.4%"))) == 3


@pytest.mark.parametrize("intent", [
    "Sales Jan 10, Feb 12, Mar 14. Chart them with the projected values through December filled in.",
    "Visitors Mon 120, Tue 135, Wed 150 — extrapolate to Sunday",
    "Plot Q1 40, Q2 44, Q3 47 and forecast Q4",
    "revenue 2021 1.2M, 2022 1.5M, 2023 1.9M, add a trend line",
    "Signups Jan 30, Mar 42 — estimate the missing month",
])
def test_a_request_for_values_the_intent_does_not_give_is_refused(intent: str) -> None:
    reason = _refused(intent)
    assert reason["code"] in ("REQUEST_NOT_HONOURED", "UNREADABLE_INTENT")


@pytest.mark.parametrize(("intent", "points"), [
    ("Forecast vs actual sales: Q1 10/12, Q2 11/13",
     [("Q1", 10, "Forecast"), ("Q2", 11, "Forecast"), ("Q1", 12, "actual"), ("Q2", 13, "actual")]),
    ("Projected revenue by region: North 120, South 95", [("North", 120), ("South", 95)]),
])
def test_forecasts_the_intent_states_are_data(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


# ---------------------------------------------------------------------------------------------
# Decimal commas, with dotted thousands or items split by something other than a comma

@pytest.mark.parametrize(("intent", "points"), [
    ("Kosten je Standort: Bonn 2.310,75 · Köln 845,10 · Essen 1.002,00",
     [("Bonn", 2310.75), ("Köln", 845.1), ("Essen", 1002)]),
    ("Oxygen, they log with commas: tank A 8,4 / tank B 7,9 / tank C 9,1",
     [("tank A", 8.4), ("tank B", 7.9), ("tank C", 9.1)]),
    ("Glucose, line please: 07:00 5,4 — 11:00 6,8 — 15:00 6,1", [("07:00", 5.4), ("11:00", 6.8), ("15:00", 6.1)]),
])
def test_decimal_commas_are_read_where_no_comma_separates_items(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


def test_a_path_keeps_its_slash_and_a_separating_slash_is_no_label() -> None:
    assert sorted(_points(_drawn("Bar chart of hits per page: /home 340, /docs 120, /blog 95"))) == \
        [("/blog", 95), ("/docs", 120), ("/home", 340)]
    intent = "Oxygen, they log with commas: tank A 8,4 / tank B 7,9 / tank C 9,1"
    refusal = _planted(intent, [("tank A", 8.4), ("/ tank B", 7.9), ("/ tank C", 9.1)])
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT"


def test_the_check_refuses_a_european_number_read_in_pieces() -> None:
    intent = "Kosten je Standort: Bonn 2.310,75 · Köln 845,10 · Essen 1.002,00"
    refusal = _planted(intent, [("Bonn", 2.31), ("Köln", 845.1), ("Essen", 1.002)])
    assert refusal is not None and refusal[0] == "VALUE_NOT_IN_INTENT"


# ---------------------------------------------------------------------------------------------
# Shares written before what they are of; numbers that name the subject

@pytest.mark.parametrize(("intent", "points"), [
    ("Time spent as a donut: 55 % coding, 25 % meetings, 20 % review",
     [("coding", 55), ("meetings", 25), ("review", 20)]),
    ("pie of the fleet: 70% diesel, 20% electric, 10% hybrid", [("diesel", 70), ("electric", 20), ("hybrid", 10)]),
    ("Votes as a pie: 48 percent yes, 41 percent no, 11 percent undecided",
     [("yes", 48), ("no", 41), ("undecided", 11)]),
])
def test_a_share_before_its_name_is_a_value_first_item(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize(("intent", "points"), [
    ("How is the 2024 marketing budget split? Search 40%, social 35%, print 25%. Pie.",
     [("Search", 40), ("social", 35), ("print", 25)]),
    ("Desk temps in Wing 3 of Block 7 (°C): Desk 12 20.5, Desk 14 21.9, Desk 30 19.4",
     [("Desk 12", 20.5), ("Desk 14", 21.9), ("Desk 30", 19.4)]),
])
def test_a_number_that_names_the_subject_is_not_data(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


def test_the_check_still_refuses_a_subject_number_drawn_as_data() -> None:
    intent = "Desk temps in Wing 3 of Block 7 (°C): Desk 12 20.5, Desk 14 21.9"
    refusal = _planted(intent, [("Block", 7), ("Desk 12", 20.5), ("Desk 14", 21.9)])
    assert refusal is not None


# ---------------------------------------------------------------------------------------------
# Separators and pair notations around numbers

@pytest.mark.parametrize(("intent", "points"), [
    ("App ratings for v2.1 — 5 stars: 2,310 · 4 stars: 415 · 1 star: 88",
     [("5 stars", 2310), ("4 stars", 415), ("1 star", 88)]),
    ("Tariff per kWh: E.ON €0.34, Enel S.p.A €0.31, Octopus €0.27",
     [("E.ON", 0.34), ("Enel S.p.A", 0.31), ("Octopus", 0.27)]),
])
def test_a_middle_dot_separates_items_and_a_dotted_name_is_one_word(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))


@pytest.mark.parametrize(("intent", "pairs"), [
    ("Line through x=0 y=1, x=1 y=2.7, x=2 y=7.4", [(0, 1), (1, 2.7), (2, 7.4)]),
    ("scatter: x: 5, y: 12; x: 10, y: 19; x: 20, y: 31", [(5, 12), (10, 19), (20, 31)]),
    ('{"16": 220, "32": 410, "64": 700} — keys are threads, values ops/s. Scatter.', [(16, 220), (32, 410), (64, 700)]),
])
def test_pairs_with_named_coordinates_or_numeric_keys_are_x_y(intent: str, pairs: list[Point]) -> None:
    assert sorted(_points(_drawn(intent))) == pairs


def test_numeric_keys_without_a_scatter_asked_are_not_made_pairs() -> None:
    verdict = answer("chart", '{"16": 220, "32": 410, "64": 700} as bars', "vega-lite", {})
    assert verdict.status == "invalid" or all(isinstance(p[0], str) for p in _points(verdict.result))  # type: ignore[arg-type]


@pytest.mark.parametrize(("intent", "points"), [
    ("CI build time per stage: lint 4m, test 12m, deploy 7m", [("lint", 4), ("test", 12), ("deploy", 7)]),
    ("How long each job took — nightly 45m, hourly 3m, weekly 90m", [("nightly", 45), ("hourly", 3), ("weekly", 90)]),
])
def test_a_glued_m_in_an_intent_about_durations_is_minutes(intent: str, points: list[Point]) -> None:
    assert sorted(map(str, _points(_drawn(intent)))) == sorted(map(str, points))
