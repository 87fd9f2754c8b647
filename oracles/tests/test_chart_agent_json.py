"""Chart requests in agent JSON and x/y form: the check refuses the wrong drawing on its own, the reader draws it.

Five families (picks.py, picks_check.py, picked_series.py, numbered.py), each with unit tests of the check
alone (a hand-drawn spec against an intent in phrasings of our own, the faithful chart passing beside the
faulty one), the reader's answer end to end, and planted bugs (the drafter's spec with the fault planted,
handed to the kind's whole check, which must answer `invalid`):

- a call's arguments name the field to draw (y_field, value_field, "y": "field", a metric naming a field,
  value_label beside records keyed "value"): the other numbers are not drawn;
- records keyed x and y (or two numbers each with a scatter asked, or x and y picks) are x/y pairs;
- a label given twice with its values (a JSON key twice, a row twice) is refused;
- a capitalised article opening a name ("The Hague", "El Farolito") is part of it, and a name given with a
  single pair labels a point, it heads no series;
- uneven numbered labels ("week 1, 2, 4, 8") drawn as a line or "against week number" are x/y pairs.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from oracles.engine import Verdict, get_kind
from oracles.engine.chart.faithfulness import check_faithful
from oracles.engine.chart.picks import read_field_picks
from oracles.engine.contracts import EngineRefusal

Rows = list[dict[str, Any]]


def _encoding(pairs: bool, multi: bool, mark: str) -> dict[str, Any]:
    if pairs:
        encoding: dict[str, Any] = {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}
    else:
        encoding = {"x": {"field": "label", "type": "nominal"},
                    "y": {"field": "value", "type": "quantitative", **({"stack": None} if mark == "bar" else {})}}
    if multi:
        encoding["color"] = {"field": "series", "type": "nominal"}
        if mark == "bar" and not pairs:
            encoding["xOffset"] = {"field": "series"}
    return encoding


def _spec(rows: Rows, mark: str, pairs: bool) -> dict[str, Any]:
    multi = any("series" in row for row in rows)
    return {"title": {"text": "Chart"}, "data": {"values": rows}, "mark": {"type": mark},
            "encoding": _encoding(pairs, multi, mark)}


def _check(intent: str, rows: Rows, mark: str = "bar", pairs: bool = False) -> tuple[str, str] | None:
    return check_faithful(intent, _spec(rows, mark, pairs), rows)


def _labelled(*items: tuple[Any, ...]) -> Rows:
    """Rows of (label, value) or (series, label, value)."""
    return [{"label": i[0], "value": i[1]} if len(i) == 2 else {"series": i[0], "label": i[1], "value": i[2]}
            for i in items]


def _pairs(*items: tuple[float, float], series: str | None = None) -> Rows:
    return [{"x": x, "y": y, **({"series": series} if series else {})} for x, y in items]


def _drawn(intent: str) -> tuple[str, str, list[tuple[Any, ...]]]:
    """The answer's status, mark and rows ((series,) label or x, value or y)."""
    kind = get_kind("chart")
    try:
        draft = kind.draft(intent, "vega-lite", {})
    except EngineRefusal:
        return "invalid", "", []
    verdict = kind.check(intent, draft, {})
    spec = draft.artifact
    assert isinstance(spec, dict)
    pairs = spec["encoding"].get("x", {}).get("field") == "x"
    rows = [tuple(v for v in ((r.get("series"),) if "series" in r else ()) + ((r["x"], r["y"]) if pairs else (r["label"], r["value"])))
            for r in spec["data"]["values"]]
    return verdict.status, spec["mark"]["type"], rows


