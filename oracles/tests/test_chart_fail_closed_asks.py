"""The chart check follows what the intent asks of its data (oracles/engine/chart/fail_closed_asks.py).

Five families, each with unit tests of the check alone (our own phrasings, the faithful chart passing
beside the faulty one) and a planted bug (the drafter's spec with the fault planted, handed to the whole
check, which must answer `invalid`):
- a subset asked ("only the two largest", "the 4 cheapest", "bottom-2", {"max_bars": 3}) and all drawn;
- a number cut at its thousands separator ("08:00 – 2,310" drawn as '08:00 – 2' and 310);
- a removal or a correction ("please delete Android", "correction: Bob should be 8"), and a sentence word
  drawn as a label ("the");
- a remainder named without a number ("team is what's left", "other makes up the difference");
- a JSON ask naming one field among several ({"churn": […], "signups": […], "ask": "line of churn"}).
"""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine.chart.faithfulness import check_faithful
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows, _valid

Rows = list[dict[str, Any]]


def _refusal(intent: str, rows: Rows, mark: str = "bar") -> tuple[str, str]:
    """The check's refusal of a hand-drawn chart (the test fails when the chart passes)."""
    refusal = _check(intent, rows, mark)
    assert refusal is not None, "the check passed a chart that ignores the ask"
    return refusal


def _series_spec(rows: Rows) -> dict[str, Any]:
    return {"title": {"text": "Chart"}, "data": {"values": rows}, "mark": {"type": "bar"},
            "encoding": {"x": {"field": "label", "type": "nominal"},
                         "y": {"field": "value", "type": "quantitative", "stack": None},
                         "color": {"field": "series", "type": "nominal"}}}


# ---------------------------------------------------------------------------------------------
# 1. A subset asked


@pytest.mark.parametrize(("intent", "rows", "asked"), [
    ("Plot only the two largest regions: North 420, South 310, East 515, West 120",
     _rows(("North", 420), ("South", 310), ("East", 515), ("West", 120)), "two largest"),
    ("the 4 cheapest plans per month: Basic 9, Plus 15, Pro 29, Team 49, Enterprise 99",
     _rows(("Basic", 9), ("Plus", 15), ("Pro", 29), ("Team", 49), ("Enterprise", 99)), "4 cheapest"),
    ("bottom-2 branches by NPS: Leeds 31, York 44, Hull 12",
     _rows(("Leeds", 31), ("York", 44), ("Hull", 12)), "bottom-2"),
    ("largest three cities, residents: Lagos 154, Cairo 221, Kinshasa 163, Luanda 93",
     _rows(("Lagos", 154), ("Cairo", 221), ("Kinshasa", 163), ("Luanda", 93)), "largest three"),
    ("Bar chart of our 3 most visited pages: /home 900, /docs 610, /blog 220, /jobs 40",
     _rows(("/home", 900), ("/docs", 610), ("/blog", 220), ("/jobs", 40)), "3 most visited"),
])
def test_a_subset_asked_but_all_drawn_is_refused(intent: str, rows: Rows, asked: str) -> None:
    code, message = _refusal(intent, rows)
    assert code == "REQUEST_NOT_HONOURED" and f"'{asked}'" in message, message


def test_a_json_limit_is_a_subset_asked() -> None:
    intent = 'render({"type": "bar", "limit": 3, "values": {"ant": 1, "bee": 2, "cat": 3, "dog": 4}})'
    rows = _rows(("ant", 1), ("bee", 2), ("cat", 3), ("dog", 4))
    code, message = _refusal(intent, rows)
    assert code == "REQUEST_NOT_HONOURED" and "3 of the 4" in message, message


@pytest.mark.parametrize("intent", [
    "Top 3 languages on the team: Python 48, JavaScript 41, Go 12",
    "Downloads in the first 72 hours: Windows 18,420, macOS 9,875, Linux 4,310",
    "the two largest regions: East 515, North 420",
    "Top speeds for the project: cheetah 112, lion 80, horse 88",
])
def test_a_subset_already_given_or_a_time_window_stays_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_subset_ignored_is_refused() -> None:
    intent = "only the two largest regions please: North 420, South 310, East 515, West 120"
    rows = _rows(("North", 420), ("South", 310), ("East", 515), ("West", 120))
    _refused(_planted(intent, rows), "REQUEST_NOT_HONOURED", "'two largest'", "East 515, North 420")


