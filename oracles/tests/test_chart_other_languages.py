"""Chart words in other languages (Dutch beside German, French, Spanish, Portuguese, Italian), chart words
the check cannot read, and stacking asked in other languages (oracles/engine/chart/faithful_shape.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from oracles.engine import get_kind
from oracles.engine.chart.faithfulness import check_faithful
from oracles.tests.test_chart_fail_closed import Rows, _check, _planted, _refused, _rows, _valid

_WEEKS = _rows(("wk 1", 30), ("wk 2", 42), ("wk 3", 38))


@pytest.mark.parametrize(("intent", "mark"), [
    ("Staafgrafiek van bezoekers: wk 1 30, wk 2 42, wk 3 38", "bar"),
    ("een staafdiagram graag — wk 1 30, wk 2 42, wk 3 38", "bar"),
    ("Lijndiagram van de temperatuur: wk 1 30, wk 2 42, wk 3 38", "line"),
    ("lijngrafiek: wk 1 30, wk 2 42, wk 3 38", "line"),
    ("Cirkeldiagram van het budget: wk 1 30, wk 2 42, wk 3 38", "arc"),
    ("taartdiagram — wk 1 30, wk 2 42, wk 3 38", "arc"),
    ("vlakdiagram van verkeer: wk 1 30, wk 2 42, wk 3 38", "area"),
])
def test_a_dutch_chart_word_asks_for_its_mark(intent: str, mark: str) -> None:
    assert _check(intent, _WEEKS, mark=mark) is None
    other = "line" if mark != "line" else "bar"
    code, _ = _check(intent, _WEEKS, mark=other) or ("", "")
    assert code == "SHAPE_NOT_ASKED"


@pytest.mark.parametrize("intent", [
    "Blasendiagramm der Umsätze: wk 1 30, wk 2 42, wk 3 38",
    "boxplot of latencies: wk 1 30, wk 2 42, wk 3 38",
    "een watervalgrafiek: wk 1 30, wk 2 42, wk 3 38",
    "Sankeychart please: wk 1 30, wk 2 42, wk 3 38",
])
def test_a_chart_word_whose_mark_cannot_be_read_is_refused(intent: str) -> None:
    code, message = _check(intent, _WEEKS) or ("", "")
    assert code == "SHAPE_NOT_ASKED" and "could not tell" in message


@pytest.mark.parametrize("intent", [
    "bar chart of boxplot counts: wk 1 30, wk 2 42, wk 3 38",  # the asked mark is evident beside it
    "bar chart of photographs sold: wk 1 30, wk 2 42, wk 3 38",  # a word that only ends like a chart word
    "barchart of paragraphs written: wk 1 30, wk 2 42, wk 3 38",
])
def test_near_misses_of_unread_chart_words_stay_valid(intent: str) -> None:
    assert _check(intent, _WEEKS) is None


def test_planted_dutch_bar_drawn_as_line_is_refused() -> None:
    _refused(_planted("Maak een staafgrafiek van klanten per dag: ma 12, di 15, wo 9", mark="line"), "SHAPE_NOT_ASKED")


def test_planted_unread_chart_word_is_refused() -> None:
    _refused(_planted("Trichterdiagramm der Anmeldungen: Besuch 900, Konto 300, Kauf 80"), "SHAPE_NOT_ASKED",
             "Trichterdiagramm")


@pytest.mark.parametrize("intent", [
    "Gestapeld staafdiagram: Q1: online 30, winkel 20. Q2: online 35, winkel 15.",
    "Gestapeltes Säulendiagramm: Q1: online 30, Laden 20. Q2: online 35, Laden 15.",
])
def test_stacking_asked_in_another_language_is_drawn_stacked(intent: str) -> None:
    assert _valid(intent)


@pytest.mark.parametrize("word", ["gestapelt", "empilées", "apiladas", "empilhadas", "impilate", "gestapeld"])
def test_planted_unstacked_bars_asked_stacked_in_another_language_are_refused(word: str) -> None:
    intent = f"bar chart, {word}: Q1: online 30, store 20. Q2: online 35, store 15."
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    spec = json.loads(json.dumps(draft.artifact))
    spec["encoding"]["xOffset"] = {"field": "series"}  # the planted bug: the series side by side
    _refused(kind.check(intent, replace(draft, artifact=spec), {}), "SHAPE_NOT_ASKED", "Stacked")


# ---------------------------------------------------------------------------------------------
# A scale written apart from its number, beside the currency: "2,4 M€" is never drawn as 2.4


@pytest.mark.parametrize("intent", [
    "line chart of turnover: T1 : 1,5 M€, T2 : 1,7 M€, T3 : 2,0 M€",
    "Umsatz als Balkendiagramm: Nord 3,1 Mio. €, Süd 2,8 Mio. €, West 3,4 Mio. €",
    "bar chart of budgets: Ops 2.4 $M, Sales 1.9 $M, R&D 3.0 $M",
    "budgets by unit: Ops 850 k€, Sales 640 k€, R&D 910 k€",
    "Ventas: Norte 1,2 Mrd €, Sur 0,9 Mrd €, Este 1,1 Mrd €",
])
def test_a_scale_apart_from_its_number_is_not_drawn_bare(intent: str) -> None:
    assert not _valid(intent)


@pytest.mark.parametrize("intent", [
    "bar chart revenue: North 2.4M €, South 1.9M €, West 3.0M €",  # the scale is on the number
    "bar chart revenue (M€): North 2.4, South 1.9, West 3.0",  # stated once for the axis
    "bar chart of shirts sold by size: S 12, M 15, L 9",  # a size label, not a scale
    "bar chart spend: Ads 850 €, Rent 1200 €, Food 300 €",
])
def test_near_misses_of_a_scale_apart_stay_valid(intent: str) -> None:
    assert _valid(intent)


def test_planted_bare_number_of_a_scale_apart_is_refused() -> None:
    intent = "bar chart of sales: Nord 2,4 M€, Sud 1,9 M€"
    _refused(_planted(intent, _rows(("Nord", 2.4), ("Sud", 1.9))), "UNITS_MIXED", "2,4 M€")


# ---------------------------------------------------------------------------------------------
# A stated count of the items that the drawn labels do not match


@pytest.mark.parametrize("intent", [
    "bar chart of the last 4 weeks: wk 1 30, wk 2 42, wk 3 38",
    "Balkendiagramm der letzten 4 Wochen: wk 1 30, wk 2 42, wk 3 38",
    "staafdiagram van de laatste vier weken: wk 1 30, wk 2 42, wk 3 38",
    "gráfico de barras de 2 semanas: wk 1 30, wk 2 42, wk 3 38",
    "grafico a barre delle ultime 5 settimane: wk 1 30, wk 2 42, wk 3 38",
    "bar chart across our two teams: wk 1 30, wk 2 42, wk 3 38",
])
def test_a_count_the_labels_do_not_match_is_refused(intent: str) -> None:
    code, message = _check(intent, _WEEKS) or ("", "")
    assert code == "VALUE_MISSING" and "3 were given" in message


@pytest.mark.parametrize("intent", [
    "bar chart of the last 3 weeks: wk 1 30, wk 2 42, wk 3 38",
    "bar chart of signups every 2 weeks: wk 1 30, wk 2 42, wk 3 38",  # a span of time, not a count
    "bar chart of teams formed: wk 1 30 teams, wk 2 42 teams, wk 3 38 teams",  # values with their unit
])
def test_near_misses_of_a_count_stay_valid(intent: str) -> None:
    assert _check(intent, _WEEKS) is None


def test_planted_count_ignored_by_the_drafter_is_refused() -> None:
    # the planted bug is the drafter's own: it draws the three items given and ignores the four it was told of
    _refused(_planted("line chart of logins over the past four weeks: wk 1 300, wk 2 320, wk 3 310"), "VALUE_MISSING",
             "four weeks")


# ---------------------------------------------------------------------------------------------
# Parts that do not add up to a whole stated in brackets


@pytest.mark.parametrize("intent", [
    "bar chart of headcount (total 50 people): wk 1 30, wk 2 42, wk 3 38",
    "bar chart of votes (total 100 votes): wk 1 30, wk 2 42, wk 3 38",
    "pie of votes (total 120 votes): wk 1 30, wk 2 42, wk 3 38",  # under the whole of a pie: a part left out
    "bar chart breakdown of hours (total 120 hours): wk 1 30, wk 2 42, wk 3 38",
])
def test_parts_off_a_bracketed_whole_are_refused(intent: str) -> None:
    mark = "arc" if intent.startswith("pie") else "bar"
    code, message = _check(intent, _WEEKS, mark=mark) or ("", "")
    assert code == "UNSUPPORTED_CHART" and "110" in message


@pytest.mark.parametrize("intent", [
    "bar chart of headcount (total 110 people): wk 1 30, wk 2 42, wk 3 38",
    "bar chart of hours logged (a total of 200 planned): wk 1 30, wk 2 42, wk 3 38",  # not in brackets
])
def test_near_misses_of_a_bracketed_whole_stay_valid(intent: str) -> None:
    assert _check(intent, _WEEKS) is None


def test_planted_inflated_part_of_a_bracketed_whole_is_refused() -> None:
    intent = "bar chart of seats (total 20 seats): Red 8, Blue 7, Green 5"
    # the planted bug is the drafter's own: it draws parts of 22 as if they were the 20 stated
    _refused(_planted(intent.replace("Blue 7", "Blue 9")), "UNSUPPORTED_CHART", "total 20 seats")


# ---------------------------------------------------------------------------------------------
# A chart word refused ("no chart needed") asks for no chart


@pytest.mark.parametrize("intent", [
    "Summarise these in one sentence for the release notes, no chart needed:\nwk 1 30\nwk 2 42\nwk 3 38",
    "Write this up as a short summary, not a chart: wk 1 30, wk 2 42, wk 3 38",
    "turn this into a paragraph, don't chart it: wk 1 30, wk 2 42, wk 3 38",
    "explain in a few sentences without a graph: wk 1 30, wk 2 42, wk 3 38",
])
def test_another_artifact_with_a_refused_chart_word_is_refused(intent: str) -> None:
    code, _ = _check(intent, _WEEKS) or ("", "")
    assert code == "UNSUPPORTED_CHART"


@pytest.mark.parametrize("intent", [
    "Summarise in one sentence, then draw a bar chart: wk 1 30, wk 2 42, wk 3 38",  # a chart is asked too
    "bar chart, not a line chart, summary in the title: wk 1 30, wk 2 42, wk 3 38",
])
def test_near_misses_of_a_refused_chart_word_stay_valid(intent: str) -> None:
    assert _check(intent, _WEEKS) is None


def test_planted_chart_drawn_where_none_was_wanted_is_refused() -> None:
    _refused(_planted("Sum this up in one sentence, no chart please: Ana 3, Ben 5, Cy 4"), "UNSUPPORTED_CHART", "sentence")


# ---------------------------------------------------------------------------------------------
# Series of different kinds of measure (money beside a count) with no unit mark


def check_rows(intent: str, rows: Rows) -> tuple[str, str] | None:
    """The check alone, of grouped bars with one colour per series."""
    spec = {"title": {"text": "Chart"}, "data": {"values": rows}, "mark": {"type": "bar"},
            "encoding": {"x": {"field": "label", "type": "nominal"}, "y": {"field": "value", "type": "quantitative"},
                         "color": {"field": "series", "type": "nominal"}, "xOffset": {"field": "series"}}}
    return check_faithful(intent, spec, rows)


def _two_series(first: str, second: str) -> Rows:
    return [{"label": label, "value": value, "series": name}
            for name, values in ((first, (10, 14)), (second, (500, 700))) for label, value in zip(("A", "B"), values, strict=True)]


@pytest.mark.parametrize(("first", "second"), [("Units", "Revenue"), ("Orders", "Cost"), ("Signups", "Conversion rate"),
                                               ("Anzahl", "Umsatz")])
def test_series_of_different_kinds_are_refused(first: str, second: str) -> None:
    intent = f"Item\t{first}\t{second}\nA\t10\t500\nB\t14\t700\n\nbar chart"
    code, message = check_rows(intent, _two_series(first, second)) or ("", "")
    assert code == "UNITS_MIXED" and first in message and second in message


@pytest.mark.parametrize(("first", "second"), [("Revenue", "Cost"), ("Orders", "Returns"), ("North", "South")])
def test_near_misses_of_series_kinds_stay_valid(first: str, second: str) -> None:
    intent = f"Item\t{first}\t{second}\nA\t10\t500\nB\t14\t700\n\nbar chart"
    assert check_rows(intent, _two_series(first, second)) is None


def test_planted_money_and_count_on_one_axis_are_refused() -> None:
    _refused(_planted("Shop\tVisitors\tSpend\nX\t120\t900\nY\t80\t450\n\ngrouped bar chart"), "UNITS_MIXED", "Spend")


def test_a_count_of_each_items_parts_is_no_count_of_the_items() -> None:
    assert _check("bar chart of stalls, drawn with 2 bars per stall: wk 1 30, wk 2 42, wk 3 38", _WEEKS) is None
