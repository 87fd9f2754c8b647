"""Data laid out the way code, config files and letters write it: YAML blocks, Python literals and
assignments, dot leaders, a JSON header row, a CSV block with a sentence after it.

For each layout: the answer is `valid` with exactly the points written, and the independent check
reads the layout itself, so a drafter that drops, changes or moves a value in it is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from oracles.engine import Verdict, answer, get_kind
from oracles.engine.chart.yaml_block import yaml_blocks

Rows = list[dict[str, Any]]


def _points(intent: str) -> tuple[str, list[tuple[Any, ...]]]:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    spec = verdict.result
    pairs = (spec["encoding"].get("x") or {}).get("field") == "x"
    out = []
    for row in spec["data"]["values"]:
        point = (row["x"], row["y"]) if pairs else (row["label"], row["value"])
        out.append((*point, row["series"]) if row.get("series") else point)
    return spec["mark"]["type"], out


def _planted(intent: str, plant: Callable[[Rows], Rows]) -> Verdict:
    """Draft `intent`, plant a bug in the drawn rows and in the drafter's facts alike, and check."""
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    assert kind.check(intent, draft, {}).status == "valid", "the unplanted draft must be valid"
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = plant(spec["data"]["values"])
    facts = json.loads(json.dumps(draft.facts))
    by_series: dict[Any, list[dict[str, Any]]] = {}
    for row in spec["data"]["values"]:
        by_series.setdefault(row.get("series"), []).append({"label": row["label"], "value": row["value"]})
    facts["series"] = [{"name": name, "points": points} for name, points in by_series.items()]
    return kind.check(intent, replace(draft, artifact=spec, facts=facts), {})


def _drop_last(rows: Rows) -> Rows:
    return rows[:-1]


def _change_first(rows: Rows) -> Rows:
    return [{**rows[0], "value": rows[0]["value"] + 1}, *rows[1:]]


def _swap_first_two_values(rows: Rows) -> Rows:
    return [{**rows[0], "value": rows[1]["value"]}, {**rows[1], "value": rows[0]["value"]}, *rows[2:]]


def _swap_series(rows: Rows) -> Rows:
    names = sorted({r["series"] for r in rows})
    return [{**r, "series": names[1 - names.index(r["series"])]} for r in rows]


PLANTS = [_drop_last, _change_first, _swap_first_two_values]


# -- the YAML notation ---------------------------------------------------------------------------


def test_a_yaml_block_is_read_as_the_value_it_writes() -> None:
    text = "chart this\n\ngroups:\n  - team: North side\n    score: {q1: 4, q2: 7.5}\n  - team: 'South'\n    score: [1, 2]\nthanks"
    [(start, end, value)] = yaml_blocks(text)
    assert text[start:end].startswith("groups:") and text[end:] == "\nthanks"
    assert value == {"groups": [{"team": "North side", "score": {"q1": 4, "q2": 7.5}},
                                {"team": "South", "score": [1, 2]}]}


@pytest.mark.parametrize("scalar", ["yes", "1:30", "012", "2024-01-05", "1_000", "0x1A"])
def test_yaml_plain_scalars_are_numbers_only_when_plain_decimals(scalar: str) -> None:
    [(_, _, value)] = yaml_blocks(f"rows:\n  - a: 1\n    b: {scalar}\n  - a: 2\n    b: x")
    assert value["rows"][0]["b"] == scalar


@pytest.mark.parametrize("text", [
    "Jan: 10\nFeb: 12\nMar: 9",                                # flat: left to the text readers
    "rows:\n  - a: 1\n    b: 2 # 40 more to come\n  - a: 3\n    b: 4",  # a number in a comment
    "rows:\n  - a: 1\n    a: 2\n  - a: 3",                    # a key given twice
    "rows:\n  - a: &x 1\n  - a: *x\n  - a: 2",                 # anchors are not read
])
def test_what_the_yaml_reading_leaves_alone(text: str) -> None:
    assert yaml_blocks(text) == []


# -- YAML data ---------------------------------------------------------------------------------------

YAML_READ = [
    ("chart: pie\nslices:\n  - name: Salaries\n    share: 61\n  - name: Rent and rates\n    share: 24\n"
     "  - name: Other\n    share: 15", "arc", [("Salaries", 61), ("Rent and rates", 24), ("Other", 15)]),
    ("bar chart please\nbooks_read:\n  Ines: 14\n  Olu Adeyemi: 9\n  Kai: 21", "bar",
     [("Ines", 14), ("Olu Adeyemi", 9), ("Kai", 21)]),
    ("series:\n  - label: Online\n    data: {Q1: 40, Q2: 46}\n  - label: In store\n    data: {Q1: 31, Q2: 29}\n"
     "as a line", "line", [("Q1", 40, "Online"), ("Q2", 46, "Online"), ("Q1", 31, "In store"), ("Q2", 29, "In store")]),
]


