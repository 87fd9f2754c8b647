"""Chart words in other languages (Dutch beside German, French, Spanish, Portuguese, Italian), chart words
the check cannot read, and stacking asked in other languages (oracles/engine/chart/faithful_shape.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from oracles.engine import get_kind
from oracles.tests.test_chart_fail_closed import _check, _planted, _refused, _rows, _valid

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
