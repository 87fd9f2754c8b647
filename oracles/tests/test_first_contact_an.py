"""Found at first contact with the sealed batch an, and by probing around it.

- A numbered list whose first item is a name of several words ("1. Organic search: 46%") is read like a
  bulleted one: the item's number is not a value (lists.py, drafter side).
- "only one of them" over several sets of values, with no set named: which one is a guess, so the check
  refuses it (fail_closed_side_asks.py).
- A plural role glued to a lower-case name ("cto maya -> eng leads tom and ines") is no part of the name
  (plural_role_check.py, check side).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.contracts import EngineRefusal
from oracles.engine.diagram.plural_role_check import refuse_plural_role_in_name
from oracles.tests.planted_diagrams import planted_reason
from oracles.tests.test_chart_fail_closed import _planted, _refused


def _rows_of(intent: str) -> list[tuple[str, float]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    return [(row["label"], row["value"]) for row in verdict.result["data"]["values"]]


@pytest.mark.parametrize(("intent", "rows"), [
    ("traffic sources pie:\n1. Organic search: 46%\n2. Direct: 30%\n3. Referral: 24%",
     [("Organic search", 46), ("Direct", 30), ("Referral", 24)]),
    ("bar chart of top products:\n1. Blue Widget Pro: 340\n2. Red Gadget: 120\n3. Green Thing XL: 80",
     [("Blue Widget Pro", 340), ("Red Gadget", 120), ("Green Thing XL", 80)]),
    ("pie:\n1) Organic search: 46%\n2) Direct: 30%\n3) Referral: 24%",
     [("Organic search", 46), ("Direct", 30), ("Referral", 24)]),
])
def test_a_numbered_list_of_long_names_is_read_whole(intent: str, rows: list[tuple[str, float]]) -> None:
    assert _rows_of(intent) == rows


ONE_OF_THEM = ("I have two tables, the sales of 2022 and the sales of 2023. Table one: Jan 10, Feb 12, Mar 9. "
               "Table two: Jan 14, Feb 11, Mar 15. Please make me bar chart of it, only one of them, the one my boss ask for.")


@pytest.mark.parametrize("intent", [
    ONE_OF_THEM,
    "2022: Jan 10, Feb 12, Mar 9; 2023: Jan 14, Feb 11, Mar 15. bar chart of just one of the two please",
])
def test_one_of_several_sets_not_named_is_refused(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "UNREADABLE_INTENT", verdict.result
    assert "which one" in verdict.reason["message"]


def test_planted_both_sets_drawn_for_one_of_them_are_refused() -> None:
    # a drafter that drew every set although one was asked (the first reading of this intent)
    rows = [{"series": name, "label": m, "value": v}
            for name, values in (("Table one", (10, 12, 9)), ("Table two", (14, 11, 15)))
            for m, v in zip(("Jan", "Feb", "Mar"), values, strict=True)]
    _refused(_planted(ONE_OF_THEM, rows=rows), "UNREADABLE_INTENT", "only one of them")


def test_two_named_sets_are_still_drawn() -> None:
    verdict = answer("chart", "bar chart, 2022 vs 2023: Jan 10 vs 14, Feb 12 vs 11, Mar 9 vs 15", "vega-lite", {})
    assert verdict.status == "valid", verdict.reason


LOWER_ORG = "org chart: cto maya -> eng leads tom and ines. tom -> devs ali, bo. ines -> dev cy"


def test_planted_lower_case_plural_role_glued_to_a_name_is_refused() -> None:
    # the drafter's first drawing of this intent, given to the whole check
    reason = planted_reason(LOWER_ORG, [("cto maya", "eng leads tom"), ("cto maya", "ines"), ("eng leads tom", "devs ali"),
                                        ("eng leads tom", "bo"), ("ines", "dev cy")])
    assert reason["code"] == "NODE_NOT_IN_INTENT" and "role said of several people" in reason["message"], reason
    # and the rule on its own, for the node the other rules let through
    with pytest.raises(EngineRefusal, match="eng leads"):
        refuse_plural_role_in_name(["cto maya", "eng leads tom", "ines"])
    refuse_plural_role_in_name(["sales leads db", "support agents queue", "maya"])  # things, not people


@pytest.mark.parametrize("intent", [
    "sales leads db -> crm -> mailer",
    "org chart: maya -> tom and ines. tom -> ali, bo. ines -> cy",
])
def test_things_named_after_people_and_plain_names_stay_valid(intent: str) -> None:
    assert answer("diagram", intent, "dot", {}).status == "valid"


# A mark word inside a quoted name of several words is part of the name ('titled "Lines of code by language"').
QUOTED_TITLE = 'Please draw a horizontal bar chart titled "Lines of code by language": TypeScript 182400, Go 96300, Python 41250'


def test_a_mark_word_inside_a_quoted_title_asks_for_nothing() -> None:
    verdict = answer("chart", QUOTED_TITLE, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert verdict.result["mark"]["type"] == "bar"


def test_planted_line_for_a_quoted_title_is_refused() -> None:
    # the bar asked outside the quotes still holds
    _refused(_planted(QUOTED_TITLE, mark="line"), "SHAPE_NOT_ASKED", "bar")


def test_an_unquoted_mark_word_still_asks() -> None:
    verdict = answer("chart", "bar chart, sales by line: A 3, B 4 — actually make it a line", "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "SHAPE_NOT_ASKED"


# The size of a survey's sample, said anywhere ("(survey of 100 households)", "we asked 100 households"), is not data.
SURVEY = "Pet type\tCount\nDogs\t46\nCats\t38\nBirds\t9\nFish\t7\n\nmake this a pie chart (survey of 100 households)"


def test_a_sample_size_after_the_data_is_not_a_value() -> None:
    assert _rows_of(SURVEY) == [("Dogs", 46), ("Cats", 38), ("Birds", 9), ("Fish", 7)]


def test_planted_item_dropped_beside_a_sample_size_is_refused() -> None:
    rows = [{"label": k, "value": v} for k, v in (("Dogs", 46), ("Cats", 38), ("Birds", 9))]
    verdict = _planted(SURVEY, rows=rows)
    assert verdict.status == "invalid" and "fish" in verdict.reason["message"].lower(), verdict.reason


def test_one_unit_in_the_singular_and_the_plural_is_one_unit() -> None:
    assert _rows_of("pie chart of my day: sleep 8 hours, work 9 hours, commute 1 hour, exercise 1 hour, other 5 hours") == [
        ("sleep", 8), ("work", 9), ("commute", 1), ("exercise", 1), ("other", 5)]


def test_planted_item_dropped_beside_a_sample_size_in_prose_is_refused() -> None:
    intent = "pie chart, we asked 100 households: dogs 46, cats 38, birds 9, fish 7"
    rows = [{"label": k, "value": v} for k, v in (("dogs", 46), ("cats", 38), ("birds", 9))]
    verdict = _planted(intent, rows=rows)
    assert verdict.status == "invalid" and "7" in verdict.reason["message"], verdict.reason


# An edge list beside a key that says its pairs point as listed ("link_direction": "from caller to callee").
LINKED = ('{"diagram": "architecture", "components": ["Load Balancer", "Web 1", "Postgres"], "links": [["Load Balancer", '
          '"Web 1"], ["Web 1", "Postgres"]], "link_direction": "from caller to callee"}')


def test_an_edge_list_said_to_point_as_listed_is_drawn_as_listed() -> None:
    from oracles.tests.planted_diagrams import drawn

    assert drawn(LINKED)[1] == {("Load Balancer", "Web 1"), ("Web 1", "Postgres")}


def test_planted_pair_turned_round_beside_a_direction_key_is_refused() -> None:
    reason = planted_reason(LINKED, [("Web 1", "Load Balancer"), ("Web 1", "Postgres")])
    assert reason["code"] in ("EDGE_NOT_IN_INTENT", "EDGE_MISSING"), reason


@pytest.mark.parametrize("direction", ["from callee to caller", "dependent -> dependency", "bottom up"])
def test_a_direction_key_naming_another_way_is_refused(direction: str) -> None:
    intent = LINKED.replace("from caller to callee", direction)
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "UNREADABLE_INTENT", verdict.result
    assert "turn the connections round" in verdict.reason["message"]


# A statement that leads into the step the one before ended on is another way in, not a branch out of it.
def test_an_arrow_into_the_last_step_is_another_way_in() -> None:
    from oracles.tests.planted_diagrams import drawn

    intent = ("postgres -> user-service\npostgres -> billing-service\nuser-service -> api-gateway\n"
              "billing-service -> api-gateway\nredis -> api-gateway")
    assert ("redis", "api-gateway") in drawn(intent)[1]


def test_a_short_phrase_after_a_dead_end_is_still_a_possible_condition() -> None:
    verdict = answer("diagram", "check -> valid\nvalid -> save\ninvalid -> error", "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "UNREADABLE_RELATION", verdict.result


# A legend of the arrows ("arrow means depends on") is a frame: the arrows are drawn as written.
@pytest.mark.parametrize("intent", [
    "deps graph pls, arrow means depends on: app -> auth, app -> db, auth -> db",
    "arrow means depends on: app -> auth, app -> db, auth -> db",
    "app -> auth, app -> db, auth -> db. Arrow means depends on.",
])
def test_a_legend_of_the_arrows_is_a_frame(intent: str) -> None:
    from oracles.tests.planted_diagrams import drawn_edges

    assert drawn_edges(intent) == {("app", "auth"): None, ("app", "db"): None, ("auth", "db"): None}


def test_planted_legend_drawn_as_a_label_is_refused() -> None:
    intent = "app -> auth, app -> db, auth -> db (arrow means depends on)"
    reason = planted_reason(intent, [("app", "auth"), ("app", "db"), ("auth", "db", "arrow means depends on")])
    assert reason["code"] == "EDGE_LABEL_WRONG" and "every arrow" in reason["message"], reason


# "arrows go from the prerequisite to the task that needs it": the way said with "go"/"point"/"run", both sides.
TABLE = "Task\tDepends on\nDesign\t-\nBackend\tDesign\nTesting\tBackend\n\n"


@pytest.mark.parametrize(("said", "edges"), [
    ("arrows go from the prerequisite to the task that needs it", {("Design", "Backend"), ("Backend", "Testing")}),
    ("arrows should point from each task to the task it depends on", {("Backend", "Design"), ("Testing", "Backend")}),
])
def test_the_way_of_the_arrows_said_with_go_or_point(said: str, edges: set[tuple[str, str]]) -> None:
    from oracles.tests.planted_diagrams import drawn

    assert drawn(TABLE + said)[1] == edges


def test_planted_dependency_arrows_turned_round_are_refused() -> None:
    reason = planted_reason(TABLE + "arrows go from the prerequisite to the task that needs it",
                            [("Backend", "Design"), ("Testing", "Backend")])
    assert reason["code"] in ("EDGE_NOT_IN_INTENT", "EDGE_MISSING"), reason
