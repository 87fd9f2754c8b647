"""Families the second coverage-audit round found answered `valid` but wrong, one rule each.

Each test checks a drafter that ignores the added content (its draft is made from the intent
without it) against the intent with it: the independent check must refuse. A few phrasings of the
family are tried, and a few look-alikes that are not the family must stay valid.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer, get_kind


def _checked(drafted_from: str, intent: str) -> tuple[str, str | None]:
    """(status, reason code) of checking, against `intent`, the draft of `drafted_from`."""
    kind = get_kind("chart")
    draft = kind.draft(drafted_from, "vega-lite", {})
    assert kind.check(drafted_from, draft, {}).status == "valid", "the unplanted draft must be valid"
    verdict = kind.check(intent, draft, {})
    return verdict.status, (verdict.reason or {}).get("code")


BASE = "bar chart of tickets per agent: Priya 42, Marco 37, Aiko 51"


# -- a value written in words --------------------------------------------------------------------

@pytest.mark.parametrize("added", ["\nAlso Zorvex: twelve.", ", Zorvex forty-two", "\nZorvex was a dozen.",
                                   "\nAlso Zorvex: half a million."])
def test_a_value_in_words_the_drafter_left_out_is_refused(added: str) -> None:
    assert _checked(BASE, BASE + added) == ("invalid", "VALUE_MISSING")


@pytest.mark.parametrize("intent", ["top five agents by tickets: Priya 42, Marco 37, Aiko 51",
                                    "tickets per agent (all three on one team): Priya 42, Marco 37, Aiko 51"])
def test_number_words_that_count_the_question_are_not_values(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "valid"


# -- a value stated as a change ------------------------------------------------------------------

def test_a_change_drawn_as_a_value_is_refused() -> None:
    assert _checked(BASE, BASE + "\nZorvex is up 937 from last week.")[0] == "invalid"
    assert answer("chart", BASE + "\nZorvex is up 937 from last week.", "vega-lite", {}).status == "invalid"
    # "A up 5, B down 3": a fall drawn as a rise, the change word glued to the label
    verdict = answer("chart", "weekly change: A up 5, B down 3, C up 2", "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "VALUE_NOT_PLACED"
    verdict = answer("chart", "revenue: North rose by 12, South fell by 4, West 30", "vega-lite", {})
    assert verdict.status == "invalid"


@pytest.mark.parametrize("intent", ["change vs last week: A +5, B -3, C +2", "bar chart: Sign up 42, Browse 12, Pay 9",
                                    "Won 30, Lost 12, Drawn 4", "signups: A 12 (up 3 vs last week), B 15, C 9"])
def test_changes_said_as_changes_and_names_with_up_stay_valid(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "valid"


# -- a scale stated once for every value ----------------------------------------------------------

@pytest.mark.parametrize("added", [" (in thousands)", "\nAll figures in millions.", "\nValues in billions."])
def test_a_scale_the_chart_does_not_show_is_refused(added: str) -> None:
    assert _checked(BASE, BASE + added) == ("invalid", "VALUE_NOT_PLACED")


def test_a_scale_in_the_subject_is_shown_in_the_title() -> None:
    verdict = answer("chart", "revenue in millions: North 12, South 15, West 9", "vega-lite", {})
    assert verdict.status == "valid"
    assert "million" in str(verdict.result["title"]).lower()