# ---------------------------------------------------------------------------------------------
# 2. A number cut at its thousands separator


@pytest.mark.parametrize(("intent", "rows"), [
    ("hourly hits, as a line:\n08:00 – 2,310\n09:00 – 2,870\n10:00 – 3,005",
     _rows(("08:00 – 2", 310), ("09:00 – 2", 870), ("10:00 – 3", 5))),
    ("Orders per depot: Lyon 2.150, Lille 1.980, Nice 940",
     _rows(("Lyon 2", 150), ("Lille 1", 980), ("Nice", 940))),
    ("Members per club: Zürich 1'250, Basel 980, Bern 1'020",
     _rows(("Zürich 1", 250), ("Basel", 980), ("Bern 1", 20))),
    ("Gate traffic:\nGate A — 1 240\nGate B — 2 310\nGate C — 1 005",
     _rows(("Gate A — 1", 240), ("Gate B — 2", 310), ("Gate C — 1", 5))),
])
def test_a_label_cut_at_a_thousands_separator_is_refused(intent: str, rows: Rows) -> None:
    code, message = _refusal(intent, rows, mark="line" if "line" in intent else "bar")
    assert code in {"LABEL_NOT_IN_INTENT", "VALUE_NOT_IN_INTENT"}, message
    if code == "LABEL_NOT_IN_INTENT":
        assert "thousands separator" in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("Week 1 200, Week 2 210, Week 3 190", _rows(("Week 1", 200), ("Week 2", 210), ("Week 3", 190))),
    ("store,visits\nStore 1,240\nStore 2,310\nStore 3,180",
     _rows(("Store 1", 240), ("Store 2", 310), ("Store 3", 180))),
    ("Bookings: Room 1: 240, Room 2: 310", _rows(("Room 1", 240), ("Room 2", 310))),
])
def test_numbered_labels_that_are_not_cut_stay_valid(intent: str, rows: Rows) -> None:
    assert _check(intent, rows) is None


def test_planted_label_cut_at_a_thousands_comma_is_refused() -> None:
    intent = "calls per hour, line chart please\n07:00 – 1,120\n08:00 – 1,480\n09:00 – 2,015"
    rows = _rows(("07:00 – 1", 120), ("08:00 – 1", 480), ("09:00 – 2", 15))
    _refused(_planted(intent, rows, mark="line"), "LABEL_NOT_IN_INTENT", "'07:00 – 1'", "'1,120'")


# ---------------------------------------------------------------------------------------------
# 3. Removals, corrections, and sentence words drawn as labels


@pytest.mark.parametrize(("intent", "rows", "cue"), [
    ("Sign-ups: Web 40, iOS 25, Android 30. Please delete Android, it's a duplicate.",
     _rows(("Web", 40), ("iOS", 25), ("Android", 30)), "delete"),
    ("Revenue by region: North 12, South 9, East 7. Take out East.",
     _rows(("North", 12), ("South", 9), ("East", 7)), "Take out"),
    ("Scores: Ann 7, Bob 9, Cy 4. Correction: Ann and Bob are the other way round.",
     _rows(("Ann", 7), ("Bob", 9), ("Cy", 4)), "Correction"),
    ("Pages read: Mon 3, Tue 4, Wed 5 (oops, I mixed up Mon and Wed)",
     _rows(("Mon", 3), ("Tue", 4), ("Wed", 5)), "mixed up"),
    ("tickets by queue: A 3, B 5, C 9; no wait, B is the 9 and C the 5",
     _rows(("A", 3), ("B", 5), ("C", 9)), "no wait"),
    ("Mon 3, Tue 4, Wed 5 — wait, the 4 was Wednesday", _rows(("Mon", 3), ("Tue", 4), ("Wed", 5)), "wait"),
])
def test_a_removal_or_a_correction_is_refused(intent: str, rows: Rows, cue: str) -> None:
    code, message = _refusal(intent, rows)
    assert code == "REQUEST_NOT_HONOURED" and cue in message and "Restate the final numbers" in message, message