def _planted(intent: str, rows: Rows, mark: str | None = None, pairs: bool | None = None,
             drafted_from: str | None = None) -> Verdict:
    """The drafter's spec (for `drafted_from`, or the intent) with the bug planted, checked as a whole."""
    kind = get_kind("chart")
    draft = kind.draft(drafted_from or intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    drawn_pairs = spec["encoding"].get("x", {}).get("field") == "x" if pairs is None else pairs
    spec["mark"]["type"] = mark or spec["mark"]["type"]
    spec["data"]["values"] = rows
    spec["encoding"] = _encoding(drawn_pairs, any("series" in r for r in rows), spec["mark"]["type"])
    by_series: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        label, value = (row["x"], row["y"]) if drawn_pairs else (row["label"], row["value"])
        by_series.setdefault(row.get("series"), []).append({"label": label, "value": value})
    facts = dict(json.loads(json.dumps(draft.facts)), pairs=drawn_pairs, mark=spec["mark"]["type"],
                 series=[{"name": name, "points": points} for name, points in by_series.items()])
    return kind.check(intent, replace(draft, artifact=spec, facts=facts), {})


def _refused(verdict: Verdict, code: str, *named: str) -> None:
    assert verdict.status == "invalid" and verdict.reason is not None, verdict
    assert verdict.reason["code"] == code, verdict.reason
    for text in named:
        assert text in verdict.reason["message"], verdict.reason


# ---------------------------------------------------------------------------------------------
# 1. The field a call's arguments name


_CREW = [("Ada", 12, 40), ("Bo", 9, 38), ("Cy", 15, 41)]  # (name, tickets, hours)
_PICKED = [
    # JSON voice, snake case
    'open_chart({"kind": "bar", "y_field": "tickets", "records": [{"name": "Ada", "tickets": 12, "hours": 40}, '
    '{"name": "Bo", "tickets": 9, "hours": 38}, {"name": "Cy", "tickets": 15, "hours": 41}]})',
    # Python-call voice, the pick after the data, single quotes
    "bar(data=[{'name': 'Ada', 'tickets': 12, 'hours': 40}, {'name': 'Bo', 'tickets': 9, 'hours': 38}, "
    "{'name': 'Cy', 'tickets': 15, 'hours': 41}], value_field='tickets', label_field='name')",
    # camel case, nested one level down in the arguments
    '{"call": "chart", "args": {"valueField": "tickets", "rows": [{"name": "Ada", "tickets": 12, "hours": 40}, '
    '{"name": "Bo", "tickets": 9, "hours": 38}, {"name": "Cy", "tickets": 15, "hours": 41}]}}',
    # a Vega-Lite-like channel naming its field
    '{"encoding": {"y": {"field": "tickets"}}, "values": [{"name": "Ada", "tickets": 12, "hours": 40}, '
    '{"name": "Bo", "tickets": 9, "hours": 38}, {"name": "Cy", "tickets": 15, "hours": 41}]}',
    # column-oriented data, the metric naming one of the columns
    '{"metric": "tickets", "data": {"name": ["Ada", "Bo", "Cy"], "tickets": [12, 9, 15], "hours": [40, 38, 41]}}',
    # YAML arguments, the pick on a line of its own
    "chart: bar\ny_field: tickets\nrecords:\n  - name: Ada\n    tickets: 12\n    hours: 40\n  - name: Bo\n    tickets: 9\n"
    "    hours: 38\n  - name: Cy\n    tickets: 15\n    hours: 41",
    # a pasted table with the pick on a line of its own
    "| name | tickets | hours |\n|---|---|---|\n| Ada | 12 | 40 |\n| Bo | 9 | 38 |\n| Cy | 15 | 41 |\ny_column: tickets",
]


@pytest.mark.parametrize("intent", _PICKED)
def test_only_the_field_the_arguments_name_is_drawn(intent: str) -> None:
    picked = _labelled(*((name, tickets) for name, tickets, _ in _CREW))
    both = _labelled(*(("tickets", n, t) for n, t, _ in _CREW), *(("hours", n, h) for n, _, h in _CREW))
    other = _labelled(*((name, hours) for name, _, hours in _CREW))
    assert _check(intent, picked) is None
    assert _check(intent, both) is not None, "the unpicked field was drawn as a second series"
    assert _check(intent, other) is not None, "the other field was drawn"


@pytest.mark.parametrize("intent", _PICKED)
def test_the_reader_draws_the_named_field_alone(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and rows == [(name, tickets) for name, tickets, _ in _CREW], rows


def test_a_pick_naming_the_value_column_of_long_records_keeps_every_series() -> None:
    intent = ('{"x_field": "week", "y_field": "tickets", "color": "desk", "rows": [{"week": "W1", "desk": "North", '
              '"tickets": 7}, {"week": "W1", "desk": "South", "tickets": 3}, {"week": "W2", "desk": "North", "tickets": 9}, '
              '{"week": "W2", "desk": "South", "tickets": 4}]}')
    status, _, rows = _drawn(intent)
    assert status == "valid" and sorted(rows) == [("North", "W1", 7), ("North", "W2", 9), ("South", "W1", 3),
                                                  ("South", "W2", 4)], rows


def test_a_pick_that_names_no_field_is_refused_both_ways() -> None:
    intent = ('{"y_field": "overtime", "rows": [{"name": "Ada", "tickets": 12, "hours": 40}, '
              '{"name": "Bo", "tickets": 9, "hours": 38}]}')
    both = _labelled(("tickets", "Ada", 12), ("tickets", "Bo", 9), ("hours", "Ada", 40), ("hours", "Bo", 38))
    code, message = _check(intent, both) or ("", "")
    assert code == "UNREADABLE_INTENT" and "'overtime'" in message, message
    assert _drawn(intent)[0] == "invalid"


@pytest.mark.parametrize("key", ["value_label", "value_title", "value_unit"])
def test_a_label_for_the_value_picks_the_field_named_value(key: str) -> None:
    intent = (f'make_bars(items=[{{"name": "Dock 1", "value": 310, "crates": 12}}, {{"name": "Dock 2", "value": 275, '
              f'"crates": 9}}, {{"name": "Dock 3", "value": 402, "crates": 15}}], {key}="tonnes moved")')
    values = _labelled(("Dock 1", 310), ("Dock 2", 275), ("Dock 3", 402))
    both = _labelled(*(("value", r["label"], r["value"]) for r in values),
                     ("crates", "Dock 1", 12), ("crates", "Dock 2", 9), ("crates", "Dock 3", 15))
    assert _check(intent, values) is None
    assert _check(intent, both) is not None
    assert _drawn(intent) == ("valid", "bar", [("Dock 1", 310), ("Dock 2", 275), ("Dock 3", 402)])


@pytest.mark.parametrize("intent", [
    '{"rows": [{"name": "Ada", "tickets": 12, "hours": 40}, {"name": "Bo", "tickets": 9, "hours": 38}]}',
    '{"metric": "workload this sprint", "rows": [{"name": "Ada", "tickets": 12, "hours": 40}, '
    '{"name": "Bo", "tickets": 9, "hours": 38}]}',
])
def test_without_a_pick_every_field_is_drawn(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and len({row[0] for row in rows}) == 2, rows


def test_a_pick_names_a_field_of_records_nested_one_level() -> None:
    intent = ('{"tool": "chart", "arguments": {"chart": {"kind": "bar"}, "data": {"rows": ['
              '{"desk": {"id": "North"}, "counts": {"open": 7, "closed": 90}}, '
              '{"desk": {"id": "South"}, "counts": {"open": 3, "closed": 75}}, '
              '{"desk": {"id": "West"}, "counts": {"open": 11, "closed": 60}}]}, "y_field": "counts.open"}}')
    assert _drawn(intent) == ("valid", "bar", [("North", 7), ("South", 3), ("West", 11)])
    assert _check(intent, _labelled(("North", 90), ("South", 75), ("West", 60))) is not None


def test_a_table_split_into_columns_and_rows_is_read_and_its_keys_ask_for_no_mark() -> None:
    intent = '{"columns": ["desk", "open", "closed"], "data": [["North", 7, 90], ["South", 3, 75]], "y": "closed"}'
    assert _drawn(intent) == ("valid", "bar", [("North", 90), ("South", 75)])
    intent = '{"columns": ["load", "lag"], "data": [[0.5, 2.25], [1.0, 3.5], [2.5, 7.75]]}'
    assert _drawn(intent) == ("valid", "point", list(_XY))


def test_record_fields_inside_the_data_are_no_picks() -> None:
    picks = read_field_picks('{"values": [{"x": "Gate A", "y": 18}, {"x": "Gate B", "y": 7}], "y_field": "y"}\n'
                             "- value: 12\n  name: tickets\n- y: 3\n  x: Mon\nvalue_label: tonnes moved")
    assert picks.y == ("y",) and picks.x == () and picks.described == ("value", "tonnes moved")


def test_planted_unpicked_field_is_refused() -> None:
    intent = _PICKED[0]
    both = _labelled(*(("tickets", n, t) for n, t, _ in _CREW), *(("hours", n, h) for n, _, h in _CREW))
    assert _planted(intent, _labelled(*((n, t) for n, t, _ in _CREW))).status == "valid"
    assert _planted(intent, both).status == "invalid"


# ---------------------------------------------------------------------------------------------
# 2. Records keyed x and y are x/y pairs


_KEYED = [
    'fit_plot(samples=[{"tag": "r1", "x": 0.5, "y": 2.25}, {"tag": "r2", "x": 1.0, "y": 3.5}, '
    '{"tag": "r3", "x": 2.5, "y": 7.75}])',
    '{"series": "runs", "points": [{"label": "r1", "x": 0.5, "y": 2.25}, {"label": "r2", "x": 1.0, "y": 3.5}, '
    '{"label": "r3", "x": 2.5, "y": 7.75}]}',
    "- tag: r1\n  x: 0.5\n  y: 2.25\n- tag: r2\n  x: 1.0\n  y: 3.5\n- tag: r3\n  x: 2.5\n  y: 7.75",
    'Scatter of load vs lag: [{"tag": "r1", "load": 0.5, "lag": 2.25}, {"tag": "r2", "load": 1.0, "lag": 3.5}, '
    '{"tag": "r3", "load": 2.5, "lag": 7.75}]',
    '{"x_field": "load", "y_field": "lag", "runs": [{"tag": "r1", "load": 0.5, "lag": 2.25, "cpu": 4}, '
    '{"tag": "r2", "load": 1.0, "lag": 3.5, "cpu": 6}, {"tag": "r3", "load": 2.5, "lag": 7.75, "cpu": 9}]}',
]
_XY = ((0.5, 2.25), (1.0, 3.5), (2.5, 7.75))


@pytest.mark.parametrize("intent", _KEYED)
def test_records_keyed_x_and_y_are_pairs_not_two_series(intent: str) -> None:
    assert _check(intent, _pairs(*_XY), mark="point", pairs=True) is None
    as_series = _labelled(*(("x", f"r{i + 1}", x) for i, (x, _) in enumerate(_XY)),
                          *(("y", f"r{i + 1}", y) for i, (_, y) in enumerate(_XY)))
    assert _check(intent, as_series, mark="point") is not None, "x and y were drawn as two series"


@pytest.mark.parametrize("intent", _KEYED)
def test_the_reader_draws_keyed_records_as_pairs(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and rows == list(_XY), rows


@pytest.mark.parametrize("intent", [
    '[{"name": "r1", "x_value": 0.5, "y_value": 2.25}, {"name": "r2", "x_value": 1.0, "y_value": 3.5}, '
    '{"name": "r3", "x_value": 2.5, "y_value": 7.75}]',
    '{"labels": ["r1", "r2", "r3"], "x": [0.5, 1.0, 2.5], "y": [2.25, 3.5, 7.75]}',
    '{"columns": ["tag", "x", "y"], "rows": [["r1", 0.5, 2.25], ["r2", 1.0, 3.5], ["r3", 2.5, 7.75]]}',
])
def test_fields_named_for_the_axes_are_pairs_in_other_layouts(intent: str) -> None:
    assert _drawn(intent) == ("valid", "point", list(_XY))
    as_series = _labelled(*((s, f"r{i + 1}", v) for s, index in (("x_value" if "x_value" in intent else "x", 0),
                                                                  ("y_value" if "y_value" in intent else "y", 1))
                            for i, v in enumerate(p[index] for p in _XY)))
    assert _check(intent, as_series, mark="point") is not None


def test_pairs_follow_the_picks_when_they_name_the_fields_the_other_way_round() -> None:
    intent = ('{"x_field": "signups", "y_field": "spend", "data": [{"spend": 500, "signups": 42}, '
              '{"spend": 1200, "signups": 97}, {"spend": 2000, "signups": 151}]}')
    assert _check(intent, _pairs((42, 500), (97, 1200), (151, 2000)), mark="point", pairs=True) is None
    assert _check(intent, _pairs((500, 42), (1200, 97), (2000, 151)), mark="point", pairs=True) is not None
    assert _drawn(intent) == ("valid", "point", [(42, 500), (97, 1200), (151, 2000)])


def test_a_scatter_of_two_numbers_per_name_is_pairs_and_a_dot_plot_is_not() -> None:
    intent = "scatter plot, reach vs clicks: Ads 170/65, Mail 182/81, Social 160/55"
    assert _drawn(intent) == ("valid", "point", [(170, 65), (182, 81), (160, 55)])
    as_series = _labelled(("reach", "Ads", 170), ("reach", "Mail", 182), ("reach", "Social", 160),
                          ("clicks", "Ads", 65), ("clicks", "Mail", 81), ("clicks", "Social", 55))
    code, _ = _check(intent, as_series, mark="point") or ("", "")
    assert code == "SHAPE_NOT_ASKED"
    status, mark, rows = _drawn("dot plot of 2023 vs 2024 by shop: Ads 10/12, Mail 11/9, Social 7/8")
    assert (status, mark) == ("valid", "point") and rows[0] == ("2023", "Ads", 10), rows


def test_axis_titles_passed_as_arguments_are_drawn_and_a_function_name_is_no_title() -> None:
    intent = ('fit_plot(samples=[{"tag": "r1", "x": 0.5, "y": 2.25}, {"tag": "r2", "x": 1.0, "y": 3.5}], '
              'x_title="load (rps)", y_label="lag (ms)")')
    draft = get_kind("chart").draft(intent, "vega-lite", {})
    assert isinstance(draft.artifact, dict)
    encoding = draft.artifact["encoding"]
    assert (encoding["x"]["title"], encoding["y"]["title"]) == ("Load (rps)", "Lag (ms)")
    assert "fit_plot" not in draft.artifact["title"]["text"].casefold()


def test_keyed_pairs_with_another_number_and_no_pick_are_refused() -> None:
    intent = '[{"id": "a", "x": 1, "y": 2, "weight": 5}, {"id": "b", "x": 2, "y": 3, "weight": 6}, {"id": "c", "x": 4, "y": 1, "weight": 2}]'
    code, message = _check(intent, _pairs((1, 2), (2, 3), (4, 1)), mark="point", pairs=True) or ("", "")
    assert code == "UNREADABLE_INTENT" and "'weight'" in message, message
    assert _drawn(intent)[0] == "invalid"


def test_planted_pairs_drawn_as_series_are_refused() -> None:
    intent = _KEYED[0]
    as_series = _labelled(*(("x", f"r{i + 1}", x) for i, (x, _) in enumerate(_XY)),
                          *(("y", f"r{i + 1}", y) for i, (_, y) in enumerate(_XY)))
    _refused(_planted(intent, as_series, pairs=False), "SHAPE_NOT_ASKED")
    assert _planted(intent, _pairs(*((y, x) for x, y in _XY))).status == "invalid"  # transposed


# ---------------------------------------------------------------------------------------------
# 3. A label given twice


@pytest.mark.parametrize("intent", [
    'Chart these: {"Lyon": 41, "Nice": 33, "Lyon": 47}',
    "chart({'Lyon': 41, 'Nice': 33, 'Lyon': 47})",
    '{"labels": ["Lyon", "Nice", "Lyon"], "values": [41, 33, 47]}',
    "city;visits\nLyon;41\nNice;33\nLyon;47",
    "| city | visits |\n|---|---|\n| Lyon | 41 |\n| Nice | 33 |\n| lyon | 41 |",
    '[{"city": "Lyon", "visits": 41}, {"city": "Nice", "visits": 33}, {"city": "Lyon", "visits": 47}]',
])
def test_a_label_given_twice_is_refused(intent: str) -> None:
    assert _drawn(intent)[0] == "invalid"
    for rows in (_labelled(("Lyon", 41), ("Nice", 33), ("Lyon", 47)), _labelled(("Lyon", 47), ("Nice", 33)),
                 _labelled(("Lyon", 41), ("Nice", 33))):
        assert _check(intent, rows) is not None, rows


def test_the_same_label_in_two_series_is_no_duplicate() -> None:
    intent = '{"2023": {"Lyon": 41, "Nice": 33}, "2024": {"Lyon": 47, "Nice": 30}}'
    rows = _labelled(("Lyon", "2023", 41), ("Nice", "2023", 33), ("Lyon", "2024", 47), ("Nice", "2024", 30))
    assert _check(intent, rows) is None


def test_planted_label_drawn_twice_is_refused() -> None:
    intent = '{"data": [{"city": "Lyon", "visits": 41}, {"city": "Nice", "visits": 33}, {"city": "Lyon", "visits": 47}]}'
    clean = '{"data": [{"city": "Lyon", "visits": 41}, {"city": "Nice", "visits": 33}, {"city": "Metz", "visits": 47}]}'
    _refused(_planted(intent, _labelled(("Lyon", 41), ("Nice", 33), ("Lyon", 47)), drafted_from=clean),
             "UNREADABLE_INTENT", "'Lyon'")


# ---------------------------------------------------------------------------------------------
# 4. A name's leading article, and names of single points


@pytest.mark.parametrize(("intent", "whole", "cut"), [
    ("Bookings by city: Rotterdam 95, The Hague 120, Utrecht 88", "The Hague", "Hague"),
    ("taco trucks, orders today — La Cabaña 61, El Farolito 47, Tacos Uno 30", "El Farolito", "Farolito"),
    ("Daily circulation: Daily Mail 700k, The Guardian 105k, The Times 365k", "The Guardian", "Guardian"),
])
def test_a_capitalised_article_opens_the_name(intent: str, whole: str, cut: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and whole in [row[0] for row in rows], rows
    faithful = _labelled(*rows)
    assert _check(intent, faithful) is None
    code, _ = _check(intent, [dict(r, label=cut) if r["label"] == whole else r for r in faithful]) or ("", "")
    assert code == "LABEL_NOT_IN_INTENT"


def test_a_lowercase_article_is_no_part_of_the_name() -> None:
    intent = "votes: the north 40, the south 30, the east 20"
    assert _check(intent, _labelled(("north", 40), ("south", 30), ("east", 20))) is None


def test_group_names_of_pairs_keep_their_article() -> None:
    intent = "Scatter of age vs score — The Regulars (30, 7.5), (41, 8.0); The Newcomers (22, 6.1), (35, 6.9)"
    status, _, rows = _drawn(intent)
    assert status == "valid" and {row[0] for row in rows} == {"The Regulars", "The Newcomers"}, rows


def test_a_name_given_with_a_single_pair_labels_a_point() -> None:
    intent = "Scatter, weight vs top speed: The Comet (12.5, 31), Bolt (9.0, 35), Old Faithful (15.2, 24)"
    assert _drawn(intent) == ("valid", "point", [(12.5, 31), (9.0, 35), (15.2, 24)])
    per_point = [*_pairs((12.5, 31), series="The Comet"), *_pairs((9.0, 35), series="Bolt"),
                 *_pairs((15.2, 24), series="Old Faithful")]
    code, _ = _check(intent, per_point, mark="point", pairs=True) or ("", "")
    assert code == "SHAPE_NOT_ASKED"


def test_planted_article_cut_and_point_series_are_refused() -> None:
    intent = "Bookings by city: Rotterdam 95, The Hague 120, Utrecht 88"
    _refused(_planted(intent, _labelled(("Rotterdam", 95), ("Hague", 120), ("Utrecht", 88))), "LABEL_NOT_IN_INTENT")
    intent = "Scatter, weight vs top speed: The Comet (12.5, 31), Bolt (9.0, 35), Old Faithful (15.2, 24)"
    per_point = [*_pairs((12.5, 31), series="Comet"), *_pairs((9.0, 35), series="Bolt"),
                 *_pairs((15.2, 24), series="Old Faithful")]
    assert _planted(intent, per_point).status == "invalid"


# ---------------------------------------------------------------------------------------------
# 5. Uneven numbered labels along x


@pytest.mark.parametrize(("intent", "points"), [
    ("churn curve as a line — day 1 40, day 3 31, day 7 22, day 30 9", ((1, 40), (3, 31), (7, 22), (30, 9))),
    ("Line chart: Sprint 1: 20, Sprint 2: 25, Sprint 5: 33, Sprint 9: 41", ((1, 20), (2, 25), (5, 33), (9, 41))),
    ("plot accuracy against epoch number: epoch 1 0.61, epoch 5 0.83, epoch 20 0.91",
     ((1, 0.61), (5, 0.83), (20, 0.91))),
    ('{"round 1": 5, "round 2": 9, "round 6": 20} drawn as an area chart', ((1, 5), (2, 9), (6, 20))),
])
def test_uneven_numbered_labels_are_drawn_as_pairs(intent: str, points: tuple[tuple[float, float], ...]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and rows == list(points), rows
    mark = "area" if "area" in intent else "line"
    assert _check(intent, _pairs(*points), mark=mark, pairs=True) is None
    as_categories = _labelled(*((label, y) for label, (_, y) in zip(_numbered_labels(intent), points, strict=True)))
    code, _ = _check(intent, as_categories, mark=mark) or ("", "")
    assert code == "SHAPE_NOT_ASKED"


@pytest.mark.parametrize(("intent", "labels"), [
    ("signups kept, as a line: W1 100, W2 71, W5 40, W9 22", ["W1", "W2", "W5", "W9"]),
    ("line chart: 1 week 100, 2 weeks 71, 5 weeks 40, 9 weeks 22", ["1 week", "2 weeks", "5 weeks", "9 weeks"]),
])
def test_glued_and_unit_numbered_labels_are_pairs_too(intent: str, labels: list[str]) -> None:
    points = ((1, 100), (2, 71), (5, 40), (9, 22))
    assert _drawn(intent) == ("valid", "line", list(points))
    code, _ = _check(intent, _labelled(*zip(labels, (y for _, y in points), strict=True)), mark="line") or ("", "")
    assert code == "SHAPE_NOT_ASKED"


def _numbered_labels(intent: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"(?i)\b(?:day|sprint|epoch|round) \d+", intent)]


@pytest.mark.parametrize("intent", [
    "Bar chart: week 1 100, week 2 64, week 4 48, week 8 39",  # bars asked: categories
    "line chart: week 1 100, week 2 64, week 3 48, week 4 39",  # evenly numbered
    "line of scores: Q1 10, Q2 12, Q4 15",  # quarters are times, not a numbered stem
    "line chart of daily riders: Route 66: 1200, Route 101: 800, Route 280: 600",  # the numbers name routes
])
def test_bars_asked_or_even_numbering_stay_categories(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid" and all(isinstance(row[0], str) for row in rows), rows


def test_planted_uneven_numbers_drawn_as_categories_are_refused() -> None:
    intent = "Line chart of weight by month of age: month 0 3.4, month 1 4.5, month 2 5.6, month 6 7.6, month 12 9.6"
    rows = _labelled(("month 0", 3.4), ("month 1", 4.5), ("month 2", 5.6), ("month 6", 7.6), ("month 12", 9.6))
    _refused(_planted(intent, rows, pairs=False), "SHAPE_NOT_ASKED", "unevenly")
