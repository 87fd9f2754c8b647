"""A column of pasted data named in prose as the one to draw (issue 8, section 3).

Agents paste a table, CSV or records with several numeric columns and say in a sentence which one to chart:
"bar chart of the Stock column", "Just open tickets.", "plot latency_ms per host". The reader and the check
read these few frames the same way (picks.py) and each applies them to its own reading of the data: the named
column alone is drawn. Near misses stay as they were: a frame naming no column, or prose naming another
column too, picks nothing (every column is drawn, or the ask is refused), and a planted drafter that draws
the other column, or both, is refused.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.engine.chart.picks import read_field_picks
from oracles.tests.test_chart_agent_json import _drawn, _labelled, _planted

_SHELF_TSV = "Shelf\tStock\tReorder\nA1\t44\t20\nB2\t13\t25\nC3\t67\t30\n"
_SHELF_CSV = "```\nshelf,stock_units,reorder_at\nA1,44,20\nB2,13,25\nC3,67,30\n```\n"
_SHELF_JSON = ('[{"shelf": "A1", "stock": 44, "reorder": 20}, {"shelf": "B2", "stock": 13, "reorder": 25}, '
               '{"shelf": "C3", "stock": 67, "reorder": 30}]')
_STOCK = [("A1", 44), ("B2", 13), ("C3", 67)]


@pytest.mark.parametrize("intent", [
    f"{_SHELF_TSV}\nbar chart of the Stock column",
    f"Column chart of the stock column, please:\n{_SHELF_TSV}",
    f"Line chart from this export:\n{_SHELF_CSV}Just stock units.",
    f"{_SHELF_CSV}Only the stock units, please.",
    f"plot stock by shelf as bars: {_SHELF_JSON}",
    f'{{"chart": "bars of stock per shelf", "rows": {_SHELF_JSON}}}',
])
def test_the_column_named_in_prose_is_drawn_alone(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows == _STOCK


@pytest.mark.parametrize("intent", [
    f"plot stock by shelf next to the reorder level: {_SHELF_JSON}",  # the other column named as well
    f"bar chart of the Reorder and Stock columns:\n{_SHELF_TSV}",  # two columns named
])
def test_a_pick_is_not_taken_when_the_prose_names_another_column(intent: str) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert len(rows) == 6  # both columns drawn: never one of them guessed


@pytest.mark.parametrize("intent", [
    f"bar chart of the Price column:\n{_SHELF_TSV}",
    f"{_SHELF_CSV}plot only the cost column",
])
def test_a_column_the_data_do_not_hold_is_refused(intent: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.reason is not None
    assert "column" in verdict.reason["message"]


def test_the_check_refuses_a_column_the_data_do_not_hold_on_its_own() -> None:
    intent = f"bar chart of the Price column:\n{_SHELF_TSV}"
    drafted = f"bar chart of the Stock column:\n{_SHELF_TSV}"  # a drafter that read another column name
    verdict = _planted(intent, _labelled(*_STOCK), drafted_from=drafted)
    assert verdict.status == "invalid" and "Price" in (verdict.reason or {}).get("message", "")


def test_the_frames_read_only_column_names() -> None:
    picks = read_field_picks("Plot stock by shelf.\nJust stock units.\nbar chart of the Stock column")
    assert set(picks.prose) == {"stock", "stock units", "Stock"}
    # a prose pick names a field only when it is one field's whole name, and no other field is in the prose
    assert picks.prose_pick(["stock units", "reorder at"]) == "stock units"
    assert read_field_picks("Plot stock by shelf, beside reorder at").prose_pick(["stock", "reorder at"]) is None
    assert read_field_picks("Plot sales by 2024 quarter").prose_pick(["2023", "2024"]) is None


def test_planted_other_or_both_columns_drawn_are_refused() -> None:
    intent = f"{_SHELF_TSV}\nbar chart of the Stock column"
    assert _planted(intent, _labelled(*_STOCK)).status == "valid"
    assert _planted(intent, _labelled(("A1", 20), ("B2", 25), ("C3", 30))).status == "invalid"
    both = _labelled(*(("Stock", s, v) for s, v in _STOCK), ("Reorder", "A1", 20), ("Reorder", "B2", 25),
                     ("Reorder", "C3", 30))
    assert _planted(intent, both).status == "invalid"
