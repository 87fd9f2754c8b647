"""Labels that are not categories of the data (references.py, fail_closed_references.py).

Two families, each with the reader's answer end to end, unit tests of the check alone (hand-drawn rows against
an intent in phrasings of our own) and a planted bug (the drafter's spec with the fault planted, checked whole):
- a reference value stated apart from the data ("Our target is 1,500."): a target is left out of the chart and
  named in the notes; drawn as one more category, or a measure word (average, baseline) stated so, it is refused;
- the measure glued to a period ("Jan sales were 12, Feb 15") or drawn in its place ("Mon: steps 8200").
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.chart.references import reference_statements, set_references_apart
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows


def _drawn(intent: str) -> tuple[str, list[tuple[str, float]], list[str]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    rows = verdict.result["data"]["values"]  # type: ignore[index]
    return verdict.status, [(row["label"], row["value"]) for row in rows], list(verdict.notes or [])


# ---------------------------------------------------------------------------------------------
# 1. A reference value stated apart from the data


@pytest.mark.parametrize(("intent", "rows", "said"), [
    ("Daily active users, last four weeks — wk1 1,204; wk2 1,311; wk3 1,298; wk4 1,450. Our target is 1,500.",
     [("wk1", 1204), ("wk2", 1311), ("wk3", 1298), ("wk4", 1450)], "Our target is 1,500"),
    ("Our goal is 45. Tickets closed per agent: Ana 42, Ben 37, Chloe 51",
     [("Ana", 42), ("Ben", 37), ("Chloe", 51)], "Our goal is 45"),
    ("line chart of memory use: 08:00 41%, 12:00 63%, 16:00 88%, 20:00 52%. The alert threshold is 85%.",
     [("08:00", 41), ("12:00", 63), ("16:00", 88), ("20:00", 52)], "The alert threshold is 85%"),
    ("Signups per week: wk1 340, wk2 410, wk3 380 (goal 400)", [("wk1", 340), ("wk2", 410), ("wk3", 380)], "goal 400"),
    ("Daily steps: Mon 8200, Tue 10400, Wed 6900, Thu 12000, with a goal of 10,000",
     [("Mon", 8200), ("Tue", 10400), ("Wed", 6900), ("Thu", 12000)], "a goal of 10,000"),
    ("Calls answered per day: Mon 40, Tue 38, Wed 51 — the daily limit is 45 calls.",
     [("Mon", 40), ("Tue", 38), ("Wed", 51)], "the daily limit is 45 calls"),
    ("Weekly orders W1 1204, W2 1311, W3 1298. 1,250 is our target.",
     [("W1", 1204), ("W2", 1311), ("W3", 1298)], "1,250 is our target"),
    ("| day | p95 ms |\n|---|---|\n| Mon | 120 |\n| Tue | 140 |\n| Wed | 90 |\n\nSLO: 130 ms",
     [("Mon", 120), ("Tue", 140), ("Wed", 90)], "SLO: 130 ms"),
    ("NPS by team: Support 41, Sales 35, Product 52. Company benchmark for our industry: 45.",
     [("Support", 41), ("Sales", 35), ("Product", 52)], "Company benchmark for our industry: 45"),
])
def test_a_target_stated_apart_is_left_out_and_named_in_the_notes(intent: str, rows: list, said: str) -> None:
    _, drawn, notes = _drawn(intent)
    assert drawn == rows
    assert any(said in note and "not drawn" in note for note in notes), notes


@pytest.mark.parametrize(("intent", "label", "value"), [
    ("Weekly signups: W1 340, W2 410, W3 380. Our target is 400.", "Our target", 400),
    ("CPU by hour: 10:00 35%, 11:00 62%, 12:00 97%. The threshold for paging is 90%.", "The threshold for paging", 90),
    ("Jan 10, Feb 12, Mar 11, Target 15", "Target", 15),
    ("Quota attainment: Ann 95%, Bob 110%. Team quota 100%.", "Team quota", 100),
    ("Test scores: Ann 78, Ben 85, Cy 91. Class average 84.", "Class average", 84),
    ("Latency p99: 09:00 210, 10:00 260, 11:00 480; alert threshold 400", "alert threshold", 400),
    ("Conversion by channel: email 3.1%, search 4.2%, social 1.8%. Average across channels: 3.0%.",
     "Average across channels", 3.0),
])
def test_a_reference_drawn_as_a_category_is_refused(intent: str, label: str, value: float) -> None:
    data = [(lbl, val) for lbl, val in _listed(intent) if lbl != label] + [(label, value)]
    code, message = _check(intent, _rows(*data)) or ("", "")
    assert code == "VALUE_NOT_PLACED" and f"'{label}'" in message and "reference" in message, message


def _listed(intent: str) -> list[tuple[str, float]]:
    """The data items of the intents above, as a faithful reader draws them."""
    known = {
        "Weekly signups": [("W1", 340), ("W2", 410), ("W3", 380)],
        "CPU by hour": [("10:00", 35), ("11:00", 62), ("12:00", 97)],
        "Jan 10": [("Jan", 10), ("Feb", 12), ("Mar", 11)],
        "Quota attainment": [("Ann", 95), ("Bob", 110)],
        "Test scores": [("Ann", 78), ("Ben", 85), ("Cy", 91)],
        "Latency p99": [("09:00", 210), ("10:00", 260), ("11:00", 480)],
        "Conversion by channel": [("email", 3.1), ("search", 4.2), ("social", 1.8)],
    }
    return next(rows for head, rows in known.items() if intent.startswith(head))


@pytest.mark.parametrize(("intent", "rows"), [
    ("Accuracy: ours 0.84, ablation 0.79, baseline 0.71", [("ours", 0.84), ("ablation", 0.79), ("baseline", 0.71)]),
    ("Sales this quarter: Actual 120, Target 150", [("Actual", 120), ("Target", 150)]),
    ("Goals scored by player: Salah 19, Haaland 27, Kane 21", [("Salah", 19), ("Haaland", 27), ("Kane", 21)]),
])
def test_a_reference_word_listed_as_a_category_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_the_check_explains_only_a_target_said_once_in_a_statement_of_its_own() -> None:
    # "limit" names every item: 5000 is data, and a chart without it leaves a value out
    intent = "Rate limits: Free plan limit 100, Pro plan limit 1000. Enterprise plan limit 5000."
    assert not any(r.is_target for r in reference_statements(intent))
    assert set_references_apart(intent) == (intent, None)
    code, _ = _check(intent, _rows(("Free plan limit", 100), ("Pro plan limit", 1000))) or ("", "")
    assert code == "VALUE_MISSING"
    # a target inside the list is an item: not explained either
    code, message = _check("Sales by rep: Ann 1200, Bob 1450, Cara 980, target 1300",
                           _rows(("Ann", 1200), ("Bob", 1450), ("Cara", 980))) or ("", "")
    assert code == "VALUE_MISSING" and "1300" in message


def test_a_reference_alone_is_read_as_written() -> None:
    assert set_references_apart("Our target is 1,500.") == ("Our target is 1,500.", None)


def test_planted_target_drawn_as_a_week_is_refused() -> None:
    intent = "Plot weekly active users — W1 1,204; W2 1,311; W3 1,298. Our target is 1,500."
    planted = _rows(("W1", 1204), ("W2", 1311), ("W3", 1298), ("Our target", 1500))
    _refused(_planted(intent, planted), "VALUE_NOT_PLACED", "'Our target'", "reference")


def test_planted_target_left_out_when_not_apart_is_refused() -> None:
    # a drafter that drops a target the intent lists as an item leaves a value out
    intent = "bar chart: North 10, South 12, East 9, Target 11"
    _refused(_planted(intent, _rows(("North", 10), ("South", 12), ("East", 9))), "VALUE_MISSING", "11")


# ---------------------------------------------------------------------------------------------
# 2. The measure glued to a period, or drawn in its place


@pytest.mark.parametrize(("intent", "rows", "named"), [
    ("bar chart: Jan orders were 120 (up 8%), Feb 135, Mar 128",
     [("Jan orders", 120), ("Feb", 135), ("Mar", 128)], "'Jan orders' holds 'orders'"),
    ("line: Q1 revenue 1.2, Q2 1.5, Q3 1.9", [("Q1 revenue", 1.2), ("Q2", 1.5), ("Q3", 1.9)], "'Q1 revenue' holds 'revenue'"),
    ("chart: 2021 installs 340, 2022 410, 2023 515", [("2021 installs", 340), ("2022", 410), ("2023", 515)],
     "'2021 installs' holds"),
    ("rain by month: March rainfall 80, April 60, May 45", [("March rainfall", 80), ("April", 60), ("May", 45)],
     "'March rainfall' holds"),
    ("Jan 10, Feb 12, Mar signups 14", [("Jan", 10), ("Feb", 12), ("Mar signups", 14)], "'Mar signups' holds"),
])
def test_a_measure_glued_to_a_period_is_refused(intent: str, rows: list, named: str) -> None:
    code, message = _check(intent, _rows(*rows), "line" if intent.startswith("line") else "bar") or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and named in message and "subject" in message, message


@pytest.mark.parametrize(("intent", "rows", "period"), [
    ("Mon: steps 8200, Tue 10400, Wed 6900", [("steps", 8200), ("Tue", 10400), ("Wed", 6900)], "Mon"),
    ("In 2021 sales hit 340, 2022 410, 2023 515", [("sales", 340), ("2022", 410), ("2023", 515)], "2021"),
    ("09:00 queue 4, 10:00 9, 11:00 14", [("queue", 4), ("10:00", 9), ("11:00", 14)], "09:00"),
    ("wk1 visits 300, wk2 340, wk3 390", [("visits", 300), ("wk2", 340), ("wk3", 390)], "wk1"),
])
def test_a_measure_drawn_in_place_of_its_period_is_refused(intent: str, rows: list, period: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and f"'{period}'" in message and "not drawn" in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("My cycling log: 40 km in week 1, 52 km in week 2, 31 km in recovery week",
     [("week 1", 40), ("week 2", 52), ("recovery week", 31)]),
    ("Revenue: Q3 2024 1.2, Q4 2024 1.5, Q1 2025 1.7", [("Q3 2024", 1.2), ("Q4 2024", 1.5), ("Q1 2025", 1.7)]),
    ("signups 2021 340, 2022 410, 2023 515", [("2021", 340), ("2022", 410), ("2023", 515)]),
])
def test_periods_and_named_periods_pass(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_planted_measure_glued_to_the_first_period_is_refused() -> None:
    intent = "line chart: Jan visits 300, Feb 340, Mar 390"
    _refused(_planted(intent, _rows(("Jan visits", 300), ("Feb", 340), ("Mar", 390))), "LABEL_NOT_IN_INTENT",
             "'Jan visits'")


def test_the_reader_does_not_answer_a_glued_measure_valid() -> None:
    for intent in ("bar chart: Jan sales were 12 (up 20% from Dec), Feb 15, Mar 14", "Q1 signups 340, Q2 410, Q3 515",
                   "FY23 net income 12, FY24 15, FY25 18", "Mon: steps 8200, Tue 10400, Wed 6900"):
        assert answer("chart", intent, "vega-lite", {}).status == "invalid", intent


# ---------------------------------------------------------------------------------------------
# 3. A reference as a clause after the list's separator


@pytest.mark.parametrize(("intent", "rows", "said"), [
    ("area chart of disk used (GB) — Mon 120, Tue 150, Wed 190; capacity is 500 GB",
     [("Mon", 120), ("Tue", 150), ("Wed", 190)], "capacity is 500 GB"),
    ("Visitors per day: Mon 40, Tue 38, Wed 51, and our ceiling is 60.", [("Mon", 40), ("Tue", 38), ("Wed", 51)],
     "our ceiling is 60"),
    ("Spend by team: Design 40k, Data 65k, Ops 20k. The budget is 150k.",
     [("Design", 40000), ("Data", 65000), ("Ops", 20000)], "The budget is 150k"),
])
def test_a_reference_clause_after_the_list_is_left_out(intent: str, rows: list, said: str) -> None:
    _, drawn, notes = _drawn(intent)
    assert drawn == rows
    assert any(said in note for note in notes), notes


def test_a_reference_item_without_a_verb_is_not_set_apart() -> None:
    # "; alert threshold 400" is one more item of the list: refused drawn among periods, never dropped silently
    intent = "Latency p99: 09:00 210, 10:00 260, 11:00 480; alert threshold 400"
    assert set_references_apart(intent)[1] is None
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


# ---------------------------------------------------------------------------------------------
# 4. The subject glued to the first coded name


@pytest.mark.parametrize(("intent", "rows", "subject"), [
    ("Donut: traffic share GA1 40%, GA2 35%, GA3 25%", [("traffic share GA1", 40), ("GA2", 35), ("GA3", 25)],
     "traffic share"),
    ("pie: spend split cc-100 12, cc-200 30, cc-300 8", [("spend split cc-100", 12), ("cc-200", 30), ("cc-300", 8)],
     "spend split"),
    ("bars: load LB-1 0.4, LB-2 0.7, LB-3 0.2", [("load LB-1", 0.4), ("LB-2", 0.7), ("LB-3", 0.2)], "load"),
])
def test_a_subject_glued_to_the_first_coded_name_is_refused(intent: str, rows: list, subject: str) -> None:
    mark = "arc" if intent.startswith(("Donut", "pie")) else "bar"
    code, message = _check(intent, _rows(*rows), mark) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and f"holds '{subject}'" in message and "colon" in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("mean leaf length per plot: plot P1 = 42.5, P2 = 39.8, P3 = 45.1", [("plot P1", 42.5), ("P2", 39.8), ("P3", 45.1)]),
    ("Cities: Los Angeles 12, Chicago 10, Houston 9", [("Los Angeles", 12), ("Chicago", 10), ("Houston", 9)]),
])
def test_a_kind_word_or_a_long_name_first_passes(intent: str, rows: list) -> None:
    assert _check(intent, _rows(*rows)) is None


def test_planted_subject_glued_to_the_first_name_is_refused() -> None:
    intent = "Donut: revenue mix B2B 62%, B2C 31%, B2G 7%"
    _refused(_planted(intent, _rows(("revenue mix B2B", 62), ("B2C", 31), ("B2G", 7))), "LABEL_NOT_IN_INTENT",
             "'revenue mix'")


# ---------------------------------------------------------------------------------------------
# 5. A second value for a drawn name, said after the data


@pytest.mark.parametrize(("intent", "rows", "label"), [
    ("Visits: Oslo 40, Bergen 30, Tromsø 12. The CRM export says Oslo had 44.",
     [("Oslo", 40), ("Bergen", 30), ("Tromsø", 12), ("The CRM export says Oslo", 44)], "The CRM export says Oslo"),
    ("Sales by region: North 40, South 55, East 30. Actually North was 45.",
     [("North", 40), ("South", 55), ("East", 30), ("Actually North", 45)], "Actually North"),
])
def test_a_second_value_for_a_drawn_name_is_refused(intent: str, rows: list, label: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "VALUE_NOT_PLACED" and f"'{label}'" in message and "again" in message, message


def test_a_longer_name_in_the_same_list_passes() -> None:
    intent = "Headcount: North 40, South 55, Far North 12"
    assert _check(intent, _rows(("North", 40), ("South", 55), ("Far North", 12))) is None


def test_planted_second_value_drawn_as_a_bar_is_refused() -> None:
    intent = "Bar chart of Q3 renewals: Alpha 12, Beta 19, Gamma 7. The billing report says Beta renewed 21 though."
    rows = _rows(("Alpha", 12), ("Beta", 19), ("Gamma", 7), ("The billing report says Beta", 21))
    _refused(_planted(intent, rows), "VALUE_NOT_PLACED", "'Beta' again")


@pytest.mark.parametrize(("intent", "rows", "label"), [
    ("Scores: Ann 78, Ben 85. Benchmark 80, stretch goal 90.",
     [("Ann", 78), ("Ben", 85), ("Benchmark", 80), ("stretch goal", 90)], "Benchmark"),
    ("uptime: Jan 99.9, Feb 99.7, Mar 99.95. SLA 99.9, SLO 99.95.",
     [("Jan", 99.9), ("Feb", 99.7), ("Mar", 99.95), ("SLA", 99.9), ("SLO", 99.95)], "SLA"),
])
def test_references_listed_in_a_sentence_after_the_data_are_refused(intent: str, rows: list, label: str) -> None:
    code, message = _check(intent, _rows(*rows)) or ("", "")
    assert code == "VALUE_NOT_PLACED" and f"'{label}'" in message, message
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"
