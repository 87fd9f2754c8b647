"""Families found by the first-contact run of the sealed ae_ batch (written to be tricky; its three wrong valids,
all charts, fixed by rule):

- A title asked in markdown bold or code ("title **Regional revenue FY24**", "title `Team sizes 2025`") is read
  as asked by the drafter and the check; a markdown heading ("## Regional revenue") never keeps its marks.
- A calculation asked for ("calculate the compound annual growth rate … as a percentage") with no chart named
  is another artifact: refused. With a chart named ("calculate the average and chart it") the chart would not
  show it: refused, Forma computes nothing.
- "the three services that paged last night" over five values picks a subset the data do not show: refused.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import answer, get_kind


def _chart(intent: str):
    return answer("chart", intent, "vega-lite", {})


def _title(verdict) -> str:
    title = verdict.result["title"]
    return title.get("text", "") if isinstance(title, dict) else title


@pytest.mark.parametrize(("intent", "title"), [
    ("## Regional revenue\n\nPlease draw grouped bars, title **Regional revenue FY24**.\n\n| Quarter | North | South |\n"
     "|---|---|---|\n| Q1 | 410 | 385 |\n| Q2 | 452 | 371 |", "Regional revenue FY24"),
    ("bar chart, title `Team sizes 2025`: eng 12, ops 4", "Team sizes 2025"),
    ("## Regional revenue\nQ1 10, Q2 12", "Regional revenue"),
])
def test_markdown_titles_are_read_as_written(intent: str, title: str) -> None:
    verdict = _chart(intent)
    assert verdict.status == "valid"
    assert _title(verdict) == title


def test_the_check_alone_refuses_a_bold_title_not_drawn() -> None:
    intent = "bar chart, title **Team sizes 2025**: eng 12, ops 4"
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    assert kind.check(intent, replace(draft, artifact={**draft.artifact, "title": "Team sizes"}), {}).status == "invalid"


@pytest.mark.parametrize(("intent", "code"), [
    ("Please calculate the compound annual growth rate of revenue between FY2019 (USD 1.2M) and FY2024 (USD 2.9M) "
     "and state it as a percentage for the board memo.", "UNSUPPORTED_CHART"),
    ("Please calculate the average and chart it: Mon 3, Tue 4", "REQUEST_NOT_HONOURED"),
    ("Incident review step 2: chart error rate (%) for the three services that paged last night. Error rates: api "
     "2.1, auth 0.4, search 3.8, billing 1.7, notifications 5.2.", "REQUEST_NOT_HONOURED"),
])
def test_asks_the_chart_cannot_honour_are_refused(intent: str, code: str) -> None:
    verdict = _chart(intent)
    assert verdict.status == "invalid" and verdict.reason["code"] == code


def test_a_count_with_a_clause_that_matches_the_values_is_drawn() -> None:
    assert _chart("Chart the three services that we run: api 2.1, auth 0.4, search 3.8").status == "valid"



# ---------------------------------------------------------------------------------------------
# A pasted row whose value is a placeholder ("mar,-", "Q3,n/a") was left out of the chart without a word


@pytest.mark.parametrize("intent", [
    "month,sales\njan,10\nfeb,12\nmar,-",
    "month,sales\njan,10\nfeb,12\nmar,n/a\napr,13",
])
def test_a_row_without_its_value_is_refused_by_name(intent: str) -> None:
    verdict = _chart(intent)
    assert verdict.status == "invalid" and verdict.reason["code"] == "VALUE_MISSING"
    assert "'mar' has no value" in verdict.reason["message"]


def test_the_check_alone_refuses_a_row_without_its_value_left_out() -> None:
    intent = "month,sales\njan,10\nfeb,12\nmar,-"
    kind = get_kind("chart")
    draft = kind.draft("month,sales\njan,10\nfeb,12", "vega-lite", {})
    assert kind.check(intent, draft, {}).status == "invalid"


def test_a_sentence_after_the_rows_is_still_no_row() -> None:
    assert _chart("region,sales\nnorth,10\nsouth,12\neast,9\n-- donut please, title Q3").status == "valid"