@pytest.mark.parametrize(("intent", "mark", "points"), YAML_READ)
def test_yaml_data_are_read(intent: str, mark: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent) == (mark, points)


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("intent", [YAML_READ[0][0], YAML_READ[2][0]])
def test_a_value_moved_in_yaml_data_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_series_swapped_in_yaml_data_are_refused() -> None:
    assert _planted(YAML_READ[2][0], _swap_series).status == "invalid"


def test_a_number_hidden_in_a_yaml_text_member_is_not_passed_over() -> None:
    intent = "items:\n  - shop: Leith\n    sold: 12\n  - shop: Govan\n    sold: 15\nnote: 40 more due from Partick"
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


# -- Python literals and assignments --------------------------------------------------------------

CODE_READ = [
    ("regions = ['Coast', 'Hill Country', 'Delta']\nrainfall = [812, 640, 1210]\n# bars of rainfall by region", "bar",
     [("Coast", 812), ("Hill Country", 640), ("Delta", 1210)]),
    ("plot_bars(names=('Ana', 'Bo', 'Cy'), counts=(3, 8, 5), title='Badges earned')", "bar",
     [("Ana", 3), ("Bo", 8), ("Cy", 5)]),
    ("pd.Series({'wheat': 4.2, 'barley': 2.9, 'oats': 1.1}).plot.pie()", "arc",
     [("wheat", 4.2), ("barley", 2.9), ("oats", 1.1)]),
    ("data = {'week': ['W1', 'W2', 'W3'], 'visits': [120, 180, 150]}  # line please", "line",
     [("W1", 120), ("W2", 180), ("W3", 150)]),
]


@pytest.mark.parametrize(("intent", "mark", "points"), CODE_READ)
def test_python_literals_and_assignments_are_read(intent: str, mark: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent) == (mark, points)


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("intent", [c[0] for c in CODE_READ])
def test_a_value_moved_in_python_data_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_a_number_between_assigned_lists_is_not_taken_as_drawn() -> None:
    intent = "plot(labels=['a', 'b', 'c'], limit=7, values=[1, 2, 3])"
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid"


# -- dot leaders --------------------------------------------------------------------------------

LEADER_READ = [
    ("Visitors by gallery:\n  North Wing ....... 412\n  Sculpture Court ... 388\n  Print Room ....... 97", "bar",
     [("North Wing", 412), ("Sculpture Court", 388), ("Print Room", 97)]),
    ("Bakery sales\nCroissants . . . . 64\nBaguettes . . . . . 120\nÉclairs . . . . . . 37\n", "bar",
     [("Croissants", 64), ("Baguettes", 120), ("Éclairs", 37)]),
    ("Cost per head\nCatering______1450\nVenue_________3200\nAV____________800", "bar",
     [("Catering", 1450), ("Venue", 3200), ("AV", 800)]),
]


@pytest.mark.parametrize(("intent", "mark", "points"), LEADER_READ)
def test_dot_leaders_join_a_label_to_its_value(intent: str, mark: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent) == (mark, points)


@pytest.mark.parametrize("plant", [*PLANTS, lambda rows: [{**rows[0], "label": rows[1]["label"]},
                                                         {**rows[1], "label": rows[0]["label"]}, *rows[2:]]])
@pytest.mark.parametrize("intent", [c[0] for c in LEADER_READ])
def test_a_value_moved_across_dot_leaders_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_a_leader_across_lines_joins_nothing() -> None:
    # the dots end one line; the number opens the next, so it is no value of "Totals"
    verdict = answer("chart", "Totals ........\n5 Apples 3, Pears 4", "vega-lite", {})
    assert verdict.status == "invalid" or all(r.get("label") != "Totals" for r in verdict.result["data"]["values"])


# -- a JSON header row; a CSV block and a sentence after it --------------------------------------

OTHER_READ = [
    ('[["Step", "Users"], ["Visited", 900], ["Signed up", 310], ["Paid", 42]]', "bar",
     [("Visited", 900), ("Signed up", 310), ("Paid", 42)]),
    ("fruit,kg\napples,12\npears,7\nplums,4\n-- as a pie, title 'Harvest 2 of 3'", "arc",
     [("apples", 12), ("pears", 7), ("plums", 4)]),
]


@pytest.mark.parametrize(("intent", "mark", "points"), OTHER_READ)
def test_a_header_row_and_a_trailing_sentence_are_read(intent: str, mark: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent) == (mark, points)


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("intent", [c[0] for c in OTHER_READ])
def test_a_value_moved_under_a_header_row_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_a_number_in_an_asked_title_is_data_unless_the_title_is_drawn() -> None:
    intent = OTHER_READ[1][0]
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec.pop("title")
    assert kind.check(intent, replace(draft, artifact=spec, facts={**draft.facts, "title": None}), {}).status == "invalid"


