"""The check fails closed (oracles/engine/chart/fail_closed.py): what it cannot explain in the intent is refused.

Per family: unit tests of the check alone (a hand-drawn spec against an intent in phrasings of our own,
the faithful chart passing beside the faulty one), and planted bugs (the drafter's spec for the intent,
with the fault planted, handed to the kind's whole check, which must answer `invalid`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from oracles.engine import Verdict, get_kind
from oracles.engine.chart.faithfulness import check_faithful
from oracles.engine.chart.numbers import find_value_tokens

Rows = list[dict[str, Any]]


def _spec(rows: Rows, mark: str = "bar", title: str = "Chart", pairs: bool = False) -> dict[str, Any]:
    if mark == "arc":
        encoding: dict[str, Any] = {"theta": {"field": "value", "type": "quantitative"},
                                    "color": {"field": "label", "type": "nominal"}}
    elif pairs:
        encoding = {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}
    else:
        encoding = {"x": {"field": "label", "type": "nominal"}, "y": {"field": "value", "type": "quantitative"}}
    return {"title": {"text": title}, "data": {"values": rows}, "mark": {"type": mark}, "encoding": encoding}


def _check(intent: str, rows: Rows, mark: str = "bar", title: str = "Chart", pairs: bool = False) -> tuple[str, str] | None:
    return check_faithful(intent, _spec(rows, mark, title, pairs), rows)


def _rows(*items: tuple[str, float]) -> Rows:
    return [{"label": label, "value": value} for label, value in items]


def _planted(intent: str, rows: Rows | None = None, mark: str | None = None) -> Verdict:
    """The drafter's spec for the intent with the bug planted (rows and/or mark), checked as a whole."""
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    if rows is not None:
        spec["data"]["values"] = rows
    if mark is not None:
        spec["mark"]["type"] = mark
    facts = json.loads(json.dumps(draft.facts))
    pairs = (spec["encoding"].get("x") or {}).get("field") == "x"
    by_series: dict[Any, list[dict[str, Any]]] = {}
    for row in spec["data"]["values"]:
        label, value = (row["x"], row["y"]) if pairs else (row["label"], row["value"])
        by_series.setdefault(row.get("series"), []).append({"label": label, "value": value})
    facts["series"] = [{"name": name, "points": points} for name, points in by_series.items()]
    facts["mark"] = spec["mark"]["type"]
    return kind.check(intent, replace(draft, artifact=spec, facts=facts), {})


def _valid(intent: str) -> bool:
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    return kind.check(intent, draft, {}).status == "valid"


def _refused(verdict: Verdict, code: str, *named: str) -> None:
    assert verdict.status == "invalid" and verdict.reason is not None, verdict
    assert verdict.reason["code"] == code, verdict.reason
    for text in named:
        assert text in verdict.reason["message"], verdict.reason


# ---------------------------------------------------------------------------------------------
# 1. Label fragments


@pytest.mark.parametrize(("intent", "cut", "whole"), [
    ("Warehouse day:\nOrders received = 52\nOrders shipped = 40\nOrders returned = 6", "Orders", "Orders shipped"),
    ("Lab results\nSamples tested: 88\nSamples passed: 71\nSamples rejected: 17", "Samples", "Samples passed"),
])
def test_a_key_before_its_separator_is_drawn_whole(intent: str, cut: str, whole: str) -> None:
    keys = [line.split("=")[0].split(":")[0].strip() for line in intent.splitlines()[1:]]
    values = [float(line.replace(":", "=").split("=")[1]) for line in intent.splitlines()[1:]]
    faithful = _rows(*zip(keys, values, strict=True))
    assert _check(intent, faithful) is None
    planted = [dict(row, label=cut) if row["label"] == whole else row for row in faithful]
    code, message = _check(intent, planted) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and f"'{cut}'" in message and whole in message


def test_words_left_before_a_label_in_its_item_are_refused() -> None:
    intent = "Top asks from the survey: Quick filters for the admin panel 88, Bulk edit 61, Audit log 40"
    faithful = _rows(("Quick filters for the admin panel", 88), ("Bulk edit", 61), ("Audit log", 40))
    assert _check(intent, faithful) is None
    code, message = _check(intent, _rows(("admin panel", 88), ("Bulk edit", 61), ("Audit log", 40))) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and "'Quick filters'" in message