@pytest.mark.parametrize(("intent", "label"), [
    ("Bugs closed: Mon 4, Tue 6 — hmm, the 6 was Wed", "the"),
    ("Leads: Ada 4, Ben 6, and that 9", "that"),
])
def test_a_sentence_word_is_never_a_label(intent: str, label: str) -> None:
    names = ("Mon", "Tue") if label == "the" else ("Ada", "Ben")
    rows = _rows((names[0], 4), (names[1], 6), (label, 6 if label == "the" else 9))
    code, message = _refusal(intent, rows)
    assert code == "LABEL_NOT_IN_INTENT" and f"'{label}'" in message, message


@pytest.mark.parametrize("intent", [
    "Average wait in minutes: Triage 12, Imaging 30, Lab 18",
    "Answers: Yes 40, No 12, Unsure 3",
])
def test_wait_as_a_noun_and_short_names_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_removal_ignored_is_refused() -> None:
    intent = "Monthly users per app: Orbit 9,100, Comet 2,400, Nova 6,300. Actually remove Comet, we shut it down."
    _refused(_planted(intent, _rows(("Orbit", 9100), ("Comet", 2400), ("Nova", 6300))), "REQUEST_NOT_HONOURED", "remove")


def test_planted_correction_ignored_is_refused() -> None:
    intent = "PRs merged: Mon 12, Tue 15, Wed 14 — sorry, Tue was the 14 and Wed the 15. Bar chart."
    _refused(_planted(intent, _rows(("Mon", 12), ("Tue", 15), ("Wed", 14))), "REQUEST_NOT_HONOURED", "sorry")


@pytest.mark.parametrize("intent", [
    "Scores: Ann 7, Bob 9, Cy 4. Correction: Bob should be 8.",
    "Pages read: Mon 3, Tue 4, Wed 5 (sorry, Wed was 6)",
    "tickets by queue: A 3, B 5, C 9; no wait, C is 7",
])
def test_a_correction_with_a_new_number_is_never_valid(intent: str) -> None:
    assert not _valid(intent)


def test_planted_correction_drawn_as_a_label_is_refused() -> None:
    # the drafter took the correction for a name: 'except bananas were actually' 9 beside 'bananas' 7
    intent = "bar chart: apples 10, oranges 12, bananas 7, except bananas were actually 9"
    rows = _rows(("apples", 10), ("oranges", 12), ("bananas", 7), ("except bananas were actually", 9))
    _refused(_planted(intent, rows), "REQUEST_NOT_HONOURED", "were actually")


def test_a_correction_word_inside_a_name_stays_valid() -> None:
    assert _valid("bar chart: Typo fixes 12, Swapped parts 4, Returns 7")


def test_planted_sentence_word_label_is_refused() -> None:
    intent = "Bugs fixed: Mon 7, Tue 5, Wed 9. Bar chart."
    _refused(_planted(intent, _rows(("Mon", 7), ("Tue", 5), ("the", 9))), "LABEL_NOT_IN_INTENT", "'the'")


# ---------------------------------------------------------------------------------------------
# 4. A remainder named without a number


@pytest.mark.parametrize(("intent", "rows", "part"), [
    ("donut of plan mix: free 70%, pro 22%, team is what's left", _rows(("free", 70), ("pro", 22)), "team"),
    ("pie: iOS 44%, Android 41%, other makes up the difference", _rows(("iOS", 44), ("Android", 41)), "other"),
    ("budget split: rent 50%, food 20%, savings gets whatever is left over", _rows(("rent", 50), ("food", 20)), "savings"),
    ("traffic: search 50%, social 30%, direct takes the rest", _rows(("search", 50), ("social", 30)), "direct"),
])
def test_a_named_remainder_not_drawn_is_refused(intent: str, rows: Rows, part: str) -> None:
    code, message = _refusal(intent, rows, mark="arc")
    assert code == "VALUE_MISSING" and (f"'{part}'" in message or "without a number" in message), message


@pytest.mark.parametrize("intent", [
    "pie: iOS 44%, Android 41%, other 15%",
    "Plan prices per month: Basic 9, Pro 29, Team 49",
])
def test_parts_with_numbers_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_remainder_left_out_is_refused() -> None:
    intent = "quick pie — visits by browser: chrome 61%, safari 24%, firefox is whatever's left"
    _refused(_planted(intent, _rows(("chrome", 61), ("safari", 24)), mark="arc"), "VALUE_MISSING", "'firefox'")