# -- a table's sum row; emphasis in cells ------------------------------------------------------------

TOTAL_READ = [
    ("| Crew | Call-outs |\n|---|---|\n| Red Watch | 31 |\n| Blue Watch | 27 |\n| White Watch | 19 |\n| **Total** | **77** |",
     [("Red Watch", 31), ("Blue Watch", 27), ("White Watch", 19)]),
    ("| Line | Jan | Feb |\n|:--|--:|--:|\n| *North* | 4 | 6 |\n| South | 5 | 1 |\n| East | 2 | 2 |\n| Total | 11 | 9 |",
     [("Jan", 4, "North"), ("Jan", 5, "South"), ("Jan", 2, "East"), ("Feb", 6, "North"), ("Feb", 1, "South"),
      ("Feb", 2, "East")]),  # months run along the axis: one line per row
]


@pytest.mark.parametrize(("intent", "points"), TOTAL_READ)
def test_a_tables_sum_row_is_not_drawn_and_emphasis_is_no_part_of_a_cell(intent: str, points: list[tuple[Any, ...]]) -> None:
    assert sorted(_points(intent)[1]) == sorted(points)


def test_a_total_row_that_is_not_the_sum_is_no_sum_row() -> None:
    intent = "| Crew | Call-outs |\n|---|---|\n| Red | 31 |\n| Blue | 27 |\n| White | 19 |\n| Total | 80 |"
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" or {"label": "Total", "value": 80} in verdict.result["data"]["values"]


@pytest.mark.parametrize("plant", [*PLANTS, lambda rows: [*rows, {**rows[0], "label": "Total", "value": 77}]])
def test_a_value_moved_in_a_table_with_a_sum_row_is_refused(plant: Callable[[Rows], Rows]) -> None:
    assert _planted(TOTAL_READ[0][0], plant).status == "invalid"


# -- series named by the heads of lines ----------------------------------------------------------------

HEADED = "from the standup:\n- bugs closed: wk1 12, wk2 9, wk3 14\n- bugs opened: wk1 10, wk2 13, wk3 8\nas two lines"


def test_a_series_named_by_a_line_head_may_end_with_a_verb() -> None:
    _, points = _points(HEADED)
    assert {p[2] for p in points} == {"bugs closed", "bugs opened"} and len(points) == 6


@pytest.mark.parametrize("plant", [_swap_series, _change_first,
                                   lambda rows: [{**r, "series": r["series"].split()[0]} if r["series"] == "bugs closed" else r
                                                 for r in rows]])
def test_a_line_head_series_moved_or_cut_is_refused(plant: Callable[[Rows], Rows]) -> None:
    assert _planted(HEADED, plant).status == "invalid"