def test_the_day_of_a_date_is_not_a_value() -> None:
    intent = "Parcels scanned, week of 9 June:\nMon 410\nTue 388\nWed 402"
    assert _check(intent, _rows(("Mon", 410), ("Tue", 388), ("Wed", 402)), mark="line", title="Parcels scanned") is None
    planted = _rows(("week", 9), ("Mon", 410), ("Tue", 388), ("Wed", 402))
    code, message = _check(intent, planted, mark="line", title="Parcels scanned") or ("", "")
    assert code == "VALUE_NOT_PLACED" and "'9 June'" in message


def test_a_subject_glued_to_the_first_period_is_refused() -> None:
    intent = "bars: bookings 2021 410, 2022 520, 2023 610, 2024 700"
    faithful = _rows(("2021", 410), ("2022", 520), ("2023", 610), ("2024", 700))
    assert _check(intent, faithful, title="Bookings") is None
    code, message = _check(intent, [dict(faithful[0], label="bookings 2021"), *faithful[1:]], title="Bookings") or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and "'bookings'" in message


def test_a_label_opening_with_the_words_of_a_breakdown_is_refused() -> None:
    intent = "Spend this month, consisting of rent $2,400 and payroll $9,100"
    assert _check(intent, _rows(("rent", 2400), ("payroll", 9100)), title="Spend this month") is None
    code, message = _check(intent, _rows(("consisting of rent", 2400), ("payroll", 9100))) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and "'consisting of'" in message


def test_planted_fragment_of_a_key_is_refused() -> None:
    intent = "Warehouse day:\nOrders received = 52\nOrders shipped = 40\nOrders returned = 6"
    _refused(_planted(intent, _rows(("Orders received", 52), ("Orders", 40), ("Orders returned", 6))),
             "LABEL_NOT_IN_INTENT", "'Orders'")


def test_planted_tail_of_a_long_name_is_refused() -> None:
    intent = "Top asks from the survey: Quick filters for the admin panel 88, Bulk edit 61, Audit log 40"
    assert _valid(intent)
    _refused(_planted(intent, _rows(("admin panel", 88), ("Bulk edit", 61), ("Audit log", 40))),
             "LABEL_NOT_IN_INTENT", "'Quick filters'")


def test_planted_date_drawn_as_a_value_is_refused() -> None:
    intent = "Parcels scanned, week of 9 June:\nMon 410\nTue 388\nWed 402"
    _refused(_planted(intent, _rows(("week", 9), ("Mon", 410), ("Tue", 388), ("Wed", 402))), "VALUE_NOT_PLACED", "'9 June'")


# ---------------------------------------------------------------------------------------------
# 2. Numbers the check cannot explain


def test_trillions_are_read_by_both_scanners() -> None:
    assert [t.value for t in find_value_tokens("Acme $1.2tn, Globex 0.8trn")] == [1.2e12, 0.8e12]
    intent = "Market value: Acme $1.2tn, Globex $0.8tn, Initech $0.5tn"
    assert _valid(intent)
    code, message = _check(intent, _rows(("Acme", 1.2e12), ("Globex", 0.8e12))) or ("", "")
    assert code == "VALUE_MISSING" and "0.5tn" in message


@pytest.mark.parametrize(("intent", "rows", "shown"), [
    # letters after a number the scanner does not know: the value it stands for is unknown
    ("Sales by city: Pune 4lakh, Delhi 6lakh, Agra 2lakh", _rows(("Pune", 4), ("Delhi", 6), ("Agra", 2)), "'lakh'"),
    ("Fleet: Oslo 12, Bergen 9, Tromsø 3zz", _rows(("Oslo", 12), ("Bergen", 9)), "'3zz'"),
    # a unit glued on, and the value left out
    ("Build steps: lint 40s, test 120s, deploy 75s", _rows(("lint", 40), ("test", 120)), "'75s'"),
    # a run of digits and commas that is no one number
])
def test_a_number_the_check_cannot_read_or_place_is_refused(intent: str, rows: Rows, shown: str) -> None:
    refusal = _check(intent, rows)
    assert refusal is not None and shown in refusal[1], refusal


@pytest.mark.parametrize("intent", [
    "p95 latency (target 200ms): Mon 180, Tue 210, Wed 195",
    "Releases by decade: 1990s 12, 2000s 30, 2010s 41",
    "line chart of weekly users, W1 840, W2 910, W3 1,020; colour #2b8cbe, 600px wide",
])
def test_numbers_that_are_names_sizes_or_subjects_still_pass(intent: str) -> None:
    assert _valid(intent)


