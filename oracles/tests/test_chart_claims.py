"""The chart check refuses a chart whose data the intent's own statements contradict
(oracles/engine/chart/fail_closed_claims.py), and stays valid where the statement agrees.

Families, each in our own phrasings with near-misses that agree (and stay valid) beside them: a comparison of
two labels, a ratio, a superlative or place in a ranking, a value stated again for a label or an x, a trend
("every month", "from … to …"). The planted bugs hand the drafter's own chart to the whole check: the drafter
draws the numbers and never reads the note, so only the check can see the contradiction.
"""

from __future__ import annotations

import pytest

from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows, _valid

CONTRADICTED = "the data drawn say otherwise"


def _contradicted(intent: str) -> tuple[str, str]:
    kind_refusal = _planted(intent)
    assert kind_refusal.status == "invalid" and kind_refusal.reason is not None, kind_refusal
    return kind_refusal.reason["code"], kind_refusal.reason["message"]


# ---------------------------------------------------------------------------------------------
# 1. Comparisons and ratios of two drawn labels


@pytest.mark.parametrize("intent", [
    "Line chart of bookings: Jan 40, Feb 52, Mar 47. February came in lower than January.",
    "Bar chart — kiwis 14, mangos 9, limes 6. Mangos outsold kiwis this week.",
    '{"chart": "bar", "data": {"Leeds": 31, "York": 18, "Hull": 25}, "comment": "York beat Leeds"}',
    "Bar chart, visits by day: Mon 30, Tue 42, Wed 38. Wed dipped below Mon.",
    "Cases by ward: A 12, B 19, C 7 — C had more cases than A.",
    "Bar chart: Ayr 5, Oban 9, Troon 3. Ayr > Oban.",
    "Columns please: north 60, south 40, west 25. South is about twice West... no wait, North is twice west.",
    "Bar chart: alpha 10, beta 30, gamma 12. Alpha and gamma — alpha is half of beta.",
    "Two series bar chart. 2023: Jan 10, Feb 12. 2024: Jan 14, Feb 11. In 2024, Feb was higher than Jan.",
])
def test_a_contradicted_comparison_is_refused(intent: str) -> None:
    code, message = _contradicted(intent)
    assert code in {"VALUE_NOT_PLACED", "REQUEST_NOT_HONOURED"}, message
    if code == "VALUE_NOT_PLACED" and "wait" not in intent:
        assert CONTRADICTED in message, message


@pytest.mark.parametrize("intent", [
    "Line chart of bookings: Jan 40, Feb 52, Mar 47. February came in higher than January.",
    "Bar chart — kiwis 14, mangos 9, limes 6. Kiwis outsold mangos this week.",
    '{"chart": "bar", "data": {"Leeds": 31, "York": 18, "Hull": 25}, "comment": "Leeds beat York"}',
    "Bar chart, visits by day: Mon 30, Tue 42, Wed 38. Mon dipped below Wed.",
    "Cases by ward: A 12, B 19, C 7 — C had fewer cases than A.",
    "Bar chart: Ayr 5, Oban 9, Troon 3. Oban > Ayr.",
    "Bar chart: alpha 15, beta 30, gamma 12. Alpha is half of beta.",
    "Line chart of bookings: Jan 40, Feb 52, Mar 47. February was not lower than January.",
    "Two series bar chart. 2023: Jan 10, Feb 12. 2024: Jan 14, Feb 11. In 2023, Feb was higher than Jan.",
])
def test_an_agreeing_comparison_stays_valid(intent: str) -> None:
    assert _valid(intent), intent


def test_the_check_alone_refuses_a_comparison_the_rows_contradict() -> None:
    intent = "Bar chart: kiwis 14, mangos 9, limes 6. Kiwis outsold mangos."
    assert _check(intent, _rows(("kiwis", 14), ("mangos", 9), ("limes", 6))) is None
    refusal = _check(intent, _rows(("kiwis", 9), ("mangos", 14), ("limes", 6)))
    assert refusal is not None  # the values are swapped: refused (by placement first, the claim would too)


# ---------------------------------------------------------------------------------------------
# 2. Superlatives and places in a ranking