def test_a_name_ending_with_a_verb_inside_a_sentence_is_still_refused() -> None:
    intent = "This week the tickets closed 40 and the tickets opened 52"
    kind = get_kind("chart")
    draft = kind.draft("bar chart of signups: Mon 34, Tue 41", "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = [{"label": "tickets closed", "value": 40}, {"label": "tickets opened", "value": 52}]
    spec.pop("title", None)
    facts = {**draft.facts, "series": [{"name": None, "points": spec["data"]["values"]}], "title": None}
    assert kind.check(intent, replace(draft, artifact=spec, facts=facts), {}).status == "invalid"


# -- a ring chart is a donut; "ring" inside a name asks for nothing ------------------------------------


@pytest.mark.parametrize("intent", ["ring chart of storage: used 312, free 188", "storage as a ring graph: used 312, free 188"])
def test_a_ring_chart_is_a_donut(intent: str) -> None:
    assert _points(intent) == ("arc", [("used", 312), ("free", 188)])


def test_ring_inside_a_name_asks_for_no_donut() -> None:
    intent = "cars per hour: Ring Road 120, Bypass 80, High Street 45"
    assert _points(intent)[0] == "bar"
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["mark"] = {"type": "arc", "tooltip": True}
    assert kind.check(intent, replace(draft, artifact=spec, facts={**draft.facts, "mark": "arc"}), {}).status == "invalid"


# -- value then label, item by item; the whole the parts are of --------------------------------------

VALUE_FIRST = [
    ("Of the 90 seats on the flight: 61 booked, 18 on hold, 11 free. Donut.", "arc",
     [("booked", 61), ("on hold", 18), ("free", 11)]),
    ("Of all 1,500 voters asked: 720 yes, 610 no, 170 unsure", "bar", [("yes", 720), ("no", 610), ("unsure", 170)]),
    ("bar chart: 14 apples, 9 pears, 22 plums", "bar", [("apples", 14), ("pears", 9), ("plums", 22)]),
]


@pytest.mark.parametrize(("intent", "mark", "points"), VALUE_FIRST)
def test_items_written_value_then_label_are_read(intent: str, mark: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent) == (mark, points)


@pytest.mark.parametrize("plant", [*PLANTS, lambda rows: [{**rows[0], "label": rows[1]["label"]},
                                                         {**rows[1], "label": rows[0]["label"]}, *rows[2:]]])
@pytest.mark.parametrize("intent", [v[0] for v in VALUE_FIRST])
def test_a_value_moved_between_value_first_items_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_labels_before_their_values_are_not_read_value_first() -> None:
    # "Mon 34, Tue 41, Wed 29" read as "34 Tue", "41 Wed": each label shifted onto the value before it
    intent = "signups: Mon 34, Tue 41, Wed 29"
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["data"]["values"] = [{"label": "Tue", "value": 34}, {"label": "Wed", "value": 41}, {"label": "Mon", "value": 29}]
    facts = {**draft.facts, "series": [{"name": None, "points": spec["data"]["values"]}]}
    assert kind.check(intent, replace(draft, artifact=spec, facts=facts), {}).status == "invalid"


def test_the_whole_counts_as_data_when_it_has_no_place_before_the_parts() -> None:
    # "of the" opens no sentence here: 40 is a value of "Reds", not the whole
    verdict = answer("chart", "wins by team: Reds of the 40, Blues 31, Greens 12", "vega-lite", {})
    assert verdict.status == "invalid" or 40 in [r["value"] for r in verdict.result["data"]["values"]]


# -- a numbered range of periods dated by a year -----------------------------------------------------

DATED_RANGES = [
    ("active teams, weeks 3–6 of 2024: 110, 118, 131, 127", [("Week 3", 110), ("Week 4", 118), ("Week 5", 131), ("Week 6", 127)]),
    ("orders for days 1 to 3, 2025: 52, 61, 47", [("Day 1", 52), ("Day 2", 61), ("Day 3", 47)]),
]


@pytest.mark.parametrize(("intent", "points"), DATED_RANGES)
def test_the_year_of_a_numbered_range_dates_it(intent: str, points: list[tuple[Any, ...]]) -> None:
    assert _points(intent)[1] == points


@pytest.mark.parametrize("plant", PLANTS)
@pytest.mark.parametrize("intent", [d[0] for d in DATED_RANGES])
def test_a_value_moved_along_a_dated_range_is_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


@pytest.mark.parametrize(("intent", "year"), [(DATED_RANGES[0][0], 2024), (DATED_RANGES[1][0], 2025)])
def test_the_dating_year_drawn_as_the_first_value_is_refused(intent: str, year: int) -> None:
    def year_first(rows: Rows) -> Rows:  # every value shifted one period on, the last dropped
        return [{**row, "value": value} for row, value in zip(rows, [year, *[r["value"] for r in rows[:-1]]], strict=True)]
    assert _planted(intent, year_first).status == "invalid"


# -- "A against B <measure>": slot series named on either side of "against" -------------------------

AGAINST = [
    "Compare Kotlin against Swift build minutes per module: core 12 / 9, ui 20 / 17, net 6 / 8",
    "plot Plan against Actual spend by quarter: Q1 40 / 38, Q2 45 / 51, Q3 50 / 47",
]
AGAINST_READ = [("Kotlin", [12, 20, 6], "Swift", [9, 17, 8]), ("Plan", [40, 45, 50], "Actual", [38, 51, 47])]


@pytest.mark.parametrize(("intent", "expected"), zip(AGAINST, AGAINST_READ, strict=True))
def test_series_named_either_side_of_against_are_read_in_their_slots(intent: str, expected: tuple[Any, ...]) -> None:
    _, points = _points(intent)
    first, first_values, second, second_values = expected
    assert [p[1] for p in points if p[2] == first] == first_values
    assert [p[1] for p in points if p[2] == second] == second_values
    assert len(points) == 6


@pytest.mark.parametrize("plant", [_swap_series, _change_first, _drop_last])
@pytest.mark.parametrize("intent", AGAINST)
def test_slot_series_around_against_swapped_or_changed_are_refused(intent: str, plant: Callable[[Rows], Rows]) -> None:
    assert _planted(intent, plant).status == "invalid"


def test_a_name_cut_from_the_far_side_of_against_is_refused() -> None:
    intent = "Compare Team Red against Team Blue goals per match: M1 2 / 1, M2 0 / 3, M3 4 / 4"
    assert _planted(intent, lambda rows: [{**r, "series": "Blue"} if r["series"] == "Team Blue" else r
                                          for r in rows]).status == "invalid"