def test_a_reference_is_not_data() -> None:
    intent = "Exports by country (source: 2022 customs data, see note 4): Chile 10, Peru 12, Bolivia 7"
    code, message = _check(intent, _rows(("source", 2022), ("see note", 4), ("Chile", 10), ("Peru", 12), ("Bolivia", 7))) \
        or ("", "")
    assert code == "VALUE_NOT_PLACED" and "'source'" in message
    intent = "Exports by country (source: 2022 customs data): Chile 10, Peru 12, Bolivia 7"
    assert _check(intent, _rows(("Chile", 10), ("Peru", 12), ("Bolivia", 7)), title="Exports by country") is None


def test_planted_reference_drawn_as_data_is_refused() -> None:
    intent = "Exports by country (source: 2022 customs data, see note 4): Chile 10, Peru 12, Bolivia 7"
    _refused(_planted(intent, _rows(("source", 2022), ("see note", 4), ("Chile", 10), ("Peru", 12), ("Bolivia", 7))),
             "VALUE_NOT_PLACED", "'source'")


def test_planted_dropped_trillion_is_refused() -> None:
    intent = "Market value: Acme $1.2tn, Globex $0.8tn, Initech $0.5tn"
    _refused(_planted(intent, _rows(("Acme", 1.2e12), ("Globex", 0.8e12))), "VALUE_MISSING", "0.5tn")


# ---------------------------------------------------------------------------------------------
# 3. The asked mark


@pytest.mark.parametrize(("intent", "drawn"), [
    ("Visits by weekday\nMon\t120\nTue\t135\nWed\t128\n\nbars please", "line"),
    ('{"type": "area", "values": {"Oslo": 12, "Bergen": 9, "Tromsø": 4}}', "bar"),
    ("Hours logged: Ann 12, Ben 9, Cy 15. Keep it simple, plain bars.", "line"),
])
def test_a_bare_mark_word_is_a_request(intent: str, drawn: str) -> None:
    rows = _rows(("Mon", 120), ("Tue", 135), ("Wed", 128)) if "Mon" in intent else (
        _rows(("Oslo", 12), ("Bergen", 9), ("Tromsø", 4)) if "Oslo" in intent else _rows(("Ann", 12), ("Ben", 9), ("Cy", 15)))
    code, _ = _check(intent, rows, mark=drawn) or ("", "")
    assert code == "SHAPE_NOT_ASKED"


def test_two_marks_with_none_refused_are_refused_whichever_is_drawn() -> None:
    intent = "sales by route: Route A 12, Route B 9, Route C 14. pie chart? no wait, just bars"
    rows = _rows(("Route A", 12), ("Route B", 9), ("Route C", 14))
    for drawn in ("arc", "bar"):
        code, _ = _check(intent, rows, mark=drawn, title="Sales") or ("", "")
        assert code == "SHAPE_NOT_ASKED"
    code, message = _check(intent, rows, mark="arc", title="Sales") or ("", "")
    assert "a pie and a bar" in message


@pytest.mark.parametrize(("intent", "rows", "drawn"), [
    ("A 10, B 12, C 9, as bars, not a line", _rows(("A", 10), ("B", 12), ("C", 9)), "bar"),
    ("Ridership by line: Line 4 10, Line 7 12, Red Line 9", _rows(("Line 4", 10), ("Line 7", 12), ("Red Line", 9)), "bar"),
    ("Metro area population: Leeds 2.9M, York 0.2M, Hull 0.3M",
     _rows(("Leeds", 2_900_000), ("York", 200_000), ("Hull", 300_000)), "bar"),
    ("Signups: Mon 34, Tue 41, Wed 29, drawn as a thin line, no area fill",
     _rows(("Mon", 34), ("Tue", 41), ("Wed", 29)), "line"),
])
def test_mark_words_that_name_things_or_are_refused_ask_for_nothing(intent: str, rows: Rows, drawn: str) -> None:
    title = intent.split(":")[0]
    assert _check(intent, rows, mark=drawn, title=title) is None


