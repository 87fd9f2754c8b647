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


# -- a phrasal name cut at its particle -----------------------------------------------------------

@pytest.mark.parametrize("intent", ["bar chart of daily actions: Sign up 42, Log in 30, Browse 12",
                                    "bar chart of desk events: Check in 30, Check out 25, Cancel 4",
                                    "bar chart of clicks: Opt in 30, Opt out 25, Ignore 4"])
def test_a_name_cut_before_its_particle_is_refused(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT"


def test_a_drafter_cutting_log_in_to_log_is_refused() -> None:
    status, code = _checked("bar chart of daily actions: Sign up 42, Log 30, Browse 12",
                            "bar chart of daily actions: Sign up 42, Log in 30, Browse 12")
    assert (status, code) == ("invalid", "LABEL_NOT_IN_INTENT")


def test_names_holding_in_stay_valid() -> None:
    assert answer("chart", "bar chart: Made in Italy 30, Made in Spain 25, Other 4", "vega-lite", {}).status == "valid"


# -- diagrams: a note that leaves a step out is no edge label ---------------------------------------

@pytest.mark.parametrize("intent", ["build -> test -> deploy (no test step for hotfixes)",
                                    "build -> test -> deploy (skip test for hotfixes)",
                                    "lint -> review -> merge (without the review for typo fixes)"])
def test_a_note_that_skips_a_step_is_not_drawn_as_an_edge_label(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    # refused as a label that leaves a step out, or earlier as a step the intent asks to skip
    assert verdict.status == "invalid" and verdict.reason["code"] in {"EDGE_LABEL_HOLDS_NODE", "CONTENT_NOT_PLACED"}


def test_a_drafter_labelling_an_edge_with_a_skipped_step_is_refused() -> None:
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.faithfulness import check_faithful

    with pytest.raises(EngineRefusal) as refused:
        check_faithful("build -> test -> deploy (no test step for hotfixes)", ["build", "test", "deploy"],
                       [("build", "test", None), ("test", "deploy", "no test step for hotfixes")])
    assert refused.value.code == "EDGE_LABEL_HOLDS_NODE"


@pytest.mark.parametrize("low,high", [("amount <= 500", "amount > 500"), ("amount < 500", "amount >= 500"),
                                      ("amount under 500", "amount over 500")])
def test_edge_labels_differing_only_by_their_operator_cannot_be_swapped(low: str, high: str) -> None:
    """The check keys edge labels by their words; the operator still tells the two branches apart."""
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.faithfulness import check_faithful

    intent = f"check amount -> auto approve [{low}]; check amount -> manager review [{high}]"
    with pytest.raises(EngineRefusal):
        check_faithful(intent, ["check amount", "auto approve", "manager review"],
                       [("check amount", "auto approve", high), ("check amount", "manager review", low)])


# -- charts: a note under the data ----------------------------------------------------------------

@pytest.mark.parametrize("note", ["*excludes 12 incomplete responses", "† 3 regions provisional",
                                  "(*) excludes refunds of 40"])
def test_a_note_under_the_data_is_never_drawn_as_an_item(note: str) -> None:
    verdict = answer("chart", f"respondents by band: 18–24: 210, 25–34: 540, 35–44: 480\n{note}", "vega-lite", {})
    assert verdict.status == "invalid" or all(
        row["label"] in ("18–24", "25–34", "35–44") for row in verdict.result["data"]["values"])


def test_a_drafter_drawing_a_note_as_an_item_is_refused() -> None:
    status, code = _checked("respondents: North 210, South 540, excludes 12",
                            "respondents: North 210, South 540\n*excludes 12 incomplete responses")
    assert status == "invalid" and code in ("LABEL_NOT_IN_INTENT", "VALUE_NOT_PLACED")


# -- diagrams: a step ruled out, a sentence after a table ------------------------------------------

@pytest.mark.parametrize("intent", ["Sprint cycle: planning, development, review, then back to planning.\n"
                                    "Do not include the development step.",
                                    "red → green after 30 s, green → yellow after 25 s, yellow → red after 5 s. Leave out green.",
                                    "build -> test -> deploy. Don't draw the test step."])
def test_a_step_the_intent_rules_out_is_not_drawn(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"


def test_a_step_named_with_a_leave_out_verb_is_still_a_step() -> None:
    assert answer("diagram", "warm cache -> drop the cache -> reload", "dot", {}).status == "valid"


@pytest.mark.parametrize("tail", ["login is preceded by intake.", "Also an audit step.", "audit"])
def test_a_sentence_after_an_edge_table_must_be_placed(tail: str) -> None:
    intent = f"from,to,label\nlogin,home,success\nlogin,error page,failure\nerror page,login,retry\n{tail}"
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_a_caption_after_an_edge_table_is_its_heading() -> None:
    intent = "source,target\nlogin,dashboard\ndashboard,settings\n\nscreen flow graph please"
    assert answer("diagram", intent, "dot", {}).status == "valid"


# -- charts: more than one chart asked --------------------------------------------------------------

@pytest.mark.parametrize("intent", ["two charts please — signups: Mon 34, Tue 41, Wed 29. churn: Mon 3, Tue 4, Wed 2",
                                    "one chart per region — North: Mon 34, Tue 41. South: Mon 3, Tue 4",
                                    "signups: Mon 34, Tue 41, Wed 29, then another bar chart for churn: Mon 3, Tue 4"])
def test_several_charts_asked_in_one_intent_are_refused(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


def test_a_drafter_merging_two_asked_charts_into_one_is_refused() -> None:
    status, code = _checked("signups: Mon 34, Tue 41, Wed 29. churn: Mon 3, Tue 4, Wed 2",
                            "two separate charts — signups: Mon 34, Tue 41, Wed 29. churn: Mon 3, Tue 4, Wed 2")
    assert (status, code) == ("invalid", "REQUEST_NOT_HONOURED")


# -- charts: leave-out requests, totals in brackets, approximate numbers --------------------------------

@pytest.mark.parametrize("added", ["\nDo not include Aiko.", "\nLeave out Aiko 51.", "\nOmit Aiko."])
def test_a_request_to_leave_an_item_out_is_refused(added: str) -> None:
    assert answer("chart", BASE + added, "vega-lite", {}).status == "invalid"


def test_a_label_opening_with_leave_out_is_refused() -> None:
    """The drafter read "Leave out size 42" as one more item: label "Leave out size", value 42."""
    from oracles.engine.chart.faithfulness import check_faithful

    spec = get_kind("chart").draft("sizes: size 38: 14, size 39: 22, size 40: 31", "vega-lite", {}).artifact
    rows = [*spec["data"]["values"], {"label": "Leave out size", "value": 42}]
    spec = {**spec, "data": {"values": rows}}
    refused = check_faithful("sizes: size 38: 14, size 39: 22, size 40: 31\nLeave out size 42.", spec, rows)
    assert refused is not None and refused[0] == "LABEL_NOT_IN_INTENT"


@pytest.mark.parametrize("intent", ["visitors: 1200 on sat, 1750 on sun, 640 on mon (total 3590)",
                                    "a donut: 60 % equities, 30 % bonds, 10 % gold (total 100)",
                                    "tickets: Priya 42, Marco 37, Aiko 51 (sum 130)"])
def test_a_total_in_brackets_is_not_part_of_a_label(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" or not any(
        "(" in str(row.get("label")) for row in verdict.result["data"]["values"])


@pytest.mark.parametrize("added", ["\nAlso Zorvex: 937ish.", ", Zorvex 40-ish"])
def test_an_approximate_number_the_drafter_left_out_is_refused(added: str) -> None:
    assert _checked(BASE, BASE + added) == ("invalid", "VALUE_MISSING")


# -- charts: a fraction read as a name ending in a number ----------------------------------------------

@pytest.mark.parametrize("intent", ["bar chart of ratio: Acme 4 of 10, Globex 5 of 10, Initech 3 of 10",
                                    "bar chart of passes: Alpha 7 out of 9, Beta 5 out of 9, Gamma 6 out of 9"])
def test_a_fraction_is_not_a_name_and_a_value(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" or not any(
        any(c.isdigit() for c in str(row.get("label"))) for row in verdict.result["data"]["values"])


# -- diagrams: one step named two ways ------------------------------------------------------------------

@pytest.mark.parametrize("intent", [
    "The client sends a request to the API gateway. The gateway forwards it to the order service. "
    "The order svc writes to Postgres.",
    "intake -> triage -> billing team. The billing dept then closes the ticket."])
def test_a_step_named_two_ways_is_not_drawn_as_two_nodes(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"


def test_a_drafter_splitting_one_step_in_two_is_refused() -> None:
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.faithfulness import check_faithful

    intent = "a -> order service. order svc -> postgres"
    with pytest.raises(EngineRefusal) as refused:
        check_faithful(intent, ["a", "order service", "order svc", "postgres"],
                       [("a", "order service", None), ("order svc", "postgres", None)])
    assert refused.value.code == "DUPLICATE_NODE"


@pytest.mark.parametrize("intent,shown", [("signups per day (thousands): Mon 34, Tue 41, Wed 29", "thousands"),
                                          ("population (millions): Oslo 0.7, Bergen 0.3, Trondheim 0.2", "millions"),
                                          ("revenue ($m): North 12, South 15, West 9", "($m)")])
def test_a_bracketed_scale_in_the_subject_stays_in_the_title(intent: str, shown: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid"
    assert shown in str(verdict.result["title"]).lower()


def test_a_drafter_dropping_a_bracketed_scale_is_refused() -> None:
    assert _checked("signups per day: Mon 34, Tue 41, Wed 29",
                    "signups per day (thousands): Mon 34, Tue 41, Wed 29") == ("invalid", "VALUE_NOT_PLACED")


# -- diagrams: a sentence listing groups is no mere announcement -----------------------------------------

def test_a_drafter_drawing_two_of_three_listed_zones_as_boxes_is_refused() -> None:
    """"The warehouse contains zone A, zone B and zone C": with zone A and zone B drawn as boxes, the
    sentence still names the warehouse and zone C; it is not a title announcing the boxes."""
    from oracles.engine.contracts import EngineRefusal
    from oracles.engine.diagram.faithfulness import check_faithful

    intent = ("The warehouse is divided into three zones: zone A, zone B and zone C. Zone A holds aisle A1 and "
              "aisle A2; zone B holds aisle B1.")
    with pytest.raises(EngineRefusal):
        check_faithful(intent, ["aisle A1", "aisle A2", "aisle B1"], [],
                       [("Zone A", ["aisle A1", "aisle A2"]), ("zone B", ["aisle B1"])])


def test_an_announcement_of_declared_groups_is_still_a_title() -> None:
    from oracles.engine.diagram.group_check import _lists_only

    assert _lists_only("Three groups: edge, core and data", {"edge", "core", "data"})
    assert _lists_only("Draw two clusters", {"edge", "core"})
    assert not _lists_only("The warehouse contains zone A, zone B and zone C", {"zone a", "zone b"})


# -- charts: a sentence's opening drawn as a series name ---------------------------------------------

def test_a_series_named_by_the_start_of_a_sentence_is_refused() -> None:
    verdict = answer("chart", "We sold 58 units in March and 61 in April; returns were 4 in March", "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "LABEL_NOT_IN_INTENT"
    assert answer("chart", "bar chart: We Energies 40, Duke 45, Xcel 38", "vega-lite", {}).status == "valid"