@pytest.mark.parametrize("intent", [
    "bar chart — orders Mon 34, Tue 41, Wed 29. Wednesday was the busiest day.",
    "Orders by day: Mon 34, Tue 41, Wed 29. The highest was Mon.",
    "pie of share: Acme 45, Globex 30, Other 25 -- Globex has the largest share",
    "Orders by day (bars): Mon 34, Tue 41, Wed 29. Orders peaked on Monday.",
    "Bar chart of goals — Reds 45, Blues 52, Greens 38. Greens came out on top.",
    "Quarterly bars: Q1 220, Q2 180, Q3 260, Q4 300. Q2 was our strongest quarter.",
    "Orders per month, line: Jan 120, Feb 90, Mar 150. Feb was our best month.",
    "cloud cost per month (line): Jan 400, Feb 350, Mar 500 — Mar was the best month",
    "Signups (bar): Mon 34, Tue 41, Wed 29. Tue wasn't the busiest day.",
])
def test_a_contradicted_superlative_is_refused(intent: str) -> None:
    code, message = _contradicted(intent)
    assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


@pytest.mark.parametrize("intent", [
    "bar chart — orders Mon 34, Tue 41, Wed 29. Tuesday was the busiest day.",
    "Orders by day: Mon 34, Tue 41, Wed 29. The lowest was Wed.",
    "pie of share: Acme 45, Globex 30, Other 25 -- Acme has the largest share",
    "Orders by day (bars): Mon 34, Tue 41, Wed 29. Orders peaked on Tuesday.",
    "Bar chart of goals — Reds 45, Blues 52, Greens 38. Blues came out on top, Greens came last.",
    "Orders per month, line: Jan 120, Feb 90, Mar 150. Mar was our best month.",
    "cloud cost per month (line): Jan 400, Feb 350, Mar 500 — Feb was the best month",
    "Column chart please: Alpha 7, Beta 7, Gamma 3. Alpha was the highest, tied with Beta.",
    "Highest temps this week: Mon 12, Tue 15, Wed 9",  # a heading over the data, no statement
    "Top products by units: Widget 50, Gadget 80, Doohickey 30",
])
def test_an_agreeing_superlative_or_a_heading_stays_valid(intent: str) -> None:
    assert _valid(intent), intent


# ---------------------------------------------------------------------------------------------
# 3. A value stated again: for a label, for an x


@pytest.mark.parametrize("intent", [
    '{"chart":"bar","data":{"Mon":30,"Tue":42,"Wed":38},"note":"Tue was 45"}',
    '{"chart":"scatter","points":[[1,2],[2,4],[3,6]],"note":"the y value at x=3 is 7"}',
])
def test_a_contradicted_stated_value_is_refused(intent: str) -> None:
    code, message = _contradicted(intent)
    assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


@pytest.mark.parametrize("intent", [
    '{"chart":"bar","data":{"Mon":30,"Tue":42,"Wed":38},"note":"Tue was 42"}',
    '{"chart":"scatter","points":[[1,2],[2,4],[3,6]],"note":"the y value at x=3 is 6"}',
])
def test_an_agreeing_stated_value_stays_valid(intent: str) -> None:
    assert _valid(intent), intent


# ---------------------------------------------------------------------------------------------
# 4. Trends


@pytest.mark.parametrize("intent", [
    "| Quarter | Sales |\n|---|---|\n| Q1 | 40 |\n| Q2 | 55 |\n| Q3 | 61 |\n\nNote: sales fell every quarter.",
    "line chart of p95 (ms): Mon 120, Tue 135, Wed 130, Thu 170 — latency increased each day",
    "Deploys per week (line): wk1 5, wk2 9, wk3 7. Deploys went up week over week.",
    "Units (line) — March 120, April 95, May 140. Units grew from March to April.",
    "area chart of users: Jan 100, Feb 150, Mar 120. Users rose steadily.",
])
def test_a_contradicted_trend_is_refused(intent: str) -> None:
    code, message = _contradicted(intent)
    assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


@pytest.mark.parametrize("intent", [
    "| Quarter | Sales |\n|---|---|\n| Q1 | 40 |\n| Q2 | 55 |\n| Q3 | 61 |\n\nNote: sales grew every quarter.",
    "line chart of p95 (ms): Mon 120, Tue 135, Wed 150, Thu 170 — latency increased each day",
    "Units (line) — March 120, April 95, May 140. Units dropped from March to April then recovered in May.",
    "area chart of users: Jan 100, Feb 150, Mar 200. Users rose steadily.",
])
def test_an_agreeing_trend_stays_valid(intent: str) -> None:
    assert _valid(intent), intent


