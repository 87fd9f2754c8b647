"""Asks and notes said beside a chart's data that were answered `valid` but not drawn, now refused by the
check (oracles/engine/chart/fail_closed_side_asks.py), each with a rewrite that is read, and planted
drawings the check alone refuses:

- a title asked without quotes ("title it Q1 sales") that is not the drawn title;
- a value given by pointing at another ("…, D same as A", "D twice that"): the item would be left out;
- a note in brackets that takes an item out ("abstain 2 (not counted)");
- an item asked to be added with no value ("Add Apr with the average"); a label ending in a joining word;
  an item after the last value written like the others with no value ("…, team C not started").
"""

from __future__ import annotations

import pytest

from oracles.engine import get_kind
from oracles.tests.test_chart_fail_closed import _planted, _refused, _rows


def _answer(intent: str) -> tuple[str, dict[str, str] | None]:
    verdict = get_kind("chart").check(intent, get_kind("chart").draft(intent, "vega-lite", {}), {})
    return verdict.status, verdict.reason


@pytest.mark.parametrize(("intent", "code"), [
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9 — title it Q1 sales", "REQUEST_NOT_HONOURED"),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9, title it Q1 sales", "REQUEST_NOT_HONOURED"),
    ("Bar chart: A 10, B 20, C 5, D same as A", "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5, D the same as B", "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5, and D equal to C", "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5, D twice that", "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5, D half of B", "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5; D as much as B", "VALUE_MISSING"),
    # a hedge before the pointer, a dash or a full stop before the name, names of two words
    ("Bar chart of revenue: North 120, South 95, East 80 — West was about the same as East", "VALUE_MISSING"),
    ("Bar chart: North 120, South 95, East 80. West roughly equal to East.", "VALUE_MISSING"),
    ("Bars: North 120, South 95 - West about as high as South", "VALUE_MISSING"),
    ("Bar chart: New York 10, Los Angeles 8, San Diego the same as Los Angeles", "VALUE_MISSING"),
    # a label that is only a joining word: the number after it belongs to something else
    ("Bar chart of headcount: Eng 42, Sales 18, Ops 9, plus 3 contractors in Eng", "LABEL_NOT_IN_INTENT"),
    ("Bar chart of headcount: Eng 42, Sales 18, Ops 9 and another 3 in Eng", "LABEL_NOT_IN_INTENT"),
    ("Bar chart of votes: yes 12, no 8, abstain 2 (not counted)", "REQUEST_NOT_HONOURED"),
    ("Bar chart of votes: yes 12, no 8, abstain 2 (excluded)", "REQUEST_NOT_HONOURED"),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9. Add Apr with the average.", "REQUEST_NOT_HONOURED"),
    ("Bar chart: A=10, B=20, C=A+B", "VALUE_MISSING"),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9. Same for last year but 10% lower.", "LABEL_NOT_IN_INTENT"),
    ("Bar chart of completion: team A 80% done, team B 60% done, team C not started", "VALUE_MISSING"),
    ("Compare Q1 and Q2 revenue: Q1 100, Q2 120, and Q3 is not in yet", "VALUE_MISSING"),
])
def test_an_ask_or_note_beside_the_data_is_refused(intent: str, code: str) -> None:
    status, reason = _answer(intent)
    assert status == "invalid" and reason is not None and reason["code"] == code


@pytest.mark.parametrize(("intent", "title", "rows"), [
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9, title it 'Q1 sales'", "Q1 sales", [("Jan", 10), ("Feb", 12), ("Mar", 9)]),
    ("Bar chart: A 10, B 20, C 5, D 10", None, [("A", 10), ("B", 20), ("C", 5), ("D", 10)]),
    ("Bar chart of votes: yes 12, no 8", "Votes", [("yes", 12), ("no", 8)]),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9", "Sales", [("Jan", 10), ("Feb", 12), ("Mar", 9)]),
    ("Bar chart: red 5 blue 3 green 4", None, [("red", 5), ("blue", 3), ("green", 4)]),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9. Add data labels at the top.", "Sales", [("Jan", 10), ("Feb", 12), ("Mar", 9)]),
    ("Chart: team A scored 3 and team B scored 5", None, [("team A", 3), ("team B", 5)]),
    ("Bar chart: A=10, B=20, C=30", None, [("A", 10), ("B", 20), ("C", 30)]),
    ("Bar chart: New York 10, Los Angeles 8, San Diego 8 (same as Los Angeles)", None,
     [("New York", 10), ("Los Angeles", 8), ("San Diego", 8)]),
    ("Bar chart of completion: team A 80% done, team B 60% done, team C 0% done", None,
     [("team A", 80), ("team B", 60), ("team C", 0)]),
])
def test_the_rewrites_are_read(intent: str, title: str | None, rows: list[tuple[str, float]]) -> None:
    draft = get_kind("chart").draft(intent, "vega-lite", {})
    assert get_kind("chart").check(intent, draft, {}).status == "valid"
    assert [(r["label"], r["value"]) for r in draft.artifact["data"]["values"]] == rows
    if title is not None:
        assert draft.artifact["title"]["text"] == title if isinstance(draft.artifact["title"], dict) else draft.artifact["title"] == title