# ---------------------------------------------------------------------------------------------
# 5. A JSON ask naming one field among several


_SIGNUPS_CHURN = [{"series": name, "label": q, "value": v}
                  for name, values in (("signups", (10, 12, 15)), ("churn", (2, 3, 1)))
                  for q, v in zip(("q1", "q2", "q3"), values, strict=True)]


@pytest.mark.parametrize(("ask", "named", "other"), [
    ('"ask": "plot churn per quarter"', "'churn'", "'signups'"),
    ('"chart": "bar of signups per quarter"', "'signups'", "'churn'"),
])
def test_a_json_ask_naming_one_field_is_followed(ask: str, named: str, other: str) -> None:
    """"plot churn per quarter" picks the field (picks.py, read by the check on its own): both drawn are refused,
    the named field alone passes."""
    intent = f'{{"labels": ["q1", "q2", "q3"], "signups": [10, 12, 15], "churn": [2, 3, 1], {ask}}}'
    refusal = check_faithful(intent, _series_spec(_SIGNUPS_CHURN), _SIGNUPS_CHURN)
    assert refusal is not None and refusal[0] == "VALUE_NOT_PLACED" and other in refusal[1], refusal
    alone = [{"label": row["label"], "value": row["value"]} for row in _SIGNUPS_CHURN if repr(row["series"]) == named]
    assert check_faithful(intent, _series_spec(alone), alone) is None


def test_a_json_ask_naming_every_field_stays_valid() -> None:
    intent = '{"labels": ["q1", "q2", "q3"], "signups": [10, 12, 15], "churn": [2, 3, 1], "chart": "signups vs churn"}'
    assert check_faithful(intent, _series_spec(_SIGNUPS_CHURN), _SIGNUPS_CHURN) is None


def test_planted_field_not_asked_is_refused() -> None:
    intent = '{"labels": ["db", "cache", "queue"], "cpu": [71, 22, 35], "mem": [64, 80, 12], "plot": "bar of cpu per host"}'
    rows = [{"series": name, "label": host, "value": v}
            for name, values in (("cpu", (71, 22, 35)), ("mem", (64, 80, 12)))
            for host, v in zip(("db", "cache", "queue"), values, strict=True)]
    # the reader now draws cpu alone (one series), so the planted two-series chart is refused first for its shape;
    # the check's own pick of 'cpu' refuses the 'mem' values too (test_a_json_ask_naming_one_field_is_followed)
    assert _planted(intent, rows).status == "invalid"
    assert _planted(intent, [{"label": h, "value": v} for h, v in (("db", 71), ("cache", 22), ("queue", 35))]).status == "valid"


# ---------------------------------------------------------------------------------------------
# 2b. A dot before three digits: a thousands group or a decimal


@pytest.mark.parametrize(("intent", "rows"), [
    ("Visitors per museum: Louvre 8.700, Orsay 3.250, Rodin 1.120",
     _rows(("Louvre", 8.7), ("Orsay", 3.25), ("Rodin", 1.12))),
    ("Queries per minute\nnode-a — 2.048\nnode-b — 1.536", _rows(("node-a", 2.048), ("node-b", 1.536))),
])
def test_a_dot_before_three_digits_is_refused_as_two_readings(intent: str, rows: Rows) -> None:
    code, message = _refusal(intent, rows)
    assert code == "VALUE_NOT_PLACED" and "reads two ways" in message, message


@pytest.mark.parametrize(("intent", "rows"), [
    ("Lap times in minutes: Ana 1.250, Ben 1.5, Cal 2.75", _rows(("Ana", 1.25), ("Ben", 1.5), ("Cal", 2.75))),
    ("Recall by model: base 0.812, large 0.905", _rows(("base", 0.812), ("large", 0.905))),
])
def test_decimals_the_list_shows_as_decimals_stay_valid(intent: str, rows: Rows) -> None:
    assert _check(intent, rows) is None


def test_planted_dot_group_drawn_as_a_decimal_is_refused() -> None:
    intent = "orders per hour\n06:00 — 1.050\n07:00 — 1.420\n08:00 — 2.310"
    _refused(_planted(intent, _rows(("06:00", 1.05), ("07:00", 1.42), ("08:00", 2.31))), "VALUE_NOT_PLACED", "'1.050'")
