"""Counts before the names of what they count (issue 8, section 3): "We sold 120 lattes, 85 cappuccinos and 34
mochas at the pop-up", "12 red, 7 blue, 19 green — marbles in the jar". The drafter reads every item as a bare
value and the name right after it (items._counted_nouns); the check ties each value to the name after it only
when the item is opened by a list break, a spaced dash or a verb of counting, and closed by the next item, or,
for the last one, by where or when it was counted (faithful_words._ITEM_OPENS_BEFORE, _SETTING_AFTER_LAST).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from oracles.engine import answer, get_kind
from oracles.tests.test_chart_agent_json import _drawn
from oracles.tests.test_chart_fail_closed import _planted as planted_rows
from oracles.tests.test_chart_faithfulness import _code, _planted, _set_rows


@pytest.mark.parametrize(("intent", "points"), [
    ("We sold 120 lattes, 85 cappuccinos, 60 americanos and 34 mochas at the pop-up yesterday — can you chart "
     "that for the team channel?", [("lattes", 120), ("cappuccinos", 85), ("americanos", 60), ("mochas", 34)]),
    ("quick one — 340 apples, 210 pears, 95 plums, 60 cherries sold at the market stand. bar chart pls",
     [("apples", 340), ("pears", 210), ("plums", 95), ("cherries", 60)]),
    ("12 red, 7 blue, 19 green, 4 yellow — marbles in the jar, bar chart",
     [("red", 12), ("blue", 7), ("green", 19), ("yellow", 4)]),
    ("Team sizes: 5 engineers, 3 designers and 2 product managers",
     [("engineers", 5), ("designers", 3), ("product managers", 2)]),
    ("We caught 7 trout, 3 pike and 11 perch on Saturday.", [("trout", 7), ("pike", 3), ("perch", 11)]),
    ("pie: 45 yes, 30 no, 25 unsure", [("yes", 45), ("no", 30), ("unsure", 25)]),
])
def test_a_count_before_each_name_is_read(intent: str, points: list[tuple[str, float]]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows == points


def test_a_sentence_opening_before_the_counts_is_no_title() -> None:
    verdict = answer("chart", "We sold 120 lattes, 85 cappuccinos and 34 mochas", "vega-lite", {})
    assert verdict.status == "valid"
    assert "We sold" not in json.dumps(verdict.result)  # the start of a sentence names nothing


@pytest.mark.parametrize("intent", [
    "17 bugs frontend, 29 backend, 8 infra, 3 docs",  # "bugs" is what is counted, not part of the first name
    "8 hours sleeping, 9 working, 2 commuting",  # a unit after the first value
    "5 hours reading, 3 hours gaming, 2 hours cooking",
    "We sold 120 of the small mugs, 85 of the large ones and 40 travel mugs",  # "the large ones" names nothing
])
def test_counts_whose_names_are_unclear_are_refused(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


COUNTS = "We sold 120 lattes, 85 cappuccinos and 34 mochas at the pop-up"


def _checked_against(intent: str, drawn_from: str, rows: list[tuple[str, float]]) -> str:
    """A draft of `drawn_from` with `rows` planted in it, checked against `intent`: the check alone decides."""
    kind = get_kind("chart")
    draft = kind.draft(drawn_from, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = [{"label": label, "value": value} for label, value in rows]
    facts = {**json.loads(json.dumps(draft.facts)),
             "series": [{"name": None, "points": [{"label": label, "value": value} for label, value in rows]}]}
    return kind.check(intent, replace(draft, artifact=spec, facts=facts), {}).status


@pytest.mark.parametrize(("intent", "rows"), [
    ("17 bugs frontend, 29 backend, 8 infra", [("bugs frontend", 17), ("backend", 29), ("infra", 8)]),
    ("5 hours reading, 3 hours gaming, 2 hours cooking", [("hours reading", 5), ("hours gaming", 3), ("hours cooking", 2)]),
])
def test_the_check_alone_refuses_a_name_that_holds_what_is_counted(intent: str, rows: list[tuple[str, float]]) -> None:
    assert _checked_against(intent, "a 1, b 2, c 3", rows) == "invalid"


def test_the_check_alone_refuses_counts_moved_onto_other_names() -> None:
    verdict = _planted(COUNTS, _set_rows([
        {"label": "lattes", "value": 85}, {"label": "cappuccinos", "value": 120}, {"label": "mochas", "value": 34}]))
    assert _code(verdict) == "VALUE_NOT_PLACED"


# ---------------------------------------------------------------------------------------------
# A request asked as a question before the data ("… for each weekday? Email: Mon 30, …"): no name runs
# across the question mark, and "This year" keeps its "This".


@pytest.mark.parametrize(("intent", "first_row", "series"), [
    ("Could you do a stacked bar of support tickets by channel for each weekday? Email: Mon 30, Tue 25, Wed 28. "
     "Chat: Mon 45, Tue 50, Wed 41. Phone: Mon 12, Tue 9, Wed 14.", ("Email", "Mon", 30), {"Email", "Chat", "Phone"}),
    ("Can you compare this year with last year? This year: Jan 40, Feb 45, Mar 50. Last year: Jan 35, Feb 38, "
     "Mar 49. Grouped bars.", ("This year", "Jan", 40), {"This year", "Last year"}),
    ("This year: Jan 40, Feb 45, Mar 50. Last year: Jan 35, Feb 38, Mar 49.", ("This year", "Jan", 40),
     {"This year", "Last year"}),
])
def test_no_name_runs_across_the_question_before_the_data(intent: str, first_row: tuple, series: set[str]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows[0] == first_row
    assert {row[0] for row in rows} == series


def test_the_check_alone_refuses_a_period_cut_from_its_this() -> None:
    intent = "This year: Jan 40, Feb 45. Last year: Jan 35, Feb 38."
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    for row in spec["data"]["values"]:
        row["series"] = "year" if row["series"] == "This year" else row["series"]
    facts = json.loads(json.dumps(draft.facts))
    for s in facts["series"]:
        s["name"] = "year" if s["name"] == "This year" else s["name"]
    assert kind.check(intent, replace(draft, artifact=spec, facts=facts), {}).status == "invalid"


# ---------------------------------------------------------------------------------------------
# A lowercase name ended by a verb that takes the amount: "education received $2.4 million, health $1.8 million"

GRANTS = ("the foundation distributed grants across four areas: adult education received $2.4 million, health "
          "$1.8 million, climate $950,000 and the arts $300,000. A pie chart please.")


def test_a_verb_taking_the_amount_ends_a_lowercase_name() -> None:
    status, _, rows = _drawn(GRANTS)
    assert status == "valid"
    assert rows[0] == ("adult education", 2_400_000)


def test_the_check_alone_refuses_a_lowercase_name_cut_before_such_a_verb() -> None:
    verdict = planted_rows(GRANTS, [{"label": "education", "value": 2_400_000}, {"label": "health", "value": 1_800_000},
                                    {"label": "climate", "value": 950_000}, {"label": "the arts", "value": 300_000}])
    assert verdict.status == "invalid"