@pytest.mark.parametrize(("intent", "rows", "code"), [
    # a drafter that drops the item whose value is pointed at
    ("Bar chart: A 10, B 20, C 5, D same as A", _rows(("A", 10), ("B", 20), ("C", 5)), "VALUE_MISSING"),
    ("Bar chart: A 10, B 20, C 5, D twice that", _rows(("A", 10), ("B", 20), ("C", 5)), "VALUE_MISSING"),
    # a drafter that keeps the item the note takes out
    ("Bar chart of votes: yes 12, no 8, abstain 2 (not counted)", _rows(("yes", 12), ("no", 8), ("abstain", 2)),
     "REQUEST_NOT_HONOURED"),
    # a drafter that ignores the title and the highlight asked
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9, title it Q1 sales", _rows(("Jan", 10), ("Feb", 12), ("Mar", 9)),
     "REQUEST_NOT_HONOURED"),
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9. Add Apr with the average.", _rows(("Jan", 10), ("Feb", 12), ("Mar", 9)),
     "REQUEST_NOT_HONOURED"),
    # a drafter that draws a piece of a sentence as a label, or drops an item with no value
    ("Bar chart of sales: Jan 10, Feb 12, Mar 9. Same for last year but 10% lower.",
     _rows(("Jan", 10), ("Feb", 12), ("Mar", 9), ("Same for last year but", 10)), "LABEL_NOT_IN_INTENT"),
    ("Bar chart of completion: team A 80% done, team B 60% done, team C not started",
     _rows(("team A", 80), ("team B", 60)), "VALUE_MISSING"),
])
def test_the_check_alone_refuses_the_planted_drawing(intent: str, rows: list[dict[str, object]], code: str) -> None:
    _refused(_planted(intent, rows), code)


# ---------------------------------------------------------------------------------------------
# A stack asked by a dimension the data do not give, and shares of the total asked but values drawn as stated


def test_a_stack_by_a_dimension_the_data_do_not_give_is_refused_and_the_rewrite_is_read() -> None:
    status, reason = _answer("sales by region: North 10, South 20, East 15 — stacked by channel")
    assert status == "invalid" and reason["code"] == "REQUEST_NOT_HONOURED"
    status, _ = _answer("stacked bars, web vs store: North 6/4, South 12/8")
    assert status == "valid"


@pytest.mark.parametrize(("intent", "status"), [
    ("bar chart of revenue share (% of total): A 120, B 80", "invalid"),
    ("bar chart of revenue share (% of total): A 60, B 40", "valid"),  # the values are the shares
    ("pie of sales as a percentage of total: North 10, South 20, East 15", "valid"),  # a pie shows the shares
])
def test_shares_of_the_total_are_drawn_only_when_given(intent: str, status: str) -> None:
    assert _answer(intent)[0] == status


@pytest.mark.parametrize("intent", [
    "My kids tracked the books they read this summer — Maya read 14, Leo 9, and little Sam managed 5! Horizontal bars please",
    "books read this summer: Maya read 14, Leo read 9, Sam read 5",
    "miles run: Alice ran 5, Bob ran 7",
    "Our cats caught mice: Tom caught 4, Kit caught 2",
])
def test_a_verb_glued_to_a_name_is_refused(intent: str) -> None:
    status, reason = _answer(intent)
    assert status == "invalid" and reason is not None and reason["code"] == "LABEL_NOT_IN_INTENT", reason
    assert "not who it is" in reason["message"]


def test_names_ending_in_a_participle_stay_valid() -> None:
    assert _answer("Books read 12, Films watched 3")[0] == "valid"


def test_planted_verb_glued_to_a_name_is_refused() -> None:
    """The drafter cutting the names wrong ('Maya read') is caught by the check, whatever the drafter read."""
    from oracles.tests.test_chart_fail_closed import _planted, _rows
    verdict = _planted("Maya read 14, Leo 9, Sam 5", rows=_rows(("Maya read", 14), ("Leo", 9), ("Sam", 5)))
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT"