def test_version_like_x_values_are_names_not_numbers() -> None:
    intent = "Node release adoption\n18.10\t22\n18.9\t30\n20.10\t41"
    pairs = [{"x": 18.1, "y": 22}, {"x": 18.9, "y": 30}, {"x": 20.1, "y": 41}]
    code, message = _check(intent, pairs, mark="point", pairs=True) or ("", "")
    assert code == "SHAPE_NOT_ASKED" and "'18.10'" in message
    # decimals written alike are numbers: "2.50, 3.75, 4.00" as x of a scatter stays a scatter
    prices = "scatter of price vs units: 2.50 → 120, 3.75 → 95, 4.00 → 80"
    assert _check(prices, [{"x": 2.5, "y": 120}, {"x": 3.75, "y": 95}, {"x": 4.0, "y": 80}], mark="point", pairs=True) is None


def test_planted_mark_not_asked_is_refused() -> None:
    intent = "Visits by weekday\nMon\t120\nTue\t135\nWed\t128\n\nbars please"
    _refused(_planted(intent, mark="line"), "SHAPE_NOT_ASKED", "'bars'")


def test_planted_json_mark_not_honoured_is_refused() -> None:
    intent = '{"type": "line", "points": [[1, 10], [2, 14], [3, 19], [4, 21]]}'
    _refused(_planted(intent, mark="point"), "SHAPE_NOT_ASKED", "'line'")


# ---------------------------------------------------------------------------------------------
# 4. A part named without a number


@pytest.mark.parametrize("tail", ["the remainder is other browsers", "everything else goes to Opera", "rest is Firefox"])
def test_a_part_without_a_number_is_refused(tail: str) -> None:
    intent = f"browser share pie: Chrome 64%, Safari 19%, Edge 5%, {tail}"
    code, message = _check(intent, _rows(("Chrome", 64), ("Safari", 19), ("Edge", 5)), mark="arc") or ("", "")
    assert code == "VALUE_MISSING" and "give it its number" in message.lower()


def test_a_remainder_with_its_number_is_drawn() -> None:
    intent = "browser share pie: Chrome 64%, Safari 19%, Edge 5%, others 12%"
    assert _check(intent, _rows(("Chrome", 64), ("Safari", 19), ("Edge", 5), ("others", 12)), mark="arc",
                  title="Browser share") is None


def test_planted_remainder_dropped_is_refused() -> None:
    intent = "browser share pie: Chrome 64%, Safari 19%, Edge 5%, everything else goes to Opera"
    _refused(_planted(intent, _rows(("Chrome", 64), ("Safari", 19), ("Edge", 5))), "VALUE_MISSING", "everything else")


# ---------------------------------------------------------------------------------------------
# 5. A total drawn beside its parts


@pytest.mark.parametrize(("intent", "rows"), [
    ("Overall headcount was 120: Engineering 70 and Sales 60. Pie chart please.",
     _rows(("Overall headcount", 120), ("Engineering", 70), ("Sales", 60))),
    ("Subtotal 40, Tax 8, Tip 6", _rows(("Subtotal", 40), ("Tax", 8), ("Tip", 6))),
    ("Visitors: all 900, mobile 600, desktop 250", _rows(("all", 900), ("mobile", 600), ("desktop", 250))),
])
def test_a_total_beside_its_parts_is_refused(intent: str, rows: Rows) -> None:
    code, message = _check(intent, rows, mark="arc" if "Pie" in intent else "bar") or ("", "")
    assert code == "VALUE_NOT_PLACED" and "whole" in message


def test_totals_alone_and_remainders_are_not_totals() -> None:
    assert _check("Total sales by year: 2022 410, 2023 520, 2024 610",
                  _rows(("2022", 410), ("2023", 520), ("2024", 610)), title="Total sales by year") is None
    assert _check("Headcount by office: London 40, Paris 25, Berlin 18, all others 12",
                  _rows(("London", 40), ("Paris", 25), ("Berlin", 18), ("all others", 12)), title="Headcount by office") is None


def test_planted_total_among_parts_is_refused() -> None:
    intent = "Headcount: Engineering 70, Sales 50, Total 120. Pie chart please."
    _refused(_planted(intent, _rows(("Engineering", 70), ("Sales", 50), ("Total", 120))), "VALUE_NOT_PLACED", "'Total'")