# ---------------------------------------------------------------------------------------------
# 5. Notes that take a value or a unit back (fail_closed_asks.py)


@pytest.mark.parametrize("intent", [
    "Plot: Jan 12, Feb 15, Mar 11. Disregard Mar, it's incomplete.",
    "Bar chart of temperature in °F: Mon 50, Tue 55, Wed 60 (values are in °C actually)",
    "Bars: Mon 5, Tue 7, Wed 6 - these are actually in thousands",
])
def test_a_note_taking_a_value_or_unit_back_is_refused(intent: str) -> None:
    verdict = _planted(intent)  # a scale taken back is refused as a scale not drawn, the rest as a correction
    assert verdict.status == "invalid" and verdict.reason is not None, verdict
    assert verdict.reason["code"] in {"REQUEST_NOT_HONOURED", "VALUE_NOT_PLACED"}, verdict.reason


def test_planted_contradiction_reaches_the_whole_check() -> None:
    """The drafter charts the numbers of "Feb came in lower than Jan" as they are; the whole check refuses."""
    _refused(_planted("Revenue line chart: Jan 10k, Feb 12k, Mar 15k. Feb came in lower than Jan."),
             "VALUE_NOT_PLACED", "'Feb came in lower than Jan'", "Feb 12000, Jan 10000")


# ---------------------------------------------------------------------------------------------
# 6. Which slot or column holds which series, said in a note


def test_a_slot_note_against_the_drawn_order_is_refused() -> None:
    _refused(_planted("Grouped bars: income vs spend — Jan 120/80, Feb 130/95. Note: first number is spend."),
             "VALUE_NOT_PLACED", "first number is spend", "'income'")


def test_a_slot_note_that_agrees_stays_valid() -> None:
    assert _valid("Grouped bars: income vs spend — Jan 120/80, Feb 130/95. Note: first number is income.")


@pytest.mark.parametrize("intent", [
    "Month\tIncome\tSpend\nJan\t120\t80\nFeb\t130\t95\n(spend and income columns are the wrong way round)",
    "bars: Mon 30, Tue 42, Wed 38 -- Tue and Wed were mislabeled, swap them",
    "Bar chart: Mon 30, Tue 42, Wed 38. All values are in hundreds.",
])
def test_a_note_that_swaps_or_rescales_the_data_is_refused(intent: str) -> None:
    verdict = _planted(intent)
    assert verdict.status == "invalid" and verdict.reason is not None, verdict
    assert verdict.reason["code"] in {"REQUEST_NOT_HONOURED", "VALUE_NOT_PLACED"}, verdict.reason


def test_a_scale_in_hundreds_shown_in_the_title_stays_valid() -> None:
    assert _valid("Bar chart of visits in hundreds: Mon 30, Tue 42, Wed 38")


# ---------------------------------------------------------------------------------------------
# 7. Notes that change what some values are: a unit for some labels, a sign for all, a note drawn as a label


def test_a_unit_said_for_some_labels_only_is_refused() -> None:
    _refused(_planted("bar chart of sales (USD): Lima 120, Quito 90, Cusco 80. Quito and Cusco figures are in EUR."),
             "UNITS_MIXED", "Cusco, Quito are in EUR")


def test_a_unit_said_for_every_value_is_no_mix() -> None:
    refusal = _check("Sales: Lima 120, Quito 90, Cusco 80. All figures are in EUR.",
                     _rows(("Lima", 120), ("Quito", 90), ("Cusco", 80)))
    assert refusal is None or refusal[0] != "UNITS_MIXED", refusal


def test_a_sign_note_the_values_do_not_carry_is_refused() -> None:
    _refused(_planted("Bar chart: Jan 10, Feb 12, Mar 15 — all values are negative (losses)"),
             "VALUE_NOT_PLACED", "all values are negative")


def test_negative_values_with_a_sign_note_stay_valid() -> None:
    assert _valid("Bar chart of net result: Jan -10, Feb -12, Mar -15 (all values are negative)")


