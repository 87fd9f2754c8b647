"""Wrong valids found by probing phrasings no corpus entry holds, each now refused by the check.

- An instruction word drawn as a label ("west wasn't reported, assume 0" drawn as 'assume' 0) and a label that
  runs on into the sentence ("savings the rest of my 2500 salary" drawn as 'savings the rest of my')
  (fail_closed_side_asks.py).
- A change asked of the data given ("… but swap north and south") drawn as stated (faithful_shape.py).
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_fail_closed import _planted, _refused, _rows

ASSUMED = "bar chart of sales: north 120, south 90, east 60 — west wasn't reported, assume 0"
REST_OF = "pie: rent 1200, food 400, fun 200, savings the rest of my 2500 salary"
SWAPPED = "chart sales by region, north 10 south 20 east 30 but swap north and south"


def test_planted_instruction_word_as_a_label_is_refused() -> None:
    rows = _rows(("north", 120), ("south", 90), ("east", 60), ("assume", 0))
    _refused(_planted(ASSUMED, rows=rows), "LABEL_NOT_IN_INTENT", "'assume'")


def test_planted_label_running_into_the_sentence_is_refused() -> None:
    rows = _rows(("rent", 1200), ("food", 400), ("fun", 200), ("savings the rest of my", 2500))
    _refused(_planted(REST_OF, rows=rows), "LABEL_NOT_IN_INTENT", "savings the rest of my")


def test_planted_data_drawn_unswapped_is_refused() -> None:
    rows = _rows(("north", 10), ("south", 20), ("east", 30))
    _refused(_planted(SWAPPED, rows=rows), "REQUEST_NOT_HONOURED", "swap north and south")


@pytest.mark.parametrize("intent", [ASSUMED, REST_OF, SWAPPED,
                                    "bar chart: switch the values of A and B: A 3, B 4"])
def test_the_engine_refuses_them(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


@pytest.mark.parametrize("intent", [
    "bar chart of light switch and dimmer usage: switch 40, dimmer 12",
    "bar chart of swap and trade volumes: swap 4, trade 9",
    "bar chart of my spending: rent 1200, food 400, my savings 300",
])
def test_names_with_those_words_stay_valid(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "valid"