@pytest.mark.parametrize(("intent", "rows"), [
    ("Spend was $12k, split as: rent $5k, payroll $7k. Pie please.",
     _rows(("Spend", 12_000), ("rent", 5_000), ("payroll", 7_000))),
    ("Budget 500k, broken down as follows. Ops 300k, Research 200k",
     _rows(("Budget", 500_000), ("Ops", 300_000), ("Research", 200_000))),
])
def test_a_whole_named_before_its_breakdown_is_not_a_part(intent: str, rows: Rows) -> None:
    # refused by the first rule that sees it: the breakdown words between the whole and its parts, or the whole itself
    assert _check(intent, rows, mark="arc") is not None


def test_planted_whole_beside_its_breakdown_is_refused() -> None:
    intent = "Spend was $12k, split as: rent $5k, payroll $7k. Pie please."
    assert _planted(intent, _rows(("Spend", 12_000), ("rent", 5_000), ("payroll", 7_000))).status == "invalid"
    # the drafter's own reading of "of which" is caught too: the framing words are not part of a name
    intent = "Revenue was $10M, of which Product A $6M and Product B $4M. Pie please."
    _refused(_planted(intent), "LABEL_NOT_IN_INTENT", "'of which'")


def test_a_remainder_drawn_under_its_own_word_while_the_intent_names_it_is_refused() -> None:
    intent = "pie: organic 52%, paid 30%, remaining 18% is referral"
    code, message = _check(intent, _rows(("organic", 52), ("paid", 30), ("remaining", 18)), mark="arc") or ("", "")
    assert code == "VALUE_MISSING" and "'referral'" in message


def test_money_in_trillions_with_a_capital_t_is_read_only_after_a_currency() -> None:
    assert [t.value for t in find_value_tokens("Apple $3.4T, a 3T scanner")] == [3.4e12]
    assert _valid("Market caps: Apple $3.4T, Microsoft $3.1T, Nvidia $2.9T")


@pytest.mark.parametrize("intent", [
    "Revenue by state: Kerala 12 lakh, Goa 8 lakh, Punjab 15 lakh",
    "Sales: Pune 3 crore, Nashik 1 crore, Nagpur 2 crore",
])
def test_a_magnitude_word_the_scanners_do_not_read_is_refused(intent: str) -> None:
    labels = [item.split(":")[-1].split()[0] for item in intent.split(", ")]
    values = [float(item.split()[-2]) for item in intent.split(", ")]
    code, message = _check(intent, _rows(*zip(labels, values, strict=True))) or ("", "")
    assert code == "VALUE_NOT_PLACED" and "in digits" in message
    assert not _valid(intent)


@pytest.mark.parametrize("intent", [
    "Bugs opened 19, Bugs fixed 23, Bugs deferred 4",
    "Doors opened 19\nDoors jammed 23\nDoors repaired 4",
])
def test_a_label_cut_before_the_word_its_siblings_keep_is_refused(intent: str) -> None:
    items = [item.strip() for item in intent.replace("\n", ", ").split(", ")]
    faithful = _rows(*((item.rsplit(" ", 1)[0], float(item.rsplit(" ", 1)[1])) for item in items))
    assert _check(intent, faithful) is None
    cut = [dict(faithful[1], label=faithful[1]["label"].split()[0]), faithful[0], faithful[2]]
    code, message = _check(intent, cut) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT" and faithful[1]["label"].split()[1] in message
    # names that all put a verb before their value keep the verb out of the name
    assert _check("Team A scored 12, Team A reserves scored 7, Team B scored 9",
                  _rows(("Team A", 12), ("Team A reserves", 7), ("Team B", 9))) is None


def test_planted_label_cut_before_its_verb_is_refused() -> None:
    intent = "Bugs opened 19, Bugs fixed 23, Bugs deferred 4"
    _refused(_planted(intent, _rows(("Bugs opened", 19), ("Bugs", 23), ("Bugs deferred", 4))), "LABEL_NOT_IN_INTENT", "'fixed'")


def test_remainder_words_in_the_subject_name_the_measure() -> None:
    intent = "Tickets remaining by team: Alpha 3, Beta 5, Gamma 2"
    assert _check(intent, _rows(("Alpha", 3), ("Beta", 5), ("Gamma", 2)), title="Tickets remaining by team") is None


def test_a_remainder_named_before_the_data_is_refused_even_if_the_title_holds_it() -> None:
    intent = "pie of traffic, the rest being email: search 48%, direct 27%, social 15%"
    code, message = _check(intent, _rows(("search", 48), ("direct", 27), ("social", 15)), mark="arc",
                           title="Traffic, the rest being email") or ("", "")
    assert code == "VALUE_MISSING" and "'email'" in message