def test_a_note_drawn_as_a_label_is_refused() -> None:
    rows = _rows(("plums", 12), ("figs", 8), ("The figs number is per crate", 6))
    refusal = _check("Bar chart please — plums 12, figs 8. The figs number is per crate of 6.", rows)
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "reads as a sentence" in refusal[1], refusal


def test_a_long_name_without_a_verb_stays_valid() -> None:
    assert _valid("Bar chart of votes: Party of the Left 12, Green and Social Union 8, Liberal Centre 5")


# ---------------------------------------------------------------------------------------------
# 8. Moves against another label, two series compared, a share of the whole


@pytest.mark.parametrize(("intent", "agrees"), [
    ("| Sprint | Points |\n|---|---|\n| R1 | 21 |\n| R2 | 25 |\n| R3 | 29 |\nPoints dropped in R3 compared to R2.", False),
    ("| Sprint | Points |\n|---|---|\n| R1 | 21 |\n| R2 | 25 |\n| R3 | 19 |\nPoints dropped in R3 compared to R2.", True),
    ('{"series": [{"name": "north", "data": {"Jan": 5, "Feb": 7}}, {"name": "south", "data": {"Jan": 6, "Feb": 4}}], '
     '"comment": "south beat north in every month"}', False),
    ('{"series": [{"name": "north", "data": {"Jan": 5, "Feb": 7}}, {"name": "south", "data": {"Jan": 6, "Feb": 9}}], '
     '"comment": "south beat north in every month"}', True),
    ("Make a pie: lodging 700, meals 450, travel 350. Lodging is more than half of the budget.", False),
    ("Make a pie: lodging 1200, meals 450, travel 150. Lodging is more than half of the budget.", True),
    ("Bar chart of leads by source: web 120, events 80, partners 40. Events is roughly a third of the total.", True),
    ("Bar chart of leads by source: web 120, events 80, partners 40. Partners is roughly a third of the total.", False),
])
def test_moves_series_comparisons_and_shares(intent: str, agrees: bool) -> None:
    if agrees:
        assert _valid(intent), intent
    else:
        code, message = _contradicted(intent)
        assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


def test_a_label_that_is_a_sentence_about_something_else_stays_valid() -> None:
    assert _valid("Horizontal bar chart of feedback themes: Checkout page is confusing to use - 31; "
                  "Search results are far too slow - 22; Dark mode is missing on mobile - 9")


@pytest.mark.parametrize(("intent", "agrees"), [
    ("Bar chart of wins: Hawks 12, Owls 15, Foxes 9. The Hawks lead the league.", False),
    ("Bar chart of wins: Hawks 12, Owls 15, Foxes 9. The Owls lead the league, the Foxes are at the bottom.", True),
    ("line: Jan 5, Feb 8, Mar 6, Apr 9 -- steady growth all year", False),
    ("line: Jan 5, Feb 8, Mar 9, Apr 12 -- steady growth all year", True),
])
def test_rankings_and_steady_trends(intent: str, agrees: bool) -> None:
    if agrees:
        assert _valid(intent), intent
    else:
        code, message = _contradicted(intent)
        assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


@pytest.mark.parametrize(("intent", "agrees"), [
    ("line chart, cumulative downloads: Mon 30, Tue 42, Wed 38", False),
    ("line chart, cumulative downloads: Mon 30, Tue 42, Wed 58", True),
    ("Bar chart: Mon 30, Tue 42, Wed 38. Values are a running total.", False),
])
def test_a_running_total_that_goes_down(intent: str, agrees: bool) -> None:
    if agrees:
        assert _valid(intent), intent
    else:
        code, message = _contradicted(intent)
        assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


@pytest.mark.parametrize(("intent", "agrees"), [
    ("Line chart of MRR: Jan 10k, Feb 12k, Mar 15k — MRR doubled from Jan to Mar.", False),
    ("Line chart of MRR: Jan 10k, Feb 12k, Mar 20k — MRR doubled from Jan to Mar.", True),
])
def test_a_multiple_over_a_span(intent: str, agrees: bool) -> None:
    if agrees:
        assert _valid(intent), intent
    else:
        code, message = _contradicted(intent)
        assert code == "VALUE_NOT_PLACED" and CONTRADICTED in message, message


def test_values_listed_against_a_range_are_no_stated_value() -> None:
    assert _valid("the visits for Monday through Friday were 12, 15, 9, 20 and 17")
